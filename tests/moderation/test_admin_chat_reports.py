"""Chat, reports and site switches through the admin as a moderator (issue 5): hiding a
message replaces it with "removed by a moderator" on the page and in the API (and pushes
that to open sockets); reports are made from the game page or a chat message, one open per
reporter, target and game, and worked as a queue; switches pause tables and show a banner."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from games.models import ChatMessage, Game
from games.services.chat import chat_post
from games.services.errors import ServiceError
from games.services.lobby import lobby_create
from moderation.models import AuditLog, Report, SiteSwitches

from .conftest import action, make_user, messages_of

pytestmark = pytest.mark.django_db

CHAT = "/admin/games/chatmessage/"


def player_client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_hide_replaces_the_message_for_everyone(
    mod_client: Client, game: Game, players: list[User]
) -> None:
    rude = chat_post(table=game.table, user=players[0], body="you are all fools")
    chat_post(table=game.table, user=players[1], body="calm down")
    found = mod_client.get(f"{CHAT}?q=fools").context["cl"].result_list
    assert [m.pk for m in found] == [rude.pk]  # search
    action(mod_client, CHAT, "hide_messages", [rude.pk], reason="Insults")
    rude.refresh_from_db()
    assert rude.hidden_by_moderator
    assert rude.hidden_at is not None
    for viewer in (players[1], make_user("watcher")):
        page = player_client(viewer).get(f"/games/{game.pk}/").content.decode()
        assert "removed by a moderator" in page
        assert "fools" not in page
        assert "calm down" in page
    api = player_client(players[2]).get(f"/api/tables/{game.table_id}/chat/").json()
    assert [m["body"] for m in api] == ["removed by a moderator", "calm down"]
    assert AuditLog.objects.get(action="chat_hide").reason == "Insults"
    action(mod_client, CHAT, "restore_messages", [rude.pk], reason="Misread")
    rude.refresh_from_db()
    assert not rude.hidden_by_moderator


def test_report_from_the_game_page_once_per_game(game: Game, players: list[User]) -> None:
    client = player_client(players[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"/moderation/report/?game={game.pk}" in page
    form = client.get(f"/moderation/report/?game={game.pk}")
    assert form.status_code == 200
    assert players[1].public_name in form.content.decode()
    data = {"game": game.pk, "target": players[1].pk, "reason": "cheating", "details": "signals"}
    sent = client.post("/moderation/report/", data)
    assert sent.status_code == 302
    report = Report.objects.get()
    assert (report.reporter, report.target, report.game, report.status) == (
        players[0],
        players[1],
        game,
        Report.Status.OPEN,
    )
    again = client.post("/moderation/report/", data)
    assert again.status_code == 400
    assert b"already have an open report" in again.content
    assert Report.objects.count() == 1


def test_report_a_chat_message(game: Game, players: list[User]) -> None:
    message = chat_post(table=game.table, user=players[1], body="Merlin is seat 2 lol")
    client = player_client(players[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"/moderation/report/?message={message.pk}" in page
    sent = client.post(
        "/moderation/report/", {"message": message.pk, "reason": "spoiling", "details": ""}
    )
    assert sent.status_code == 302
    report = Report.objects.get()
    assert report.target == players[1]
    assert report.chat_message == message
    assert report.game == game


def test_cannot_report_yourself(game: Game, players: list[User]) -> None:
    message = chat_post(table=game.table, user=players[0], body="hello")
    sent = player_client(players[0]).post(
        "/moderation/report/", {"message": message.pk, "reason": "spam"}
    )
    assert sent.status_code == 400
    assert not Report.objects.exists()


def test_report_queue_context_assign_and_close(
    mod_client: Client, moderator: User, game: Game, players: list[User]
) -> None:
    for body in ("before", "the bad one", "after"):
        message = chat_post(table=game.table, user=players[1], body=body)
        if body == "the bad one":
            bad = message
    report = Report.objects.create(
        reporter=players[0], target=players[1], game=game, chat_message=bad, reason="abuse"
    )
    page = mod_client.get(f"/admin/moderation/report/{report.pk}/change/").content.decode()
    assert "before" in page
    assert "the bad one" in page
    assert "after" in page
    action(mod_client, "/admin/moderation/report/", "assign_to_me", [report.pk])
    report.refresh_from_db()
    assert report.assignee == moderator
    closed = action(
        mod_client,
        "/admin/moderation/report/",
        "resolve",
        [report.pk],
        status="actioned",
        reason="Warned",
    )
    assert any("closed as actioned" in m for m in messages_of(closed))
    report.refresh_from_db()
    assert report.status == Report.Status.ACTIONED
    assert report.resolution == "Warned"
    open_list = mod_client.get("/admin/moderation/report/?status__exact=open")
    assert list(open_list.context["cl"].result_list) == []


def test_site_switches_pause_tables_and_show_a_banner(
    mod_client: Client, players: list[User]
) -> None:
    switches = SiteSwitches.load()
    url = f"/admin/moderation/siteswitches/{switches.pk}/change/"
    saved = mod_client.post(
        url, {"stop_table_creation": "on", "banner": "Restart at 22:00 UTC"}, follow=True
    )
    assert saved.status_code == 200
    assert "Restart at 22:00 UTC" in player_client(players[0]).get("/lobby/").content.decode()
    with pytest.raises(ServiceError, match="paused"):
        lobby_create(host=players[0], game_slug="toy-secrets", seat_count=3)
    api = player_client(players[0]).post(
        "/api/tables/create/", {"game": "toy-secrets", "seat_count": 3}, "application/json"
    )
    assert api.status_code == 409
    assert api.json()["error"]["code"] == "tables_paused"
    assert AuditLog.objects.get(action="site_switches_update").details["after"]["banner"]
    mod_client.post(url, {"banner": ""})
    assert not SiteSwitches.load().stop_table_creation
    lobby_create(host=players[0], game_slug="toy-secrets", seat_count=3)  # allowed again
    assert ChatMessage.objects.count() == 0


def test_report_about_a_game_shows_what_the_target_said_there(
    mod_client: Client, game: Game, players: list[User]
) -> None:
    chat_post(table=game.table, user=players[1], body="I will throw this game")
    chat_post(table=game.table, user=players[2], body="unrelated")
    report = Report.objects.create(
        reporter=players[0], target=players[1], game=game, reason="stalling"
    )
    page = mod_client.get(f"/admin/moderation/report/{report.pk}/change/").content.decode()
    assert "I will throw this game" in page
    assert "unrelated" not in page
