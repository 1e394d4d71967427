"""The game-agnostic core of the rules layer: contract, codec, errors, registry, runner."""

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
from .errors import EngineError, GameOver, IllegalMove, InvalidConfig, MalformedMove, NotYourTurn
from .registry import all_games, get_game, register_game
from .runner import acting_seats, apply, fold, rng_for, start

__all__ = [
    "JSON",
    "Config",
    "EngineError",
    "Event",
    "GameDefinition",
    "GameOver",
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
