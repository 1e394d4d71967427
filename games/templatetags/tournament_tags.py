"""Template tag of the Tournament pages: the board's data from the viewer's view
(games/presentation/tournament_cards.py does the work; this only exposes it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template

from games.presentation.tournament_cards import board, face, poisoned_values, sorted_hand

register = template.Library()


@register.simple_tag
def tournament_board(view: Mapping[str, Any], names: Sequence[str], me: Any) -> dict[str, Any]:
    return board(view, names, me if isinstance(me, int) else None)


@register.simple_tag
def tournament_hand(view: Mapping[str, Any], me: Any) -> list[dict[str, Any]]:
    """The viewer's own hand as card faces (the view holds only the viewer's hand)."""
    poison = poisoned_values(view)
    for hand in view.get("hands", []):
        if hand.get("seat") == me:
            return sorted_hand([face(c["card"], poison) for c in hand.get("cards", [])])
    return []


@register.simple_tag
def tournament_passing(view: Mapping[str, Any], me: Any) -> list[dict[str, Any]]:
    """The cards the viewer chose to pass (TA-3), before they move."""
    poison = poisoned_values(view)
    return [face(p["passing"], poison) for p in view.get("passing", []) if p.get("owner") == me]
