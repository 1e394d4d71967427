"""Table options of Avalon, the jousting game, and the rulebook's numbers.

Owns the player counts, money (JA-2, JH-1), the prize and prices (JA-11, JA-13, JA-14), the
draft deal table (JA-4) and the options a host may choose. The card tables (JA-1) are in
cards.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.engine.core import N_, Config, InvalidConfig, Message, msg, option

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 6

START_COINS: Final = 10  # JA-2
DUEL_PRIZE: Final = 10  # JA-11: the spoils, a 10-coin from the (unlimited, JH-1) bank
JUNK_PRICE: Final = 5  # JA-13
FINAL_BONUS: Final = 10  # JA-14

# JA-4 draft variant: players -> (cards dealt to each, cards laid face up)
DRAFT_DEAL: dict[int, tuple[int, int]] = {3: (6, 9), 4: (6, 16), 5: (5, 25), 6: (5, 36)}

MAX_OFFER_LIMIT: Final = 50


@dataclass(frozen=True)
class JoustingConfig(Config):
    """What the host chooses: the JA-4 draft, the live God's judgement (JH-5) and the
    web's limit on offers per knight and barter session (JH-3)."""

    draft: bool = option(
        False,
        N_("Draft the cards"),
        N_("Deal fewer cards and lay the rest face up to be picked in turn."),
        "JA-4",
    )
    live_judgement: bool = option(
        False,
        N_("Live God's judgement"),
        N_(
            "On a drawn duel, both duelists race to pick the right chip; otherwise "
            "the winner is drawn by lot."
        ),
        "JH-5",
    )
    offer_limit: int = option(
        10,
        N_("Offers per barter session"),
        N_("How many offers each knight may make in one barter session."),
        "JH-3",
    )

    def validate(self, players: int) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidConfig(
                N_("Avalon, the jousting game is played by %(min)s to %(max)s knights, not %(n)s."),
                min=MIN_PLAYERS,
                max=MAX_PLAYERS,
                n=players,
            )
        if not 1 <= self.offer_limit <= MAX_OFFER_LIMIT:
            raise InvalidConfig(
                N_("Each knight needs between 1 and %(max)s offers per barter session."),
                max=MAX_OFFER_LIMIT,
            )

    def advice(self, players: int) -> list[Message]:
        if not self.draft:
            # JA-4
            return [msg(N_("The rulebook recommends the draft to reduce the luck of the deal."))]
        return []
