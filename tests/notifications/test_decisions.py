"""Decisions from the email (issue 16): the "your turn" email's single-use link opens the
seat's pending decision; GET never acts; the POST plays through move_submit and uses the
link up; forged, expired, reused or outdated links get a clear page and change nothing;
the link signs nobody in."""

from __future__ import annotations

import datetime as dt
import re
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.core.signing import dumps
from django.test import Client

from games.models import Game, GameEvent, Seat
from notifications.decisions import (
    SALT,
    ForgedLink,
    LinkRefused,
    decision_link_issue,
    decision_link_read,
    decision_link_use,
)
from notifications.digest import flush
from notifications.models import DecisionLink
from tests.clock.helpers import player, vote
from tests.games.conftest import make_user, started_game

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://\S+/notifications/decide/\S+/")


def emailed_link(address: str) -> str:
    """The path of the decision link in the newest email to `address`."""
    bodies = [m.body for m in mail.outbox if m.to == [address]]
    assert bodies, f"no email to {address}"
    found = LINK.search(str(bodies[-1]))
    assert found is not None
    return urlsplit(found.group(0)).path


def token_of(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1]


def events(game: Game) -> int:
    return GameEvent.objects.filter(game=game).count()


@pytest.fixture
def table(clock, committed):
    """A started toy game with a day per move; every player got a "your turn" email."""
    with committed():
        return started_game([make_user(), make_user()], time_per_move=86400)


def test_the_turn_email_carries_a_link_and_no_other_secret(table: Game) -> None:
    user = player(table, 0)
    path = emailed_link(user.email)
    body = next(m.body for m in mail.outbox if m.to == [user.email])
    assert "sessionid" not in body
    assert "password" not in body.lower()
    assert DecisionLink.objects.filter(user=user, game=table, used_at__isnull=True).count() == 1
    assert decision_link_read(token_of(path)).link.position == 0


def test_get_shows_the_decision_and_changes_nothing(table: Game) -> None:
    path = emailed_link(player(table, 0).email)
    before = events(table)
    client = Client()
    for _ in range(2):  # a mail scanner fetching the link, then the player
        page = client.get(path)
        assert page.status_code == 200
        assert f'action="{path}"' in page.content.decode()
    assert events(table) == before
    assert DecisionLink.objects.get(position=0, game=table).used_at is None
    assert "_auth_user_id" not in client.session  # the link signs nobody in


def test_post_decides_once_through_the_move_path(table: Game) -> None:
    path = emailed_link(player(table, 0).email)
    client = Client()
    response = client.post(
        path, {"move": '{"type": "toy.vote", "choice": "up"}', "expected_seq": table.state_seq}
    )
    assert response.status_code == 302
    assert response["Location"].endswith("/done/")
    done = client.get(response["Location"])
    assert done.status_code == 200
    assert f"/games/{table.pk}/" in done.content.decode()
    move = GameEvent.objects.get(game=table, type="toy.vote_cast")
    assert (move.actor_seat, move.actor_kind) == (0, GameEvent.ActorKind.PLAYER)
    table.refresh_from_db()
    again = client.post(
        path, {"move": '{"type": "toy.vote", "choice": "down"}', "expected_seq": table.state_seq}
    )
    assert again.status_code == 410
    assert b"already used" in again.content
    assert client.get(path).status_code == 410
    assert GameEvent.objects.filter(game=table, type="toy.vote_cast").count() == 1
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize(
    "token",
    [
        "nonsense",
        dumps({"d": 10**6}, salt=SALT),  # signed, but names no link
        dumps({"d": 1}, salt="notifications.unsubscribe"),  # another link's signature
    ],
    ids=["garbage", "no-such-link", "other-salt"],  # signed tokens carry a time: stable ids
)
def test_a_forged_link_is_refused_and_changes_nothing(table: Game, token: str) -> None:
    before = events(table)
    client = Client()
    for response in (
        client.get(f"/notifications/decide/{token}/"),
        client.post(
            f"/notifications/decide/{token}/",
            {"move": '{"type": "toy.vote", "choice": "up"}', "expected_seq": table.state_seq},
        ),
        client.get(f"/notifications/decide/{token}/done/"),
    ):
        assert response.status_code == 400
        assert b"This link does not work" in response.content
    assert events(table) == before
    with pytest.raises(ForgedLink):
        decision_link_read(token)


def test_a_tampered_link_is_refused(table: Game) -> None:
    token = token_of(emailed_link(player(table, 0).email))
    tampered = token[:-2] + ("AA" if token[-2:] != "AA" else "BB")
    assert Client().get(f"/notifications/decide/{tampered}/").status_code == 400


def test_an_expired_link_is_refused_and_changes_nothing(table: Game, clock) -> None:
    path = emailed_link(player(table, 0).email)
    clock.shift(dt.timedelta(hours=24, seconds=1))  # past the seat's deadline
    before = events(table)
    client = Client()
    assert client.get(path).status_code == 410
    response = client.post(
        path, {"move": '{"type": "toy.vote", "choice": "up"}', "expected_seq": table.state_seq}
    )
    assert response.status_code == 410
    assert b"expired" in response.content
    assert events(table) == before
    assert DecisionLink.objects.get(position=0, game=table).used_at is None


def test_a_link_without_deadline_lives_for_the_max_age(clock) -> None:
    game = started_game([make_user(), make_user()])
    Seat.objects.filter(table_id=game.table_id).update(deadline_at=None)  # e.g. a paused clock
    token = token_of(urlsplit(decision_link_issue(player(game, 0), game)).path)
    clock.shift(dt.timedelta(days=13))
    assert decision_link_read(token).seat.position == 0
    clock.shift(dt.timedelta(days=1))
    with pytest.raises(LinkRefused) as refused:
        decision_link_read(token)
    assert refused.value.reason == "expired"


def test_a_decision_made_elsewhere_ends_the_link(table: Game) -> None:
    path = emailed_link(player(table, 0).email)
    vote(table, 0)  # on the game page
    response = Client().get(path)
    assert response.status_code == 410
    assert b"already made" in response.content
    with pytest.raises(LinkRefused) as refused:
        decision_link_use(
            token_of(path),
            move_json={"type": "toy.vote", "choice": "up"},
            expected_seq=table.state_seq + 1,
        )
    assert refused.value.reason == "decided"


def test_an_old_link_does_not_open_the_next_wait(table: Game) -> None:
    old = token_of(emailed_link(player(table, 0).email))
    vote(table, 0)
    vote(table, 1)  # round 2: seat 0 is waited for again, with a new email
    with pytest.raises(LinkRefused):
        decision_link_read(old)
    table.refresh_from_db()
    assert decision_link_issue(player(table, 0), table)


def test_a_refused_move_keeps_the_link(table: Game) -> None:
    path = emailed_link(player(table, 0).email)
    client = Client()
    illegal = client.post(
        path,
        {"move": '{"type": "toy.vote", "choice": "sideways"}', "expected_seq": table.state_seq},
    )
    assert illegal.status_code == 422
    assert b"Vote up or down." in illegal.content
    stale = client.post(
        path, {"move": '{"type": "toy.vote", "choice": "up"}', "expected_seq": table.state_seq + 5}
    )
    assert stale.status_code == 409
    broken = client.post(path, {"move": "{not json", "expected_seq": table.state_seq})
    assert broken.status_code == 400
    incomplete = client.post(path, {"move": '{"type": "toy.vote", "choice": "up"}'})
    assert incomplete.status_code == 400
    assert GameEvent.objects.filter(game=table, type="toy.vote_cast").count() == 0
    assert DecisionLink.objects.get(position=0, game=table).used_at is None
    ok = client.post(
        path, {"move": '{"type": "toy.vote", "choice": "up"}', "expected_seq": table.state_seq}
    )
    assert ok.status_code == 302


def test_the_link_opens_nothing_else_of_the_account(table: Game) -> None:
    table.table.visibility = "private"
    table.table.save(update_fields=["visibility"])
    path = emailed_link(player(table, 0).email)
    client = Client()
    assert client.get(path).status_code == 200
    client.post(
        path, {"move": '{"type": "toy.vote", "choice": "up"}', "expected_seq": table.state_seq}
    )
    assert client.get(f"/games/{table.pk}/").status_code == 404  # a private game: not for a visitor
    assert client.get("/my-games/").status_code == 302  # to the log-in page
    assert client.get("/accounts/profile/").status_code in (302, 404)


def test_a_game_over_ends_the_link(table: Game) -> None:
    path = emailed_link(player(table, 1).email)
    Game.objects.filter(pk=table.pk).update(status=Game.Status.ABORTED)
    response = Client().get(path)
    assert response.status_code == 410
    assert b"over" in response.content


def test_in_french_the_email_and_the_pages(clock, committed) -> None:
    reader, other = make_user(), make_user()
    reader.language = "fr"
    reader.save(update_fields=["language"])
    with committed():
        game = started_game([reader, other], time_per_move=86400)
    body = next(m.body for m in mail.outbox if m.to == [reader.email])
    assert "Jouez votre coup d\u2019ici" in body
    path = emailed_link(reader.email)
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    assert "Ouverte depuis votre e-mail" in client.get(path).content.decode()
    client.post(
        path, {"move": '{"type": "toy.vote", "choice": "up"}', "expected_seq": game.state_seq}
    )
    assert "Ce lien a déjà servi" in client.get(path).content.decode()


def test_the_flush_deletes_links_too_old_to_be_of_use(table: Game, clock) -> None:
    path = emailed_link(player(table, 0).email)
    flush()
    assert DecisionLink.objects.filter(game=table).count() == 2
    clock.shift(dt.timedelta(days=61))
    assert flush()["links_purged"] == 2
    assert not DecisionLink.objects.exists()
    assert Client().get(path).status_code == 400  # now just a link that does not work


def test_a_used_link_sends_a_signed_in_player_to_the_game_without_asking_to_log_in(
    table: Game,
) -> None:
    """The refusal told a player already signed in to "log in to play there"."""
    path = emailed_link(player(table, 0).email)
    move = {"move": '{"type": "toy.vote", "choice": "up"}', "expected_seq": table.state_seq}
    assert Client().post(path, move).status_code == 302
    signed_in = Client()
    signed_in.force_login(player(table, 0))
    page = signed_in.get(path)
    assert page.status_code == 410
    assert f'<a href="/games/{table.pk}/">its page</a>.' in page.content.decode()
    assert b"log in to play there" not in page.content
    assert b"log in to play there" in Client().get(path).content
