"""Powers on the shame hook (TT-11): Sir Gawain and the "Shame costs you no Injury" cards,
Sir Kay's mockery and Morgause's revenge on the Lead Player."""

from __future__ import annotations

from typing import Any

from ..carddata import CardData
from ..hooks import handler


@handler("shame", "shame_free")
def shame_free(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    if kw.get("stage") == "cost" and kw["cost"]["seat"] == seat:
        kw["cost"]["free"] = True


@handler("shame", "kay")
def kay(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """Another player's Shame costs them more."""
    if kw.get("stage") == "cost" and kw["cost"]["seat"] != seat:
        kw["cost"]["extra"] += int(data.params[0])


@handler("shame", "morgause")
def morgause(b: Any, seat: int, data: CardData, **kw: Any) -> None:
    """When her player is Shamed, the Lead Player takes Injury too."""
    lead = b.state.lead
    if kw.get("stage") == "after" and kw["shamed"] == seat and lead != seat:
        b.injure(lead, int(data.params[0]), data.id)
