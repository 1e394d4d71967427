"""Who may do what in the admin (issue 5): the "Moderators" group holds exactly the
moderation permissions; moderators cannot change or delete the event log, cannot manage
staff (flags, groups, permissions, passwords); players cannot reach the admin at all; the
audit log is read-only; an event in full, like the full log, needs moderate_games."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from games.models import Game, GameEvent
from moderation.models import AuditLog

from .conftest import action, make_moderator, make_user, moderators_group

pytestmark = pytest.mark.django_db


def test_the_group_has_exactly_the_moderation_permissions() -> None:
    # The migration's group, or the same rebuilt from the migration's list where a
    # transactional test ran first in this worker and flushed it (pytest-xdist's worksteal
    # can hand a worker plain tests after transactional ones).
    perms = {
        f"{p.content_type.app_label}.{p.codename}" for p in moderators_group().permissions.all()
    }
    assert perms == {
        "accounts.view_user",
        "games.view_table",
        "games.view_game",
        "games.view_gameevent",
        "games.view_chatmessage",
        "moderation.view_sanction",
        "moderation.moderate_users",
        "moderation.view_auditlog",
        "moderation.moderate_games",
        "moderation.moderate_chat",
        "moderation.view_report",
        "moderation.change_report",
        "moderation.view_siteswitches",
        "moderation.change_siteswitches",
        "moderation.view_ipsighting",
    }


def test_moderator_cannot_change_or_delete_events(mod_client: Client, game: Game) -> None:
    event = GameEvent.objects.filter(game=game).first()
    assert event is not None
    base = f"/admin/games/gameevent/{event.pk}"
    assert mod_client.get(f"{base}/delete/").status_code == 403
    assert mod_client.post(f"{base}/delete/", {"post": "yes"}).status_code == 403
    listing = mod_client.get("/admin/games/gameevent/")
    assert listing.status_code == 200
    assert b"delete_selected" not in listing.content
    action(mod_client, "/admin/games/gameevent/", "delete_selected", [event.pk])
    assert GameEvent.objects.filter(pk=event.pk).exists()
    view = mod_client.get(f"{base}/change/")
    assert view.status_code == 200
    assert b'name="_save"' not in view.content
    # Nor through the game or its table (a cascade would take the log with it).
    assert mod_client.get(f"/admin/games/game/{game.pk}/delete/").status_code == 403
    assert mod_client.get(f"/admin/games/table/{game.table_id}/delete/").status_code == 403
    assert GameEvent.objects.filter(pk=event.pk).exists()


def test_even_a_superuser_cannot_delete_events(game: Game) -> None:
    boss = User.objects.create_superuser("uther", "uther@example.com", "x")
    client = Client()
    client.force_login(boss)
    event = GameEvent.objects.filter(game=game).first()
    assert event is not None
    assert client.get(f"/admin/games/gameevent/{event.pk}/delete/").status_code == 403


def test_moderator_cannot_manage_staff(mod_client: Client) -> None:
    player = make_user("tristan")
    other_mod = make_moderator("bedivere")
    change = mod_client.post(
        f"/admin/accounts/user/{player.pk}/change/",
        {"username": "tristan", "is_staff": "on", "is_superuser": "on", "date_joined_0": "x"},
    )
    assert change.status_code == 403
    player.refresh_from_db()
    assert not player.is_staff
    assert not player.is_superuser
    assert mod_client.get(f"/admin/accounts/user/{player.pk}/password/").status_code == 403
    assert mod_client.get("/admin/accounts/user/add/").status_code == 403
    assert mod_client.get(f"/admin/accounts/user/{player.pk}/delete/").status_code == 403
    assert mod_client.get("/admin/auth/group/").status_code == 403
    # Nor sanction another staff member.
    action(mod_client, "/admin/accounts/user/", "ban_users", [other_mod.pk], reason="coup")
    assert not other_mod.sanctions.exists()


def test_superuser_may_manage_staff() -> None:
    boss = User.objects.create_superuser("uther", "uther@example.com", "x")
    client = Client()
    client.force_login(boss)
    player = make_user("tristan")
    page = client.get(f"/admin/accounts/user/{player.pk}/change/")
    assert b'name="is_staff"' in page.content


def test_a_player_cannot_reach_the_admin(game: Game) -> None:
    client = Client()
    client.force_login(make_user("mordred"))
    for url in ("/admin/", "/admin/games/game/", f"/admin/games/game/{game.pk}/log/"):
        response = client.get(url)
        assert response.status_code == 302
        assert "/admin/login/" in response["Location"]


def test_audit_log_is_read_only(mod_client: Client, players: list[User]) -> None:
    action(mod_client, "/admin/accounts/user/", "ban_users", [players[0].pk], reason="r")
    entry = AuditLog.objects.get()
    assert mod_client.get(f"/admin/moderation/auditlog/{entry.pk}/delete/").status_code == 403
    assert mod_client.get("/admin/moderation/auditlog/add/").status_code == 403
    page = mod_client.get(f"/admin/moderation/auditlog/{entry.pk}/change/")
    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    with pytest.raises(TypeError):
        entry.save()


@pytest.mark.parametrize("extra", [[], ["view_game"]])
def test_reading_an_event_in_full_needs_the_moderate_games_permission(
    game: Game, extra: list[str]
) -> None:
    """A staff member allowed to list the log but not to moderate games reads no event in
    full (its payload holds every seat's secrets while the game is in play), as the full
    log view refuses them; nor is the read written to the audit log."""
    from django.contrib.auth.models import Permission

    staff = make_user("bedivere")
    staff.is_staff = True
    staff.save()
    for codename in ["view_gameevent", *extra]:
        staff.user_permissions.add(Permission.objects.get(codename=codename))
    client = Client()
    client.force_login(staff)
    event = GameEvent.objects.filter(game=game).order_by("seq").first()
    assert event is not None
    assert client.get("/admin/games/gameevent/").status_code == 200  # the list: no payload
    assert client.get(f"/admin/games/gameevent/{event.pk}/change/").status_code == 403
    assert client.get(f"/admin/games/game/{game.pk}/log/").status_code == 403
    assert not AuditLog.objects.exists()
    # A moderator (moderate_games) reads it, audited.
    moderator = Client()
    moderator.force_login(make_moderator())
    assert moderator.get(f"/admin/games/gameevent/{event.pk}/change/").status_code == 200
    assert AuditLog.objects.filter(action="game_event_read").count() == 1
