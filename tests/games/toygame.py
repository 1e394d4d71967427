"""A tiny hidden-information game for the web layer's generic tests ("toy-secrets").

Each seat is dealt a secret card; for `rounds` rounds every seat votes up/down at the same
time (votes hidden until all are in); at the end the highest card wins and all is revealed.
It exercises what the web layer relies on: private events, simultaneous moves, secrets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any

from games.engine.core import (
    JSON,
    Config,
    Event,
    IllegalMove,
    InvalidConfig,
    Message,
    Move,
    Outcome,
    Registered,
    Seat,
    Secret,
    Viewer,
    option,
    public_redact,
    register_game,
)
from games.engine.core.audience import SeatPrivate


@dataclass(frozen=True)
class ToyConfig(Config):
    rounds: int = option(2, "Rounds", "1 to 5")

    def validate(self, players: int) -> None:
        if not 1 <= self.rounds <= 5:
            raise InvalidConfig("Rounds must be between 1 and 5.")

    def advice(self, players: int) -> list[Message]:
        return [Message("Two rounds play best.")] if self.rounds != 2 else []


class ToyEvent(Event, Registered, prefix="toy"):
    """The game's events: frozen dataclasses the codec names "toy.<snake_case name>"."""


class ToyMove(Move, Registered, prefix="toy"):
    """The game's moves: frozen dataclasses the codec names "toy.<snake_case name>"."""


class Vote(ToyMove):
    choice: str


class CardDealt(SeatPrivate, ToyEvent, wire="toy.dealt"):
    seat: int
    card: int
    players: int
    rounds: int


class VoteCast(SeatPrivate, ToyEvent):
    seat: int
    vote: str


class VotesRevealed(ToyEvent):
    votes: tuple[str, ...]


@dataclass(frozen=True)
class ToyState:
    players: int
    rounds: int
    cards: tuple[int, ...] = ()
    votes: Mapping[int, str] = field(default_factory=dict)
    history: tuple[tuple[str, ...], ...] = ()


class ToyGame:
    slug = "toy-secrets"
    name = "Toy Secrets"
    min_players = 2
    max_players = 6
    rules_version = 1
    config_type = ToyConfig

    def setup(self, config: ToyConfig, players: int, rng: Random) -> list[Event]:
        cards = rng.sample(range(1, 100), players)
        return [
            CardDealt(seat=s, card=c, players=players, rounds=config.rounds)
            for s, c in enumerate(cards)
        ]

    def decide(self, state: ToyState, seat: Seat, move: Move, rng: Random) -> list[Event]:
        if not isinstance(move, Vote) or move.choice not in ("up", "down"):
            raise IllegalMove("Vote up or down.")
        events: list[Event] = [VoteCast(seat=seat, vote=move.choice)]
        votes = {**state.votes, seat: move.choice}
        if len(votes) == state.players:
            events.append(VotesRevealed(votes=tuple(votes[s] for s in range(state.players))))
        return events

    def evolve(self, state: ToyState | None, event: Event) -> ToyState:
        if isinstance(event, CardDealt):
            base = state or ToyState(players=event.players, rounds=event.rounds)
            return replace(base, cards=(*base.cards, event.card))
        assert state is not None
        if isinstance(event, VoteCast):
            return replace(state, votes={**state.votes, event.seat: event.vote})
        if isinstance(event, VotesRevealed):
            return replace(state, votes={}, history=(*state.history, event.votes))
        raise TypeError(event)

    def pending_seats(self, state: ToyState) -> frozenset[Seat]:
        if self.outcome(state) is not None:
            return frozenset()
        return frozenset(s for s in range(state.players) if s not in state.votes)

    def legal_moves(self, state: ToyState, seat: Seat) -> Sequence[Move]:
        return [Vote("up"), Vote("down")] if seat in self.pending_seats(state) else []

    def view(self, state: ToyState, viewer: Viewer) -> dict[str, JSON]:
        over = self.outcome(state) is not None
        out: dict[str, JSON] = {
            "round": len(state.history) + 1,
            "rounds": state.rounds,
            "voted": sorted(state.votes),
            "history": [list(h) for h in state.history],
        }
        if viewer is not None:
            out["you"] = {"seat": viewer, "card": state.cards[viewer]}
            if viewer in state.votes:
                out["my_vote"] = {"seat": viewer, "vote": state.votes[viewer]}
        if over:
            out["cards"] = [{"seat": s, "card": c} for s, c in enumerate(state.cards)]
        return out

    def redact(self, event: Event, viewer: Viewer, state: ToyState) -> dict[str, JSON] | None:
        if isinstance(event, VoteCast) and (viewer is None or viewer != event.seat):
            return {"type": "toy.vote_cast", "seat": event.seat}  # who acted is public (RA-W1)
        return public_redact(event, viewer)

    def outcome(self, state: ToyState) -> Outcome | None:
        if len(state.history) < state.rounds:
            return None
        best = max(range(state.players), key=lambda s: state.cards[s])
        return Outcome(winners=frozenset({best}), summary=f"Seat {best} wins", reason="high_card")

    def default_move(self, state: ToyState, seat: Seat, rng: Random) -> Move:
        return Vote("up")

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        return rng.choice(list(legal))

    def secrets(self, state: ToyState) -> list[Secret]:
        out = [
            Secret(knowers=frozenset({s}), fragment={"seat": s, "card": c})
            for s, c in enumerate(state.cards)
        ]
        out += [
            Secret(knowers=frozenset({s}), fragment={"seat": s, "vote": v})
            for s, v in state.votes.items()
        ]
        return out

    def contract_configs(self) -> Sequence[tuple[Any, int]]:
        return [(ToyConfig(), 3)]


TOY = ToyGame()
register_game(TOY)
