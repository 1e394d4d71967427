"""CPU of the receiving side of a watched move (issue 14, B3): the websocket server's CPU per
move and per open socket, with the moves committed in this process (whose own CPU per move
benchmarks/profile_fanout.py reads), on PostgreSQL + Redis under production settings.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/avalon REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python -m benchmarks.profile_sockets --spectators 16 --moves 40

It serves the site's websockets with uvicorn (one worker, permessage-deflate unless
`--no-deflate`) on a scratch database, opens every seat's page of a ten-player game (HTML,
logged in) and `--spectators` anonymous pages, then a second time with one spectator, and
plays `--moves` seeded random legal moves through `move_submit` here, waiting after each
until every socket has the update. Prints the server's CPU per move for both, and per
extra socket from the difference. `--profile` runs the server under cProfile and writes its
profile of the larger run there (its event loop's thread; far slower than unprofiled).
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import command_line, scratch_site  # noqa: E402
from benchmarks.serving import cpu_seconds, load_average, settle  # noqa: E402
from benchmarks.sockets import SocketPool, session_for  # noqa: E402

# Runs uvicorn in this process under cProfile, writing the profile on SIGTERM.
PROFILED = """
import cProfile, signal, sys, uvicorn
profile = cProfile.Profile()
def stop(*_):
    profile.disable(); profile.dump_stats(sys.argv[1]); raise SystemExit(0)
signal.signal(signal.SIGTERM, stop)
profile.enable()
uvicorn.run("avalon_site.asgi:application", host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning", access_log=False, ws_per_message_deflate=sys.argv[3] == "1",
            ws=sys.argv[4])
"""


OPTIONS: dict[str, Any] = {
    "spectators": 16,
    "moves": 40,
    "warm": (5, "moves first, not counted"),
    "seed": 1,
    "no_deflate": False,
    "ws": ("avalon_site.websocket:WebSocketProtocol", "uvicorn's --ws (auto: uvicorn's own)"),
    "profile": (None, "run the server under cProfile and write its profile here"),
}


def server(port: int, deflate: bool, profile: str | None, env: dict[str, str], ws: str) -> Any:
    if profile:
        command = [sys.executable, "-c", PROFILED, profile, str(port), "1" if deflate else "0", ws]
    else:
        command = [sys.executable, "-m", "uvicorn", "avalon_site.asgi:application"]
        command += [
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--ws",
            ws,
        ]
        command += ["--no-access-log", *(() if deflate else ("--ws-per-message-deflate", "false"))]
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)


def run(
    port: int,
    pid: int,
    game_id: int,
    tokens: dict[int, str],
    spectators: int,
    moves: int,
    warm: int,
    rng: random.Random,
) -> tuple[float, float, int]:
    """(server CPU per move in ms, this process's CPU per move in ms, sockets)."""
    from rest_framework.authtoken.models import Token

    from games.engine.core import to_json
    from games.log import definition_of, load_state
    from games.models import Game
    from games.services.moves import move_submit

    users = {seat: Token.objects.get(key=token).user for seat, token in tokens.items()}
    pool = SocketPool()
    try:
        specs: list[tuple[int, str | None, bool]] = [
            (game_id, session_for(user), False) for user in users.values()
        ]
        specs += [(game_id, None, False) for _ in range(spectators)]
        watchers = pool.open_many(port, specs)
        time.sleep(1.0)
        settle((pid,))
        server_cpu = cpu_seconds((pid,))
        mine = 0.0
        made = 0
        game = Game.objects.get(pk=game_id)
        while made < warm + moves and game.status == Game.Status.PLAYING:
            if made == warm:  # counted from here
                server_cpu, mine = cpu_seconds((pid,)), 0.0
            definition = definition_of(game)
            state = load_state(game, definition)
            seat = rng.choice(sorted(definition.pending_seats(state)))
            move = rng.choice(list(definition.legal_moves(state, seat)))
            start = time.thread_time()
            move_submit(
                game=game, user=users[seat], move_json=to_json(move), expected_seq=game.state_seq
            )
            mine += time.thread_time() - start
            made += 1
            game.refresh_from_db()
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and not all(
                game.state_seq in w.arrivals for w in watchers
            ):
                time.sleep(0.002)
        used = cpu_seconds((pid,)) - server_cpu
    finally:
        pool.close()
    made -= warm
    return used * 1000 / max(1, made), mine * 1000 / max(1, made), len(specs)


def main() -> None:
    args = command_line(__doc__, **OPTIONS)
    env = scratch_site("_profile_sockets", API_RATE_MOVES="")
    from benchmarks.setup_games import create_games
    from tests.clock.procs import free_port
    from tests.served import stop_group, wait_listening

    games = create_games(2, "resistance-avalon", 10)
    rng = random.Random(args.seed)
    port = free_port()
    process = server(port, not args.no_deflate, args.profile, env, args.ws)
    try:
        wait_listening(port, tries=600)
        full = run(port, process.pid, *games[0], args.spectators, args.moves, args.warm, rng)
        one = run(port, process.pid, *games[1], 1, args.moves, args.warm, rng)
    finally:
        stop_group(process)
    per_socket = (full[0] - one[0]) / max(1, full[2] - one[2])
    print(
        f"server CPU per move: {one[2]} sockets {one[0]:.2f} ms, {full[2]} sockets "
        f"{full[0]:.2f} ms: {per_socket:.3f} ms per extra socket; committing thread "
        f"{one[1]:.2f} / {full[1]:.2f} ms; {'no ' if args.no_deflate else ''}deflate; "
        f"{load_average()}"
    )


if __name__ == "__main__":
    main()
