"""Importing this package registers every built-in game with the registry."""

from . import (
    colovini,  # noqa: F401
    jousting,  # noqa: F401
    resistance,  # noqa: F401
    tournament,  # noqa: F401
)
