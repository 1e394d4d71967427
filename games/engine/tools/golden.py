"""Golden playthroughs: complete recorded games, replayed and compared in CI.

    python -m games.engine.tools.golden --write [--game slug]   # (re)generate the files
    python -m games.engine.tools.golden [--game slug]           # compare, exit 1 on change

A golden file (tests/engine/golden/<slug>/<case>.json) holds the table options, the
player count, the seed, and one step per line: who moved, the move, the events it caused,
and every seat's view and the spectator's view after it, each stored as a delta from the
same viewer's view one step before (see `delta`), so files stay small and diffs readable.
Moves come from the game's bot when the file is written; checking replays the recorded
moves, so a golden pins the rules and the views, not the bot. A game chooses its cases with an
optional `golden_cases()` (config, players) list; by default its first and last
`contract_configs()`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from random import Random
from typing import Any

from games.engine.core import (
    JSON,
    GameDefinition,
    Move,
    all_games,
    apply,
    from_json,
    get_game,
    rng_for,
    start,
    to_json,
)

ROOT = Path(__file__).resolve().parents[3] / "tests" / "engine" / "golden"
MAX_STEPS = 2000


def cases(game: GameDefinition[Any, Any]) -> list[tuple[Any, int]]:
    chosen = getattr(game, "golden_cases", None)
    if chosen is not None:
        return list(chosen())
    configs = list(game.contract_configs())
    return configs[:1] + configs[-1:] if len(configs) > 1 else configs


def views(game: GameDefinition[Any, Any], state: Any, players: int) -> dict[str, JSON]:
    out: dict[str, JSON] = {str(seat): game.view(state, seat) for seat in range(players)}
    out["spectator"] = game.view(state, None)
    return out


def record(game: GameDefinition[Any, Any], config: Any, players: int, seed: str) -> dict[str, Any]:
    """Play one game with seeded random legal moves and record every step."""
    rng = Random(seed)
    events, state = start(game, config, players, rng_for(seed, 0))
    seq = len(events)
    steps: list[dict[str, JSON]] = [
        {
            "seat": None,
            "move": None,
            "events": [to_json(e) for e in events],
            "views": views(game, state, players),
        }
    ]
    while game.outcome(state) is None and len(steps) < MAX_STEPS:
        seat = rng.choice(sorted(game.pending_seats(state)))
        legal = game.legal_moves(state, seat)
        move = game.bot_move(game.view(state, seat), legal, rng_for(f"{seed}:bot", seq))
        new, state = apply(game, state, seat, move, rng_for(seed, seq))
        seq += len(new)
        steps.append(
            {
                "seat": seat,
                "move": to_json(move),
                "events": [to_json(e) for e in new],
                "views": views(game, state, players),
            }
        )
    return {
        "game": game.slug,
        "rules_version": game.rules_version,
        "config": to_json(config),
        "players": players,
        "seed": seed,
        "steps": steps,
    }


def replay(
    game: GameDefinition[Any, Any], golden: dict[str, Any]
) -> Iterator[tuple[int, dict[str, JSON]]]:
    """Re-run the recorded moves; yield (step number, step as it comes out now)."""
    config = from_json(golden["config"], game.config_type)
    players, seed = golden["players"], golden["seed"]
    events, state = start(game, config, players, rng_for(seed, 0))
    seq = len(events)
    yield (
        0,
        {
            "seat": None,
            "move": None,
            "events": [to_json(e) for e in events],
            "views": views(game, state, players),
        },
    )
    for index, step in enumerate(golden["steps"][1:], start=1):
        move: Move = from_json(step["move"])
        new, state = apply(game, state, step["seat"], move, rng_for(seed, seq))
        seq += len(new)
        yield (
            index,
            {
                "seat": step["seat"],
                "move": to_json(move),
                "events": [to_json(e) for e in new],
                "views": views(game, state, players),
            },
        )


def differences(game: GameDefinition[Any, Any], golden: dict[str, Any]) -> list[str]:
    """Where a replay departs from the golden file (empty: identical)."""
    out: list[str] = []
    steps = golden["steps"]
    seen = 0
    for index, now in replay(game, json.loads(json.dumps(golden))):
        seen = index + 1
        was = steps[index]
        for key in ("events", "views"):
            if json.loads(json.dumps(now[key])) != was[key]:
                out.append(f"step {index}: {key} differ ({_first_difference(was[key], now[key])})")
        if out:
            return out
    if seen != len(steps):
        out.append(f"replay ended after {seen} of {len(steps)} steps")
    return out


def _first_difference(was: JSON, now: JSON, path: str = "") -> str:
    now = json.loads(json.dumps(now))
    if isinstance(was, dict) and isinstance(now, dict):
        for key in sorted(set(was) | set(now)):
            if was.get(key) != now.get(key):
                return _first_difference(was.get(key), now.get(key), f"{path}.{key}")
    if isinstance(was, list) and isinstance(now, list) and len(was) == len(now):
        for i, (a, b) in enumerate(zip(was, now, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return f"at {path or 'top'}: was {json.dumps(was)[:120]}, now {json.dumps(now)[:120]}"


def delta(old: JSON, new: JSON) -> JSON:
    """How `new` differs from `old`: {"=": v} replace, {"+": items} list append,
    {"[]": {i: d}} list items, {"~": {key: d}, "-": [keys]} object keys; None: unchanged."""
    if old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        changed = {k: delta(old.get(k), v) for k, v in new.items() if k not in old or old[k] != v}
        out: dict[str, JSON] = {
            "~": {k: d if k in old else {"=": new[k]} for k, d in changed.items()}
        }
        removed = sorted(set(old) - set(new))
        if removed:
            out["-"] = removed
        return out
    if isinstance(old, list) and isinstance(new, list):
        if len(new) > len(old) and new[: len(old)] == old:
            return {"+": new[len(old) :]}
        if len(new) == len(old):
            return {
                "[]": {
                    str(i): delta(a, b)
                    for i, (a, b) in enumerate(zip(old, new, strict=True))
                    if a != b
                }
            }
    return {"=": new}


def patch(old: JSON, change: JSON) -> JSON:
    """Apply a `delta` to `old`."""
    if change is None:
        return old
    if "=" in change:
        return change["="]
    if "+" in change:
        return [*old, *change["+"]]
    if "[]" in change:
        items = list(old)
        for i, d in change["[]"].items():
            items[int(i)] = patch(items[int(i)], d)
        return items
    out = {k: v for k, v in old.items() if k not in change.get("-", ())}
    for k, d in change["~"].items():
        out[k] = patch(old.get(k), d)
    return out


def compress(golden: dict[str, Any]) -> dict[str, Any]:
    """Store every view as deltas from the same viewer's previous view, key by key, and
    let viewers with equal deltas share one entry (public parts are stored once):
    "views": {key: [[[viewer, ...], delta], ...]}; a key that disappears: {"-": true}."""
    previous: dict[str, dict[str, JSON]] = {}
    steps = []
    for step in golden["steps"]:
        now = json.loads(json.dumps(step["views"]))
        keys = sorted({k for view in [*now.values(), *previous.values()] for k in view})
        shared: dict[str, list[JSON]] = {}
        for key in keys:
            groups: dict[str, list[str]] = {}
            for viewer, view in now.items():
                old = previous.get(viewer, {})
                if key not in view:
                    d: JSON = {"-": True} if key in old else None
                else:
                    d = delta(old[key], view[key]) if key in old else {"=": view[key]}
                if d is not None:
                    groups.setdefault(json.dumps(d, sort_keys=True), []).append(viewer)
            if groups:
                shared[key] = [[viewers, json.loads(d)] for d, viewers in groups.items()]
        steps.append({**step, "views": shared})
        previous = now
    return {**golden, "steps": steps}


def expand(golden: dict[str, Any]) -> dict[str, Any]:
    previous: dict[str, dict[str, JSON]] = {}
    steps = []
    for step in golden["steps"]:
        views_now = {viewer: dict(view) for viewer, view in previous.items()}
        for key, groups in step["views"].items():
            for viewers, d in groups:
                for viewer in viewers:
                    view = views_now.setdefault(viewer, {})
                    if d.get("-") is True:
                        view.pop(key, None)
                    else:
                        view[key] = patch(view.get(key), d)
        steps.append({**step, "views": views_now})
        previous = views_now
    return {**golden, "steps": steps}


def golden_path(slug: str, index: int, players: int) -> Path:
    return ROOT / slug / f"case{index}-p{players}.json"


def dump(golden: dict[str, Any]) -> str:
    """One step per line: reviewable diffs without megabytes of indentation."""
    head = {k: v for k, v in golden.items() if k != "steps"}
    lines = [json.dumps(head, sort_keys=True)[:-1] + ', "steps": [']
    steps = [json.dumps(step, sort_keys=True, separators=(",", ":")) for step in golden["steps"]]
    lines.append(",\n".join(steps))
    lines.append("]}")
    return "\n".join(lines) + "\n"


def write(game: GameDefinition[Any, Any]) -> list[Path]:
    folder = ROOT / game.slug
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    paths = []
    for index, (config, players) in enumerate(cases(game)):
        golden = record(game, config, players, f"golden:{game.slug}:{index}")
        path = golden_path(game.slug, index, players)
        path.write_text(dump(compress(golden)))
        paths.append(path)
    return paths


def files(slug: str | None = None) -> list[Path]:
    pattern = f"{slug}/*.json" if slug else "*/*.json"
    return sorted(ROOT.glob(pattern))


def check(path: Path) -> list[str]:
    golden = expand(json.loads(path.read_text()))
    return differences(get_game(golden["game"]), golden)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write or check golden playthroughs.")
    parser.add_argument("--write", action="store_true", help="regenerate the golden files")
    parser.add_argument("--game", help="a game slug (default: every registered game)")
    args = parser.parse_args(argv)
    chosen = [get_game(args.game)] if args.game else all_games()
    failed = False
    for game in chosen:
        if args.write:
            for path in write(game):
                print(f"wrote {path.relative_to(ROOT.parents[2])}")
            continue
        for path in files(game.slug):
            problems = check(path)
            failed |= bool(problems)
            print(f"{'CHANGED' if problems else 'ok'} {path.name}: {'; '.join(problems)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
