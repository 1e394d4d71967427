"""Instruction counts of a watched move's renders alone (issue 14, B1 "watched" and B3; the
fourteenth pass): the broadcast's page renderer (games.rendering.render_updates, every
view of an update, other apps' panels included) over a fixed sequence of updates, the same
inputs for every tree compared.

First capture the sequence: seeded random legal moves of a game of `--players` (every seat
online, the spectators watching a public table) through `move_submit`, each update's
renderer inputs (game, payloads, users, seats) pickled to `--capture`:

    DATABASE_URL=... REDIS_URL=... .venv/bin/python -m benchmarks.callgrind_renders \\
        --players 5 --moves 40 --capture /tmp/renders-5p.pickle

Then replay it, in this tree or another one on the same database, under callgrind: the
kept renders are emptied first, then each update is rendered in order inside a ctypes
call, so callgrind counts the renders and nothing of the start or the loading:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=ffi_call \\
        --callgrind-out-file=/tmp/cg.out .venv/bin/python -m benchmarks.callgrind_renders \\
        --replay /tmp/renders-5p.pickle --no-migrate
    grep '^summary:' /tmp/cg.out

The replay prints a SHA-256 of every view's HTML in order: two trees that render alike
print the same digest (the pushed pages are byte-identical). `--repeat` replays the
sequence that many times (the kept renders emptied before each), timing each by thread
CPU, after one replay not counted (the templates compiled, the modules imported).
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import pickle
import random
import time
from pathlib import Path
from typing import Any

from benchmarks.common import command_line, site_here


def capture(args: Any) -> None:
    from django.utils import timezone

    from benchmarks.setup_games import create_games
    from games.engine.core import to_json
    from games.log import definition_of, load_state
    from games.models import Game, Presence, Seat, Table
    from games.services import broadcast
    from games.services.moves import move_submit
    from games.services.presence import spectators_touch

    rng = random.Random(args.seed)
    [(game_id, _)] = create_games(1, args.slug, args.players, json.loads(args.options))
    game = Game.objects.select_related("table").get(pk=game_id)
    Table.objects.filter(pk=game.table_id).update(visibility=Table.Visibility.PUBLIC)
    users = {
        s.position: s.user
        for s in Seat.objects.filter(table=game.table).select_related("user")
        if s.user is not None and s.position is not None
    }
    for user in users.values():  # the readers' language (the pushed pages are written in it)
        user.language = args.language
        user.save(update_fields=["language"])
    for n, user in enumerate(users.values()):
        Presence.objects.create(game=game, user=user, channel_name=f"cg.{os.getpid()}.{n}")
    updates: list[Any] = []
    render = broadcast._page_renderer[0]

    def recording(*a: Any) -> dict[Any, str]:
        updates.append(pickle.dumps(a))
        return render(*a)

    broadcast._page_renderer[:] = [recording]
    for _ in range(args.moves):
        game = Game.objects.select_related("table").get(pk=game_id)
        if game.status != Game.Status.PLAYING:
            break
        definition = definition_of(game)
        state = load_state(game, definition)
        seat = rng.choice(sorted(definition.pending_seats(state)))
        move = rng.choice(list(definition.legal_moves(state, seat)))
        spectators_touch(game.pk)
        move_submit(
            game=game, user=users[seat], move_json=to_json(move), expected_seq=game.state_seq
        )
    with Path(args.capture).open("wb") as out:  # the clock's "time left" read at one instant
        pickle.dump({"now": timezone.now(), "updates": updates}, out)
    views = sum(len(pickle.loads(u)[1]) for u in updates)
    print(f"{len(updates)} updates, {views} views, captured to {args.capture}")


def replay(args: Any) -> None:
    from django.utils import timezone

    from games import rendering

    with Path(args.replay).open("rb") as given:
        captured = pickle.load(given)
    updates = [pickle.loads(u) for u in captured["updates"]]
    timezone.now = lambda: captured["now"]  # the same "time left" in every replay
    digests = set()
    rendering._forget_kept()
    for update in updates:  # templates loaded and compiled, modules imported: not counted
        rendering.render_updates(*update)
    for _ in range(args.repeat):
        rendering._forget_kept()
        out: list[dict[Any, str]] = []

        def run(out: list[dict[Any, str]] = out) -> int:
            for update in updates:
                out.append(rendering.render_updates(*update))
            return 0

        start = time.thread_time()
        ctypes.CFUNCTYPE(ctypes.c_int)(run)()
        spent = time.thread_time() - start
        digest = hashlib.sha256()
        for html in out:
            for key in sorted(html, key=lambda k: -1 if k is None else k):
                digest.update(f"{key}:".encode() + html[key].encode())
        digests.add(digest.hexdigest())
        if args.dump:
            with Path(args.dump).open("w") as dump:
                for html in out:
                    for key in sorted(html, key=lambda k: -1 if k is None else k):
                        dump.write(f"=== {key}\n{html[key]}\n")
        views = sum(len(h) for h in out)
        print(
            f"{len(out)} updates, {views} views: {1000 * spent / len(out):.2f} ms thread CPU "
            f"per update; sha256 {digest.hexdigest()[:16]}; load {os.getloadavg()[0]:.2f}"
        )
    assert len(digests) == 1, "renders differ between replays"


def main() -> None:
    args = command_line(
        __doc__,
        slug="resistance-avalon",
        players=5,
        options=("{}", "the table's options, as JSON"),
        moves=40,
        seed=1,
        language="en",
        capture=(None, "capture the updates' inputs to this file"),
        replay=(None, "replay the updates captured in this file"),
        repeat=1,
        dump=(None, "write every view's HTML to this file"),
        no_migrate=False,
    )
    site_here(migrate=not args.no_migrate, collectstatic=True)
    if args.capture:
        capture(args)
    if args.replay:
        replay(args)


if __name__ == "__main__":
    main()
