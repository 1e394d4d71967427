"""The Tournament game definitions: one engine, registered as Camelot and as Avalon (whose
config also offers Chaos of Battle).

Each method delegates to the module that owns the role (rules, evolve, views, bot)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from games.engine.core import JSON, Event, Move, Outcome, Seat, Secret, Viewer

from . import (
    bot,
    powers,  # noqa: F401  (importing powers registers the power handlers)
    rules,
    views,
)
from .config import AvalonConfig, CamelotConfig, TournamentConfig
from .evolve import evolve
from .state import TState


class TournamentGame:
    """One engine; each registered definition differs only in slug, name and defaults."""

    contract_move_bound = 20_000

    def __init__(
        self,
        slug: str,
        name: str,
        min_players: int,
        max_players: int,
        config_type: type[TournamentConfig],
    ) -> None:
        self.slug = slug
        self.name = name
        self.min_players = min_players
        self.max_players = max_players
        self.config_type = config_type
        self.rules_version = 1

    def setup(self, config: TournamentConfig, players: int, rng: Random) -> list[Event]:
        return rules.setup(config, players, rng, slug=self.slug)

    def decide(self, state: TState, seat: Seat, move: Move, rng: Random) -> list[Event]:
        return rules.decide(state, seat, move, rng)

    def evolve(self, state: TState | None, event: Event) -> TState:
        return evolve(state, event)

    def pending_seats(self, state: TState) -> frozenset[Seat]:
        return rules.pending_seats(state)

    def legal_moves(self, state: TState, seat: Seat) -> Sequence[Move]:
        return rules.legal_moves(state, seat)

    def view(self, state: TState, viewer: Viewer) -> dict[str, JSON]:
        return views.view(state, viewer)

    def redact(self, event: Event, viewer: Viewer, state: TState) -> dict[str, JSON] | None:
        return views.redact(event, viewer, state)

    def outcome(self, state: TState) -> Outcome | None:
        return rules.outcome(state)

    def default_move(self, state: TState, seat: Seat, rng: Random) -> Move:
        """A timeout plays the bot's move from the seat's own view (views and bot meet here)."""
        return bot.bot_move(views.view(state, seat), rules.legal_moves(state, seat), rng)

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        return bot.bot_move(view, legal, rng)

    def secrets(self, state: TState) -> list[Secret]:
        return views.secrets(state)

    def golden_cases(self) -> Sequence[tuple[TournamentConfig, int]]:
        """Recorded playthroughs (tests/engine/golden/<slug>/), bot moves, 300 Health."""
        if self.config_type is CamelotConfig:
            return [(CamelotConfig(health=300), 3), (CamelotConfig(health=300), 2)]
        return [(AvalonConfig(health=300), 4), (AvalonConfig(chaos=True, health=300), 5)]

    def contract_configs(self) -> Sequence[tuple[TournamentConfig, int]]:
        if self.config_type is CamelotConfig:
            return [
                (CamelotConfig(health=300), 4),
                (CamelotConfig(health=300), 2),  # TC-2
                (CamelotConfig(health=300, powers=False), 3),
                (CamelotConfig(health=300), 6),
                (CamelotConfig(health=300, deck="avalon"), 4),  # Avalon cards, Camelot rules
                (
                    CamelotConfig(
                        health=300,
                        characters=(
                            "king-arthur",
                            "guinevere",
                            "sir-gawain",
                            "mordred",
                            "sir-tristan",
                        ),
                    ),
                    5,
                ),
                (
                    CamelotConfig(
                        health=300,
                        deck="avalon",
                        characters=("arthur-pendragon", "merlin", "elf-queen", "sir-yvain"),
                    ),
                    4,
                ),
            ]
        return [
            (AvalonConfig(health=300), 3),
            (AvalonConfig(health=300), 4),
            (AvalonConfig(health=300, powers=False), 5),
            (AvalonConfig(health=300, deck="camelot"), 4),  # Camelot cards, Avalon rules
            (
                AvalonConfig(
                    health=300,
                    characters=(
                        "arthur-pendragon",
                        "merlin",
                        "sir-percival",
                        "nimue",
                        "sir-bors",
                        "lancelot-du-lac",
                    ),
                ),
                6,
            ),
            (
                AvalonConfig(
                    health=300, characters=("sir-morien", "elf-queen", "sir-yvain", "sir-galahad")
                ),
                4,
            ),
            (AvalonConfig(chaos=True, health=300), 5),  # TX
            (AvalonConfig(chaos=True, powers=False), 6),
            (
                AvalonConfig(
                    chaos=True,
                    health=300,
                    characters=(
                        "elf-queen",
                        "king-arthur",
                        "sir-kay",
                        "guinevere",
                        "nimue",
                        "arthur-pendragon",
                        "sir-galahad",
                    ),
                ),
                7,
            ),
            (AvalonConfig(chaos=True), 8),
        ]


CAMELOT = TournamentGame("tournament-camelot", "Tournament at Camelot", 2, 6, CamelotConfig)
AVALON = TournamentGame("tournament-avalon", "Tournament at Avalon", 3, 8, AvalonConfig)


def game_for(config: TournamentConfig) -> TournamentGame:
    return CAMELOT if isinstance(config, CamelotConfig) else AVALON
