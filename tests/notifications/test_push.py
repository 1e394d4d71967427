"""Web push under the rules of the emails (issue 16), against a stub push service that
receives the real encrypted pushes: each test's browser holds a real P-256 key pair and
decrypts what the site sent, so the assertions are on exactly the pushes that reached it.

Your turn while away: one push. On the game page: none. In quiet hours: none, then one after
them. After the device unsubscribed, or turned that kind off: none. A push service
answering 410: the subscription is removed. Game over: won / not won, to the replay.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core import mail

from games.models import Presence
from notifications import vapid
from notifications.devices import (
    DeviceError,
    NewSubscription,
    device_subscribe,
    device_unsubscribe,
    push_kinds_set,
)
from notifications.digest import flush
from notifications.models import Notice, PushSubscription
from notifications.services import notices_for_game
from tests.clock.helpers import player, vote
from tests.games.conftest import make_user, started_game

from .conftest import played_to_the_end
from .push_service import Browser, PushService

pytestmark = pytest.mark.django_db


def subscribed(user: Any, stub: PushService, name: str) -> Browser:
    browser = Browser(stub.endpoint(name))
    sub = browser.subscription()
    device_subscribe(user, NewSubscription(sub["endpoint"], **sub["keys"], device="Test"))
    return browser


def pushes(stub: PushService, name: str, browser: Browser) -> list[dict[str, Any]]:
    return [browser.read(p, vapid.public_key()) for p in stub.to(name)]


def test_your_turn_while_away_is_one_push(clock, committed, stub) -> None:
    users = [make_user() for _ in range(2)]
    browser = subscribed(users[0], stub, "a")
    with committed():
        game = started_game(users, time_per_move=86400)
    [message] = pushes(stub, "a", browser)
    assert message == {
        "title": "Your move",
        "body": f"Toy Secrets at table {game.table_id}",
        "url": f"/games/{game.pk}/",
        "tag": f"game-{game.pk}",
    }
    assert stub.to("a")[0].headers["topic"] == f"game-{game.pk}"
    assert len(mail.outbox) == 2  # the emails still go, to both players
    notices_for_game(game.pk)  # a repeated task pushes nothing new
    assert len(stub.to("a")) == 1
    with committed():
        vote(game, 0)
        vote(game, 1)  # round 2: a new wait, a new push
    assert [m["title"] for m in pushes(stub, "a", browser)] == ["Your move", "Your move"]
    assert PushSubscription.objects.get(user=users[0]).last_push_at is not None


def test_no_push_while_the_player_has_the_game_open(clock, stub) -> None:
    users = [make_user() for _ in range(2)]
    subscribed(users[0], stub, "a")
    game = started_game(users, time_per_move=86400)
    Presence.objects.create(game=game, user=users[0], channel_name="test-channel")
    notices_for_game(game.pk)
    assert stub.received == []
    assert Notice.objects.get(user=users[0], channel="push").reason == "online"


def test_quiet_hours_hold_the_push_until_they_end(clock, stub) -> None:
    sleeper = make_user()
    sleeper.time_zone = "Asia/Tokyo"  # 21:00 there when it is noon in UTC
    sleeper.quiet_hours_start, sleeper.quiet_hours_end = dt.time(20), dt.time(7)
    sleeper.save()
    browser = subscribed(sleeper, stub, "a")
    game = started_game([sleeper, make_user()], time_per_move=86400)
    notices_for_game(game.pk)
    assert stub.received == []
    clock.shift(dt.timedelta(hours=9, minutes=59))  # 06:59 in Tokyo
    flush()
    assert stub.received == []
    clock.shift(dt.timedelta(minutes=2))
    flush()
    flush()
    assert [m["title"] for m in pushes(stub, "a", browser)] == ["Your move"]


def test_the_daily_digest_does_not_hold_pushes(clock, stub) -> None:
    reader = make_user()
    reader.daily_digest = True
    reader.save()
    browser = subscribed(reader, stub, "a")
    game = started_game([reader, make_user()], time_per_move=86400)
    notices_for_game(game.pk)
    assert [m["url"] for m in pushes(stub, "a", browser)] == [f"/games/{game.pk}/"]
    assert [m.to for m in mail.outbox] != [[reader.email]]  # the turn email waits


def test_no_push_after_the_device_unsubscribed(clock, stub) -> None:
    users = [make_user() for _ in range(2)]
    browser = subscribed(users[0], stub, "a")
    assert device_unsubscribe(users[1], endpoint=browser.endpoint) == 0  # not theirs
    assert device_unsubscribe(users[0], endpoint=browser.endpoint) == 1
    game = started_game(users, time_per_move=86400)
    notices_for_game(game.pk)
    assert stub.received == []
    assert not Notice.objects.filter(user=users[0], channel="push").exists()


def test_no_push_of_a_kind_turned_off(clock, committed, stub) -> None:
    users = [make_user() for _ in range(2)]
    browser = subscribed(users[0], stub, "a")
    push_kinds_set(users[0], {"turn": False})
    game = started_game(users, time_per_move=86400, options={"rounds": 1})
    notices_for_game(game.pk)
    assert stub.received == []
    assert Notice.objects.get(user=users[0], channel="push").reason == "preference"
    assert len(mail.outbox) == 2  # the email switch is another one
    with committed():
        vote(game, 0)
        vote(game, 1)
    [over] = pushes(stub, "a", browser)  # game over is still wanted
    assert over["url"] == f"/games/{game.pk}/replay/"


def test_a_gone_subscription_is_removed(clock, stub) -> None:
    users = [make_user() for _ in range(2)]
    subscribed(users[0], stub, "gone")
    kept = subscribed(users[0], stub, "kept")
    stub.gone.add("gone")
    game = started_game(users, time_per_move=86400)
    notices_for_game(game.pk)
    assert len(stub.to("gone")) == 1
    assert [m["title"] for m in pushes(stub, "kept", kept)] == ["Your move"]
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]
    stub.gone.add("kept")
    game = started_game(users, time_per_move=86400)
    notices_for_game(game.pk)
    assert not PushSubscription.objects.exists()
    assert Notice.objects.get(game=game, user=users[0], channel="push").reason == "no_device"


def test_game_over_says_who_won(clock, committed, stub) -> None:
    users = [make_user() for _ in range(2)]
    browsers = [subscribed(u, stub, f"u{i}") for i, u in enumerate(users)]
    game = started_game(users, time_per_move=86400, options={"rounds": 1})
    winner = played_to_the_end(game, committed)
    for i, user in enumerate(users):
        [over] = pushes(stub, f"u{i}", browsers[i])
        won = user == winner
        assert over["title"] == ("Game over: you won" if won else "Game over: you did not win")


def test_a_deadline_warning_is_pushed_once(clock, settings, stub) -> None:
    settings.NOTIFY_DEADLINE_WARNING_HOURS = 6
    game = started_game([make_user(), make_user()], time_per_move=86400)
    late = player(game, 1)
    late.deadline_warnings = False  # the email switch: the push still goes
    late.save()
    browser = subscribed(late, stub, "late")
    vote(game, 0)
    clock.shift(dt.timedelta(hours=18, minutes=1))
    flush()
    flush()
    [warning] = pushes(stub, "late", browser)
    assert warning["title"] == "Your time runs out soon"
    assert "Thu 19 Nov 2026, 12:00 (UTC)" in warning["body"]
    assert mail.outbox == []


def test_a_subscription_is_checked_and_an_endpoint_has_one_owner(settings) -> None:
    settings.WEBPUSH_ALLOW_HTTP = False
    me, other = make_user(), make_user()
    good = Browser("https://push.example.net/send/abc").subscription()
    keys = good["keys"]
    bad: list[dict[str, str]] = [
        {"endpoint": "http://push.example.net/send/abc", **keys},  # plain http
        {"endpoint": "javascript:alert(1)", **keys},
        {"endpoint": good["endpoint"], "p256dh": "not-a-key", "auth": keys["auth"]},
        {"endpoint": good["endpoint"], "p256dh": keys["p256dh"][:-4], "auth": keys["auth"]},
        {"endpoint": good["endpoint"], "p256dh": keys["p256dh"], "auth": "c2hvcnQ"},
    ]
    for fields in bad:
        with pytest.raises(DeviceError):
            device_subscribe(me, NewSubscription(**fields))
    assert not PushSubscription.objects.exists()
    device_subscribe(me, NewSubscription(good["endpoint"], **keys))
    device_subscribe(other, NewSubscription(good["endpoint"], **keys))  # same browser
    assert list(PushSubscription.objects.values_list("user", flat=True)) == [other.pk]


def test_the_embedded_vapid_key_is_made_once(settings, tmp_path) -> None:
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    settings.WEBPUSH_VAPID_KEY_FILE = tmp_path / "var" / "vapid_private.key"
    vapid.forget()
    first = vapid.public_key()
    vapid.forget()
    assert vapid.public_key() == first
    assert len(vapid.b64url_decode(first)) == 65
    assert settings.WEBPUSH_VAPID_KEY_FILE.stat().st_mode & 0o077 == 0
    settings.WEBPUSH_VAPID_PRIVATE_KEY = vapid.new_private_key()
    vapid.forget()
    assert vapid.public_key() != first  # the environment's key wins
    vapid.forget()


def test_a_push_is_written_in_its_readers_language(clock, stub) -> None:
    reader = make_user()
    reader.language = "fr"
    reader.save()
    browser = subscribed(reader, stub, "fr")
    game = started_game([reader, make_user()], time_per_move=86400)
    notices_for_game(game.pk)
    [message] = pushes(stub, "fr", browser)
    assert message["title"] == "À vous de jouer"
    assert message["body"].endswith(f"à la table {game.table_id}")
