"""Notification emails: your turn (once per wait, not while the game is open, not against
the profile), quiet hours in the user's zone, the daily digest instead of single emails,
deadline warnings, game over with the result and the replay link."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail

from clock.sweeper import sweep
from games.models import Presence
from notifications.digest import flush
from notifications.models import Notice
from notifications.services import notices_for_game
from tests.clock.helpers import player, vote
from tests.games.conftest import make_user, started_game

from .conftest import played_to_the_end

pytestmark = pytest.mark.django_db


def to(user_email: str) -> list[mail.EmailMessage]:
    return [m for m in mail.outbox if m.to == [user_email]]


def test_everyone_gets_one_turn_email_when_the_game_starts(clock, committed) -> None:
    users = [make_user() for _ in range(3)]
    with committed():
        game = started_game(users, time_per_move=86400)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(u.email for u in users)
    message = mail.outbox[0]
    assert message.subject == f"[Avalon Tables] Your move at table {game.table_id} (Toy Secrets)"
    assert f"/games/{game.pk}/" in message.body
    assert "/notifications/unsubscribe/" in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "Thu 19 Nov 2026, 12:00 (UTC)" in message.body  # the deadline, in the user's zone
    notices_for_game(game.pk)  # a repeated task sends nothing new
    assert len(mail.outbox) == 3


def test_a_new_wait_gets_a_new_email_and_a_running_one_does_not(clock, committed) -> None:
    users = [make_user() for _ in range(2)]
    with committed():
        game = started_game(users, time_per_move=86400)
    mail.outbox.clear()
    with committed():
        vote(game, 0)
    assert mail.outbox == []  # seat 1 still has the same move to make
    with committed():
        vote(game, 1)  # round 2: both must vote again
    assert len(mail.outbox) == 2


def test_no_turn_email_while_the_player_has_the_game_open(clock, committed) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400)
    Presence.objects.create(game=game, user=users[0], channel_name="test-channel")
    notices_for_game(game.pk)
    assert [m.to for m in mail.outbox] == [[users[1].email]]
    assert Notice.objects.get(user=users[0]).reason == "online"


def test_the_profile_switch_is_respected(clock) -> None:
    users = [make_user() for _ in range(2)]
    users[0].email_on_turn = False
    users[0].save()
    game = started_game(users, time_per_move=86400)
    notices_for_game(game.pk)
    assert [m.to for m in mail.outbox] == [[users[1].email]]


def test_quiet_hours_hold_emails_back_in_the_users_own_zone(clock) -> None:
    sleeper = make_user()
    sleeper.time_zone = "Asia/Tokyo"  # 21:00 there when it is noon in UTC
    sleeper.quiet_hours_start, sleeper.quiet_hours_end = dt.time(20), dt.time(7)
    sleeper.save()
    game = started_game([sleeper, make_user()], time_per_move=86400)
    notices_for_game(game.pk)
    assert to(sleeper.email) == []
    clock.shift(dt.timedelta(hours=9, minutes=59))  # 06:59 in Tokyo
    flush()
    assert to(sleeper.email) == []
    clock.shift(dt.timedelta(minutes=2))
    flush()
    assert len(to(sleeper.email)) == 1
    flush()
    assert len(to(sleeper.email)) == 1


def test_the_daily_digest_replaces_single_turn_emails(clock, settings) -> None:
    settings.NOTIFY_DIGEST_HOUR = 8
    reader = make_user()
    reader.daily_digest = True
    reader.save()
    games = [started_game([reader, make_user()], time_per_move=3 * 86400) for _ in range(2)]
    for game in games:
        notices_for_game(game.pk)
    assert to(reader.email) == []
    clock.move_to(dt.datetime(2026, 11, 19, 7, 59, tzinfo=dt.UTC))
    flush()
    assert to(reader.email) == []
    clock.shift(dt.timedelta(minutes=2))
    flush()
    flush()
    [digest] = to(reader.email)
    assert digest.subject == "[Avalon Tables] 2 games wait for your move"
    for game in games:
        assert f"/games/{game.pk}/" in digest.body


def test_a_deadline_warning_goes_once_inside_the_window(clock, settings) -> None:
    settings.NOTIFY_DEADLINE_WARNING_HOURS = 6
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400)
    vote(game, 0)
    clock.shift(dt.timedelta(hours=17, minutes=59))
    flush()
    assert mail.outbox == []
    clock.shift(dt.timedelta(minutes=2))
    flush()
    flush()
    late = player(game, 1)
    assert [m.to for m in mail.outbox] == [[late.email]]
    assert "Your time runs out soon" in mail.outbox[0].subject


def test_live_tables_get_no_deadline_warning(clock) -> None:
    game = started_game([make_user(), make_user()], time_per_move=300)
    clock.shift(dt.timedelta(minutes=4))
    flush()
    assert Notice.objects.filter(game=game, kind="deadline").count() == 0


def test_game_over_says_who_won_and_links_the_replay(clock, committed) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=86400, options={"rounds": 1})
    winner = played_to_the_end(game, committed)
    over = [m for m in mail.outbox if "Game over" in m.subject]
    assert len(over) == 2
    for message in over:
        assert f"/games/{game.pk}/replay/" in message.body
        won = "You won." in message.body
        assert won == (message.to == [winner.email])


def test_an_abandoned_game_says_so(clock, committed) -> None:
    users = [make_user() for _ in range(2)]
    game = started_game(users, time_per_move=3600, timeout_policy="abandon")
    clock.shift(dt.timedelta(hours=1, seconds=1))
    sweep()
    clock.shift(dt.timedelta(hours=1))
    with committed():
        sweep()
    subjects = {m.subject for m in mail.outbox}
    assert subjects == {f"[Avalon Tables] Game abandoned at table {game.table_id} (Toy Secrets)"}
    assert "counts for nobody's rating" in mail.outbox[0].body
