"""Log lines of Tournament at Camelot / Avalon from the deal to the end of a Melee: the
deal, Locations, passing [TA-3], plays, Shame, Health and the powers used, one small
wording per event type. Each line says only what the redacted event holds, so a seat reads
its own passed cards while the others read "3 cards", and face-down cards stay unnamed.
Lines are addressed to their reader ("You play…", "Ann plays…": words.about) and worded at
read time in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext_lazy

from games.engine.core.messages import N_

from ..counts import cards, counted
from ..words import EventWords, Plain, Reader, Said, about, clauses
from .cards import card_words, cards_words, face, power_name, suit_words
from .wire import MISTS, ev

PLAY_WORDS = EventWords()

EARLIER_CARDS = ngettext_lazy("%(count)d earlier card", "%(count)d earlier cards", "count")
FEINTED = ngettext_lazy("%(count)d card was Feinted.", "%(count)d cards were Feinted.", "count")


def _why(why: Any) -> str:
    """Why Health changed, after the change: a rule's name, or the power that did it."""
    if why in ("", "shame", None):
        return ""
    reasons = {
        "bonus": _("bonus"),
        MISTS: _("Mists of Avalon"),
        "dusk": _("Dusk"),
    }
    return _(" (%(why)s)") % {"why": reasons.get(why) or power_name(why)}


def _delta(e: Mapping[str, Any]) -> int:
    """The Health a seat gains (less than 0: loses)."""
    return int(e.get("delta", 0))


PLAY_WORDS.said(ev.LocationAsked, N_("You choose a Location."), N_("%(name)s chooses a Location."))
PLAY_WORDS.said(
    ev.LocationChosen,
    N_("You choose %(place)s."),
    N_("%(name)s chooses %(place)s."),
    place=lambda e: power_name(e.get("location")),
)
PLAY_WORDS.said(
    ev.MerlinGranted,
    N_("You take the special Merlin card."),
    N_("%(name)s takes the special Merlin card."),
)
PLAY_WORDS.said(
    ev.SwordAsked,
    N_("You hold The Sword and decide whether cards are passed."),
    N_("%(name)s holds The Sword and decides whether cards are passed."),
)
PLAY_WORDS.said(
    ev.MeleeStarted, N_("A new Melee: you lead."), N_("A new Melee: %(name)s leads."), seat="lead"
)
PLAY_WORDS.said(ev.TurnMoved, N_("Your turn."), N_("%(name)s's turn."), seat="turn")
PLAY_WORDS.said(
    ev.EntriesDiscarded,
    N_("Mists of Avalon (yours) discards %(earlier)s."),
    N_("Mists of Avalon (%(name)s) discards %(earlier)s."),
    seat="by",
    earlier=lambda e: counted(EARLIER_CARDS, len(e.get("orders", []))),
)
PLAY_WORDS.said(
    ev.CompanionUnlocked,
    N_("You reach %(health)s Health: your Companion joins you."),
    N_("%(name)s reaches %(health)s Health: their Companion joins them."),
    health=lambda e: e.get("health"),
    headline=True,
)
PLAY_WORDS.said(
    ev.PowerUsed,
    N_("You use %(power)s."),
    N_("%(name)s uses %(power)s."),
    power=lambda e: power_name(e.get("power")),
)
PLAY_WORDS.said(
    ev.EntryMoved,
    N_("Lancelot du Lac: a card goes to your Weapon Hits."),
    N_("Lancelot du Lac: a card goes to %(name)s's Weapon Hits."),
    seat="to",
)


@PLAY_WORDS.on(ev.CardPlayed)
def _played(e: Mapping[str, Any], r: Reader) -> str:
    seat = e.get("seat")
    if e.get("face_down") and "card" not in e:
        if e.get("lead_suit"):
            suit = suit_words(e["lead_suit"])
            return about(
                r,
                seat,
                _("You play a card face down and lead %(suit)s."),
                _("%(name)s plays a card face down and leads %(suit)s."),
                suit=suit,
            )
        return about(
            r, seat, _("You play a card face down."), _("%(name)s plays a card face down.")
        )
    f = face(str(e["card"]))
    line = about(
        r, seat, _("You play %(card)s"), _("%(name)s plays %(card)s"), card=card_words(e["card"])
    )
    if f.get("special"):
        if e.get("suit"):
            line += _(" as a %(value)s of %(suit)s") % {
                "value": e.get("value"),
                "suit": suit_words(e["suit"]),
            }
        else:
            line += _(" as a %(value)s") % {"value": e.get("value")}
    elif f.get("value") is not None and e.get("value") != f.get("value"):
        line += _(" (counts %(value)s)") % {"value": e.get("value")}
    if e.get("face_down"):
        line += _(" face down")
    if e.get("alchemy_led"):
        line += _(": Alchemy leads, every card is in suit")
    elif e.get("leads") and e.get("suit"):
        line += _(", leading %(suit)s") % {"suit": suit_words(e["suit"])}
    return line + "."


@PLAY_WORDS.on(ev.GameStarted, headline=True)
def _game_started(e: Mapping[str, Any], r: Reader) -> str:
    chars = [
        about(r, s, _("you are %(card)s"), _("%(name)s is %(card)s"), card=power_name(p))
        for s, p in enumerate(e.get("protagonists", []))
        if p
    ]
    line = _("The Tournament begins at %(health)s Health.") % {"health": e.get("health")}
    if not chars:
        return line
    who = clauses(chars)  # a sentence of its own: "You are King Arthur; ..."
    return f"{line} {who[:1].upper()}{who[1:]}."


DEALS = Said(
    N_("Round %(round)s: you deal the weapons."), N_("Round %(round)s: %(name)s deals the weapons.")
)


@PLAY_WORDS.on(ev.Dealt)
def _dealt(e: Mapping[str, Any], r: Reader) -> str:
    line = DEALS(r, e.get("dealer"), round=e.get("round"))
    if e.get("hand") is not None:
        line += " " + _("You hold %(cards)s.") % {"cards": cards(len(e["hand"]))}
    return line


PLAY_WORDS.either(
    ev.PassingDecided,
    lambda e: bool(e.get("allow")),
    Said(N_("You allow passing."), N_("%(name)s allows passing.")),
    Said(N_("You forbid passing."), N_("%(name)s forbids passing.")),
)


PLAY_WORDS.either(
    ev.PassingStarted,
    lambda e: e.get("direction") == 1,
    Plain(N_("Everyone passes 3 cards to the left.")),
    Plain(N_("Everyone passes 3 cards to the right.")),
)


PLAY_WORDS.either(
    ev.PassChosen,
    lambda e: bool(e.get("cards")),
    Said(N_("You chose to pass %(cards)s."), N_("%(name)s chose to pass %(cards)s.")),
    Said(N_("You chose 3 cards to pass."), N_("%(name)s chose 3 cards to pass.")),
    cards=lambda e: cards_words(sorted(e.get("cards") or [])),
)


PASSED = Said(N_("you pass %(cards)s to %(to)s"), N_("%(name)s passes %(cards)s to %(to)s"))


@PLAY_WORDS.on(ev.CardsPassed)
def _cards_passed(e: Mapping[str, Any], r: Reader) -> str:
    rows = []
    for row in e.get("moves", []):
        if isinstance(row, list):  # the full reveal (replay): the raw (from, to, cards)
            row = {"from": row[0], "to": row[1], "cards": row[2]}
        what = cards_words(row["cards"]) if "cards" in row else cards(row.get("count"))
        rows.append(PASSED(r, row["from"], cards=what, to=r.who_object(row["to"])))
    return clauses(rows) + "."


COMMANDS = Said(
    N_("You command %(target)s to play in their slot."),
    N_("%(name)s commands %(target)s to play in their slot."),
)


@PLAY_WORDS.on(ev.Commanded)
def _commanded(e: Mapping[str, Any], r: Reader) -> str:
    target = e.get("target")
    if r.me is not None and target == r.me:
        return _("%(name)s commands you to play in your slot.") % {"name": r.name(e.get("seat"))}
    return COMMANDS(r, e.get("seat"), target=r.name(target))


MISTS_INJURE = Said(
    N_("Mists of Avalon: you take %(injury)s Injury."),
    N_("Mists of Avalon: %(name)s takes %(injury)s Injury."),
)
SHAMED_DISCARDING = Said(
    N_("Shame: you discard %(card)s and take %(injury)s Injury%(why)s."),
    N_("Shame: %(name)s discards %(card)s and takes %(injury)s Injury%(why)s."),
)
SHAMED = Said(
    N_("Shame: you take %(injury)s Injury%(why)s."),
    N_("Shame: %(name)s takes %(injury)s Injury%(why)s."),
)


@PLAY_WORDS.on(ev.Shamed, headline=True)
def _shamed(e: Mapping[str, Any], r: Reader) -> str:
    seat, injury = e.get("seat"), e.get("injury")
    if e.get("why") == MISTS:
        return MISTS_INJURE(r, seat, injury=injury)
    why = _why(e.get("why"))
    if e.get("card"):
        return SHAMED_DISCARDING(r, seat, card=card_words(e["card"]), injury=injury, why=why)
    return SHAMED(r, seat, injury=injury, why=why)


PLAY_WORDS.either(
    ev.HealthChanged,
    lambda e: _delta(e) > 0,
    Said(N_("You heal %(points)s%(why)s."), N_("%(name)s heals %(points)s%(why)s.")),
    Said(N_("You take %(injury)s Injury%(why)s."), N_("%(name)s takes %(injury)s Injury%(why)s.")),
    points=_delta,
    injury=lambda e: -_delta(e),
    why=lambda e: _why(e.get("why")),
    headline=True,
)


PLAY_WORDS.says(ev.EntryMarked, N_("The Elf Knight marks a card: it counts as Feinted."))


@PLAY_WORDS.on(ev.CardsRevealed)
def _cards_revealed(e: Mapping[str, Any], r: Reader) -> str:
    shown = [
        _("%(who)s: %(card)s") % {"who": r.who_subject(x["seat"]), "card": card_words(x["card"])}
        for x in e.get("entries", [])
    ]
    return _("The face-down cards are turned up — %(cards)s.") % {"cards": clauses(shown)}


LOSES = Said(
    N_("You lose the Melee and take %(cards)s as Weapon Hits."),
    N_("%(name)s loses the Melee and takes %(cards)s as Weapon Hits."),
)


@PLAY_WORDS.on(ev.MeleeEnded, headline=True)
def _melee_ended(e: Mapping[str, Any], r: Reader) -> str:
    feints = " " + counted(FEINTED, e["feints"]) if e.get("feints") else ""
    if e.get("loser") is None:
        return _("Nobody loses this Melee.") + feints
    return LOSES(r, e["loser"], cards=cards_words(e.get("taken", []))) + feints


GIVES = Said(N_("You give %(to)s %(card)s."), N_("%(name)s gives %(to)s %(card)s."))


@PLAY_WORDS.on(ev.CardGiven)
def _card_given(e: Mapping[str, Any], r: Reader) -> str:
    gift = e.get("gift", e.get("card"))  # redacted: "gift"; the full reveal: "card"
    what = card_words(gift) if gift is not None else _("a card")
    giver, to = e.get("from", e.get("seat")), e.get("to")
    if r.me is not None and to == r.me:
        return _("%(name)s gives you %(card)s.") % {"name": r.name(giver), "card": what}
    return GIVES(r, giver, to=r.name(to), card=what)
