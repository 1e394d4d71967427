"""CPU of one move over the API, in this process (issue 14, B1): the request as a server
runs it (the site's middleware, DRF, token auth, the move, the reply), under production
settings on PostgreSQL + Redis, no websocket open, Celery tasks queued to Redis and not run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon_x REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python -m benchmarks.profile_move --games 6 [--profile out.prof]

It migrates the database it is given (use a scratch one), plays `--games` five-player games
of The Resistance: Avalon to the end through POST /api/games/<id>/moves/ with the Django
test client (the benchmark's moves, the benchmark's token header), after `--warm` games
that are not counted, and prints the CPU (time.process_time) per move: mean and median,
and the SQL statements per move. `--profile` writes a cProfile of the counted moves.
"""

from __future__ import annotations

import json
import os
import statistics
from typing import Any

from benchmarks.common import Profiled, command_line, cpu_per_move, site_here


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
    os.environ.pop("AVALON_BENCH_FLOOR", None)
    site_here(migrate=not args.no_migrate, API_RATE_MOVES="")
    from django.db import connection
    from django.test import Client

    from benchmarks.bench_moves import next_moves
    from benchmarks.setup_games import create_games

    games = create_games(args.warm + args.games, "resistance-avalon", 5)
    client = Client()
    profiled = Profiled(args.profile, args.segments)

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

    queries: list[int] = []
    for index, (game_id, tokens) in enumerate(games):
        counted = index >= args.warm
        if counted:
            profiled.counting()
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
                    if args.sql and len(profiled.cpu) == 3:
                        print(sql[:400])
                    return execute(sql, *a)

                # The move hands the connection back to the pool around the request as a
                # server's handler does (the test client leaves it out).
                with connection.execute_wrapper(count), profiled.move(counted):
                    result = call("POST", path, tokens[seat], body)
                if counted:
                    queries.append(statements[0])
                feed = result["game"]
    print(
        f"{len(profiled.cpu)} moves: {cpu_per_move('CPU', profiled.cpu)}; "
        f"SQL per move (with BEGIN/COMMIT) median {statistics.median(queries)}, "
        f"max {max(queries)}; load {os.getloadavg()[0]:.2f}"
    )
    profiled.end()


if __name__ == "__main__":
    main()
