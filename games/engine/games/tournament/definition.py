"""The Tournament game definitions: one engine, registered as Camelot and as Avalon (whose
config also offers Chaos of Battle).

Its role modules, handed over as one `Roles`, do the work (core.package); it deals with
its table's slug and times out with the bot's move itself."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from games.engine.core import Event, Move, Seat
from games.engine.core.package import PackageDefinition, Roles

from . import (
    bot,
    evolve,
    powers,  # noqa: F401  (importing powers registers the power handlers)
    rules,
    views,
)
from .config import AvalonConfig, CamelotConfig, TournamentConfig
from .moves import Choose
from .questions import DEFAULT_VALUE, VALUE
from .state import DECLINE, TState


class TournamentGame(PackageDefinition[TState, TournamentConfig]):
    """One engine; each registered definition differs only in slug, name and defaults."""

    roles = Roles(rules, evolve, views, bot)
    contract_move_bound = 20_000

    def setup(self, config: TournamentConfig, players: int, rng: Random) -> list[Event]:
        return rules.setup(config, players, rng, slug=self.slug)

    def default_move(self, state: TState, seat: Seat, rng: Random) -> Move:
        """A timeout plays the bot's move from the seat's own view (views and bot meet here);
        a power's decision times out neutrally: the power is kept for later, or (a target to
        choose) the first in seat order."""
        if state.ask is not None:
            options = state.ask.options
            if DECLINE in options:
                return Choose(DECLINE)
            middle = f"{VALUE}:{DEFAULT_VALUE}"  # a card turned up (TH-4): the middle value
            return Choose(middle if middle in options else options[0])
        return bot.bot_move(views.view(state, seat), rules.legal_moves(state, seat), rng)

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
