"""Typed errors the rules raise. Each has a stable `code` clients can switch on and a
message written for the player who made the move."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "engine_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalMove(EngineError):
    """The move breaks a rule; the message names the rule in plain words."""

    code = "illegal_move"


class NotYourTurn(EngineError):
    """The seat has nothing to decide right now."""

    code = "not_your_turn"


class GameOver(EngineError):
    """The game has ended; no more moves are taken."""

    code = "game_over"


class InvalidConfig(EngineError):
    """Table options that cannot be played (refused when the table is created or started)."""

    code = "invalid_config"


class MalformedMove(EngineError):
    """The move could not be decoded: unknown type, missing or mistyped field."""

    code = "malformed_move"

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field
