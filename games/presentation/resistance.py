"""Wording of The Resistance: Avalon on the pages: move buttons, the phase line, log lines.

Reads only the JSON feed (views.py of the engine) and names seats; rule IDs name the rule
each sentence reflects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import JSON

from . import Presenter

ROLE_GLYPHS = {
    "merlin": "star",
    "percival": "eye",
    "servant": "chalice",
    "assassin": "dagger",
    "mordred": "crown",
    "morgana": "moon",
    "oberon": "mask",
    "minion": "dagger",
}

PHASES = {
    "propose": "{leader} is choosing a team of {size} for Quest {quest}.",
    "vote": "Everyone votes on {leader}'s team for Quest {quest}.",
    "quest": "The team is on Quest {quest}: each member plays Success or Fail.",
    "lady": "{lady} holds the Lady of the Lake and examines a player.",
    "assassinate": "Good won three quests. The Assassin must now name Merlin.",
}


def _quest_now(view: Mapping[str, Any]) -> tuple[Any, Any]:
    """(quest number, team size) the table is on; while a team is being chosen without
    Targeting the quest is the first one not yet attempted (RA-19)."""
    quest = view.get("quest") or next(iter(view.get("attemptable_quests") or []), None)
    size = next((q["size"] for q in view.get("quests", []) if q["quest"] == quest), "")
    return quest, size


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Seat {seat}"


def _team(names: Sequence[str], team: Sequence[int]) -> str:
    return ", ".join(_name(names, s) for s in sorted(team))


class ResistancePresenter(Presenter):
    glyphs = ROLE_GLYPHS
    composed = frozenset({"ra.propose_team"})  # choose the knights, not one button per team

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        quest, size = _quest_now(view)
        return {
            "ra.propose_team": f"Choose {size} knights for Quest {quest}"
            if not view.get("options", {}).get("targeting")
            else "Choose a quest and its team",
            "ra.vote": "Do you approve this team?",
            "ra.play_quest_card": "Play your quest card",
            "ra.examine": "Lady of the Lake: examine a player",
            "ra.assassinate": "Name the player you believe is Merlin",
        }.get(move_type, super().move_title(move_type, feed, names))

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return {
            "ra.propose_team": "You may include yourself (RA-12).",
            "ra.vote": "Votes stay hidden until everyone has voted (RA-13).",
            "ra.play_quest_card": "Only the number of Fails is revealed, never who (RA-17).",
            "ra.examine": "You alone will see their allegiance (RA-24).",
            "ra.assassinate": "If you name Merlin, Evil wins (RA-22).",
        }.get(move_type, "")

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        kind = move["type"]
        if kind == "ra.vote":
            return ("Approve", "approve") if move["approve"] else ("Reject", "reject")
        if kind == "ra.play_quest_card":
            return ("Success", "success") if move["success"] else ("Fail", "fail")
        if kind == "ra.examine":
            return f"Examine {_name(names, move['target'])}", ""
        if kind == "ra.assassinate":
            return f"{_name(names, move['target'])} is Merlin", "fail"
        if kind == "ra.propose_team":
            return f"Team: {_team(names, move['team'])}", ""
        return super().button(move, names)

    def field_label(self, move_type: str, name: str) -> str:
        return {"team": "Team", "quest": "Quest"}.get(name, super().field_label(move_type, name))

    def choice_label(self, move_type: str, name: str, value: JSON, names: Sequence[str]) -> str:
        if name == "team":
            return _name(names, value)
        if name == "quest":
            return f"Quest {value}"
        return super().choice_label(move_type, name, value, names)

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        if view.get("outcome"):
            return str(view["outcome"]["summary"])
        template = PHASES.get(str(view.get("phase")), "")
        quest, size = _quest_now(view)
        if view.get("phase") == "propose" and view.get("options", {}).get("targeting"):
            return f"{_name(names, view.get('leader'))} chooses a quest and its team."
        lady = (view.get("lady") or {}).get("holder")
        return template.format(
            leader=_name(names, view.get("leader")), size=size, quest=quest, lady=_name(names, lady)
        )

    def describe(
        self, entry: Mapping[str, Any], names: Sequence[str], me: int | None = None
    ) -> str:
        e = entry["event"]
        kind = e.get("type")
        n = _name
        if kind == "ra.game_set_up":
            you = e.get("you")
            line = f"The roles are dealt. {n(names, e.get('leader'))} leads first."
            if you:
                line += f" You are {you['role_label']}."
            elif e.get("roles"):  # the full reveal (RA-23)
                line += (
                    " "
                    + ", ".join(f"{n(names, s)}: {role}" for s, role in enumerate(e["roles"]))
                    + "."
                )
            return line
        if kind == "ra.team_proposed":
            return (
                f"{n(names, e['leader'])} proposes {_team(names, e['team'])} "
                f"for Quest {e['quest']}."
            )
        who = "You" if e.get("seat") == me else n(names, e.get("seat"))
        if kind == "ra.vote_cast":
            if "approve" in e:
                return f"{who} vote{'' if who == 'You' else 's'} " + (
                    "approve." if e["approve"] else "reject."
                )
            return f"{who} {'have' if who == 'You' else 'has'} voted."
        if kind == "ra.votes_revealed":
            votes = e["votes"]
            yes = [n(names, s) for s, v in enumerate(votes) if v]
            no = [n(names, s) for s, v in enumerate(votes) if not v]
            verdict = "approved" if e["approved"] else "rejected"
            return (
                f"The team is {verdict} ({len(yes)} to {len(no)})."
                f" Approve: {', '.join(yes) or 'nobody'}. Reject: {', '.join(no) or 'nobody'}."
            )
        if kind == "ra.quest_card_played":
            if "success" in e:
                return f"{who} play{'' if who == 'You' else 's'} " + (
                    "Success." if e["success"] else "Fail."
                )
            return f"{who} {'have' if who == 'You' else 'has'} played a quest card."
        if kind == "ra.quest_resolved":
            result = "succeeds" if e["succeeded"] else "fails"
            return f"Quest {e['quest']} {result} with {e['fails']} Fail card(s)."
        if kind == "ra.lady_examined":
            line = f"{n(names, e['holder'])} examines {n(names, e.get('seat', e.get('target')))}"
            if "side" in e:
                return f"{line}: {e['side'].capitalize()}."
            return line + "."
        if kind == "ra.assassination":
            hit = "and finds Merlin!" if e["hit"] else "but misses Merlin."
            return f"The Assassin names {n(names, e['target'])} {hit}"
        if kind == "ra.game_ended":
            return f"{str(e['winner']).capitalize()} wins. Every role is revealed."
        return super().describe(entry, names, me)


RESISTANCE = ResistancePresenter()
