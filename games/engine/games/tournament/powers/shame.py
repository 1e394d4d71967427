"""Powers on the shame hooks (TT-11, "shame_cost" then "shame_after"): Sir Gawain and the
"Shame costs you no Injury" cards, Sir Kay's mockery and Morgause's revenge on the Lead
Player."""

from __future__ import annotations

from typing import Any

from ..carddata import CardData
from ..hooks import handler


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
