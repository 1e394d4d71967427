"""Issue 13 (one commit path: the log is the whole truth): after every service that can
change a game, rebuilding from the log gives exactly the cached state, seq, status,
finished_at and outcome (games.log.fold_check), and each log entry names its actor.

Services covered: the deal (table_start), a player's move (move_submit), the sweeper's
timeout default move, bot move and abandonment, moderation's abort, void, hand to a bot and
to a substitute, an account deletion handing its seats to the bot, and the clock's own
actions (an extension, taking a seat back), which leave the log as it is.
"""

from __future__ import annotations

import datetime as dt
import importlib
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from accounts.services.data import user_delete
from clock.models import Abandonment
from clock.services import extension_spend, seat_take_back
from clock.sweeper import sweep
from games.engine.core import Event
from games.lifecycle import GameAborted, SiteNotice
from games.log import fold_check
from games.models import Game, GameEvent, Table
from games.services import commit
from games.services.commit import game_commit
from games.services.errors import Conflict
from games.services.moves import move_submit
from moderation.services.games import (
    game_abort,
    game_void,
    seat_hand_to_substitute,
    seat_replace_with_bot,
)
from tests.moderation.conftest import make_moderator

from .conftest import make_user, play_pending_once, seat_users, started_game
from .toygame import Vote

pytestmark = pytest.mark.django_db

LATER = dt.timedelta(days=3)


def the_log_is_the_truth(game: Game) -> dict[str, Any]:
    game.refresh_from_db()
    result = fold_check(game)
    assert result["ok"], result
    return result


def last_row(game: Game) -> GameEvent:
    row = GameEvent.objects.filter(game=game).order_by("-seq").first()
    assert row is not None
    return row


def moderator_commit(game: Game, event: Event) -> None:
    with transaction.atomic():
        locked = Game.objects.select_for_update().select_related("table").get(pk=game.pk)
        game_commit(locked, [event], actor_kind=GameEvent.ActorKind.MODERATOR)


def game_of(n: int = 2, **table: Any) -> Game:
    return started_game([make_user() for _ in range(n)], **table)


def test_the_deal_and_the_players_moves_to_the_finish() -> None:
    game = game_of(3, options={"rounds": 1})
    the_log_is_the_truth(game)
    deal = GameEvent.objects.filter(game=game)
    assert {(r.actor_kind, r.actor_seat) for r in deal} == {("system", None)}
    while play_pending_once(game):
        the_log_is_the_truth(game)
    assert the_log_is_the_truth(game)["status"] == Game.Status.FINISHED
    assert game.outcome is not None
    assert game.finished_at == last_row(game).created_at
    moves = GameEvent.objects.filter(game=game).exclude(actor_kind="system")
    assert {r.actor_kind for r in moves} == {"player"}
    assert {r.actor_seat for r in moves} == {0, 1, 2}


def test_the_sweepers_default_move_bot_move_and_abandonment() -> None:
    default = game_of(options={"rounds": 1})
    now = timezone.now() + LATER
    assert sweep(now) == 2
    assert the_log_is_the_truth(default)["status"] == Game.Status.FINISHED
    timed_out = GameEvent.objects.filter(game=default, actor_kind="timeout")
    assert {r.actor_seat for r in timed_out} == {0, 1}
    assert default.finished_at == now

    bot = game_of(timeout_policy="bot")
    sweep(timezone.now() + LATER)
    the_log_is_the_truth(bot)
    assert {r.actor_seat for r in GameEvent.objects.filter(game=bot, actor_kind="bot")} == {0, 1}

    abandon = game_of(timeout_policy="abandon", time_per_move=3600)
    sweep(timezone.now() + dt.timedelta(hours=2))  # the grace period starts
    now = timezone.now() + LATER
    sweep(now)
    assert the_log_is_the_truth(abandon)["status"] == Game.Status.ABORTED
    closing = last_row(abandon)
    assert (closing.type, closing.actor_kind, closing.actor_seat) == (
        "site.game_abandoned",
        "timeout",
        None,
    )
    assert abandon.finished_at == closing.created_at == now
    assert abandon.outcome is None
    assert Abandonment.objects.get(game=abandon).seat == closing.payload["seat"]
    assert Table.objects.get(pk=abandon.table_id).status == Table.Status.ABORTED


def test_moderations_abort_void_and_seats_handed_over() -> None:
    moderator = make_moderator()
    aborted = game_of(3)
    seat_replace_with_bot(game=aborted, seat=1, by=moderator, reason="Vanished")
    the_log_is_the_truth(aborted)
    seat_hand_to_substitute(
        game=aborted, seat=2, substitute=make_user(), by=moderator, reason="Left"
    )
    the_log_is_the_truth(aborted)
    game_abort(game=aborted, by=moderator, reason="Server trouble")
    assert the_log_is_the_truth(aborted)["status"] == Game.Status.ABORTED
    assert aborted.outcome is None
    kinds = [r.type for r in GameEvent.objects.filter(game=aborted, actor_kind="moderator")]
    assert kinds == ["site.seat_handed_over", "site.seat_handed_over", "site.game_aborted"]

    finished = game_of(options={"rounds": 1})
    while play_pending_once(finished):
        pass
    outcome = Game.objects.get(pk=finished.pk).outcome
    game_void(game=finished, by=moderator, reason="Collusion")
    assert the_log_is_the_truth(finished)["status"] == Game.Status.VOIDED
    assert finished.outcome == outcome  # the log keeps the result; it counts for nothing
    assert finished.finished_at == last_row(finished).created_at


def test_an_account_deletion_hands_its_seat_to_the_bot() -> None:
    players = [make_user() for _ in range(3)]
    game = started_game(players)
    user_delete(user=players[0], password="pw-Excalibur-42")
    the_log_is_the_truth(game)
    handed = last_row(game)
    assert (handed.type, handed.actor_kind) == ("site.seat_handed_over", "system")


def test_the_clocks_own_actions_leave_the_log_as_it_is() -> None:
    game = game_of(timeout_policy="bot")
    seq = the_log_is_the_truth(game)["log_seq"]
    users = seat_users(game)
    extension_spend(game=game, user=users[0])
    assert the_log_is_the_truth(game)["log_seq"] == seq
    sweep(timezone.now() + dt.timedelta(hours=30))  # seat 1's day is over, seat 0 extended
    seq = the_log_is_the_truth(game)["log_seq"]
    seat_take_back(game=game, user=users[1])
    assert the_log_is_the_truth(game)["log_seq"] == seq


def test_a_closing_event_applies_only_to_a_game_it_can_close() -> None:
    game = game_of()
    moderator_commit(game, GameAborted(text="Closed"))
    with pytest.raises(Conflict):
        moderator_commit(game, GameAborted(text="Closed again"))
    the_log_is_the_truth(game)


def test_logs_written_before_the_typed_events_still_fold() -> None:
    # A void noted by the earlier code: a site notice whose kind said it.
    voided = game_of()
    notice = SiteNotice(kind="game_voided", text="A moderator voided this game: old")
    moderator_commit(voided, notice)
    assert the_log_is_the_truth(voided)["status"] == Game.Status.VOIDED


def test_fold_check_reports_a_finish_time_or_outcome_beside_the_log() -> None:
    game = game_of(options={"rounds": 1})
    while play_pending_once(game):
        pass
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() + LATER)
    game.refresh_from_db()
    assert fold_check(game)["differing"] == ["finished_at"]
    Game.objects.filter(pk=game.pk).update(outcome={"winners": []})
    game.refresh_from_db()
    assert fold_check(game)["differing"] == ["finished_at", "outcome"]


def test_every_row_of_the_log_was_written_by_game_commit(monkeypatch: Any) -> None:
    """Nothing writes a game's log beside the one commit function: a spy on it sees every
    row of a game dealt, played and abandoned."""
    seen: list[int] = []

    def spy(game: Game, events: Any, **kwargs: Any) -> Any:
        seen.append(len(events))
        return game_commit(game, events, **kwargs)

    for module in ("games.services.moves", "games.services.lobby", "clock.sweeper"):
        monkeypatch.setattr(importlib.import_module(module), "game_commit", spy)
    game = game_of(timeout_policy="abandon", time_per_move=3600, options={"rounds": 3})
    play_pending_once(game)
    sweep(timezone.now() + LATER)
    sweep(timezone.now() + 2 * LATER)
    assert the_log_is_the_truth(game)["status"] == Game.Status.ABORTED
    assert sum(seen) == GameEvent.objects.filter(game=game).count()


def test_a_failing_step_after_the_commit_is_logged_and_the_next_still_run(
    monkeypatch: Any, django_capture_on_commit_callbacks: Any, caplog: Any
) -> None:
    """R2: once committed a move stands; each after-commit step is robust on its own."""
    ran: list[int] = []

    def broken(committed: Any) -> None:
        raise RuntimeError("channel layer down")

    def next_step(committed: Any) -> None:
        ran.append(committed.game.state_seq)

    monkeypatch.setattr(commit, "AFTER_COMMIT", (broken, next_step))
    game = game_of()
    with django_capture_on_commit_callbacks(execute=True):
        result = move_submit(
            game=game, user=seat_users(game)[0], move=Vote("up"), expected_seq=game.state_seq
        )
    assert ran == [result["seq"]]
    assert "broken failed after game" in caplog.text
    the_log_is_the_truth(game)
