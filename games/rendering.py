"""Server-side rendering of the game page's partials from one feed, shared by the page
view, the htmx move response and the websocket consumers (so all show the same), and of the
table page's pushed fragments.

Each partial's root element carries a stable id; with `oob=True` it also carries
hx-swap-oob so htmx (or its websocket extension) swaps it in place.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from .log import SiteNotice
from .models import Game, GameEvent
from .presentation import action_forms, presenter_for, seat_names

PARTIALS = ("phase", "board", "secret", "actions", "players")
# Who made a move other than the player: the log marks these lines with a badge.
BADGED_ACTORS = frozenset(
    {GameEvent.ActorKind.TIMEOUT, GameEvent.ActorKind.BOT, GameEvent.ActorKind.MODERATOR}
)


def merged_players(feed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Site facts (name, online, bot) beside the engine's public facts of each seat."""
    engine = {p["seat"]: p for p in feed.get("view", {}).get("players", []) if "seat" in p}
    out = []
    for p in sorted(feed.get("players", []), key=lambda p: p["seat"]):
        merged = {**engine.get(p["seat"], {}), **p}
        merged["is_me"] = p["seat"] == feed.get("my_seat")
        merged["is_pending"] = p["seat"] in feed.get("pending_seats", [])
        out.append(merged)
    return out


def log_lines(
    feed: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    presenter = presenter_for(str(feed.get("game", "")))
    names = seat_names(feed)
    return [
        {
            "seq": e["seq"],
            # Site notices (moderation) carry their own wording; the game never sees them.
            "text": str(e["event"].get("text", ""))
            if e["type"] == SiteNotice.TYPE
            else presenter.describe(e, names, feed.get("my_seat")),
            "actor_kind": e["actor_kind"],
            "badge": e["actor_kind"] if e["actor_kind"] in BADGED_ACTORS else "",
            "created_at": e["created_at"],
        }
        for e in entries
    ]


def game_context(
    feed: Mapping[str, Any],
    *,
    csrf_token: str = "",
    log: Sequence[Mapping[str, Any]] = (),
    chat: Sequence[Any] = (),
    replay: bool = False,
    revealed: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the game page's partials show, as view models from the game's presenter.
    `revealed` (replays only) is the final view, for "everything revealed"."""
    presenter = presenter_for(str(feed.get("game", "")))
    names = seat_names(feed)
    players = merged_players(feed)
    seat = feed.get("my_seat")
    playing = feed.get("status") == Game.Status.PLAYING
    return {
        "feed": feed,
        "names": names,
        "players": players,
        "me": next((p for p in players if p["is_me"]), None),
        "over": not playing,
        "phase_line": presenter.phase_line(feed, names),
        "board": presenter.board(feed, names),
        "secret": presenter.secret(feed, names, revealed),
        "forms": [] if replay else action_forms(feed, names),
        "idle": "" if replay or not playing else _idle(seat),
        "log": log_lines(feed, log),
        "chat": chat,
        "csrf_token": csrf_token,
        "replay": replay,
        "is_player": seat is not None,
        "board_template": presenter.board_template,
        "secret_template": presenter.secret_template,
        "stylesheets": presenter.stylesheets,
    }


def _idle(seat: Any) -> str:
    """What the actions panel says when the viewer has nothing to play."""
    if seat is None:
        return _("You are watching this game.")
    return _("Nothing to do right now — the page updates by itself when it is your turn.")


def render_partials(context: Mapping[str, Any], *, names: Sequence[str] = PARTIALS) -> str:
    """The partials as out-of-band swaps (for htmx responses and websocket pushes)."""
    ctx = {**context, "oob": True}
    return "".join(render_to_string(f"games/partials/{name}.html", ctx) for name in names)


def render_log_append(context: Mapping[str, Any]) -> str:
    return render_to_string("games/partials/log_append.html", {**context, "oob": True})


def render_chat_append(message: Mapping[str, Any], zone: dt.tzinfo | None = None) -> str:
    """A pushed chat line; its time ("created_at", ISO in UTC) shown in the reader's `zone`
    (their profile's time zone; UTC for anonymous readers)."""
    created = dt.datetime.fromisoformat(str(message["created_at"]))
    local = created.astimezone(zone or dt.UTC)
    m = {**message, "local_time": local.strftime("%H:%M"), "local_iso": local.isoformat()}
    return render_to_string("games/partials/chat_append.html", {"m": m, "oob": True})


def render_chat_hidden(message: Mapping[str, Any]) -> str:
    """A chat line a moderator hid, replacing the one shown (issue 5)."""
    return render_to_string("games/partials/chat_hidden.html", {"m": message})


def render_table_live(table_id: int, game_id: int | None) -> str:
    """The table page's live notice: the game started (go there), or seats changed."""
    return render_to_string(
        "games/partials/table_live.html", {"table_id": table_id, "game_id": game_id}
    )
