"""A private table's invite link: the page opened with it keeps refreshing its seats, and the
host can replace it (a player the host removed could come straight back with the old one).

- The pushed seat refresh is one copy for all readers: the code comes from the page (its
  #table-invite input, sent along by hx-include), and the table page takes it as ?invite=.
- "New invite link" (page, API): a new random code; the old link opens nothing, says so in
  words, and no longer seats anyone; sockets opened with it are closed. Only the host, only
  while the table waits for players, and not while suspended (the "host" gate).
"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.contrib.messages import get_messages
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.models import User
from games.models import Table
from games.rendering import render_table_live
from games.services.errors import Conflict, Forbidden
from games.services.lobby import (
    lobby_create,
    table_join,
    table_remove_player,
    table_renew_invite,
    table_start,
)
from tests.games.page_play import logged_in
from tests.moderation.test_enforcement import suspend

from .conftest import make_user, open_table
from .test_table_socket import socket

RENEW_BUTTON = "New invite link"


def private(players: int = 2) -> tuple[Table, list[User]]:
    """A private table with `players` seated and one seat free."""
    users = [make_user() for _ in range(players)]
    table = lobby_create(
        host=users[0],
        game_slug="toy-secrets",
        seat_count=players + 1,
        options={},
        visibility=Table.Visibility.PRIVATE,
    )
    for user in users[1:]:
        table_join(table=table, user=user, invite_code=table.invite_code)
    return table, users


def api_for(user: User) -> Client:
    token, _ = Token.objects.get_or_create(user=user)
    return Client(HTTP_AUTHORIZATION=f"Token {token.key}")


@pytest.mark.django_db
def test_an_invite_holders_page_carries_its_code_into_the_seat_refresh() -> None:
    """Before: the refresh asked /tables/<id>/?stay=1 without the code, a 404 for a holder
    not seated yet, whose seat list then never changed. The page now holds the code it was
    opened with, the push includes it, and the refresh with it answers the seats."""
    table, (_host, guest) = private()
    holder = logged_in(make_user())
    page = holder.get(f"/invite/{table.invite_code}/").content.decode()
    assert (
        f'<input type="hidden" id="table-invite" name="invite" value="{table.invite_code}">' in page
    )
    pushed = render_table_live(table.pk, None)
    assert f'hx-get="/tables/{table.pk}/?stay=1" hx-include="#table-invite"' in pushed
    refreshed = holder.get(f"/tables/{table.pk}/?stay=1&invite={table.invite_code}")
    assert refreshed.status_code == 200
    body = refreshed.content.decode()
    assert 'id="table-body"' in body
    assert guest.public_name in body
    # Its join form keeps the code too (the refreshed section replaces the first one).
    assert f'name="invite_code" value="{table.invite_code}"' in body
    assert holder.get(f"/tables/{table.pk}/?stay=1").status_code == 404
    assert holder.get(f"/tables/{table.pk}/?stay=1&invite=wrong").status_code == 404
    # A seated player's page, opened without the code, has no code to send (nor shows one).
    seated = logged_in(guest).get(f"/tables/{table.pk}/").content.decode()
    assert '<input type="hidden" id="table-invite" name="invite" value="" disabled>' in seated


@pytest.mark.django_db
def test_a_public_table_page_does_not_echo_a_code_that_is_not_its_own() -> None:
    table = open_table([make_user(), make_user()])
    page = Client().get(f"/tables/{table.pk}/?invite=not-its-code").content.decode()
    assert 'id="table-invite" name="invite" value="" disabled' in page
    assert f'ws-connect="/ws/tables/{table.pk}/"' in page  # the socket is asked without it


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["%00", "a%00b", "x" * 5000])
def test_an_invite_path_that_is_no_code_is_the_invalid_link_page(code: str) -> None:
    # A NUL in the path was passed to the database, which refused it: a 500.
    private()
    answer = Client().get(f"/invite/{code}/")
    assert answer.status_code == 404
    assert "This invite link is no longer valid" in answer.content.decode()


@pytest.mark.django_db
def test_a_renewed_link_stops_a_removed_player_coming_back() -> None:
    """The host removes a player, who could rejoin at once with the same link; the host
    renews it from the table page: the old link says it is no longer valid, and seats
    nobody; the new one (shown to the seated players) works."""
    table, (host, guest) = private()
    old = table.invite_code
    table_remove_player(table=table, by=host, user=guest)
    host_page = logged_in(host)
    before = host_page.get(f"/tables/{table.pk}/").content.decode()
    assert RENEW_BUTTON in before
    assert "The link above stops working" in before
    answer = host_page.post(f"/tables/{table.pk}/invite/renew/")
    assert answer.status_code == 302
    assert answer["Location"] == f"/tables/{table.pk}/"
    table.refresh_from_db()
    new = table.invite_code
    assert new != old
    assert len(new) >= 20
    assert f"/invite/{new}/" in host_page.get(f"/tables/{table.pk}/").content.decode()

    removed = logged_in(guest)
    gone = removed.get(f"/invite/{old}/")
    assert gone.status_code == 404
    assert "This invite link is no longer valid" in gone.content.decode()
    assert "ask the host for it" in gone.content.decode()
    assert removed.get(f"/tables/{table.pk}/?invite={old}").status_code == 404
    removed.post(f"/tables/{table.pk}/join/", {"invite_code": old})
    with pytest.raises(Forbidden):
        table_join(table=table, user=guest, invite_code=old)
    refused = api_for(guest).post(
        f"/api/tables/{table.pk}/join/", {"invite_code": old}, "application/json"
    )
    assert refused.status_code == 404
    assert not table.seats.filter(user=guest).exists()

    newcomer = logged_in(make_user())
    assert newcomer.get(f"/invite/{new}/").status_code == 200
    newcomer.post(f"/tables/{table.pk}/join/", {"invite_code": new})
    assert table.seats.count() == 2
    assert table.seats.filter(user__isnull=False).count() == 2


@pytest.mark.django_db
def test_only_the_host_renews_and_only_while_the_table_waits() -> None:
    """A seated guest is refused (403 in the API, a message on the page), a stranger finds
    no private table (404), a started table is a 409; the code never changes."""
    table, (host, guest) = private()
    code = table.invite_code
    said = get_messages(logged_in(guest).post(f"/tables/{table.pk}/invite/renew/").wsgi_request)
    assert [str(m) for m in said] == ["Only the host can renew the invite link."]
    assert logged_in(guest).get(f"/tables/{table.pk}/").content.decode().count(RENEW_BUTTON) == 0
    url = f"/api/tables/{table.pk}/invite/renew/"
    assert api_for(guest).post(url).status_code == 403
    assert api_for(make_user()).post(url).status_code == 404
    assert Client().post(url).status_code == 401
    table.refresh_from_db()
    assert table.invite_code == code

    renewed = api_for(host).post(url)
    assert renewed.status_code == 200
    table.refresh_from_db()
    assert renewed.json() == {"invite_code": table.invite_code}
    assert table.invite_code != code

    table_start(table=table, by=host)
    code = table.invite_code
    late = api_for(host).post(url)
    assert late.status_code == 409
    with pytest.raises(Conflict):
        table_renew_invite(table=table, by=host)
    page = logged_in(host).get(f"/tables/{table.pk}/?stay=1").content.decode()
    assert RENEW_BUTTON not in page
    table.refresh_from_db()
    assert table.invite_code == code


@pytest.mark.django_db
def test_a_suspended_host_cannot_renew_the_link() -> None:
    table, (host, _guest) = private()
    code = table.invite_code
    suspend(host, reason="Harassment")
    said = get_messages(logged_in(host).post(f"/tables/{table.pk}/invite/renew/").wsgi_request)
    assert ["suspended until" in str(m) and "Harassment" in str(m) for m in said] == [True]
    refused = api_for(host).post(f"/api/tables/{table.pk}/invite/renew/")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "suspended"
    table.refresh_from_db()
    assert table.invite_code == code


@pytest.mark.django_db(transaction=True)
async def test_renewing_closes_the_sockets_opened_with_the_old_code() -> None:
    """A holder's open page stops following the table (its socket is closed, as when the
    game starts); the seated players' pages are told to fetch their seats again, which
    brings them the new link."""
    table, (host, guest) = await sync_to_async(private)()
    holder = socket(table.pk, None, f"?invite={table.invite_code}")
    seated = socket(table.pk, guest)
    for comm in (holder, seated):  # opened here, not by `accepted` (its list is that module's)
        assert (await comm.connect(timeout=10))[0]
    await sync_to_async(table_renew_invite)(table=table, by=host)
    output = await holder.receive_output(timeout=3)
    assert output == {"type": "websocket.close", "code": 4403}
    assert f'hx-get="/tables/{table.pk}/?stay=1"' in await seated.receive_from(timeout=3)
    await seated.disconnect()
