"""Service tests on the real database: the lobby, the one move path and its refusals,
the log/cache invariant, idempotency and the steps that follow a commit."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.core import IllegalMove, MalformedMove, NotYourTurn, fold
from games.log import decode_event, definition_of, load_state
from games.models import Game, GameEvent, MoveReceipt, Seat, Table
from games.selectors import events_after, game_view_for_user, games_for_user
from games.services import commit
from games.services.committed import Committed
from games.services.errors import BadOptions, Conflict, Forbidden, NotSeated, StaleSeq
from games.services.lobby import lobby_create, table_join, table_leave, table_remove_player
from games.services.moves import move_submit

from .conftest import make_user, open_table, play_pending_once, seat_users, started_game

pytestmark = pytest.mark.django_db(transaction=False)


def test_create_refuses_undealable_options_with_the_reason() -> None:
    host = make_user()
    with pytest.raises(BadOptions, match="Rounds must be between 1 and 5"):
        lobby_create(host=host, game_slug="toy-secrets", seat_count=3, options={"rounds": 9})
    with pytest.raises(BadOptions) as exc:
        lobby_create(host=host, game_slug="toy-secrets", seat_count=3, options={"rounds": "x"})
    assert exc.value.field == "rounds"
    with pytest.raises(BadOptions, match="seats 2 to 6"):
        lobby_create(host=host, game_slug="toy-secrets", seat_count=9)
    with pytest.raises(BadOptions):
        lobby_create(host=host, game_slug="no-such-game", seat_count=3)
    assert not Table.objects.exists()


def test_join_leave_remove_and_private_invite() -> None:
    host, a = make_user(), make_user()
    table = lobby_create(
        host=host, game_slug="toy-secrets", seat_count=3, visibility=Table.Visibility.PRIVATE
    )
    with pytest.raises(Forbidden):
        table_join(table=table, user=a)
    table_join(table=table, user=a, invite_code=table.invite_code)
    with pytest.raises(Conflict):
        table_join(table=table, user=a, invite_code=table.invite_code)
    table_leave(table=table, user=a)
    table_join(table=table, user=a, invite_code=table.invite_code)
    with pytest.raises(Forbidden):
        table_remove_player(table=table, by=a, user=host)
    table_remove_player(table=table, by=host, user=a)
    assert list(table.seats.values_list("user", flat=True)) == [host.pk]
    with pytest.raises(Conflict):
        table_leave(table=table, user=host)


def test_full_auto_start_table_starts_itself_with_a_random_seat_order() -> None:
    users = [make_user() for _ in range(3)]
    table = open_table(users, auto_start=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    positions = list(Seat.objects.filter(table=table).values_list("position", flat=True))
    assert sorted(p for p in positions if p is not None) == [0, 1, 2]
    assert None not in positions
    game = table.game
    assert game.state_seq == GameEvent.objects.filter(game=game).count() == 3
    with pytest.raises(Conflict):
        table_join(table=table, user=make_user(), invite_code=table.invite_code)


def test_move_path_refusals_change_nothing() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    seats = seat_users(game)
    seq = game.state_seq
    with pytest.raises(NotSeated):
        move_submit(
            game=game,
            user=make_user(),
            move_json={"type": "toy.vote", "choice": "up"},
            expected_seq=seq,
        )
    with pytest.raises(MalformedMove) as bad:
        move_submit(game=game, user=seats[0], move_json={"type": "nope"}, expected_seq=seq)
    assert bad.value.field == "type"
    with pytest.raises(MalformedMove) as bad:
        move_submit(game=game, user=seats[0], move_json={"type": "toy.vote"}, expected_seq=seq)
    assert bad.value.field == "choice"
    with pytest.raises(MalformedMove):
        move_submit(
            game=game,
            user=seats[0],
            move_json={"type": "toy.dealt", "seat": 0, "card": 1, "players": 3, "rounds": 1},
            expected_seq=seq,
        )
    with pytest.raises(IllegalMove, match="Vote up or down"):
        move_submit(
            game=game,
            user=seats[0],
            move_json={"type": "toy.vote", "choice": "sideways"},
            expected_seq=seq,
        )
    with pytest.raises(StaleSeq) as stale:
        move_submit(
            game=game,
            user=seats[0],
            move_json={"type": "toy.vote", "choice": "up"},
            expected_seq=seq - 1,
        )
    assert stale.value.current_seq == seq
    move_submit(
        game=game, user=seats[0], move_json={"type": "toy.vote", "choice": "up"}, expected_seq=seq
    )
    with pytest.raises(NotYourTurn):
        move_submit(
            game=game,
            user=seats[0],
            move_json={"type": "toy.vote", "choice": "up"},
            expected_seq=seq + 1,
        )
    game.refresh_from_db()
    assert game.state_seq == seq + 1


def test_idempotency_key_returns_the_first_result_once() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    seats = seat_users(game)
    seq = game.state_seq
    request: dict[str, Any] = {
        "game": game,
        "user": seats[1],
        "move_json": {"type": "toy.vote", "choice": "down"},
        "expected_seq": seq,
        "idempotency_key": "k1",
    }
    first = move_submit(**request)
    again = move_submit(**request)  # the same request again, as a client retries it
    assert first == again == {"seq": seq + 1, "applied_events": 1}
    assert GameEvent.objects.filter(game=game).count() == seq + 1
    assert MoveReceipt.objects.count() == 1


def test_full_game_log_folds_to_the_cache_and_closes_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    users = [make_user() for _ in range(4)]
    game = started_game(users, options={"rounds": 3})
    calls: list[int] = []

    def spy(committed: Committed) -> None:
        calls.append(committed.game.state_seq)

    monkeypatch.setattr(commit, "IN_TRANSACTION", (*commit.IN_TRANSACTION, spy))
    while play_pending_once(game):
        pass
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.finished_at is not None
    assert game.outcome
    assert game.outcome["reason"] == "high_card"
    assert game.table.status == Table.Status.FINISHED
    definition = definition_of(game)
    events = [decode_event(r) for r in GameEvent.objects.filter(game=game).order_by("seq")]
    assert fold(definition, events) == load_state(game, definition)
    assert calls
    assert calls[-1] == game.state_seq
    with pytest.raises(Conflict):
        move_submit(
            game=game,
            user=users[0],
            move_json={"type": "toy.vote", "choice": "up"},
            expected_seq=game.state_seq,
        )


def test_game_events_are_append_only() -> None:
    game = started_game([make_user() for _ in range(2)])
    row = GameEvent.objects.filter(game=game).first()
    assert row is not None
    with pytest.raises(TypeError):
        row.save()
    with pytest.raises(TypeError):
        row.delete()
    with pytest.raises(TypeError):
        GameEvent.objects.filter(game=game).update(type="x")
    with pytest.raises(TypeError):
        GameEvent.objects.filter(game=game).delete()


def test_selectors_show_each_seat_only_its_own_secrets() -> None:
    users = [make_user() for _ in range(3)]
    game = started_game(users)
    seats = seat_users(game)
    state = load_state(game)
    for seat, user in seats.items():
        feed = game_view_for_user(game, user)
        assert feed["my_seat"] == seat
        assert feed["view"]["you"] == {"seat": seat, "card": state.cards[seat]}
        shown = events_after(game, 0, seat)
        assert [e["event"]["seat"] for e in shown] == [seat]
        assert feed["legal_moves"] == [
            {"type": "toy.vote", "choice": "up"},
            {"type": "toy.vote", "choice": "down"},
        ]
    spectator = game_view_for_user(game, make_user())
    assert spectator["my_seat"] is None
    assert "you" not in spectator["view"]
    assert events_after(game, 0, None) == []
    assert "seed" not in str(spectator)


def test_games_for_user_lists_my_turn_first() -> None:
    users = [make_user() for _ in range(2)]
    g1 = started_game(users)
    g2 = started_game(users)
    seats = seat_users(g2)
    me = users[0]
    my_seat = next(s for s, u in seats.items() if u == me)
    move_submit(
        game=g2, user=me, move_json={"type": "toy.vote", "choice": "up"}, expected_seq=g2.state_seq
    )
    listed = games_for_user(me)
    assert [g.pk for g in listed] == [g1.pk, g2.pk]
    assert getattr(listed[0], "my_turn", None) is True
    assert getattr(listed[1], "my_turn", None) is False
    assert my_seat in (0, 1)
