"""Wording of The Resistance: Avalon on the pages: move forms, the phase line, and where
the board, secret panel and log lines come from (board.py, log.py).

Reads only the JSON feed (views.py of the engine) and names seats; rule IDs name the rule
each sentence reflects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import JSON

from ..base import Presenter
from ..words import Reader, name_of
from . import board as panels
from .log import WORDS, team_words
from .wire import GAME, Assassinate, Examine, Phase, PlayQuestCard, ProposeTeam, Vote

PHASES: dict[str, str] = {
    Phase.PROPOSE: "{leader} is choosing a team of {size} for Quest {quest}.",
    Phase.VOTE: "Everyone votes on {leader}'s team for Quest {quest}.",
    Phase.QUEST: "The team is on Quest {quest}: each member plays Success or Fail.",
    Phase.LADY: "{lady} holds the Lady of the Lake and examines a player.",
    Phase.ASSASSINATE: "Good won three quests. The Assassin must now name Merlin.",
}
HELP = {
    ProposeTeam.TYPE: "You may include yourself (RA-12).",
    Vote.TYPE: "Votes stay hidden until everyone has voted (RA-13).",
    PlayQuestCard.TYPE: "Only the number of Fails is revealed, never who (RA-17).",
    Examine.TYPE: "You alone will see their allegiance (RA-24).",
    Assassinate.TYPE: "If you name Merlin, Evil wins (RA-22).",
}


def _quest_now(view: Mapping[str, Any]) -> tuple[Any, Any]:
    """(quest number, team size) the table is on; while a team is being chosen without
    Targeting the quest is the first one not yet attempted (RA-19)."""
    quest = view.get("quest") or next(iter(view.get("attemptable_quests") or []), None)
    size = next((q["size"] for q in view.get("quests", []) if q["quest"] == quest), "")
    return quest, size


def _targeting(view: Mapping[str, Any]) -> bool:
    return bool(view.get("options", {}).get("targeting"))


class ResistancePresenter(Presenter):
    slugs = (GAME.slug,)
    board_template = "games/boards/resistance-avalon.html"
    secret_template = "games/secrets/resistance-avalon.html"
    words = WORDS
    composed = frozenset({ProposeTeam.TYPE})  # choose the knights, not one button per team

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        quest, size = _quest_now(view)
        return {
            ProposeTeam.TYPE: "Choose a quest and its team"
            if _targeting(view)
            else f"Choose {size} knights for Quest {quest}",
            Vote.TYPE: "Do you approve this team?",
            PlayQuestCard.TYPE: "Play your quest card",
            Examine.TYPE: "Lady of the Lake: examine a player",
            Assassinate.TYPE: "Name the player you believe is Merlin",
        }.get(move_type) or super().move_title(move_type, feed, names)

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return HELP.get(move_type, "")

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        kind = move["type"]
        if kind == Vote.TYPE:
            return ("Approve", "approve") if move["approve"] else ("Reject", "reject")
        if kind == PlayQuestCard.TYPE:
            return ("Success", "success") if move["success"] else ("Fail", "fail")
        if kind == Examine.TYPE:
            return f"Examine {name_of(names, move['target'])}", ""
        if kind == Assassinate.TYPE:
            return f"{name_of(names, move['target'])} is Merlin", "fail"
        if kind == ProposeTeam.TYPE:
            return f"Team: {team_words(Reader(names), move['team'])}", ""
        return super().button(move, names)

    def field_label(self, move_type: str, name: str) -> str:
        return {"team": "Team", "quest": "Quest"}.get(name) or super().field_label(move_type, name)

    def choice_label(self, move_type: str, name: str, value: JSON, names: Sequence[str]) -> str:
        if name == "team":
            return name_of(names, value)
        if name == "quest":
            return f"Quest {value}"
        return super().choice_label(move_type, name, value, names)

    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        return panels.board(feed, names)

    def secret(
        self,
        feed: Mapping[str, Any],
        names: Sequence[str],
        revealed: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        return panels.secret(feed, names, revealed)

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        if view.get("outcome"):
            return str(view["outcome"]["summary"])
        phase = view.get("phase")
        if phase == Phase.PROPOSE and _targeting(view):
            return f"{name_of(names, view.get('leader'))} chooses a quest and its team."
        quest, size = _quest_now(view)
        lady = (view.get("lady") or {}).get("holder")
        return PHASES.get(str(phase), "").format(
            leader=name_of(names, view.get("leader")),
            size=size,
            quest=quest,
            lady=name_of(names, lady),
        )


RESISTANCE = ResistancePresenter()
