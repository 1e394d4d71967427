"""Compile the rules engine with mypyc into var/engine-build/ (issue 14: the bots' speed).

    .venv/bin/python scripts/build_engine.py            # build if stale (else say so)
    .venv/bin/python scripts/build_engine.py --force    # build anyway
    .venv/bin/python scripts/build_engine.py --opt 0    # quick build for trying things

The build is optional: games/engine/__init__.py loads it only while its stamp (first
line: `games.engine.source_stamp()`, the hash of every engine source and the Python
version) matches the sources, else the plain source. The stamp's other words (mypy's
version, this script's hash) only make this script build again. The build is made in
a fresh directory and moved into place with its stamp last, so a failed build leaves
no build, never a half one.

Left out (they stay Python, and load from the source next to the compiled ones):
- every `__init__.py`: packages and their re-exports, so no compiled package is needed;
- core/codec.py and core/fast_init.py, every config.py, moves.py, events.py, state.py,
  core/definition.py, core/package.py, core/audience.py and every game's definition.py:
  they define the records (`Registered` dataclasses made in `__init_subclass__`, their
  bases and the class attributes they narrow), which mypyc's native classes cannot be;
- core/lazy.py and its subclasses' modules (colovini/play_moves.py, jousting/lazy_moves.py,
  tournament/passes.py): compiled, a subclass of the abstract `Sequence` shares its ABC
  registry, so `isinstance([], PlayMoves)` and `issubclass(tuple, LazyMoves)` say True;
- core/errors.py: a native subclass of `Exception` never gets its class-body defaults,
  so every error's `code` would be missing;
- tools/golden.py: finds its files from `__file__`.

A compiled module has no `__doc__` (mypyc drops module docstrings): tests read them from
the source.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import string
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["AVALON_ENGINE"] = "source"  # hash the sources, never load an old build

from mypy.version import __version__ as mypy_version  # noqa: E402

from games.engine import BUILD, SOURCE, source_stamp  # noqa: E402

LEFT_OUT_NAMES = {"__init__.py", "config.py", "moves.py", "events.py", "state.py", "definition.py"}
LEFT_OUT_PATHS = {
    "core/codec.py",
    "core/errors.py",
    "core/fast_init.py",
    "core/package.py",
    "core/audience.py",
    "tools/golden.py",
    "core/lazy.py",
    "games/colovini/play_moves.py",
    "games/jousting/lazy_moves.py",
    "games/tournament/passes.py",
}


def compiled_sources() -> list[Path]:
    """The engine's modules mypyc compiles, relative to the project's root."""
    return [
        path.relative_to(ROOT)
        for path in sorted(SOURCE.rglob("*.py"))
        if path.name not in LEFT_OUT_NAMES and str(path.relative_to(SOURCE)) not in LEFT_OUT_PATHS
    ]


def full_stamp(opt: str) -> str:
    script = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    python = sys.version.split()[0]
    return f"{source_stamp()} python-{python} mypy-{mypy_version} script-{script} opt-{opt}\n"


# The setup.py mypyc's setuptools build runs. `multi_file` writes a C file per module, and
# distutils compiles one extension's files one after the other: compiled in `jobs` threads
# (each a gcc process) instead, the build takes 64 s instead of 91 s on two cores. This
# replaces a private method of setuptools' compiler: requirements.txt pins setuptools for it.
SETUP = string.Template(
    """
from concurrent.futures import ThreadPoolExecutor

from mypyc.build import mypycify
from setuptools import setup
from setuptools._distutils import ccompiler


def compile(self, sources, output_dir=None, macros=None, include_dirs=None, debug=0,
            extra_preargs=None, extra_postargs=None, depends=None):
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

    def one(obj):
        src, ext = build[obj]
        self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

    with ThreadPoolExecutor($jobs) as pool:
        list(pool.map(one, objects))
    return objects


ccompiler.CCompiler.compile = compile
setup(
    name="avalon-engine",
    packages=[],
    py_modules=[],
    ext_modules=mypycify(
        $sources + $options, opt_level=$opt, multi_file=True, target_dir=$target
    ),
)
"""
)


def build(opt: str, jobs: int) -> None:
    work = BUILD.with_name("engine-build-work")
    shutil.rmtree(work, ignore_errors=True)
    (work / "c").mkdir(parents=True)
    (work / "mypy.ini").write_text("[mypy]\nstrict = True\npython_version = 3.11\n")
    stamp = full_stamp(opt)
    sources = [str(p) for p in compiled_sources()]
    setup = SETUP.substitute(
        sources=sources,
        options=["--config-file", str(work / "mypy.ini"), "--cache-dir", str(work / "mypy-cache")],
        opt=repr(opt),
        target=repr(str(work / "c")),
        jobs=jobs,
    )
    (work / "setup.py").write_text(setup)
    # Every gcc command line would be a few hundred lines of a CI log: they go to a file,
    # shown only when the build fails (the work directory is then kept).
    log = work / "build.log"
    with log.open("wb") as out:
        done = subprocess.run(
            [
                sys.executable,
                str(work / "setup.py"),
                "build_ext",
                "--build-lib",
                str(work / "lib"),
                "--build-temp",
                str(work / "obj"),
            ],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=False,
        )
    if done.returncode:
        sys.stderr.write(log.read_text(errors="replace")[-20000:])
        raise SystemExit(f"the engine's build failed (exit {done.returncode}): {log}")
    (work / "lib" / "stamp").write_text(stamp)
    shutil.rmtree(BUILD, ignore_errors=True)
    (work / "lib").rename(BUILD)
    shutil.rmtree(work)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--force", action="store_true", help="build even if the stamp is fresh")
    parser.add_argument("--opt", default="3", help="mypyc's optimisation level (0 to 3)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel gcc")
    args = parser.parse_args()
    try:
        fresh = (BUILD / "stamp").read_text() == full_stamp(args.opt)
    except OSError:
        fresh = False
    if fresh and not args.force:
        sys.stdout.write(f"engine build up to date: {BUILD}\n")
        return
    began = time.monotonic()
    build(args.opt, args.jobs)
    sys.stdout.write(f"engine built in {time.monotonic() - began:.0f} s: {BUILD}\n")


if __name__ == "__main__":
    main()
