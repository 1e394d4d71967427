"""Legal moves, pending seats and `decide`: every move is checked against the enumerated
legal moves, and refused with a message naming the rule in plain words."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from random import Random

from games.engine.core import Event, IllegalMove, Move

from . import events as ev
from . import godsend_phase as gp
from .config import PASS_COUNT
from .flow import Builder
from .hooks import holder
from .locations import next_locations
from .melee import play
from .moves import (
    ChooseLocation,
    ChoosePass,
    Command,
    DecidePassing,
    FinishDusk,
    GiveCard,
    GiveHit,
    PickGodsend,
    PlaceGodsend,
    PlayCard,
    Shame,
)
from .powers import dusk
from .rules import actor, follow_suits, legal_plays, suits_in_play
from .state import TState
from .weapons import weapon


def pending_seats(s: TState) -> frozenset[int]:
    if s.phase == "over":
        return frozenset()
    if s.phase == "location":
        return frozenset({s.chooser}) if s.chooser is not None else frozenset()
    if s.phase == "sword":
        seat = holder(s, "sword")
        return frozenset({seat}) if seat is not None else frozenset()
    if s.phase == "passing":
        return frozenset(
            seat
            for seat, p in enumerate(s.players)
            if p.passing is None and not _sword_waiting(s, seat)
        )
    if s.phase == "play":
        return frozenset({actor(s)})
    if s.phase == "gift":
        return frozenset({s.arthur[0]}) if s.arthur else frozenset()
    if s.phase == "dusk":
        return frozenset(s.dusk_queue[:1])
    if s.phase in ("godsend", "place"):
        return frozenset(s.recipients[:1])
    return frozenset()


def _sword_waiting(s: TState, seat: int) -> bool:
    """The Sword's holder chooses after the cards passed to them arrive."""
    return s.sword_waits == seat


def location_choices(s: TState) -> list[str]:
    if s.choosing == "chaos":
        return next_locations(s.location)  # TX-4
    return next_locations(None)


def legal_moves(s: TState, seat: int) -> Sequence[Move]:
    if seat not in pending_seats(s):
        return []
    if s.phase == "location":
        return [ChooseLocation(loc) for loc in location_choices(s)]
    if s.phase == "sword":
        return [DecidePassing(True), DecidePassing(False)]
    if s.phase == "passing":
        hand = s.player(seat).hand
        return [ChoosePass(frozenset(c)) for c in combinations(sorted(hand), PASS_COUNT)]
    if s.phase == "play":
        return legal_plays(s)
    if s.phase == "gift":
        return [GiveCard(c) for c in sorted(set(s.player(seat).hand))]
    if s.phase == "dusk":
        return [GiveHit(c, t) for c, t in dusk.dusk_targets(s, seat)] + [FinishDusk()]
    if s.phase == "godsend":
        return [PickGodsend(src) for src in gp.sources(s)]
    if s.phase == "place":
        return [PlaceGodsend(t) for t in range(s.n) if t != seat]
    return []


def decide(s: TState, seat: int, move: Move, rng: Random) -> list[Event]:
    legal = legal_moves(s, seat)
    if move not in legal:
        raise IllegalMove(explain(s, seat, move))
    b = Builder(s, rng)
    if isinstance(move, (PlayCard, Shame, Command)):
        play(b, move)
    elif isinstance(move, ChooseLocation):
        _location(b, seat, move.location)
    elif isinstance(move, DecidePassing):
        b.emit(ev.PassingDecided(seat, move.allow))
        if move.allow:
            b.start_passing(seat)
        else:
            b.begin_combat()
    elif isinstance(move, ChoosePass):
        _choose_pass(b, seat, move.cards)
    elif isinstance(move, GiveCard):
        arthur = s.arthur
        assert arthur is not None
        b.emit(ev.CardGiven(seat, arthur[1], move.card))
        b.next_melee()
    elif isinstance(move, GiveHit):
        dusk.give_hit(b, seat, move.card, move.to)
    elif isinstance(move, FinishDusk):
        dusk.finish(b, seat)
    elif isinstance(move, PickGodsend):
        gp.pick(b, seat, move)
    elif isinstance(move, PlaceGodsend):
        gp.place_on(b, seat, move)
    return b.events


def _location(b: Builder, seat: int, location: str) -> None:
    choosing = b.state.choosing
    b.emit(ev.LocationChosen(seat, location, choosing))
    if choosing == "chaos":
        if b.state.round == 0:
            b.dawn()
        else:
            gp.godsend_phase(b)
    elif choosing == "nimue":
        b.deal()
    else:
        gp.next_pick(b)


def _choose_pass(b: Builder, seat: int, cards: frozenset[str]) -> None:
    """TA-3: choices are secret; cards move only when everyone has chosen."""
    b.emit(ev.PassChosen(seat, cards))
    s = b.state
    direction = 1 if s.round % 2 == 1 else -1
    waiting = [x for x, p in enumerate(s.players) if p.passing is None]
    sword = s.sword_waits
    if sword is not None and waiting == [sword]:
        giver = (sword - direction) % s.n
        b.emit(ev.CardsPassed(((giver, sword, tuple(sorted(s.player(giver).passing or ()))),)))
        return
    if waiting:
        return
    moves = tuple(
        (x, (x + direction) % s.n, tuple(sorted(p.passing)))
        for x, p in enumerate(s.players)
        if p.passing
    )
    b.emit(ev.CardsPassed(moves))
    b.begin_combat()


def explain(s: TState, seat: int, move: Move) -> str:
    """A player-friendly reason why `move` is not legal now."""
    if s.phase == "over":
        return "This game is over."
    if s.phase != "play" or not isinstance(move, (PlayCard, Shame, Command)):
        names = {
            "location": "choose a Location",
            "sword": "allow or deny passing",
            "passing": "choose three cards to pass",
            "gift": "give a card to the opponent you commanded",
            "dusk": "hand out Weapon Hits or finish",
            "godsend": "pick a Godsend",
            "place": "choose the opponent for your Godsend",
            "play": "play a card",
        }
        return f"That is not possible now: you must {names.get(s.phase, 'wait')}."
    if isinstance(move, Command):
        return "You cannot command that player now (once per Tourney Round, on your own turn)."
    hand = s.player(actor(s)).hand
    if move.card and move.card not in hand:
        return "You do not hold that card."
    suits = sorted(follow_suits(s))
    named = " or ".join(x.title() for x in suits)
    held = [c for c in hand if weapon(c).kind == "basic" and weapon(c).suit in suits]
    alchemy = any(weapon(c).kind == "alchemy" for c in hand)
    if isinstance(move, Shame):
        if held and not s.alchemy_led:
            return f"You cannot Shame: you hold a {named} card."
        if alchemy or s.alchemy_led or s.played == 0:
            return "You cannot Shame: you hold a card you can legally play (Alchemy is in-suit)."
        return "You cannot Shame now."
    if move.card not in hand:  # "" is a Shame with an empty hand, never a card to play
        return "You do not hold that card."
    w = weapon(move.card)
    if w.value is None:
        if not 1 <= move.value <= 15:
            return f"Give your {w.name} a value from 1 to 15."
        if s.played == 0 and move.suit not in suits_in_play(s):
            return f"Name the Lead Suit your {w.name} leads."
        if s.played and move.suit:
            return "Only a card that leads names the Lead Suit."
    elif move.value or move.suit:
        return f"The {w.name} has a printed value and suit; only wild cards take them."
    if s.played == 0:
        if w.kind == "alchemy":
            return "Under Camelot rules you may lead Alchemy only when you hold no basic weapon."
    elif not s.alchemy_led:
        if w.kind == "basic" and w.suit not in suits:
            if held:
                return f"You must follow {named}: you hold a {named} card."
            return f"You must play Alchemy or a special weapon: you hold no {named} card."
        if w.kind == "alchemy" and held:
            return f"Under Camelot rules you may play Alchemy only when you hold no {named} card."
    if move.extra or move.boost:
        return "That power cannot be used with this play (or was already used this round)."
    return "That play is not allowed here."
