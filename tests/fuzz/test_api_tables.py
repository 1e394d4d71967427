"""R5 fuzz of the API's other writes: table create, join, leave, remove a player, start, and
chat post.

Payloads mix plausible values (real game slugs, seat counts, each game's own options and
their choices, the real invite code, real user ids) with hostile ones (wrong types, giant
numbers, NaN, NUL and surrogates, JSON thousands of levels deep, unknown fields), sent by
hosts, players, outsiders, unverified and anonymous users to open, private, started and
missing tables.

Properties: never a 5xx (DEBUG on and off); a rejection is a 4xx in the one error shape
and changes no row (world_snapshot); an accepted table keeps only the game's own options,
and those decode again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.core import all_games, config_fields
from games.models import Table
from games.services.lobby import decode_options, lobby_create, table_join
from tests.games.conftest import make_user, started_game

from .arena import api_client, rolled_back, unverified_user
from .checks import assert_api_rejection, assert_not_5xx, world_snapshot
from .conftest import fuzzed
from .strategies import encode, hostile, json_values, keys, nested, texts

pytestmark = pytest.mark.django_db

EXAMPLES = 1100
SETTINGS = {
    "title": st.text(max_size=90) | texts,
    "visibility": st.sampled_from(["public", "private", "secret"]),
    "auto_start": st.booleans(),
    "time_per_move": st.sampled_from([300, 86400, 1, -1, 2**40]),
    "skip_weekends": st.booleans(),
    "timeout_policy": st.sampled_from(["default_move", "bot", "abandon", "nap"]),
    "bot_after_timeouts": st.integers(-2, 25),
    "extensions_per_player": st.integers(-2, 12),
    "allow_vacation": st.booleans(),
    "bots": st.integers(-2, 25),
}
SLUGS = sorted(g.slug for g in all_games())


GAMES = {g.slug: g for g in all_games()}
VALID_SETTINGS = {
    "title": st.text(max_size=80).filter(lambda t: "\x00" not in t),
    "visibility": st.sampled_from(["public", "private"]),
    "auto_start": st.booleans(),
    "time_per_move": st.sampled_from([300, 86400]),
    "timeout_policy": st.sampled_from(["default_move", "bot", "abandon"]),
    "extensions_per_player": st.integers(0, 10),
    "bots": st.integers(0, 1),
}


def valid_option(spec: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A value the game accepts for one option (its default, or one of its choices)."""
    choices = list(spec.get("choices") or [])
    if choices and isinstance(spec["default"], list):
        return st.lists(st.sampled_from(choices), unique=True).map(sorted)
    return st.sampled_from([spec["default"], *choices])


def wrong_option(spec: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Near misses and hostile values for one option."""
    plausible: list[Any] = [0, 1, 7, -1, True, "", "x", None, [], {}]
    if spec.get("choices"):
        choices = list(spec["choices"])
        plausible += [choices, [*choices, choices[0]], f"{choices[0]}-x"]
    return st.sampled_from(plausible) | hostile


@st.composite
def create_bodies(draw: st.DrawFn) -> Any:
    """A table a host could open, then zero to three things made wrong."""
    slug = draw(st.sampled_from(SLUGS))
    game = GAMES[slug]
    specs = config_fields(game.config_type)
    body: dict[str, Any] = {
        "game": slug,
        "seat_count": draw(st.integers(game.min_players, game.max_players)),
        "options": {
            s["name"]: draw(valid_option(s)) for s in specs if draw(st.integers(0, 2)) == 0
        },
    }
    for name in draw(st.lists(st.sampled_from(sorted(VALID_SETTINGS)), max_size=2, unique=True)):
        body[name] = draw(VALID_SETTINGS[name])
    for _ in range(draw(st.sampled_from([0, 0, 1, 1, 2, 3]))):
        what = draw(
            st.sampled_from(
                ["option", "unknown_option", "field", "unknown_field", "drop", "options", "body"]
            )
        )
        if what in ("option", "unknown_option") and not isinstance(body.get("options"), dict):
            body["options"] = {}
        if what == "option" and specs:
            spec = draw(st.sampled_from(specs))
            body["options"][spec["name"]] = draw(wrong_option(spec))
        elif what == "unknown_option":
            name = draw(st.sampled_from(["nonsense", "seed", "Percival"]) | keys)
            body["options"][name] = draw(st.booleans() | json_values)
        elif what == "field":
            name = draw(st.sampled_from(["game", "seat_count", *sorted(SETTINGS)]))
            plausible = (
                SETTINGS[name] if name in SETTINGS else st.sampled_from(["chess", "", 0, 1, 11, 21])
            )
            body[name] = draw(plausible | hostile)
        elif what == "unknown_field":
            body[draw(keys)] = draw(json_values)
        elif what == "drop":
            body.pop(draw(st.sampled_from(sorted(body))), None)
        elif what == "options":
            if draw(st.booleans()):
                depth = draw(st.integers(500, 50_000))
                body["options"] = nested(depth, draw(st.sampled_from(["list", "dict"])))
            else:
                body["options"] = draw(hostile)
        else:
            return draw(hostile)
    return body


def test_table_api_refuses_every_bad_payload_cleanly(
    count: Callable[[int], None], debug: Callable[[bool], None]
) -> None:
    host, player, outsider = make_user(), make_user(), make_user()
    public = lobby_create(host=host, game_slug="toy-secrets", seat_count=4)
    table_join(table=public, user=player)
    private = lobby_create(host=host, game_slug="toy-secrets", seat_count=3, visibility="private")
    started = started_game([host, make_user()])
    people = {
        "host": host,
        "player": player,
        "outsider": outsider,
        "unverified": unverified_user(),
        "anonymous": None,
    }
    clients = {name: api_client(user) for name, user in people.items()}
    table_ids = [public.pk, private.pk, started.table_id, 10**9, 2**63 + 5]
    user_ids = [host.pk, player.pk, outsider.pk, 10**9]
    codes = [private.invite_code, public.invite_code, ""]
    before = world_snapshot()
    accepted: Counter[str] = Counter()

    def body_for(data: st.DataObject, action: str) -> Any:
        if action == "create":
            return data.draw(create_bodies())
        if action == "join":
            value = data.draw(st.sampled_from(codes) | hostile)
            return data.draw(st.sampled_from([{"invite_code": value}, {}, value]))
        if action == "remove":
            return {"user_id": data.draw(st.sampled_from(user_ids) | hostile)}
        if action == "chat/post":
            return data.draw(st.sampled_from([{"body": data.draw(texts | hostile)}, {}]))
        return data.draw(st.none() | hostile)

    @fuzzed(EXAMPLES)
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        debug(data.draw(st.booleans(), "DEBUG"))
        action = data.draw(
            st.sampled_from(["create"] * 4 + ["join", "leave", "remove", "start", "chat/post"] * 2)
        )
        who = data.draw(st.sampled_from(sorted(people)), "sender")
        body = body_for(data, action)
        if action == "create":
            url = "/api/tables/create/"
        else:
            url = f"/api/tables/{data.draw(st.sampled_from(table_ids))}/{action}/"
        text = encode(body) if body is not None else ""
        with rolled_back():
            response = clients[who].generic("POST", url, text, content_type="application/json")
            count(1)
            assert_not_5xx(response, text)
            if response.status_code >= 300:
                assert_api_rejection(response, text)
                assert world_snapshot() == before, f"a refused {action} changed rows: {text}"
                return
            assert response.status_code in (200, 201, 204), response.content
            accepted[action] += 1
            if action == "create":
                table = Table.objects.get(pk=response.json()["id"])
                names = {
                    s["name"]
                    for s in config_fields(
                        decode_options(table.game_slug, table.options, table.seat_count).__class__
                    )
                }
                assert set(table.options) <= names, f"options stored as sent: {table.options}"

    fuzz()
