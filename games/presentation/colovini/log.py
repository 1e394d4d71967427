"""Log lines of Avalon by Leo Colovini, one small wording per event type, as the reader's
seat sees the event [CA-5 .. CA-17]: a drawer reads their cards, the other a count [CH-4];
addressed to the reader ("You played…") in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from .. import counts
from ..words import EventWords, Reader, about, names_list
from .wire import BY_KEY, ev
from .words import MODE_WORDS, card_label, tile_words

WORDS = EventWords()


def _at(e: Mapping[str, Any]) -> str:
    if not isinstance(e.get("region"), int):
        return ""
    return _("region %(position)s") % {"position": e["region"] + 1}


def _by(e: Mapping[str, Any], r: Reader, mine: str, theirs: str, **params: Any) -> str:
    return about(r, e.get("seat"), mine, theirs, at=_at(e), **params)


def _region(key: Any) -> str:
    region = BY_KEY.get(str(key))
    return _(region.name) if region else str(key).replace("-", " ")


@WORDS.on(ev.GameSetUp)
def _set_up(e: Mapping[str, Any], r: Reader) -> str:
    line = _("The regions are laid face down. %(name)s begins.") % {"name": r.name(e.get("first"))}
    you = e.get("you")
    if you:
        hand = ", ".join(card_label(c) for c in you["hand"])
        line += " " + _("Your hand: %(cards)s.") % {"cards": hand}
    return line


@WORDS.on(ev.TurnStarted)
def _turn_started(e: Mapping[str, Any], r: Reader) -> str:
    return _by(
        e, r, _("Turn %(turn)s: you play."), _("Turn %(turn)s: %(name)s plays."), turn=e["turn"]
    )


@WORDS.on(ev.CardPlayed)
def _card_played(e: Mapping[str, Any], r: Reader) -> str:
    mode = str(MODE_WORDS.get(e["mode"], ""))
    return _by(
        e,
        r,
        _("You played a %(card)s at %(at)s %(mode)s."),
        _("%(name)s played a %(card)s at %(at)s %(mode)s."),
        card=card_label(e["card"]),
        mode=mode,
    )


@WORDS.on(ev.Enchanted)
def _enchanted(e: Mapping[str, Any], r: Reader) -> str:
    return _by(
        e,
        r,
        _("You enchanted the %(card)s at %(at)s onto your own pile."),
        _("%(name)s enchanted the %(card)s at %(at)s onto their own pile."),
        card=card_label(e["card"]),
    )


@WORDS.on(ev.EnchantmentCountered)
def _countered(e: Mapping[str, Any], r: Reader) -> str:
    return _by(
        e,
        r,
        _("You countered with a %(card)s at %(at)s and took the %(taken)s into hand."),
        _("%(name)s countered with a %(card)s at %(at)s and took the %(taken)s into hand."),
        card=card_label(e["card"]),
        taken=card_label(e["taken"]),
    )


@WORDS.on(ev.AttackResisted)
def _resisted(e: Mapping[str, Any], r: Reader) -> str:
    return _by(
        e,
        r,
        _("You resisted at %(at)s with a %(card)s."),
        _("%(name)s resisted at %(at)s with a %(card)s."),
        card=card_label(e["card"]),
    )


@WORDS.on(ev.RegionConquered)
def _conquered(e: Mapping[str, Any], r: Reader) -> str:
    lost = len(e.get("defender_lost", [])) + len(e.get("conqueror_lost", []))
    return _by(
        e,
        r,
        _("You conquered %(at)s: %(region)s. %(lost)s lost at once, %(more)s more to pay."),
        _("%(name)s conquered %(at)s: %(region)s. %(lost)s lost at once, %(more)s more to pay."),
        region=_region(e["region_key"]),
        lost=counts.cards(lost),
        more=e["losses"],
    )


@WORDS.on(ev.AvalonUsed)
def _avalon_used(e: Mapping[str, Any], r: Reader) -> str:
    return _by(
        e,
        r,
        _("You used Avalon's power: one card fewer to lose."),
        _("%(name)s used Avalon's power: one card fewer to lose."),
    )


@WORDS.on(ev.LossPaid)
def _loss_paid(e: Mapping[str, Any], r: Reader) -> str:
    card = card_label(e["card"])
    if e.get("region") is None:
        return _by(
            e,
            r,
            _("You paid a loss: a %(card)s from hand."),
            _("%(name)s paid a loss: a %(card)s from hand."),
            card=card,
        )
    return _by(
        e,
        r,
        _("You paid a loss: a %(card)s from the pile at %(at)s."),
        _("%(name)s paid a loss: a %(card)s from the pile at %(at)s."),
        card=card,
    )


@WORDS.on(ev.LossesEnded)
def _losses_ended(e: Mapping[str, Any], r: Reader) -> str:
    return _by(
        e,
        r,
        _("You had nothing left to pay; %(unpaid)s loss(es) lapse."),
        _("%(name)s had nothing left to pay; %(unpaid)s loss(es) lapse."),
        unpaid=e["unpaid"],
    )


@WORDS.on(ev.TileTaken)
def _tile_taken(e: Mapping[str, Any], r: Reader) -> str:
    tile = tile_words(e.get("tile"))
    if e.get("count") is not None:
        return _by(
            e,
            r,
            _("You took the tile “%(tile)s” and drew %(cards)s."),
            _("%(name)s took the tile “%(tile)s” and drew %(cards)s."),
            tile=tile,
            cards=counts.cards(e["count"]),
        )
    return _by(
        e, r, _("You took the tile “%(tile)s”."), _("%(name)s took the tile “%(tile)s”."), tile=tile
    )


@WORDS.on(ev.TileCashed)
def _tile_cashed(e: Mapping[str, Any], r: Reader) -> str:
    return _by(
        e,
        r,
        _("You cashed the dark tile “%(tile)s”: %(cards)s."),
        _("%(name)s cashed the dark tile “%(tile)s”: %(cards)s."),
        tile=tile_words(e.get("tile")),
        cards=counts.cards(e["count"]),
    )


@WORDS.on(ev.CardsDrawn)
def _cards_drawn(e: Mapping[str, Any], r: Reader) -> str:
    if "cards" in e:
        drawn = ", ".join(card_label(c) for c in e["cards"])
    else:
        drawn = counts.cards(e.get("count"))
    return _by(e, r, _("You drew %(cards)s."), _("%(name)s drew %(cards)s."), cards=drawn)


@WORDS.on(ev.DeckReshuffled)
def _reshuffled(e: Mapping[str, Any], r: Reader) -> str:
    return _("The discard pile was shuffled into a new deck.")


@WORDS.on(ev.CardDiscarded)
def _discarded(e: Mapping[str, Any], r: Reader) -> str:
    return _by(
        e,
        r,
        _("You discarded a %(card)s."),
        _("%(name)s discarded a %(card)s."),
        card=card_label(e["card"]),
    )


@WORDS.on(ev.TurnEnded)
def _turn_ended(e: Mapping[str, Any], r: Reader) -> str:
    return _by(
        e,
        r,
        _("You ended the turn with %(crowns)s."),
        _("%(name)s ended the turn with %(crowns)s."),
        crowns=counts.crowns(e["crowns"]),
    )


@WORDS.on(ev.GameEnded)
def _game_ended(e: Mapping[str, Any], r: Reader) -> str:
    winners = list(e.get("winners", []))
    if len(winners) == 1 and r.mine(winners[0]):
        return _("The game is over: you win.")
    names = names_list([r.who_object(s) for s in winners])
    if len(winners) == 1:
        return _("The game is over: %(winners)s wins.") % {"winners": names}
    return _("The game is over: %(winners)s win.") % {"winners": names}
