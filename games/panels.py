"""Panels of the game page owned by other apps (the clock of issue 7), re-rendered on every
live update beside the game's own partials.

An app registers `render(game, viewers, csrf_token, seats) -> {key: html}` in its
AppConfig.ready(): `viewers` maps a key (a seat, None for spectators) to that viewer's user
(or None), so one update reads what the panel shows once and renders it per viewer;
`seats` are the seats in play as games.selectors.seats_in_play read them, or None. Each
html is an out-of-band swap (root element with a stable id and hx-swap-oob). A plain
registry, so the game page's rendering never imports the apps that build on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .models import Game, Seat

Panel = Callable[[Game, Mapping[Any, Any], str, Sequence[Seat] | None], dict[Any, str]]

live_panels: list[Panel] = []


def register_live_panel(panel: Panel) -> Panel:
    """Decorator: render `panel` into every live update of a game page."""
    if panel not in live_panels:
        live_panels.append(panel)
    return panel


def live_panels_for(
    game: Game,
    viewers: Mapping[Any, Any],
    csrf_token: str,
    seats: Sequence[Seat] | None = None,
) -> dict[Any, str]:
    """Every registered panel for each viewer of `game` (call from a sync context)."""
    out = dict.fromkeys(viewers, "")
    for panel in live_panels:
        for key, html in panel(game, viewers, csrf_token, seats).items():
            out[key] += html
    return out


def render_live_panels(game_id: int, user: Any, csrf_token: str) -> str:
    """Every registered panel for this viewer, freshly read (call from a sync context)."""
    if not live_panels:
        return ""
    game = Game.objects.select_related("table").get(pk=game_id)
    return live_panels_for(game, {None: user}, csrf_token)[None]
