"""Log lines of The Resistance: Avalon, one small wording per event type, from the event
as the reader may see it (a seat reads its own vote, the others read that it voted, RA-W1),
addressed to the reader ("You vote…") in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..words import EventWords, Reader, about, names_list
from .wire import Role, Side, ev

WORDS = EventWords()


def side_words(side: Any) -> str:
    """ "Good" / "Evil" in the reader's language."""
    return _("Good") if side == Side.GOOD else _("Evil") if side == Side.EVIL else str(side)


def role_words(role: Any) -> str:
    """A role (its value, "merlin") by its name in the reader's language."""
    try:
        return _(Role(role).label)
    except ValueError:
        return str(role)


def team_words(r: Reader, team: Any) -> str:
    return r.names_of(sorted(team))


@WORDS.on(ev.GameSetUp, headline=True)
def _set_up(e: Mapping[str, Any], r: Reader) -> str:
    line = _("The roles are dealt. %(name)s leads first.") % {"name": r.name(e.get("leader"))}
    you = e.get("you")
    if you:
        return line + " " + _("You are %(role)s.") % {"role": _(str(you["role_label"]))}
    if e.get("roles"):  # the full reveal [RA-23]
        roles = ", ".join(
            _("%(name)s: %(role)s") % {"name": r.name(s), "role": role_words(role)}
            for s, role in enumerate(e["roles"])
        )
        return line + " " + roles + "."
    return line


@WORDS.on(ev.TeamProposed, headline=True)
def _team_proposed(e: Mapping[str, Any], r: Reader) -> str:
    return about(
        r,
        e["leader"],
        _("You propose %(team)s for Quest %(quest)s."),
        _("%(name)s proposes %(team)s for Quest %(quest)s."),
        team=names_list([r.who_object(s) for s in sorted(e["team"])]),
        quest=e["quest"],
    )


@WORDS.on(ev.VoteCast)
def _vote_cast(e: Mapping[str, Any], r: Reader) -> str:
    seat = e.get("seat")
    if "approve" in e:  # the voter's own line (RA-W1: the others read that, not what)
        if e["approve"]:
            return about(r, seat, _("You vote approve."), _("%(name)s votes approve."))
        return about(r, seat, _("You vote reject."), _("%(name)s votes reject."))
    return about(r, seat, _("You have voted."), _("%(name)s has voted."))


@WORDS.on(ev.VotesRevealed, headline=True)
def _votes_revealed(e: Mapping[str, Any], r: Reader) -> str:
    # Who voted how is the table under this line (ResistancePresenter.line_table).
    votes = e["votes"]
    counts = {"yes": sum(1 for v in votes if v), "no": sum(1 for v in votes if not v)}
    if e["approved"]:
        return _("The team is approved (%(yes)d to %(no)d).") % counts
    return _("The team is rejected (%(yes)d to %(no)d).") % counts


def vote_table(e: Mapping[str, Any], r: Reader) -> list[tuple[str, str, str]]:
    """Each seat and its vote, in seat order (RA-13: revealed together)."""
    return [
        (r.name(s), _("Approve"), "approve") if v else (r.name(s), _("Reject"), "reject")
        for s, v in enumerate(e["votes"])
    ]


@WORDS.on(ev.QuestCardPlayed)
def _quest_card_played(e: Mapping[str, Any], r: Reader) -> str:
    seat = e.get("seat")
    if "success" in e:
        if e["success"]:
            return about(r, seat, _("You play Success."), _("%(name)s plays Success."))
        return about(r, seat, _("You play Fail."), _("%(name)s plays Fail."))
    return about(
        r, seat, _("You have played a quest card."), _("%(name)s has played a quest card.")
    )


@WORDS.on(ev.QuestResolved, headline=True)
def _quest_resolved(e: Mapping[str, Any], r: Reader) -> str:
    fails = int(e["fails"])
    if e["succeeded"]:
        line = ngettext(
            "Quest %(quest)s succeeds with %(fails)d Fail card.",
            "Quest %(quest)s succeeds with %(fails)d Fail cards.",
            fails,
        )
    else:
        line = ngettext(
            "Quest %(quest)s fails with %(fails)d Fail card.",
            "Quest %(quest)s fails with %(fails)d Fail cards.",
            fails,
        )
    return line % {"quest": e["quest"], "fails": fails}


@WORDS.on(ev.LadyExamined, headline=True)
def _lady_examined(e: Mapping[str, Any], r: Reader) -> str:
    examined = e.get("seat", e.get("target"))
    if r.mine(examined) and "side" not in e:  # French puts "you" before the verb
        return _("%(name)s examines you.") % {"name": r.name(e["holder"])}
    target = r.who_object(examined)
    if "side" in e:  # the holder's own line [RA-24]
        return about(
            r,
            e["holder"],
            _("You examine %(target)s: %(side)s."),
            _("%(name)s examines %(target)s: %(side)s."),
            target=target,
            side=side_words(e["side"]),
        )
    return about(
        r,
        e["holder"],
        _("You examine %(target)s."),
        _("%(name)s examines %(target)s."),
        target=target,
    )


@WORDS.on(ev.Assassinated, headline=True)
def _assassinated(e: Mapping[str, Any], r: Reader) -> str:
    if r.mine(e["target"]):
        if e["hit"]:
            return _("The Assassin names you and finds Merlin!")
        return _("The Assassin names you but misses Merlin.")
    target = r.name(e["target"])
    if e["hit"]:
        return _("The Assassin names %(target)s and finds Merlin!") % {"target": target}
    return _("The Assassin names %(target)s but misses Merlin.") % {"target": target}


@WORDS.on(ev.GameEnded, headline=True)
def _game_ended(e: Mapping[str, Any], r: Reader) -> str:
    if e["winner"] == Side.GOOD:
        return _("Good wins. Every role is revealed.")
    return _("Evil wins. Every role is revealed.")
