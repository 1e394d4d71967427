"""The words of a power's decision [TH-9] on the page: the question's title and help (what
triggered it, what is at stake), one button per answer saying what it does, the phase line
naming who is waited for, and the log lines of the question and the answer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from ..words import EventWords, Reader, name_of
from .cards import card_words, face, power_name
from .wire import DECLINE, DUSK, ev, is_weapon

CHOICE_WORDS = EventWords()
STRANGER = gettext_noop("Someone")


def _ask(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return view.get("ask") or {}


def _turning_up(ask: Mapping[str, Any]) -> bool:
    """The question is a weapon's value as it turns up [TH-4], not a power's use."""
    return is_weapon(str(ask.get("power", "")))


def _loser(names: Sequence[str], seat: Any) -> str:
    if seat is None:
        return ""
    if seat == -1:
        return _("then nobody loses this Melee")
    return _("then %(name)s loses this Melee") % {"name": name_of(names, seat, STRANGER)}


TITLES = {
    "guinevere": lambda: _("Guinevere: you would lose this Melee"),
    "elf-knight": lambda: _("Elf Knight: you would lose this Melee"),
    "sir-galahad": lambda: _("Sir Galahad: you lose this Melee"),
    "armor-of-avalon": lambda: _("Armor of Avalon: your card is in a Feint"),
    "chivalry": lambda: _("Chivalry: you lost this Melee"),
    "mordred": lambda: _("Mordred: whom does your most injurious hit go to?"),
    "will-of-god": lambda: _("Will of God: spend your tokens before the tally?"),
    "lancelot-du-lac": lambda: _("Lancelot du Lac: whom does your card go to?"),
    "order": lambda: _("Powers in conflict: you choose their order"),
}
DUSK_TITLES = {
    "chivalry": lambda: _("Chivalry: a last chance to spend your tokens at Dusk"),
}

USES = {
    "guinevere": lambda: _("Pass the loss on"),
    "elf-knight": lambda: _("Place the Elf Knight token"),
    "sir-galahad": lambda: _("Take only my own cards"),
    "chivalry": lambda: _("Spend a token"),
}


def title(view: Mapping[str, Any]) -> str:
    ask = _ask(view)
    if _turning_up(ask):
        card = face(str(ask.get("power")))["name"]  # the weapon's name in the reader's words
        return _("Your %(card)s is turned up: give it its value") % {"card": card}
    titles = DUSK_TITLES if ask.get("during") == DUSK else TITLES
    make = titles.get(str(ask.get("power"))) or TITLES.get(str(ask.get("power")))
    return make() if make else _("Use a power?")


def help_text(view: Mapping[str, Any], names: Sequence[str] = ()) -> str:
    """What is at stake, and that keeping the power saves it for later."""
    ask = _ask(view)
    stake = int(ask.get("stake") or 0)
    if _turning_up(ask):
        return _(
            "The Elf Queen's Melee is revealed card by card. Your card takes the Lead Suit "
            "and the value you give it now (1 to 15)."
        )
    if ask.get("power") == "order":
        about = (ask.get("about") or [None])[0]
        return _(
            "At this Dusk, %(name)s's powers give a different Injury depending on the order "
            "they apply in. You have the least Health, so you choose the order."
        ) % {"name": name_of(names, about, STRANGER)}
    if ask.get("power") == "lancelot-du-lac":
        return _(
            "The Feint holding your card broke: your card leaves the Melee for the Weapon "
            "Hits of the healthiest opponent; these opponents are tied for the most Health."
        )
    if ask.get("power") == "mordred":
        return _(
            "Before the tally your most injurious Weapon Hit goes to the healthiest "
            "opponent; these opponents are tied for the most Health."
        )
    if ask.get("power") == "will-of-god":
        return _(
            "Each token cancels %(injury)s of your Injury at this Dusk; tokens you keep go "
            "at the next Godsend phase (less Health may unlock your Companion)."
        ) % {"injury": stake}
    if ask.get("power") == "chivalry" and ask.get("during") == DUSK:
        return _(
            "Each token heals you %(heal)s now; tokens you keep go at the next Godsend phase."
        ) % {"heal": stake}
    if ask.get("power") == "chivalry":
        return _(
            "A token heals you %(heal)s now; tokens you keep go at the next Godsend phase."
        ) % {"heal": stake}
    if ask.get("power") == "sir-galahad":
        return _(
            "The other players' cards (%(injury)s Injury) would wait for the next Melee's "
            "loser. Once per Tourney Round: keep it for a costlier Melee if you like."
        ) % {"injury": stake}
    return _(
        "This Melee's cards are worth %(injury)s Injury. Once per Tourney Round: if you keep "
        "it, you may use it in a later Melee."
    ) % {"injury": stake}


def in_order(powers: Sequence[str]) -> str:
    """ "Mordred, then Will of God": powers in the order they apply."""
    text = powers[0] if powers else ""
    for power in powers[1:]:
        text = _("%(before)s, then %(after)s") % {"before": text, "after": power}
    return text


def label(move: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]) -> str:
    """One answer's button: what it does, and who would lose the Melee after it."""
    ask = _ask(view)
    option = str(move.get("option"))
    options = list(ask.get("options") or [])
    losers = list(ask.get("losers") or [])
    loser = (
        losers[options.index(option)]
        if option in options and options.index(option) < len(losers)
        else None
    )
    power = str(ask.get("power"))
    if option == DECLINE:
        text = _("Keep %(power)s for later") % {"power": power_name(power)}
    elif option.startswith("order:"):
        cards = in_order([power_name(c) for c in option[6:].split(",")])
        results = list(ask.get("results") or [])
        index = options.index(option) if option in options else len(results)
        injury = results[index] if index < len(results) else "?"
        return _("%(cards)s: %(injury)s Injury") % {"cards": cards, "injury": injury}
    elif option.startswith("value:"):
        text = _("As a %(value)s") % {"value": option[6:]}
    elif option.startswith("to:"):
        text = _("Give it to %(name)s") % {"name": name_of(names, int(option[3:]), STRANGER)}
    elif option.startswith("use:") and power in ("will-of-god", "chivalry"):
        count = int(option[4:])
        text = ngettext("Spend %(count)s token", "Spend %(count)s tokens", count) % {"count": count}
    elif option.startswith("use:"):
        text = _("Break the Feint of %(value)s") % {"value": option[4:]}
    else:
        make = USES.get(power)
        text = make() if make else _("Use it")
        if power == "chivalry":
            text = _("Spend a token: heal %(heal)s") % {"heal": ask.get("stake")}
    if power in ("sir-galahad", "chivalry", "will-of-god", "mordred", "lancelot-du-lac"):
        return text
    if _turning_up(ask):
        return text
    then = _loser(names, loser)
    return f"{text} ({then})" if then else text


def phase_line(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Who is waited for, and on what: a power's use, a card's value, an order or a target."""
    ask = _ask(view)
    power = str(ask.get("power"))
    values = {"name": name_of(names, ask.get("seat"), STRANGER)}
    if _turning_up(ask):
        values["card"] = card_words(power)
        return _("%(name)s gives %(card)s its value as it turns up.") % values
    if power == "order":
        return _("%(name)s chooses the order of the conflicting Dusk powers.") % values
    values["power"] = power_name(power)
    if any(str(o).startswith("to:") for o in ask.get("options") or []):
        return _("%(name)s chooses whom %(power)s's card goes to.") % values
    return _("%(name)s decides whether to use %(power)s.") % values


@CHOICE_WORDS.on(ev.ChoiceAsked)
def _asked(e: Mapping[str, Any], r: Reader) -> str:
    if is_weapon(str(e.get("power", ""))):
        return _("%(name)s turns up %(card)s and gives it a value.") % {
            "name": r.name(e.get("seat")),
            "card": card_words(e.get("power")),
        }
    if e.get("power") == "order":  # TT-23: not a power of its own
        return _("%(name)s chooses the order of the conflicting Dusk powers.") % {
            "name": r.name(e.get("seat"))
        }
    return _("%(name)s may use %(power)s: waiting for their answer.") % {
        "name": r.name(e.get("seat")),
        "power": power_name(e.get("power")),
    }


@CHOICE_WORDS.on(ev.ChoiceMade)
def _made(e: Mapping[str, Any], r: Reader) -> str:
    power = str(e.get("power", ""))
    named = card_words(power) if is_weapon(power) else power_name(power)
    values = {"name": r.name(e.get("seat")), "power": named}
    option = str(e.get("option"))
    if option.startswith("order:"):
        return _("%(name)s chooses the order of the conflicting powers.") % values
    if option.startswith("value:"):
        values["value"] = option[6:]
        return _("%(name)s gives %(power)s the value %(value)s.") % values
    if option == DECLINE:
        return _("%(name)s keeps %(power)s for later.") % values
    if option.startswith("to:"):
        values["to"] = r.name(int(option[3:]))
        return _("%(name)s chooses %(to)s for %(power)s.") % values
    if option.startswith("use:") and e.get("power") in ("will-of-god", "chivalry"):
        count = int(option[4:])
        return ngettext(
            "%(name)s spends %(count)s %(power)s token.",
            "%(name)s spends %(count)s %(power)s tokens.",
            count,
        ) % {**values, "count": count}
    return _("%(name)s chooses to use %(power)s.") % values


@CHOICE_WORDS.on(ev.CardTurnedUp)
def _turned_up(e: Mapping[str, Any], r: Reader) -> str:
    return _("%(name)s's card is turned up: %(card)s, counting %(value)s.") % {
        "name": r.name(e.get("seat")),
        "card": card_words(e.get("card")),
        "value": e.get("value"),
    }


@CHOICE_WORDS.on(ev.OrderChosen)
def _order_chosen(e: Mapping[str, Any], r: Reader) -> str:
    return _("%(name)s's Dusk powers apply in this order: %(cards)s.") % {
        "name": r.name(e.get("seat")),
        "cards": in_order([power_name(c) for c in e.get("order") or []]),
    }


@CHOICE_WORDS.on(ev.LossPassed)
def _loss_passed(e: Mapping[str, Any], r: Reader) -> str:
    return _("Guinevere passes the loss to the next card in line.")
