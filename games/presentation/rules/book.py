"""The shape of a How to play page, and the one rule-link helper every mention of a rule in
the interface goes through.

A game's rules for players are data (one module per game in this package): sections in the
order a player learns the game, each holding rules under their stable IDs (the IDs of
docs/rules/<game>.md), every string marked for translation with the context "how to play"
(see __init__.py). `rule_link` turns an ID into
what a page shows: the rule's short title and the address of its anchor on the game's How
to play page (/rules/<slug>/#<ID>).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

Text = str | Promise  # a (lazily) translated string


@dataclass(frozen=True)
class Rule:
    """One rule as players read it: its ID (the anchor), a short title and paragraphs;
    `table` is a grid of cells (first row: the headings) for rules that are a chart."""

    id: str
    title: Text
    paragraphs: tuple[Text, ...]
    table: tuple[tuple[Text, ...], ...] = ()


@dataclass(frozen=True)
class Section:
    title: Text
    rules: tuple[Rule, ...]
    intro: Text = ""


@dataclass(frozen=True)
class RuleBook:
    """A game as the site introduces it (catalogue.py): its name, one line on what it is
    (the game cards), and its How to play page: a few opening lines, then the sections."""

    slug: str
    name: Text
    blurb: Text
    intro: tuple[Text, ...]
    sections: tuple[Section, ...]
    by_id: dict[str, Rule] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rules = {rule.id: rule for section in self.sections for rule in section.rules}
        object.__setattr__(self, "by_id", rules)


@dataclass(frozen=True)
class RuleLink:
    """A rule as the interface mentions it: its ID (data), title (words) and address."""

    id: str
    title: str
    url: str


def rulebooks() -> dict[str, RuleBook]:
    """Every How to play page by game slug, in the order the site lists its games."""
    return dict(_books())


def rulebook_for(slug: str) -> RuleBook | None:
    return _books().get(slug)


def rules_url(slug: str, rule_id: str = "") -> str:
    """The How to play page of `slug`, at the anchor of `rule_id` when given."""
    url = _rules_page(slug, get_script_prefix(), get_urlconf(), settings.ROOT_URLCONF)
    return f"{url}#{rule_id}" if rule_id else url


@lru_cache(maxsize=64)
def _rules_page(slug: str, prefix: str, urlconf: Any, root: str) -> str:
    """reverse() of a game's rules page, kept by all it reads (the script prefix and the
    URL configuration): a watched move's renders asked it about ten times per view."""
    return reverse("rules", args=[slug], urlconf=urlconf)


def rule_link(slug: str, rule_id: str) -> RuleLink:
    """The one way the interface mentions a rule: its words and a link to it. A rule the
    game's page does not hold is a programming error (tests check every mention)."""
    where = (get_language(), get_script_prefix(), get_urlconf(), settings.ROOT_URLCONF)
    return _rule_link(slug, rule_id, *where)


@lru_cache(maxsize=1024)
def _rule_link(slug: str, rule_id: str, language: str | None, *where: Any) -> RuleLink:
    """rule_link, kept by all it reads (the title's language, what its URL depends on):
    a RuleLink is frozen, so every view of a move can hold the same one."""
    book = rulebook_for(slug)
    if book is None or rule_id not in book.by_id:
        raise KeyError(f"no rule {rule_id!r} on the How to play page of {slug!r}")
    return RuleLink(rule_id, str(book.by_id[rule_id].title), rules_url(slug, rule_id))


def rule_links(slug: str, *rule_ids: str) -> list[RuleLink]:
    """`rule_link` of each ID ("" skipped, so a view model may pass "" for "no rule")."""
    return [rule_link(slug, rule_id) for rule_id in rule_ids if rule_id]


def with_rule_links(text: str, rules: Sequence[RuleLink]) -> str:
    """`text` (escaped) followed by its rule links, as HTML: for a message that is shown
    outside a template that could include games/partials/rule_links.html itself."""
    if not rules:
        return text
    links = render_to_string("games/partials/rule_links.html", {"rules": rules})
    return format_html("{}{}", text, mark_safe(links))


def feed_rules(feed: Mapping[str, Any], *rule_ids: str) -> list[RuleLink]:
    """`rule_link` of each ID for the game a feed (games.selectors.game_view_for_user)
    shows; empty IDs are skipped, so a view model may pass "" for "no rule"."""
    return rule_links(str(feed.get("game", "")), *rule_ids)


@cache
def _books() -> dict[str, RuleBook]:
    # Imported when first asked for, so book.py (which the game modules import) has no cycle.
    from .catalogue import BOOKS

    return {book.slug: book for book in BOOKS}
