"""Table options of The Resistance: Avalon, the rulebook's tables, and option validation.

Owns RA-1 (player counts), RA-2 (sides), RA-3 (which roles can be dealt), RA-4 (advice)
and RA-11 (quest sizes, with the RA-18 two-fail quest).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.engine.core import N_, Config, InvalidConfig, Message, joined, msg, option

MIN_PLAYERS: Final = 5  # RA-1
MAX_PLAYERS: Final = 10

# RA-2: players -> (good, evil)
SIDES: dict[int, tuple[int, int]] = {
    5: (3, 2),
    6: (4, 2),
    7: (4, 3),
    8: (5, 3),
    9: (6, 3),
    10: (6, 4),
}

# RA-11: players -> team size of quests 1..5
QUEST_SIZES: dict[int, tuple[int, int, int, int, int]] = {
    5: (2, 3, 2, 3, 3),
    6: (2, 3, 4, 3, 4),
    7: (2, 3, 3, 4, 4),
    8: (3, 4, 4, 5, 5),
    9: (3, 4, 4, 5, 5),
    10: (3, 4, 4, 5, 5),
}

QUESTS: Final = 5
MAX_REJECTIONS: Final = 5  # RA-15
LADY_AFTER_ROUNDS = (2, 3, 4)  # RA-24: after the 2nd, 3rd and 4th quest resolved


def fails_needed(players: int, quest: int) -> int:
    """RA-18: the 4th quest with 7 or more players needs two Fails; every other needs one."""
    return 2 if quest == 4 and players >= 7 else 1


def quest_size(players: int, quest: int) -> int:
    return QUEST_SIZES[players][quest - 1]


@dataclass(frozen=True)
class ResistanceConfig(Config):
    """Which optional characters and rules the table plays with (RA-3, RA-24, RA-25)."""

    merlin_assassin: bool = option(
        True,
        N_("Merlin and the Assassin"),
        N_(
            "Merlin knows Evil; if Good wins three quests the Assassin may still win by naming him."
        ),
        "RA-22",
    )
    percival: bool = option(
        False,
        N_("Percival"),
        N_("Good: sees Merlin (and Morgana, not knowing which)."),
        "RA-9",
    )
    mordred: bool = option(False, N_("Mordred"), N_("Evil: hidden from Merlin."), "RA-8")
    morgana: bool = option(False, N_("Morgana"), N_("Evil: appears to Percival as Merlin."), "RA-9")
    oberon: bool = option(
        False, N_("Oberon"), N_("Evil: unknown to Evil, and knows nobody."), "RA-7"
    )
    lady_of_the_lake: bool = option(
        False,
        N_("Lady of the Lake"),
        N_("After quests 2, 3 and 4 the holder sees one player's allegiance."),
        "RA-24",
    )
    targeting: bool = option(
        False,
        N_("Targeting"),
        N_("The Leader also chooses which quest the team attempts."),
        "RA-25",
    )

    def evil_specials(self) -> int:
        return sum((self.merlin_assassin, self.mordred, self.morgana, self.oberon))

    def good_specials(self) -> int:
        return sum((self.merlin_assassin, self.percival))

    def validate(self, players: int) -> None:
        if players not in SIDES:  # RA-1
            raise InvalidConfig(
                N_("The Resistance: Avalon is played by %(min)s to %(max)s players, not %(n)s."),
                min=MIN_PLAYERS,
                max=MAX_PLAYERS,
                n=players,
            )
        good, evil = SIDES[players]
        if self.percival and not self.merlin_assassin:
            raise InvalidConfig(N_("Percival needs Merlin in the game: switch Merlin back on."))
        if self.evil_specials() > evil:  # RA-3
            chosen = [
                name
                for name, on in (
                    (N_("the Assassin"), self.merlin_assassin),
                    (N_("Mordred"), self.mordred),
                    (N_("Morgana"), self.morgana),
                    (N_("Oberon"), self.oberon),
                )
                if on
            ]
            raise InvalidConfig(
                N_(
                    "With %(n)s players there are only %(evil)s Evil players, but %(chosen)s "
                    "Evil characters are chosen (%(names)s). Switch some of them off."
                ),
                n=players,
                evil=evil,
                chosen=len(chosen),
                names=joined([msg(name) for name in chosen], N_("%(some)s and %(last)s")),
            )
        if self.good_specials() > good:  # unreachable with the RA-2 table, kept as a guard
            raise InvalidConfig(
                N_("With %(n)s players there are only %(good)s Good players."), n=players, good=good
            )

    def advice(self, players: int) -> list[Message]:
        out = []
        if players == 5 and self.percival and not (self.mordred or self.morgana):  # RA-4
            out.append(
                msg(
                    N_(
                        "The rulebook advises adding Mordred or Morgana "
                        "when playing Percival with 5."
                    )
                )
            )
        if self.lady_of_the_lake and players < 7:
            out.append(
                msg(N_("The rulebook says the Lady of the Lake is best saved for 7 or more."))
            )
        return out
