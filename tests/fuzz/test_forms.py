"""R5 fuzz of the page forms: every POST view of the site (grep urls.py: games, accounts,
clock, moderation).

Bodies are form-encoded by hand, so they may carry what browsers also can: invalid UTF-8,
NUL, repeated and unknown fields, values of any length. The move form gets both of its
shapes (a JSON `move`, or `move_type` with c_/r_/l_ fields) built from the game's legal
moves with a part made wrong; plain and htmx requests alike.

Properties: never a 5xx (DEBUG on and off); a refusal (a 4xx, an error message queued for
the next page, a form shown again with errors, the htmx partial's action error) changes no
row (world_snapshot).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.messages import constants
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from accounts.forms import ProfileForm
from clock.models import Vacation
from clock.vacations import account_for
from games.engine.core import all_games, config_fields
from games.models import ChatMessage
from games.services.lobby import lobby_create, table_join

from .arena import GAMES, Arena, page_client, rolled_back
from .checks import assert_not_5xx, short, world_snapshot
from .conftest import fuzzed
from .strategies import encode, hostile, nested, texts, wrong_moves

pytestmark = pytest.mark.django_db

MOVE_EXAMPLES = 120
OTHER_EXAMPLES = 600

# Form values: text of any kind (as bytes: invalid UTF-8 allowed), numbers written oddly.
form_values = st.one_of(
    texts.map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [b"", b"0", b"-1", b"\xff\xfe", b"\xed\xa0\x80", b"\xd9\xa3", b"\xc2\xb2", b"1e3"]
    ),
    st.integers().map(lambda n: str(n).encode()),
    st.integers(4_400, 6_000).map(lambda n: b"9" * n),
    hostile.map(lambda v: encode(v).encode()),
)


def form_body(fields: list[tuple[str, Any]]) -> bytes:
    # A drawn text may hold a lone surrogate: sent as the bytes a broken client would send.
    pairs = [
        (k, v if isinstance(v, bytes) else str(v).encode("utf-8", "surrogatepass"))
        for k, v in fields
    ]
    return urlencode(pairs).encode()


def post(client: Client, url: str, body: bytes, htmx: bool) -> Any:
    headers = {"HX-Request": "true"} if htmx else {}
    return client.generic(
        "POST", url, body, content_type="application/x-www-form-urlencoded", headers=headers
    )


def refused(response: Any) -> bool:
    """The page says no: a 4xx, an error message for the next page, a form with errors,
    or the htmx partial's action error."""
    if response.status_code >= 400:
        return True
    storage = getattr(response.wsgi_request, "_messages", None)
    queued = getattr(storage, "_queued_messages", [])
    if any(m.level >= constants.ERROR for m in queued):
        return True
    for context in response.context or []:
        form = context.get("form")
        if getattr(form, "errors", None) or context.get("action_error"):
            return True
    return False


def flat_fields(move: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """A move as the composed form posts it: c_<dotted name>=<JSON>, lists as l_ items."""
    if not isinstance(move, dict):
        return [("c_" + (prefix or "x"), encode(move))]
    out: list[tuple[str, Any]] = []
    for key, value in move.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if not prefix and key == "type":
            continue
        if isinstance(value, dict) and value:
            out += flat_fields(value, name)
        elif isinstance(value, list):
            out += [("list_field", name)] + [("l_" + name, encode(v)) for v in value]
        else:
            out.append(("c_" + name, encode(value)))
    return out


@st.composite
def move_forms(draw: st.DrawFn, arena: Arena) -> list[tuple[str, Any]]:
    seq = arena.game.state_seq
    expected = draw(
        st.sampled_from([str(seq)] * 4 + [str(seq - 1), str(seq + 1), "", "x"]) | form_values
    )
    fields: list[tuple[str, Any]] = [("expected_seq", expected)]
    move = draw(wrong_moves(arena.shapes))
    shape = draw(st.sampled_from(["json", "composed", "composed", "junk"]))
    if shape == "json":
        fields.append(("move", encode(move)))
    elif shape == "composed":
        kind = move.get("type") if isinstance(move, dict) else None
        fields.append(("move_type", kind if isinstance(kind, str) else encode(kind)))
        fields += flat_fields(move)
        for _ in range(draw(st.integers(0, 2))):  # odd names: empty, dotted, clashing
            name = draw(
                st.sampled_from(["c_", "r_", "l_", "c_type", "c_a..b", "c_" + "x." * 500])
                | st.text(max_size=8).map(lambda t: "c_" + t)
            )
            fields.append((name, draw(form_values)))
    else:
        name = draw(st.sampled_from(["move", "move_type"]))
        depth = draw(st.integers(1_000, 60_000))
        fields.append((name, draw(form_values | st.just(nested(depth, "list").text.encode()))))
    if draw(st.integers(0, 3)) == 0:
        fields.append(("idempotency_key", draw(form_values | st.sampled_from([b"k1", b"k" * 200]))))
    return fields


@pytest.mark.parametrize("slug", GAMES)
def test_move_form_refuses_every_bad_post_cleanly(
    slug: str, count: Callable[[int], None], debug: Callable[[bool], None]
) -> None:
    arena = Arena(slug)
    clients = {s: page_client(u) for s, u in arena.seats.items()}
    clients[-1] = page_client(arena.outsider)
    before = world_snapshot()

    @fuzzed(MOVE_EXAMPLES)
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        debug(data.draw(st.booleans(), "DEBUG"))
        seat = data.draw(st.sampled_from(arena.pending * 4 + sorted(clients)), "seat")
        body = form_body(data.draw(move_forms(arena)))
        htmx = data.draw(st.integers(0, 3), "htmx") == 0  # the partials cost a render
        with rolled_back():
            response = post(clients[seat], f"/games/{arena.game.pk}/move/", body, htmx)
            count(1)
            assert_not_5xx(response, body)
            if refused(response):
                assert world_snapshot() == before, (
                    f"a refused move form changed rows: {short(body)}"
                )

    fuzz()


def test_other_forms_refuse_every_bad_post_cleanly(
    count: Callable[[int], None], debug: Callable[[bool], None]
) -> None:
    """Table create/join/leave/remove/start/chat, game chat, profile and token, clock
    extension/take-back/vacation, reports."""
    arena = Arena("toy-secrets", visibility="private")
    host = arena.seats[0]
    public = lobby_create(host=host, game_slug="toy-secrets", seat_count=4)
    table_join(table=public, user=arena.seats[1])
    message = ChatMessage.objects.create(
        table=arena.game.table, author=arena.seats[1], channel="players", body="hello"
    )
    vacation = Vacation.objects.create(
        user=host,
        starts_at="2030-01-01T00:00:00Z",
        ends_at="2030-01-03T00:00:00Z",
        charged_seconds=2 * 86400,
    )
    people = {
        "host": host,
        "player": arena.seats[1],
        "outsider": arena.outsider,
        "unverified": arena.unverified,
        "anonymous": None,
    }
    clients = {name: page_client(user) for name, user in people.items()}
    for user in people.values():  # the profile page creates it on first sight (not a write)
        if user is not None:
            account_for(user.pk)
    game_ids = [arena.game.pk, arena.other_game.pk, 10**9]
    table_ids = [public.pk, arena.game.table_id, 10**9]
    user_ids = [str(u.pk) for u in people.values() if u is not None]
    slugs = sorted(g.slug for g in all_games())
    option_names = sorted({s["name"] for g in all_games() for s in config_fields(g.config_type)})
    plausible = st.sampled_from(
        [*user_ids, str(message.pk), str(arena.game.pk), "public", "private", "2030-02-01"]
    )
    value = plausible | form_values

    def fields_for(data: st.DataObject, names: list[str]) -> list[tuple[str, Any]]:
        chosen = (
            data.draw(st.lists(st.sampled_from(names), max_size=len(names) + 2)) if names else []
        )
        extra = data.draw(st.lists(st.text(max_size=6), max_size=2))
        return [(name, data.draw(value)) for name in chosen + extra]

    forms: dict[str, tuple[Callable[[], str], list[str]]] = {
        "table_create": (
            lambda: "/tables/new/",
            [
                "game",
                "title",
                "seat_count",
                "visibility",
                "auto_start",
                "time_per_move",
                "skip_weekends",
                "timeout_policy",
                "allow_vacation",
                "bots",
                *["opt_" + n for n in option_names],
            ],
        ),
        "table_join": (lambda: "/tables/{t}/join/", ["invite_code"]),
        "table_leave": (lambda: "/tables/{t}/leave/", ["invite_code"]),
        "table_remove": (lambda: "/tables/{t}/remove/", ["user_id", "invite_code"]),
        "table_start": (lambda: "/tables/{t}/start/", ["invite_code"]),
        "table_bot_add": (lambda: "/tables/{t}/bots/add/", []),
        "table_bot_remove": (lambda: "/tables/{t}/bots/remove/", ["seat_id"]),
        "table_chat": (lambda: "/tables/{t}/chat/", ["body"]),
        "game_chat": (lambda: "/games/{g}/chat/", ["body"]),
        "profile": (lambda: "/accounts/profile/", list(ProfileForm.Meta.fields)),
        "token": (lambda: "/accounts/profile/token/", []),
        "token_revoke": (lambda: "/accounts/profile/token/revoke/", []),
        "extend": (lambda: "/clock/games/{g}/extend/", []),
        "take_back": (lambda: "/clock/games/{g}/take-back/", []),
        "vacation": (lambda: "/clock/vacation/", ["starts_on", "ends_on"]),
        "vacation_end": (lambda: "/clock/vacation/{v}/end/", []),
        "report": (
            lambda: "/moderation/report/",
            ["message", "game", "target", "reason", "details"],
        ),
    }
    before = world_snapshot()

    @fuzzed(OTHER_EXAMPLES)
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        debug(data.draw(st.booleans(), "DEBUG"))
        name = data.draw(st.sampled_from(sorted(forms)), "form")
        who = data.draw(st.sampled_from(sorted(people)), "sender")
        url, names = forms[name]
        path = url().format(
            t=data.draw(st.sampled_from(table_ids)),
            g=data.draw(st.sampled_from(game_ids)),
            v=data.draw(st.sampled_from([vacation.pk, 10**9])),
        )
        fields = fields_for(data, names)
        if name == "table_create":
            fields.append(("game", data.draw(st.sampled_from(slugs) | value)))
        body = form_body(fields)
        htmx = data.draw(st.booleans(), "htmx")
        with rolled_back():
            response = post(clients[who], path, body, htmx)
            count(1)
            assert_not_5xx(response, (path, body))
            if refused(response):
                assert world_snapshot() == before, f"a refused {name} changed rows: {short(body)}"

    fuzz()


def test_form_fields_survive_a_round_trip() -> None:
    """The helper itself: the composed fields of a move rebuild that move."""
    from django.http import QueryDict

    from games.presentation import composed_move

    move = {"type": "ja.make_offer", "give": {"cards": ["a", "b"], "coins": 1}, "to": None}
    post_data = QueryDict(form_body(flat_fields(move)))
    assert composed_move("ja.make_offer", post_data) == move
    assert json.loads(encode(move)) == move
