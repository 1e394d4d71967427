"""Counted nouns of the log and the panels with the right plural ("1 Fail card", "2 Fail
cards"), through ngettext so each language gets its own forms. A count the reader may
not know (a hidden number of cards) reads "some cards"."""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext_lazy

# Each noun is chosen by the "count" it is formatted with (ngettext_lazy's number key).
CARDS = ngettext_lazy("%(count)d card", "%(count)d cards", "count")
FAIL_CARDS = ngettext_lazy("%(count)d Fail card", "%(count)d Fail cards", "count")
COINS = ngettext_lazy("%(count)d coin", "%(count)d coins", "count")
CROWNS = ngettext_lazy("%(count)d crown", "%(count)d crowns", "count")
DOTS = ngettext_lazy("%(count)d dot", "%(count)d dots", "count")
OFFERS = ngettext_lazy("%(count)d more offer", "%(count)d more offers", "count")


def counted(noun: Promise, value: Any) -> str:
    """`value` of `noun` in words; a value that is not a number counts as 0."""
    n = value if isinstance(value, int) and not isinstance(value, bool) else 0
    return str(noun % {"count": n})


def cards(value: Any) -> str:
    if not isinstance(value, int):
        return _("some cards")
    return counted(CARDS, value)


def fail_cards(value: Any) -> str:
    return counted(FAIL_CARDS, value)


def coins(value: Any) -> str:
    return counted(COINS, value)


def crowns(value: Any) -> str:
    return counted(CROWNS, value)


def dots(value: Any) -> str:
    return counted(DOTS, value)


def offers(value: Any) -> str:
    return counted(OFFERS, value)
