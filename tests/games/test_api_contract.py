"""The API as a third-party client meets it, written from what we publish: every answer of
every operation (successes and refusals) is checked against the OpenAPI schema served at
/api/schema/ (strictly: an answer may carry no field the schema does not name); refusals
have the one error shape with a message for people; statuses are the documented ones;
authentication works by token and by session with its CSRF token; lists page as
documented; a seat's answers never show another seat's secret; and malformed input of any
kind is a 4xx that changes nothing, never a 500."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import User
from games.log import definition_of, load_state
from games.models import Game, Table
from games.services.lobby import lobby_create, table_join
from tests.engine.contract import leaks
from tests.fuzz.checks import assert_api_rejection, game_snapshot, world_snapshot

from .conftest import make_user, open_table, seat_users, started_game

pytestmark = pytest.mark.django_db

MOVE = {"type": "toy.vote", "choice": "up"}


def client_for(user: User) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def _strict(node: Any) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema: `nullable` as a null alternative, and an
    object with named properties closed to any other (an undocumented field fails)."""
    if isinstance(node, list):
        return [_strict(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _strict(v) for k, v in node.items() if k != "properties"}
    if "properties" in node:
        out["properties"] = {k: _strict(v) for k, v in node["properties"].items()}
        out.setdefault("additionalProperties", False)
    if out.pop("nullable", False):
        return {"anyOf": [out, {"type": "null"}]}
    return out


class Contract:
    """The published schema, and the (path, method, status) triples answered so far."""

    def __init__(self) -> None:
        response = APIClient().get("/api/schema/?format=json")
        assert response.status_code == 200
        self.schema = json.loads(response.content)
        self.components = _strict(self.schema["components"])
        self.seen: set[tuple[str, str, int]] = set()

    def check(self, response: Any, template: str, method: str = "get") -> Any:
        """`response` of `method` on `template` (a schema path): a status the operation
        documents, with the documented body; refusals in the one error shape."""
        status = response.status_code
        assert status < 500, (template, status, response.content[:300])
        operation = self.schema["paths"][template][method]
        documented = operation["responses"].get(str(status))
        assert documented is not None, (template, method, status, response.content[:300])
        self.seen.add((template, method, status))
        if status >= 400:
            assert_api_rejection(response)
        content = documented.get("content")
        if content is None:
            assert not response.content, (template, status)
            return None
        body = response.json()
        schema = {**_strict(content["application/json"]["schema"]), "components": self.components}
        try:
            jsonschema.Draft202012Validator(schema).validate(body)
        except jsonschema.ValidationError as exc:
            pytest.fail(f"{method.upper()} {template} {status}: {exc.message} at {list(exc.path)}")
        return body

    def operations(self) -> set[tuple[str, str]]:
        return {
            (path, method)
            for path, item in self.schema["paths"].items()
            for method in item
            if path != "/api/schema/"
        }


@pytest.fixture
def contract() -> Contract:
    return Contract()


@pytest.fixture
def game() -> Game:
    return started_game([make_user() for _ in range(3)])


def waiting_table(players: list[User], **options: Any) -> Table:
    """A table of three seats with `players` at it (the first its host), not started."""
    table = lobby_create(host=players[0], game_slug="toy-secrets", seat_count=3, **options)
    for user in players[1:]:
        table_join(table=table, user=user, invite_code=table.invite_code)
    return table


def post(client: Any, url: str, body: Any = None) -> Any:
    if body is None:
        return client.post(url)
    return client.post(url, json.dumps(body), content_type="application/json")


def test_every_operation_answers_as_the_published_schema_says(contract: Contract) -> None:
    host, second, third, stranger = (make_user() for _ in range(4))
    api = {u.pk: client_for(u) for u in (host, second, third, stranger)}
    c = contract

    c.check(api[host.pk].get("/api/game-types/"), "/api/game-types/")
    c.check(APIClient().get("/api/game-types/"), "/api/game-types/")
    c.check(APIClient().get("/api/games/"), "/api/games/")
    created = c.check(
        post(
            api[host.pk],
            "/api/tables/create/",
            {"game": "toy-secrets", "seat_count": 3, "options": {"rounds": 1}},
        ),
        "/api/tables/create/",
        "post",
    )
    assert created["invite_code"]
    table = created["id"]
    c.check(
        post(api[host.pk], "/api/tables/create/", {"game": "nope"}), "/api/tables/create/", "post"
    )
    c.check(api[second.pk].get("/api/tables/?game=toy-secrets"), "/api/tables/")
    c.check(api[second.pk].get("/api/tables/?players=many"), "/api/tables/")
    c.check(api[second.pk].get(f"/api/tables/{table}/"), "/api/tables/{table_id}/")
    c.check(api[second.pk].get("/api/tables/987654/"), "/api/tables/{table_id}/")

    def on_table(user: User, op: str, body: Any = None) -> Any:
        response = post(api[user.pk], f"/api/tables/{table}/{op}", body)
        return c.check(response, "/api/tables/{table_id}/" + op, "post")

    for user in (second, third, stranger):  # the stranger finds it full
        on_table(user, "join/", {})
    on_table(second, "join/")  # already seated
    on_table(stranger, "leave/")  # not seated
    on_table(host, "leave/")  # the host cannot
    on_table(host, "remove/", {"user_id": third.pk})
    on_table(second, "remove/", {"user_id": host.pk})  # only the host may
    on_table(third, "join/", {})
    on_table(third, "leave/")
    on_table(third, "join/", {})
    on_table(second, "invite/renew/")  # only the host may
    assert on_table(host, "invite/renew/")["invite_code"] != created["invite_code"]
    on_table(second, "start/")  # only the host may
    feed = on_table(host, "start/")
    on_table(host, "start/")  # started already
    game_id = feed["game_id"]

    c.check(api[host.pk].get("/api/games/"), "/api/games/")
    c.check(api[stranger.pk].get("/api/games/watch/"), "/api/games/watch/")
    c.check(api[stranger.pk].get("/api/games/watch/?game=nope"), "/api/games/watch/")
    c.check(api[stranger.pk].get(f"/api/games/{game_id}/"), "/api/games/{game_id}/")
    c.check(api[stranger.pk].get("/api/games/987654/"), "/api/games/{game_id}/")
    c.check(
        api[host.pk].get(f"/api/games/{game_id}/events/?after=0"), "/api/games/{game_id}/events/"
    )
    c.check(
        api[host.pk].get(f"/api/games/{game_id}/events/?after=x"), "/api/games/{game_id}/events/"
    )
    url = f"/api/games/{game_id}/moves/"
    template = "/api/games/{game_id}/moves/"
    seq = feed["seq"]
    c.check(
        post(api[host.pk], url, {"expected_seq": seq, "move": {"type": "toy.nope"}}),
        template,
        "post",
    )
    c.check(
        post(api[host.pk], url, {"expected_seq": seq, "move": {**MOVE, "choice": "left"}}),
        template,
        "post",
    )
    c.check(post(api[stranger.pk], url, {"expected_seq": seq, "move": MOVE}), template, "post")
    c.check(
        post(api[host.pk], url, {"expected_seq": seq, "move": MOVE, "idempotency_key": "k"}),
        template,
        "post",
    )
    c.check(
        post(api[host.pk], url, {"expected_seq": seq, "move": MOVE, "idempotency_key": "k"}),
        template,
        "post",
    )
    c.check(post(api[host.pk], url, {"expected_seq": seq, "move": MOVE}), template, "post")
    c.check(post(APIClient(), url, {"expected_seq": seq, "move": MOVE}), template, "post")

    chat = f"/api/tables/{table}/chat/"
    c.check(
        post(api[host.pk], chat + "post/", {"body": "Bonne chance, ça va ? ⚔"}),
        "/api/tables/{table_id}/chat/post/",
        "post",
    )
    c.check(
        post(api[host.pk], chat + "post/", {"body": "   "}),
        "/api/tables/{table_id}/chat/post/",
        "post",
    )
    said = c.check(api[second.pk].get(chat), "/api/tables/{table_id}/chat/")
    assert [m["body"] for m in said] == ["Bonne chance, ça va ? ⚔"]
    c.check(api[second.pk].get(chat + "?after=zero"), "/api/tables/{table_id}/chat/")

    answered = {(path, method) for path, method, status in c.seen if status < 300}
    assert answered == c.operations(), c.operations() - answered
    refused = {(path, method) for path, method, status in c.seen if status >= 400}
    assert refused == c.operations(), c.operations() - refused


def test_without_credentials_the_api_answers_401_with_the_token_challenge(
    contract: Contract, game: Game
) -> None:
    for client in (APIClient(), APIClient(HTTP_AUTHORIZATION="Token not-a-token")):
        response = client.get(f"/api/games/{game.pk}/")
        contract.check(response, "/api/games/{game_id}/")
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == "Token"
    # A user without a verified email is known but not allowed: 403.
    unverified = User.objects.create_user(username="unverified", password="x")
    response = client_for(unverified).get(f"/api/games/{game.pk}/")
    assert response.status_code == 403
    contract.check(response, "/api/games/{game_id}/")


def test_a_session_works_and_its_posts_need_the_csrf_token(contract: Contract) -> None:
    user = make_user()
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    contract.check(browser.get("/api/games/"), "/api/games/")
    body = json.dumps({"game": "toy-secrets", "seat_count": 3})
    before = Table.objects.count()
    refused = browser.post("/api/tables/create/", body, content_type="application/json")
    assert refused.status_code == 403
    contract.check(refused, "/api/tables/create/", "post")
    assert Table.objects.count() == before
    browser.get("/")  # the pages set the CSRF cookie
    token = browser.cookies["csrftoken"].value
    created = browser.post(
        "/api/tables/create/", body, content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert created.status_code == 201
    contract.check(created, "/api/tables/create/", "post")


def test_lists_page_as_documented(contract: Contract) -> None:
    host = make_user()
    ids = [waiting_table([host]).pk for _ in range(5)]
    client = client_for(make_user())
    first = client.get("/api/tables/?game=toy-secrets&page_size=2")
    assert [t["id"] for t in contract.check(first, "/api/tables/")] == ids[::-1][:2]
    assert first["X-Total-Count"] == "5"
    assert 'rel="next"' in first["Link"]
    assert 'rel="prev"' not in first["Link"]
    last = client.get("/api/tables/?game=toy-secrets&page_size=2&page=3")
    assert [t["id"] for t in contract.check(last, "/api/tables/")] == ids[:1]
    assert 'rel="prev"' in last["Link"]
    assert 'rel="next"' not in last["Link"]
    # Out of range: the nearest page, as the parameters' descriptions say.
    beyond = client.get("/api/tables/?game=toy-secrets&page_size=2&page=99")
    assert [t["id"] for t in contract.check(beyond, "/api/tables/")] == ids[:1]
    everything = client.get("/api/tables/?game=toy-secrets&page_size=100000")
    assert len(contract.check(everything, "/api/tables/")) == 5
    assert "Link" not in everything


@pytest.mark.parametrize("game_filter", ["nope", "%00", "toy-secrets%00", "%F0%9F%97%A1"])
def test_the_watch_list_refuses_an_unknown_game_with_a_400(
    contract: Contract, game: Game, game_filter: str
) -> None:
    # A NUL here reached PostgreSQL and answered 500; an unknown slug listed nothing.
    client = client_for(make_user())
    response = client.get(f"/api/games/watch/?game={game_filter}")
    assert response.status_code == 400
    assert contract.check(response, "/api/games/watch/")["error"]["field"] == "game"
    listed = client.get("/api/games/watch/?game=toy-secrets")
    assert [g["game_id"] for g in contract.check(listed, "/api/games/watch/")] == [game.pk]


@pytest.mark.parametrize("path", ["/api/games/{game}/events/", "/api/tables/{table}/chat/"])
def test_a_bad_after_is_an_invalid_value_not_a_malformed_move(
    contract: Contract, game: Game, path: str
) -> None:
    client = client_for(seat_users(game)[0])
    url = path.format(game=game.pk, table=game.table_id)
    for bad in ("%D9%A3", "%203", "%00", "1e3"):
        refused = client.get(f"{url}?after={bad}")
        assert refused.status_code == 400, bad
    response = client.get(url + "?after=1.5")
    assert response.status_code == 400
    error = contract.check(
        response, path.replace("{game}", "{game_id}").replace("{table}", "{table_id}")
    )
    assert error["error"] == {
        "code": "invalid",
        "message": "after must be a whole number",
        "field": "after",
    }


def test_not_found_speaks_the_callers_language(game: Game) -> None:
    client = client_for(make_user())
    response = client.get("/api/games/987654/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 404
    expected = {"code": "not_found", "message": "Cette partie n\u2019existe pas."}
    assert response.json()["error"] == expected
    # A game that exists at a private table answers a stranger the very same: the 404 does
    # not tell which games exist.
    users = [make_user() for _ in range(5)]
    private = started_game(users, slug="resistance-avalon", visibility=Table.Visibility.PRIVATE)
    hidden = client.get(f"/api/games/{private.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert (hidden.status_code, hidden.json()) == (404, response.json())


def test_a_private_table_is_404_to_a_stranger_on_every_table_operation(
    contract: Contract,
) -> None:
    host, player = make_user(), make_user()
    table = waiting_table([host, player], visibility=Table.Visibility.PRIVATE)
    stranger = client_for(make_user())
    before = world_snapshot()
    for suffix, body in [
        ("", None),
        ("join/", {}),
        ("join/", {"invite_code": "wrong"}),
        ("leave/", None),
        ("remove/", {"user_id": player.pk}),
        ("invite/renew/", None),
        ("start/", None),
        ("chat/", None),
        ("chat/post/", {"body": "hello?"}),
    ]:
        url = f"/api/tables/{table.pk}/{suffix}"
        template = "/api/tables/{table_id}/" + suffix
        if suffix in ("", "chat/"):
            response = stranger.get(url)
            contract.check(response, template)
        else:
            response = post(stranger, url, body)
            contract.check(response, template, "post")
        assert response.status_code == 404, (suffix, response.content)
        assert response.json()["error"]["code"] == "not_found"
    assert world_snapshot() == before
    # With the invite code the table exists and may be joined.
    joined = post(stranger, f"/api/tables/{table.pk}/join/", {"invite_code": table.invite_code})
    assert joined.status_code == 200
    contract.check(joined, "/api/tables/{table_id}/join/", "post")


def test_stale_and_repeated_moves_are_refused_and_change_nothing(
    contract: Contract, game: Game
) -> None:
    seats = seat_users(game)
    me, other = client_for(seats[0]), client_for(seats[1])
    url, template = f"/api/games/{game.pk}/moves/", "/api/games/{game_id}/moves/"
    seq = game.state_seq
    played = post(me, url, {"expected_seq": seq, "move": MOVE})
    assert contract.check(played, template, "post")["seq"] == seq + 1
    after = game_snapshot(game.pk)
    # The same move again (a double click without a key): the seq it names is gone.
    again = post(me, url, {"expected_seq": seq, "move": MOVE})
    assert again.status_code == 409
    error = contract.check(again, template, "post")["error"]
    assert (error["code"], error["current_seq"]) == ("stale_seq", seq + 1)
    # At the right seq, but this seat has voted: not its turn.
    twice = post(me, url, {"expected_seq": seq + 1, "move": MOVE})
    assert twice.status_code == 409
    assert contract.check(twice, template, "post")["error"]["code"] == "not_your_turn"
    # Another seat still on the old seq: stale, whatever it plays.
    stale = post(other, url, {"expected_seq": seq, "move": MOVE})
    assert stale.status_code == 409
    contract.check(stale, template, "post")
    assert game_snapshot(game.pk) == after
    # With an idempotency key: the repeat answers as the first, applied once; the key
    # reused for another move is a 422.
    keyed = {"expected_seq": seq + 1, "move": MOVE, "idempotency_key": "vote-1"}
    first = contract.check(post(other, url, keyed), template, "post")
    after = game_snapshot(game.pk)
    repeat = contract.check(post(other, url, keyed), template, "post")
    assert (repeat["seq"], repeat["applied_events"]) == (first["seq"], first["applied_events"])
    other_move = {**keyed, "move": {**MOVE, "choice": "down"}}
    reused = post(other, url, other_move)
    assert reused.status_code == 422
    assert contract.check(reused, template, "post")["error"]["code"] == "idempotency_key_reused"
    assert game_snapshot(game.pk) == after


def test_no_api_answer_shows_a_seat_another_seats_secret(contract: Contract) -> None:
    users = [make_user() for _ in range(3)]
    table = open_table(users, options={"rounds": 2})
    clients = {u.pk: client_for(u) for u in users}
    spectator = client_for(make_user())
    started = post(clients[users[0].pk], f"/api/tables/{table.pk}/start/")
    game = Game.objects.get(
        pk=contract.check(started, "/api/tables/{table_id}/start/", "post")["game_id"]
    )
    seats = {seat: clients[user.pk] for seat, user in seat_users(game).items()}
    definition = definition_of(game)
    checked = 0

    def answers(client: APIClient) -> Iterator[tuple[str, Any]]:
        yield "feed", client.get(f"/api/games/{game.pk}/").json()
        yield "events", client.get(f"/api/games/{game.pk}/events/").json()
        yield "games", client.get("/api/games/").json()
        yield "watch", client.get("/api/games/watch/").json()
        yield "table", client.get(f"/api/tables/{table.pk}/").json()

    def check(viewer: int | None, where: str, payload: Any) -> None:
        nonlocal checked
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            return  # everything is revealed at the end
        found = leaks(payload, viewer, definition.secrets(load_state(game, definition)))
        assert not found, f"{where} for seat {viewer} shows {[s.fragment for s in found]}"
        checked += 1

    host_seat = next(s for s, u in seat_users(game).items() if u == users[0])
    check(host_seat, "start", started.json())
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            break
        for viewer, client in [*seats.items(), (None, spectator)]:
            for where, payload in answers(client):
                check(viewer, where, payload)
        feed = seats[0].get(f"/api/games/{game.pk}/").json()
        mover = next(s for s in sorted(seats) if s in feed["pending_seats"])
        own = seats[mover].get(f"/api/games/{game.pk}/").json()
        played = post(
            seats[mover],
            f"/api/games/{game.pk}/moves/",
            {"expected_seq": own["seq"], "move": own["legal_moves"][0]},
        )
        check(mover, "move", contract.check(played, "/api/games/{game_id}/moves/", "post"))
    assert checked > 30


def _malformed_bodies() -> list[Any]:
    return [
        [],
        "text",
        17,
        None,
        {},
        {"unexpected": True},
        {"expected_seq": "soon", "move": MOVE},
        {"expected_seq": -1, "move": MOVE},
        {"expected_seq": 10**40, "move": MOVE},
        {"expected_seq": 3.5, "move": MOVE},
        {"expected_seq": None, "move": MOVE},
        {"expected_seq": 3, "move": None},
        {"expected_seq": 3, "move": {"type": "toy.teleport"}},
        {"expected_seq": 3, "move": {"type": "\u0000"}},
        {"expected_seq": 3, "move": {"type": "toy.vote"}},
        {"expected_seq": 3, "move": {**MOVE, "choice": "\ud800"}},
        {"expected_seq": 3, "move": {**MOVE, "extra": "field"}},
        {"expected_seq": 3, "move": MOVE, "idempotency_key": "x" * 81},
        {"expected_seq": 3, "move": MOVE, "idempotency_key": "\u0000"},
        {"expected_seq": 3, "move": MOVE, "idempotency_key": ["k"]},
        {"body": "x" * 5000},
        {"body": "\ud83d"},
        {"body": "\u0000"},
        {"body": {"nested": ["deep"]}},
        {"game": "toy-secrets", "seat_count": "three"},
        {"game": "toy-secrets", "seat_count": 3, "options": {"rounds": "many"}},
        {"game": "toy-secrets", "seat_count": 3, "options": {"rounds": 10**40}},
        {"game": "toy-secrets", "seat_count": 3, "options": {"colour": "red"}},
        {"game": "toy-secrets", "seat_count": 3, "options": "none"},
        {"game": "toy-secrets", "seat_count": 3, "time_per_move": 1},
        {"game": "toy-secrets", "seat_count": 3, "bots": 3},
        {"game": "toy-secrets", "seat_count": 3, "title": "t" * 81},
        {"game": "\u00e9\u00e9", "seat_count": 3},
        {"game": ["toy-secrets"], "seat_count": 3},
        {"user_id": "me"},
        {"user_id": 10**40},
        {"user_id": -1},
        {"invite_code": 42},
        {"invite_code": "c" * 33},
    ]


def test_malformed_input_is_a_documented_4xx_and_changes_nothing(
    contract: Contract, game: Game
) -> None:
    host = seat_users(game)[0]
    me = client_for(host)
    waiting = waiting_table([make_user(), make_user()])
    joiner = client_for(make_user())
    targets = [
        (me, f"/api/games/{game.pk}/moves/", "/api/games/{game_id}/moves/"),
        (me, f"/api/tables/{game.table_id}/chat/post/", "/api/tables/{table_id}/chat/post/"),
        (me, "/api/tables/create/", "/api/tables/create/"),
        (joiner, f"/api/tables/{waiting.pk}/join/", "/api/tables/{table_id}/join/"),
        (joiner, f"/api/tables/{waiting.pk}/remove/", "/api/tables/{table_id}/remove/"),
        (joiner, f"/api/tables/{waiting.pk}/start/", "/api/tables/{table_id}/start/"),
    ]
    for body in _malformed_bodies():
        for client, url, template in targets:
            before = world_snapshot()
            response = client.post(url, json.dumps(body), content_type="application/json")
            if response.status_code < 300:  # a join that ignores the body: undo it
                assert url.endswith("/join/"), (url, body, response.content)
                assert post(client, f"/api/tables/{waiting.pk}/leave/").status_code == 204
                continue
            contract.check(response, template, "post")
            assert world_snapshot() == before, (url, body)
    for raw in [b"{", b'{"expected_seq": 1,}', b"[" * 5000 + b"]" * 5000, b"\xff\xfe"]:
        response = me.post(f"/api/games/{game.pk}/moves/", raw, content_type="application/json")
        assert response.status_code == 400, raw[:20]
        contract.check(response, "/api/games/{game_id}/moves/", "post")
    response = me.post(
        f"/api/games/{game.pk}/moves/", "x" * 3_000_000, content_type="application/json"
    )
    assert response.status_code == 413
    contract.check(response, "/api/games/{game_id}/moves/", "post")
    response = me.post(f"/api/games/{game.pk}/moves/", "<move/>", content_type="text/xml")
    assert response.status_code == 415
    contract.check(response, "/api/games/{game_id}/moves/", "post")


@pytest.mark.usefixtures("one_rate_window")
def test_chat_flood_control_answers_429_with_retry_after(contract: Contract, settings: Any) -> None:
    settings.CHAT_RATE = "2/30s"
    me = make_user()
    table = waiting_table([me])
    client = client_for(me)
    url, template = f"/api/tables/{table.pk}/chat/post/", "/api/tables/{table_id}/chat/post/"
    for n in range(2):
        contract.check(post(client, url, {"body": f"line {n}"}), template, "post")
    refused = post(client, url, {"body": "one more"})
    assert refused.status_code == 429
    assert contract.check(refused, template, "post")["error"]["code"] == "rate_limited"
    assert 1 <= int(refused["Retry-After"]) <= 30  # as the API throttle's own 429 says it


def test_a_post_without_the_trailing_slash_is_a_404_naming_the_path(
    game: Game, settings: Any
) -> None:
    # Redirected, the POST lost its body (the client repeated it as a GET: 405); with
    # DEBUG on (the embedded default) Django raised instead: a 500.
    me = client_for(seat_users(game)[0])
    before = game_snapshot(game.pk)
    response = post(me, f"/api/games/{game.pk}/moves", {"expected_seq": 3, "move": MOVE})
    assert response.status_code == 404
    error = assert_api_rejection(response)
    assert error["message"] == f"API paths end with a slash: /api/games/{game.pk}/moves/"
    settings.DEBUG = True  # Django's own 404 page then, but no longer a 500
    response = post(me, f"/api/games/{game.pk}/moves", {"expected_seq": 3, "move": MOVE})
    assert response.status_code == 404
    settings.DEBUG = False
    assert game_snapshot(game.pk) == before
    # A read is still redirected to its slash, as the pages are.
    assert me.get(f"/api/games/{game.pk}")["Location"] == f"/api/games/{game.pk}/"


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        (
            "/api/tables/create/",
            {"game": "toy-secrets", "seat_count": 3, "visiblity": "private"},
            "visiblity",
        ),
        (
            "/api/games/{game}/moves/",
            {"expected_seq": 3, "move": MOVE, "idempotencykey": "k"},
            "idempotencykey",
        ),
        (
            "/api/games/{game}/moves/",
            {"expected_seq": 3, "move": {**MOVE, "choise": "down"}},
            "move.choise",
        ),
        ("/api/tables/{table}/chat/post/", {"body": "hi", "channel": "spectators"}, "channel"),
    ],
)
def test_a_field_the_operation_does_not_name_is_refused_with_its_name(
    game: Game, url: str, body: dict[str, Any], field: str
) -> None:
    # It was dropped: a misspelt "visibility" opened a public table, a misspelt move field
    # was played as its default.
    me = client_for(seat_users(game)[0])
    before = world_snapshot()
    response = post(me, url.format(game=game.pk, table=game.table_id), body)
    assert response.status_code == 400
    assert assert_api_rejection(response)["field"] == field
    assert world_snapshot() == before


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
@pytest.mark.parametrize("query", ["", "?format=json"])
def test_the_schema_refuses_other_methods_in_the_one_error_shape(method: str, query: str) -> None:
    """The schema's own view answered a POST with DRF's refusal in YAML ("detail: ..."), the
    one API answer a client could not read as every other refusal."""
    response = getattr(APIClient(), method)(f"/api/schema/{query}")
    assert response.status_code == 405
    assert response["Content-Type"] == "application/json"
    assert assert_api_rejection(response)["code"] == "method_not_allowed"
    assert APIClient().get(f"/api/schema/{query}").status_code == 200  # GET as before
