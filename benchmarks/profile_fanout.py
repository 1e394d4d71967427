"""CPU of one watched move, in this process (issue 14, B3): `move_submit` on a game whose
every seat has its page open (a live presence row each) and whose spectators' view is
watched, so the broadcast renders every view's HTML and sends it to the channel layer, on
PostgreSQL + Redis under production settings (DEBUG off).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon_x REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python benchmarks/profile_fanout.py --slug resistance-avalon --players 10

It migrates the database it is given (use a scratch one), plays seeded random legal moves
of the seats that must act through `move_submit` (games are started again as they end),
`--warm` moves first not counted, and prints the CPU (time.process_time) per move, mean
and median, and the part of it spent rendering the views (the broadcast's page renderer),
with the load average. `--profile` writes a cProfile of the counted moves.
"""

from __future__ import annotations

import cProfile
import itertools
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages below

from benchmarks.common import (  # noqa: E402
    command_line,
    cpu_per_move,
    postgres_and_redis,
    profile_end,
    segments_module,
    site_env,
)


def main() -> None:
    args = command_line(
        __doc__,
        slug="resistance-avalon",
        players=10,
        options=("{}", "the table's options, as JSON"),
        moves=60,
        warm=(10, "moves played first, not counted"),
        seed=1,
        profile=(None, "write a cProfile of the counted moves here"),
        no_migrate=False,
        segments=(None, "a module with install() and report(moves)"),
    )
    database, redis = postgres_and_redis()
    site_env(database, redis)

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import close_old_connections

    if not args.no_migrate:
        call_command("migrate", verbosity=0)
        call_command("collectstatic", "--noinput", verbosity=0)
    from accounts.models import User
    from benchmarks import setup_games
    from benchmarks.setup_games import create_games
    from games.engine.core import to_json
    from games.log import definition_of, load_state
    from games.models import Game, Presence, Seat
    from games.services import broadcast
    from games.services.moves import move_submit
    from games.services.presence import spectators_touch

    setup_games._serial = itertools.count(User.objects.count())  # fresh names
    rng = random.Random(args.seed)
    options = json.loads(args.options)
    channels = itertools.count()

    def new_game() -> tuple[Game, dict[int, Any]]:
        [(game_id, _)] = create_games(1, args.slug, args.players, options)
        game = Game.objects.select_related("table").get(pk=game_id)
        users = {
            s.position: s.user
            for s in Seat.objects.filter(table=game.table).select_related("user")
            if s.user is not None and s.position is not None
        }
        for user in users.values():  # every seat's page open
            Presence.objects.create(
                game=game, user=user, channel_name=f"bench.{os.getpid()}.{next(channels)}"
            )
        return game, users

    rendering = [0.0]
    render = broadcast._page_renderer[0]

    def timed_render(*a: Any) -> dict[Any, str]:
        start = time.process_time()
        try:
            return render(*a)
        finally:
            rendering[0] += time.process_time() - start

    broadcast._page_renderer[:] = [timed_render]
    segments = segments_module(args.segments)  # times parts of the move
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    cpu: list[float] = []
    renders: list[float] = []
    game, users = new_game()
    for index in range(args.warm + args.moves):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            game, users = new_game()
        definition = definition_of(game)
        state = load_state(game, definition)
        seat = rng.choice(sorted(definition.pending_seats(state)))
        move = rng.choice(list(definition.legal_moves(state, seat)))
        spectators_touch(game.pk)
        counted = index >= args.warm
        if segments and index == args.warm:
            segments.install()
        rendering[0] = 0.0
        start = time.process_time()
        if profiler and counted:
            profiler.enable()
        close_old_connections()
        move_submit(
            game=game, user=users[seat], move_json=to_json(move), expected_seq=game.state_seq
        )
        close_old_connections()
        if profiler and counted:
            profiler.disable()
        spent = time.process_time() - start
        if counted:
            cpu.append(spent)
            renders.append(rendering[0])
    print(
        f"{args.slug} {args.players}p, {len(cpu)} watched moves: {cpu_per_move('CPU', cpu)}; "
        f"{cpu_per_move('rendering', renders)}; load {os.getloadavg()[0]:.2f}"
    )
    profile_end(segments, profiler, args.profile, len(cpu))


if __name__ == "__main__":
    main()
