"""What each knight (or a spectator) may see, the redaction of events, and the secrets.

Hidden facts are always written in one shape, so the shared leak test can find them:
a card in a hand is {"seat": s, "card": c}; laid duel cards are {"seat": s, "laid": {...}};
the junk pile's content is {"junk_pile": [...]}. Coins, hand sizes, offers open to all,
duels once revealed and public takings are public.
"""

from __future__ import annotations

from typing import Final

from games.engine.core import JSON, Event, Secret, Viewer, public_redact
from games.engine.core.memo import shared

from . import events as ev
from .cards import KINDS, is_complete, sorted_cards
from .config import JUNK_PRICE
from .course import LETTERS, letter_of, rounds_in
from .rules import pending_seats
from .state import OVER, PUBLIC, DuelRecord, JoustingState, Offer


def _held(seat: int, cards: tuple[str, ...]) -> list[JSON]:
    return [{"seat": seat, "card": c} for c in cards]


def _offer(o: Offer) -> JSON:
    return {
        "id": o.id,
        "seat": o.seat,
        "to": o.to,
        "give": {"cards": list(o.give.cards), "coins": o.give.coins},
        "want": {"cards": list(o.want.cards), "coins": o.want.coins},
        "declined": sorted(o.declined),
    }


def _history(duels: tuple[DuelRecord, ...]) -> list[JSON]:
    return [shared("ja.duel", d, _duel) for d in duels]


def _duel(d: DuelRecord) -> JSON:
    return {
        "round": d.round,
        "pair": list(d.pair),
        "laid": [list(d.laid[0]), list(d.laid[1])],
        "places": list(d.places),
        "winner": d.winner,
        "how": d.how,
    }


def _you(state: JoustingState, seat: int) -> JSON:
    laid = state.laid[seat]
    return {
        "seat": seat,
        "hand": list(state.hands[seat]),
        "laid": dict(zip(KINDS, laid, strict=True)) if laid else None,
        "complete_set": is_complete(state.hands[seat]),
        "offers_left": state.config.offer_limit - state.offers_made[seat],
    }


def _course(state: JoustingState) -> JSON:
    knights = len(state.letters)
    return {
        "knights": knights,
        "round": state.course_round % rounds_in(knights) + 1 if knights >= 2 else None,
        "letters": [{"letter": LETTERS[i], "seat": s} for i, s in enumerate(state.letters)],
    }


def _judgement(state: JoustingState) -> JSON:
    if state.chip is None:
        return None
    return {
        "pair": list(state.pairs[state.bout]),
        "showing": list(state.showing),
        "dots": state.dots,
        "right": state.chip,
    }


def bot_view(state: JoustingState, seat: int) -> dict[str, JSON]:
    """The part of `view(state, seat)` the bot reads (bot.py), built without the rest (the
    known cards of every hand, the history...): the same values under a subset of the keys,
    so nothing the seat may not know (tests/engine check it against the full view at every
    decision of seeded games, and that the bot chooses the same from both)."""
    # The bot only reads its view: the parts that outlive a move (the purses, each offer
    # on the table) are built once and shared between the views that show them.
    return {
        "knights": _bot_purses(state.coins),
        "offers": _seen_offers(state.offers, seat),
        "judgement": None if state.chip is None else _judgement(state),
        "you": {"seat": seat, "hand": list(state.hands[seat])},
    }


def _bot_purses(coins: tuple[int, ...]) -> list[JSON]:
    """`_purses(coins)`, kept for the last purses asked: most events leave the coins as
    they were (the same tuple), and every knight not done is asked after each of them."""
    last, purses = _LAST_PURSES[0]
    if last is not coins:
        purses = _purses(coins)
        _LAST_PURSES[0] = (coins, purses)
    return purses


def _seen_offers(offers: tuple[Offer, ...], seat: int) -> list[JSON]:
    """The offers `seat` sees (open ones and its own private ones), kept for the last table
    of offers read: every knight is asked at every event, most of which leave the offers
    as they were (the same tuple). An offer's entry is carried over from the last table
    while the offer stands (the bot keeps what it weighed by entry, bot._weighed).

    Kept for the last table only, not in `shared`'s table: that held every offer and table
    of the last thousands of moves, which lived long enough to reach the collector's
    oldest generation and set off its full collections, each walking every cache of every
    game in the process (a third of jousting's CPU in a process that also ran the others).
    """
    last, by_seat, entries = _LAST_OFFERS[0]
    if last is not offers:
        kept, entries = entries, {}
        for o in offers:  # the last table holds its offers: their ids are not reused yet
            found = kept.get(id(o))
            entries[id(o)] = found if found is not None and found[0] is o else (o, _offer(o))
        by_seat = {}
        _LAST_OFFERS[0] = (offers, by_seat, entries)
    seen = by_seat.get(seat)
    if seen is None:
        seen = by_seat[seat] = [
            entries[id(o)][1] for o in offers if o.to is None or seat in (o.seat, o.to)
        ]
    return seen


# The last purses and table of offers read, and what was built for them (held, so their
# identities are not reused; one slot each, replaced whole: safe when threads share it).
_LAST_PURSES: Final[list[tuple[object, list[JSON]]]] = [(None, [])]
_LAST_OFFERS: Final[list[tuple[object, dict[int, list[JSON]], dict[int, tuple[Offer, JSON]]]]] = [
    (None, {}, {})
]


def _purses(coins: tuple[int, ...]) -> list[JSON]:
    return [{"seat": s, "coins": c} for s, c in enumerate(coins)]


def view(state: JoustingState, viewer: Viewer) -> dict[str, JSON]:
    # Who knows a card in a hand: its holder and `state.known` (PUBLIC: everyone); at the
    # end every hand is shown (JA-14).
    over, who, knowers = state.phase == OVER, PUBLIC if viewer is None else viewer, state.known
    known = [
        {"seat": s, "card": c}
        for s in range(state.players)
        if s != viewer or over
        for c in state.hands[s]
        if over or who == s or who in knowers.get(c, ())
    ]
    out: dict[str, JSON] = {
        "phase": state.phase,
        "round": state.round,
        "stamp": state.clock,
        "pending": sorted(pending_seats(state)),
        "course": _course(state),
        "knights": [
            {
                "seat": s,
                "coins": state.coins[s],  # coins are public
                "cards": len(state.hands[s]),
                "status": state.status[s],
                "letter": letter_of(state.letters, s),
                "done": s in state.done,
                "has_laid": bool(state.laid[s]),
            }
            for s in range(state.players)
        ],
        "face_up": list(state.face_up),
        "offers": [_offer(o) for o in state.offers if o.to is None or viewer in (o.seat, o.to)],
        "duels": {
            "pairs": [list(p) for p in state.pairs],
            "byes": list(state.byes),
            "bout": state.bout,
        },
        "judgement": None if state.chip is None else _judgement(state),
        "junk": {"size": len(state.junk), "price": JUNK_PRICE, "queue": list(state.junk_queue)},
        "history": list(shared("ja.history", state.duels, _history)),
        "known_cards": known,
        "you": _you(state, viewer) if viewer is not None else None,
    }
    if state.phase == OVER:
        out["junk_pile"] = sorted(state.junk)
        out["outcome"] = {
            "winners": sorted(state.winners),
            "bonus_to": state.bonus_to,
            "coins": list(state.coins),
        }
    return out


def redact(event: Event, viewer: Viewer, state: JoustingState) -> dict[str, JSON] | None:
    """The whole event to its audience (card mentions written as held cards); the public
    part to everyone else."""
    audience = event.audience()
    inside = audience is None or (viewer is not None and viewer in audience)
    if isinstance(event, ev.GameSetUp):
        public: dict[str, JSON] = {
            "type": event.TYPE,
            "letters": list(event.letters),
            "face_up": list(event.face_up),
            "cards": [len(h) for h in event.hands],
        }
        if viewer is not None:
            public["hand"] = list(sorted_cards(event.hands[viewer]))
        return public
    if inside:
        shown = public_redact(event, viewer)
        assert shown is not None
        if isinstance(event, ev.TradeMade):
            shown["received"] = _held(event.by, event.give.cards) + _held(
                event.seat, event.want.cards
            )
        if isinstance(event, ev.CardsShown):
            shown["shown"] = _held(event.seat, event.cards)
        return shown
    if isinstance(event, ev.OfferMade):
        return {"type": event.TYPE, "offer": event.offer, "seat": event.seat, "to": event.to}
    if isinstance(event, ev.OfferClosed):
        return {"type": event.TYPE, "offer": event.offer, "seat": event.seat, "how": event.how}
    if isinstance(event, ev.TradeMade):
        return {
            "type": event.TYPE,
            "offer": event.offer,
            "seat": event.seat,
            "by": event.by,
            "coins": [event.give.coins, event.want.coins],  # coins are public
            "cards": [len(event.give.cards), len(event.want.cards)],
        }
    if isinstance(event, ev.CardsShown):
        to = sorted(event.to)
        return {"type": event.TYPE, "seat": event.seat, "to": to, "count": len(event.cards)}
    if isinstance(event, ev.CardsLaid):
        return {"type": event.TYPE, "seat": event.seat}
    if isinstance(event, ev.JunkBought):
        return {"type": event.TYPE, "seat": event.seat, "price": JUNK_PRICE}
    return None


def secrets(state: JoustingState) -> list[Secret]:
    out = []
    for seat, hand in enumerate(state.hands):
        for c in hand:
            knowers = state.knowers(c, seat)
            if PUBLIC not in knowers:
                out.append(Secret(knowers, {"seat": seat, "card": c}))
        if state.laid[seat]:
            laid: JSON = dict(zip(KINDS, state.laid[seat], strict=True))
            out.append(Secret(frozenset({seat}), {"seat": seat, "laid": laid}))
    if state.junk:
        out.append(Secret(frozenset(), {"junk_pile": sorted(state.junk)}))
    return out
