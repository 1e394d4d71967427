"""The shared engine contract, checked by seeded playouts of any registered game.

`check_playout` drives one complete game through the public engine API only (start, apply,
fold, view, redact, secrets, legal_moves, default_move, bot_move) and asserts every
property a game must keep for the web layer to trust it:

- every pending seat has legal moves, and they are accepted (the one played and samples);
- a seat that may not act (neither pending nor among the game's optional `optional_seats`,
  see `acting_seats`) has no legal moves and is refused with NotYourTurn; a seat that may
  act although nobody waits for it has its legal moves accepted; a move outside
  `legal_moves` (a legal move from another moment, or a legal move with a field mangled)
  is refused with IllegalMove (or NotYourTurn);
- the game ends within a bound, then waits for nobody and refuses moves with GameOver;
- fold(events) equals the incrementally evolved state, event by event;
- every event, move and state round-trips through the JSON codec (and json.dumps);
- no view or redacted event given to a viewer holds a secret fragment of the full state
  unless the viewer is one of its knowers (spectators know nothing during play);
- at the end, every viewer's view reveals every remaining secret (unless the game sets
  `contract_end_reveals = False`).

Replay determinism (same seed, same log) is checked by playing a seed twice.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

import pytest

from games.engine.core import (
    JSON,
    Event,
    GameDefinition,
    GameOver,
    IllegalMove,
    Move,
    NotYourTurn,
    Secret,
    Viewer,
    acting_seats,
    apply,
    fold,
    from_json,
    rng_for,
    start,
    to_json,
)

DEFAULT_MOVE_BOUND = 5000

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


@dataclass
class Playout:
    """What one playout produced, for replay comparison and golden files."""

    events: list[Event] = field(default_factory=list)
    moves: list[tuple[int, Move]] = field(default_factory=list)
    state: Any = None


def json_objects(value: JSON) -> Iterator[Mapping[str, JSON]]:
    """Every JSON object (dict) anywhere inside `value`, itself included."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)


Scalar = tuple[str, str, JSON]


def _scalar_key(key: str, value: JSON) -> Scalar | None:
    if value is None or isinstance(value, (bool, int, float, str)):
        return (key, type(value).__name__, value)
    return None


class Payload:
    """A JSON payload indexed by its scalar key/value pairs, so many fragments can be
    looked up without walking the payload once per fragment."""

    def __init__(self, value: JSON) -> None:
        self.objects = list(json_objects(value))
        self.index: dict[Scalar, list[Mapping[str, JSON]]] = {}
        for obj in self.objects:
            for k, v in obj.items():
                key = _scalar_key(k, v)
                if key is not None:
                    self.index.setdefault(key, []).append(obj)

    def contains(self, fragment: Mapping[str, JSON]) -> bool:
        """True when some object holds every key/value pair of `fragment`."""
        items = list(fragment.items())
        candidates: Sequence[Mapping[str, JSON]] = self.objects
        for k, v in items:
            key = _scalar_key(k, v)
            if key is not None:
                candidates = self.index.get(key, [])
                break
        return any(all(k in obj and obj[k] == v for k, v in items) for obj in candidates)


def contains_fragment(value: JSON, fragment: Mapping[str, JSON]) -> bool:
    """True when some object inside `value` holds every key/value pair of `fragment`."""
    return Payload(value).contains(fragment)


def leaks(payload: JSON, viewer: Viewer, secrets: Sequence[Secret]) -> list[Secret]:
    """The secrets `payload` shows to `viewer` although the viewer is not a knower."""
    indexed = Payload(payload)
    return [
        s
        for s in secrets
        if (viewer is None or viewer not in s.knowers) and indexed.contains(s.fragment)
    ]


def assert_round_trip(value: Any, cls: type | None = None) -> None:
    encoded = to_json(value)
    assert json.loads(json.dumps(encoded)) == encoded, f"{value!r} is not plain JSON"
    decoded: Any = from_json(encoded, cls)
    assert decoded == value, f"JSON round trip changed {type(value).__name__}"


def viewers(players: int) -> list[Viewer]:
    return [*range(players), None]


def check_no_leak(game: GameDefinition[Any, Any], state: Any, players: int) -> int:
    """Views of every seat and of a spectator against `secrets(state)`. Returns #secrets."""
    secrets = game.secrets(state)
    for viewer in viewers(players):
        view = game.view(state, viewer)
        json.dumps(view)
        found = leaks(view, viewer, secrets)
        assert not found, f"view for {viewer} leaks {[s.fragment for s in found]}"
    return len(secrets)


def check_redactions(
    game: GameDefinition[Any, Any], event: Event, state: Any, players: int
) -> None:
    """Each viewer's redaction of `event` (state: just after it) must not leak."""
    secrets = game.secrets(state)
    over = game.outcome(state) is not None
    for viewer in viewers(players):
        shown = game.redact(event, viewer, state)
        if shown is None:
            continue
        json.dumps(shown)
        if not over:
            found = leaks(shown, viewer, secrets)
            assert not found, (
                f"{type(event).__name__} redacted for {viewer} leaks {[s.fragment for s in found]}"
            )


def evolve_checked(
    game: GameDefinition[Any, Any],
    state: Any,
    events: Sequence[Event],
    players: int,
    thorough: bool,
) -> Any:
    """`events` folded onto `state` one by one, each round-tripped through JSON and, when
    `thorough`, its redaction for every viewer checked against the state just after it."""
    for event in events:
        assert_round_trip(event)
        state = game.evolve(state, event)
        if thorough:
            check_redactions(game, event, state, players)
    return state


def check_end_reveals(game: GameDefinition[Any, Any], state: Any, players: int) -> None:
    if not getattr(game, "contract_end_reveals", True):
        return
    secrets = game.secrets(state)
    for viewer in viewers(players):
        view = Payload(game.view(state, viewer))
        hidden = [s.fragment for s in secrets if not view.contains(s.fragment)]
        assert not hidden, f"at the end, the view for {viewer} still hides {hidden}"


def mangled(move: Move) -> Iterator[Move]:
    """Variants of a legal move with one field pushed out of range (usually illegal)."""
    for f in dataclasses.fields(move):  # type: ignore[arg-type]
        value = getattr(move, f.name)
        if isinstance(value, bool):
            candidates: list[Any] = [not value]
        elif isinstance(value, int):
            candidates = [-1, value + 97]
        elif isinstance(value, (tuple, frozenset)):
            candidates = [type(value)(), type(value)([*value, *value])]
        elif isinstance(value, str):
            candidates = ["no-such-thing"]
        else:
            continue
        for candidate in candidates:
            try:
                yield dataclasses.replace(move, **{f.name: candidate})  # type: ignore[type-var]
            except (TypeError, ValueError):
                continue


def check_refusals(
    game: GameDefinition[Any, Any],
    state: Any,
    players: int,
    pending: frozenset[int],
    pool: Sequence[Move],
    rng: Random,
) -> None:
    """Illegal moves are refused with typed errors and leave the state untouched."""
    before = to_json(state)
    acting = acting_seats(game, state)
    assert pending <= acting, "a pending seat may not act"
    idle = [s for s in range(players) if s not in acting]
    if idle and pool:
        seat = rng.choice(idle)
        assert not game.legal_moves(state, seat), f"seat {seat} is idle but has legal moves"
        with pytest.raises(NotYourTurn):
            apply(game, state, seat, rng.choice(pool), rng_for("refusal", 0))
    optional = sorted(acting - pending)
    if optional and pool:
        seat = rng.choice(optional)
        legal = list(game.legal_moves(state, seat))
        assert legal, f"seat {seat} may act but has no legal move"
        for move in [m for m in pool if m not in legal][:3]:
            with pytest.raises((IllegalMove, NotYourTurn)):
                apply(game, state, seat, move, rng_for("refusal", 2))
    seat = rng.choice(sorted(pending))
    legal = list(game.legal_moves(state, seat))
    candidates = [m for m in rng.sample(list(pool), min(4, len(pool))) if m not in legal]
    candidates += [m for m in mangled(rng.choice(legal)) if m not in legal][:4]
    for move in candidates:
        with pytest.raises(IllegalMove) as refused:
            apply(game, state, seat, move, rng_for("refusal", 1))
        check_refusal_words(game, refused.value)
    assert to_json(state) == before, "a refused move changed the state"


RULE_ID = re.compile(r"\b(RA|TT|TC|TA|TX|TH|CA|CH|JA|JH)-W?\d+\b")
DOCUMENTED = frozenset(
    re.findall(r'<a id="([A-Z]+-W?\d+)"></a>', "".join(p.read_text() for p in DOCS.glob("*.md")))
)


def check_refusal_words(game: GameDefinition[Any, Any], refused: IllegalMove) -> None:
    """A refusal says the rule in words; its rule ID, when it names one, is data (a documented
    rule of this game, which the site links), never text the player reads."""
    assert not RULE_ID.search(refused.message), f"a rule code in the refusal {refused.message!r}"
    assert refused.game == game.slug
    assert refused.rule is None or refused.rule in DOCUMENTED, refused.rule


def check_acceptance(
    game: GameDefinition[Any, Any], state: Any, pending: frozenset[int], rng: Random
) -> None:
    """A few legal moves of every seat that may act (not only the one played) are accepted."""
    for seat in sorted(pending | acting_seats(game, state)):
        legal = list(game.legal_moves(state, seat))
        for move in rng.sample(legal, min(2, len(legal))):
            events, _ = apply(game, state, seat, move, rng_for("acceptance", seat))
            assert events, f"legal move {move!r} of seat {seat} produced no event"


def check_finished(game: GameDefinition[Any, Any], state: Any, pool: Sequence[Move]) -> None:
    """A finished game waits for nobody and refuses every move with GameOver."""
    assert not game.pending_seats(state), "the game is over but seats are still pending"
    for move in pool[:3]:
        with pytest.raises(GameOver):
            apply(game, state, 0, move, rng_for("over", 0))


def choose(
    game: GameDefinition[Any, Any],
    state: Any,
    seat: int,
    legal: Sequence[Move],
    rng: Random,
    seq: int,
) -> Move:
    """Mostly random legal moves; sometimes the timeout default or the bot, to test them."""
    roll = rng.random()
    if roll < 0.15:
        move = game.default_move(state, seat, rng_for("default", seq))
        assert move in legal, f"default_move {move!r} is not legal"
        return move
    if roll < 0.3:
        move = game.bot_move(game.view(state, seat), legal, rng_for("bot", seq))
        assert move in legal, f"bot_move {move!r} is not legal"
        return move
    return rng.choice(list(legal))


def check_playout(
    game: GameDefinition[Any, Any], config: Any, players: int, seed: str, *, thorough: bool = True
) -> Playout:
    """Play one seeded game to the end, asserting the contract at every step."""
    rng = Random(seed)
    assert_round_trip(config, type(config))
    events, state = start(game, config, players, rng_for(seed, 0))
    out = Playout(events=list(events))
    assert evolve_checked(game, None, events, players, thorough) == state
    bound = getattr(game, "contract_move_bound", DEFAULT_MOVE_BOUND)
    pool: list[Move] = []
    secrets_seen = 0
    while game.outcome(state) is None:
        assert len(out.moves) < bound, f"{game.slug} did not end within {bound} moves"
        pending = frozenset(game.pending_seats(state))
        assert pending, "the game is not over but nobody may move"
        if thorough:
            secrets_seen += check_no_leak(game, state, players)
            assert_round_trip(state, type(state))
        seat = rng.choice(sorted(pending))
        # Now and then a seat nobody waits for acts (e.g. JA-7, a knight withdraws out of
        # turn); the Random is drawn only for games that have such seats.
        optional = sorted(acting_seats(game, state) - pending)
        if optional and rng.random() < 0.02:
            seat = rng.choice(optional)
        legal = list(game.legal_moves(state, seat))
        assert legal, f"seat {seat} may act but has no legal move"
        pool.extend(rng.sample(legal, min(3, len(legal))))
        del pool[:-40]
        if thorough and rng.random() < 0.3:
            check_refusals(game, state, players, pending, pool, rng)
            check_acceptance(game, state, pending, rng)
        if seat in pending:
            move = choose(game, state, seat, legal, rng, len(out.events))
        else:  # timeouts and bots only ever play for pending seats
            move = rng.choice(legal)
        assert_round_trip(move)
        new_events, new_state = apply(game, state, seat, move, rng_for(seed, len(out.events)))
        assert new_events, "an accepted move produced no event"
        step = evolve_checked(game, state, new_events, players, thorough)
        assert step == new_state, "apply and event-by-event evolve disagree"
        out.events.extend(new_events)
        out.moves.append((seat, move))
        state = new_state
    assert fold(game, out.events) == state, "fold(events) differs from the evolved state"
    if thorough:
        assert secrets_seen > 0, f"{game.slug} never reported a secret to the leak test"
        check_end_reveals(game, state, players)
        check_finished(game, state, pool)
        assert_round_trip(state, type(state))
        outcome = game.outcome(state)
        assert outcome is not None
        assert outcome.winners <= frozenset(range(players))
    out.state = state
    return out
