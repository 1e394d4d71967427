"""The board and secret panels of Tournament at Camelot / Avalon as view models: the
status chips, the Melee with its Feints [TT-12..TT-14], the Godsends [TT-22], each
player's Health against their Companion's threshold [TT-5] and their Weapon Hits [TT-16];
and the viewer's knight, hand and cards to pass [TA-3]. Reads only what the view holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from ..words import name_of
from .cards import SUIT_NAMES, face, poisoned_values, power, power_by_id, sorted_hand
from .wire import ALWAYS, GIFT, OVER, PASSING, PLAY, mv


def _threshold_label(threshold: Any) -> str:
    if threshold is None:
        return ""
    if threshold >= ALWAYS:
        return _("always active")
    return _("unlocks at %(health)s Health") % {"health": threshold}


def _pct(value: int, start: int) -> int:
    # Clamped: the page draws it with the .pct-0 ... .pct-100 classes.
    return max(0, min(100, round(100 * value / start)))


def _players(
    view: Mapping[str, Any], names: Sequence[str], me: int | None, poison: tuple[int, ...]
) -> list[dict[str, Any]]:
    top = max([p["health"] for p in view.get("players", [])] or [1])
    start = max(top, 300 if top <= 300 else 400)
    players = []
    for p in view.get("players", []):
        seat = p["seat"]
        comp = power(p.get("companion"))
        threshold = (comp or {}).get("threshold")
        limit = threshold if isinstance(threshold, int) and threshold < ALWAYS else None
        players.append(
            {
                "seat": seat,
                "name": name_of(names, seat, _("Seat %(seat)s") % {"seat": seat + 1}),
                "is_me": seat == me,
                "health": p["health"],
                "health_pct": _pct(p["health"], start),
                "threshold": limit,
                "threshold_pct": _pct(limit, start) if limit is not None else None,
                "threshold_label": _threshold_label(threshold),
                "protagonist": power(p.get("protagonist")),
                "companion": comp,
                "unlocked": p.get("unlocked"),
                "hand_size": p.get("hand_size", 0),
                "hits": [face(c, poison) for c in p.get("hits", [])],
                "hits_injury": p.get("hits_injury", 0),
                "godsends": [power(g) for g in p.get("godsends", [])],
                "tokens": p.get("tokens", 0),
                "chosen": bool(p.get("passed")) and view.get("phase") == PASSING,
                "dealer": seat == view.get("dealer"),
                "lead": seat == view.get("lead") and view.get("phase") == PLAY,
                "acting": seat in view.get("pending", []),
                "host": seat == view.get("host"),
                "winner": seat in (view.get("winners") or []),
            }
        )
    return players


def _melee(
    view: Mapping[str, Any], names: Sequence[str], poison: tuple[int, ...]
) -> list[dict[str, Any]]:
    melee = []
    for x in view.get("melee", []):
        entry: dict[str, Any] = {
            "seat": x["seat"],
            "name": names[x["seat"]] if x["seat"] < len(names) else "",
            "face_down": x.get("face_down") and "card" not in x,
            "feinted": x.get("feinted", False),
            "hidden_to_others": x.get("face_down") and "card" in x,
            "commanded": x.get("slot") != x["seat"],
        }
        if "card" in x:
            f = face(x["card"], poison)
            entry["card"] = f
            entry["value"] = x.get("value")
            entry["counts_as"] = SUIT_NAMES.get(x.get("suit") or "", "any suit")
            entry["changed"] = x.get("value") != f.get("value") or (
                f.get("special") and bool(x.get("suit"))
            )
        melee.append(entry)
    return melee


def _melee_empty(view: Mapping[str, Any], names: Sequence[str]) -> str:
    phase = view.get("phase")
    if phase == PLAY:
        return _("No card yet: %s leads.") % name_of(names, view.get("actor"), "")
    if phase == PASSING:
        return _("Cards are being passed.")
    return _("No Melee right now.")


def board(feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """The board partial's data: players around the table, the Melee, Godsends, Location."""
    view = feed.get("view", {})
    me = feed.get("my_seat")
    phase = view.get("phase")
    poison = poisoned_values(view)
    live = phase == PLAY  # the Melee under way: its lead is shown
    melee = _melee(view, names, poison)
    location = power_by_id(view.get("location"))
    if location:
        location["host"] = view.get("host")
        location["host_name"] = (
            name_of(names, view.get("host"), "") if view.get("host") is not None else None
        )
    godsend_up = [power(g) for g in view.get("godsend_up", [])]
    for i, g in enumerate(godsend_up):
        if g:
            g["label"] = _("Face up (left)") if i == 0 else _("Face up (right)")
    return {
        "round": view.get("round"),
        "round_of": _(" of 3") if view.get("chaos") else "",
        "melee_no": int(view.get("melee_no") or 0) + 1 if phase in (PLAY, GIFT) else None,
        "deck_size": view.get("deck_size"),
        "rules": _("%(ruleset)s rules · %(deck)s cards")
        % {"ruleset": capfirst(view.get("ruleset")), "deck": capfirst(view.get("deck"))},
        "live": live,
        "players": _players(view, names, me if isinstance(me, int) else None, poison),
        "melee": melee,
        "melee_empty": _melee_empty(view, names),
        "lead_suit": SUIT_NAMES.get(view.get("lead_suit") or "", "") if live else "",
        "lead_emblem": view.get("lead_suit") or "",
        "alchemy_led": live and bool(view.get("alchemy_led")),
        "carried": [face(c, poison) for c in view.get("carried", [])],
        "discard": [face(c, poison) for c in view.get("discard", [])],
        "godsend_up": godsend_up,
        "godsend_deck_size": view.get("godsend_deck_size"),
        "recipients": ", ".join(name_of(names, s, "") for s in view.get("recipients") or []),
        "placing": power(view.get("placing")),
        "location": location,
        "hosted": [
            {"seat": h["seat"], "location": power_by_id(h["location"])}
            for h in view.get("hosted", [])
        ],
        "feints": sum(1 for e in melee if e["feinted"]),
    }


def hand_faces(view: Mapping[str, Any], me: Any) -> list[dict[str, Any]]:
    """The viewer's own hand as card faces (the view holds only the viewer's hand)."""
    poison = poisoned_values(view)
    for hand in view.get("hands", []):
        if hand.get("seat") == me:
            return sorted_hand([face(c["card"], poison) for c in hand.get("cards", [])])
    return []


def _companion(mine: Mapping[str, Any]) -> dict[str, Any] | None:
    comp = mine.get("companion")
    if not comp:
        return None
    unlocked = bool(mine.get("unlocked"))
    threshold = comp.get("threshold")
    waits = not unlocked and threshold and threshold < ALWAYS
    return {
        "card": power(comp, marked=False),
        "locked": not unlocked,
        "extra": _("with you") if unlocked else _("locked"),
        "note": _(
            "Joins you when your Health falls to %(threshold)s or less (you have %(health)s)."
        )
        % {"threshold": threshold, "health": mine.get("health")}
        if waits
        else "",
    }


# The moves whose form shows the hand (forms.py: hand_form, pass_form, give_form); the Dusk's
# Weapon Hits have their form (dusk_form) shown before any of them.
HAND_FORMS = frozenset({mv.PlayCard.TYPE, mv.Shame.TYPE, mv.ChoosePass.TYPE, mv.GiveCard.TYPE})


def secret(
    feed: Mapping[str, Any], names: Sequence[str], revealed: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The viewer's knight: characters, Godsends, the cards they pass [TA-3] and their
    hand, unless the first action form above already shows it (`hand_above`)."""
    kinds = {m["type"] for m in feed.get("legal_moves", [])}
    hand_above = bool(kinds & HAND_FORMS) and mv.GiveHit.TYPE not in kinds
    view = feed.get("view", {})
    me = feed.get("my_seat")
    players = view.get("players") or []
    mine = players[me] if isinstance(me, int) and 0 <= me < len(players) else None
    if not mine:
        return {"mine": None}
    poison = poisoned_values(view)
    return {
        "mine": {
            "protagonist": power(mine.get("protagonist"), marked=False),
            "companion": _companion(mine) if mine.get("protagonist") else None,
            "godsends": [power(g, marked=False) for g in mine.get("godsends") or []],
        },
        "passing": [
            face(p["passing"], poison) for p in view.get("passing", []) if p.get("owner") == me
        ],
        "hand_above": hand_above,
        "hand": hand_faces(view, me),
        "over": view.get("phase") == OVER,
    }
