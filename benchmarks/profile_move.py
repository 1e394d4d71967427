"""CPU of one move over the API, in this process (issue 14, B1): the request as a server
runs it (the site's middleware, DRF, token auth, the move, the reply), under production
settings on PostgreSQL + Redis, no websocket open, Celery tasks queued to Redis and not run.
With `--page`, the move is posted as the game page's form does it (a logged-in session, an
htmx request, the partials in reply) instead.

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
        asgi=(False, "through the site's ASGI application, as uvicorn calls it (SQL not counted)"),
        page=(False, "post each move as the game page's form (session, htmx) instead"),
    )
    os.environ.pop("AVALON_BENCH_FLOOR", None)
    site_here(migrate=not args.no_migrate, API_RATE_MOVES="")
    from django.db import connection
    from django.test import Client

    from benchmarks.bench_moves import next_moves
    from benchmarks.setup_games import create_games

    games = create_games(args.warm + args.games, "resistance-avalon", 5)
    client = Client()
    pages: dict[str, Client] = {}  # --page: a browser (a logged-in session) per player
    if args.page:
        from rest_framework.authtoken.models import Token

        for _, tokens in games:
            for token in tokens.values():
                pages[token] = Client()  # its middleware loaded now, not in a counted move
                pages[token].force_login(Token.objects.get(key=token).user)
                pages[token].get("/healthz")

    def page_move(game_id: int, token: str, body: dict[str, Any]) -> None:
        form = {"expected_seq": body["expected_seq"], "move": json.dumps(body["move"])}
        response = pages[token].post(
            f"/games/{game_id}/move/", form, headers={"HX-Request": "true"}
        )
        assert response.status_code == 200, (response.status_code, response.content[:300])
        assert b"message--error" not in response.content, response.content[:2000]

    asgi_call = asgi_caller() if args.asgi else None
    profiled = Profiled(args.profile, args.segments)

    def call(method: str, path: str, token: str, body: Any = None) -> Any:
        headers = {"Authorization": f"Token {token}"}
        if args.asgi:
            assert asgi_call is not None
            status, content = asgi_call(method, path, headers, body)
            assert status == 200, (status, content[:300])
            return json.loads(content)
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
                    if args.page:
                        page_move(game_id, tokens[seat], body)
                    else:
                        feed = call("POST", path, tokens[seat], body)["game"]
                if counted:
                    queries.append(statements[0])
                if args.page:  # the page's reply is HTML: the next moves from the API
                    feed = call("GET", f"/api/games/{game_id}/", tokens[0])
    print(
        f"{len(profiled.cpu)} moves: {cpu_per_move('CPU', profiled.cpu)}; "
        f"SQL per move (with BEGIN/COMMIT) median {statistics.median(queries)}, "
        f"max {max(queries)}; load {os.getloadavg()[0]:.2f}"
    )
    profiled.end()


def asgi_caller() -> Any:
    """A call of the site's ASGI application (avalon_site.asgi) with one HTTP request, on an
    event loop of this thread, as uvicorn makes it: (status, body)."""
    import asyncio

    from avalon_site.asgi import application

    loop = asyncio.new_event_loop()

    async def request(
        method: str, path: str, headers: dict[str, str], body: Any
    ) -> tuple[int, bytes]:
        data = b"" if body is None else json.dumps(body).encode()
        fields = {**headers, "Host": "127.0.0.1", "Content-Length": str(len(data))}
        if body is not None:
            fields["Content-Type"] = "application/json"
        scope = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [(k.lower().encode(), v.encode()) for k, v in fields.items()],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
        }
        received = False
        status, chunks = 0, []

        async def receive() -> dict[str, Any]:
            nonlocal received
            if not received:
                received = True
                return {"type": "http.request", "body": data, "more_body": False}
            await asyncio.Future()  # the client stays connected
            raise AssertionError("unreachable")

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await application(scope, receive, send)
        return status, b"".join(chunks)

    def call(method: str, path: str, headers: dict[str, str], body: Any) -> tuple[int, bytes]:
        return loop.run_until_complete(request(method, path, headers, body))

    return call


if __name__ == "__main__":
    main()
