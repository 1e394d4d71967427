"""Table options of the Tournament family (TT-4..TT-6, TC-2, TX-1..TX-5) and their validation.

One engine plays Camelot, 2-player Camelot, Avalon, the rulebook's mixes (Avalon cards under
Camelot rules and the reverse) and Chaos of Battle; each is a combination of these options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.engine.core import N_, Config, InvalidConfig, Message, msg, option, register

from .characters import protagonists, protagonists_for

Ruleset = Literal["camelot", "avalon"]
Deck = Literal["camelot", "avalon"]

HAND_SIZE = 12  # TT-8
PASS_COUNT = 3  # TA-3
SHAME_INJURY = 5  # TT-11
DEFAULT_POISONED = (3, 6, 10, 13)  # TH-1
CHAOS_ROUNDS = 3  # TX-5


_RULES_HELP = N_(
    "Camelot: no passing, strict Alchemy. Avalon: passing, Enhanced Alchemy, Swift End."
)
_DECK_HELP = N_("Which box's weapons, characters and Godsends.")
_RULES_RULES = ("TA-3", "TC-3", "TA-4", "TA-9")  # what the ruleset option changes
_BOXES = ["camelot", "avalon"]  # the choices of both the ruleset and the deck


@dataclass(frozen=True)
class TournamentConfig(Config):
    """Rule options. `ruleset` picks the rules (TC vs TA), `deck` the cards and characters."""

    ruleset: Ruleset = option("avalon", N_("Rules"), _RULES_HELP, *_RULES_RULES, choices=_BOXES)
    deck: Deck = option("avalon", N_("Cards"), _DECK_HELP, "TT-4", choices=_BOXES)
    chaos: bool = option(
        False, N_("Chaos of Battle"), N_("5-8 players, both boxes, Locations."), "TX-1"
    )
    health: int = option(400, N_("Starting Health"), N_("400, or 300."), "TT-6", choices=[400, 300])
    powers: bool = option(
        True, N_("Characters and Godsends"), N_("Play with character and Godsend powers.")
    )
    characters: tuple[str, ...] = option(
        (),
        N_("Characters"),
        N_("Protagonist per seat; empty: random."),
        "TT-5",
        choices=protagonists("camelot") + protagonists("avalon"),
    )
    poisoned: tuple[int, ...] = option(
        DEFAULT_POISONED,
        N_("Poisoned values"),
        N_("The four values that are Poisoned in every suit."),
        "TH-1",
    )

    @property
    def min_players(self) -> int:
        if self.chaos:
            return 5  # TX
        return 2 if self.ruleset == "camelot" and self.deck == "camelot" else 3

    @property
    def max_players(self) -> int:
        return 8 if self.chaos else 6

    def validate(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            what = (
                N_("Chaos of Battle")
                if self.chaos
                else N_("this Camelot table")
                if self.ruleset == "camelot"
                else N_("this Avalon table")
            )
            raise InvalidConfig(
                N_("%(what)s needs %(min)s to %(max)s players, not %(n)s."),
                what=msg(what),
                min=self.min_players,
                max=self.max_players,
                n=players,
            )
        if self.chaos and self.ruleset != "avalon":
            raise InvalidConfig(N_("Chaos of Battle is played with the Avalon rules."))
        if self.health not in (300, 400):
            raise InvalidConfig(N_("Starting Health is 400, or 300 for a shorter game."))
        if (
            len(self.poisoned) != 4
            or len(set(self.poisoned)) != 4
            or not all(1 <= v <= 15 for v in self.poisoned)
        ):
            raise InvalidConfig(N_("Choose four different Poisoned values between 1 and 15."))
        if self.characters:
            pool = protagonists_for(self)
            if len(self.characters) != players:
                raise InvalidConfig(
                    N_("Choose one Protagonist per seat, or none for a random deal.")
                )
            if len(set(self.characters)) != players:
                raise InvalidConfig(N_("Every seat needs a different Protagonist."))
            unknown = [c for c in self.characters if c not in pool]
            if unknown:
                raise InvalidConfig(
                    N_("Not a Protagonist of this table: %(names)s."), names=", ".join(unknown)
                )

    def advice(self, players: int) -> list[Message]:
        if self.chaos and players < 7:
            return [
                msg(
                    N_(
                        "Chaos of Battle is made for 7-8 players; "
                        "with fewer there is less Feinting."
                    )
                )
            ]
        return []


@register("tournament.camelot_config")
@dataclass(frozen=True)
class CamelotConfig(TournamentConfig):
    """Defaults of a Tournament at Camelot table (2-6 players)."""

    ruleset: Ruleset = option("camelot", N_("Rules"), _RULES_HELP, *_RULES_RULES, choices=_BOXES)
    deck: Deck = option("camelot", N_("Cards"), _DECK_HELP, "TT-4", choices=_BOXES)


@register("tournament.avalon_config")
@dataclass(frozen=True)
class AvalonConfig(TournamentConfig):
    """Defaults of a Tournament at Avalon table (3-6, Chaos of Battle 5-8)."""
