"""The power-hook registry: small handlers registered against named engine hooks.

Card and region powers are data naming a power key (an `effect`, a region power); a game
declares its hooks once, its power modules register one handler per (hook, key), and its
rules ask the registry for the handler of each active power when they reach a hook. Which
powers are active, and in what order they answer, stays with the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Handler = Callable[..., Any]


class HookRegistry:
    """One game's named hooks and the handler registered for each (hook, power key)."""

    def __init__(self, hooks: Iterable[str]) -> None:
        self.hooks: tuple[str, ...] = tuple(hooks)
        self._handlers: dict[str, dict[str, Handler]] = {hook: {} for hook in self.hooks}

    def handler(self, hook: str, key: str) -> Callable[[Handler], Handler]:
        """Decorator: `fn` answers `hook` for powers keyed `key`. A key answers a hook once,
        so two modules cannot silently replace each other's handler."""
        table = self._table(hook)

        def deco(fn: Handler) -> Handler:
            if key in table and table[key] is not fn:
                raise ValueError(f"hook {hook!r} already has a handler for {key!r}")
            table[key] = fn
            return fn

        return deco

    def get(self, hook: str, key: str) -> Handler | None:
        """The handler of `key` for `hook`, or None when that power ignores the hook."""
        table = self._handlers.get(hook)  # asked on every power check: one lookup, no call
        if table is None:
            raise ValueError(f"unknown hook {hook!r}")
        return table.get(key)

    def registered(self, hook: str) -> frozenset[str]:
        """The power keys with a handler for `hook`."""
        return frozenset(self._table(hook))

    def _table(self, hook: str) -> dict[str, Handler]:
        try:
            return self._handlers[hook]
        except KeyError:
            raise ValueError(f"unknown hook {hook!r}") from None
