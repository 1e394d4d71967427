"""A game's life beside its rules: the system events and the fold that derives the status.

A game is in play until its log says otherwise: the rules' outcome finishes it; a
moderator's `GameAborted` or `GameVoided`, or the clock's `GameAbandoned`, closes it.
`lifecycle_step` folds one event into (status, finished_at, outcome), so those columns of
`Game` are a cache of the log like `Game.state` (written by games.services.commit, checked by
games.log.fold_check), never set beside it.

System events are decided by the site, not by a seat: every game's fold skips them
(games.log.evolve) and every seat reads them as they are, by their `text`. Type names are
stable strings ("site.*") so a stored log never orphans. Logs written before these types
hold `SiteNotice`s whose `kind` said the same ("game_voided", "game_aborted"): still read.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, ClassVar

from django.db.models import Q

from games.engine.core import JSON, Event, GameDefinition, Outcome
from games.engine.core.codec import register

from .models import Game

PLAYING = Game.Status.PLAYING
FINISHED = Game.Status.FINISHED


class SystemEvent(Event):
    """An event no seat decided. `applies_to`: the statuses it may be appended in."""

    applies_to: ClassVar[frozenset[str]] = frozenset({PLAYING})
    text: str


# How a moderator's closing event's `text` begins (moderation.services.games); the
# moderator's reason follows as typed. The log words the start in the reader's language
# (games.presentation.notices).
ABORTED_PREFIX = "A moderator aborted this game: "
VOIDED_PREFIX = "A moderator voided this game: "

# The type name of every system event starts so (each `register` below): a reader knows one
# by its type alone, and shows its `text`.
SYSTEM_TYPE_PREFIX = "site."


@register("site.notice")
@dataclass(frozen=True)
class SiteNotice(SystemEvent):
    """A note outside the rules, shown to everyone as `text`. Written by earlier versions
    for moderation's actions (their `kind` names it); read by the fold for old logs."""

    kind: str
    text: str


@register("site.game_aborted")
@dataclass(frozen=True)
class GameAborted(SystemEvent):
    """A moderator ended a game in play: no result."""

    text: str


@register("site.game_voided")
@dataclass(frozen=True)
class GameVoided(SystemEvent):
    """A moderator annulled a game, in play or finished: it keeps its log, counts for nothing."""

    applies_to: ClassVar[frozenset[str]] = frozenset({PLAYING, FINISHED})
    text: str


@register("site.game_abandoned")
@dataclass(frozen=True)
class GameAbandoned(SystemEvent):
    """`seat` let its grace period run out (the "abandon" timeout policy): no result."""

    seat: int
    text: str


@register("site.seat_handed_over")
@dataclass(frozen=True)
class SeatHandedOver(SystemEvent):
    """`seat` is played from now on by a bot (`to` = "bot") or a substitute ("substitute")."""

    seat: int
    to: str
    text: str


# What each closing event makes of the game. Old logs name theirs by a notice's kind.
_CLOSES: dict[type[Event], str] = {
    GameAborted: Game.Status.ABORTED,
    GameAbandoned: Game.Status.ABORTED,
    GameVoided: Game.Status.VOIDED,
}
_LEGACY_KINDS: dict[str, type[SystemEvent]] = {
    "game_aborted": GameAborted,
    "game_voided": GameVoided,
}


def system_type(event: Event) -> type[Event]:
    """The event's type, old notices read as the typed event they stood for."""
    if isinstance(event, SiteNotice):
        return _LEGACY_KINDS.get(event.kind, SiteNotice)
    return type(event)


def rows_of(cls: type[SystemEvent]) -> Q:
    """A GameEvent filter for the rows of this system event, old notices included."""
    kinds = [kind for kind, typed in _LEGACY_KINDS.items() if typed is cls]
    return Q(type=cls.TYPE) | Q(type=SiteNotice.TYPE, payload__kind__in=kinds)


@dataclass(frozen=True)
class Lifecycle:
    """Status, finish time and outcome of a game, as its log says."""

    status: str = PLAYING
    finished_at: dt.datetime | None = None
    outcome: dict[str, JSON] | None = None

    @classmethod
    def of(cls, game: Game) -> Lifecycle:
        """The cached lifecycle of `game` (its columns)."""
        return cls(game.status, game.finished_at, game.outcome)


def outcome_json(outcome: Outcome) -> dict[str, JSON]:
    return {
        "winners": sorted(outcome.winners),
        "summary": outcome.summary,
        "reason": outcome.reason,
        "scores": {str(k): v for k, v in outcome.scores.items()},
    }


def applies(event: Event, status: str) -> bool:
    """May `event` be appended to a game of this status? The rules' events only in play."""
    cls = system_type(event)
    if issubclass(cls, SystemEvent):
        return status in cls.applies_to
    return status == PLAYING


def lifecycle_step(
    lifecycle: Lifecycle,
    event: Event,
    at: dt.datetime,
    state: Any,
    definition: GameDefinition[Any, Any],
) -> Lifecycle:
    """Fold one event, logged at `at`, with the game's `state` just after it."""
    closes = _CLOSES.get(system_type(event))
    if closes is not None:
        if applies(event, lifecycle.status):
            return Lifecycle(closes, at, lifecycle.outcome)
        return lifecycle
    if isinstance(event, SystemEvent) or lifecycle.status != PLAYING:
        return lifecycle
    outcome = definition.outcome(state)
    if outcome is None:
        return lifecycle
    return Lifecycle(FINISHED, at, outcome_json(outcome))
