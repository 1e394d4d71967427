"""The site's ASGI application as the reliability tests serve it: the real one, plus the
tests' toy game registered (tests/games/toygame.py), so a uvicorn subprocess can play it."""

from __future__ import annotations

from avalon_site.asgi import application
from tests.games import toygame  # noqa: F401  (registers "toy-secrets")

__all__ = ["application"]
