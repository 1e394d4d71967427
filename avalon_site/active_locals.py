"""The active language and time zone held in plain context variables (issue 14).

Django keeps each in an asgiref `Local` (`trans_real._active`, `timezone._active`): every
`gettext`, `get_language` and `get_current_timezone` reads it, through a lock, two Python
calls and a thread check, about 300 reads per pushed update of a 5-player game. asgiref's
`Local` is itself a context variable underneath; the lock and the thread tag are there
for Python 3.14's threads that inherit their parent's context (free-threaded builds). On
an interpreter whose threads start with an empty context, a bare `ContextVar` behaves the
same: thread-local in sync code, task-local in async code, carried across
`sync_to_async` and `async_to_sync` (asgiref copies every context variable both ways).
`install` swaps them in once, at start-up; Django puts a `Local` back when a test changes
the language settings (django.test.signals), which only costs the speed back.

Measured: a 5-player game's pushed updates, 59 of them (benchmarks/callgrind_renders.py),
1,198.7 M instructions with Django's locals, 1,058.9 M with these (-11.7 %), the same
bytes."""

from __future__ import annotations

import contextvars
import sys
from typing import Any

_UNSET: Any = object()


class ActiveValue:
    """A `Local` holding one attribute, `value`, as Django's two modules use theirs:
    read with getattr(local, "value", default), set, deleted, tested with hasattr."""

    __slots__ = ("_var",)

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_var", contextvars.ContextVar(name, default=_UNSET))

    def __getattr__(self, key: str) -> Any:
        if key == "value":
            value = self._var.get()
            if value is not _UNSET:
                return value
        raise AttributeError(key)

    def __setattr__(self, key: str, value: Any) -> None:
        if key != "value":
            raise AttributeError(key)
        self._var.set(value)

    def __delattr__(self, key: str) -> None:
        if key != "value" or self._var.get() is _UNSET:
            raise AttributeError(key)
        self._var.set(_UNSET)


def install() -> None:
    """Swap Django's two locals for ours, where threads start with an empty context."""
    if getattr(sys.flags, "thread_inherit_context", False):
        return
    from django.utils import timezone
    from django.utils.translation import trans_real

    for module, name in ((trans_real, "translation"), (timezone, "timezone")):
        if not isinstance(getattr(module, "_active", None), ActiveValue):
            setattr(module, "_active", ActiveValue(f"django.{name}.active"))  # noqa: B010
