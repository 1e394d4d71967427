"""User moderation through the admin as a moderator (issue 5): suspend, ban, lift, mark
verified; the user is logged out at once (sessions, API token, game sockets) and their
running deadlines fall due for the table's timeout policy; the user page shows games,
reports, chat, sanctions and the accounts seen from the same address."""

from __future__ import annotations

import datetime as dt

import pytest
from allauth.account.models import EmailAddress
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import User
from games.models import Game, Seat
from moderation.models import AuditLog, IpSighting, Sanction

from .conftest import action, make_user, messages_of

pytestmark = pytest.mark.django_db

USERS = "/admin/accounts/user/"


def test_suspend_logs_out_revokes_token_and_makes_deadlines_due(
    mod_client: Client, moderator: User, players: list[User], game: Game
) -> None:
    target = players[1]
    player_client = Client()
    player_client.force_login(target)
    Token.objects.create(user=target)
    Seat.objects.filter(user=target).update(deadline_at=timezone.now() + dt.timedelta(days=1))
    assert Session.objects.count() >= 2

    # The action first asks for the reason...
    ask = mod_client.post(USERS, {"action": "suspend_users", "_selected_action": [target.pk]})
    assert ask.status_code == 200
    assert b'name="reason"' in ask.content
    # ...and applies once the form comes back.
    response = action(mod_client, USERS, "suspend_users", [target.pk], reason="Abuse", days=3)
    assert any("suspended until" in m for m in messages_of(response))

    sanction = Sanction.objects.get(user=target)
    assert sanction.kind == Sanction.Kind.SUSPENSION
    assert sanction.reason == "Abuse"
    assert sanction.until is not None
    assert sanction.until - timezone.now() > dt.timedelta(days=2, hours=23)
    assert not Token.objects.filter(user=target).exists()
    assert player_client.get("/my-games/").status_code == 302  # logged out: sent to log in
    assert mod_client.get("/admin/").status_code == 200  # the moderator's session lives on
    seat = Seat.objects.get(user=target)
    assert seat.deadline_at is not None
    assert seat.deadline_at <= timezone.now()
    entry = AuditLog.objects.get(action="user_suspend")
    assert (entry.actor, entry.reason, entry.object_id) == (moderator, "Abuse", str(target.pk))


def test_a_reason_is_required(mod_client: Client, players: list[User]) -> None:
    response = action(mod_client, USERS, "ban_users", [players[0].pk], reason="")
    assert b"This field is required" in response.content
    assert not Sanction.objects.exists()


def test_ban_then_lift(mod_client: Client, players: list[User]) -> None:
    target = players[0]
    action(mod_client, USERS, "ban_users", [target.pk], reason="Cheating ring")
    assert Sanction.objects.active().get(user=target).kind == Sanction.Kind.BAN
    response = action(mod_client, USERS, "lift_sanctions", [target.pk], reason="Appeal upheld")
    assert any("1 sanction(s) lifted" in m for m in messages_of(response))
    assert not Sanction.objects.active().filter(user=target).exists()
    assert AuditLog.objects.filter(action="sanction_lift", reason="Appeal upheld").exists()


def test_lift_from_the_sanction_list(mod_client: Client, players: list[User]) -> None:
    target = players[0]
    action(mod_client, USERS, "suspend_users", [target.pk], reason="Spam", days=1)
    sanction = Sanction.objects.get(user=target)
    action(mod_client, "/admin/moderation/sanction/", "lift", [sanction.pk], reason="Mistake")
    sanction.refresh_from_db()
    assert sanction.lifted_at is not None
    assert sanction.lift_reason == "Mistake"


def test_mark_email_verified(mod_client: Client) -> None:
    user = User.objects.create_user("lamorak", "lamorak@example.com", "pw-Excalibur-42")
    EmailAddress.objects.create(user=user, email=user.email, verified=False, primary=True)
    action(mod_client, USERS, "mark_email_verified", [user.pk], reason="Mail bounced")
    assert EmailAddress.objects.get(user=user).verified
    assert AuditLog.objects.filter(action="email_mark_verified").exists()


def test_user_page_shows_games_reports_chat_sanctions_and_same_ip(
    mod_client: Client, players: list[User], game: Game
) -> None:
    target, twin = players[0], make_user("twin")
    for user in (target, twin):
        IpSighting.objects.create(user=user, ip="203.0.113.9")
    action(mod_client, USERS, "suspend_users", [target.pk], reason="Two accounts", days=2)
    page = mod_client.get(f"{USERS}{target.pk}/change/").content.decode()
    assert f"Game {game.pk}" in page
    assert "twin" in page  # other accounts from the same IP
    assert "Two accounts" in page  # the sanction
    assert "message(s)" in page
    assert "reports" in page
