"""`{% rule_link slug "TT-13" %}`: a rule a template names itself, shown the one way every
rule mention is shown (games/partials/rule_links.html, from presentation.rules.rule_link)."""

from __future__ import annotations

from typing import Any

from django import template

from games.presentation.rules import rule_link as link_of

register = template.Library()


@register.inclusion_tag("games/partials/rule_links.html")
def rule_link(slug: str, rule_id: str) -> dict[str, Any]:
    return {"rules": [link_of(slug, rule_id)]}
