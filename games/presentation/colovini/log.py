"""Log lines of Avalon by Leo Colovini, one wording per event type, as the reader's seat
sees the event [CA-5 .. CA-17]: a drawer reads their cards, the other a count [CH-4];
addressed to the reader ("You played…") in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from games.engine.core.messages import N_

from .. import counts
from ..words import EventWords, Reader, Said, won
from .wire import BY_KEY, ev
from .words import MODE_WORDS, card_label, tile_words


def _at(e: Mapping[str, Any]) -> str:
    if not isinstance(e.get("region"), int):
        return ""
    return _("region %(position)s") % {"position": e["region"] + 1}


def _card(e: Mapping[str, Any]) -> str:
    return card_label(e["card"])


def _lost(e: Mapping[str, Any]) -> str:
    """The cards lost at once on a conquest, the defender's and the conqueror's [CA-12]."""
    return counts.cards(len(e.get("defender_lost", [])) + len(e.get("conqueror_lost", [])))


def _drawn(e: Mapping[str, Any]) -> str:
    """The cards drawn by name to their drawer, as a count to the others [CH-4]."""
    if "cards" in e:
        return ", ".join(card_label(c) for c in e["cards"])
    return counts.cards(e.get("count"))


def _region(key: Any) -> str:
    region = BY_KEY.get(str(key))
    return _(region.name) if region else str(key).replace("-", " ")


# Every line's %(card)s is the event's card and %(at)s its region.
WORDS = EventWords(card=_card, at=_at)


@WORDS.on(ev.GameSetUp, headline=True)
def _set_up(e: Mapping[str, Any], r: Reader) -> str:
    line = _("The regions are laid face down. %(name)s begins.") % {"name": r.name(e.get("first"))}
    you = e.get("you")
    if you:
        hand = ", ".join(card_label(c) for c in you["hand"])
        line += " " + _("Your hand: %(cards)s.") % {"cards": hand}
    return line


WORDS.said(
    ev.TurnStarted,
    N_("Turn %(turn)s: you play."),
    N_("Turn %(turn)s: %(name)s plays."),
    turn=lambda e: e["turn"],
)
WORDS.said(
    ev.CardPlayed,
    N_("You played a %(card)s at %(at)s %(mode)s."),
    N_("%(name)s played a %(card)s at %(at)s %(mode)s."),
    mode=lambda e: str(MODE_WORDS.get(e["mode"], "")),
    headline=True,
)
WORDS.said(
    ev.Enchanted,
    N_("You enchanted the %(card)s at %(at)s onto your own pile."),
    N_("%(name)s enchanted the %(card)s at %(at)s onto their own pile."),
    headline=True,
)
WORDS.said(
    ev.EnchantmentCountered,
    N_("You countered with a %(card)s at %(at)s and took the %(taken)s into hand."),
    N_("%(name)s countered with a %(card)s at %(at)s and took the %(taken)s into hand."),
    taken=lambda e: card_label(e["taken"]),
    headline=True,
)
WORDS.said(
    ev.AttackResisted,
    N_("You resisted at %(at)s with a %(card)s."),
    N_("%(name)s resisted at %(at)s with a %(card)s."),
    headline=True,
)
WORDS.said(
    ev.RegionConquered,
    N_("You conquered %(at)s: %(region)s. %(lost)s lost at once, %(more)s more to pay."),
    N_("%(name)s conquered %(at)s: %(region)s. %(lost)s lost at once, %(more)s more to pay."),
    region=lambda e: _region(e["region_key"]),
    lost=_lost,
    more=lambda e: e["losses"],
    headline=True,
)
WORDS.said(
    ev.AvalonUsed,
    N_("You used Avalon's power: one card fewer to lose."),
    N_("%(name)s used Avalon's power: one card fewer to lose."),
    headline=True,
)
WORDS.said(
    ev.LossesEnded,
    N_("You had nothing left to pay; %(unpaid)s loss(es) lapse."),
    N_("%(name)s had nothing left to pay; %(unpaid)s loss(es) lapse."),
    unpaid=lambda e: e["unpaid"],
)
WORDS.said(
    ev.TileCashed,
    N_("You cashed the dark tile “%(tile)s”: %(cards)s."),
    N_("%(name)s cashed the dark tile “%(tile)s”: %(cards)s."),
    tile=lambda e: tile_words(e.get("tile")),
    cards=lambda e: counts.cards(e["count"]),
    headline=True,
)
WORDS.said(
    ev.CardDiscarded,
    N_("You discarded a %(card)s."),
    N_("%(name)s discarded a %(card)s."),
)
WORDS.said(
    ev.TurnEnded,
    N_("You ended the turn with %(crowns)s."),
    N_("%(name)s ended the turn with %(crowns)s."),
    crowns=lambda e: counts.crowns(e["crowns"]),
)


WORDS.either(
    ev.LossPaid,
    lambda e: e.get("region") is None,
    Said(
        N_("You paid a loss: a %(card)s from hand."),
        N_("%(name)s paid a loss: a %(card)s from hand."),
    ),
    Said(
        N_("You paid a loss: a %(card)s from the pile at %(at)s."),
        N_("%(name)s paid a loss: a %(card)s from the pile at %(at)s."),
    ),
)
WORDS.either(
    ev.TileTaken,
    lambda e: e.get("count") is not None,
    Said(
        N_("You took the tile “%(tile)s” and drew %(cards)s."),
        N_("%(name)s took the tile “%(tile)s” and drew %(cards)s."),
    ),
    Said(N_("You took the tile “%(tile)s”."), N_("%(name)s took the tile “%(tile)s”.")),
    tile=lambda e: tile_words(e.get("tile")),
    cards=lambda e: counts.cards(e.get("count")),
    headline=True,
)
WORDS.said(ev.CardsDrawn, N_("You drew %(cards)s."), N_("%(name)s drew %(cards)s."), cards=_drawn)


WORDS.says(ev.DeckReshuffled, N_("The discard pile was shuffled into a new deck."))


@WORDS.on(ev.GameEnded, headline=True)
def _game_ended(e: Mapping[str, Any], r: Reader) -> str:
    return won(
        r,
        list(e.get("winners", [])),
        _("The game is over: you win."),
        _("The game is over: %(winners)s wins."),
        _("The game is over: %(winners)s win."),
    )
