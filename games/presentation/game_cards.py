"""The game cards of the home page and of "Open a table": each game's name, how many play,
one line on what it is and its How to play page, in the order the site lists its games."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from games.engine.core import all_games

from .rules import rulebooks, rules_url


@dataclass(frozen=True)
class GameCard:
    slug: str
    name: str
    players: str
    blurb: str
    rules_url: str  # "" for a game without a How to play page (the tests' toy game)


def players_text(low: int, high: int) -> str:
    """ "2 players", "3 to 6 players"."""
    if low == high:
        return ngettext("%(n)d player", "%(n)d players", low) % {"n": low}
    return ngettext("%(low)d to %(high)d player", "%(low)d to %(high)d players", high) % {
        "low": low,
        "high": high,
    }


def game_cards() -> list[GameCard]:
    """Every game the engine has, in the reader's language: the site's games in the
    catalogue's order, then any other (by name)."""
    books = rulebooks()
    place = {slug: i for i, slug in enumerate(books)}
    cards = []
    for g in sorted(all_games(), key=lambda g: (place.get(g.slug, len(place)), g.name)):
        book = books.get(g.slug)
        cards.append(
            GameCard(
                slug=g.slug,
                name=gettext(g.name),
                players=players_text(g.min_players, g.max_players),
                blurb=str(book.blurb) if book else "",
                rules_url=rules_url(g.slug) if book else "",
            )
        )
    return cards
