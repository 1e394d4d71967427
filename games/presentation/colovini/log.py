"""Log lines of Avalon by Leo Colovini, one small wording per event type, as the reader's
seat sees the event (CA-5 .. CA-17): a drawer reads their cards, the other a count (CH-4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..words import EventWords, Reader
from .wire import (
    AttackResisted,
    AvalonUsed,
    CardDiscarded,
    CardPlayed,
    CardsDrawn,
    DeckReshuffled,
    Enchanted,
    EnchantmentCountered,
    GameEnded,
    GameSetUp,
    LossesEnded,
    LossPaid,
    RegionConquered,
    TileCashed,
    TileTaken,
    TurnEnded,
    TurnStarted,
)
from .words import MODE_WORDS, card_label, tile_words

WORDS = EventWords()


def _at(e: Mapping[str, Any]) -> str:
    return f"region {e['region'] + 1}" if isinstance(e.get("region"), int) else ""


def _who(e: Mapping[str, Any], r: Reader) -> str:
    return r.who(e.get("seat"))


@WORDS.on(GameSetUp)
def _set_up(e: Mapping[str, Any], r: Reader) -> str:
    line = f"The regions are laid face down. {r.name(e.get('first'))} begins."
    you = e.get("you")
    if you:
        line += " Your hand: " + ", ".join(card_label(c) for c in you["hand"]) + "."
    return line


@WORDS.on(TurnStarted)
def _turn_started(e: Mapping[str, Any], r: Reader) -> str:
    who = _who(e, r)
    return f"Turn {e['turn']}: {who} {'play' if who == 'You' else 'plays'}."


@WORDS.on(CardPlayed)
def _card_played(e: Mapping[str, Any], r: Reader) -> str:
    mode = MODE_WORDS.get(e["mode"], "")
    return f"{_who(e, r)} played a {card_label(e['card'])} at {_at(e)} {mode}."


@WORDS.on(Enchanted)
def _enchanted(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_who(e, r)} enchanted the {card_label(e['card'])} at {_at(e)} onto their own pile."


@WORDS.on(EnchantmentCountered)
def _countered(e: Mapping[str, Any], r: Reader) -> str:
    return (
        f"{_who(e, r)} countered with a {card_label(e['card'])} at {_at(e)} and took the "
        f"{card_label(e['taken'])} into hand."
    )


@WORDS.on(AttackResisted)
def _resisted(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_who(e, r)} resisted at {_at(e)} with a {card_label(e['card'])}."


@WORDS.on(RegionConquered)
def _conquered(e: Mapping[str, Any], r: Reader) -> str:
    lost = len(e.get("defender_lost", [])) + len(e.get("conqueror_lost", []))
    return (
        f"{_who(e, r)} conquered {_at(e)}: {str(e['region_key']).replace('-', ' ')}. "
        f"{lost} card(s) lost at once, {e['losses']} more to pay."
    )


@WORDS.on(AvalonUsed)
def _avalon_used(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_who(e, r)} used Avalon's power: one card fewer to lose."


@WORDS.on(LossPaid)
def _loss_paid(e: Mapping[str, Any], r: Reader) -> str:
    src = "from hand" if e.get("region") is None else f"from the pile at {_at(e)}"
    return f"{_who(e, r)} paid a loss: a {card_label(e['card'])} {src}."


@WORDS.on(LossesEnded)
def _losses_ended(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_who(e, r)} had nothing left to pay; {e['unpaid']} loss(es) lapse."


@WORDS.on(TileTaken)
def _tile_taken(e: Mapping[str, Any], r: Reader) -> str:
    got = f" and drew {e['count']} card(s)" if e.get("count") is not None else ""
    return f"{_who(e, r)} took the tile “{tile_words(e.get('tile'))}”{got}."


@WORDS.on(TileCashed)
def _tile_cashed(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_who(e, r)} cashed the dark tile “{tile_words(e.get('tile'))}”: {e['count']} card(s)."


@WORDS.on(CardsDrawn)
def _cards_drawn(e: Mapping[str, Any], r: Reader) -> str:
    if "cards" in e:
        return f"{_who(e, r)} drew " + ", ".join(card_label(c) for c in e["cards"]) + "."
    return f"{_who(e, r)} drew {e.get('count', 'some')} card(s)."


@WORDS.on(DeckReshuffled)
def _reshuffled(e: Mapping[str, Any], r: Reader) -> str:
    return "The discard pile was shuffled into a new deck."


@WORDS.on(CardDiscarded)
def _discarded(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_who(e, r)} discarded a {card_label(e['card'])}."


@WORDS.on(TurnEnded)
def _turn_ended(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_who(e, r)} ended the turn with {e['crowns']} crown(s)."


@WORDS.on(GameEnded)
def _game_ended(e: Mapping[str, Any], r: Reader) -> str:
    winners = e.get("winners", [])
    return (
        f"The game is over: {r.names_of(winners, ' and ')} win{'s' if len(winners) == 1 else ''}."
    )
