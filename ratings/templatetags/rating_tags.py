"""The ratings panel of the profile page, dropped in with one tag."""

from __future__ import annotations

from typing import Any

from django import template

from accounts.models import User

from ..selectors import ratings_of

register = template.Library()


@register.inclusion_tag("ratings/panel.html", takes_context=True)
def ratings_panel(context: dict[str, Any]) -> dict[str, Any]:
    user = context.get("user")
    return {"rows": ratings_of(user.pk) if isinstance(user, User) else []}
