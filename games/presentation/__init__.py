"""Turning a game feed (games.selectors.game_view_for_user) into the view models the game
page's templates show: names per seat, action forms built from `legal_moves`, the board and
secret panels, the phase line and log lines.

- base.py: the view models and `Presenter`, the generic wording every game starts from;
- registry.py: each game's presenter, registered under its slugs, looked up in one place;
- forms.py: action forms from legal moves, and moves back from composed forms' POSTs;
- words.py: what every game's log wording shares (a reader, a table of event wordings);
- one package per game (resistance, colovini, jousting, tournament).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.selectors import bot_name

from .base import ActionForm, Button, Choice, ComposedField, Presenter
from .forms import action_forms, composed_move, move_from_post
from .registry import presenter_for, register_presenter


def player_name(player: Mapping[str, Any]) -> str:
    """A player's name in the reader's words: a bot seat with no account behind it is
    "Bot 2" or "Robot 2" by the reader's language, whichever language built the feed (a
    push is built once, in the committing process, and rendered for each reader)."""
    if player.get("is_bot") and player.get("user_id") is None:
        return bot_name(int(player["seat"]))
    return str(player["name"])


def seat_names(feed: Mapping[str, Any]) -> list[str]:
    players = sorted(feed.get("players", []), key=lambda p: p["seat"])
    return [player_name(p) for p in players]


def feed_in_words(feed: dict[str, Any]) -> dict[str, Any]:
    """`feed` for a client that reads JSON (the API, the socket's JSON format): its
    `outcome.summary` is the ending in the active language, as the page's banner says it
    (Presenter.ending); the engine's own summary is English. A feed without an outcome is
    returned as is."""
    outcome = feed.get("outcome")
    if not isinstance(outcome, Mapping):
        return feed
    ending = presenter_for(str(feed.get("game", ""))).ending(feed, seat_names(feed))
    return {**feed, "outcome": {**outcome, "summary": str(ending)}}


__all__ = [
    "ActionForm",
    "Button",
    "Choice",
    "ComposedField",
    "Presenter",
    "action_forms",
    "composed_move",
    "feed_in_words",
    "move_from_post",
    "player_name",
    "presenter_for",
    "register_presenter",
    "seat_names",
]
