"""Log lines of The Resistance: Avalon, one small wording per event type, from the event
as the reader may see it (a seat reads its own vote, the others read that it voted, RA-W1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..words import EventWords, Reader
from .wire import (
    Assassinated,
    GameEnded,
    GameSetUp,
    LadyExamined,
    QuestCardPlayed,
    QuestResolved,
    TeamProposed,
    VoteCast,
    VotesRevealed,
)

WORDS = EventWords()


def team_words(r: Reader, team: Any) -> str:
    return r.names_of(sorted(team))


@WORDS.on(GameSetUp)
def _set_up(e: Mapping[str, Any], r: Reader) -> str:
    line = f"The roles are dealt. {r.name(e.get('leader'))} leads first."
    you = e.get("you")
    if you:
        return line + f" You are {you['role_label']}."
    if e.get("roles"):  # the full reveal (RA-23)
        return (
            line
            + " "
            + ", ".join(f"{r.name(s)}: {role}" for s, role in enumerate(e["roles"]))
            + "."
        )
    return line


@WORDS.on(TeamProposed)
def _team_proposed(e: Mapping[str, Any], r: Reader) -> str:
    return f"{r.name(e['leader'])} proposes {team_words(r, e['team'])} for Quest {e['quest']}."


def _acted(who: str, what: str) -> str:
    """ "Ann has voted." / "You have played a quest card." (RA-W1: that, not what)."""
    return f"{who} {'have' if who == 'You' else 'has'} {what}."


def _chose(who: str, verb: str, choice: str) -> str:
    return f"{who} {verb}{'' if who == 'You' else 's'} {choice}"


@WORDS.on(VoteCast)
def _vote_cast(e: Mapping[str, Any], r: Reader) -> str:
    who = r.who(e.get("seat"))
    if "approve" in e:
        return _chose(who, "vote", "approve." if e["approve"] else "reject.")
    return _acted(who, "voted")


@WORDS.on(VotesRevealed)
def _votes_revealed(e: Mapping[str, Any], r: Reader) -> str:
    votes = e["votes"]
    yes = [r.name(s) for s, v in enumerate(votes) if v]
    no = [r.name(s) for s, v in enumerate(votes) if not v]
    verdict = "approved" if e["approved"] else "rejected"
    return (
        f"The team is {verdict} ({len(yes)} to {len(no)})."
        f" Approve: {', '.join(yes) or 'nobody'}. Reject: {', '.join(no) or 'nobody'}."
    )


@WORDS.on(QuestCardPlayed)
def _quest_card_played(e: Mapping[str, Any], r: Reader) -> str:
    who = r.who(e.get("seat"))
    if "success" in e:
        return _chose(who, "play", "Success." if e["success"] else "Fail.")
    return _acted(who, "played a quest card")


@WORDS.on(QuestResolved)
def _quest_resolved(e: Mapping[str, Any], r: Reader) -> str:
    result = "succeeds" if e["succeeded"] else "fails"
    return f"Quest {e['quest']} {result} with {e['fails']} Fail card(s)."


@WORDS.on(LadyExamined)
def _lady_examined(e: Mapping[str, Any], r: Reader) -> str:
    line = f"{r.name(e['holder'])} examines {r.name(e.get('seat', e.get('target')))}"
    if "side" in e:  # the holder's own line (RA-24)
        return f"{line}: {e['side'].capitalize()}."
    return line + "."


@WORDS.on(Assassinated)
def _assassinated(e: Mapping[str, Any], r: Reader) -> str:
    hit = "and finds Merlin!" if e["hit"] else "but misses Merlin."
    return f"The Assassin names {r.name(e['target'])} {hit}"


@WORDS.on(GameEnded)
def _game_ended(e: Mapping[str, Any], r: Reader) -> str:
    return f"{str(e['winner']).capitalize()} wins. Every role is revealed."
