"""Fixtures of the moderation tests: a moderator (staff, in the "Moderators" group made by
the data migration) logged in to the admin, players and a started toy game."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.contrib.auth.models import Group, Permission
from django.test import Client

from accounts.models import User
from games.models import Game
from tests.games import toygame  # noqa: F401  (registers "toy-secrets")
from tests.games.conftest import make_user, seat_users, started_game


def moderators_group() -> Group:
    """The group from the data migration; transactional tests flush it away, so it is
    rebuilt here from the migration's own list (permissions come back after a flush)."""
    group, created = Group.objects.get_or_create(name="Moderators")
    if created:
        migration = importlib.import_module("moderation.migrations.0002_moderators_group")
        group.permissions.set(
            [
                Permission.objects.get(
                    content_type__app_label=app, content_type__model=model, codename=codename
                )
                for app, model, codename in migration.PERMISSIONS
            ]
        )
    return group


def make_moderator(name: str = "kay") -> User:
    user = make_user(name)
    user.is_staff = True
    user.save()
    user.groups.add(moderators_group())
    return user


@pytest.fixture
def moderator() -> User:
    return make_moderator()


@pytest.fixture
def mod_client(moderator: User) -> Client:
    client = Client()
    client.force_login(moderator)
    return client


@pytest.fixture
def players() -> list[User]:
    return [make_user() for _ in range(3)]


@pytest.fixture
def game(players: list[User]) -> Game:
    return started_game(players)


def action(client: Client, url: str, name: str, ids: list[Any], **fields: Any) -> Any:
    """Post an admin action's form back with "apply" (as the confirm button does)."""
    data = {"action": name, "_selected_action": [str(i) for i in ids], "apply": "1", **fields}
    return client.post(url, data, follow=True)


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


__all__ = ["action", "make_moderator", "make_user", "messages_of", "seat_users", "started_game"]
