"""A pushed update renders each partial once for every view whose model of it is equal
(games.rendering.PARTIAL_MODELS, issue 14): the board, the phase line, the actions, the
secret and the players, in every game. Two things make that safe, and are checked here
through games of every kind played to their end:
- each partial's template reads nothing of the page's context but its model (so a shared
  render cannot show anything that tells one view from another beyond the model, and views
  share one only when their models are equal: no hidden information crosses);
- the shared render is the very bytes each view's own render gives.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from django.template.loader import get_template, render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe

from games.engine.core import to_json
from games.log import definition_of, load_state
from games.models import Game
from games.rendering import (
    CSRF_SLOT,
    PARTIAL_MODELS,
    PARTIALS,
    PLAYER_ROW,
    _partial,
    fingerprint,
    game_context,
    render_partials,
    render_update,
)
from games.selectors import events_after, game_view_for_seat, players_of
from games.services.bot_turns import bot_move_choose
from games.services.moves import move_submit

from .conftest import make_user, seat_users, started_game

pytestmark = pytest.mark.django_db

# Moves played at most: The Resistance to its end, the longer games for a while.
MOVES = {"resistance-avalon": 400}
TOURNAMENT = {"health": 300, "characters": ["sir-percival", "merlin", "sir-bors"]}


def test_a_fingerprint_is_exact_and_refuses_other_values() -> None:
    assert fingerprint({"a": ["x", 1, None]}) == fingerprint({"a": ["x", 1, None]})
    assert fingerprint("<b>") != fingerprint(mark_safe("<b>"))
    assert fingerprint(1) != fingerprint(True) != fingerprint(1.0)
    assert fingerprint(["a"]) != fingerprint(("a",)) != fingerprint({"a": "a"})
    # A template may walk a dict's items: its order is part of the model.
    assert fingerprint({"a": 1, "b": 2}) != fingerprint({"b": 2, "a": 1})
    assert fingerprint({"a": object()}) is None
    assert fingerprint({1: "x"}) != fingerprint({"1": "x"})
    assert fingerprint(translation.gettext_lazy("Players")) != fingerprint("Players")


def bot_plays(game: Game, seats: dict[int, Any], rng: random.Random) -> None:
    """One seat that must act plays the bot's move for it (the game read again after)."""
    definition = definition_of(game)
    state = load_state(game, definition)
    seat = rng.choice(sorted(definition.pending_seats(state)))
    move = bot_move_choose(game, definition, state, seat)
    move_submit(game=game, user=seats[seat], move_json=to_json(move), expected_seq=game.state_seq)
    game.refresh_from_db()


class Reads(dict[str, Any]):
    """A context dict that notes each of its keys a template read (`prefix` + key); not
    those the template set itself ({% translate ... as t_you %})."""

    def __init__(self, data: Mapping[str, Any], seen: set[str], prefix: str = "") -> None:
        super().__init__(data)
        self.given = set(data)
        self.seen = seen
        self.prefix = prefix

    def __setitem__(self, key: str, value: Any) -> None:
        self.given.discard(key)
        super().__setitem__(key, value)

    def __contains__(self, key: object) -> bool:
        found = super().__contains__(key)
        if found and key in self.given:
            self.seen.add(f"{self.prefix}{key}")
        return found

    def __getitem__(self, key: str) -> Any:
        if key in self.given:
            self.seen.add(f"{self.prefix}{key}")
        return super().__getitem__(key)


def reads_of(name: str, context: Mapping[str, Any]) -> tuple[str, set[str]]:
    """The partial rendered from the whole context, and what it read of it ("feed.seq")."""
    seen: set[str] = set()
    data = {**context, "oob": True}
    for nested in ("feed", "me"):
        if isinstance(data.get(nested), dict):
            data[nested] = Reads(data[nested], seen, f"{nested}.")
    html = get_template(f"games/partials/{name}.html").render(Reads(data, seen))
    return html, seen


def allowed(model: Mapping[str, Any]) -> set[str]:
    keys = {"oob", *model}
    for nested in ("feed", "me"):
        keys |= {f"{nested}.{k}" for k in model.get(nested, {})}
    return keys


def check_every_view(game: Game, seats: int) -> tuple[int, int]:
    """Every partial of every view of the game as it stands: (renders, distinct renders)
    of the partials but the players panel."""
    memo: dict[Any, str] = {}
    players = players_of(game)
    renders = 0
    for viewer in [*range(seats), None]:
        feed = {**game_view_for_seat(game, viewer), "players": players}
        context = game_context(feed, csrf_token=CSRF_SLOT)
        # As an update builds it: a public board's model made once for all the views.
        shared = game_context(feed, csrf_token=CSRF_SLOT, shared=memo)
        assert shared["board"] == context["board"]
        for name in PARTIALS:
            own, seen = reads_of(name, context)
            model = PARTIAL_MODELS[name](context)
            assert seen <= allowed(model), (name, seen - allowed(model))
            assert fingerprint(model) is not None, name  # plain data: it can be shared
            assert own == render_partials(context, names=(name,))
            assert _partial(name, shared, memo) == own, (name, viewer)
            renders += name != "players"
        for p in context["players"]:  # a player's row is kept by PLAYER_ROW alone
            read: set[str] = set()
            row = get_template("games/partials/player.html").render(
                Reads({"p": Reads(p, read)}, set())
            )
            assert read <= set(PLAYER_ROW), read - set(PLAYER_ROW)
            cut = {k: p[k] for k in PLAYER_ROW if k in p}
            assert render_to_string("games/partials/player.html", {"p": cut}) == row
    # The players panel is shared row by row (its own keys); the others whole.
    return renders, len([k for k in memo if k[0] in PARTIAL_MODELS and k[0] != "players"])


@pytest.mark.parametrize(
    ("slug", "players", "options", "language"),
    [
        ("resistance-avalon", 7, {"lady_of_the_lake": True}, "en"),
        ("resistance-avalon", 5, {}, "fr"),
        ("tournament-camelot", 3, {}, "en"),
        ("tournament-avalon", 3, TOURNAMENT, "fr"),
        ("colovini-avalon", 2, {}, "en"),
        ("jousting-avalon", 5, {}, "en"),
    ],
)
def test_shared_partials_read_only_their_model_and_are_each_views_own_render(
    slug: str, players: int, options: dict[str, Any], language: str
) -> None:
    users = [make_user() for _ in range(players)]
    game = started_game(users, slug=slug, options=options)
    seats = seat_users(game)
    rng = random.Random(7)
    renders = distinct = moves = 0
    with translation.override(language):
        while True:
            done, shared = check_every_view(game, players)
            renders, distinct = renders + done, distinct + shared
            if game.status != Game.Status.PLAYING or moves >= MOVES.get(slug, 40):
                break
            bot_plays(game, seats, rng)
            moves += 1
    assert moves >= 10
    # The Resistance is played to its end (the finished game's partials checked too).
    assert game.status != Game.Status.PLAYING or slug != "resistance-avalon"
    assert distinct < renders  # views share renders


def boards_of_every_view(slug: str, seats: int, *, shared: bool = False) -> dict[Any, Any]:
    """Each view's board partial of a new game through one update's memo, checked against
    the view's own render; the memo. `shared`: as an update builds the views' models."""
    users = [make_user() for _ in range(seats)]
    game = started_game(users, slug=slug)
    players = players_of(game)
    memo: dict[Any, Any] = {}
    for viewer in [*range(seats), None]:
        feed = {**game_view_for_seat(game, viewer), "players": players}
        own = game_context(feed, csrf_token="t")
        context = game_context(feed, csrf_token="t", shared=memo if shared else None)
        assert _partial("board", context, memo) == render_partials(own, names=("board",))
    return memo


def test_every_view_of_the_resistance_shares_one_board() -> None:
    assert [k[0] for k in boards_of_every_view("resistance-avalon", 7)] == ["board-shell"]
    # An update builds the board's model once too (its public view), and renders it once:
    # its shell, with a slot per team voted on (none yet), each such row kept (below).
    memo = boards_of_every_view("resistance-avalon", 7, shared=True)
    # (and the move URL, reversed once for every view's forms)
    assert sorted(k[0] for k in memo) == ["board", "board-model", "board-shell", "move-url"]


def test_the_views_of_a_tournament_share_the_board_but_each_ones_own_knight() -> None:
    """The Tournament's board shows the viewer's own knight ("(you)"): its knights are
    rendered one by one (each distinct one once) and the rest of the board once for every
    view, with each view's knights put in its slots; the same bytes as each view's own."""
    memo = boards_of_every_view("tournament-camelot", 4)
    assert len([k for k in memo if k[0] == "board-shell"]) == 1
    # Four knights as others see them, and each as its own seat sees it.
    assert len([k for k in memo if k[0] == "games/boards/tournament-knight.html"]) == 8


def test_the_resistance_vote_history_is_rendered_row_by_row_and_kept(
    renders: list[str],
) -> None:
    """A row of the vote history is the same from one update to the next: rendered once
    and kept, the board's shell around it rendered per update; the same bytes as the
    page's own board."""

    users = [make_user() for _ in range(5)]
    game = started_game(users, slug="resistance-avalon")
    seats = seat_users(game)
    rng = random.Random(3)
    rendered = renders
    rows_before = 0
    while game.status == Game.Status.PLAYING:
        feed = {**game_view_for_seat(game, None), "players": players_of(game)}
        memo: dict[Any, Any] = {}
        context = game_context(feed, csrf_token="t", shared=memo)
        rendered.clear()
        board = _partial("board", context, memo)
        assert board == render_partials(game_context(feed, csrf_token="t"), names=("board",))
        rows = len(context["board"].get("proposals") or ())
        # Only the teams voted on since the last update are rendered.
        assert rendered.count("games/boards/resistance-avalon-proposal.html") == rows - rows_before
        rows_before = rows
        bot_plays(game, seats, rng)
    assert rows_before >= 2


@pytest.mark.parametrize(
    ("slug", "players", "options", "language"),
    [
        ("resistance-avalon", 7, {"lady_of_the_lake": True}, "fr"),
        ("tournament-avalon", 3, TOURNAMENT, "en"),
        ("jousting-avalon", 4, {}, "en"),
    ],
)
def test_an_updates_views_rendered_together_are_each_views_own_render(
    slug: str, players: int, options: dict[str, Any], language: str
) -> None:
    """The whole pushed update of every view, rendered through one memo as the broadcast
    renders them (the players panel around its rows and the new log lines once for the
    views that read them alike), is the very bytes of each view's render alone."""
    game = started_game([make_user() for _ in range(players)], slug=slug, options=options)
    shared_logs = views = 0
    with translation.override(language):
        for update in updates_of_every_view(game, players, 11, MOVES.get(slug, 30)):
            memo: dict[Any, str] = {}
            for viewer, payload in update:
                alone = render_update(payload, CSRF_SLOT)
                assert render_update(payload, CSRF_SLOT, memo) == alone, (viewer, game.state_seq)
                views += 1
            shared_logs += len([k for k in memo if k[0] == "log-append"])
    assert shared_logs < views  # views share their new log lines


def updates_of_every_view(
    game: Game, players: int, seed: int, moves: int
) -> Iterator[list[tuple[int | None, dict[str, Any]]]]:
    """The bots play up to `moves` moves; after each, every view's pushed payload (each
    seat's, then the spectators')."""
    seats = seat_users(game)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.status != Game.Status.PLAYING:
            return
        before = game.state_seq
        bot_plays(game, seats, rng)
        yield [
            (
                viewer,
                {
                    **game_view_for_seat(game, viewer),
                    "players": players_of(game),
                    "events": events_after(game, before, viewer),
                },
            )
            for viewer in [*range(players), None]
        ]


@pytest.mark.parametrize(("slug", "players"), [("resistance-avalon", 7), ("jousting-avalon", 4)])
def test_a_pushed_updates_log_lines_and_player_rows_fail_no_template_lookup(
    slug: str, players: int, caplog: pytest.LogCaptureFixture
) -> None:
    """issue 14: Django raises and catches four exceptions for each variable a template
    fails to find; the log lines and the player rows, rendered for every view of every
    update, carry every key their templates read (a failed lookup cost about a twentieth
    of a watched move's renders)."""
    import logging

    game = started_game([make_user() for _ in range(players)], slug=slug)
    caplog.set_level(logging.DEBUG, logger="django.template")
    rendered = 0
    for update in updates_of_every_view(game, players, 5, 40):
        memo: dict[Any, str] = {}
        for _, payload in update:
            rendered += len(render_update(payload, CSRF_SLOT, memo)) > 0
    watched = ("games/partials/log_append.html", "games/partials/player.html")
    failed = [
        r.getMessage()
        for r in caplog.records
        if r.name == "django.template" and any(name in r.getMessage() for name in watched)
    ]
    assert rendered > players * 10
    assert failed == []
