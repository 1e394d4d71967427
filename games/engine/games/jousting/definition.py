"""Avalon, the jousting game as a GameDefinition: the object the registry hands out.

Each method delegates to the module that owns the role (rules, evolve, views, bot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from games.engine.core import JSON, Event, Move, Outcome, Seat, Secret, Viewer

from . import bot, rules, views
from .config import MAX_PLAYERS, MIN_PLAYERS, JoustingConfig
from .evolve import evolve
from .state import JoustingState


class JoustingAvalon:
    slug = "jousting-avalon"
    name = "Avalon, the jousting game"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 1
    config_type = JoustingConfig
    # Every duel takes at least two cards out of the knights' hands for good (four to the
    # junk pile, at most two bought back), so a game has at most ~33 rounds; barter
    # sessions end once nobody reopens them, and offers per session are limited.
    contract_move_bound = 20000

    def setup(self, config: JoustingConfig, players: int, rng: Random) -> list[Event]:
        return rules.setup(config, players, rng)

    def decide(self, state: JoustingState, seat: Seat, move: Move, rng: Random) -> list[Event]:
        return rules.decide(state, seat, move, rng)

    def evolve(self, state: JoustingState | None, event: Event) -> JoustingState:
        return evolve(state, event)

    def pending_seats(self, state: JoustingState) -> frozenset[Seat]:
        return rules.pending_seats(state)

    def optional_seats(self, state: JoustingState) -> frozenset[Seat]:
        """JA-7: knights who may withdraw although the game does not wait for them."""
        return rules.optional_seats(state)

    def legal_moves(self, state: JoustingState, seat: Seat) -> Sequence[Move]:
        """Complete outside the barter session; in it, every answer to an offer plus a
        small sample of offers and showings (decide() accepts any legal one)."""
        return rules.legal_moves(state, seat)

    def view(self, state: JoustingState, viewer: Viewer) -> dict[str, JSON]:
        return views.view(state, viewer)

    def redact(self, event: Event, viewer: Viewer, state: JoustingState) -> dict[str, JSON] | None:
        return views.redact(event, viewer, state)

    def outcome(self, state: JoustingState) -> Outcome | None:
        return rules.outcome(state)

    def default_move(self, state: JoustingState, seat: Seat, rng: Random) -> Move:
        return rules.default_move(state, seat, rng)

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        return bot.bot_move(view, legal, rng)

    def secrets(self, state: JoustingState) -> list[Secret]:
        return views.secrets(state)

    def contract_configs(self) -> Sequence[tuple[JoustingConfig, int]]:
        """Every player count; the draft and the live judgement; few offers per session so
        random playouts stay short."""
        return [
            (JoustingConfig(offer_limit=2), 3),
            (JoustingConfig(draft=True, live_judgement=True, offer_limit=2), 4),
            (JoustingConfig(live_judgement=True, offer_limit=1), 5),
            (JoustingConfig(draft=True, offer_limit=1), 6),
        ]

    def golden_cases(self) -> Sequence[tuple[JoustingConfig, int]]:
        return [(JoustingConfig(), 3), (JoustingConfig(draft=True, live_judgement=True), 5)]

    def simulation_figures(self, state: JoustingState) -> dict[str, float]:
        """Per-game figures for games.engine.tools.simulate."""
        return {"rounds": float(state.round), "duels": float(len(state.duels))}


GAME = JoustingAvalon()
