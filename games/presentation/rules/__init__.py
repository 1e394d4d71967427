"""The How to play pages, one per game, and the rule-link helper.

- book.py: the page's shape (sections of rules under their IDs), the registry by game slug
  and `rule_link`, the one way the interface mentions a rule (its words plus a link);
- one module per game with the rules of docs/rules/<game>.md (the developers' reference)
  in plain words for players, in the order a new player meets them, ending with its page's
  sections (resistance, tournament with tournament_cards and tournament_rounds, colovini,
  jousting);
- catalogue.py: the games as the site introduces them, in its order: name, one line on
  what the game is (the game cards of the home and create-table pages, game_cards.py), and
  the page's opening lines and sections;
- locale/: their French, a catalogue of its own. Every rule's string is marked with the
  context "how to play", so a rule's title never shares a msgid with the same English words
  elsewhere ("Shame" the rule, "Shame" the move): Django merges all catalogues into one
  table, and without a context one translation would silently replace the other.
"""

from __future__ import annotations

from .book import (
    Rule,
    RuleBook,
    RuleLink,
    Section,
    feed_rules,
    rule_link,
    rule_links,
    rulebook_for,
    rulebooks,
    rules_url,
    with_rule_links,
)

__all__ = [
    "Rule",
    "RuleBook",
    "RuleLink",
    "Section",
    "feed_rules",
    "rule_link",
    "rule_links",
    "rulebook_for",
    "rulebooks",
    "rules_url",
    "with_rule_links",
]
