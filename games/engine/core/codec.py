"""One codec for moves, events, states and configs: frozen dataclasses to JSON and back.

Types register under a stable string name (never an import path) so a refactor never
orphans a stored log. Decoding is driven by the dataclass type hints, so tuples, frozensets,
enums, optional and nested dataclasses come back as the same values that went in.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar, dataclass_transform

from .errors import MalformedMove
from .fast_init import speed_up_init
from .messages import N_

JSON = Any  # a value json.dumps accepts
T = TypeVar("T")

_TYPES: dict[str, type] = {}
_NAMES: dict[type, str] = {}


def register(name: str) -> Callable[[type[T]], type[T]]:
    """Class decorator: give a dataclass its stable wire name (e.g. "ra.team_proposed")."""

    def deco(cls: type[T]) -> type[T]:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} must be a dataclass")
        if name in _TYPES and _TYPES[name] is not cls:
            raise ValueError(f"type name {name!r} registered twice")
        _TYPES[name] = cls
        _NAMES[cls] = name
        _SHAPES.pop(cls, None)  # encoded before it had its name: not any more
        cls.TYPE = name  # type: ignore[attr-defined]
        return cls

    return deco


@dataclass_transform(frozen_default=True)
class Registered:
    """Base of a game's records (events, moves, parts of its state): each subclass is a
    frozen dataclass registered as "<prefix>.<its name in snake_case>" (`TurnStarted` in
    the "ca" namespace: "ca.turn_started"), so the two decorators and the name every
    record would repeat are written once. A game declares its namespace once per kind of
    record, `class ColoviniEvent(Event, Registered, prefix="ca")` (that base is no record
    itself); a record whose stored name is not its class name's says it with `wire=`.
    The stored names are the wire format: renaming a class renames its type, so a record
    whose class is renamed keeps its old name with `wire=`.
    """

    TYPE: ClassVar[str]
    WIRE_PREFIX: ClassVar[str]

    def __init_subclass__(cls, *, prefix: str = "", wire: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if prefix:
            cls.WIRE_PREFIX = prefix
            return
        own_init = "__init__" in vars(cls)  # kept by the dataclass, and so by us
        dataclasses.dataclass(frozen=True)(cls)
        if not own_init:
            speed_up_init(cls)
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
        register(wire or f"{cls.WIRE_PREFIX}.{snake}")(cls)


def type_name(obj_or_cls: object) -> str:
    cls = obj_or_cls if isinstance(obj_or_cls, type) else type(obj_or_cls)
    try:
        return _NAMES[cls]
    except KeyError:
        raise TypeError(f"{cls.__name__} is not registered with the codec") from None


def lookup(name: str) -> type:
    return _TYPES[name]


def registered() -> dict[str, type]:
    """Every registered name and its class."""
    return dict(_TYPES)


# Per dataclass encoded: its registered name (or None) and its fields' names, in order.
# Looking them up (is_dataclass, dataclasses.fields) for every value was most of the cost
# of encoding a state, which every commit does (issue 14); classes never change.
_SHAPES: dict[type, tuple[str | None, tuple[str, ...]]] = {}
_PLAIN = frozenset({str, int, bool, float, type(None)})


def to_json(value: Any) -> JSON:
    """Encode a registered dataclass (with its "type"), or any nested plain value."""
    cls = type(value)
    if cls in _PLAIN:  # exactly these types (an enum or a str subclass goes on below)
        return value
    shape = _SHAPES.get(cls)
    if shape is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        shape = _SHAPES[cls] = (_NAMES.get(cls), tuple(f.name for f in dataclasses.fields(value)))
    if shape is not None:
        name, names = shape
        out: dict[str, JSON] = {} if name is None else {"type": name}
        for field_name in names:
            out[field_name] = to_json(getattr(value, field_name))
        return out
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (frozenset, set)):
        return sorted((to_json(v) for v in value), key=_sort_key)
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot encode {type(value).__name__}")


_ABSENT = object()


def to_json_against(value: Any, before: Any, before_json: JSON) -> JSON:
    """`to_json(value)`, given `before_json`, which is `to_json(before)`: where `value`
    holds the very objects `before` held (its records are frozen and a move replaces them
    field by field, so a state shares most of itself with the state before it), their
    encoding is taken from `before_json` instead of made again. Encoding a state then
    costs what the move changed, not the whole state (issue 14). The result shares those
    parts with `before_json`: neither may be changed after."""
    if value is before:
        return before_json
    cls = type(value)
    if cls in _PLAIN or cls is not type(before):
        return to_json(value)
    shape = _SHAPES.get(cls)
    if shape is not None and isinstance(before_json, dict):
        name, names = shape
        out: dict[str, JSON] = {} if name is None else {"type": name}
        for field_name in names:
            old_json = before_json.get(field_name, _ABSENT)  # absent: stored by an older shape
            new = getattr(value, field_name)
            out[field_name] = (
                to_json(new)
                if old_json is _ABSENT
                else to_json_against(new, getattr(before, field_name), old_json)
            )
        return out
    sequence = cls is tuple or cls is list
    if sequence and isinstance(before_json, list) and len(before_json) == len(before):
        # Element by element, the new ones (past the end of `before`) made afresh.
        return [
            to_json_against(v, before[i], before_json[i]) if i < len(before) else to_json(v)
            for i, v in enumerate(value)
        ]
    return to_json(value)


def _sort_key(v: JSON) -> tuple[str, str]:
    return (type(v).__name__, repr(v))


def from_json(data: JSON, cls: type[T] | None = None) -> T:
    """Decode a dict made by `to_json`. Without `cls`, its "type" names the class.

    Raises MalformedMove (with the field at fault) on any shape or type mismatch, so
    untrusted input from a client is refused cleanly.
    """
    if not isinstance(data, Mapping):
        raise MalformedMove(N_("expected a JSON object"))
    if cls is None:
        name = data.get("type")
        if not isinstance(name, str) or name not in _TYPES:
            raise MalformedMove(N_("unknown type %(name)s"), field="type", name=repr(name))
        cls = typing.cast("type[T]", _TYPES[name])
    return typing.cast(T, _decode(data, cls, ""))


# Per dataclass: (field name, resolved type hint, required) for its init fields. Resolving
# the hints (typing.get_type_hints evaluates every string annotation) was the costliest
# step of decoding a state; classes never change after import, so once per class is enough.
_FIELDS: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def _init_fields(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    cached = _FIELDS.get(cls)
    if cached is None:
        hints = typing.get_type_hints(cls)
        cached = tuple(
            (
                f.name,
                hints[f.name],
                f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            )
            for f in dataclasses.fields(cls)
            if f.init
        )
        _FIELDS[cls] = cached
    return cached


def _decode(data: JSON, hint: Any, path: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _decode(data, arg, path)
            except MalformedMove as exc:
                errors.append(exc)
        raise (
            errors[0]
            if errors
            else MalformedMove(N_("%(path)s: unexpected null"), path, path=path or "value")
        )
    if origin is typing.Literal:
        if data not in args:
            raise MalformedMove(
                N_("%(path)s must be one of %(allowed)s"),
                path,
                path=path or "value",
                allowed=str(list(args)),
            )
        return data
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(data, Mapping):
            raise MalformedMove(N_("%(path)s must be an object"), path, path=path or "value")
        kwargs = {}
        for name, field_hint, required in _init_fields(hint):
            if name in data:
                sub = f"{path}.{name}" if path else name
                kwargs[name] = _decode(data[name], field_hint, sub)
            elif required:
                sub = f"{path}.{name}" if path else name
                raise MalformedMove(N_("%(path)s is required"), sub, path=sub)
        try:
            return hint(**kwargs)
        except (TypeError, ValueError) as exc:
            raise MalformedMove(
                N_("%(path)s: %(error)s"), path or None, path=path or hint.__name__, error=str(exc)
            ) from None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except ValueError:
            allowed = [m.value for m in hint]
            raise MalformedMove(
                N_("%(path)s must be one of %(allowed)s"),
                path,
                path=path or "value",
                allowed=str(allowed),
            ) from None
    if origin in (tuple, frozenset, list, set) or hint in (tuple, frozenset, list):
        if not isinstance(data, list):
            raise MalformedMove(N_("%(path)s must be a list"), path, path=path or "value")
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            items = [_decode(v, args[0], f"{path}[{i}]") for i, v in enumerate(data)]
        elif origin is tuple and args:
            if len(args) != len(data):
                raise MalformedMove(
                    N_("%(path)s must have %(count)s items"),
                    path,
                    path=path or "value",
                    count=len(args),
                )
            pairs = enumerate(zip(args, data, strict=True))
            items = [_decode(v, a, f"{path}[{i}]") for i, (a, v) in pairs]
        else:
            item_hint = args[0] if args else Any
            items = [_decode(v, item_hint, f"{path}[{i}]") for i, v in enumerate(data)]
        if origin is frozenset or hint is frozenset:
            return frozenset(items)
        if origin in (list, set):
            return items if origin is list else set(items)
        return tuple(items)
    if origin in (dict, Mapping) or origin is typing.get_origin(Mapping[str, int]):
        if not isinstance(data, Mapping):
            raise MalformedMove(N_("%(path)s must be an object"), path, path=path or "value")
        key_hint, val_hint = args or (str, Any)
        out = {}
        for k, v in data.items():
            key = int(k) if key_hint is int else k
            out[key] = _decode(v, val_hint, f"{path}.{k}")
        return out
    if hint is bool:
        if not isinstance(data, bool):
            raise MalformedMove(N_("%(path)s must be true or false"), path, path=path or "value")
        return data
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise MalformedMove(N_("%(path)s must be a whole number"), path, path=path or "value")
        return data
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise MalformedMove(N_("%(path)s must be a number"), path, path=path or "value")
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            raise MalformedMove(N_("%(path)s must be text"), path, path=path or "value")
        return data
    if hint is type(None):
        if data is not None:
            raise MalformedMove(N_("%(path)s must be null"), path, path=path or "value")
        return None
    raise TypeError(f"codec cannot decode hint {hint!r} at {path!r}")
