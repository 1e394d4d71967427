"""Table options of Avalon by Leo Colovini and the fixed numbers of its rulebook.

Owns the player count (2), the opening hand (CA-4), the hand limit (CA-13), the conquest
limit (CA-10) and the crowns needed to win (CA-17).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import N_, Config, InvalidConfig, option

PLAYERS = 2
OPENING_HAND = 5  # CA-4
HAND_LIMIT = 5  # CA-13
MAX_CONQUESTS = 2  # CA-10
WIN_CROWNS = 15  # CA-17


@dataclass(frozen=True)
class ColoviniConfig(Config):
    """CH-3 asks the defender every time; a table may trade that secrecy for speed."""

    auto_decline: bool = option(
        False,
        N_("Skip impossible reactions"),
        N_(
            "Do not wait for the defender when they hold no card that could counter or "
            "resist. Faster, but it tells the attacker that the defender has none."
        ),
        "CH-3",
    )

    def validate(self, players: int) -> None:
        if players != PLAYERS:
            raise InvalidConfig(
                N_("Avalon by Leo Colovini is for exactly 2 players, not %(n)s."), n=players
            )
