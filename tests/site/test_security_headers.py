"""Every kind of page sends the Content-Security-Policy and the other browser security
headers, and its HTML needs nothing the policy forbids: no inline <script>, no on*= event
handler, no style attribute or <style> element, no hx-on (htmx would need eval).

The browser tests check the same pages live (tests/browser.py fails on any violation);
this one is the fast guard that runs with every change.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client

from accounts.models import User
from games.consumers import TableConsumer
from games.services.lobby import lobby_create, table_join
from tests.games.conftest import make_user, play_pending_once, started_game

pytestmark = pytest.mark.django_db

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
# Script types a browser runs; others (application/json data blocks) are inert.
EXECUTABLE_TYPES = {"", "text/javascript", "application/javascript", "module"}
# Tournament tables as tests/games/test_tournament_pages.py deals them.
CAMELOT = {"health": 300, "characters": ["king-arthur", "guinevere", "sir-kay"]}
AVALON = {"health": 300, "characters": ["sir-percival", "merlin", "sir-bors"]}


class ForbiddenMarkup(HTMLParser):
    """Collects what the policy would block: inline scripts, handlers, inline styles."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self._inline_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script":
            kind = (a.get("type") or "").strip().lower()
            self._inline_script = "src" not in a and kind in EXECUTABLE_TYPES
        if tag == "style":
            self.problems.append("<style> element")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}={value!r}>")
            elif name == "style":
                self.problems.append(f"<{tag} style={value!r}>")
            elif name.startswith("hx-on"):
                self.problems.append(f"<{tag} {name}> (htmx evaluates it)")
            elif name in ("href", "src", "action") and (value or "").startswith("javascript:"):
                self.problems.append(f"<{tag} {name}={value!r}>")

    def handle_data(self, data: str) -> None:
        if self._inline_script and data.strip():
            self.problems.append(f"inline <script>: {data.strip()[:80]!r}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._inline_script = False


def forbidden_markup(html: str) -> list[str]:
    parser = ForbiddenMarkup()
    parser.feed(html)
    parser.close()
    return parser.problems


def directives(header: str) -> dict[str, str]:
    parts = (p.strip().split(None, 1) for p in header.split(";") if p.strip())
    return {p[0]: (p[1] if len(p) > 1 else "") for p in parts}


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def page_kinds() -> list[tuple[str, User | None, str]]:
    """(name, viewer, path) of one page of each kind, with the data each needs."""
    players = [make_user() for _ in range(5)]
    host = players[0]
    admin = User.objects.create_superuser("keeper", "keeper@example.com", "pw-Excalibur-42")
    # A table waiting for players: two of five seats taken (the lobby draws the seat bar).
    waiting = lobby_create(host=host, game_slug="resistance-avalon", seat_count=5, options={})
    table_join(table=waiting, user=players[1], invite_code=waiting.invite_code)
    games = {
        slug: started_game(players[:count], slug, options=options)
        for slug, count, options in (
            ("resistance-avalon", 5, {}),
            ("tournament-camelot", 3, CAMELOT),
            ("tournament-avalon", 3, AVALON),
            ("colovini-avalon", 2, {}),
            ("jousting-avalon", 3, {}),
        )
    }
    finished = started_game(players, "resistance-avalon")
    for _ in range(500):  # the replay opens when the game is over
        if not play_pending_once(finished):
            break
    kinds: list[tuple[str, User | None, str]] = [
        ("home", None, "/"),
        ("login", None, "/accounts/login/"),
        ("signup", None, "/accounts/signup/"),
        ("lobby", host, "/lobby/"),
        ("create table", host, "/tables/new/?game=resistance-avalon"),
        ("table", host, f"/tables/{waiting.pk}/"),
        ("replay", host, f"/games/{finished.pk}/replay/?as=all&step=12"),
        ("profile", host, "/accounts/profile/"),
        ("admin changelist", admin, "/admin/games/game/"),
        ("admin game replay", admin, f"/admin/games/game/{games['jousting-avalon'].pk}/replay/"),
        ("api docs", host, "/api/docs/"),
    ]
    kinds += [(f"game {slug}", host, f"/games/{g.pk}/") for slug, g in games.items()]
    return kinds


def test_every_page_kind_sends_the_policy_and_needs_nothing_it_forbids() -> None:
    failures: dict[str, list[str]] = {}
    for name, viewer, path in page_kinds():
        response = client_for(viewer).get(path)
        assert response.status_code == 200, (name, path, response.status_code)
        policy = directives(response.headers.get("Content-Security-Policy", ""))
        for directive, sources in POLICY.items():
            assert policy.get(directive) == sources, (name, directive, policy)
        assert response.headers["Referrer-Policy"] == "same-origin", name
        assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin", name
        assert "camera=()" in response.headers["Permissions-Policy"], name
        assert response.headers["X-Content-Type-Options"] == "nosniff", name
        problems = forbidden_markup(response.content.decode())
        if problems:
            failures[f"{name} {path}"] = problems
    assert failures == {}


def test_the_api_docs_load_swagger_ui_from_this_site() -> None:
    client = client_for(make_user())
    page = client.get("/api/docs/").content.decode()
    assert "cdn." not in page
    assert "https://" not in page
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    script = client.get("/api/docs/?script=")  # the start-up script, served, not inline
    assert script.status_code == 200
    assert script.headers["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle(" in script.content.decode()


def test_the_checker_finds_what_the_policy_forbids() -> None:
    """The page test above is only as good as this parser."""
    assert (
        forbidden_markup(
            '<script src="/static/x.js"></script><script type="application/json">{}</script>'
            '<p class="a" data-redirect-to="/games/1/">ok</p>'
        )
        == []
    )
    assert len(forbidden_markup("<script>alert(1)</script>")) == 1
    assert len(forbidden_markup('<button onclick="go()">x</button>')) == 1
    assert len(forbidden_markup('<span style="width: 3%"></span>')) == 1
    assert len(forbidden_markup("<style>p{}</style>")) == 1
    assert len(forbidden_markup('<form hx-on::after-request="x()"></form>')) == 1
    assert len(forbidden_markup('<a href="javascript:go()">x</a>')) == 1


async def test_the_table_socket_sends_players_on_without_inline_script() -> None:
    """When the game starts the table page is told where to go in a data attribute that
    static/js/site.js follows; an inline <script> would be blocked by the policy."""
    sent: list[str] = []
    consumer = TableConsumer()
    consumer.table_id = 7
    consumer.audience = "visitors"
    consumer._audience = lambda: "visitors"  # type: ignore[method-assign]  # no table row here

    async def send(text_data: str) -> None:
        sent.append(text_data)

    consumer.send = send
    await consumer.table_changed({"type": "table.changed", "game_id": 42})
    [html] = sent
    assert forbidden_markup(html) == []
    assert 'data-redirect-to="/games/42/"' in html
    assert 'href="/games/42/"' in html  # a link for a browser without JavaScript
