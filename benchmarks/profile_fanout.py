"""CPU of one watched move, in this process (issue 14, B3): `move_submit` on a game whose
every seat has its page open (a live presence row each) and whose spectators' view is
watched, so the broadcast renders every view's HTML and sends it to the channel layer, on
PostgreSQL + Redis under production settings (DEBUG off).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon_x REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python -m benchmarks.profile_fanout --slug resistance-avalon --players 10

It migrates the database it is given (use a scratch one), plays seeded random legal moves
of the seats that must act through `move_submit` (games are started again as they end),
`--warm` moves first not counted, and prints the CPU (time.process_time) per move, mean
and median, and the part of it spent rendering the views (the broadcast's page renderer),
with the load average. `--profile` writes a cProfile of the counted moves.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import time
from typing import Any

from benchmarks.common import Profiled, command_line, cpu_per_move, site_here


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
    site_here(migrate=not args.no_migrate, collectstatic=True)
    from benchmarks.setup_games import create_games
    from games.engine.core import to_json
    from games.log import definition_of, load_state
    from games.models import Game, Presence, Seat
    from games.services import broadcast
    from games.services.moves import move_submit
    from games.services.presence import spectators_touch

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
    profiled = Profiled(args.profile, args.segments)
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
        if counted:
            profiled.counting()
        rendering[0] = 0.0
        with profiled.move(counted):
            move_submit(
                game=game, user=users[seat], move_json=to_json(move), expected_seq=game.state_seq
            )
        if counted:
            renders.append(rendering[0])
    print(
        f"{args.slug} {args.players}p, {len(profiled.cpu)} watched moves: "
        f"{cpu_per_move('CPU', profiled.cpu)}; "
        f"{cpu_per_move('rendering', renders)}; load {os.getloadavg()[0]:.2f}"
    )
    profiled.end()


if __name__ == "__main__":
    main()
