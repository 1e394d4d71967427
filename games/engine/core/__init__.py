"""The game-agnostic core of the rules layer: contract, codec, errors, registry, runner,
and the pieces games share: emit-and-fold (`Emitter`) and the power-hook registry
(`HookRegistry`)."""

from .codec import JSON, from_json, lookup, register, to_json, type_name
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
    public_redact,
)
from .emitter import Emitter
from .errors import EngineError, GameOver, IllegalMove, InvalidConfig, MalformedMove, NotYourTurn
from .hooks import HookRegistry
from .registry import all_games, get_game, register_game
from .runner import acting_seats, apply, fold, rng_for, start

__all__ = [
    "JSON",
    "Config",
    "Emitter",
    "EngineError",
    "Event",
    "GameDefinition",
    "GameOver",
    "HookRegistry",
    "IllegalMove",
    "InvalidConfig",
    "MalformedMove",
    "Move",
    "NotYourTurn",
    "Outcome",
    "Secret",
    "Seat",
    "Viewer",
    "acting_seats",
    "all_games",
    "apply",
    "config_fields",
    "fold",
    "from_json",
    "get_game",
    "lookup",
    "public_redact",
    "register",
    "register_game",
    "rng_for",
    "start",
    "to_json",
    "type_name",
]
