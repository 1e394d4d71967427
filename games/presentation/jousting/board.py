"""The board and secret panels of Avalon, the jousting game, as view models: the knights
with their public facts, the course's duels [JA-8], God's judgement [JH-5], the offers,
the duels fought, and the viewer's hand, laid set and the cards they know others hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from .. import counts
from ..rules import feed_rules
from ..words import name_of, names_list
from .wire import DISQUALIFIED, FIT, KINDS, PLACES
from .words import HOW, KIND_ONE, card_label, chip_label, grouped, offer_text


def _badge(status: Any) -> dict[str, str]:
    """A knight's standing: fit, disqualified [JA-7] or withdrawn."""
    if status == FIT:
        return {"tone": "good", "text": _("fit")}
    if status == DISQUALIFIED:
        return {"tone": "evil", "text": _("disqualified")}
    return {"tone": "muted", "text": _("withdrawn")}


def _knights(view: Mapping[str, Any], names: Sequence[str], me: Any) -> list[dict[str, Any]]:
    pending = set(view.get("pending") or [])
    knights = []
    for k in view.get("knights") or []:
        knights.append(
            {
                **k,
                "name": name_of(names, k["seat"]),
                "is_me": k["seat"] == me,
                "pending": k["seat"] in pending,
                "badge": _badge(k.get("status")),
            }
        )
    return knights


def _history(view: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    history = []
    for d in reversed(view.get("history") or []):
        a, b = d["pair"]
        places = [
            {
                "kind": str(KIND_ONE.get(kind, kind)),  # shown only (a table's row header)
                "a": card_label(d["laid"][0][i]),
                "b": card_label(d["laid"][1][i]),
                "won": "a" if d["places"][i] == a else "b" if d["places"][i] == b else "",
            }
            for i, kind in enumerate(KINDS)
        ]
        winner = d.get("winner")
        how = d.get("how")
        history.append(
            {
                "round": d["round"],
                # Letters change when the course is redrawn [JA-8]: names only here.
                "a": name_of(names, a),
                "b": name_of(names, b),
                "places": places,
                "result": _("a draw") if winner is None else _("%s wins") % name_of(names, winner),
                "how": f" ({HOW.get(how, how)})" if how and how != PLACES else "",
            }
        )
    return history


def _judgement(view: Mapping[str, Any], me: Any) -> dict[str, Any] | None:
    judgement = view.get("judgement")
    if not judgement:
        return None
    return {
        "showing": ", ".join(chip_label(str(s)) for s in judgement.get("showing") or [])
        or _("nothing"),
        "dots": counts.dots(judgement.get("dots")),
        "prompt": _("Which large chip do they point to? The first pick decides.")
        if me in (judgement.get("pair") or [])
        else _("The duelists race to pick the large chip they point to."),
    }


def board(feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    view = feed.get("view", {})
    me = feed.get("my_seat")
    letters = {k["seat"]: k.get("letter") for k in view.get("knights") or []}
    duels = view.get("duels") or {}

    def tag(seat: Any) -> str:
        letter = letters.get(seat)
        return f"{letter} · {name_of(names, seat)}" if letter else name_of(names, seat)

    course_round = (view.get("course") or {}).get("round")
    junk = view.get("junk") or {}
    outcome = view.get("outcome")
    junk_pile = view.get("junk_pile") or []
    return {
        "knights": _knights(view, names, me),
        "round_note": _("(round %s of the course)") % course_round if course_round else "",
        "round_rules": feed_rules(feed, "JA-8", "JH-4") if course_round else [],
        "pairs": [
            {"a": tag(p[0]), "b": tag(p[1]), "now": i == duels.get("bout")}
            for i, p in enumerate(duels.get("pairs") or [])
        ],
        "no_pairs": _("The duels are called after the barter."),
        "byes": [tag(s) for s in duels.get("byes") or []],
        "junk": {"size": junk.get("size") or 0, "price": junk.get("price")},
        "history": _history(view, names),
        "offers": [
            {**o, "text": offer_text(o, names, me), "mine": o.get("seat") == me}
            for o in view.get("offers") or []
        ],
        "face_up": [
            {"card": c, "label": card_label(c), "kind": c.split("-")[0]}
            for c in view.get("face_up") or []
        ],
        "judgement": _judgement(view, me),
        "judgement_rules": feed_rules(feed, "JH-5"),
        "outcome": {
            "winners": names_list([name_of(names, s) for s in outcome.get("winners", [])]),
            "junk_note": " " + _("The junk pile held %s.") % counts.cards(len(junk_pile))
            if junk_pile
            else "",
        }
        if outcome
        else None,
    }


def secret(
    feed: Mapping[str, Any], names: Sequence[str], revealed: Mapping[str, Any] | None
) -> dict[str, Any]:
    view = feed.get("view", {})
    you = view.get("you")
    known: dict[Any, list[str]] = {}
    for k in view.get("known_cards") or []:
        known.setdefault(k["seat"], []).append(k["card"])
    return {
        "you": {
            "seat": you.get("seat"),
            "hand": grouped(you.get("hand") or []),
            "set_note": _("You hold a full set (one of each kind, jokers anywhere).")
            if you.get("complete_set")
            else _("You lack a full set: barter for one before the check."),
            "set_rules": feed_rules(feed, "JA-7"),
            "laid": [
                {"kind": str(KIND_ONE.get(k, k.capitalize())), "label": card_label(c)}
                for k, c in (you.get("laid") or {}).items()
            ],
        }
        if you
        else None,
        "watching": _("Hands and laid cards stay hidden; coins and hand sizes are public."),
        "known": [
            {
                "seat": s,
                "name": name_of(names, s),
                "cards": [{"card": c, "label": card_label(c), "kind": c.split("-")[0]} for c in cs],
            }
            for s, cs in sorted(known.items())
        ],
    }
