"""The Tournament game definitions: one engine, registered as Camelot and as Avalon (whose
config also offers Chaos of Battle). Setup deals with recorded randomness (TT-5..TT-8, TX-1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from games.engine.core import JSON, Event, Move, Outcome, Seat, Secret, Viewer

from . import events as ev
from . import powers  # noqa: F401  (registers the power handlers)
from .bot import choose
from .characters import CHARACTERS, protagonists_for
from .config import AvalonConfig, CamelotConfig, TournamentConfig
from .decide import decide, legal_moves, pending_seats
from .evolve import evolve
from .flow import Builder
from .godsends import godsend_deck
from .state import Rules, TState
from .views import redact, secrets, view


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
        rules = Rules(
            config.ruleset,
            config.deck,
            config.chaos,
            config.powers,
            tuple(config.poisoned),
            self.slug,
        )
        protagonists: list[str | None] = [None] * players
        if config.powers:
            protagonists = list(config.characters) or rng.sample(
                protagonists_for(config), players
            )  # TT-5
        companions = [CHARACTERS[p].pair if p else None for p in protagonists]
        godsends = godsend_deck(config.deck, config.chaos)
        rng.shuffle(godsends)
        host: int | None = None
        if config.chaos:  # TX-1: the Elf Queen hosts round 1, else a random player
            host = (
                protagonists.index("elf-queen")
                if "elf-queen" in protagonists
                else rng.randrange(players)
            )
            dealer = host  # TX-1/TX-4: the Host deals (and leads round 1)
        else:
            dealer = rng.randrange(players)  # TT-7
        b = Builder(None, rng)
        b.emit(
            ev.GameStarted(
                rules,
                tuple(protagonists),
                tuple(companions),
                config.health,
                dealer,
                tuple(godsends),
                host,
            )
        )
        if host is not None:
            b.emit(ev.LocationAsked(host, "chaos"))
        else:
            b.dawn()
        return b.events

    def decide(self, state: TState, seat: Seat, move: Move, rng: Random) -> list[Event]:
        return decide(state, seat, move, rng)

    def evolve(self, state: TState | None, event: Event) -> TState:
        return evolve(state, event)

    def pending_seats(self, state: TState) -> frozenset[Seat]:
        return pending_seats(state)

    def legal_moves(self, state: TState, seat: Seat) -> Sequence[Move]:
        return legal_moves(state, seat)

    def view(self, state: TState, viewer: Viewer) -> dict[str, JSON]:
        return view(state, viewer)

    def redact(self, event: Event, viewer: Viewer, state: TState) -> dict[str, JSON] | None:
        return redact(event, viewer, state)

    def outcome(self, state: TState) -> Outcome | None:
        if state.winners is None:
            return None
        names = ", ".join(f"seat {s + 1}" for s in state.winners)
        best = state.player(state.winners[0]).health
        why = {
            "zero_health": "a player fell to 0 Health",
            "three_rounds": "three Tourney Rounds were fought",
        }.get(state.end_reason, "")
        return Outcome(
            frozenset(state.winners),
            f"{names} won with {best} Health: {why}.",
            state.end_reason,
            {s: p.health for s, p in enumerate(state.players)},
        )

    def default_move(self, state: TState, seat: Seat, rng: Random) -> Move:
        return choose(view(state, seat), list(legal_moves(state, seat)), rng)

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        return choose(view, list(legal), rng)

    def secrets(self, state: TState) -> list[Secret]:
        return secrets(state)

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
