"""The pure fold: how each Tournament event changes the state. Never needs randomness."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.engine.core import Event

from . import events as ev
from .characters import threshold
from .copying import record, replace, replace_with, with_player
from .hooks import carry_powers
from .state import Ask, Entry, Player, TState

_HANDLERS: Final[dict[type, Callable[[TState, Any], TState]]] = {}


def on(cls: type) -> Callable[[Callable[[TState, Any], TState]], Callable[[TState, Any], TState]]:
    def deco(fn: Callable[[TState, Any], TState]) -> Callable[[TState, Any], TState]:
        _HANDLERS[cls] = fn
        return fn

    return deco


# Events that change no seat's active power cards (hooks.py reads the players' Godsends,
# Protagonist, Companion and unlock, and the table's rules and Locations): the powers
# table of the state before is carried to the state after instead of checked again. The
# most frequent events of a game; tests/engine checks the claim along seeded games.
POWERS_KEPT: Final[frozenset[type]] = frozenset(
    {
        ev.CardPlayed,
        ev.TurnMoved,
        ev.Shamed,
        ev.HealthChanged,
        ev.PowerUsed,
        ev.EntriesDiscarded,
        ev.MeleeStarted,
        ev.MeleeEnded,
        ev.Dealt,
        ev.PassChosen,
        ev.CardsPassed,
        ev.RoundEnded,
        ev.DuskStarted,
        ev.HitGiven,
        ev.DuskDone,
        ev.ChoiceAsked,
        ev.ChoiceMade,
    }
)


def evolve(state: TState | None, event: Event) -> TState:
    if isinstance(event, _GAME_STARTED):
        return _started(event)
    assert state is not None, "the log must open with GameStarted"
    kind = type(event)
    new = _HANDLERS[kind](state, event)
    if kind in POWERS_KEPT:
        carry_powers(state, new)
    return new


def _started(e: ev.GameStarted) -> TState:
    players = tuple(
        Player(p, c, e.health, unlocked=c is not None and e.health <= threshold(c))
        for p, c in zip(e.protagonists, e.companions, strict=True)
    )
    return TState(
        rules=e.rules,
        players=players,
        dealer=e.dealer,
        godsend_deck=e.godsend_deck,
        host=e.host,
        phase="location" if e.host is not None else "play",
    )


def _without_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`_without(cards, card)` by slicing, for the one card of a play (no list built)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _without(cards: tuple[str, ...], *gone: str) -> tuple[str, ...]:
    out = list(cards)
    for card in gone:
        out.remove(card)
    return tuple(out)


@on(ev.LocationAsked)
def _location_asked(s: TState, e: ev.LocationAsked) -> TState:
    return replace(s, phase="location", chooser=e.seat, choosing=e.choosing)


@on(ev.LocationChosen)
def _location_chosen(s: TState, e: ev.LocationChosen) -> TState:
    if e.choosing == "chaos":
        s = replace(s, location=e.location, host=e.seat)
    else:
        s = replace(s, hosted=(*s.hosted, (e.seat, e.location)))
    return replace(
        s, chooser=None, choosing="", phase="godsend" if e.choosing == "ring" else s.phase
    )


@on(ev.Dealt)
def _dealt(s: TState, e: ev.Dealt) -> TState:
    players = tuple(
        replace(p, hand=h, hits=(), used=(), passing=None, given=0, given_to=-1)  # TA-2
        for p, h in zip(s.players, e.hands, strict=True)
    )
    return replace(
        s,
        orders=(),
        players=players,
        round=e.round,
        dealer=e.dealer,
        deck=e.deck,
        discard=(),
        melee=(),
        carried=(),
        melee_no=0,
        passing_on=False,
        sword_waits=None,
        lead_suit=None,
        alchemy_led=False,
        out=frozenset(),
        arthur=None,
        commanded=None,
        phase="play",
    )


@on(ev.MerlinGranted)
def _merlin(s: TState, e: ev.MerlinGranted) -> TState:
    return with_player(s, e.seat, hand=(*s.players[e.seat].hand, "avalon-merlin"))


@on(ev.SwordAsked)
def _sword_asked(s: TState, e: ev.SwordAsked) -> TState:
    return replace(s, phase="sword")


@on(ev.PassingDecided)
def _passing_decided(s: TState, e: ev.PassingDecided) -> TState:
    return with_player(s, e.seat, used=(*s.players[e.seat].used, "the-sword"))


@on(ev.PassingStarted)
def _passing_started(s: TState, e: ev.PassingStarted) -> TState:
    return replace(s, phase="passing", passing_on=True, sword_waits=e.sword_waits)


@on(ev.PassChosen)
def _pass_chosen(s: TState, e: ev.PassChosen) -> TState:
    return with_player(s, e.seat, passing=e.cards)


@on(ev.CardsPassed)
def _cards_passed(s: TState, e: ev.CardsPassed) -> TState:
    players = list(s.players)  # every seat's new record first, then one copy of the state
    for giver, _to, cards in e.moves:
        p = players[giver]  # empty `passing`: this seat has passed
        players[giver] = replace(p, hand=_without(p.hand, *cards), passing=frozenset())
    for _giver, to, cards in e.moves:
        players[to] = replace(players[to], hand=(*players[to].hand, *cards))
    if s.sword_waits is not None and any(to == s.sword_waits for _g, to, _c in e.moves):
        return replace(s, players=tuple(players), sword_waits=None)
    return replace(s, players=tuple(players))


@on(ev.MeleeStarted)
def _melee_started(s: TState, e: ev.MeleeStarted) -> TState:
    return replace(
        s,
        phase="play",
        lead=e.lead,
        turn=e.lead,
        melee=(),
        played=0,
        acted=0,
        lead_suit=None,
        alchemy_led=False,
        out=frozenset(),
        commanded=None,
        passing_on=False,
        answered=(),
        spared=(),
    )


@on(ev.Commanded)
def _commanded(s: TState, e: ev.Commanded) -> TState:
    s = with_player(s, e.seat, used=(*s.players[e.seat].used, "arthur-pendragon"))
    return replace(s, commanded=e.target, arthur=(e.seat, e.target))


@on(ev.CardPlayed)
def _card_played(s: TState, e: ev.CardPlayed) -> TState:
    # One copy of the state for the whole event (the most frequent one): the player's
    # new record, the Melee entry and, when it leads, the Lead Suit.
    return replace_with(s, _card_changes(s, e))


def _card_changes(s: TState, e: ev.CardPlayed) -> dict[str, Any]:
    # The event's fields from its instance dictionary, read once: an attribute read of a
    # record looks in its class first, then in that same dictionary (twice the cost).
    fields: dict[str, Any] = e.__dict__
    seat: int = fields["seat"]
    card: str = fields["card"]
    suit: str | None = fields["suit"]
    played = s.played
    players = list(s.players)
    p = players[seat]
    players[seat] = replace(p, hand=_without_one(p.hand, card))
    entry = record(
        Entry,
        {
            "order": played,
            "slot": fields["slot"],
            "seat": seat,
            "card": card,
            "value": fields["value"],
            "suit": suit,
            "face_down": fields["face_down"],
            "marked": False,
        },
    )
    changes: dict[str, Any] = {
        "players": tuple(players),
        "melee": (*s.melee, entry),
        "played": played + 1,
    }
    if fields["leads"]:  # (item by item: `update` with keywords is a Python-level call)
        changes["lead_suit"] = suit
        changes["alchemy_led"] = fields["alchemy_led"]
    return changes


@on(ev.TurnMoved)
def _turn_moved(s: TState, e: ev.TurnMoved) -> TState:
    return replace(s, turn=e.turn, commanded=None, acted=s.acted + 1)


def card_and_turn(s: TState, played: ev.CardPlayed, moved: ev.TurnMoved) -> TState:
    """`evolve` of `played` and then `moved` (a card that sets nothing else off and the
    turn passing on, melee.plain_play) in one copy of the state instead of two: the same
    state as folding them one by one (tests/engine's contract folds the log again)."""
    changes = _card_changes(s, played)
    changes["turn"] = moved.turn  # item by item, as in `_card_changes`
    changes["commanded"] = None
    changes["acted"] = s.acted + 1
    new = replace_with(s, changes)
    carry_powers(s, new)  # both events keep every seat's powers (POWERS_KEPT)
    return new


@on(ev.Shamed)
def _shamed(s: TState, e: ev.Shamed) -> TState:
    seat, card = e.seat, e.card  # each read once (a record's attribute is a dict lookup)
    players = list(s.players)  # the player's new record, then one copy of the state
    p = players[seat]
    hand = _without_one(p.hand, card) if card else p.hand
    players[seat] = replace(p, hand=hand, health=p.health - e.injury)
    discard = (*s.discard, card) if card else s.discard
    return replace(s, players=tuple(players), discard=discard, out=s.out | {seat})


@on(ev.EntriesDiscarded)
def _entries_discarded(s: TState, e: ev.EntriesDiscarded) -> TState:
    gone = [x for x in s.melee if x.order in e.orders]
    melee = tuple(x for x in s.melee if x.order not in e.orders)
    return replace(s, melee=melee, discard=(*s.discard, *(x.card for x in gone)))


@on(ev.HealthChanged)
def _health(s: TState, e: ev.HealthChanged) -> TState:
    return with_player(s, e.seat, health=s.players[e.seat].health + e.delta)


@on(ev.CompanionUnlocked)
def _unlocked(s: TState, e: ev.CompanionUnlocked) -> TState:
    return with_player(s, e.seat, unlocked=True)


@on(ev.PowerUsed)
def _power_used(s: TState, e: ev.PowerUsed) -> TState:
    p = s.players[e.seat]
    tokens = p.tokens - 1 if e.power == "chivalry" else p.tokens
    return with_player(s, e.seat, used=(*p.used, e.power), tokens=tokens)


@on(ev.EntryMarked)
def _marked(s: TState, e: ev.EntryMarked) -> TState:
    melee = tuple(replace(x, marked=True) if x.order == e.order else x for x in s.melee)
    return replace(s, melee=melee)


@on(ev.EntryMoved)
def _entry_moved(s: TState, e: ev.EntryMoved) -> TState:
    card = next(x.card for x in s.melee if x.order == e.order)
    s = replace(s, melee=tuple(x for x in s.melee if x.order != e.order))
    return with_player(s, e.to, hits=(*s.players[e.to].hits, card))


@on(ev.CardsRevealed)
def _revealed(s: TState, e: ev.CardsRevealed) -> TState:
    return replace(s, melee=tuple(replace(x, face_down=False) for x in s.melee))


@on(ev.OrderChosen)
def _order_chosen(s: TState, e: ev.OrderChosen) -> TState:
    return replace(s, orders=(*s.orders, (e.seat, e.order)))


@on(ev.CardTurnedUp)
def _turned_up(s: TState, e: ev.CardTurnedUp) -> TState:
    melee = tuple(
        replace(x, face_down=False, value=e.value) if x.order == e.order else x for x in s.melee
    )
    return replace(s, melee=melee)


@on(ev.MeleeEnded)
def _melee_ended(s: TState, e: ev.MeleeEnded) -> TState:
    players = s.players
    seat = e.loser  # read once (a record's attribute is a dict lookup)
    if seat is not None:  # built here, so the state is copied once for the event
        loser = players[seat]
        taken = replace(loser, hits=(*loser.hits, *e.taken))
        players = (*players[:seat], taken, *players[seat + 1 :])
    return replace(
        s,
        players=players,
        melee=(),
        carried=e.set_aside,
        discard=(*s.discard, *e.discarded),
        lead=seat if seat is not None else s.lead,
        melee_no=s.melee_no + 1,
        phase="gift" if s.arthur is not None else s.phase,
    )


@on(ev.CardGiven)
def _card_given(s: TState, e: ev.CardGiven) -> TState:
    if e.card:
        s = with_player(s, e.seat, hand=_without(s.players[e.seat].hand, e.card))
        s = with_player(s, e.to, hand=(*s.players[e.to].hand, e.card))
    return replace(s, arthur=None, phase="play")


@on(ev.RoundEnded)
def _round_ended(s: TState, e: ev.RoundEnded) -> TState:
    players = tuple(replace(p, hand=(), passing=None) for p in s.players)  # TT-17
    return replace(
        s, players=players, carried=(), melee=(), commanded=None, arthur=None, phase="dusk"
    )


@on(ev.DuskStarted)
def _dusk_started(s: TState, e: ev.DuskStarted) -> TState:
    return replace(s, phase="dusk", dusk_queue=e.queue)


@on(ev.HitGiven)
def _hit_given(s: TState, e: ev.HitGiven) -> TState:
    p = s.players[e.seat]
    s = with_player(
        s,
        e.seat,
        hits=_without(p.hits, e.card),
        given=p.given + (1 if e.power == "sir-lionel" else 0),
        given_to=e.to if e.power == "sir-lionel" else p.given_to,
    )
    return with_player(s, e.to, hits=(*s.players[e.to].hits, e.card))


@on(ev.DuskDone)
def _dusk_done(s: TState, e: ev.DuskDone) -> TState:
    return replace(s, dusk_queue=tuple(q for q in s.dusk_queue if q != e.seat))


@on(ev.DuskTallied)
def _tallied(s: TState, e: ev.DuskTallied) -> TState:
    players = tuple(
        replace(p, health=p.health - i) for p, i in zip(s.players, e.injuries, strict=True)
    )
    return replace(s, players=players, hosted=())


@on(ev.DealerChosen)
def _dealer(s: TState, e: ev.DealerChosen) -> TState:
    return replace(
        s, dealer=e.dealer, prev_dealer=s.dealer, host=e.host if e.host is not None else s.host
    )


@on(ev.GodsendsCleared)
def _godsends_cleared(s: TState, e: ev.GodsendsCleared) -> TState:
    players = tuple(replace(p, godsends=(), tokens=0) for p in s.players)  # TT-20
    return replace(s, players=players, godsend_discard=(*s.godsend_discard, *e.cards))


@on(ev.GodsendDeckShuffled)
def _godsend_shuffled(s: TState, e: ev.GodsendDeckShuffled) -> TState:
    return replace(s, godsend_deck=(*s.godsend_deck, *e.order), godsend_discard=())


@on(ev.GodsendsRevealed)
def _godsends_revealed(s: TState, e: ev.GodsendsRevealed) -> TState:
    return replace(
        s,
        phase="godsend",
        recipients=e.recipients,
        godsend_up=e.cards,
        godsend_deck=s.godsend_deck[len(e.cards) :],
    )


@on(ev.GodsendTaken)
def _godsend_taken(s: TState, e: ev.GodsendTaken) -> TState:
    deck, up = s.godsend_deck, list(s.godsend_up)
    if e.source == "deck":
        deck = deck[1:]
    else:
        index = 0 if e.source == "left" else 1
        if e.replacement:
            up[index] = e.replacement
            deck = deck[1:]
        else:
            del up[index]
    return replace(s, godsend_deck=deck, godsend_up=tuple(up), placing=e.godsend, phase="place")


@on(ev.GodsendPlaced)
def _godsend_placed(s: TState, e: ev.GodsendPlaced) -> TState:
    s = with_player(s, e.seat, godsends=(*s.players[e.seat].godsends, e.godsend))
    if e.godsend == "chivalry":
        s = with_player(s, e.seat, tokens=3)
    return replace(s, placing=None, recipients=s.recipients[1:], phase="godsend")


@on(ev.GodsendCancelled)
def _godsend_cancelled(s: TState, e: ev.GodsendCancelled) -> TState:
    return replace(
        s,
        placing=None,
        recipients=s.recipients[1:],
        phase="godsend",
        godsend_discard=(*s.godsend_discard, e.godsend),
    )


@on(ev.GodsendPhaseEnded)
def _godsend_phase_ended(s: TState, e: ev.GodsendPhaseEnded) -> TState:
    return replace(
        s, godsend_up=(), recipients=(), godsend_discard=(*s.godsend_discard, *e.discarded)
    )


@on(ev.ChoiceAsked)
def _choice_asked(s: TState, e: ev.ChoiceAsked) -> TState:
    ask = Ask(e.seat, e.power, e.options, s.phase, e.losers, e.stake, e.at, e.results)
    return replace(s, phase="choice", ask=ask)


@on(ev.ChoiceMade)
def _choice_made(s: TState, e: ev.ChoiceMade) -> TState:
    assert s.ask is not None
    answered = (*s.answered, s.ask.key)
    return replace(s, phase=s.ask.resume, ask=None, answered=answered)


@on(ev.LossPassed)
def _loss_passed(s: TState, e: ev.LossPassed) -> TState:
    return replace(s, spared=(*s.spared, *e.orders))


@on(ev.GameEnded)
def _game_ended(s: TState, e: ev.GameEnded) -> TState:
    return replace(s, phase="over", winners=e.winners, end_reason=e.reason)


_GAME_STARTED: Final = ev.GameStarted  # a C static: asked of every event folded
