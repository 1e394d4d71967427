"""Powers on the shame hooks (TT-11, "shame_cost" then "shame_after"): Sir Gawain and the
"Shame costs you no Injury" cards, Sir Kay's mockery and Morgause's revenge on the Lead
Player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..carddata import CardData
from ..config import SHAME_INJURY
from ..hooks import Powers, handler, powers_of


@handler("shame_cost", "shame_free")
def shame_free(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw["cost"]["seat"] == seat:
        kw["cost"]["free"] = True


@handler("shame_cost", "kay")
def kay(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Another player's Shame costs them more."""
    if kw["cost"]["seat"] != seat:
        kw["cost"]["extra"] += int(data.params[0])


@handler("shame_after", "morgause")
def morgause(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """When her player is Shamed, the Lead Player takes Injury too."""
    lead = b.state.lead
    if kw["shamed"] == seat and lead != seat:
        b.injure(lead, int(data.params[0]), data.id)


def shame_injury(powers: Sequence[Powers], seat: int) -> int:
    """TT-11: what a Shame would cost `seat`, given every seat's active cards, as the
    "shame_cost" handlers answer when it happens (`flow.shame`): for a page to say before
    the move. Those handlers read only the cost, never the game."""
    cost = {"seat": seat, "injury": SHAME_INJURY, "extra": 0, "free": False}
    for owner, cards in enumerate(powers):
        for fn, data in cards.by_hook.get("shame_cost", ()):
            fn(None, owner, data, cost=cost)
    return 0 if cost["free"] else int(cost["injury"]) + int(cost["extra"])


def shame_injury_in_view(view: Mapping[str, Any], seat: int) -> int:
    """`shame_injury` from what a seat's view shows in play (views.view): each seat's
    Godsends, Protagonist, Companion once unlocked, and the Locations it hosts, the current
    one included."""
    location, host = view.get("location"), view.get("host")
    powers = []
    for p in sorted(view.get("players", []), key=lambda p: p["seat"]):
        hosted = tuple(h["location"] for h in view.get("hosted") or [] if h["seat"] == p["seat"])
        if location is not None and host == p["seat"]:
            hosted += (location,)
        companion = p.get("companion") if p.get("unlocked") else None
        powers.append(
            powers_of(
                tuple(g["id"] for g in p.get("godsends") or []),
                (p.get("protagonist") or {}).get("id"),
                (companion or {}).get("id"),
                hosted,
            )
        )
    return shame_injury(powers, seat)
