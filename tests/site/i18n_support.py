"""Reading the translation catalogues and a page's visible words, for the i18n tests.

A catalogue is read from its .po file (the source the team edits), not from the compiled
.mo, which leaves out exactly the entries these tests look for: empty and fuzzy ones.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
# The three French catalogues: the site's, the games' and the How to play pages'.
CATALOGUES = (
    ROOT / "locale/fr/LC_MESSAGES/django.po",
    ROOT / "games/locale/fr/LC_MESSAGES/django.po",
    ROOT / "games/presentation/rules/locale/fr/LC_MESSAGES/django.po",
)


@dataclass(frozen=True)
class Entry:
    msgid: str
    msgstrs: tuple[str, ...]
    fuzzy: bool
    context: str

    @property
    def translated(self) -> bool:
        return not self.fuzzy and all(self.msgstrs)


def _unquote(line: str) -> str:
    # A .po string is a C string in double quotes; Python's literal syntax reads it.
    text = ast.literal_eval(line)
    assert isinstance(text, str)
    return text


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file (the header and obsolete `#~` entries left out)."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    flags = ""
    current = ""

    def close() -> None:
        nonlocal fields, flags
        if fields.get("msgid"):
            strs = tuple(v for k, v in sorted(fields.items()) if k.startswith("msgstr"))
            entries.append(
                Entry(fields["msgid"], strs, "fuzzy" in flags, fields.get("msgctxt", ""))
            )
        fields, flags = {}, ""

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            close()
        elif line.startswith("#,"):
            flags += line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            fields[current] += _unquote(line)
        else:
            keyword, _, rest = line.partition(" ")
            current = keyword
            fields[current] = _unquote(rest)
    close()
    return entries


def _normal(text: str) -> str:
    return " ".join(text.split())


def english_interface_texts(catalogues: tuple[Path, ...] = CATALOGUES) -> set[str]:
    """Whole English interface texts a French page must not show: every msgid of the
    catalogues that is plain text (no placeholder, no markup) and whose French differs."""
    out: set[str] = set()
    french: set[str] = set()
    for path in catalogues:
        if not path.exists():
            continue
        for e in read_po(path):
            french.update(_normal(s) for s in e.msgstrs)
            if re.search(r"%[(sd]|[<>{}]", e.msgid) or not re.search(r"[A-Za-z]{3}", e.msgid):
                continue
            out.add(_normal(e.msgid))
    # A word the same in both languages ("Menu", "Merlin", "Places") is not a leak.
    return out - french


class VisibleText(HTMLParser):
    """The text a reader meets on a page: text nodes outside script, style and template,
    and the attributes a screen reader or a pointer shows (aria-label, title, placeholder,
    alt, value of buttons)."""

    SKIP = frozenset({"script", "style", "template", "noscript", "code", "pre"})
    ATTRIBUTES = frozenset({"aria-label", "title", "placeholder", "alt"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self._skipping += 1
        for name, value in attrs:
            if name in self.ATTRIBUTES and value:
                self.texts.append(_normal(value))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self._skipping:
            self._skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self._skipping and data.strip():
            self.texts.append(_normal(data))


def visible_texts(html: str) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    return parser.texts


def english_on(html: str, english: set[str]) -> list[str]:
    """The texts of `html` that are English interface texts of the catalogues."""
    return sorted({t for t in visible_texts(html) if t in english})


def french_page_leaks(html: str, english: set[str]) -> list[str]:
    """What is wrong with `html` as a French page: not marked French, or showing English
    interface texts (`english`: `english_interface_texts()`). Empty when it is right."""
    # A browser's DOM adds its own attributes to <html> (site.js's classes, the tests' hooks).
    french = re.search(r'<html\b[^>]*\blang="fr"', html)
    leaks = [] if french else ['<html lang="fr"> missing']
    return leaks + english_on(html, english)
