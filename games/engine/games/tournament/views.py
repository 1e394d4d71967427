"""What each seat may see (views, redacted events) and the secrets the leak test checks.

Secret shapes, used the same way everywhere: a card in a hand is {"owner": s, "card": c};
a card chosen for passing {"owner": s, "passing": c}; a face-down Melee card
{"seat": s, "card": c}; the decks {"deck": [...]}, {"godsend_deck": [...]}. Public places
never put "owner" next to "card", so only the holder ever sees the hand shape.
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any, Final

from games.engine.core import JSON, Event, Secret, Viewer, public_redact, to_json
from games.engine.core.memo import shared

from . import events as ev
from .characters import CHARACTERS
from .feints import feinted
from .hooks import card as card_data
from .plays import actor
from .questions import ORDER
from .rules import location_choices, pending_seats
from .state import Entry, Player, TState
from .weapons import injury, is_poisoned, is_weapon, weapon


def secrets(s: TState) -> list[Secret]:
    out: list[Secret] = []
    for seat, p in enumerate(s.players):
        out += [Secret(frozenset({seat}), {"owner": seat, "card": c}) for c in p.hand]
        out += [
            Secret(frozenset({seat}), {"owner": seat, "passing": c})
            for c in sorted(p.passing or ())
        ]
    out += [
        Secret(frozenset({x.seat}), {"seat": x.seat, "card": x.card})
        for x in s.melee
        if x.face_down
    ]
    if s.phase != "over":
        if s.deck:
            out.append(Secret(frozenset(), {"deck": list(s.deck)}))
        if s.godsend_deck:
            out.append(Secret(frozenset(), {"godsend_deck": list(s.godsend_deck)}))
    return out


def card_view(card: str, s: TState) -> dict[str, JSON]:
    return dict(_card_view(card, s.rules.poisoned))


@cache
def _card_view(card: str, poisoned: tuple[int, ...]) -> dict[str, JSON]:
    """A weapon as views show it: one per card and table option, shared by every view (views
    are read-only documents)."""
    w = weapon(card)
    return {
        "name": w.name,
        "kind": w.kind,
        "suit": w.suit,
        "value": w.value,
        "injury": injury(card, poisoned),
        "poisoned": is_poisoned(card, poisoned),
    }


@cache
def _hand_card(seat: int, card: str, poisoned: tuple[int, ...]) -> dict[str, JSON]:
    """A card in `seat`'s hand as its holder (or everyone, once the game is over) sees it."""
    return {"owner": seat, "card": card, **_card_view(card, poisoned)}


def _hand(seat: int, hand: tuple[str, ...], poisoned: tuple[int, ...]) -> list[JSON]:
    cards = _cards_of(seat, poisoned)  # a plain dict per seat: cheaper than a cached call
    try:
        return [cards[c] for c in hand]  # compiled: a loop of dict lookups, no bound method
    except KeyError:
        cards.update((c, _hand_card(seat, c, poisoned)) for c in hand if c not in cards)
        return [cards[c] for c in hand]


@cache
def _hand_cards(seat: int, poisoned: tuple[int, ...]) -> dict[str, dict[str, JSON]]:
    """`_hand_card(seat, card, poisoned)` by card, filled as cards are first seen."""
    return {}


def _cards_of(seat: int, poisoned: tuple[int, ...]) -> dict[str, dict[str, JSON]]:
    """`_hand_cards(seat, poisoned)`, the last one of each seat kept in a slot found by the
    identity of the table's `poisoned` (one object per game): the cached call hashes the
    tuple again at every view."""
    if seat < len(_CARDS_OF):
        kept = _CARDS_OF[seat]
        if kept is not None and kept[0] is poisoned:
            return kept[1]
    cards = _hand_cards(seat, poisoned)
    if seat < len(_CARDS_OF):
        _CARDS_OF[seat] = (poisoned, cards)
    return cards


_CARDS_OF: Final[list[tuple[tuple[int, ...], dict[str, dict[str, JSON]]] | None]] = [None] * 16


def _entry(x: Entry, viewer: Viewer, s: TState, flags: frozenset[int] | None) -> JSON:
    if x.face_down and viewer != x.seat and s.phase != "over":
        return {"order": x.order, "slot": x.slot, "seat": x.seat, "face_down": True}
    out: dict[str, JSON] = {
        "order": x.order,
        "slot": x.slot,
        "seat": x.seat,
        "card": x.card,
        "value": x.value,
        "suit": x.suit,
        "face_down": x.face_down,
    }
    if flags is not None:
        out["feinted"] = x.order in flags
    return out


@cache
def _character(cid: str | None) -> JSON:
    if cid is None:
        return None
    c = CHARACTERS[cid]
    return {
        "id": c.id,
        "name": c.name,
        "text": c.text,
        "source": c.source,
        "threshold": c.threshold,
    }


def bot_view(s: TState, seat: int) -> dict[str, JSON]:
    """The part of `view(s, seat)` the bot reads (bot.py), built the same way without the
    rest (godsends, locations, passing, pending...): the same values under a subset of the
    keys, so nothing the seat may not know (tests/engine check it against the full view at
    every decision of seeded games, and that the bot chooses the same from both)."""
    over = s.phase == "over"
    players = s.players  # each field read once (a record's attribute is a dict lookup)
    poisoned = s.rules.poisoned
    godsend_up = s.godsend_up
    return {
        "lead": s.lead,
        "turn": s.turn,
        # an entry's card, value and whether it is face down: what the bot reads of it
        # (not its Feint flag, order, slot, seat or suit: the Feints it works out itself)
        "melee": [_bot_entry(i, x, seat, over) for i, x in enumerate(s.melee)],
        "ask": _ask(s) if s.ask is not None else None,
        "godsend_up": [_godsend(g) for g in godsend_up] if godsend_up else [],
        # the three public values the bot weighs (bot.py): the whole record, shared or
        # not, costs a dozen keys per seat at every decision
        "players": [_bot_player(n, p) for n, p in enumerate(players)],
        "viewer": seat,
        # the seat's own hand, or every hand once the game is over (no comprehension
        # frame for the usual one)
        "hands": [{"seat": n, "cards": _hand(n, p.hand, poisoned)} for n, p in enumerate(players)]
        if over
        else [{"seat": seat, "cards": _hand(seat, players[seat].hand, poisoned)}],
    }


def _bot_entry(i: int, x: Entry, seat: int, over: bool) -> dict[str, JSON]:
    """The bot view's row of the Melee's `i`-th entry: face down to the other seats while
    it is (Elf Queen), else its card, value and whether it is face down. The revealed row
    is built once per entry record (an entry stays the same object from card to card of
    its Melee) and shared as the players' rows are; the slot of each position in the
    Melee holds the last entry seen there."""
    kept = _BOT_ENTRIES[i] if i < len(_BOT_ENTRIES) else None
    if kept is not None and kept[0] is x:
        row = kept[1]
    else:
        row = {"card": x.card, "value": x.value, "face_down": x.face_down}
        if i < len(_BOT_ENTRIES):
            _BOT_ENTRIES[i] = (x, row)
    if row["face_down"] and not over and x.seat != seat:
        return {"face_down": True}
    return row


_BOT_ENTRIES: Final[list[tuple[Entry, dict[str, JSON]] | None]] = [None] * 32


def _bot_player(seat: int, p: Player) -> dict[str, JSON]:
    """The three public values of a seat the bot weighs, built once per player record (a
    card played changes one seat's record; the others are the same objects) and shared by
    the views that show it, as the hand's cards are (views are read-only documents): each
    seat's last row is kept with its record, in a slot replaced whole."""
    if seat < len(_BOT_PLAYERS):
        kept = _BOT_PLAYERS[seat]
        if kept is not None and kept[0] is p:
            return kept[1]
    row: dict[str, JSON] = {"seat": seat, "health": p.health, "hand_size": len(p.hand)}
    if seat < len(_BOT_PLAYERS):
        _BOT_PLAYERS[seat] = (p, row)
    return row


_BOT_PLAYERS: Final[list[tuple[Player, dict[str, JSON]] | None]] = [None] * 16


def view(s: TState, viewer: Viewer) -> dict[str, JSON]:
    over = s.phase == "over"
    hidden = any(x.face_down for x in s.melee)
    flags = None if hidden else feinted(s.melee)
    out: dict[str, JSON] = {
        "game": s.rules.slug,
        "ruleset": s.rules.ruleset,
        "deck": s.rules.deck,
        "chaos": s.rules.chaos,
        "round": s.round,
        "phase": s.phase,
        "dealer": s.dealer,
        "lead": s.lead,
        "turn": s.turn,
        "melee_no": s.melee_no,
        "actor": actor(s) if s.phase == "play" else None,
        "pending": sorted(pending_seats(s)),
        "commanded": s.commanded,
        "arthur": list(s.arthur) if s.arthur else None,
        "lead_suit": s.lead_suit,
        "alchemy_led": s.alchemy_led,
        "melee": [_entry(x, viewer, s, flags) for x in s.melee],
        "carried": list(s.carried),
        "discard": list(s.discard),
        "deck_size": len(s.deck),
        "godsend_up": [_godsend(g) for g in s.godsend_up],
        "godsend_deck_size": len(s.godsend_deck),
        "recipients": list(s.recipients),
        "placing": _godsend(s.placing) if s.placing else None,
        "location": s.location,
        "host": s.host,
        "hosted": [{"seat": h, "location": loc} for h, loc in s.hosted],
        "chooser": s.chooser,
        "choosing": s.choosing,
        "location_choices": location_choices(s) if s.phase == "location" else [],
        "ask": _ask(s),
        "winners": list(s.winners) if s.winners is not None else None,
        "end_reason": s.end_reason,
        "players": [
            {"seat": seat, **shared("ta.player", p, partial(_player, s.rules.poisoned))}
            for seat, p in enumerate(s.players)
        ],
        "viewer": viewer,
    }
    seats = range(s.n) if over else ([viewer] if viewer is not None else [])
    out["hands"] = [
        {
            "seat": seat,
            "cards": _hand(seat, s.player(seat).hand, s.rules.poisoned),
        }
        for seat in seats
    ]
    out["passing"] = [
        {"owner": seat, "passing": c}
        for seat in seats
        for c in sorted(s.player(seat).passing or ())
    ]
    return out


def _player(poisoned: tuple[int, ...], p: Player) -> dict[str, JSON]:
    """A player's public part of every view, built once per Player record (records never
    change; `with_player` makes a new one) and shared by every view that shows it."""
    return {
        "protagonist": _character(p.protagonist),
        "companion": _character(p.companion),
        "unlocked": p.unlocked,
        "health": p.health,
        "hand_size": len(p.hand),
        "hits": list(p.hits),
        # TT-3 printed Injury of the hits so far (Dusk powers may still change it)
        "hits_injury": sum(injury(c, poisoned) for c in p.hits),
        "godsends": [_godsend(g) for g in p.godsends],
        "used": list(p.used),
        "tokens": p.tokens,
        "passed": p.passing is not None,
    }


def _ask_name(power: str) -> str:
    if power == ORDER:
        return "Conflicting powers"  # TT-23
    return weapon(power).name if is_weapon(power) else card_data(power).name


def _ask(s: TState) -> JSON:
    """The power decision being asked (public: powers and the revealed Melee are)."""
    a = s.ask
    if a is None:
        return None
    return {
        "seat": a.seat,
        "power": a.power,
        "name": _ask_name(a.power),
        "options": list(a.options),
        "during": a.resume,
        "losers": list(a.losers),
        "stake": a.stake,
        "about": list(a.at),
        "results": list(a.results),
    }


@cache
def _godsend(gid: str | None) -> JSON:
    if gid is None:
        return None
    g = card_data(gid)
    return {"id": g.id, "name": g.name, "text": g.text, "source": g.source, "target": g.target}


def redact(event: Event, viewer: Viewer, state: TState) -> dict[str, JSON] | None:
    data: dict[str, Any] = dict(to_json(event))
    if isinstance(event, ev.GameStarted):
        data.pop("godsend_deck")
        return data
    if isinstance(event, ev.GodsendDeckShuffled):
        return {"type": data["type"], "count": len(event.order)}
    if isinstance(event, ev.Dealt):
        out = {
            "type": data["type"],
            "round": event.round,
            "dealer": event.dealer,
            "hand_sizes": [len(h) for h in event.hands],
            "deck_size": len(event.deck),
        }
        if viewer is not None:
            out["hand"] = [{"owner": viewer, "card": c} for c in event.hands[viewer]]
        return out
    if isinstance(event, ev.PassChosen):
        return data if viewer == event.seat else {"type": data["type"], "seat": event.seat}
    if isinstance(event, ev.CardsPassed):
        rows = [
            {"from": f, "to": t, "cards": list(c)}
            if viewer in (f, t)
            else {"from": f, "to": t, "count": len(c)}
            for f, t, c in event.moves
        ]
        return {"type": data["type"], "moves": rows}
    if isinstance(event, ev.CardGiven):
        out = {"type": data["type"], "from": event.seat, "to": event.to}
        if viewer in (event.seat, event.to):
            out["gift"] = event.card
        return out
    if isinstance(event, ev.CardPlayed) and event.face_down and viewer != event.seat:
        return {
            "type": data["type"],
            "slot": event.slot,
            "seat": event.seat,
            "face_down": True,
            "leads": event.leads,
            "lead_suit": event.suit if event.leads else None,
        }
    return public_redact(event, viewer)
