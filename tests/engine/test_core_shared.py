"""The pieces games share from games.engine.core (issue 13: one emit-and-fold helper and one
power-hook registry, not a copy per game; issue 14: the fast record copy and the deferred
seeding of rng_for, which must draw exactly what an eager seed draws, and view parts
built once per record)."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from random import Random

import pytest

import games.engine.games  # noqa: F401  (registers every game's records)
from games.engine.core import (
    Config,
    Emitter,
    Event,
    HookRegistry,
    Registered,
    config_fields,
    from_json,
    option,
    replace,
    rng_for,
    to_json,
)
from games.engine.core.codec import registered
from games.engine.core.memo import SharedTable, last_pair, per_key, shared


@dataclass(frozen=True)
class Added(Event):
    amount: int


def _evolve(state: int | None, event: Event) -> int:
    assert isinstance(event, Added)
    return (state or 0) + event.amount


def test_emitter_folds_each_event_before_the_next_is_decided() -> None:
    emitter = Emitter(_evolve, 10)
    emitter.emit(Added(1))
    assert emitter.state == 11  # a later decision of the same move reads the state so far
    emitter.emit(Added(2), Added(3))
    assert emitter.state == 16
    assert emitter.events == [Added(1), Added(2), Added(3)]


def test_emitter_opens_a_log_from_no_state() -> None:
    emitter: Emitter[int] = Emitter(_evolve)
    assert not emitter.started
    with pytest.raises(RuntimeError):
        _ = emitter.state
    emitter.emit(Added(5))
    assert emitter.started
    assert emitter.state == 5


def test_emitter_settle_emits_the_follow_ups_until_none_is_left() -> None:
    # `settle(first, follow_ups)` is `emit(*first)` then `emit(*follow_ups(state))` while
    # it hands back events: the same log and state as that loop.
    def follow_ups(state: int) -> list[Event]:
        return [Added(state)] if state < 20 else []

    settled = Emitter(_evolve, 3)
    settled.settle([Added(1), Added(2)], follow_ups)
    looped = Emitter(_evolve, 3)
    looped.emit(Added(1), Added(2))
    while more := follow_ups(looped.state):
        looped.emit(*more)
    assert settled.events == looped.events == [Added(1), Added(2), Added(6), Added(12)]
    assert settled.state == looped.state == 24
    with pytest.raises(RuntimeError):  # nothing emitted and no state to follow up
        Emitter(_evolve).settle([], follow_ups)


def test_hook_registry_answers_per_hook_and_power_key() -> None:
    hooks = HookRegistry(("dawn", "dusk"))

    @hooks.handler("dawn", "castle")
    def _castle(bonus: int) -> int:
        return bonus + 1

    assert hooks.get("dawn", "castle") is _castle
    assert hooks.get("dusk", "castle") is None  # a power ignores the hooks it has no handler for
    assert hooks.registered("dawn") == frozenset({"castle"})
    assert hooks.registered("dusk") == frozenset()


def test_hook_registry_refuses_unknown_hooks_and_a_second_handler() -> None:
    hooks = HookRegistry(("dawn",))
    with pytest.raises(ValueError, match="unknown hook"):
        hooks.handler("noon", "castle")
    hooks.handler("dawn", "castle")(lambda: 1)
    with pytest.raises(ValueError, match="already has a handler"):
        hooks.handler("dawn", "castle")(lambda: 2)


@dataclass(frozen=True)
class _Record:
    name: str
    items: tuple[int, ...] = ()


@dataclass(frozen=True)
class _Checked:
    count: int

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("negative")


def test_replace_builds_the_value_dataclasses_replace_builds() -> None:
    record = _Record("a", (1,))
    copied = replace(record, items=(1, 2))
    assert copied == dataclasses.replace(record, items=(1, 2))
    assert hash(copied) == hash(_Record("a", (1, 2)))
    assert record == _Record("a", (1,))  # the original is untouched
    with pytest.raises(TypeError):
        replace(record, colour="red")  # an unknown field is refused, as dataclasses does


def test_replace_runs_post_init_where_a_class_has_one() -> None:
    with pytest.raises(ValueError, match="negative"):
        replace(_Checked(1), count=-1)


def _seeded_now(seed: str, seq: int) -> Random:
    """What rng_for gave before it deferred the seeding: the same draws are required."""
    digest = hashlib.sha256(f"{seed}:{seq}".encode()).digest()
    return Random(int.from_bytes(digest[:16], "big"))


@pytest.mark.parametrize(
    "draw",
    [
        lambda r: [r.randrange(1000) for _ in range(3)],
        lambda r: r.choices(range(9), k=4),  # holds on to the bound `random` while drawing
        lambda r: r.sample(range(50), 5),
        lambda r: [r.random(), r.gauss(0, 1), r.getrandbits(70)],
        lambda r: r.getstate(),
        lambda r: r.randbytes(6),
    ],
)
def test_rng_for_draws_what_a_random_seeded_at_once_draws(draw: Callable[[Random], object]) -> None:
    for seq in range(20):
        deferred, eager = rng_for("table-secret", seq), _seeded_now("table-secret", seq)
        assert draw(deferred) == draw(eager)
        assert draw(deferred) == draw(eager)  # and keeps drawing the same afterwards


def test_rng_for_can_be_reseeded_before_its_first_draw() -> None:
    rng = rng_for("table-secret", 3)
    rng.seed(5)
    assert rng.random() == Random(5).random()


def test_shared_builds_once_per_record_and_tells_records_apart() -> None:
    built: list[object] = []

    def build(source: object) -> list[object]:
        built.append(source)
        return [source]

    record, twin = _Record("a"), _Record("a")
    first = shared("test.record", record, build)
    assert shared("test.record", record, build) is first  # the same record: built once
    assert shared("test.record", twin, build) is not first  # an equal but other record
    assert shared("test.value", ("x", 1), build, by_value=True) is shared(
        "test.value", ("x", 1), build, by_value=True
    )
    assert built == [record, twin, ("x", 1)]


def test_a_shared_table_of_its_own_keeps_at_most_its_size() -> None:
    built: list[object] = []

    def build(source: object) -> list[object]:
        built.append(source)
        return [source]

    table = SharedTable(2)
    first, second, third = _Record("a"), _Record("a"), _Record("b")
    kept = table.shared("test.record", first, build)
    assert table.shared("test.record", first, build) is kept  # the same record: built once
    table.shared("test.record", second, build)  # an equal but other record: built
    table.shared("test.record", third, build)  # full: emptied, then kept
    assert table.shared("test.record", first, build) == kept  # built again, the same value
    assert built == [first, second, third, first]


def test_last_pair_answers_again_for_the_very_same_pair_only() -> None:
    built: list[tuple[object, object, object]] = []

    @last_pair
    def build(a: tuple[int, ...], b: tuple[int, ...], extra: object) -> list[object]:
        built.append((a, b, extra))
        return [a, b]

    a, b = (1, 2), (3,)
    first = build(a, b, "x")
    assert build(a, b, "y") is first  # the same objects: the last answer, `extra` unread
    equal = tuple(range(1, 3))  # an equal but other tuple: built again
    again = build(equal, b, "z")
    assert again == first
    assert again is not first
    assert build(a, b, "w") is not first  # one slot: the last pair only
    assert built == [(a, b, "x"), (equal, b, "z"), (a, b, "w")]


def test_per_key_works_each_key_out_once_and_keeps_at_most_its_bound() -> None:
    asked: list[str] = []

    def kind(card: str) -> str:
        asked.append(card)
        return card.split("-", 1)[0]

    kind_of = per_key(kind, kept=2)
    assert list(map(kind_of, ["sword-1", "lance-2", "sword-1"])) == ["sword", "lance", "sword"]
    assert asked == ["sword-1", "lance-2"]  # the repeated card is looked up, not worked out
    assert kind_of("armour-3") == "armour"  # the table is full: answered, not kept
    assert kind_of("armour-3") == "armour"
    assert asked == ["sword-1", "lance-2", "armour-3", "armour-3"]
    with pytest.raises(AttributeError):  # what the function raises, it raises
        kind_of(7)  # type: ignore[arg-type]


WIRE_NAMES = Path(__file__).with_name("wire_names.txt")


def test_every_record_keeps_its_stored_name() -> None:
    """Registered derives a record's name from its class name, so renaming a class would
    rename its type in stored logs: the site's names stay those of wire_names.txt (a class
    renamed on purpose keeps its old name with `wire=`)."""
    site = {n for n, cls in registered().items() if cls.__module__.startswith("games.engine.")}
    assert sorted(site) == WIRE_NAMES.read_text().split()


class SampleRecord(Event, Registered, prefix="test_core"):
    """The namespace base is no record itself."""


class AmountAdded(SampleRecord):
    amount: int
    note: str = ""


class Renamed(SampleRecord, wire="test_core.old_name"):
    amount: int


def test_registered_records_are_frozen_dataclasses_under_derived_names() -> None:
    assert SampleRecord not in registered().values()
    assert AmountAdded.TYPE == "test_core.amount_added"
    assert Renamed.TYPE == "test_core.old_name"
    added = AmountAdded(3)
    assert dataclasses.is_dataclass(added)
    with pytest.raises(dataclasses.FrozenInstanceError):
        added.amount = 4  # type: ignore[misc]
    assert to_json(added) == {"type": "test_core.amount_added", "amount": 3, "note": ""}
    assert from_json(to_json(Renamed(2))) == Renamed(2)


@dataclass(frozen=True)
class SampleConfig(Config):
    speed: int = option(2, "Speed", "1 to 3", "X-1", "X-2", choices=[1, 2, 3])
    quiet: bool = option(False, "Quiet", "No sound.")

    def validate(self, players: int) -> None:
        return None


def test_option_is_what_config_fields_shows() -> None:
    speed, quiet = config_fields(SampleConfig)
    assert speed == {
        "name": "speed",
        "type": "int",
        "default": 2,
        "label": "Speed",
        "help": "1 to 3",
        "choices": [1, 2, 3],
        "rules": ["X-1", "X-2"],
    }
    assert (quiet["default"], quiet["choices"], quiet["rules"]) == (False, None, [])
    assert SampleConfig() == SampleConfig(speed=2, quiet=False)
