"""Issue 13: every game package under games/engine/games/ has the same module roles under the
same names (docs/engine.md), so knowing one game is knowing where to look in all."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import games.engine.games as game_packages
from games.engine.core import all_games
from games.engine.core.package import PackageDefinition, RulesDefinition
from games.engine.games.resistance import GAME, ResistanceConfig, rules, views

# Module role -> the functions every game's module of that role provides.
ROLES: dict[str, tuple[str, ...]] = {
    "config": (),
    "state": (),
    "moves": (),
    "events": (),
    "rules": ("setup", "pending_seats", "legal_moves", "decide", "outcome"),
    "evolve": ("evolve",),
    "views": ("view", "redact", "secrets"),
    "bot": ("bot_move",),
    "definition": (),
}
PACKAGES = sorted(m.name for m in pkgutil.iter_modules(game_packages.__path__) if m.ispkg)


def _module(package: str, role: str) -> ModuleType:
    return importlib.import_module(f"{game_packages.__name__}.{package}.{role}")


def test_every_game_package_is_found() -> None:
    assert PACKAGES == ["colovini", "jousting", "resistance", "tournament"]


@pytest.mark.parametrize("package", PACKAGES)
def test_every_role_module_exists_with_its_functions(package: str) -> None:
    for role, functions in ROLES.items():
        module = _module(package, role)
        # from the source: a module compiled by mypyc (scripts/build_engine.py) has no __doc__
        source = Path(game_packages.__path__[0]) / package / f"{role}.py"
        assert ast.get_docstring(ast.parse(source.read_text())), f"{source} opens with no docstring"
        for name in functions:
            fn = getattr(module, name, None)
            assert callable(fn), f"{module.__name__} has no {name}()"
            # Defined there, not imported: the name means the module that owns it.
            assert fn.__module__ == module.__name__, f"{name} of {package} is not in {role}.py"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_fold_and_decide_are_defined_only_in_their_role_modules(package: str) -> None:
    """Same name, same role: no state.py carries the fold, no flow.py a `decide`."""
    pkg = importlib.import_module(f"{game_packages.__name__}.{package}")
    owners = {"evolve": f"{pkg.__name__}.evolve", "decide": f"{pkg.__name__}.rules"}
    for info in pkgutil.walk_packages(pkg.__path__, f"{pkg.__name__}."):
        module = importlib.import_module(info.name)
        for name, owner in owners.items():
            fn = getattr(module, name, None)
            if callable(fn) and fn.__module__ == module.__name__:
                assert module.__name__ == owner, f"{module.__name__} defines {name}()"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_exports_its_registered_definitions(package: str) -> None:
    """Callers outside the engine import a game's public names from the package itself."""
    pkg = importlib.import_module(f"{game_packages.__name__}.{package}")
    exported = [getattr(pkg, name) for name in pkg.__all__]
    mine = [g for g in all_games() if type(g).__module__ == f"{pkg.__name__}.definition"]
    assert mine
    assert all(any(g is e for e in exported) for g in mine)


def test_a_definition_calls_its_role_functions_unless_its_class_writes_its_own() -> None:
    """core.package sets the hot role functions on the definition (one call less per move);
    a method the game's class writes itself (jousting's optional seats, the Tournament's
    deal) stays its own, and the views stay delegated (tests swap them in their modules)."""
    assert GAME.pending_seats is rules.pending_seats
    assert GAME.legal_moves is rules.legal_moves
    assert GAME.bot_view is views.bot_view
    assert "view" not in vars(GAME)  # still PackageDefinition.view, looked up per call

    class Own(RulesDefinition):  # type: ignore[type-arg]
        roles = GAME.roles

        def outcome(self, state: object) -> None:
            return None

    own = Own("own", "Own", 5, 10, ResistanceConfig)
    assert own.outcome.__func__ is Own.outcome  # type: ignore[attr-defined]
    assert own.legal_moves is rules.legal_moves
    assert PackageDefinition.outcome is not Own.outcome
