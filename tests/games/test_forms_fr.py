"""Every string a player reads about their moves is marked for translation (issue 12): seeded
bot games of every game and contract configuration, and at their decision points, for every
seat that may act, the game page's phase line, actions panel (the presenter's forms: titles,
help, buttons, field labels and choices, a game's own form templates and their extra
labels, confirm texts, the banner's prompt), board and secret panels (Colovini's and the
jousting's boards hold forms and prompts too) rendered in English and in French. A text the
reader sees (a text node, or an aria-label, title, placeholder or alt) that reads the same
in both languages is English shown to a French reader, unless it is only names, numbers,
symbols and words the French catalogues translate by themselves; so are words a translated
text begins or ends with alike in both that no French text of the catalogues uses ("Accept"
of "Accept #3: ..." and "Accept #3 : ...").

No database: the feeds are built from the engine as games.selectors builds them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from gettext import GNUTranslations
from html.parser import HTMLParser
from pathlib import Path
from random import Random
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from games.engine.core import acting_seats, all_games, apply, get_game, rng_for, start, to_json
from games.presentation.forms import MAX_BUTTONS
from games.presentation.tournament.cards import RANKS
from games.rendering import game_context

# The site's games (tests register toy games of their own).
SLUGS = [g.slug for g in all_games() if type(g).__module__.startswith("games.engine.games.")]
SEEDS = ("forms-one", "forms-two")
# A decision point is rendered only the first times its kind comes up in a configuration
# (the move types on offer, how many of each as buttons or as a composed form, whether the
# table waits for the reader, the phase): enough to reach every form, bounded by count.
RENDERS_PER_KIND = 2
PARTIALS = ("phase", "actions", "board", "secret")
NAMES = ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]
# The French catalogues of the project: a msgid whose msgstr is the same text is a word the
# translator kept (Merlin, Tintagel, Joker, Lance, Sceptre, "options"), not a forgotten one.
CATALOGUES = (
    "locale/fr/LC_MESSAGES/django.mo",
    "games/locale/fr/LC_MESSAGES/django.mo",
    "games/presentation/rules/locale/fr/LC_MESSAGES/django.mo",
)
# Allowed besides: the short marks in a Tournament card's corner for the cards without a
# printed value ("M", "MF", "MA"): symbols on the card, like its value.
SYMBOLS = frozenset(RANKS.values())
# Attributes a reader is given (read aloud, shown on hover or in an empty field).
SPOKEN = frozenset({"aria-label", "title", "placeholder", "alt"})
WORD = re.compile(r"[^\W\d_]{2,}")  # a word: two letters or more


def _catalogues() -> Iterator[tuple[str, str]]:
    """(msgid, msgstr) of the project's French catalogues."""
    for path in CATALOGUES:
        with (Path(settings.BASE_DIR) / path).open("rb") as mo:
            catalogue: dict[Any, Any] = GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
        for key, value in catalogue.items():
            if isinstance(key, str) and isinstance(value, str):
                yield re.sub(r"%\(\w+\)[sd]", "", key.split("\x04")[-1]), value


@cache
def kept_words() -> frozenset[str]:
    """The words of the texts the French catalogues translate by themselves (lowercase),
    and the seat names."""
    kept = {name.lower() for name in NAMES}
    for msgid, msgstr in _catalogues():
        if msgid == re.sub(r"%\(\w+\)[sd]", "", msgstr):
            kept.update(WORD.findall(msgid.lower()))
    return frozenset(kept)


@cache
def french_words() -> frozenset[str]:
    """Every word the French catalogues use (lowercase)."""
    return frozenset(w.lower() for _, msgstr in _catalogues() for w in WORD.findall(msgstr))


def in_english(text: str) -> bool:
    """Whether `text` (read alike in both languages) has words of its own: more than
    names, numbers, symbols and words French keeps."""
    if text in SYMBOLS:
        return False
    return any(word.lower() not in kept_words() for word in WORD.findall(text))


def same_ends(english: str, french: str) -> str:
    """The words two different texts begin and end with alike ("Accept" of "Accept Ann's
    offer" and "Accept l'offre de Ann"): English left in a sentence translated around it."""
    if english == french:
        return ""
    a, b = english.split(), french.split()
    shorter = min(len(a), len(b))
    head = next((i for i in range(shorter) if a[i] != b[i]), shorter)
    tail = next((i for i in range(shorter - head) if a[-1 - i] != b[-1 - i]), shorter - head)
    return " ".join(a[:head] + a[len(a) - tail :])


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [" ".join(v.split()) for k, v in attrs if k in SPOKEN and v]

    def handle_data(self, data: str) -> None:
        if text := " ".join(data.split()):
            self.found.append(text)


def shown(feed: dict[str, Any]) -> list[str]:
    """What the reader of `feed` reads of the page's partials (PARTIALS) but the log."""
    context = game_context(feed, csrf_token="token")
    parser = _Texts()
    for name in PARTIALS:
        parser.feed(render_to_string(f"games/partials/{name}.html", context))
    return parser.found


def _feed(game: Any, state: Any, seat: int, players: int, seq: int) -> dict[str, Any]:
    """`seat`'s feed, as games.selectors.game_view_for_seat builds it."""
    acting = seat in acting_seats(game, state)
    return {
        "game_id": 1,
        "table_id": 1,
        "game": game.slug,
        "game_name": game.name,
        "seq": seq,
        "status": "playing",
        "pending_seats": sorted(game.pending_seats(state)),
        "my_seat": seat,
        "view": game.view(state, seat),
        "legal_moves": [to_json(m) for m in game.legal_moves(state, seat)] if acting else [],
        "outcome": None,
        "players": [
            {"seat": s, "name": NAMES[s], "user_id": s + 1, "is_bot": False, "online": True}
            for s in range(players)
        ],
    }


def _kind(feed: dict[str, Any]) -> tuple[Any, ...]:
    types = Counter(str(m["type"]) for m in feed["legal_moves"])
    return (
        tuple(sorted((t, n > MAX_BUTTONS) for t, n in types.items())),
        feed["my_seat"] in feed["pending_seats"],
        str((feed["view"] or {}).get("phase")),
    )


def decision_feeds(slug: str, index: int) -> Iterator[dict[str, Any]]:
    """Feeds of the seats that may act, at the decision points of seeded bot games of the
    configuration, each kind of decision the first RENDERS_PER_KIND times."""
    game = get_game(slug)
    config, players = list(game.contract_configs())[index]
    seen: Counter[tuple[Any, ...]] = Counter()
    for seed in SEEDS:
        label = f"forms-fr:{slug}:{index}:{seed}"
        events, state = start(game, config, players, rng_for(label, 0))
        seq = len(events)
        while game.outcome(state) is None:
            for seat in range(players):
                feed = _feed(game, state, seat, players, seq)
                if feed["legal_moves"] and seen[_kind(feed)] < RENDERS_PER_KIND:
                    seen[_kind(feed)] += 1
                    yield feed
            seat = min(game.pending_seats(state))
            legal = game.legal_moves(state, seat)
            move = game.bot_move(game.view(state, seat), legal, Random(f"{label}:{seq}"))
            new, state = apply(game, state, seat, move, rng_for(label, seq))
            seq += len(new)


def _cases() -> list[Any]:
    return [
        pytest.param(slug, index, id=f"{slug}-{index}-p{players}")
        for slug in SLUGS
        for index, (_config, players) in enumerate(get_game(slug).contract_configs())
    ]


@pytest.mark.parametrize(("slug", "index"), _cases())
def test_what_the_page_says_about_moves_reads_in_french(slug: str, index: int) -> None:
    untranslated: dict[str, str] = {}
    feeds = 0
    for feed in decision_feeds(slug, index):
        feeds += 1
        with translation.override("fr"):
            ordered = shown(feed)
            french = set(ordered)
        with translation.override("en"):
            english = shown(feed)
        where = f"seat {feed['my_seat']} at move {feed['seq']}"
        for text in english:
            if text in french and in_english(text):
                untranslated.setdefault(text, where)
        if len(english) == len(ordered):
            for text, french_text in zip(english, ordered, strict=True):
                alike = WORD.findall(same_ends(text, french_text).lower())
                if set(alike) - french_words() - kept_words():
                    untranslated.setdefault(text, f"{where}, in French {french_text!r}")
    assert feeds > 3
    listed = "".join(f"\n  {text!r} ({where})" for text, where in sorted(untranslated.items()))
    assert not untranslated, f"English shown to a French reader:{listed}"


def test_the_check_finds_english_and_lets_names_numbers_and_kept_words_be() -> None:
    assert in_english("Make an offer")
    assert in_english("1 · Castle in the forest")
    assert in_english("armour-6")
    assert not in_english("Ann, Bo")
    assert not in_english("12 · 3/5")
    assert not in_english("Lance 7")
    assert not in_english("11 · Avalon")
    assert not in_english("MF")
    assert same_ends("Accept Ann's offer", "Accepter l'offre de Ann") == ""
    assert same_ends("Accept the offer of Ann", "Accept l'offre de Ann") == "Accept Ann"
    assert same_ends("Bo attacks at region 7", "Bo attacks at la région 7") == "Bo attacks at 7"
