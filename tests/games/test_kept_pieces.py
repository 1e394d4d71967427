"""Pieces of a page kept from one render to the next (`{% kept %}`, games.rendering.
kept_piece; issue 14, the fourteenth pass): a piece is a function of its template, its
values, the language and the time zone, and is kept by exactly these. These tests check
that a kept piece is the very bytes of a render of its own, and that nothing crosses
between renders whose values, language or zone differ (a piece keyed wrongly would show
one seat's secret to another)."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.rendering import _forget_kept, fingerprint, kept_piece

TEAM = "games/boards/resistance-avalon-team.html"


@pytest.fixture(autouse=True)
def _empty() -> Any:
    _forget_kept()
    yield
    _forget_kept()


def team(*names: str, progress: str = "1 of 5 have voted") -> dict[str, Any]:
    return {"team": {"label": "Proposed team", "members": list(names), "progress": progress}}


def test_a_kept_piece_is_its_own_render_and_is_rendered_once(renders: list[str]) -> None:
    values = {**team("Ann", "Bob"), "icons": "/i.svg"}
    first = kept_piece(TEAM, values)
    assert first == render_to_string(TEAM, values)
    assert kept_piece(TEAM, dict(values)) == first  # an equal model: kept
    assert renders == [TEAM]


def test_pieces_of_different_values_never_cross(renders: list[str]) -> None:
    """Two views whose values differ in anything (a name, a count, a value's type) each
    get their own render."""
    ann = kept_piece(TEAM, {**team("Ann"), "icons": "/i.svg"})
    bob = kept_piece(TEAM, {**team("Bob"), "icons": "/i.svg"})
    later = kept_piece(TEAM, {**team("Ann", progress="2 of 5 have voted"), "icons": "/i.svg"})
    assert "Ann" in ann
    assert "Ann" not in bob
    assert "Bob" in bob
    assert "2 of 5" in later
    assert "1 of 5" in ann
    assert len(renders) == 3
    # Escaped text and safe HTML are told apart: "<b>" as text is escaped, as HTML not.
    from django.utils.safestring import mark_safe

    text = kept_piece(TEAM, {**team("<b>x</b>"), "icons": ""})
    html = kept_piece(TEAM, {**team(mark_safe("<b>x</b>")), "icons": ""})
    assert "&lt;b&gt;" in text
    assert "<b>x</b>" in html


def test_a_piece_is_kept_per_language_and_time_zone() -> None:
    values = {**team("Ann"), "icons": "/i.svg"}
    template = "games/boards/resistance-avalon-votes-head.html"
    with translation.override("en"):
        english = kept_piece(template, {"names": ["Ann"]})
    with translation.override("fr"):
        french = kept_piece(template, {"names": ["Ann"]})
        assert french == render_to_string(template, {"names": ["Ann"]})
    assert english != french
    assert "Quest" in english
    assert kept_piece(TEAM, values) == render_to_string(TEAM, values)
    # A date reads in the active zone: the same values in two zones, two renders.
    seat = "clock/panel_seat.html"
    away = {"s": {"name": "Ann", "away_until": dt.datetime(2026, 11, 28, 12, tzinfo=dt.UTC)}}
    shown = {}
    for zone in ("UTC", "Asia/Tokyo"):
        with timezone.override(zoneinfo.ZoneInfo(zone)):
            shown[zone] = kept_piece(seat, away)
            assert shown[zone] == render_to_string(seat, away)
    assert "12:00 UTC" in shown["UTC"]
    assert "21:00 JST" in shown["Asia/Tokyo"]


def test_a_fingerprint_takes_dates_by_value_and_zone() -> None:
    utc = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    paris = dt.datetime(2026, 1, 1, 1, tzinfo=zoneinfo.ZoneInfo("Europe/Paris"))
    assert utc == paris
    assert fingerprint(utc) != fingerprint(paris)
    assert fingerprint(paris) == fingerprint(paris.replace())
    assert fingerprint(utc) != fingerprint(utc.replace(tzinfo=None))
    assert fingerprint({"d": dt.date(2026, 1, 1)}) != fingerprint({"d": "2026-01-01"})


def test_values_a_fingerprint_refuses_render_every_time(renders: list[str]) -> None:
    values = {**team("Ann"), "icons": object()}
    assert kept_piece(TEAM, values) == kept_piece(TEAM, values)
    assert renders == [TEAM, TEAM]


def test_the_store_puts_out_the_least_recently_used_piece_first(
    renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A piece a game reads at every move stays while newer ones come and go: the store,
    full, puts out the piece read longest ago, not the one made first (which turned a busy
    process's store over in seconds, and every game's secrets and rows were made again)."""
    from games import rendering

    monkeypatch.setattr(rendering, "KEPT_MAX", 3)
    pieces = [{**team(name), "icons": ""} for name in ("Ann", "Bob", "Cid", "Dan", "Eve")]
    for values in pieces[:3]:
        kept_piece(TEAM, values)
    kept_piece(TEAM, pieces[0])  # Ann read again: the most recently used
    kept_piece(TEAM, pieces[3])  # full: Bob goes, read longest ago
    assert len(renders) == 4
    kept_piece(TEAM, pieces[0])  # still kept
    assert len(renders) == 4
    kept_piece(TEAM, pieces[1])  # Bob was put out: made again (and Cid goes)
    assert len(renders) == 5
    kept_piece(TEAM, pieces[2])
    assert len(renders) == 6
    assert len(rendering._kept_renders) == 3
    assert rendering._kept_chars[0] == sum(
        rendering._size(key, html) for key, html in rendering._kept_renders.items()
    )
