"""Rematch (issue 11): a finished game played again by the same players with the same
options; each player accepts, a bot's seat accepts by itself, the last acceptance starts the
new table; the game page shows who accepted and the new game; refusals change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from games.log import definition_of, load_state
from games.models import Game, Rematch, Seat
from games.services.errors import Conflict, Forbidden
from games.services.lobby import lobby_create, table_start
from games.services.moves import move_submit
from games.services.rematch import rematch_accept

from .conftest import make_user, play_pending_once, seat_users, started_game

pytestmark = pytest.mark.django_db(transaction=False)


def finished_game(players: int = 3, **settings: Any) -> Game:
    users = [make_user() for _ in range(players)]
    game = started_game(users, options={"rounds": 1}, **settings)
    while play_pending_once(game):
        pass
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def users_of(game: Game) -> list[User]:
    return [user for _, user in sorted(seat_users(game).items())]


def test_all_accepting_starts_a_new_table_with_the_same_players_and_options() -> None:
    game = finished_game(3, title="Friday", time_per_move=86400 * 2)
    first, second, third = users_of(game)
    assert rematch_accept(game=game, user=first).table is None
    assert rematch_accept(game=game, user=first).table is None  # twice: no change
    assert rematch_accept(game=game, user=second).table is None
    rematch = rematch_accept(game=game, user=third)
    table = rematch.table
    assert table is not None
    old = game.table
    assert table.pk != old.pk
    assert (table.game_slug, table.options, table.seat_count) == (
        old.game_slug,
        old.options,
        old.seat_count,
    )
    assert (table.title, table.time_per_move, table.host_id) == ("Friday", 86400 * 2, old.host_id)
    assert {s.user_id for s in table.seats.all()} == {u.pk for u in (first, second, third)}
    assert table.game.status == Game.Status.PLAYING
    # After the start, accepting again returns the same rematch and opens nothing new.
    assert rematch_accept(game=game, user=first).table == table


def test_a_bots_seat_accepts_by_itself_and_stays_a_bot() -> None:
    game = finished_game(3)
    first, second, bot_user = users_of(game)
    Seat.objects.filter(table=game.table, user=bot_user).update(is_bot=True)
    rematch_accept(game=game, user=first)
    table = rematch_accept(game=game, user=second).table
    assert table is not None
    assert table.seats.get(user=bot_user).is_bot
    assert not table.seats.get(user=first).is_bot


def test_refusals_change_nothing() -> None:
    game = finished_game(2)
    with pytest.raises(Forbidden):
        rematch_accept(game=game, user=make_user())
    playing = started_game([make_user(), make_user()])
    with pytest.raises(Conflict, match="finished"):
        rematch_accept(game=playing, user=users_of(playing)[0])
    assert not Rematch.objects.exists()


def test_the_page_shows_who_accepted_and_the_button_starts_it() -> None:
    game = finished_game(2)
    first, second = users_of(game)
    page = Client()
    page.force_login(first)
    html = page.get(f"/games/{game.pk}/").content.decode()
    assert "Accept the rematch" in html
    response = page.post(f"/games/{game.pk}/rematch/")
    assert response.status_code == 302
    html = page.get(f"/games/{game.pk}/").content.decode()
    assert "Accept the rematch" not in html
    assert html.count("accepted</span>") == 1
    other = Client()
    other.force_login(second)
    response = other.post(f"/games/{game.pk}/rematch/")
    new_game = Rematch.objects.get(game=game).table.game  # type: ignore[union-attr]
    assert response["Location"] == f"/games/{new_game.pk}/"
    assert "Go to the rematch" in page.get(f"/games/{game.pk}/").content.decode()
    # A stranger is refused with a message, and the page is unchanged.
    stranger = Client()
    stranger.force_login(make_user())
    assert stranger.post(f"/games/{game.pk}/rematch/").status_code == 302


@pytest.mark.django_db(transaction=True)
async def test_the_other_players_page_shows_an_acceptance_live() -> None:
    """Through the existing game socket: an acceptance re-renders the rematch panel of the
    other players' pages (broadcast.rematch_changed)."""
    from asgiref.sync import sync_to_async

    from .test_consumers import connect

    game = await sync_to_async(finished_game)(2)
    first, second = await sync_to_async(users_of)(game)
    sock = await connect(game.pk, second, "")
    await sock.receive_from(timeout=5)  # the page as it was
    await sync_to_async(rematch_accept)(game=game, user=first)
    for _ in range(10):
        html = await sock.receive_from(timeout=5)
        if 'id="rematch"' in html:
            break
    assert 'hx-swap-oob="true"' in html
    assert html.count("accepted</span>") == 1
    assert "Accept the rematch" in html  # the second player has yet to accept
    await sock.disconnect()


@pytest.mark.parametrize("who", ["host", "guest"])
def test_a_suspended_player_stops_the_rematch_without_telling_the_others_why(who: str) -> None:
    """The last acceptance opens the table in the host's name and seats everyone: a player
    suspended meanwhile made it fail with *their* notice, so another player read "Your
    account is suspended until ...: <the moderator's reason>". The refusal names no one's
    sanction now; nothing opens, and the rematch opens once the sanction is lifted."""
    from moderation.services.sanctions import sanction_lift, user_suspend

    game = finished_game(3)
    players = users_of(game)
    host = next(u for u in players if u.pk == game.table.host_id)
    guest, last = (u for u in players if u != host)
    rematch_accept(game=game, user=host)
    rematch_accept(game=game, user=guest)
    sanctioned = host if who == "host" else guest
    moderator = make_user()
    user_suspend(user=sanctioned, by=moderator, reason="private-reason-canary", days=2)
    with pytest.raises(Conflict) as refused:
        rematch_accept(game=game, user=last)
    assert "private-reason-canary" not in refused.value.message
    assert "suspended" not in refused.value.message
    assert Rematch.objects.get(game=game).table is None
    assert Game.objects.count() == 1
    sanction_lift(user=sanctioned, by=moderator, reason="appeal")
    assert rematch_accept(game=game, user=last).table is not None


@pytest.mark.usefixtures("eager_tasks")
@pytest.mark.parametrize("who", ["host", "guest"])
@pytest.mark.parametrize("when", ["after the end", "in play"])
def test_no_rematch_is_offered_once_a_player_deleted_their_account(who: str, when: str) -> None:
    """A deleted account can never accept (nor be seated again): the rematch waited for it
    forever after the end, and a seat handed to the bot by the deletion in play passed for
    a bot's and failed the last acceptance with "cannot play at the moment". Now the panel
    and every acceptance say that the player left, and nothing opens."""
    from accounts.services.data import user_delete

    users = [make_user() for _ in range(3)]
    host = users[0]
    game = started_game(users, options={"rounds": 1})
    leaving = host if who == "host" else users[1]
    if when == "in play":
        user_delete(user=leaving, password="pw-Excalibur-42")
    game.refresh_from_db()  # the deletion in play logged the hand-over
    while game.status == Game.Status.PLAYING:  # the bot plays the deleted player's seat
        definition = definition_of(game)
        state = load_state(game, definition)
        seat = min(definition.pending_seats(state))
        bot = Seat.objects.get(table=game.table, position=seat).is_bot
        move_submit(
            game=game,
            user=None if bot else seat_users(game)[seat],
            seat=seat if bot else None,
            move=definition.legal_moves(state, seat)[0],
            expected_seq=game.state_seq,
            actor_kind="bot" if bot else "player",
        )
        game.refresh_from_db()
    if when == "after the end":
        user_delete(user=leaving, password="pw-Excalibur-42")
    left = "A player of this game has left the site: a rematch needs every player."
    for user in (u for u in users if u != leaving):
        with pytest.raises(Conflict, match=left):
            rematch_accept(game=game, user=user)
        page = Client()
        page.force_login(user)
        html = page.get(f"/games/{game.pk}/").content.decode()
        assert left in html
        assert "Accept the rematch" not in html
    assert not Rematch.objects.filter(game=game, table__isnull=False).exists()
    assert not Rematch.objects.filter(game=game, accepted__isnull=False).exists()


def test_the_panel_names_a_bot_at_the_table_as_the_game_page_does() -> None:
    """A bot seat of the lobby has no account: its row of the panel had an empty name."""
    host = make_user()
    table = lobby_create(
        host=host, game_slug="toy-secrets", seat_count=2, options={"rounds": 1}, bots=1
    )
    game = table_start(table=table, by=host)
    definition = definition_of(game)
    while game.status == Game.Status.PLAYING:
        state = load_state(game, definition)
        seat = min(definition.pending_seats(state))
        bot = seat not in seat_users(game)
        move_submit(
            game=game,
            user=None if bot else host,
            seat=seat if bot else None,
            move=definition.legal_moves(state, seat)[0],
            expected_seq=game.state_seq,
            actor_kind="bot" if bot else "player",
        )
        game.refresh_from_db()
    page = Client()
    page.force_login(host)
    html = page.get(f"/games/{game.pk}/").content.decode()
    panel = html[html.index('id="rematch"') :]
    bot_seat = table.seats.get(is_bot=True).position
    assert bot_seat is not None
    assert f"<span>Bot {bot_seat + 1}</span>" in panel
    assert "<span></span>" not in panel


def test_the_pushed_panels_read_the_rematch_once_for_every_viewer() -> None:
    """issue 14: the finishing move pushes each watched view's rematch panel; the rematch
    and the seats are read once for all of them (not per view), and each player's panel
    is still their own: "(you)" on their own row, the button while they have not
    accepted; a spectator and a signed-in stranger read the same panel, with no button."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.rematch_panel import rematch_oob

    game = finished_game(3)
    first, second, third = users_of(game)
    rematch_accept(game=game, user=first)
    stranger = make_user()
    viewers = {0: first, 1: second, 2: third, "stranger": stranger, None: None}
    with CaptureQueriesContext(connection) as captured:
        panels = rematch_oob(game, viewers, "token", None)
    # The rematch (with its table), the seats with their users, who accepted.
    assert len(captured.captured_queries) == 3, [q["sql"] for q in captured.captured_queries]
    assert "Accept the rematch" not in panels[0]  # accepted already
    assert "Accept the rematch" in panels[1]
    assert "Accept the rematch" in panels[2]
    for seat in (0, 1, 2):
        assert panels[seat].count("(you)") == 1
    assert panels[1] != panels[2]  # "(you)" on a different row
    assert panels["stranger"] == panels[None]
    assert "(you)" not in panels[None]
    assert "Accept the rematch" not in panels[None]
    assert panels[None].count("accepted</span>") == 1


def test_a_game_in_play_pushes_the_hidden_panel_without_a_query() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.rematch_panel import rematch_oob

    game = started_game([make_user() for _ in range(3)])
    with CaptureQueriesContext(connection) as captured:
        panels = rematch_oob(game, {0: None, None: None}, "token", None)
    assert not captured.captured_queries
    assert panels[0] == panels[None]
    assert 'id="rematch"' in panels[0]
    assert " hidden>" in panels[0]
    assert "Rematch" not in panels[0]
