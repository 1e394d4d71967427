"""The contract every game implements, and the small value types it speaks in.

A game is a `GameDefinition`: pure functions over frozen dataclasses. The web layer only
ever talks to a game through this protocol.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from .codec import JSON, to_json
from .messages import Message

Seat = int  # 0-based seat index in play order
Viewer = Seat | None  # None: a spectator (public information only)


class Move:
    """Base of imperative player decisions (`ProposeTeam`, `PlayCard`). Subclasses are
    frozen dataclasses registered with the codec."""

    TYPE: ClassVar[str]


class Event:
    """Base of past-tense facts (`TeamProposed`, `CardPlayed`).

    `audience()` says who may see the event as is: None for everyone, else the seats.
    Split events (a private part and a public part) are handled by the game's `redact`.
    """

    TYPE: ClassVar[str]
    VERSION: ClassVar[int] = 1

    def audience(self) -> frozenset[Seat] | None:
        return None


class Config(ABC):
    """Base of a game's table options: a frozen dataclass whose fields all have defaults.

    Field metadata may carry "label" and "help" for the lobby form. `validate` raises
    InvalidConfig with a message a host understands.
    """

    @abstractmethod
    def validate(self, players: int) -> None:
        """Raise InvalidConfig when these options cannot be dealt for `players`."""

    def advice(self, players: int) -> list[Message]:
        """Non-binding recommendations from the rulebook (shown, never enforced)."""
        return []


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. `winners` share the win (ties are shared)."""

    winners: frozenset[Seat]
    summary: str  # one line for people: "Evil wins: the Assassin found Merlin"
    reason: str  # stable code: "assassination", "three_fails", ...
    scores: Mapping[Seat, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Secret:
    """A fact of the full state that only `knowers` may learn, for the leak tests.

    `fragment` is a JSON object: a view or redacted event given to a seat outside
    `knowers` must not contain any object holding all of these key/value pairs.
    """

    knowers: frozenset[Seat]
    fragment: Mapping[str, JSON]


StateT = TypeVar("StateT")
T = TypeVar("T")
ConfigT = TypeVar("ConfigT", bound=Config)


@runtime_checkable
class GameDefinition(Protocol[ConfigT, StateT]):
    slug: str
    name: str
    min_players: int
    max_players: int
    rules_version: int
    config_type: type[ConfigT]

    def setup(self, config: ConfigT, players: int, rng: Random) -> list[Event]:
        """The opening events: the deal and every other random outcome, recorded."""

    def decide(self, state: StateT, seat: Seat, move: Move, rng: Random) -> list[Event]:
        """Validate `move` by `seat` and return the events it causes (IllegalMove if not).
        A game may also define `decide_folded(state, seat, move, rng)`: the same events and
        the state after them, when it folds them as it decides (core.Emitter), so that
        `runner.apply` does not fold them again."""

    def evolve(self, state: StateT | None, event: Event) -> StateT:
        """Apply one event. Pure and deterministic: never needs randomness."""

    def pending_seats(self, state: StateT) -> frozenset[Seat]:
        """Who must act now (a set: votes and passing are simultaneous). Only these get
        deadlines, timeouts and bot turns. A game may also define `optional_seats(state)`:
        seats that may act although nobody waits for them (see runner.acting_seats)."""

    def legal_moves(self, state: StateT, seat: Seat) -> Sequence[Move]:
        """Every legal move of `seat` now (empty when it may not act: see acting_seats)."""

    def view(self, state: StateT, viewer: Viewer) -> dict[str, JSON]:
        """What `viewer` may see, as JSON. Spectators (None) get public information."""

    def redact(self, event: Event, viewer: Viewer, state: StateT) -> dict[str, JSON] | None:
        """The event as `viewer` may see it (None: not at all). `state` is after it."""

    def outcome(self, state: StateT) -> Outcome | None:
        """None while the game goes on."""

    def default_move(self, state: StateT, seat: Seat, rng: Random) -> Move:
        """What a timeout plays for `seat`: neutral for hidden roles (RA-W2)."""

    def bot_move(self, view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
        """A sensible move from the seat's own view only (never the full state). Callers go
        through `runner.bot_choice`, which plays a lone legal move without a view."""

    def secrets(self, state: StateT) -> list[Secret]:
        """Every hidden fact of `state` with who may know it (for the leak tests)."""

    def contract_configs(self) -> Sequence[tuple[ConfigT, int]]:
        """(config, players) pairs the shared contract test plays out."""


def public_redact(event: Event, viewer: Viewer) -> dict[str, JSON] | None:
    """The default redaction: the whole event to its audience, nothing to anyone else."""
    audience = event.audience()
    if audience is None or (viewer is not None and viewer in audience):
        return dict(to_json(event))
    return None


def option(
    default: T,
    label: str,
    help_text: str,
    *rules: str,
    choices: Sequence[object] | None = None,
) -> T:
    """A `Config` field with what the lobby form and the API show of it (`config_fields`):
    its label, help, the IDs of the rules it is about, and its choices where they are few."""
    meta: dict[str, object] = {"label": label, "help": help_text, "rules": rules}
    if choices is not None:
        meta["choices"] = choices
    return field(default=default, metadata=meta)


def _type_label(hint: Any) -> str:
    return hint if isinstance(hint, str) else getattr(hint, "__name__", str(hint))


def config_fields(config_type: type[Config]) -> list[dict[str, Any]]:
    """Describe a Config's options (name, type, default, label, help, and the IDs of the
    rules the option is about) for forms and the API."""
    out = []
    for f in dataclasses.fields(config_type):  # type: ignore[arg-type]
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[operator]
        out.append(
            {
                "name": f.name,
                "type": _type_label(f.type),
                "default": to_json(default),
                "label": f.metadata.get("label", f.name.replace("_", " ").capitalize()),
                "help": f.metadata.get("help", ""),
                "choices": f.metadata.get("choices"),
                "rules": list(f.metadata.get("rules", ())),
            }
        )
    return out
