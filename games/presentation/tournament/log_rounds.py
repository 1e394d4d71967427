"""Log lines of Tournament at Camelot / Avalon from the end of a round to the end of the
game: Dusk [TT-16], the next dealer, the Godsend phase [TT-22], one small wording per
event type, addressed to the reader ("You deal…") in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.engine.core.messages import N_

from ..words import EventWords, ForReader, Plain, Reader, Said, names_list, won
from .cards import card_words, power_name
from .wire import DECK, SWIFT_END, ZERO_HEALTH, ev

ROUND_WORDS = EventWords()


ROUND_WORDS.either(
    ev.RoundEnded,
    lambda e: e.get("reason") == SWIFT_END,
    Plain(N_("The Tourney Round ends (Swift End: one player is out of cards).")),
    Plain(N_("The Tourney Round ends.")),
    headline=True,
)
ROUND_WORDS.says(ev.DuskStarted, N_("Dusk: the Weapon Hits are counted."))


ROUND_WORDS.said(
    ev.HitGiven,
    N_("You (%(power)s) give %(card)s to %(to)s."),
    N_("%(name)s (%(power)s) gives %(card)s to %(to)s."),
    power=lambda e: power_name(e.get("power")),
    card=lambda e: card_words(e.get("card")),
    to=ForReader(lambda e, r: r.who_object(e.get("to"))),
)


ROUND_WORDS.said(ev.DuskDone, N_("You are done at Dusk."), N_("%(name)s is done at Dusk."))


@ROUND_WORDS.on(ev.DuskTallied, headline=True)
def _dusk_tallied(e: Mapping[str, Any], r: Reader) -> str:
    rows = [
        _("%(who)s %(injury)s") % {"who": r.who_subject(s), "injury": i}
        for s, i in enumerate(e.get("injuries", []))
    ]
    return _("Injury at Dusk: %(rows)s.") % {"rows": ", ".join(rows)}


ROUND_WORDS.said(
    ev.DealerChosen,
    N_("You deal the next round."),
    N_("%(name)s deals the next round."),
    seat="dealer",
)


ROUND_WORDS.either(
    ev.GodsendsCleared,
    lambda e: bool(e.get("cards")),
    Plain(N_("The Godsends in play are discarded.")),
    Plain(N_("No Godsends in play.")),
)
ROUND_WORDS.says(ev.GodsendDeckShuffled, N_("The Godsend deck is shuffled."))


@ROUND_WORDS.on(ev.GodsendsRevealed, headline=True)
def _godsends_revealed(e: Mapping[str, Any], r: Reader) -> str:
    up = ", ".join(power_name(g) for g in e.get("cards", []))
    who = names_list([r.who_object(s) for s in e.get("recipients", [])])
    return _("Godsends for %(who)s. Face up: %(cards)s.") % {"who": who, "cards": up}


ROUND_WORDS.either(
    ev.GodsendTaken,
    lambda e: e.get("source") == DECK,
    Said(
        N_("You take %(godsend)s (from the deck)."),
        N_("%(name)s takes %(godsend)s (from the deck)."),
    ),
    Said(N_("You take %(godsend)s (face up)."), N_("%(name)s takes %(godsend)s (face up).")),
    godsend=lambda e: power_name(e.get("godsend")),
    headline=True,
)


KEEPS = Said(N_("You keep %(godsend)s."), N_("%(name)s keeps %(godsend)s."))
PLACES = Said(
    N_("You place %(godsend)s in front of %(to)s."),
    N_("%(name)s places %(godsend)s in front of %(to)s."),
)


@ROUND_WORDS.on(ev.GodsendPlaced, headline=True)
def _godsend_placed(e: Mapping[str, Any], r: Reader) -> str:
    godsend = power_name(e.get("godsend"))
    if e.get("by") == e.get("seat"):  # a helpful Godsend goes in front of its taker [TT-22]
        return KEEPS(r, e.get("seat"), godsend=godsend)
    return PLACES(r, e.get("by"), godsend=godsend, to=r.who_object(e.get("seat")))


@ROUND_WORDS.on(ev.GodsendCancelled, headline=True)
def _godsend_cancelled(e: Mapping[str, Any], r: Reader) -> str:
    return _("The Swan discards %(godsend)s in front of %(to)s.") % {
        "godsend": power_name(e.get("godsend")),
        "to": r.who_object(e.get("seat")),
    }


ROUND_WORDS.says(ev.GodsendPhaseEnded, N_("The Godsend phase ends."))


@ROUND_WORDS.on(ev.GameEnded, headline=True)
def _game_ended(e: Mapping[str, Any], r: Reader) -> str:
    seats = list(e.get("winners", []))
    if e.get("reason") == ZERO_HEALTH:
        return won(
            r,
            seats,
            _("The Tournament is over (a player fell to 0 Health): you win."),
            _("The Tournament is over (a player fell to 0 Health): %(winners)s wins."),
            _("The Tournament is over (a player fell to 0 Health): %(winners)s win."),
        )
    return won(
        r,
        seats,
        _("The Tournament is over (time is up): you win."),
        _("The Tournament is over (time is up): %(winners)s wins."),
        _("The Tournament is over (time is up): %(winners)s win."),
    )
