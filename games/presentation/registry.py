"""Which presenter words which game: an explicit registry keyed by the engine's slug.

Each game's presentation package registers its presenter when imported; `presenter_for`
is the one place a presenter is looked up. A game without one gets the generic presenter,
so a new engine is playable at once.
"""

from __future__ import annotations

from .base import GENERIC, Presenter

_PRESENTERS: dict[str, Presenter] = {}


def register_presenter(presenter: Presenter) -> Presenter:
    """Register `presenter` under each of its slugs (a slug is worded by one presenter)."""
    for slug in presenter.slugs:
        if _PRESENTERS.get(slug, presenter) is not presenter:
            raise ValueError(f"a presenter for {slug!r} is already registered")
        _PRESENTERS[slug] = presenter
    return presenter


def presenter_for(slug: str) -> Presenter:
    _load_builtin_presenters()
    return _PRESENTERS.get(slug, GENERIC)


def registered_presenters() -> dict[str, Presenter]:
    """Every registered presenter by slug (for tests and checks)."""
    _load_builtin_presenters()
    return dict(_PRESENTERS)


def _load_builtin_presenters() -> None:
    # Importing the game packages registers them; done lazily so base has no cycles.
    from . import colovini, jousting, resistance, tournament  # noqa: F401
