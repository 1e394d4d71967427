"""Golden playthroughs: replaying each recorded game gives the same events and views.

Regenerate after an intended change with
    .venv/bin/python -m games.engine.tools.golden --write [--game slug]
and review the diff of tests/engine/golden/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine.core import all_games, get_game
from games.engine.tools import golden


def _site_games() -> list[str]:
    """The games the site ships (registered from games.engine.games), not test-only toys."""
    return [g.slug for g in all_games() if type(g).__module__.startswith("games.engine.games.")]


@pytest.mark.parametrize("path", golden.files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_playthrough_replays_identically(path: Path) -> None:
    problems = golden.check(path)
    assert not problems, (
        f"{path.name} changed: {problems}. If intended, regenerate with "
        "`.venv/bin/python -m games.engine.tools.golden --write` and review the diff."
    )


@pytest.mark.parametrize("slug", _site_games())
def test_every_game_has_golden_playthroughs(slug: str) -> None:
    assert golden.files(slug), (
        f"no golden playthroughs for {slug}: run "
        f"`.venv/bin/python -m games.engine.tools.golden --write --game {slug}`"
    )


def test_golden_files_hold_complete_games_with_every_view() -> None:
    for path in golden.files():
        data = golden.expand(json.loads(path.read_text()))
        players = data["players"]
        for step in data["steps"]:
            assert set(step["views"]) == {*map(str, range(players)), "spectator"}
        assert data["steps"][-1]["views"]["spectator"] is not None


def test_delta_and_patch_round_trip() -> None:
    old = {"a": [1, 2], "b": {"c": 1, "d": 2}, "e": [{"x": 1}, {"x": 2}], "gone": 1}
    new = {"a": [1, 2, 3], "b": {"c": 5, "d": 2}, "e": [{"x": 1}, {"x": 3}], "f": None}
    assert golden.patch(old, golden.delta(old, new)) == new
    assert golden.delta(old, old) is None


def test_a_changed_view_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    path = golden.files("resistance-avalon")[0]
    game = get_game("resistance-avalon")
    original = type(game).view

    def altered(self, state, viewer):
        view = original(self, state, viewer)
        view["rejections"] = -1
        return view

    monkeypatch.setattr(type(game), "view", altered)
    problems = golden.check(path)
    assert problems
    assert "step 0: views differ" in problems[0]
    assert ".rejections" in problems[0]
