"""`PackageDefinition`: a GameDefinition whose roles are the modules of the game's package
(docs/engine.md): `rules` decides, `evolve` folds, `views` redacts, `bot` plays. Every game
ties its modules together the same way, so the delegation is written once here; a game's
`definition` names its modules and writes only `setup` and `default_move` (which differ:
the tournament's setup takes its slug, its timeout plays the bot's move) and what is its
own (contract configs, golden cases, optional seats).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Generic, Protocol, TypeVar

from .codec import JSON
from .definition import Event, Move, Outcome, Seat, Secret, Viewer

S = TypeVar("S")
S_in = TypeVar("S_in", contravariant=True)


class RulesRole(Protocol[S_in]):
    """A game's `rules` module as the definition calls it (positional: the modules name
    the state as they like)."""

    def decide(self, state: S_in, seat: Seat, move: Move, rng: Random, /) -> list[Event]: ...
    def pending_seats(self, state: S_in, /) -> frozenset[Seat]: ...
    def legal_moves(self, state: S_in, seat: Seat, /) -> Sequence[Move]: ...
    def outcome(self, state: S_in, /) -> Outcome | None: ...


class EvolveRole(Protocol[S]):
    """A game's `evolve` module: the pure fold."""

    def evolve(self, state: S | None, event: Event, /) -> S: ...


class ViewsRole(Protocol[S_in]):
    """A game's `views` module: the one place hidden information is removed."""

    def view(self, state: S_in, viewer: Viewer, /) -> dict[str, JSON]: ...
    def redact(self, event: Event, viewer: Viewer, state: S_in, /) -> dict[str, JSON] | None: ...
    def secrets(self, state: S_in, /) -> list[Secret]: ...


class BotRole(Protocol):
    """A game's `bot` module: a move from the seat's own view only."""

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random, /) -> Move: ...


class PackageDefinition(Generic[S]):
    """The GameDefinition methods every game delegates to its role modules, named by the
    subclass: `rules_module`, `evolve_module`, `views_module`, `bot_module`."""

    rules_module: RulesRole[S]
    evolve_module: EvolveRole[S]
    views_module: ViewsRole[S]
    bot_module: BotRole

    def decide(self, state: S, seat: Seat, move: Move, rng: Random) -> list[Event]:
        return self.rules_module.decide(state, seat, move, rng)

    def decide_folded(self, state: S, seat: Seat, move: Move, rng: Random) -> tuple[list[Event], S]:
        """`decide` and the state after its events (what `runner.apply` needs): from the
        rules module's own `decide_folded` when it folds as it decides (core.Emitter),
        else by folding the events here."""
        folded = getattr(self.rules_module, "decide_folded", None)
        if folded is not None:
            return folded(state, seat, move, rng)  # type: ignore[no-any-return]
        events = self.rules_module.decide(state, seat, move, rng)
        for event in events:
            state = self.evolve_module.evolve(state, event)
        return events, state

    def evolve(self, state: S | None, event: Event) -> S:
        return self.evolve_module.evolve(state, event)

    def pending_seats(self, state: S) -> frozenset[Seat]:
        return self.rules_module.pending_seats(state)

    def legal_moves(self, state: S, seat: Seat) -> Sequence[Move]:
        return self.rules_module.legal_moves(state, seat)

    def view(self, state: S, viewer: Viewer) -> dict[str, JSON]:
        return self.views_module.view(state, viewer)

    def redact(self, event: Event, viewer: Viewer, state: S) -> dict[str, JSON] | None:
        return self.views_module.redact(event, viewer, state)

    def bot_view(self, state: S, seat: Seat) -> Mapping[str, JSON]:
        """What the bot reads of `seat`'s view: the views module's `bot_view` when it has
        one (the same values as `view(state, seat)` under a subset of its keys: checked by
        tests/engine at every decision of seeded games), else the whole view."""
        narrow = getattr(self.views_module, "bot_view", None)
        return narrow(state, seat) if narrow is not None else self.views_module.view(state, seat)

    def outcome(self, state: S) -> Outcome | None:
        return self.rules_module.outcome(state)

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        return self.bot_module.bot_move(view, legal, rng)

    def secrets(self, state: S) -> list[Secret]:
        return self.views_module.secrets(state)
