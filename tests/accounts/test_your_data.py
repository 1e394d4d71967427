"""Your data: the download (exactly the player's own seat's view, their chat, sanctions about
them) and the account deletion (tombstone user, seats kept, games in play handed to the bot
and able to finish, chat text removed, nothing of anyone else's lost)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
import time_machine
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services.data import WrongPassword, user_delete
from clock.calendar import calendar_feed_renew, calendar_feed_url
from clock.models import CalendarFeed, Vacation
from clock.sweeper import sweep
from games.engine.core import to_json
from games.log import definition_of, encode_state, load_state, replay
from games.models import ChatMessage, Game, GameEvent, Presence, Seat, Table
from games.selectors import chat_for, players_of
from games.services.chat import chat_post
from games.services.errors import Forbidden
from games.services.lobby import lobby_create, table_join
from games.services.moves import move_submit
from moderation.models import IpSighting, Sanction
from notifications.models import OptOut, PushSubscription
from ratings.models import Rating
from ratings.selectors import leaderboard
from tests.engine.contract import leaks
from tests.games import toygame  # noqa: F401  (registers "toy-secrets")
from tests.games.conftest import make_user, seat_users, started_game
from tests.games.page_play import logged_in
from tests.games.toygame import Vote

from .helpers import signup

# Tasks queued on commit (notifications) run in-process: no worker in these tests.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

PASSWORD = "pw-Excalibur-42"  # tests.games.conftest.make_user's


def position_of(game: Game, user: User) -> int:
    return next(s for s, u in seat_users(game).items() if u == user)


def download(user: User) -> dict[str, Any]:
    response = logged_in(user).get(reverse("data_download"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith("attachment; filename=")
    data: dict[str, Any] = json.loads(response.content)
    return data


def vote(game: Game, user: User, choice: str = "down") -> None:
    game.refresh_from_db()
    move_submit(game=game, user=user, move=Vote(choice), expected_seq=game.state_seq)


def fold_equals_cache(game: Game) -> bool:
    game.refresh_from_db()
    definition = definition_of(game)
    rows = GameEvent.objects.filter(game=game).order_by("seq")
    steps = list(replay(definition, rows.iterator()))
    return steps[-1][0].seq == game.state_seq and encode_state(steps[-1][2]) == game.state


def table_of(users: list[User], seats: int) -> Table:
    """An open table with room left, hosted by the first of `users`."""
    table = lobby_create(host=users[0], game_slug="toy-secrets", seat_count=seats)
    for user in users[1:]:
        table_join(table=table, user=user)
    return table


def delete_via_page(user: User, password: str = PASSWORD) -> Any:
    return logged_in(user).post(reverse("account_delete"), {"password": password})


# --- the download ----------------------------------------------------------------------------


def test_download_holds_only_the_own_seats_view_of_a_game_in_play() -> None:
    players = [make_user() for _ in range(3)]
    game = started_game(players)
    me, other = players[0], players[1]
    mine, theirs = position_of(game, me), position_of(game, other)
    vote(game, other, "up")  # a private vote of another seat, in the log and the state
    chat_post(table=game.table, user=me, body="I hold the grail")
    chat_post(table=game.table, user=other, body="Not my words to export")
    game.refresh_from_db()
    state = load_state(game)
    secrets = definition_of(game).secrets(state)
    planted = {"seat": theirs, "card": state.cards[theirs]}
    assert any(s.fragment == planted for s in secrets)

    data = download(me)

    assert leaks(data, mine, secrets) == []
    text = json.dumps(data)
    assert json.dumps(planted)[1:-1] not in text  # the other seat's card, nowhere
    [exported] = data["games"]
    assert exported["your_seat"] == mine
    assert exported["feed"]["view"]["you"] == {"seat": mine, "card": state.cards[mine]}
    assert exported["feed"]["my_seat"] == mine
    # Its log is the seat's own: its own card dealt, the other's vote only as "who acted".
    events = [e["event"] for e in exported["events"]]
    assert {"type": "toy.dealt", "seat": mine, "card": state.cards[mine]}.items() <= (
        next(e for e in events if e.get("type") == "toy.dealt").items()
    )
    assert {"type": "toy.vote_cast", "seat": theirs} in events
    assert [m["text"] for m in data["chat_messages"]] == ["I hold the grail"]
    assert data["chat_messages"][0]["table_id"] == game.table_id
    assert data["chat_messages"][0]["channel"] == "players"


def test_download_reveals_a_finished_game_as_the_replay_does() -> None:
    players = [make_user() for _ in range(2)]
    game = started_game(players, options={"rounds": 1})
    for user in players:
        vote(game, user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    state = load_state(game)
    theirs = position_of(game, players[1])

    data = download(players[0])

    [exported] = data["games"]
    assert {"seat": theirs, "card": state.cards[theirs]} in exported["feed"]["view"]["cards"]
    # RA-23: after the end the log is shown as it is, every seat's vote included.
    assert {"type": "toy.vote_cast", "seat": theirs, "vote": "down"} in [
        e["event"] for e in exported["events"]
    ]


def test_download_has_the_profile_and_the_sanctions_as_the_player_was_told() -> None:
    me = make_user("gareth")
    me.display_name, me.time_zone = "Sir Gareth", "Europe/London"
    me.save()
    moderator = make_user("kay")
    Sanction.objects.create(
        user=me,
        kind=Sanction.Kind.SUSPENSION,
        until=timezone.now() - dt.timedelta(days=1),
        reason="Spoiled a game on purpose",
        created_by=moderator,
        lifted_at=timezone.now() - dt.timedelta(days=2),
        lifted_by=moderator,
        lift_reason="moderators-only note",
    )
    Sanction.objects.create(
        user=moderator, kind=Sanction.Kind.BAN, reason="someone else's ban", created_by=me
    )

    data = download(me)

    profile = data["profile"]
    assert profile["username"] == "gareth"
    assert profile["display_name"] == "Sir Gareth"
    assert profile["time_zone"] == "Europe/London"
    assert profile["email_addresses"] == [
        {"email": "gareth@example.com", "verified": True, "primary": True}
    ]
    assert set(profile["preferences"]) == {
        "email_on_turn",
        "deadline_warnings",
        "daily_digest",
        "quiet_hours_start",
        "quiet_hours_end",
    }
    [sanction] = data["sanctions"]
    assert sanction["kind"] == "suspension"
    assert sanction["reason"] == "Spoiled a game on purpose"
    assert sanction["active"] is False
    text = json.dumps(data)
    assert "moderators-only note" not in text
    assert "kay" not in text  # who sanctioned is the moderators' own record
    assert "someone else's ban" not in text


def test_download_never_holds_the_api_token_key() -> None:
    me = make_user()
    token = Token.objects.create(user=me)
    data = download(me)
    assert token.key not in json.dumps(data)
    assert data["profile"]["api_token_created"] is not None


def test_download_is_rate_limited() -> None:
    me = make_user()
    client = logged_in(me)
    # Time stands still so the limit's hourly window cannot roll over mid-test.
    with time_machine.travel(timezone.now(), tick=False):
        codes = [client.get(reverse("data_download")).status_code for _ in range(11)]
    assert codes[:10] == [200] * 10
    assert codes[10] == 429


# --- who may ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["your_data", "data_download", "account_delete"])
def test_anonymous_users_are_sent_to_log_in(client: Client, name: str) -> None:
    method = client.post if name == "account_delete" else client.get
    response = method(reverse(name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


@pytest.mark.parametrize("name", ["your_data", "data_download", "account_delete"])
def test_unverified_users_are_refused(name: str) -> None:
    user = make_user()
    EmailAddress.objects.filter(user=user).update(verified=False)
    client = logged_in(user)
    if name == "account_delete":
        response = client.post(reverse(name), {"password": PASSWORD})
    else:
        response = client.get(reverse(name))
    assert response.status_code == 403
    user.refresh_from_db()
    assert user.is_active
    assert user.deleted_at is None


def test_profile_links_to_your_data_and_the_page_has_the_delete_form() -> None:
    client = logged_in(make_user())
    profile = client.get(reverse("profile")).content.decode()
    assert reverse("data_download") in profile
    assert reverse("your_data") in profile
    page = client.get(reverse("your_data"))
    assert page.status_code == 200
    html = page.content.decode()
    assert f'action="{reverse("account_delete")}"' in html
    assert 'type="password"' in html


# --- deleting --------------------------------------------------------------------------------


def test_wrong_password_refuses_and_changes_nothing() -> None:
    players = [make_user() for _ in range(3)]
    me = players[0]
    game = started_game(players)
    chat_post(table=game.table, user=me, body="still mine")
    Token.objects.create(user=me)
    client = logged_in(me)
    seq = game.state_seq

    response = client.post(reverse("account_delete"), {"password": "not-it"})

    assert response.status_code == 403
    assert "That is not your password." in response.content.decode()
    me.refresh_from_db()
    game.refresh_from_db()
    assert me.is_active
    assert me.deleted_at is None
    assert me.has_usable_password()
    assert me.username.startswith("player")
    assert me.email
    assert EmailAddress.objects.filter(user=me).exists()
    assert Token.objects.filter(user=me).exists()
    assert ChatMessage.objects.get(author=me).body == "still mine"
    assert game.state_seq == seq
    assert not Seat.objects.get(table=game.table, user=me).is_bot
    assert client.get(reverse("your_data")).status_code == 200  # still logged in
    with pytest.raises(WrongPassword):
        user_delete(user=me, password="")


def test_empty_password_is_a_form_error() -> None:
    me = make_user()
    response = delete_via_page(me, password="")
    assert response.status_code == 400
    me.refresh_from_db()
    assert me.deleted_at is None


def test_deleting_before_any_game_scrubs_the_account_and_frees_the_username() -> None:
    me = make_user("lancelot")
    other_session = logged_in(me)  # e.g. a phone
    token = Token.objects.create(user=me)
    OptOut.objects.create(user=me, kind="game_over")
    PushSubscription.objects.create(user=me, endpoint="https://push.example.net/x", auth="a")
    IpSighting.objects.create(user=me, ip="192.0.2.7")
    now = timezone.now()
    Vacation.objects.create(user=me, starts_at=now, ends_at=now + dt.timedelta(days=2))
    feed = calendar_feed_renew(me)
    assert Client().get(calendar_feed_url(feed).removeprefix(settings.SITE_URL)).status_code == 200

    response = delete_via_page(me)

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    me.refresh_from_db()
    assert me.deleted_at is not None
    assert not me.is_active
    assert me.username == f"#deleted-{me.pk}"
    assert me.email == ""
    assert me.display_name == ""
    assert not me.has_usable_password()
    assert me.public_name == f"Deleted player {me.pk}"
    for model in (EmailAddress, Token, OptOut, PushSubscription, IpSighting, Vacation):
        assert not model.objects.filter(user=me).exists(), model
    # The calendar's private URL is a capability like the token: it opens nothing now.
    assert not CalendarFeed.objects.filter(user=me).exists()
    assert Client().get(calendar_feed_url(feed).removeprefix(settings.SITE_URL)).status_code == 404
    assert not [s for s in Session.objects.all() if s.get_decoded().get("_auth_user_id")]
    # Every session is gone: the other device is logged out, the token no longer works.
    assert other_session.get(reverse("your_data")).status_code == 302
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    refused = api.get("/api/games/")
    assert refused.status_code == 401, refused.content  # with the Token challenge
    assert refused["WWW-Authenticate"] == "Token"
    assert "Invalid token" in refused.content.decode()
    # The old name and password open nothing any more.
    assert not Client().login(username="lancelot", password=PASSWORD)
    login = Client().post(reverse("account_login"), {"login": "lancelot", "password": PASSWORD})
    assert "_auth_user_id" not in login.wsgi_request.session

    # The username and email are free again: a new player may take them.
    response = signup(Client(), username="lancelot", email="lancelot@example.com")
    assert response.status_code == 302
    fresh = User.objects.get(username="lancelot")
    assert fresh.pk != me.pk
    assert fresh.deleted_at is None


def test_a_superuser_cannot_delete_their_account_from_the_profile() -> None:
    admin = make_user("merlin")
    admin.is_superuser = True
    admin.save()
    response = delete_via_page(admin)
    assert response.status_code == 403
    admin.refresh_from_db()
    assert admin.deleted_at is None
    assert admin.is_active


def test_deleting_after_a_finished_game_keeps_every_game_and_the_others_data() -> None:
    players = [make_user() for _ in range(3)]
    me, others = players[0], players[1:]
    game = started_game(players, options={"rounds": 1})
    chat_post(table=game.table, user=me, body="good game")
    chat_post(table=game.table, user=others[0], body="well played")
    for user in players:
        vote(game, user)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    log = list(GameEvent.objects.filter(game=game).values_list("seq", "type", "payload"))
    ratings = {
        r.user_id: (r.mu, r.sigma, r.games)
        for r in Rating.objects.filter(user__in=others, game_slug="toy-secrets")
    }
    assert len(ratings) == 2
    their_export = download(others[0])
    mine = position_of(game, me)

    user_delete(user=me, password=PASSWORD)

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert list(GameEvent.objects.filter(game=game).values_list("seq", "type", "payload")) == log
    assert fold_equals_cache(game)
    seat = Seat.objects.get(table=game.table, position=mine)
    assert seat.user_id == me.pk  # the seat stays, now the tombstone's
    names = {p["seat"]: p["name"] for p in players_of(game)}
    assert names[mine] == f"Deleted player {me.pk}"
    # Chat: my text is gone, the row stays in place; the others' text is untouched.
    shown = [(m.author_id, m.shown_body) for m in chat_for(game.table, 0)]
    assert shown == [(me.pk, "message deleted"), (others[0].pk, "well played")]
    assert ChatMessage.objects.get(author=me).body == ""
    page = logged_in(others[0]).get(f"/games/{game.pk}/").content.decode()
    assert "message deleted" in page
    assert "good game" not in page
    assert "well played" in page
    assert f"Deleted player {me.pk}" in page
    assert {
        r.user_id: (r.mu, r.sigma, r.games)
        for r in Rating.objects.filter(user__in=others, game_slug="toy-secrets")
    } == ratings
    # My rating row stays (a refold of the others' replays my games) but is not listed.
    assert Rating.objects.filter(user=me).exists()
    assert me.pk not in [row["user_id"] for row in leaderboard("toy-secrets")]
    assert {row["user_id"] for row in leaderboard("toy-secrets")} == {u.pk for u in others}
    # The other player's own download is the same apart from my name and my chat text.
    after = download(others[0])
    assert after["games"][0]["events"] == their_export["games"][0]["events"]
    assert after["games"][0]["feed"]["view"] == their_export["games"][0]["feed"]["view"]
    assert after["chat_messages"] == their_export["chat_messages"]


def test_deleting_mid_game_hands_the_seat_to_the_bot_and_the_game_finishes(
    django_capture_on_commit_callbacks: Any,
) -> None:
    players = [make_user() for _ in range(3)]
    me, others = players[0], players[1:]
    game = started_game(players, options={"rounds": 3}, timeout_policy="abandon")
    mine = position_of(game, me)
    Presence.objects.create(game=game, user=me, channel_name="specific.gone!1")
    vote(game, others[0])  # the game is under way; my vote is pending

    with django_capture_on_commit_callbacks(execute=True):
        response = delete_via_page(me)

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING  # not abandoned: the others play on
    seat = Seat.objects.get(table=game.table, position=mine)
    assert seat.is_bot
    assert seat.user_id == me.pk
    assert not Presence.objects.filter(user=me).exists()
    notice = GameEvent.objects.get(game=game, type="site.seat_handed_over")
    assert notice.payload["seat"] == mine
    assert notice.payload["to"] == "bot"
    assert f"Deleted player {me.pk}" in notice.payload["text"]
    # The clock's sweeper played the bot's vote at once, through the one move path.
    bot_moves = GameEvent.objects.filter(game=game, actor_seat=mine, actor_kind="bot")
    assert bot_moves.count() == 1

    for _ in range(20):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            break
        state = load_state(game)
        for user in others:
            if position_of(game, user) in definition_of(game).pending_seats(state):
                vote(game, user)
        with django_capture_on_commit_callbacks(execute=True):
            sweep(timezone.now() + dt.timedelta(seconds=1))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert bot_moves.count() == 3  # one vote a round, all by the bot
    assert not GameEvent.objects.filter(game=game, actor_seat=mine, actor_kind="player").exists()
    assert fold_equals_cache(game)
    assert [e.type for e in GameEvent.objects.filter(type__startswith="site.")] == [
        "site.seat_handed_over"
    ]


def test_a_deleted_account_is_refused_by_every_service_and_cannot_delete_again() -> None:
    players = [make_user() for _ in range(3)]
    me = players[0]
    game = started_game(players)
    user_delete(user=me, password=PASSWORD)
    game.refresh_from_db()
    seq = game.state_seq
    with pytest.raises(Forbidden):
        move_submit(game=game, user=me, move_json=to_json(Vote("up")), expected_seq=seq)
    with pytest.raises(Forbidden):
        chat_post(table=game.table, user=me, body="I am back")
    with pytest.raises(WrongPassword):
        user_delete(user=me, password=PASSWORD)
    game.refresh_from_db()
    assert game.state_seq == seq


def test_deleting_leaves_open_tables_and_passes_or_closes_the_ones_hosted() -> None:
    me, host, guest, late = (make_user() for _ in range(4))
    joined = table_of([host, guest, me], seats=4)
    passed = table_of([me, guest, late], seats=4)
    alone = table_of([me], seats=3)
    chat_post(table=passed, user=guest, body="who starts?")

    user_delete(user=me, password=PASSWORD)

    joined.refresh_from_db()
    passed.refresh_from_db()
    alone.refresh_from_db()
    assert joined.status == Table.Status.OPEN
    assert joined.host_id == host.pk
    assert set(joined.seats.values_list("user_id", flat=True)) == {host.pk, guest.pk}
    # Hosting passes to the player who joined first; the table keeps waiting for its start.
    assert passed.status == Table.Status.OPEN
    assert passed.host_id == guest.pk
    assert set(passed.seats.values_list("user_id", flat=True)) == {guest.pk, late.pk}
    assert ChatMessage.objects.get(table=passed).body == "who starts?"
    # Nobody else sat at it: the table closes and leaves the lobby.
    assert alone.status == Table.Status.ABORTED
    assert not alone.seats.exists()
