"""Importing this package registers every built-in game with the registry."""

from . import resistance  # noqa: F401
from . import tournament  # noqa: F401
