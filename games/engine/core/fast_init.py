"""A quicker `__init__` for the frozen dataclasses games record (moves, events, states).

A frozen dataclass's generated `__init__` sets each field through `object.__setattr__`
(its own `__setattr__` refuses): a call per field, and a game builds records at every
move (its events, the moves it lists, the parts of its state). For plain records (every
field in `__init__`, no `__post_init__`, no `__slots__`, no keyword-only field or
`InitVar`) writing the instance dictionary directly builds the same value in about a
third of the time: the same signature, defaults and default factories, the same fields
in the dictionary. Anything else keeps the generated `__init__`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

_FACTORY = object()  # stands for "call the field's default factory"


def speed_up_init(cls: type) -> None:
    """Give the frozen dataclass `cls` the quicker `__init__`, when it is a plain record.
    It is compiled when the first record is built: most processes build only some of the
    registered records, and compiling every one would add to the import."""
    fields = dataclasses.fields(cls)
    every = cls.__dataclass_fields__  # type: ignore[attr-defined]  # InitVars too
    if (
        hasattr(cls, "__post_init__")
        or "__slots__" in vars(cls)
        or len(every) != len(fields)
        or any(not f.init or f.kw_only is True for f in fields)
    ):
        return
    generated = cls.__init__  # type: ignore[misc]

    def first(self: Any, *args: Any, **kwargs: Any) -> None:
        if cls.__init__ is first:  # type: ignore[misc]
            cls.__init__ = _compiled(cls, fields)  # type: ignore[misc]
        generated(self, *args, **kwargs)  # this once, the dataclass's own

    first.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = first  # type: ignore[misc]


def _compiled(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Any:
    params, body = [], []
    env: dict[str, Any] = {"_FACTORY": _FACTORY}
    for f in fields:
        if f.default is not dataclasses.MISSING:
            env[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            env[f"_f_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            body.append(f" if {f.name} is _FACTORY: {f.name} = _f_{f.name}()")
        else:
            params.append(f.name)
    body.append(" self.__dict__.update(" + ", ".join(f"{f.name}={f.name}" for f in fields) + ")")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    exec(source, env)  # built from the field names of a class we define
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init
