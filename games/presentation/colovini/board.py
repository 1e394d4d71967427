"""The board and secret panels of Avalon by Leo Colovini as view models: the row seen
from the viewer's side (the opponent's piles above the regions, mine below), the crowns
race [CA-17], the reaction under way [CH-3], the tiles [CA-16], and my hand [CH-4].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from .. import counts
from ..rules import feed_rules
from ..words import name_of
from .wire import ENCHANTMENT, TILE_HELD, TILE_USED
from .words import TILE_WORDS, card_label, hand_cards, region_word, short_name


def _pile(cards: Sequence[str]) -> dict[str, Any]:
    top = cards[-1] if cards else None
    return {
        "count": len(cards),
        "top": top,
        "colour": top.split("-")[0] if top else "",
        "kind": top.split("-")[1] if top else "",
        "label": card_label(top) if top else "",
        "under": [card_label(c) for c in cards[:-1]],
    }


def _side(view: Mapping[str, Any], seat: int, names: Sequence[str], me: Any) -> dict[str, Any]:
    players = view.get("players") or [{}, {}]
    p = players[seat] if seat < len(players) else {}
    win = int(view.get("win_crowns") or 15)
    crowns = int(p.get("crowns") or 0)
    return {
        "seat": seat,
        "name": name_of(names, seat),
        "is_me": seat == me,
        "crowns": crowns,
        "crowns_text": f"{crowns}/{win}",
        "crowns_title": _("%(crowns)s of %(win)s crowns") % {"crowns": crowns, "win": win},
        "percent": min(100, round(100 * crowns / win)),
        "hand_size": p.get("hand_size", 0),
        "dark_tile": TILE_WORDS.get(str(p.get("dark_tile"))) if p.get("dark_tile") else None,
        "active": bool(p.get("active")),
    }


def _owner_short(owner: Any, me: Any, names: Sequence[str]) -> str:
    """The row is narrow: "yours"/"theirs" for players, a name for spectators."""
    if owner is None:
        return ""
    if me in (0, 1):
        return _("yours") if owner == me else _("theirs")
    return name_of(names, owner)


def _notice(view: Mapping[str, Any], high: Mapping[str, Any], me: Any) -> str:
    """The enchantment or attack waiting for its answer; the attacker is told they wait,
    never whether an answer is possible [CH-3]."""
    reaction = view.get("reaction") or {}
    if not reaction:
        return ""
    where = region_word(view, reaction.get("region_index"))
    kind = _("enchantment") if reaction.get("kind") == ENCHANTMENT else _("attack")
    if me == reaction.get("attacker"):
        return _("You are waiting for %(name)s to answer your %(kind)s at %(where)s.") % {
            "name": high["name"],
            "kind": kind,
            "where": where,
        }
    return _("%(kind)s at %(where)s with a %(card)s.") % {
        "kind": capfirst(kind),
        "where": where,
        "card": card_label(reaction.get("card", "")),
    }


def _tile_status(tile: Mapping[str, Any], names: Sequence[str]) -> str:
    if tile.get("status") == TILE_HELD:
        return _("held by %s") % (
            name_of(names, tile["holder"]) if tile.get("holder") is not None else ""
        )
    return _("used") if tile.get("status") == TILE_USED else _("available")


def board(feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """The row seen from my side (a spectator sees the first player below)."""
    view = feed.get("view", {})
    me = feed.get("my_seat")
    low = me if me in (0, 1) else 0
    high = 1 - low
    reaction = view.get("reaction") or {}
    losses = view.get("losses") or {}
    regions = []
    for r in view.get("regions") or []:
        piles = r.get("piles") or [[], []]
        owner = r.get("owner")
        regions.append(
            {
                **r,
                # The engine names a region and its power in English: worded here.
                "name": _(r["name"]) if r.get("name") else r.get("name"),
                "power_text": _(r["power_text"]) if r.get("power_text") else r.get("power_text"),
                "high": _pile(piles[high]),
                "low": _pile(piles[low]),
                "owner_name": name_of(names, owner) if owner is not None else "",
                "owner_short": _owner_short(owner, me, names),
                "short": short_name(r.get("name")),
                "owner_side": "" if owner is None else ("low" if owner == low else "high"),
                "target": r.get("region_index")
                in (reaction.get("region_index"), losses.get("region_index")),
            }
        )
    tiles = [
        {
            **t,
            "text": _(str(t["text"])) if t.get("text") else "",  # an engine msgid (N_)
            "words": TILE_WORDS.get(str(t.get("kind")), ""),
            "status_text": _tile_status(t, names),
        }
        for t in view.get("tiles") or []
    ]
    discard = view.get("discard") or []
    sides = {"low": _side(view, low, names, me), "high": _side(view, high, names, me)}
    return {
        **sides,
        "notice": _notice(view, sides["high"], me),
        "notice_rules": feed_rules(feed, "CH-3"),
        "regions": regions,
        "tiles": tiles,
        "tiles_available": sum(1 for t in tiles if t.get("status") not in (TILE_HELD, TILE_USED)),
        "powers": [r for r in regions if r.get("power_text")],
        "deck_size": view.get("deck_size", 0),
        "discard_size": len(discard),
        "discard_top": _pile(discard),
    }


def secret(
    feed: Mapping[str, Any], names: Sequence[str], revealed: Mapping[str, Any] | None
) -> dict[str, Any]:
    view = feed.get("view", {})
    you = view.get("you")
    reveal = view.get("reveal")
    held = len((you or {}).get("hand") or [])
    return {
        "you": {
            "seat": you.get("seat"),
            "hand": hand_cards(view),
            "count": _("%(cards)s (limit %(limit)s at the end of your turn).")
            % {"cards": counts.cards(held), "limit": view.get("hand_limit")},
        }
        if you
        else None,
        "watching": ""
        if you or reveal
        else _("Hands and face-down regions stay hidden from spectators."),
        "count_rules": feed_rules(feed, "CA-13"),
        "watching_rules": feed_rules(feed, "CH-4"),
        "reveal": [
            {
                "name": name_of(names, h.get("seat")),
                "cards": ", ".join(card_label(c) for c in h.get("hand") or []),
            }
            for h in (reveal or {}).get("hands") or []
        ]
        if reveal
        else None,
    }
