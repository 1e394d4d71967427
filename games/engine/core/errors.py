"""Typed errors the rules raise. Each has a stable `code` clients can switch on and a
message written for the player who made the move: a `Message` (an English template marked
for translation and its parameters, core.messages) that the edge renders in the player's
language; `message` is its English text."""

from __future__ import annotations

from typing import Any

from .messages import Message


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "engine_error"

    def __init__(self, message: str | Message, **params: Any) -> None:
        text = message if isinstance(message, Message) else Message(message, params)
        super().__init__(str(text))
        self.text = text
        self.message = str(text)


class IllegalMove(EngineError):
    """The move breaks a rule; the message names the rule in plain words. `rule` is the
    rule's ID (docs/rules) as data, never in the message: the site links it to the rule on
    the game's How to play page. `game` is the slug of the game whose rule it is (the runner
    fills it in), since one engine may be registered as several games."""

    code = "illegal_move"

    def __init__(self, message: str | Message, rule: str | None = None, **params: Any) -> None:
        super().__init__(message, **params)
        self.rule = rule
        self.game: str | None = None


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

    def __init__(self, message: str | Message, field: str | None = None, **params: Any) -> None:
        super().__init__(message, **params)
        self.field = field
