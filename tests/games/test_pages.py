"""Page tests: lobby, create (refusal with the reason, RA-4 advice), table actions, the game
page for players and spectators, plain-form moves without JavaScript, chat escaping, replay."""

from __future__ import annotations

import json
import re

import pytest

from games.log import load_state
from games.models import Game, Table

from .conftest import finished_pages, make_user, play_pending_once, seat_users, started_game
from .page_play import game_at_pages, logged_in, pages_of_seats, spectator_page, states_in_play

pytestmark = pytest.mark.django_db


def table_form(
    game: str, seat_count: int, visibility: str = "public", **options: object
) -> dict[str, object]:
    """What the create-table form posts: a day per move, the default move on a timeout,
    and the game's `opt_*` options."""
    return {
        "game": game,
        "seat_count": seat_count,
        "visibility": visibility,
        "time_per_move": 86400,
        "timeout_policy": "default_move",
        **options,
    }


def test_lobby_lists_open_tables_filtered_by_game() -> None:
    host = make_user()
    c = logged_in(host)
    r = c.post(
        "/tables/new/",
        table_form("resistance-avalon", 5, opt_merlin_assassin="on", opt_percival="on"),
    )
    assert r.status_code == 302, r.content.decode()[:3000]
    table = Table.objects.get()
    page = c.get(f"/tables/{table.pk}/").content.decode()
    assert "advises adding Mordred or Morgana" in page  # RA-4: shown, not enforced
    other = logged_in(make_user())
    assert f"/tables/{table.pk}/" in other.get("/lobby/?game=resistance-avalon").content.decode()
    assert f"/tables/{table.pk}/" not in other.get("/lobby/?game=toy-secrets").content.decode()


def test_create_refuses_an_undealable_table_with_the_reason() -> None:
    c = logged_in(make_user())
    r = c.post(
        "/tables/new/",
        table_form(
            "resistance-avalon", 5, opt_merlin_assassin="on", opt_mordred="on", opt_morgana="on"
        ),
    )
    assert r.status_code == 200
    assert "only 2 Evil players" in r.content.decode()  # RA-3
    assert not Table.objects.exists()


def test_a_full_game_through_plain_form_posts_without_javascript() -> None:
    game, definition, clients = game_at_pages("resistance-avalon", 5)
    for state in states_in_play(game, definition, 400):
        seat = min(definition.pending_seats(state))
        page = clients[seat].get(f"/games/{game.pk}/").content.decode()
        assert 'name="expected_seq"' in page
        move = definition.legal_moves(state, seat)[-1]
        from games.engine.core import to_json

        data = to_json(move)
        if data["type"] == "ra.propose_team":
            post = {
                "expected_seq": game.state_seq,
                "move_type": data["type"],
                "list_field": "team",
                "l_team": [json.dumps(s) for s in data["team"]],
            }
            if data.get("quest") is not None:
                post["r_quest"] = json.dumps(data["quest"])
        else:
            post = {"expected_seq": game.state_seq, "move": json.dumps(data)}
        r = clients[seat].post(f"/games/{game.pk}/move/", post)
        assert r.status_code == 302
    page, _ = finished_pages(game, clients[0], "as=0&step=3")
    assert "Watch the replay" in page
    assert clients[1].get(f"/games/{game.pk}/replay/?as=all").status_code == 200


def test_game_page_shows_my_role_and_not_others() -> None:
    users = [make_user() for _ in range(5)]
    game = started_game(users, slug="resistance-avalon")
    state = load_state(game)
    for seat, page in pages_of_seats(game).items():
        mine = state.roles[seat].label
        assert f"You are <strong>{mine}</strong>" in page
    spectator = spectator_page(game)
    assert "You are <strong>" not in spectator
    assert re.search(r"Watching", spectator)


def test_illegal_form_post_shows_the_engine_message_and_changes_nothing() -> None:
    users = [make_user() for _ in range(5)]
    game = started_game(users, slug="resistance-avalon")
    seats = seat_users(game)
    seq = game.state_seq
    c = logged_in(seats[0])
    r = c.post(f"/games/{game.pk}/move/", {"expected_seq": seq, "move": "{bad"}, follow=True)
    assert "could not be read" in r.content.decode()
    r = c.post(
        f"/games/{game.pk}/move/",
        {"expected_seq": seq, "move": json.dumps({"type": "ra.vote", "approve": True})},
        follow=True,
    )
    assert r.status_code == 200
    game.refresh_from_db()
    assert game.state_seq == seq


def test_chat_is_escaped_on_the_page() -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users)
    c = logged_in(users[0])
    c.post(f"/games/{game.pk}/chat/", {"body": "<script>alert(1)</script>"})
    page = c.get(f"/games/{game.pk}/").content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)</script>" not in page


def test_private_table_needs_the_invite_link() -> None:
    host, guest = make_user(), make_user()
    c = logged_in(host)
    c.post("/tables/new/", table_form("toy-secrets", 2, "private", opt_rounds=1))
    table = Table.objects.get()
    g = logged_in(guest)
    assert g.get(f"/tables/{table.pk}/").status_code == 404
    page = g.get(f"/invite/{table.invite_code}/").content.decode()
    assert "Take a seat" in page
    r = g.post(f"/tables/{table.pk}/join/", {"invite_code": table.invite_code})
    assert r.status_code == 302
    r = c.post(f"/tables/{table.pk}/start/")
    game = Game.objects.get(table=table)
    assert r.status_code == 302
    assert r["Location"] == f"/games/{game.pk}/"
    assert logged_in(make_user()).get(f"/games/{game.pk}/").status_code == 404


def test_table_talk_before_the_start_and_hidden_messages() -> None:
    host, guest = make_user(), make_user()
    c = logged_in(host)
    c.post("/tables/new/", table_form("toy-secrets", 3, opt_rounds=1))
    table = Table.objects.get()
    r = logged_in(guest).post(f"/tables/{table.pk}/chat/", {"body": "Room for one more?"})
    assert r.status_code == 302
    page = c.get(f"/tables/{table.pk}/").content.decode()
    assert "Room for one more?" in page
    from games.models import ChatMessage

    ChatMessage.objects.update(hidden_by_moderator=True)
    page = c.get(f"/tables/{table.pk}/").content.decode()
    assert "Room for one more?" not in page
    assert ChatMessage.REMOVED_TEXT in page


@pytest.mark.django_db
def test_the_replays_back_and_next_go_nowhere_at_either_end_and_say_so() -> None:
    """At the first event "◀ Back", at the last "Next ▶", linked to the page itself: a
    press did nothing a reader could see. They are marked disabled there, without a link."""
    users = [make_user() for _ in range(2)]
    game = started_game(users, options={"rounds": 1})
    while play_pending_once(game):
        pass
    client = logged_in(users[0])
    stepper = re.compile(r'<nav class="stepper".*?</nav>', re.S)

    def nav(step: str) -> str:
        html = client.get(f"/games/{game.pk}/replay/?as=all&step={step}").content.decode()
        found = stepper.search(html)
        assert found
        return found.group(0)

    first, middle, last = nav("1"), nav("2"), nav("999")
    links = [('rel="prev"' in n, 'rel="next"' in n) for n in (first, middle, last)]
    assert links == [(False, True), (True, True), (True, False)]
    for end in (first, last):
        assert end.count('aria-disabled="true"') == 1
