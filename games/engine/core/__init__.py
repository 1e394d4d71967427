"""The game-agnostic core of the rules layer: contract, codec, errors, registry, runner,
and the pieces games share: translatable messages (`Message`, `N_`), emit-and-fold
(`Emitter`), the power-hook registry (`HookRegistry`) and the fast copy of a frozen record
(`replace`). `core.memo` builds view parts once per unchanged record."""

from .codec import JSON, Registered, from_json, lookup, register, to_json, type_name
from .definition import (
    Config,
    Event,
    GameDefinition,
    Move,
    Outcome,
    Seat,
    Secret,
    Viewer,
    config_fields,
    option,
    public_redact,
)
from .emitter import Emitter
from .errors import EngineError, GameOver, IllegalMove, InvalidConfig, MalformedMove, NotYourTurn
from .frozen import replace
from .hooks import HookRegistry
from .lazy import LazyMoves
from .messages import N_, Message, joined, msg, render
from .registry import all_games, get_game, register_game
from .runner import acting_seats, apply, bot_choice, fold, rng_for, start

__all__ = [
    "JSON",
    "Config",
    "Emitter",
    "EngineError",
    "Event",
    "GameDefinition",
    "GameOver",
    "HookRegistry",
    "LazyMoves",
    "IllegalMove",
    "InvalidConfig",
    "MalformedMove",
    "Message",
    "Move",
    "N_",
    "NotYourTurn",
    "Outcome",
    "Secret",
    "Seat",
    "Viewer",
    "acting_seats",
    "all_games",
    "apply",
    "bot_choice",
    "config_fields",
    "fold",
    "from_json",
    "get_game",
    "joined",
    "lookup",
    "msg",
    "option",
    "public_redact",
    "Registered",
    "register",
    "register_game",
    "render",
    "replace",
    "rng_for",
    "start",
    "to_json",
    "type_name",
]
