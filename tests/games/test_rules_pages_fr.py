"""The How to play pages in French (issue 12): every word of the rules is marked and lives in
the pages' own catalogue (games/presentation/rules/locale), translated and not fuzzy; each
game's page in French shows the French of every heading, paragraph and table word and none
of the English; and the rule anchors do not move with the language, so the rule links of
the game pages and of refused moves (API and pages) land on the same rule in either."""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation
from django.utils.functional import Promise

from games.engine.core import IllegalMove
from games.presentation.rules import RuleBook, rule_link, rulebooks
from games.presentation.rules.book import Text
from games.services.errors import domain_error

from .test_rules_pages import RULE_SECTION, visible_text

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "games" / "presentation" / "rules" / "locale" / "fr" / "LC_MESSAGES"
# A table cell may stay unmarked only when it holds no words: numbers and course pairings.
WORDLESS = re.compile(r"[0-9A-F–, ]*")
# The one rule title that French writes as English does.
SAME_IN_FRENCH = {"Merlin"}


def po_entries(path: Path) -> list[tuple[str, str, str, bool]]:
    """(msgctxt, msgid, msgstr, fuzzy) of each entry of a .po file, header aside."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        key = ""
        fuzzy = False
        for line in block.splitlines():
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith(("msgctxt ", "msgid ", "msgstr ")):
                key, _, literal = line.partition(" ")
                fields[key] = ast.literal_eval(literal)
            elif line.startswith('"'):
                fields[key] += ast.literal_eval(line)
        if fields.get("msgid"):
            entries.append(
                (fields.get("msgctxt", ""), fields["msgid"], fields.get("msgstr", ""), fuzzy)
            )
    return entries


def marked(book: RuleBook) -> Iterator[Text]:
    """Every string of a How to play page that a player reads, all of them marked."""
    yield book.name
    yield from book.intro
    for section in book.sections:
        yield section.title
        if section.intro:
            yield section.intro
        for rule in section.rules:
            yield rule.title
            yield from rule.paragraphs
            for row in rule.table:
                for cell in row:
                    if isinstance(cell, Promise) or not WORDLESS.fullmatch(cell):
                        yield cell


def french_client() -> Client:
    return Client(headers={"accept-language": "fr"})


def french_page(slug: str) -> str:
    # The request asks for French as a browser does; `override` keeps the check meaningful
    # under any language middleware, since the view renders in the thread's language.
    with translation.override("fr"):
        page = french_client().get(f"/rules/{slug}/")
    assert page.status_code == 200
    return page.content.decode()


def test_every_rules_string_is_marked_and_translated_in_the_rules_catalogue() -> None:
    """The catalogue holds exactly the pages' strings (makemessages was run after the last
    change), each with a French msgstr that is not fuzzy, and each rule in the "how to
    play" context (so no other catalogue's msgid replaces it, nor it theirs). A game's name
    and one-line blurb (catalogue.py) are the site's words for the game, which every page
    translates from the engine's name: they have no context, and no other catalogue has
    them."""
    entries = po_entries(CATALOGUE / "django.po")
    assert entries, "the How to play catalogue is empty"
    missing = [msgid for _, msgid, msgstr, _ in entries if not msgstr]
    fuzzy = [msgid for _, msgid, _, is_fuzzy in entries if is_fuzzy]
    with translation.override("en"):
        shared = {str(t) for book in rulebooks().values() for t in (book.name, book.blurb)}
    no_context = [m for context, m, _, _ in entries if context != "how to play" and m not in shared]
    assert all(context == "" for context, m, _, _ in entries if m in shared)
    assert missing == [], f"untranslated: {missing[:5]}"
    assert fuzzy == [], f"fuzzy: {fuzzy[:5]}"
    assert no_context == [], f"not in the how to play context: {no_context[:5]}"
    used = set()
    with translation.override("en"):
        for book in rulebooks().values():
            for text in (book.blurb, *marked(book)):
                assert isinstance(text, Promise), f"{book.slug}: {text!r} is not marked"
                used.add(str(text))
    in_catalogue = {msgid for _, msgid, _, _ in entries}
    assert used - in_catalogue == set(), "run scripts/makemessages: strings not in the catalogue"
    assert in_catalogue - used == set(), "strings the pages no longer use"


@pytest.mark.django_db
@pytest.mark.parametrize("slug", sorted(rulebooks()))
def test_the_rules_page_in_french_shows_french_words_at_the_same_anchors(slug: str) -> None:
    book = rulebooks()[slug]
    english = Client(headers={"accept-language": "en"}).get(f"/rules/{slug}/").content.decode()
    page = french_page(slug)
    assert RULE_SECTION.findall(page) == RULE_SECTION.findall(english)
    with translation.override("en"):
        english_texts = [str(text) for text in marked(book)]
    with translation.override("fr"):
        french_texts = [str(text) for text in marked(book)]
        same = [e for e, f in zip(english_texts, french_texts, strict=True) if e == f]
        assert set(same) <= SAME_IN_FRENCH, f"{slug}: shown in English: {same[:5]}"
        for section in book.sections:
            assert f">{html.escape(str(section.title))}</h2>" in page, str(section.title)
            for rule in section.rules:
                heading = f'href="#{rule.id}">{html.escape(str(rule.title))}</a></h3>'
                assert heading in page, (rule.id, str(rule.title))
        assert f"<h1>{html.escape(str(book.name))}</h1>" in page
    for text in french_texts:
        assert html.escape(text) in page, text
    # The rules themselves, without the footer's names of the other games ("The Resistance").
    rules = page.partition('<article class="rulebook">')[2].partition("<footer")[0]
    words = re.sub(r"\s+", " ", html.unescape(visible_text(rules)))
    # What only English says (not names, such as "Merlin" or "Avalon"): none of it shows.
    leftovers = [
        text
        for text in set(english_texts) - set(french_texts)
        if len(text) > 3 and re.search(rf"(?<![\w-]){re.escape(text)}(?![\w-])", words)
    ]
    assert leftovers == [], f"English on the French page of {slug}: {leftovers[:5]}"


@pytest.mark.django_db
def test_a_rule_link_in_french_keeps_its_anchor_and_says_the_rule_in_french() -> None:
    """The page's rule links and a refused move's rule point at the same anchor in both
    languages, and the French page holds that anchor under the French title."""
    english = rule_link("resistance-avalon", "RA-16")
    with translation.override("fr"):
        french = rule_link("resistance-avalon", "RA-16")
        refused = IllegalMove("Loyal servants of Arthur can only play Success.", rule="RA-16")
        refused.game = "resistance-avalon"
        mapped = domain_error(refused)
    assert (french.id, french.url) == (english.id, english.url)
    assert (english.title, french.title) == ("The quest", "La quête")
    assert mapped is not None
    assert mapped[1]["error"]["rule"] == {"id": "RA-16", "url": french.url}
    page = french_page("resistance-avalon")
    assert 'id="RA-16"' in page
    assert f'href="#RA-16">{french.title}</a>' in page
