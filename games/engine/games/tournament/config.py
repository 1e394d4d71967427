"""Table options of the Tournament family (TT-4..TT-6, TC-2, TX-1..TX-5) and their validation.

One engine plays Camelot, 2-player Camelot, Avalon, the rulebook's mixes (Avalon cards under
Camelot rules and the reverse) and Chaos of Battle; each is a combination of these options.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from games.engine.core import Config, InvalidConfig, register

from .characters import protagonists, protagonists_for

Ruleset = Literal["camelot", "avalon"]
Deck = Literal["camelot", "avalon"]

HAND_SIZE = 12  # TT-8
PASS_COUNT = 3  # TA-3
SHAME_INJURY = 5  # TT-11
DEFAULT_POISONED = (3, 6, 10, 13)  # TH-1
CHAOS_ROUNDS = 3  # TX-5


_RULES_HELP = "Camelot: no passing, strict Alchemy. Avalon: passing, Enhanced Alchemy, Swift End."
_DECK_HELP = "Which box's weapons, characters and Godsends."


def _meta(label: str, help_text: str, choices: object = None) -> dict[str, object]:
    meta: dict[str, object] = {"label": label, "help": help_text}
    if choices is not None:
        meta["choices"] = choices
    return meta


@dataclass(frozen=True)
class TournamentConfig(Config):
    """Rule options. `ruleset` picks the rules (TC vs TA), `deck` the cards and characters."""

    ruleset: Ruleset = field(
        default="avalon",
        metadata=_meta(
            "Rules",
            _RULES_HELP,
            ["camelot", "avalon"],
        ),
    )
    deck: Deck = field(
        default="avalon",
        metadata=_meta("Cards", _DECK_HELP, ["camelot", "avalon"]),
    )
    chaos: bool = field(
        default=False,
        metadata=_meta("Chaos of Battle", "5-8 players, both boxes, Locations (TX)."),
    )
    health: int = field(
        default=400,
        metadata=_meta("Starting Health", "400, or 300 (TT-6).", [400, 300]),
    )
    powers: bool = field(
        default=True,
        metadata=_meta("Characters and Godsends", "Play with character and Godsend powers."),
    )
    characters: tuple[str, ...] = field(
        default=(),
        metadata=_meta(
            "Characters",
            "Protagonist per seat; empty: random (TT-5).",
            protagonists("camelot") + protagonists("avalon"),
        ),
    )
    poisoned: tuple[int, ...] = field(
        default=DEFAULT_POISONED,
        metadata=_meta("Poisoned values", "TH-1: Poisoned values."),
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
            what = "Chaos of Battle" if self.chaos else f"this {self.ruleset.title()} table"
            raise InvalidConfig(
                f"{what} needs {self.min_players} to {self.max_players} players, not {players}."
            )
        if self.chaos and self.ruleset != "avalon":
            raise InvalidConfig("Chaos of Battle is played with the Avalon rules.")
        if self.health not in (300, 400):
            raise InvalidConfig("Starting Health is 400, or 300 for a shorter game.")
        if (
            len(self.poisoned) != 4
            or len(set(self.poisoned)) != 4
            or not all(1 <= v <= 15 for v in self.poisoned)
        ):
            raise InvalidConfig("Choose four different Poisoned values between 1 and 15.")
        if self.characters:
            pool = protagonists_for(self)
            if len(self.characters) != players:
                raise InvalidConfig("Choose one Protagonist per seat, or none for a random deal.")
            if len(set(self.characters)) != players:
                raise InvalidConfig("Every seat needs a different Protagonist.")
            unknown = [c for c in self.characters if c not in pool]
            if unknown:
                raise InvalidConfig(f"Not a Protagonist of this table: {', '.join(unknown)}.")

    def advice(self, players: int) -> list[str]:
        if self.chaos and players < 7:
            return ["Chaos of Battle is made for 7-8 players; with fewer there is less Feinting."]
        return []


@register("tournament.camelot_config")
@dataclass(frozen=True)
class CamelotConfig(TournamentConfig):
    """Defaults of a Tournament at Camelot table (2-6 players)."""

    ruleset: Ruleset = field(
        default="camelot",
        metadata=_meta(
            "Rules",
            _RULES_HELP,
            ["camelot", "avalon"],
        ),
    )
    deck: Deck = field(
        default="camelot",
        metadata=_meta("Cards", _DECK_HELP, ["camelot", "avalon"]),
    )


@register("tournament.avalon_config")
@dataclass(frozen=True)
class AvalonConfig(TournamentConfig):
    """Defaults of a Tournament at Avalon table (3-6, Chaos of Battle 5-8)."""
