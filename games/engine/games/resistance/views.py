"""What each viewer may see: per-seat views, redacted events, and the list of secrets.

A view holds exactly what its seat may know (RA-6..RA-10, RA-W1, RA-W4): its own role and
night knowledge, its Lady of the Lake results, and the public history (teams, revealed
votes with who voted what, fail counts). Never another seat's role, a pending vote or a
quest card's owner. At the end everything is revealed (RA-23).

Secret facts use one JSON shape everywhere, so the leak test can find them:
{"seat", "role"}, {"seat", "side"}, {"seat", "seen_as"}, {"seat", "vote", "proposal"},
{"seat", "quest", "card"}.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Final, NamedTuple

from games.engine.core import JSON, Event, Secret, Viewer, public_redact, to_json
from games.engine.core.memo import SharedTable, options_of, shared

from .config import MAX_REJECTIONS, QUESTS, SIDES, fails_needed, quest_size
from .events import GameSetUp, LadyExamined, QuestCardPlayed, VoteCast
from .knowledge import MERLIN_OR_MORGANA, Knowledge, knowers_of_side, night_knowledge
from .roles import Phase, Role
from .rules import SUMMARIES, lady_targets, pending_seats
from .state import LadyRecord, ProposalRecord, QuestRecord, ResistanceState
from .state import attemptable_quests as _attemptable

# The parts of a view built from one game's records (the deal, proposals, quests, the
# Lady's results), by the records' identity: a few dozen games' worth (a game has at most
# 25 proposals and 5 quests), let go with the next clearing once the game is over.
_GAME_PARTS: Final = SharedTable(2048)


def _vote(seat: int, approve: bool, proposal: int) -> dict[str, JSON]:
    return {"seat": seat, "vote": "approve" if approve else "reject", "proposal": proposal}


def _card(seat: int, quest: int, success: bool) -> dict[str, JSON]:
    return {"seat": seat, "quest": quest, "card": "success" if success else "fail"}


def _role(state: ResistanceState, seat: int) -> dict[str, JSON]:
    return dict(_deal(state).roles[seat])


class _Deal(NamedTuple):
    """What the deal alone decides, built once per game (the roles never change)."""

    roles: list[dict[str, JSON]]  # per seat: role, label, side
    night: list[list[Knowledge]]  # per seat: its night knowledge
    in_play: list[str]
    bot_you: list[dict[str, JSON]]  # per seat: the "you" of its bot view before any Lady


def _deal(state: ResistanceState) -> _Deal:
    return _GAME_PARTS.shared("ra.deal", state.roles, _dealt)


def _dealt(roles: tuple[Role, ...]) -> _Deal:
    shown: list[dict[str, JSON]] = [
        {"seat": s, "role": r.value, "role_label": r.label, "side": r.side.value}
        for s, r in enumerate(roles)
    ]
    night = [night_knowledge(roles, s) for s in range(len(roles))]
    return _Deal(
        roles=shown,
        night=night,
        in_play=sorted({r.value for r in roles}),
        bot_you=[_bot_you(shown, night, s, ()) for s in range(len(roles))],
    )


def acted_seats(state: ResistanceState) -> list[int]:
    """RA-W1: who has already voted or played a card (never what)."""
    if state.phase is Phase.VOTE:
        return [s for s, v in enumerate(state.votes) if v is not None]
    if state.phase is Phase.QUEST:
        return sorted(seat for seat, _ in state.cards)
    return []


def view(state: ResistanceState, viewer: Viewer) -> dict[str, JSON]:
    over = state.winner is not None
    pending = pending_seats(state)
    acted = acted_seats(state)
    acted_set = frozenset(acted)
    n = state.players
    good, evil = SIDES[n]
    deal = _deal(state)
    out: dict[str, JSON] = {
        "game": "resistance-avalon",
        "phase": state.phase.value,
        "options": options_of(state.config),
        "player_count": n,
        "good_count": good,
        "evil_count": evil,
        "roles_in_play": list(deal.in_play),
        "players": [_player(state, s, pending, acted_set, over) for s in range(n)],
        "leader": state.leader,
        "round": state.round,
        "quest": state.quest,
        "attemptable_quests": _attemptable(state) if state.phase is Phase.PROPOSE else [],
        "quests": _quests(state),
        "successes": state.successes(),
        "failures": state.failures(),
        "rejections": state.rejections,
        "max_rejections": MAX_REJECTIONS,
        "team": sorted(state.team),
        "proposals": list(_GAME_PARTS.shared("ra.proposals", state.proposals, _proposals)),
        "lady": _lady(state),
        "waiting_for": sorted(pending),
        "acted": acted,
        "assassination": (
            None
            if state.assassination is None
            else {"target": state.assassination[0], "hit": state.assassination[1]}
        ),
        "outcome": _outcome(state),
        "you": None if viewer is None else _you(state, viewer, pending, deal),
        "reveal": _reveal(state) if over else None,
    }
    return out


def bot_view(state: ResistanceState, seat: int) -> dict[str, JSON]:
    """The part of `view(state, seat)` the bot reads (bot.py, beliefs.py), built without the
    rest: the same values under a subset of the keys, "you" included, so it shows nothing the
    seat may not know (tests/engine check it against the full view at every decision of
    seeded games, and that the bot chooses the same from both). A bot decides about twice
    per move and the full view (players, waiting, reveal...) costs more than its choice.
    The public part changes only with a proposal or a quest, and "you" only with the Lady:
    both are built once and handed over as they are, not copied (the bot only reads them)."""
    public, deal = _bot_public(state)
    out = dict(public)
    if state.lady_history:  # the same until the next examination: once per seat of it
        yous = _GAME_PARTS.shared("ra.bot.you", state.lady_history, partial(_bot_yous, deal))
        out["you"] = yous[seat]
    else:  # the same for the whole game: once per seat of the deal
        out["you"] = deal.bot_you[seat]
    return out


def _bot_yous(deal: _Deal, lady: tuple[LadyRecord, ...]) -> list[dict[str, JSON]]:
    """Per seat, the "you" part of its bot view after the Lady's examinations `lady`. A seat
    that never held the Lady learnt nothing from them: it keeps the very "you" of the deal,
    so its bot goes on with what it read from it (beliefs.py keeps a seat's mind per "you"
    object)."""
    holders = {r.holder for r in lady}
    return [
        _bot_you(deal.roles, deal.night, seat, lady) if seat in holders else deal.bot_you[seat]
        for seat in range(len(deal.roles))
    ]


def _bot_you(
    roles: list[dict[str, JSON]],
    night: list[list[Knowledge]],
    seat: int,
    lady: tuple[LadyRecord, ...],
) -> dict[str, JSON]:
    you = dict(roles[seat])
    you["knowledge"] = night[seat]
    you["lady_results"] = [{"seat": r.seat, "side": r.side.value} for r in lady if r.holder == seat]
    return you


# The last public part built and the records it was built from (held, so compared by
# identity): a game's bots ask again and again while only votes change. One entry, replaced
# whole, so threads sharing it read either the old entry or the new one.
_LAST_PUBLIC: tuple[tuple[object, ...], dict[str, JSON], _Deal] | None = None


def _bot_public(state: ResistanceState) -> tuple[dict[str, JSON], _Deal]:
    """The bot view's public part, and the game's deal (the same game: the same deal)."""
    last = _LAST_PUBLIC
    if last is not None:
        sources = last[0]
        if (
            sources[0] is state.roles
            and sources[1] is state.quests
            and sources[2] is state.proposals
            and sources[3] is state.team
            and sources[4] == state.quest
            and sources[5] == state.rejections
        ):
            return last[1], last[2]
    return _build_public(state, last)


def _build_public(
    state: ResistanceState, last: tuple[tuple[object, ...], dict[str, JSON], _Deal] | None
) -> tuple[dict[str, JSON], _Deal]:
    global _LAST_PUBLIC
    if (
        last is not None
        and last[0][0] is state.roles
        and last[0][1] is state.quests
        and last[0][2] is state.proposals
    ):  # the same game and record: a new team, its quest or a rejection (RA-12..RA-15)
        built, deal = dict(last[1]), last[2]
        if last[0][4] != state.quest:
            built["quests"] = _track_of(state)
        built["rejections"] = state.rejections
        built["team"] = sorted(state.team)
    else:
        built, deal = _new_public(state), _deal(state)
    sources = (state.roles, state.quests, state.proposals, state.team, state.quest)
    _LAST_PUBLIC = ((*sources, state.rejections), built, deal)
    return built, deal


def _new_public(state: ResistanceState) -> dict[str, JSON]:
    return {
        "player_count": len(state.roles),
        "evil_count": SIDES[len(state.roles)][1],
        "roles_in_play": _deal(state).in_play,
        "quests": _track_of(state),
        "successes": state.successes(),
        "failures": state.failures(),
        "rejections": state.rejections,
        "max_rejections": MAX_REJECTIONS,
        "team": sorted(state.team),
        "proposals": _GAME_PARTS.shared("ra.proposals", state.proposals, _proposals),
    }


def _player(
    state: ResistanceState, seat: int, pending: frozenset[int], acted: frozenset[int], over: bool
) -> dict[str, JSON]:
    entry: dict[str, JSON] = {
        "seat": seat,
        "leader": seat == state.leader,
        "on_team": seat in state.team,
        "lady": seat == state.lady,
        "pending": seat in pending,
        "acted": seat in acted,
    }
    if over:  # RA-23
        entry.update(_role(state, seat))
    return entry


def _proposals(records: tuple[ProposalRecord, ...]) -> list[dict[str, JSON]]:
    return [_GAME_PARTS.shared("ra.proposal", p, _proposal) for p in records]


def _proposal(p: ProposalRecord) -> dict[str, JSON]:
    return {
        "proposal": p.proposal,
        "round": p.round,
        "quest": p.quest,
        "leader": p.leader,
        "team": sorted(p.team),
        "approved": p.approved,
        "approvals": sum(p.votes),
        "votes": [_vote(s, v, p.proposal) for s, v in enumerate(p.votes)],
    }


def _quests(state: ResistanceState) -> list[dict[str, JSON]]:
    """The track, quest by quest: resolved ones from their records, the others open. It
    changes only when a quest resolves or a team is proposed for one."""
    return list(_track_of(state))


def _track_of(state: ResistanceState) -> list[dict[str, JSON]]:
    players, current = len(state.roles), state.quest
    kind = f"ra.quests.{players}.{current}"  # `()` is one object for every table
    return _GAME_PARTS.shared(kind, state.quests, partial(_track, players, current))


def _track(
    players: int, current: int | None, records: tuple[QuestRecord, ...]
) -> list[dict[str, JSON]]:
    resolved = {q.quest: q for q in records}
    return [
        _GAME_PARTS.shared("ra.quest", resolved[q], partial(_resolved, players))
        if q in resolved
        else shared("ra.open", (players, q, q == current), _open, by_value=True)
        for q in range(1, QUESTS + 1)
    ]


def _resolved(players: int, record: QuestRecord) -> dict[str, JSON]:
    return _quest(players, record.quest, record, False)


def _open(key: tuple[int, int, bool]) -> dict[str, JSON]:
    return _quest(key[0], key[1], None, key[2])


def _quest(players: int, quest: int, record: QuestRecord | None, current: bool) -> dict[str, JSON]:
    needed = fails_needed(players, quest)
    return {
        "quest": quest,
        "size": quest_size(players, quest),
        "fails_needed": needed,
        "two_fails": needed == 2,  # RA-18 marker for the track
        "result": None if record is None else ("success" if record.succeeded else "fail"),
        "fails": None if record is None else record.fails,
        "round": None if record is None else record.round,
        "team": None if record is None else sorted(record.team),
        "current": current,
    }


def _lady(state: ResistanceState) -> dict[str, JSON] | None:
    if state.lady is None:
        return None
    return {
        "holder": state.lady,
        "examinations": [{"holder": r.holder, "target": r.seat} for r in state.lady_history],
        "eligible": lady_targets(state),
    }


def _outcome(state: ResistanceState) -> dict[str, JSON] | None:
    if state.winner is None or state.reason is None:
        return None
    return {
        "winner": state.winner.value,
        "reason": state.reason,
        "summary": SUMMARIES[state.reason],
        "winners": [s for s in range(state.players) if state.side_of(s) is state.winner],
    }


def _you(state: ResistanceState, me: int, pending: frozenset[int], deal: _Deal) -> dict[str, JSON]:
    proposal = len(state.proposals) + 1
    own_vote = state.votes[me] if state.phase is Phase.VOTE else None
    own_card = next((ok for s, ok in state.cards if s == me), None)
    you = dict(deal.roles[me])
    you.update(
        {
            "knowledge": list(deal.night[me]),
            "lady_results": [
                {"seat": r.seat, "side": r.side.value} for r in state.lady_history if r.holder == me
            ],
            "vote": None if own_vote is None else _vote(me, own_vote, proposal),
            "card": None
            if own_card is None or state.quest is None
            else _card(me, state.quest, own_card),
            "cards_played": [
                _card(me, q.quest, ok) for q in state.quests for s, ok in q.cards if s == me
            ],
            "must_act": me in pending,
            "is_leader": me == state.leader,
            "on_team": me in state.team,
        }
    )
    return you


def _reveal(state: ResistanceState) -> dict[str, JSON]:
    """RA-23: every role, every night's knowledge, who played which card, every Lady result."""
    return {
        "roles": [_role(state, s) for s in range(state.players)],
        "night": [{"seat": s, "knew": list(knew)} for s, knew in enumerate(_deal(state).night)],
        "quest_cards": [_card(s, q.quest, ok) for q in state.quests for s, ok in q.cards],
        "lady_results": [
            {"holder": r.holder, "seat": r.seat, "side": r.side.value} for r in state.lady_history
        ],
    }


def redact(event: Event, viewer: Viewer, state: ResistanceState) -> dict[str, JSON] | None:
    """The event as `viewer` may see it; `state` is the state just after it."""
    if state.winner is not None:  # RA-23: the whole log is visible once the game is over
        return dict(to_json(event))
    if isinstance(event, GameSetUp):
        shown: dict[str, Any] = {
            "type": event.TYPE,
            "config": to_json(event.config),
            "players": len(event.roles),
            "leader": event.leader,
            "lady": event.lady,
        }
        if viewer is not None:
            shown["you"] = _role(state, viewer)
            shown["you"]["knowledge"] = night_knowledge(event.roles, viewer)
        return shown
    if isinstance(event, (VoteCast, QuestCardPlayed)) and viewer != event.seat:
        return {"type": event.TYPE, "seat": event.seat}  # RA-W1: that they acted, not what
    if isinstance(event, LadyExamined) and viewer != event.holder:
        return {"type": event.TYPE, "holder": event.holder, "target": event.seat}  # RA-24
    if isinstance(event, (VoteCast, QuestCardPlayed, LadyExamined)):
        return dict(to_json(event))
    return public_redact(event, viewer)


def secrets(state: ResistanceState) -> list[Secret]:
    """Every hidden fact of the full state, with who may know it."""
    out: list[Secret] = []
    examiners: dict[int, set[int]] = {}
    for record in state.lady_history:
        examiners.setdefault(record.seat, set()).add(record.holder)
    for seat, role in enumerate(state.roles):
        me = frozenset({seat})
        out.append(Secret(me, {"seat": seat, "role": role.value}))
        side_knowers = me | knowers_of_side(state.roles, seat) | examiners.get(seat, set())
        out.append(Secret(side_knowers, {"seat": seat, "side": role.side.value}))
    percivals = frozenset(state.seats_with(Role.PERCIVAL))
    if percivals:  # RA-9
        for seat in state.seats_with(Role.MERLIN, Role.MORGANA):
            fragment = {"seat": seat, "seen_as": MERLIN_OR_MORGANA}
            out.append(Secret(percivals | {seat}, fragment))
    proposal = len(state.proposals) + 1
    if state.phase is Phase.VOTE:
        for seat, vote in enumerate(state.votes):
            if vote is not None:
                out.append(Secret(frozenset({seat}), _vote(seat, vote, proposal)))
    if state.quest is not None:
        for seat, ok in state.cards:
            out.append(Secret(frozenset({seat}), _card(seat, state.quest, ok)))
    for quest in state.quests:  # RA-17: a card's owner stays hidden until the end
        for seat, ok in quest.cards:
            out.append(Secret(frozenset({seat}), _card(seat, quest.quest, ok)))
    return out
