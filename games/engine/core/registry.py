"""The registry of game definitions, keyed by slug."""

from __future__ import annotations

from typing import Any

from .definition import GameDefinition

_GAMES: dict[str, GameDefinition[Any, Any]] = {}


def register_game(definition: GameDefinition[Any, Any]) -> GameDefinition[Any, Any]:
    if definition.slug in _GAMES and _GAMES[definition.slug] is not definition:
        raise ValueError(f"game {definition.slug!r} registered twice")
    _GAMES[definition.slug] = definition
    return definition


def get_game(slug: str) -> GameDefinition[Any, Any]:
    _load_builtin_games()
    try:
        return _GAMES[slug]
    except KeyError:
        raise KeyError(f"no game {slug!r}") from None


def all_games() -> list[GameDefinition[Any, Any]]:
    _load_builtin_games()
    return list(_GAMES.values())


_loaded: list[bool] = []  # the game packages were imported


def _load_builtin_games() -> None:
    # Importing the game packages registers them; done lazily so `core` has no cycles. Once
    # only: importing a package's module again still runs importlib's Python code, and every
    # read of a game asks (about ten times per move, issue 14).
    if _loaded:
        return
    from .. import games as _games  # noqa: F401

    _loaded.append(True)
