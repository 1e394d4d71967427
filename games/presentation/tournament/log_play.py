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

from ..counts import cards, counted
from ..words import EventWords, Reader, about
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


@PLAY_WORDS.on(ev.GameStarted)
def _game_started(e: Mapping[str, Any], r: Reader) -> str:
    chars = [
        about(r, s, _("you are %(card)s"), _("%(name)s is %(card)s"), card=power_name(p))
        for s, p in enumerate(e.get("protagonists", []))
        if p
    ]
    line = _("The Tournament begins at %(health)s Health.") % {"health": e.get("health")}
    if not chars:
        return line
    who = "; ".join(chars)  # a sentence of its own: "You are King Arthur; ..."
    return f"{line} {who[:1].upper()}{who[1:]}."


@PLAY_WORDS.on(ev.LocationAsked)
def _location_asked(e: Mapping[str, Any], r: Reader) -> str:
    return about(r, e.get("seat"), _("You choose a Location."), _("%(name)s chooses a Location."))


@PLAY_WORDS.on(ev.LocationChosen)
def _location_chosen(e: Mapping[str, Any], r: Reader) -> str:
    place = power_name(e.get("location"))
    return about(
        r, e.get("seat"), _("You choose %(place)s."), _("%(name)s chooses %(place)s."), place=place
    )


@PLAY_WORDS.on(ev.Dealt)
def _dealt(e: Mapping[str, Any], r: Reader) -> str:
    line = about(
        r,
        e.get("dealer"),
        _("Round %(round)s: you deal the weapons."),
        _("Round %(round)s: %(name)s deals the weapons."),
        round=e.get("round"),
    )
    if e.get("hand") is not None:
        line += " " + _("You hold %(cards)s.") % {"cards": cards(len(e["hand"]))}
    return line


@PLAY_WORDS.on(ev.MerlinGranted)
def _merlin_granted(e: Mapping[str, Any], r: Reader) -> str:
    return about(
        r,
        e.get("seat"),
        _("You take the special Merlin card."),
        _("%(name)s takes the special Merlin card."),
    )


@PLAY_WORDS.on(ev.SwordAsked)
def _sword_asked(e: Mapping[str, Any], r: Reader) -> str:
    return about(
        r,
        e.get("seat"),
        _("You hold The Sword and decide whether cards are passed."),
        _("%(name)s holds The Sword and decides whether cards are passed."),
    )


@PLAY_WORDS.on(ev.PassingDecided)
def _passing_decided(e: Mapping[str, Any], r: Reader) -> str:
    if e.get("allow"):
        return about(r, e.get("seat"), _("You allow passing."), _("%(name)s allows passing."))
    return about(r, e.get("seat"), _("You forbid passing."), _("%(name)s forbids passing."))


@PLAY_WORDS.on(ev.PassingStarted)
def _passing_started(e: Mapping[str, Any], r: Reader) -> str:
    if e.get("direction") == 1:
        return _("Everyone passes 3 cards to the left.")
    return _("Everyone passes 3 cards to the right.")


@PLAY_WORDS.on(ev.PassChosen)
def _pass_chosen(e: Mapping[str, Any], r: Reader) -> str:
    if e.get("cards"):
        what = cards_words(sorted(e["cards"]))
        return about(
            r,
            e.get("seat"),
            _("You chose to pass %(cards)s."),
            _("%(name)s chose to pass %(cards)s."),
            cards=what,
        )
    return about(
        r, e.get("seat"), _("You chose 3 cards to pass."), _("%(name)s chose 3 cards to pass.")
    )


@PLAY_WORDS.on(ev.CardsPassed)
def _cards_passed(e: Mapping[str, Any], r: Reader) -> str:
    rows = []
    for row in e.get("moves", []):
        if isinstance(row, list):  # the full reveal (replay): the raw (from, to, cards)
            row = {"from": row[0], "to": row[1], "cards": row[2]}
        what = cards_words(row["cards"]) if "cards" in row else cards(row.get("count"))
        rows.append(
            about(
                r,
                row["from"],
                _("you pass %(cards)s to %(to)s"),
                _("%(name)s passes %(cards)s to %(to)s"),
                cards=what,
                to=r.who_object(row["to"]),
            )
        )
    return "; ".join(rows) + "."


@PLAY_WORDS.on(ev.MeleeStarted)
def _melee_started(e: Mapping[str, Any], r: Reader) -> str:
    return about(r, e.get("lead"), _("A new Melee: you lead."), _("A new Melee: %(name)s leads."))


@PLAY_WORDS.on(ev.Commanded)
def _commanded(e: Mapping[str, Any], r: Reader) -> str:
    target = e.get("target")
    if r.me is not None and target == r.me:
        return _("%(name)s commands you to play in your slot.") % {"name": r.name(e.get("seat"))}
    return about(
        r,
        e.get("seat"),
        _("You command %(target)s to play in their slot."),
        _("%(name)s commands %(target)s to play in their slot."),
        target=r.name(target),
    )


@PLAY_WORDS.on(ev.TurnMoved)
def _turn_moved(e: Mapping[str, Any], r: Reader) -> str:
    return about(r, e.get("turn"), _("Your turn."), _("%(name)s's turn."))


@PLAY_WORDS.on(ev.Shamed)
def _shamed(e: Mapping[str, Any], r: Reader) -> str:
    seat, injury = e.get("seat"), e.get("injury")
    if e.get("why") == MISTS:
        return about(
            r,
            seat,
            _("Mists of Avalon: you take %(injury)s Injury."),
            _("Mists of Avalon: %(name)s takes %(injury)s Injury."),
            injury=injury,
        )
    why = _why(e.get("why"))
    if e.get("card"):
        return about(
            r,
            seat,
            _("Shame: you discard %(card)s and take %(injury)s Injury%(why)s."),
            _("Shame: %(name)s discards %(card)s and takes %(injury)s Injury%(why)s."),
            card=card_words(e["card"]),
            injury=injury,
            why=why,
        )
    return about(
        r,
        seat,
        _("Shame: you take %(injury)s Injury%(why)s."),
        _("Shame: %(name)s takes %(injury)s Injury%(why)s."),
        injury=injury,
        why=why,
    )


@PLAY_WORDS.on(ev.EntriesDiscarded)
def _entries_discarded(e: Mapping[str, Any], r: Reader) -> str:
    earlier = counted(EARLIER_CARDS, len(e.get("orders", [])))
    return about(
        r,
        e.get("by"),
        _("Mists of Avalon (yours) discards %(earlier)s."),
        _("Mists of Avalon (%(name)s) discards %(earlier)s."),
        earlier=earlier,
    )


@PLAY_WORDS.on(ev.HealthChanged)
def _health_changed(e: Mapping[str, Any], r: Reader) -> str:
    delta = int(e.get("delta", 0))
    why = _why(e.get("why"))
    if delta > 0:
        return about(
            r,
            e.get("seat"),
            _("You heal %(points)s%(why)s."),
            _("%(name)s heals %(points)s%(why)s."),
            points=delta,
            why=why,
        )
    return about(
        r,
        e.get("seat"),
        _("You take %(injury)s Injury%(why)s."),
        _("%(name)s takes %(injury)s Injury%(why)s."),
        injury=-delta,
        why=why,
    )


@PLAY_WORDS.on(ev.CompanionUnlocked)
def _companion_unlocked(e: Mapping[str, Any], r: Reader) -> str:
    return about(
        r,
        e.get("seat"),
        _("You reach %(health)s Health: your Companion joins you."),
        _("%(name)s reaches %(health)s Health: their Companion joins them."),
        health=e.get("health"),
    )


@PLAY_WORDS.on(ev.PowerUsed)
def _power_used(e: Mapping[str, Any], r: Reader) -> str:
    power = power_name(e.get("power"))
    return about(
        r, e.get("seat"), _("You use %(power)s."), _("%(name)s uses %(power)s."), power=power
    )


@PLAY_WORDS.on(ev.EntryMarked)
def _entry_marked(e: Mapping[str, Any], r: Reader) -> str:
    return _("The Elf Knight marks a card: it counts as Feinted.")


@PLAY_WORDS.on(ev.EntryMoved)
def _entry_moved(e: Mapping[str, Any], r: Reader) -> str:
    return about(
        r,
        e.get("to"),
        _("Lancelot du Lac: a card goes to your Weapon Hits."),
        _("Lancelot du Lac: a card goes to %(name)s's Weapon Hits."),
    )


@PLAY_WORDS.on(ev.CardsRevealed)
def _cards_revealed(e: Mapping[str, Any], r: Reader) -> str:
    shown = [
        _("%(who)s: %(card)s") % {"who": r.who_subject(x["seat"]), "card": card_words(x["card"])}
        for x in e.get("entries", [])
    ]
    return _("The face-down cards are turned up — %(cards)s.") % {"cards": "; ".join(shown)}


@PLAY_WORDS.on(ev.MeleeEnded)
def _melee_ended(e: Mapping[str, Any], r: Reader) -> str:
    feints = " " + counted(FEINTED, e["feints"]) if e.get("feints") else ""
    if e.get("loser") is None:
        return _("Nobody loses this Melee.") + feints
    line = about(
        r,
        e["loser"],
        _("You lose the Melee and take %(cards)s as Weapon Hits."),
        _("%(name)s loses the Melee and takes %(cards)s as Weapon Hits."),
        cards=cards_words(e.get("taken", [])),
    )
    return line + feints


@PLAY_WORDS.on(ev.CardGiven)
def _card_given(e: Mapping[str, Any], r: Reader) -> str:
    gift = e.get("gift", e.get("card"))  # redacted: "gift"; the full reveal: "card"
    what = card_words(gift) if gift is not None else _("a card")
    giver, to = e.get("from", e.get("seat")), e.get("to")
    if r.me is not None and to == r.me:
        return _("%(name)s gives you %(card)s.") % {"name": r.name(giver), "card": what}
    return about(
        r,
        giver,
        _("You give %(to)s %(card)s."),
        _("%(name)s gives %(to)s %(card)s."),
        to=r.name(to),
        card=what,
    )
