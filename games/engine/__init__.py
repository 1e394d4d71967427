"""The rules layer: pure, deterministic, typed Python with no Django import.

`core` holds the contract every game implements; `games/<slug>/` holds each game.

This file also picks the engine's optional mypyc build (issue 14: the bots play 1.1 to 1.5
times as fast compiled, benchmarks/fifteenth-mypyc.md). The Python source is always the
truth: the build lives outside the tree (var/engine-build/, made by
scripts/build_engine.py) with a stamp, the hash of every engine source and the Python
version, and is loaded only when that stamp matches the sources exactly, so an edited
source is never shadowed by a stale build. Otherwise, or with AVALON_ENGINE=source, the
plain source loads, silently.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

SOURCE = Path(__file__).resolve().parent
BUILD = SOURCE.parents[1] / "var" / "engine-build"


def source_stamp(source: Path = SOURCE) -> str:
    """Hash of every engine source (all of them: a compiled module inlines what it imports)
    and of the Python version, the first line of a build's stamp."""
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted(source.rglob("*.py")):
        digest.update(str(path.relative_to(source)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


class _Compiled(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and mypyc's shared library) in the build only."""

    def __init__(self, modules: dict[str, str]) -> None:
        self.modules = modules

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        found = self.modules.get(fullname)
        return None if found is None else importlib.util.spec_from_file_location(fullname, found)


def finder(build: Path = BUILD, source: Path = SOURCE) -> _Compiled | None:
    """The finder of `build`'s compiled modules if its stamp matches `source`, else None."""
    try:
        stamp = (build / "stamp").read_text().split()[0]
    except (OSError, IndexError):
        return None
    if os.environ.get("AVALON_ENGINE") == "source" or stamp != source_stamp(source):
        return None
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return _Compiled(
        {
            ".".join(p.relative_to(build).parts)[: -len(suffix)]: str(p)
            for p in build.rglob("*" + suffix)
        }
    )


def loaded() -> str:
    """Which engine runs: "compiled" (from the mypyc build) or "source"."""
    return "compiled" if any(isinstance(f, _Compiled) for f in sys.meta_path) else "source"


if (_finder := finder()) is not None:
    sys.meta_path.insert(0, _finder)
