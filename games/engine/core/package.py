"""`PackageDefinition`: a GameDefinition assembled from the role modules of the game's package
(docs/engine.md): `rules` decides, `evolve` folds, `views` redacts, `bot` plays. Every game
ties its modules together the same way, so the delegation is written once here: a game's
`definition` hands its modules over as one `Roles` (checked by mypy against the role
protocols), its slug, name, player counts and options type to the constructor, and writes
only what is its own (contract configs, golden cases, optional seats).

`RulesDefinition` is the usual case: the deal (`setup`) and a timeout's move
(`default_move`) are the rules module's too. The tournament deals with its table's slug and
times out with its bot's move, so it writes those two itself on a `PackageDefinition`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Generic, Protocol, TypeVar

from .codec import JSON
from .definition import Config, Event, Move, Outcome, Seat, Secret, Viewer

S = TypeVar("S")
C = TypeVar("C", bound=Config)
S_in = TypeVar("S_in", contravariant=True)
C_in = TypeVar("C_in", bound=Config, contravariant=True)


class RulesRole(Protocol[S_in]):
    """A game's `rules` module as the definition calls it (positional: the modules name
    the state as they like)."""

    def decide(self, state: S_in, seat: Seat, move: Move, rng: Random, /) -> list[Event]: ...
    def pending_seats(self, state: S_in, /) -> frozenset[Seat]: ...
    def legal_moves(self, state: S_in, seat: Seat, /) -> Sequence[Move]: ...
    def outcome(self, state: S_in, /) -> Outcome | None: ...


class DealingRulesRole(RulesRole[S_in], Protocol[S_in, C_in]):
    """A `rules` module that also deals and says what a timeout plays."""

    def setup(self, config: C_in, players: int, rng: Random, /) -> list[Event]: ...
    def default_move(self, state: S_in, seat: Seat, rng: Random, /) -> Move: ...


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


@dataclass(frozen=True)
class Roles(Generic[S]):
    """A game package's role modules."""

    rules: RulesRole[S]
    evolve: EvolveRole[S]
    views: ViewsRole[S]
    bot: BotRole


@dataclass(frozen=True)
class DealingRoles(Roles[S], Generic[S, C]):
    """Role modules whose `rules` also deals and answers timeouts."""

    rules: DealingRulesRole[S, C]


class PackageDefinition(Generic[S, C]):
    """The GameDefinition methods every game delegates to its role modules (`roles`, set by
    the subclass); the registered object is an instance, made with the game's own facts."""

    roles: Roles[S]
    rules_version = 1

    def __init__(
        self, slug: str, name: str, min_players: int, max_players: int, config_type: type[C]
    ) -> None:
        self.slug = slug
        self.name = name
        self.min_players = min_players
        self.max_players = max_players
        self.config_type = config_type
        # The hot calls (several per move: whose turn, is it over, what is legal, the fold,
        # the bot) go straight to the role module's function, without the delegating method
        # below in between: the same function, one Python call less. Only where the class
        # does not write its own method; the views but the bot's are left alone (tests swap
        # them in their modules).
        rules = self.roles.rules
        direct = {
            "outcome": rules.outcome,
            "pending_seats": rules.pending_seats,
            "legal_moves": rules.legal_moves,
            "evolve": self.roles.evolve.evolve,
            "bot_move": self.roles.bot.bot_move,
        }
        narrow = getattr(self.roles.views, "bot_view", None)
        if narrow is not None:
            direct["bot_view"] = narrow
        self._rules_decide_folded = getattr(rules, "decide_folded", None)
        if self._rules_decide_folded is not None:
            direct["decide_folded"] = self._rules_decide_folded
        for name, function in direct.items():
            if getattr(type(self), name) is getattr(PackageDefinition, name):
                setattr(self, name, function)

    def decide(self, state: S, seat: Seat, move: Move, rng: Random) -> list[Event]:
        return self.roles.rules.decide(state, seat, move, rng)

    def decide_folded(self, state: S, seat: Seat, move: Move, rng: Random) -> tuple[list[Event], S]:
        """`decide` and the state after its events (what `runner.apply` needs): from the
        rules module's own `decide_folded` when it folds as it decides (core.Emitter),
        else by folding the events here."""
        folded = self._rules_decide_folded
        if folded is not None:
            return folded(state, seat, move, rng)  # type: ignore[no-any-return]
        events = self.roles.rules.decide(state, seat, move, rng)
        evolve = self.roles.evolve.evolve
        for event in events:
            state = evolve(state, event)
        return events, state

    def evolve(self, state: S | None, event: Event) -> S:
        return self.roles.evolve.evolve(state, event)

    def pending_seats(self, state: S) -> frozenset[Seat]:
        return self.roles.rules.pending_seats(state)

    def legal_moves(self, state: S, seat: Seat) -> Sequence[Move]:
        return self.roles.rules.legal_moves(state, seat)

    def view(self, state: S, viewer: Viewer) -> dict[str, JSON]:
        return self.roles.views.view(state, viewer)

    def redact(self, event: Event, viewer: Viewer, state: S) -> dict[str, JSON] | None:
        return self.roles.views.redact(event, viewer, state)

    def bot_view(self, state: S, seat: Seat) -> Mapping[str, JSON]:
        """What the bot reads of `seat`'s view: the views module's `bot_view` when it has
        one (the same values as `view(state, seat)` under a subset of its keys: checked by
        tests/engine at every decision of seeded games), else the whole view."""
        narrow = getattr(self.roles.views, "bot_view", None)
        return narrow(state, seat) if narrow is not None else self.roles.views.view(state, seat)

    def outcome(self, state: S) -> Outcome | None:
        return self.roles.rules.outcome(state)

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        return self.roles.bot.bot_move(view, legal, rng)

    def secrets(self, state: S) -> list[Secret]:
        return self.roles.views.secrets(state)


class RulesDefinition(PackageDefinition[S, C]):
    """A PackageDefinition whose deal and timeouts are its rules module's as well."""

    roles: DealingRoles[S, C]

    def setup(self, config: C, players: int, rng: Random) -> list[Event]:
        return self.roles.rules.setup(config, players, rng)

    def default_move(self, state: S, seat: Seat, rng: Random) -> Move:
        return self.roles.rules.default_move(state, seat, rng)
