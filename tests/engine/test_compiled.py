"""The engine's optional mypyc build (games/engine/__init__.py, scripts/build_engine.py):
loaded only while its stamp matches every engine source, never when forced to the source,
and, when present, playing the very same games as the source."""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

import games.engine
import games.engine.core.runner
from games.engine import BUILD, SOURCE, finder, loaded, source_stamp

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _tree(tmp_path: Path) -> tuple[Path, Path]:
    """A one-module engine source and a build of it (empty files: nothing is loaded)."""
    source, build = tmp_path / "engine", tmp_path / "build"
    (source / "core").mkdir(parents=True)
    (source / "core" / "rules.py").write_text("X = 1\n")
    (build / "games" / "engine" / "core").mkdir(parents=True)
    (build / "games" / "engine" / "core" / f"rules{SUFFIX}").touch()
    (build / f"0123__mypyc{SUFFIX}").touch()
    return source, build


@pytest.fixture
def not_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AVALON_ENGINE", raising=False)


@pytest.mark.usefixtures("not_forced")
def test_no_stamp_or_a_stale_one_means_source(tmp_path: Path) -> None:
    source, build = _tree(tmp_path)
    assert finder(build, source) is None  # no stamp
    (build / "stamp").write_text(source_stamp(source) + " python-3 mypy-2\n")
    (source / "core" / "rules.py").write_text("X = 2\n")  # edited after the build
    assert finder(build, source) is None
    (build / "stamp").write_text(source_stamp(source) + " python-3 mypy-2\n")
    (source / "core" / "new.py").write_text("")  # a module added after the build
    assert finder(build, source) is None
    (build / "stamp").write_text("")
    assert finder(build, source) is None


@pytest.mark.usefixtures("not_forced")
def test_a_fresh_stamp_loads_the_build(tmp_path: Path) -> None:
    source, build = _tree(tmp_path)
    (build / "stamp").write_text(source_stamp(source) + " python-3 mypy-2\n")
    found = finder(build, source)
    assert found is not None
    spec = found.find_spec("games.engine.core.rules")
    assert spec is not None
    assert spec.origin == str(build / "games/engine/core" / f"rules{SUFFIX}")
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert found.find_spec("0123__mypyc") is not None  # mypyc's shared library
    assert found.find_spec("games.engine.core.codec") is None  # left out: the source's


def test_forced_to_the_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, build = _tree(tmp_path)
    (build / "stamp").write_text(source_stamp(source) + "\n")
    monkeypatch.setenv("AVALON_ENGINE", "source")
    assert finder(build, source) is None


def test_loaded_says_where_the_modules_come_from() -> None:
    runner = Path(games.engine.core.runner.__file__ or "")
    assert runner.is_relative_to(BUILD if loaded() == "compiled" else SOURCE)


_HASHES = """
import sys
sys.path.insert(0, {root!r})
from benchmarks.bench_engine import same_games, setups
from games.engine import loaded
print(loaded())
for setup in setups():
    if setup.label in {labels!r}:
        print(setup.label, same_games(setup, 4))
"""


def test_compiled_plays_the_same_games_as_the_source() -> None:
    """The `bench_engine.py --check` hashes (4 games per setup, one setup per game), in a
    process with the build and one forced to the source."""
    stamp = BUILD / "stamp"
    if not stamp.exists() or stamp.read_text().split()[:1] != [source_stamp()]:
        pytest.skip("no fresh engine build (scripts/build_engine.py)")
    labels = (
        "Resistance 10p, every role, Lady",
        "Tournament: Chaos of Battle 5p",
        "Colovini 2p",
        "Jousting 4p",
    )
    script = _HASHES.format(root=str(ROOT), labels=labels)
    env = {k: v for k, v in os.environ.items() if k != "AVALON_ENGINE"}
    runs = [
        subprocess.run(
            [sys.executable, "-c", script], env=e, capture_output=True, text=True, check=True
        ).stdout.splitlines()
        for e in (env, {**env, "AVALON_ENGINE": "source"})
    ]
    assert [runs[0][0], runs[1][0]] == ["compiled", "source"]
    assert runs[0][1:] == runs[1][1:]
    assert len(runs[0]) == 1 + len(labels)
