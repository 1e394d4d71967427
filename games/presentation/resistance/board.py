"""The board and secret panels of The Resistance: Avalon as view models: the quest track
(RA-18 markers), the rejection track, the team and its progress [RA-W1], the vote history,
and the viewer's role with what they know (RA-6..RA-10, RA-24) or every role at the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from .. import counts
from ..rules import feed_rules
from ..words import name_of
from .log import side_words
from .wire import Phase

ROLE_GLYPHS = {  # role -> symbol id in static/games/icons.svg
    "merlin": "star",
    "percival": "eye",
    "servant": "chalice",
    "assassin": "dagger",
    "mordred": "crown",
    "morgana": "moon",
    "oberon": "mask",
    "minion": "dagger",
}


def _quest(q: Mapping[str, Any], over: bool) -> dict[str, Any]:
    result = q.get("result")
    return {
        "quest": q["quest"],
        "result": result,  # "success" / "fail": the token's icon and the CSS modifier
        "current": bool(q.get("current")) and not over,
        "size": q["size"],
        "meta": f"{_('Success') if result == 'success' else _('Fail')} · "
        f"{counts.fail_cards(q['fails'])}"
        if result
        else _("%(size)s knights") % {"size": q["size"]},
        "two_fails": _("This quest fails only with two or more Fail cards")  # RA-18
        if q.get("two_fails")
        else "",
    }


def _rejections(view: Mapping[str, Any]) -> dict[str, Any]:
    count, most = view.get("rejections", 0), view.get("max_rejections", 0)
    return {
        "label": _("%(count)s of %(most)s teams rejected in a row")
        % {"count": count, "most": most},
        "dots": [
            {
                "on": i <= count,
                "last": i == most,
                "title": _("Fifth rejection: Evil wins") if i == most else _("Rejection %s") % i,
            }
            for i in range(1, int(most) + 1)
        ],
    }


def _team(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    team = view.get("team") or []
    if not team:
        return None
    phase = view.get("phase")
    progress = ""
    if phase == Phase.VOTE:
        progress = _("%(acted)s of %(all)s have voted")
    elif phase == Phase.QUEST:
        progress = _("%(acted)s of %(all)s have played")
    total = view.get("player_count") if phase == Phase.VOTE else len(team)
    return {
        "label": _("On the quest") if phase == Phase.QUEST else _("Proposed team"),
        "members": [name_of(names, s) for s in team],
        "progress": progress % {"acted": len(view.get("acted") or []), "all": total},
    }


def board(feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    view = feed.get("view", {})
    over = bool(view.get("outcome"))
    lady = view.get("lady")
    hit = (view.get("assassination") or {}).get("hit")
    assassination = view.get("assassination")
    return {
        "quests": [_quest(q, over) for q in view.get("quests", [])],
        "rejections": _rejections(view),
        "leader": name_of(names, view.get("leader")),
        "lady": name_of(names, lady["holder"]) if lady else "",
        "good_count": view.get("good_count"),
        "evil_count": view.get("evil_count"),
        "team": _team(view, names),
        "assassination": {
            "tone": "evil" if hit else "good",
            "target": name_of(names, assassination["target"]),
            "verdict": _("that was Merlin.") if hit else _("not Merlin."),
        }
        if assassination
        else None,
        "names": list(names),
        "proposals": [
            {
                "quest": p["quest"],
                "leader": name_of(names, p["leader"]),
                "team": ", ".join(name_of(names, s) for s in p["team"]),
                "votes": [_vote(v, names) for v in p["votes"]],
                "approved": p["approved"],
            }
            for p in reversed(view.get("proposals") or [])
        ],
        "proposal_count": len(view.get("proposals") or []),
    }


def _vote(v: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """One seat's mark in the vote history: the icon, the seat's number (the phone's compact
    rows show it beside the mark) and the words a screen reader says."""
    name = name_of(names, v["seat"])
    approve = v["vote"] == "approve"
    words = _("%(name)s: approve") if approve else _("%(name)s: reject")
    return {"icon": v["vote"], "number": v["seat"] + 1, "label": words % {"name": name}}


def _you(you: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    return {
        "glyph": ROLE_GLYPHS.get(str(you.get("role")), "star"),
        "role_label": _(str(you["role_label"])),
        "side": you["side"],
        "side_label": side_words(you["side"]),
        "knowledge": [
            {
                "name": name_of(names, k.get("seat")),
                "evil": bool(k.get("side")),
                "merlin_or_morgana": not k.get("side") and bool(k.get("seen_as")),
            }
            for k in you.get("knowledge") or []
        ],
        "lady_results": [
            {"name": name_of(names, r["seat"]), "side": r["side"], "label": side_words(r["side"])}
            for r in you.get("lady_results") or []
        ],
        "vote": (you.get("vote") or {}).get("vote"),
        "card": (you.get("card") or {}).get("card"),
    }


def secret(
    feed: Mapping[str, Any], names: Sequence[str], revealed: Mapping[str, Any] | None
) -> dict[str, Any]:
    you = (feed.get("view") or {}).get("you")
    reveal = (revealed or {}).get("reveal") or {}
    return {
        "you": _you(you, names) if you else None,
        # Spectators during play; the replay's "everything revealed" shows the roles instead.
        "watching": "" if you or revealed else _("You see only public information."),
        "watching_rules": feed_rules(feed, "RA-W4"),
        "reveal": [
            {
                "name": name_of(names, r["seat"]),
                "side": r["side"],
                "role_label": _(str(r["role_label"])),
            }
            for r in reveal.get("roles") or []
        ],
    }
