"""Coming back to a game (issue 11): each seat's last seen seq (page, API, websocket),
"Since your last visit" per game from that seat's own redacted log, and the log grouped by
round with the marker where the last visit ended."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from games.models import Game, Seat
from games.presentation import presenter_for
from games.presentation.resistance.wire import ev
from games.presentation.rounds import mark_last_visit, rounds_of
from games.presentation.since import since_last_visit
from games.presentation.words import Reader, waiting_for
from games.rendering import game_context, log_lines, since_text_for
from games.selectors import events_after, game_view_for_user
from games.services.seen import seat_seen_mark
from notifications.emails import send_digest, send_turn

from .conftest import make_user, play_pending_once, seat_users, started_game

pytestmark = pytest.mark.django_db

GAMES = {
    "resistance-avalon": 5,
    "tournament-camelot": 3,
    "tournament-avalon": 3,
    "colovini-avalon": 2,
    "jousting-avalon": 3,
}


def _game(slug: str) -> tuple[Game, dict[int, User]]:
    game = started_game([make_user() for _ in range(GAMES[slug])], slug)
    return game, seat_users(game)


def _seen(game: Game, seat: int) -> int:
    return Seat.objects.get(table_id=game.table_id, position=seat).last_seen_seq


def _play(game: Game, rounds: int) -> None:
    for _ in range(rounds):
        if not play_pending_once(game):
            return


def _context(game: Game, user: User, seen: int) -> dict[str, object]:
    game.refresh_from_db()
    feed = game_view_for_user(game, user)
    return game_context(feed, log=events_after(game, 0, feed["my_seat"]), seen=seen)


def test_page_api_and_reads_record_the_last_seen_seq() -> None:
    game, users = _game("resistance-avalon")
    assert _seen(game, 0) == 0  # seated, never looked
    client = Client()
    client.force_login(users[0])
    _play(game, 2)
    game.refresh_from_db()
    before = _seen(game, 0)
    assert before < game.state_seq
    page = client.get(f"/games/{game.pk}/")
    assert page.context["since"] is not None
    assert _seen(game, 0) == game.state_seq
    # A second look shows nothing new, and writes nothing.
    again = client.get(f"/games/{game.pk}/")
    assert again.context["since"] is None
    # The API's state read counts too.
    _play(game, 1)
    game.refresh_from_db()
    api = Client()
    api.force_login(users[1])
    assert api.get(f"/api/games/{game.pk}/").status_code == 200
    assert _seen(game, 1) == game.state_seq
    assert _seen(game, 2) < game.state_seq  # nobody else's mark moved


def test_the_mark_never_goes_back() -> None:
    game, _ = _game("resistance-avalon")
    assert seat_seen_mark(game, 0, 5)
    assert not seat_seen_mark(game, 0, 3)
    assert not seat_seen_mark(game, 0, 5)
    assert _seen(game, 0) == 5


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_summary_per_game_is_the_seats_own_story(slug: str) -> None:
    game, users = _game(slug)
    seen = game.state_seq
    _play(game, 6)
    for seat, user in users.items():
        context = _context(game, user, seen)
        since = context["since"]
        assert since is not None, (slug, seat)
        feed = context["feed"]
        assert isinstance(feed, dict)
        own = {line["text"] for line in log_lines(feed, events_after(game, seen, seat))}
        shown = [line for r in since.rounds for line in r.lines]  # type: ignore[attr-defined]
        assert shown
        # Every line of the summary is a line of this seat's own redacted log: it cannot
        # tell another seat's secret (the redaction is games.redaction.log_as_seen's).
        assert {line["text"] for line in shown} <= own
        assert all(int(line["seq"]) > seen for line in shown)
        presenter = presenter_for(slug)
        # Only the story: headline events, never "X's turn." or "X has voted.".
        entries = {e["seq"]: e for e in events_after(game, seen, seat)}
        assert all(entries[line["seq"]]["type"] in presenter.headline for line in shown)
        text = since.as_text()  # type: ignore[attr-defined]
        assert "Since your last visit" in text


def test_resistance_vote_is_one_line_with_its_table() -> None:
    game, users = _game("resistance-avalon")
    seen = game.state_seq
    _play(game, 2)  # a proposal and everyone's vote
    context = _context(game, users[0], seen)
    lines = context["log"]
    assert isinstance(lines, list)
    texts = [line["text"] for line in lines if line["shown"]]
    assert not any("has voted" in t for t in texts)
    reveal = next(line for line in lines if line["table"])
    assert len(reveal["table"]) == 5
    assert {tone for _, _, tone in reveal["table"]} <= {"approve", "reject"}
    html = Client()
    html.force_login(users[1])
    page = html.get(f"/games/{game.pk}/").content.decode()
    assert "Since your last visit" in page
    assert 'class="log__table"' in page
    assert "Quest 1" in page


def test_quest_result_counts_fail_cards_with_plurals() -> None:
    words = presenter_for("resistance-avalon").words
    assert words is not None
    one = {"type": ev.QuestResolved.TYPE, "quest": 2, "succeeded": False, "fails": 1}
    two = {**one, "fails": 2}
    reader = Reader(["A", "B"])
    assert words.describe(one, reader) == "Quest 2 fails with 1 Fail card."
    assert words.describe(two, reader) == "Quest 2 fails with 2 Fail cards."


def test_rounds_newest_first_with_the_marker() -> None:
    lines = [
        {"seq": 1, "opens": "", "shown": True, "headline": True},
        {"seq": 2, "opens": "Quest 1", "shown": True, "headline": True},
        {"seq": 3, "opens": "", "shown": False, "headline": False},
        {"seq": 4, "opens": "", "shown": True, "headline": True},
        {"seq": 5, "opens": "Quest 2", "shown": True, "headline": True},
    ]
    rounds = rounds_of(lines)
    assert [r.title for r in rounds] == ["The start", "Quest 1", "Quest 2"]
    assert [line["seq"] for line in rounds[1].lines] == [2, 4]  # the hidden line is not shown
    mark_last_visit(rounds, 3)
    marked = [line["seq"] for r in rounds for line in r.lines if line.get("marker")]
    assert marked == [2]  # the newest line seen: the marker sits above it
    # A push continuing the current round, then opening a new one.
    pushed = rounds_of(lines[3:], new_only=True)
    assert [(r.title, [line["seq"] for line in r.lines]) for r in pushed] == [
        ("", [4]),
        ("Quest 2", [5]),
    ]
    summary = since_last_visit(lines, 3, now=["Vote"])
    assert summary is not None
    assert [r.title for r in summary.rounds] == ["Quest 1", "Quest 2"]
    assert summary.now == ["Vote"]
    assert since_last_visit(lines, 5) is None


def test_page_marks_where_the_last_visit_ended_and_offers_a_reload() -> None:
    game, users = _game("resistance-avalon")
    client = Client()
    client.force_login(users[0])
    client.get(f"/games/{game.pk}/")
    _play(game, 2)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="last-visit"' in page
    assert "<noscript>" in page
    assert re.search(r"ws-connect=\"[^\"]*seen=\d+", page)
    # The log's filter and rounds.
    assert 'name="log-filter"' in page
    assert "log__round-title" in page


def test_turn_email_tells_what_happened_since_the_last_visit() -> None:
    game, users = _game("resistance-avalon")
    Client().force_login(users[0])
    seat_seen_mark(game, 0, game.state_seq)
    _play(game, 2)  # a proposal, then everyone votes
    game.refresh_from_db()
    text = since_text_for(game, users[0])
    assert text.startswith("Since your last visit:")
    assert "Quest 1" in text
    assert "The team is" in text
    names = [u.public_name for _, u in sorted(users.items())]
    assert all(f"    {n}: " in text for n in names)  # the vote's table, one row a seat
    send_turn(users[0], game)
    assert text in mail.outbox[-1].body
    # Reading the email is not a visit.
    assert _seen(game, 0) < game.state_seq


def test_digest_carries_the_summary_of_each_game() -> None:
    game, users = _game("resistance-avalon")
    seat_seen_mark(game, 0, game.state_seq)
    _play(game, 2)
    game.refresh_from_db()
    text = since_text_for(game, users[0])
    assert "The team is" in text
    send_digest(users[0], [game])
    [digest] = [m for m in mail.outbox if m.to == [users[0].email]]
    assert text in digest.body
    assert _seen(game, 0) < game.state_seq  # reading the digest is not a visit


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_banner_speaks_to_the_reader_in_every_game(slug: str) -> None:
    game, users = _game(slug)
    for _ in range(4):
        game.refresh_from_db()
        for seat, user in users.items():
            context = _context(game, user, game.state_seq)
            feed = context["feed"]
            assert isinstance(feed, dict)
            line = str(context["phase_line"])
            if seat in feed["pending_seats"] and context["forms"]:
                # What they do, in their words, and never their own name beside "Your move".
                assert user.public_name not in line, (slug, line)
                assert line.startswith(str(context["forms"][0].title))  # type: ignore[index]
                if len(feed["pending_seats"]) > 1:
                    assert "Waiting for you" in line
        if not play_pending_once(game):
            break


def test_waiting_for_names_the_reader_first() -> None:
    names = ["Arthur", "Tristan", "Percival"]
    assert waiting_for([0, 1, 2], names, 1) == "Waiting for you, Arthur and Percival."
    assert waiting_for([0, 2], names, 1) == "Waiting for Arthur and Percival."
    assert waiting_for([2], names, None) == "Waiting for Percival."
    assert waiting_for([], names, 0) == ""


def test_a_look_at_nothing_new_writes_nothing() -> None:
    game, users = _game("resistance-avalon")
    client = Client()
    client.force_login(users[0])
    with CaptureQueriesContext(connection) as first:
        client.get(f"/games/{game.pk}/")
    with CaptureQueriesContext(connection) as again:
        client.get(f"/games/{game.pk}/")
    seat_updates = [
        q["sql"] for q in again.captured_queries if q["sql"].startswith('UPDATE "games_seat"')
    ]
    assert seat_updates == []
    first_updates = [
        q["sql"] for q in first.captured_queries if q["sql"].startswith('UPDATE "games_seat"')
    ]
    assert len(first_updates) == 1


def test_now_lists_the_moves_to_make_not_the_withdrawal_kept_aside() -> None:
    game, users = _game("jousting-avalon")
    context = _context(game, users[0], 0)  # seen 0: the deal is new
    since = context["since"]
    steps = context["step_forms"]
    aside = context["aside_forms"]
    assert since is not None
    assert isinstance(steps, list)
    assert isinstance(aside, list)
    assert aside, "withdrawing is offered apart from the barter's steps"
    now = since.now  # type: ignore[attr-defined]
    assert now == [f.title for f in steps]
    assert not {f.title for f in aside} & set(now)
    # Several moves are one item each, in the page and in the text.
    assert len(now) > 1
    text = since.as_text()  # type: ignore[attr-defined]
    assert "\nNow:\n" + "\n".join(f"* {what}" for what in now) in text
    client = Client()
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert '<ul class="since__choices">' in page
    assert f"<li>{now[0]}</li>" in page
