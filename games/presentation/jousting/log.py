"""Log lines of Avalon, the jousting game, one small wording per event type, as the
reader's seat sees the event (a trade's cards only to its two knights, JH-3), addressed
to the reader ("You offer…") in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.engine.core.messages import N_

from .. import counts
from ..words import EventWords, ForReader, Plain, Reader, Said, about, clauses, names_list
from .wire import DECLINED, ev
from .words import HOW, card_label, chip_label, lot_words

WORDS = EventWords()


def _cards(cards: Any) -> str:
    return ", ".join(card_label(c) for c in cards)


def _card(e: Mapping[str, Any]) -> str:
    return card_label(e["card"])


@WORDS.on(ev.GameSetUp, headline=True)
def _set_up(e: Mapping[str, Any], r: Reader) -> str:
    line = _("The cards are dealt and the coats of arms drawn.")
    if e.get("hand"):
        line += " " + _("Your hand: %(cards)s.") % {"cards": _cards(e["hand"])}
    return line


WORDS.said(
    ev.CardDrafted,
    N_("You take %(card)s from the face-up cards."),
    N_("%(name)s takes %(card)s from the face-up cards."),
    card=_card,
)
WORDS.said(ev.SaidDone, N_("You are done bartering."), N_("%(name)s is done bartering."))
WORDS.said(  # JA-7
    ev.Withdrew,
    N_("You withdraw from the tournament."),
    N_("%(name)s withdraws from the tournament."),
    headline=True,
)
WORDS.said(
    ev.JunkPassed,
    N_("You do not buy from the junk pile."),
    N_("%(name)s does not buy from the junk pile."),
)


WORDS.says(  # JA-5
    ev.RoundBegan, N_("Round %(round)s begins: the barter is open."), round=lambda e: e["round"]
)


def _offered_to(e: Mapping[str, Any], r: Reader) -> str:
    return _("everyone") if e.get("to") is None else r.who_object(e["to"])


WORDS.either(
    ev.OfferMade,
    lambda e: "give" in e,  # the lots are seen by the offer's two knights only [JH-3]
    Said(
        N_("You offer %(give)s for %(want)s to %(to)s (offer #%(offer)s)."),
        N_("%(name)s offers %(give)s for %(want)s to %(to)s (offer #%(offer)s)."),
    ),
    Said(
        N_("You made an offer to %(to)s (#%(offer)s)."),
        N_("%(name)s made an offer to %(to)s (#%(offer)s)."),
    ),
    give=lambda e: lot_words(e.get("give") or {}),
    want=lambda e: lot_words(e.get("want") or {}),
    to=ForReader(_offered_to),
    offer=lambda e: e["offer"],
)


WORDS.either(
    ev.OfferClosed,
    lambda e: e.get("how") == DECLINED,
    Plain(N_("Offer #%(offer)s was declined.")),
    Plain(N_("Offer #%(offer)s was taken back.")),
    offer=lambda e: e["offer"],
)


# One sentence per reader: French conjugates "gave" by its subject ("vous avez donné"),
# so "you" cannot be dropped into the third person's sentence (it read "vous a donné",
# "gave you": the trade backwards).
TRADE_LOTS = {
    "maker": N_("Trade: you gave %(give)s and %(by)s gave %(want)s (offer #%(offer)s)."),
    "by": N_("Trade: %(maker)s gave %(give)s and you gave %(want)s (offer #%(offer)s)."),
    "": N_("Trade: %(maker)s gave %(give)s and %(by)s gave %(want)s (offer #%(offer)s)."),
}
TRADE_COUNTS = {
    "maker": N_(
        "Trade: you gave %(cards_a)s and %(coins_a)s; %(by)s gave %(cards_b)s and "
        "%(coins_b)s (offer #%(offer)s)."
    ),
    "by": N_(
        "Trade: %(maker)s gave %(cards_a)s and %(coins_a)s; you gave %(cards_b)s and "
        "%(coins_b)s (offer #%(offer)s)."
    ),
    "": N_(
        "Trade: %(maker)s gave %(cards_a)s and %(coins_a)s; %(by)s gave %(cards_b)s and "
        "%(coins_b)s (offer #%(offer)s)."
    ),
}


@WORDS.on(ev.TradeMade, headline=True)
def _trade_made(e: Mapping[str, Any], r: Reader) -> str:
    reader = "maker" if r.mine(e.get("seat")) else "by" if r.mine(e.get("by")) else ""
    params = {"maker": r.name(e.get("seat")), "by": r.name(e.get("by")), "offer": e["offer"]}
    if "give" in e:
        return _(TRADE_LOTS[reader]) % {
            **params,
            "give": lot_words(e["give"]),
            "want": lot_words(e["want"]),
        }
    coins = e.get("coins") or [0, 0]
    cards = e.get("cards") or [0, 0]
    return _(TRADE_COUNTS[reader]) % {
        **params,
        "cards_a": counts.cards(cards[0]),
        "coins_a": counts.coins(coins[0]),
        "cards_b": counts.cards(cards[1]),
        "coins_b": counts.coins(coins[1]),
    }


WORDS.said(
    ev.CardsShown,
    N_("You show %(cards)s to %(to)s."),
    N_("%(name)s shows %(cards)s to %(to)s."),
    cards=lambda e: _cards(e["cards"]) if "cards" in e else counts.cards(e.get("count")),
    to=ForReader(lambda e, r: names_list([r.who_object(s) for s in e.get("to") or []])),
)


WORDS.says(ev.BarterEnded, N_("The barter of round %(round)s is over."), round=lambda e: e["round"])


@WORDS.on(ev.Disqualified, headline=True)
def _disqualified(e: Mapping[str, Any], r: Reader) -> str:
    who = names_list([r.who_object(s) for s in e.get("seats") or []])
    return _("Disqualified for want of a full set: %(who)s.") % {"who": who}  # JA-7


WORDS.says(  # JA-8
    ev.CourseChanged, N_("The coats of arms are handed out again among the fit knights.")
)


def _against(r: Reader, a: Any, b: Any) -> str:
    return _("%(a)s against %(b)s") % {"a": r.who_subject(a), "b": r.who_object(b)}


@WORDS.on(ev.DuelsCalled, headline=True)
def _duels_called(e: Mapping[str, Any], r: Reader) -> str:
    pairs = clauses([_against(r, a, b) for a, b in e.get("pairs") or []]) or _("none")
    line = _("Duels of round %(round)s: %(pairs)s.") % {"round": e["round"], "pairs": pairs}
    byes = e.get("byes") or []
    if byes:
        line += " " + _("Sitting out: %(who)s.") % {
            "who": names_list([r.who_object(s) for s in byes])
        }
    return line


WORDS.either(
    ev.CardsLaid,
    lambda e: "cards" in e,
    Said(N_("You laid %(cards)s."), N_("%(name)s laid %(cards)s.")),
    Said(N_("You laid four cards face down."), N_("%(name)s laid four cards face down.")),
    cards=lambda e: _cards(e.get("cards") or []),
)


@WORDS.on(ev.DuelAbandoned, headline=True)
def _duel_abandoned(e: Mapping[str, Any], r: Reader) -> str:
    a, b = e["pair"]
    return _("The duel %(duel)s is off: a knight withdrew.") % {"duel": _against(r, a, b)}


@WORDS.on(ev.DuelRevealed, headline=True)
def _duel_revealed(e: Mapping[str, Any], r: Reader) -> str:
    a, b = e["pair"]
    if e.get("winner") is None:
        won = _("a draw")
    elif r.mine(e["winner"]):
        won = _("you win")
    else:
        won = _("%s wins") % r.name(e["winner"])
    sets = clauses(
        [
            _("%(a)s vs %(b)s") % {"a": card_label(x), "b": card_label(y)}
            for x, y in zip(*e["laid"], strict=False)
        ]
    )
    return _("%(duel)s: %(sets)s — %(won)s.") % {
        "duel": _against(r, a, b),
        "sets": sets,
        "won": won,
    }


@WORDS.on(ev.JudgementThrown)
def _judgement_thrown(e: Mapping[str, Any], r: Reader) -> str:
    showing = ", ".join(chip_label(s) for s in e.get("showing") or []) or _("none")
    return _("God's judgement: the chips show %(chips)s with %(dots)s.") % {
        "chips": showing,
        "dots": counts.dots(e["dots"]),
    }


@WORDS.on(ev.JudgementDecided, headline=True)
def _judgement_decided(e: Mapping[str, Any], r: Reader) -> str:
    return _("God's judgement gives the duel to %(winner)s %(how)s.") % {
        "winner": r.who_object(e["winner"]),
        "how": HOW.get(e["how"], ""),
    }


WORDS.either(
    ev.JunkBought,
    lambda e: "card" in e,
    Said(
        N_("You buy %(card)s from the junk pile."),
        N_("%(name)s buys %(card)s from the junk pile."),
    ),
    Said(
        N_("You buy a blind card from the junk pile."),
        N_("%(name)s buys a blind card from the junk pile."),
    ),
    card=lambda e: card_label(e.get("card")),
)


@WORDS.on(ev.GameEnded, headline=True)
def _game_ended(e: Mapping[str, Any], r: Reader) -> str:
    winners = list(e.get("winners") or [])
    if len(winners) == 1 and r.mine(winners[0]):
        line = _("The tournament is over: you won with the most money.")
    else:
        won = names_list([r.who_object(s) for s in winners])
        line = _("The tournament is over: %(won)s won with the most money.") % {"won": won}
    bonus = e.get("bonus_to")
    if bonus is not None:  # JA-14
        line += " " + about(
            r, bonus, _("You were the last fit knight."), _("%(name)s was the last fit knight.")
        )
    return line
