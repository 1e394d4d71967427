"""Log lines of Avalon, the jousting game, one small wording per event type, as the
reader's seat sees the event (a trade's cards only to its two knights, JH-3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..words import EventWords, Reader, verb
from .wire import (
    DECLINED,
    BarterEnded,
    CardDrafted,
    CardsLaid,
    CardsShown,
    CourseChanged,
    Disqualified,
    DuelAbandoned,
    DuelRevealed,
    DuelsCalled,
    GameEnded,
    GameSetUp,
    JudgementDecided,
    JudgementThrown,
    JunkBought,
    JunkPassed,
    OfferClosed,
    OfferMade,
    RoundBegan,
    SaidDone,
    TradeMade,
    Withdrew,
)
from .words import HOW, card_label, chip_label, lot_words

WORDS = EventWords()


def _who(e: Mapping[str, Any], r: Reader) -> str:
    return r.who(e.get("seat"))


def _cards(cards: Any) -> str:
    return ", ".join(card_label(c) for c in cards)


@WORDS.on(GameSetUp)
def _set_up(e: Mapping[str, Any], r: Reader) -> str:
    line = "The cards are dealt and the coats of arms drawn."
    if e.get("hand"):
        line += " Your hand: " + _cards(e["hand"]) + "."
    return line


@WORDS.on(CardDrafted)
def _drafted(e: Mapping[str, Any], r: Reader) -> str:
    return f"{verb(_who(e, r), 'take')} {card_label(e['card'])} from the face-up cards."


@WORDS.on(RoundBegan)
def _round_began(e: Mapping[str, Any], r: Reader) -> str:
    return f"Round {e['round']} begins: the barter is open (JA-5)."


@WORDS.on(OfferMade)
def _offer_made(e: Mapping[str, Any], r: Reader) -> str:
    to = "everyone" if e.get("to") is None else r.name(e["to"])
    who = _who(e, r)
    if "give" in e:
        return (
            f"{verb(who, 'offer')} {lot_words(e['give'])} for {lot_words(e['want'])} "
            f"to {to} (offer #{e['offer']})."
        )
    return f"{who} made an offer to {to} (#{e['offer']})."


@WORDS.on(OfferClosed)
def _offer_closed(e: Mapping[str, Any], r: Reader) -> str:
    how = "declined" if e.get("how") == DECLINED else "taken back"
    return f"Offer #{e['offer']} was {how}."


@WORDS.on(TradeMade)
def _trade_made(e: Mapping[str, Any], r: Reader) -> str:
    by = "you" if e.get("by") == r.me else r.name(e.get("by"))
    maker = r.name(e.get("seat"))
    if "give" in e:
        return (
            f"Trade: {maker} gave {lot_words(e['give'])} and {by} gave "
            f"{lot_words(e['want'])} (offer #{e['offer']})."
        )
    coins = e.get("coins") or [0, 0]
    cards = e.get("cards") or [0, 0]
    return (
        f"Trade: {maker} gave {cards[0]} card(s) and {coins[0]} coin(s); {by} gave "
        f"{cards[1]} card(s) and {coins[1]} coin(s) (offer #{e['offer']})."
    )


@WORDS.on(CardsShown)
def _cards_shown(e: Mapping[str, Any], r: Reader) -> str:
    to = r.names_of(e.get("to"))
    if "cards" in e:
        return f"{verb(_who(e, r), 'show')} {_cards(e['cards'])} to {to}."
    return f"{verb(_who(e, r), 'show')} {e.get('count', 'some')} card(s) to {to}."


@WORDS.on(SaidDone)
def _said_done(e: Mapping[str, Any], r: Reader) -> str:
    who = _who(e, r)
    return f"{who} {'are' if who == 'You' else 'is'} done bartering."


@WORDS.on(Withdrew)
def _withdrew(e: Mapping[str, Any], r: Reader) -> str:
    who = _who(e, r)
    return f"{who} withdr{'aw' if who == 'You' else 'aws'} from the tournament (JA-7)."


@WORDS.on(BarterEnded)
def _barter_ended(e: Mapping[str, Any], r: Reader) -> str:
    return f"The barter of round {e['round']} is over."


@WORDS.on(Disqualified)
def _disqualified(e: Mapping[str, Any], r: Reader) -> str:
    return f"Disqualified for want of a full set (JA-7): {r.names_of(e.get('seats'))}."


@WORDS.on(CourseChanged)
def _course_changed(e: Mapping[str, Any], r: Reader) -> str:
    return "The coats of arms are handed out again among the fit knights (JA-8)."


@WORDS.on(DuelsCalled)
def _duels_called(e: Mapping[str, Any], r: Reader) -> str:
    pairs = "; ".join(f"{r.name(a)} against {r.name(b)}" for a, b in e.get("pairs") or [])
    byes = e.get("byes") or []
    rest = f" Sitting out: {r.names_of(byes)}." if byes else ""
    return f"Duels of round {e['round']}: {pairs or 'none'}.{rest}"


@WORDS.on(CardsLaid)
def _cards_laid(e: Mapping[str, Any], r: Reader) -> str:
    if "cards" in e:
        return f"{_who(e, r)} laid {_cards(e['cards'])}."
    return f"{_who(e, r)} laid four cards face down."


@WORDS.on(DuelAbandoned)
def _duel_abandoned(e: Mapping[str, Any], r: Reader) -> str:
    a, b = e["pair"]
    return f"The duel {r.name(a)} against {r.name(b)} is off: a knight withdrew."


@WORDS.on(DuelRevealed)
def _duel_revealed(e: Mapping[str, Any], r: Reader) -> str:
    a, b = e["pair"]
    won = "a draw" if e.get("winner") is None else f"{r.name(e['winner'])} wins"
    sets = "; ".join(
        f"{card_label(x)} vs {card_label(y)}" for x, y in zip(*e["laid"], strict=False)
    )
    return f"{r.name(a)} against {r.name(b)}: {sets} — {won}."


@WORDS.on(JudgementThrown)
def _judgement_thrown(e: Mapping[str, Any], r: Reader) -> str:
    showing = ", ".join(chip_label(s) for s in e.get("showing") or []) or "none"
    return f"God's judgement: the chips show {showing} with {e['dots']} dot(s)."


@WORDS.on(JudgementDecided)
def _judgement_decided(e: Mapping[str, Any], r: Reader) -> str:
    return f"God's judgement gives the duel to {r.name(e['winner'])} {HOW.get(e['how'], '')}."


@WORDS.on(JunkBought)
def _junk_bought(e: Mapping[str, Any], r: Reader) -> str:
    if "card" in e:
        return f"{verb(_who(e, r), 'buy')} {card_label(e['card'])} from the junk pile."
    return f"{verb(_who(e, r), 'buy')} a blind card from the junk pile."


@WORDS.on(JunkPassed)
def _junk_passed(e: Mapping[str, Any], r: Reader) -> str:
    who = _who(e, r)
    return f"{who} {'do' if who == 'You' else 'does'} not buy from the junk pile."


@WORDS.on(GameEnded)
def _game_ended(e: Mapping[str, Any], r: Reader) -> str:
    won = r.names_of(e.get("winners"), " and ")
    bonus = e.get("bonus_to")
    extra = f" {r.name(bonus)} was the last fit knight (JA-14)." if bonus is not None else ""
    return f"The tournament is over: {won} won with the most money.{extra}"
