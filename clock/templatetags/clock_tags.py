"""Template pieces of the time controls, dropped into the games and profile pages with one
tag each so those pages need only a one-line edit: the clock panel of a game, the inbox of
games waiting for me by deadline, and the vacation and calendar panels of the profile."""

from __future__ import annotations

from typing import Any

from django import template

from accounts.models import User
from games.models import Game

from ..calendar import calendar_feed_url
from ..models import CalendarFeed
from ..selectors import game_clock, my_deadlines, vacation_summary

register = template.Library()


def _user(user: Any) -> User | None:
    return user if isinstance(user, User) else None


@register.inclusion_tag("clock/panel.html", takes_context=True)
def clock_panel(context: dict[str, Any], game: Game) -> dict[str, Any]:
    return {
        **game_clock(game, _user(context.get("user"))),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("clock/my_deadlines.html", takes_context=True)
def deadline_inbox(context: dict[str, Any]) -> dict[str, Any]:
    user = _user(context.get("user"))
    return {"rows": my_deadlines(user) if user else []}


@register.inclusion_tag("clock/vacation_panel.html", takes_context=True)
def vacation_panel(context: dict[str, Any]) -> dict[str, Any]:
    user = _user(context.get("user"))
    if user is None:
        return {"account": None}
    return {**vacation_summary(user), "csrf_token": context.get("csrf_token")}


@register.inclusion_tag("clock/calendar_panel.html", takes_context=True)
def calendar_panel(context: dict[str, Any]) -> dict[str, Any]:
    """The profile's private calendar link (clock.calendar)."""
    user = _user(context.get("user"))
    feed = CalendarFeed.objects.filter(user=user).first() if user else None
    return {
        "feed_url": calendar_feed_url(feed) if feed else None,
        "csrf_token": context.get("csrf_token"),
    }
