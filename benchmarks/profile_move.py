"""CPU of one move over the API, in this process (issue 14, B1): the request as a server
runs it (the site's middleware, DRF, token auth, the move, the reply), under production
settings on PostgreSQL + Redis, no websocket open, Celery tasks queued to Redis and not run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon_x REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python benchmarks/profile_move.py --games 6 [--profile out.prof]

It migrates the database it is given (use a scratch one), plays `--games` five-player games
of The Resistance: Avalon to the end through POST /api/games/<id>/moves/ with the Django
test client (the benchmark's moves, the benchmark's token header), after `--warm` games
that are not counted, and prints the CPU (time.process_time) per move: mean and median,
and the SQL statements per move. `--profile` writes a cProfile of the counted moves.
"""

from __future__ import annotations

import cProfile
import itertools
import json
import os
import statistics
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
        games=6,
        warm=(1, "games played first, not counted"),
        profile=(None, "write a cProfile of the counted moves here"),
        no_migrate=False,
        sql=(False, "print one move's statements"),
        segments=(None, "a module with install() and report(moves)"),
    )
    database, redis = postgres_and_redis()
    site_env(database, redis, API_RATE_MOVES="")
    os.environ.pop("AVALON_BENCH_FLOOR", None)

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import close_old_connections, connection
    from django.test import Client

    from benchmarks.bench_moves import next_moves
    from benchmarks.setup_games import create_games

    if not args.no_migrate:
        call_command("migrate", verbosity=0)
    from accounts.models import User
    from benchmarks import setup_games

    # Fresh user names on a database a previous run filled.
    setup_games._serial = itertools.count(User.objects.count())
    games = create_games(args.warm + args.games, "resistance-avalon", 5)
    client = Client()
    segments = segments_module(args.segments)  # times parts of the move
    profiler = cProfile.Profile(time.process_time) if args.profile else None

    def call(method: str, path: str, token: str, body: Any = None) -> Any:
        headers = {"Authorization": f"Token {token}"}
        if body is None:
            response = client.generic(method, path, headers=headers)
        else:
            response = client.generic(
                method, path, json.dumps(body), content_type="application/json", headers=headers
            )
        assert response.status_code == 200, (response.status_code, response.content[:300])
        return json.loads(response.content)

    cpu: list[float] = []
    installed = False
    queries: list[int] = []
    for index, (game_id, tokens) in enumerate(games):
        counted = index >= args.warm
        if counted and segments and not installed:
            segments.install()
            installed = True
        feed = call("GET", f"/api/games/{game_id}/", tokens[0])
        while feed["status"] == "playing":
            for seat, move in next_moves(feed):
                if move is None:
                    move = call("GET", f"/api/games/{game_id}/", tokens[seat])["legal_moves"][0]
                body = {"expected_seq": feed["seq"], "move": move}
                path = f"/api/games/{game_id}/moves/"
                statements = [0]

                def count(execute: Any, sql: str, *a: Any, _s: list[int] = statements) -> Any:
                    _s[0] += 1
                    if args.sql and len(cpu) == 3:
                        print(sql[:400])
                    return execute(sql, *a)

                with connection.execute_wrapper(count):
                    start = time.process_time()
                    if profiler and counted:
                        profiler.enable()
                    # As a server's handler does around each request (the test client
                    # leaves it out): the connection goes back to the pool and is taken again.
                    close_old_connections()
                    result = call("POST", path, tokens[seat], body)
                    close_old_connections()
                    if profiler and counted:
                        profiler.disable()
                    spent = time.process_time() - start
                if counted:
                    cpu.append(spent)
                    queries.append(statements[0])
                feed = result["game"]
    print(
        f"{len(cpu)} moves: {cpu_per_move('CPU', cpu)}; "
        f"SQL per move (with BEGIN/COMMIT) median {statistics.median(queries)}, "
        f"max {max(queries)}; load {os.getloadavg()[0]:.2f}"
    )
    profile_end(segments, profiler, args.profile, len(cpu))


if __name__ == "__main__":
    main()
