"""Games put straight into a live site's database, for the browser tests that look at pages
rather than play them (layout at desk and phone sizes, rematch): run as
`python -m tests.games.seed_site <name> <players> <moves> [slug,...]` with the site's
environment (every game, or only the slugs given), it
prints JSON: the users' names (`<name>1`, `<name>2`...; password `live_site.PASSWORD`),
and per game its id, table, slug, status and a user with a move to make, each game played
through `move_submit` by its seats' first legal moves.

`<moves>`: how many rounds of pending seats play (0: just dealt); "end" plays to the end.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any


def _to_move(game: Any) -> str:
    """The username of a seat that has a move to make now ("" when the game is over)."""
    from games.log import definition_of, load_state
    from tests.games.conftest import seat_users

    if game.state is None or game.status != "playing":
        return ""
    definition = definition_of(game)
    pending = sorted(definition.pending_seats(load_state(game, definition)))
    return seat_users(game)[pending[0]].username if pending else ""


def seed(name: str, players: int, moves: str, only: str = "") -> dict[str, Any]:
    from games.engine.core import all_games
    from tests.games.conftest import make_user, play_pending_once, started_game
    from tests.games.live_site import PASSWORD

    users = [make_user(f"{name}{n}", password=PASSWORD) for n in range(1, 11)]
    games = []
    for definition in all_games():
        if definition.slug.startswith("toy") or (only and definition.slug not in only.split(",")):
            continue  # the tests' toy game (registered by their conftest), or not asked for
        count = min(max(players, definition.min_players), definition.max_players)
        game = started_game(users[:count], slug=definition.slug)
        rounds = 10_000 if moves == "end" else int(moves)
        for _ in range(rounds):
            if not play_pending_once(game):
                break
        game.refresh_from_db()
        games.append(
            {
                "id": game.pk,
                "table": game.table_id,
                "slug": definition.slug,
                "status": game.status,
                "to_move": _to_move(game),
            }
        )
    return {"users": [u.username for u in users], "games": games}


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "avalon_site.settings")
    import django

    django.setup()
    name, players, moves, *only = sys.argv[1:5]
    sys.stdout.write(json.dumps(seed(name, int(players), moves, *only)) + "\n")
