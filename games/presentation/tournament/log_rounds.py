"""Log lines of Tournament at Camelot / Avalon from the end of a round to the end of the
game: Dusk (TT-16), the next dealer, the Godsend phase (TT-22), one small wording per
event type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..words import EventWords, Reader
from .cards import card_words, power_name
from .wire import (
    DECK,
    SWIFT_END,
    ZERO_HEALTH,
    DealerChosen,
    DuskDone,
    DuskStarted,
    DuskTallied,
    GameEnded,
    GodsendCancelled,
    GodsendDeckShuffled,
    GodsendPhaseEnded,
    GodsendPlaced,
    GodsendsCleared,
    GodsendsRevealed,
    GodsendTaken,
    HitGiven,
    RoundEnded,
)

ROUND_WORDS = EventWords()


def _seat(e: Mapping[str, Any], r: Reader) -> str:
    return r.name(e.get("seat"))


@ROUND_WORDS.on(RoundEnded)
def _round_ended(e: Mapping[str, Any], r: Reader) -> str:
    if e.get("reason") == SWIFT_END:
        return "The Tourney Round ends (Swift End: one player is out of cards)."
    return "The Tourney Round ends."


@ROUND_WORDS.on(DuskStarted)
def _dusk_started(e: Mapping[str, Any], r: Reader) -> str:
    return "Dusk: the Weapon Hits are counted."


@ROUND_WORDS.on(HitGiven)
def _hit_given(e: Mapping[str, Any], r: Reader) -> str:
    return (
        f"{_seat(e, r)} ({power_name(e.get('power'))}) gives {card_words(e.get('card'))} "
        f"to {r.name(e.get('to'))}."
    )


@ROUND_WORDS.on(DuskDone)
def _dusk_done(e: Mapping[str, Any], r: Reader) -> str:
    return f"{_seat(e, r)} is done at Dusk."


@ROUND_WORDS.on(DuskTallied)
def _dusk_tallied(e: Mapping[str, Any], r: Reader) -> str:
    rows = [f"{r.name(s)} {i}" for s, i in enumerate(e.get("injuries", []))]
    return "Injury at Dusk: " + ", ".join(rows) + "."


@ROUND_WORDS.on(DealerChosen)
def _dealer_chosen(e: Mapping[str, Any], r: Reader) -> str:
    return f"{r.name(e.get('dealer'))} deals the next round."


@ROUND_WORDS.on(GodsendsCleared)
def _godsends_cleared(e: Mapping[str, Any], r: Reader) -> str:
    return "The Godsends in play are discarded." if e.get("cards") else "No Godsends in play."


@ROUND_WORDS.on(GodsendDeckShuffled)
def _godsend_deck_shuffled(e: Mapping[str, Any], r: Reader) -> str:
    return "The Godsend deck is shuffled."


@ROUND_WORDS.on(GodsendsRevealed)
def _godsends_revealed(e: Mapping[str, Any], r: Reader) -> str:
    up = ", ".join(power_name(g) for g in e.get("cards", []))
    return f"Godsends for {r.names_of(e.get('recipients', []))}. Face up: {up}."


@ROUND_WORDS.on(GodsendTaken)
def _godsend_taken(e: Mapping[str, Any], r: Reader) -> str:
    src = "from the deck" if e.get("source") == DECK else "face up"
    return f"{_seat(e, r)} takes {power_name(e.get('godsend'))} ({src})."


@ROUND_WORDS.on(GodsendPlaced)
def _godsend_placed(e: Mapping[str, Any], r: Reader) -> str:
    if e.get("by") == e.get("seat"):  # a helpful Godsend goes in front of its taker (TT-22)
        return f"{_seat(e, r)} keeps {power_name(e.get('godsend'))}."
    return f"{r.name(e.get('by'))} places {power_name(e.get('godsend'))} in front of {_seat(e, r)}."


@ROUND_WORDS.on(GodsendCancelled)
def _godsend_cancelled(e: Mapping[str, Any], r: Reader) -> str:
    return f"The Swan discards {power_name(e.get('godsend'))} in front of {_seat(e, r)}."


@ROUND_WORDS.on(GodsendPhaseEnded)
def _godsend_phase_ended(e: Mapping[str, Any], r: Reader) -> str:
    return "The Godsend phase ends."


@ROUND_WORDS.on(GameEnded)
def _game_ended(e: Mapping[str, Any], r: Reader) -> str:
    winners = r.names_of(e.get("winners", []), " and ")
    why = "a player fell to 0 Health" if e.get("reason") == ZERO_HEALTH else "time is up"
    return f"The Tournament is over ({why}): {winners} wins."
