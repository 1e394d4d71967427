"""Wording of The Resistance: Avalon on the pages: move forms, the phase line, and where
the board, secret panel and log lines come from (board.py, log.py).

Reads only the JSON feed (views.py of the engine) and names seats; rule IDs name the rule
each sentence reflects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.core import JSON

from ..base import Presenter, Story
from ..words import Reader, name_of, waiting_for
from . import board
from .log import WORDS, team_words, vote_table
from .wire import GAME, Phase, ev, mv

PHASES: dict[str, Promise] = {
    Phase.PROPOSE: _("{leader} is choosing a team of {size} for Quest {quest}."),
    Phase.VOTE: _("Everyone votes on {leader}'s team for Quest {quest}."),
    Phase.QUEST: _("The team is on Quest {quest}: each member plays Success or Fail."),
    Phase.LADY: _("{lady} holds the Lady of the Lake and examines a player."),
    Phase.ASSASSINATE: _("Good won three quests. The Assassin must now name Merlin."),
}
HELP = {  # move type: (the help, the ID of the rule it states; the form links it)
    mv.ProposeTeam.TYPE: (_("You may include yourself."), "RA-12"),
    mv.Vote.TYPE: (_("Votes stay hidden until everyone has voted."), "RA-13"),
    mv.PlayQuestCard.TYPE: (_("Only the number of Fails is revealed, never who."), "RA-17"),
    mv.Examine.TYPE: (_("You alone will see their allegiance."), "RA-24"),
    mv.Assassinate.TYPE: (_("If you name Merlin, Evil wins."), "RA-22"),
}


def _quest_now(view: Mapping[str, Any]) -> tuple[Any, Any]:
    """(quest number, team size) the table is on; while a team is being chosen without
    Targeting the quest is the first one not yet attempted: RA-19."""
    quest = view.get("quest") or next(iter(view.get("attemptable_quests") or []), None)
    size = next((q["size"] for q in view.get("quests", []) if q["quest"] == quest), "")
    return quest, size


def _targeting(view: Mapping[str, Any]) -> bool:
    return bool(view.get("options", {}).get("targeting"))


class ResistancePresenter(Presenter):
    slugs = (GAME.slug,)
    words = WORDS
    panels = board
    public_board = True  # the quest track, the votes: every seat's and the spectators' own
    composed = frozenset({mv.ProposeTeam.TYPE})  # choose the knights, not one button per team
    help = HELP
    story = Story(
        round_openers={ev.TeamProposed.TYPE: _("Quest %(quest)s")},
    )

    def line_shown(self, event: Mapping[str, Any], me: int | None) -> bool:
        # "Ann has voted." says nothing the votes' table will not (RA-W1 keeps the vote);
        # the reader's own vote and card ("You vote approve.") stay.
        kind = event.get("type")
        if kind == ev.VoteCast.TYPE:
            return "approve" in event
        if kind == ev.QuestCardPlayed.TYPE:
            return "success" in event
        return True

    def line_table(
        self, event: Mapping[str, Any], names: Sequence[str]
    ) -> list[tuple[str, str, str]]:
        if event.get("type") == ev.VotesRevealed.TYPE:
            return vote_table(event, Reader(names))
        return []

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        quest, size = _quest_now(view)
        titles = {
            mv.ProposeTeam.TYPE: gettext("Choose a quest and its team")
            if _targeting(view)
            else gettext("Choose %(size)s knights for Quest %(quest)s")
            % {"size": size, "quest": quest},
            mv.Vote.TYPE: gettext("Do you approve this team?"),
            mv.PlayQuestCard.TYPE: gettext("Play your quest card"),
            mv.Examine.TYPE: gettext("Lady of the Lake: examine a player"),
            mv.Assassinate.TYPE: gettext("Name the player you believe is Merlin"),
        }
        return titles.get(move_type) or super().move_title(move_type, feed, names)

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        kind = move["type"]
        if kind == mv.Vote.TYPE:
            if move["approve"]:
                return gettext("Approve"), "approve"
            return gettext("Reject"), "reject"
        if kind == mv.PlayQuestCard.TYPE:
            if move["success"]:
                return gettext("Success"), "success"
            return gettext("Fail"), "fail"
        if kind == mv.Examine.TYPE:
            return gettext("Examine %(name)s") % {"name": name_of(names, move["target"])}, ""
        if kind == mv.Assassinate.TYPE:
            return gettext("%(name)s is Merlin") % {"name": name_of(names, move["target"])}, "fail"
        if kind == mv.ProposeTeam.TYPE:
            team = team_words(Reader(names), move["team"])
            return gettext("Team: %(team)s") % {"team": team}, ""
        return super().button(move, names)

    def field_label(self, move_type: str, name: str) -> str:
        labels = {"team": gettext("Team"), "quest": gettext("Quest")}
        return labels.get(name) or super().field_label(move_type, name)

    def choice_label(self, move_type: str, name: str, value: JSON, names: Sequence[str]) -> str:
        if name == "team":
            return name_of(names, value)
        if name == "quest":
            return gettext("Quest %(quest)s") % {"quest": value}
        return super().choice_label(move_type, name, value, names)

    def ending(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        outcome = feed.get("view", {}).get("outcome")
        if outcome:
            return gettext(str(outcome["summary"]))  # SUMMARIES, marked in the engine
        return super().ending(feed, names)

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        if view.get("outcome"):
            return self.ending(feed, names)
        phase = view.get("phase")
        if phase == Phase.PROPOSE and _targeting(view):
            leader = name_of(names, view.get("leader"))
            return gettext("%(leader)s chooses a quest and its team.") % {"leader": leader}
        quest, size = _quest_now(view)
        lady = (view.get("lady") or {}).get("holder")
        me = feed.get("my_seat")
        if phase == Phase.VOTE and me is not None and view.get("leader") == me:
            line = str(_("Everyone votes on your team for Quest %(quest)s.") % {"quest": quest})
        else:
            line = str(PHASES.get(str(phase), "")).format(
                leader=name_of(names, view.get("leader")),
                size=size,
                quest=quest,
                lady=name_of(names, lady),
            )
        if phase in (Phase.VOTE, Phase.QUEST):  # simultaneous: say whom the table waits for
            waiting = waiting_for(feed.get("pending_seats", []), names, me)
            line = f"{line} {waiting}" if waiting else line
        return line


RESISTANCE = ResistancePresenter()
