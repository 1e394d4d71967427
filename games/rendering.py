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
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import SafeData
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from accounts.models import reader_language

from .log import SiteNotice
from .models import Game, GameEvent, Seat
from .panels import live_panels_for
from .presentation import action_forms, player_name, presenter_for, seat_names
from .presentation.rounds import mark_last_visit, rounds_of
from .presentation.rules import feed_rules
from .presentation.since import since_last_visit
from .presentation.words import Reader, waiting_for
from .selectors import events_after, game_view_for_seat, players_of
from .services.seen import seat_seen_get

PARTIALS = ("phase", "board", "secret", "actions", "players")
# Who made a move other than the player: the log marks these lines with a badge, in the
# reader's words (the stored actor kind is an identifier, never shown as is).
BADGES = {
    GameEvent.ActorKind.TIMEOUT: pgettext_lazy("log badge", "timeout"),
    GameEvent.ActorKind.BOT: pgettext_lazy("log badge", "bot"),
    GameEvent.ActorKind.MODERATOR: pgettext_lazy("log badge", "moderator"),
}


def merged_players(feed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Site facts (name, online, bot) beside the engine's public facts of each seat."""
    engine = {p["seat"]: p for p in feed.get("view", {}).get("players", []) if "seat" in p}
    out = []
    for p in sorted(feed.get("players", []), key=lambda p: p["seat"]):
        merged = {**engine.get(p["seat"], {}), **p, "name": player_name(p)}
        merged["is_me"] = p["seat"] == feed.get("my_seat")
        merged["is_pending"] = p["seat"] in feed.get("pending_seats", [])
        if merged.get("role_label"):
            # The engine names a role in English (a marked msgid): the reader's words here.
            merged["role_label"] = _(str(merged["role_label"]))
        out.append(merged)
    return out


def log_lines(
    feed: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """One line per entry (oldest first), with what the grouped log needs: the round the
    entry opens, whether the log shows it, whether it tells the story (headline) and the
    table under it (a vote's)."""
    presenter = presenter_for(str(feed.get("game", "")))
    names = seat_names(feed)
    me = feed.get("my_seat")
    reader = Reader(names, me, presenter.stranger)
    lines = []
    for e in entries:
        event = e["event"]
        notice = e["type"] == SiteNotice.TYPE
        lines.append(
            {
                "seq": e["seq"],
                # Site notices (moderation) carry their own wording; the game never sees them.
                "text": str(event.get("text", "")) if notice else presenter.describe(e, names, me),
                "actor_kind": e["actor_kind"],
                "badge": str(BADGES.get(e["actor_kind"], "")),
                "created_at": e["created_at"],
                "opens": "" if notice else presenter.round_title(event, reader),
                "shown": notice or presenter.line_shown(event, me),
                "headline": notice or e["type"] in presenter.story.headline,
                "table": [] if notice else presenter.line_table(event, names),
            }
        )
    return lines


def banner(
    feed: Mapping[str, Any], names: Sequence[str], forms: Sequence[Any], phase_line: str
) -> str:
    """The phase banner speaks to its reader: when they must act, what they do ("Choose 2
    knights for Quest 1") and whom else the table waits for ("Waiting for you, Tristan and
    Percival."), never their own name in the third person; otherwise the game's phase line."""
    me = feed.get("my_seat")
    pending = list(feed.get("pending_seats", []))
    if feed.get("status") != Game.Status.PLAYING or me not in pending or not forms:
        return phase_line
    line = str(forms[0].title)
    if len(pending) > 1:
        line += " — " + waiting_for(pending, names, me)
    return line


def with_chat(lines: Sequence[dict[str, Any]], chat: Sequence[Any]) -> list[dict[str, Any]]:
    """The log's lines with the table talk between them, each message after the lines
    logged before it (the log's "Chat" filter shows only these)."""
    talk = [
        {
            "seq": "",
            "chat": m,
            "created_at": m.created_at.isoformat(),
            "shown": True,
            "headline": False,
        }
        for m in chat
    ]
    if not talk:
        return list(lines)
    merged = [*lines, *talk]
    # Stable: a message and an event of the same instant keep the event first.
    merged.sort(key=lambda line: dt.datetime.fromisoformat(str(line["created_at"])))
    return merged


def game_context(
    feed: Mapping[str, Any],
    *,
    csrf_token: str = "",
    log: Sequence[Mapping[str, Any]] = (),
    chat: Sequence[Any] = (),
    replay: bool = False,
    revealed: Mapping[str, Any] | None = None,
    seen: int | None = None,
    move_url: str = "",
) -> dict[str, Any]:
    """Everything the game page's partials show, as view models from the game's presenter.
    `revealed` (replays only) is the final view, for "everything revealed". `seen` (a
    seat's page) is the last seq its player had seen before: the log marks where that
    visit ended and "Since your last visit" tells what happened after it. `move_url`: where
    the action forms post (the game's move URL unless given: the emailed decision page's)."""
    presenter = presenter_for(str(feed.get("game", "")))
    names = seat_names(feed)
    players = merged_players(feed)
    seat = feed.get("my_seat")
    playing = feed.get("status") == Game.Status.PLAYING
    forms = [] if replay else action_forms(feed, names)
    steps = [f for f in forms if not f.aside]
    phase_line = banner(feed, names, forms, presenter.phase_line(feed, names))
    lines = log_lines(feed, log)
    rounds = rounds_of(with_chat(lines, chat))
    since = None
    if seen is not None and seat is not None and not replay:
        mark_last_visit(rounds, seen)
        # What the reader must do: the steps, not a rare move kept aside (withdrawing).
        since = since_last_visit(lines, seen, now=[f.title for f in steps], waiting=phase_line)
    return {
        "feed": feed,
        "names": names,
        "players": players,
        "me": next((p for p in players if p["is_me"]), None),
        "over": not playing,
        "phase_line": phase_line,
        "phase_rules": feed_rules(feed, *presenter.phase_rules(feed)) if playing else [],
        "board": presenter.board(feed, names),
        "secret": presenter.secret(feed, names, revealed),
        "forms": forms,
        # Three or more moves at once are shown as steps, one at a time (jousting's barter).
        "step_forms": steps,
        "aside_forms": [f for f in forms if f.aside],
        "stepped": len(steps) > 2,
        "idle": "" if replay or not playing else _idle(seat),
        "log": lines,
        "log_rounds": rounds[::-1],
        "since": since,
        "chat": chat,
        "csrf_token": csrf_token,
        "move_url": move_url or _move_url(feed),
        "replay": replay,
        "is_player": seat is not None,
        "board_template": presenter.board_template,
        "secret_template": presenter.secret_template,
        "stylesheets": presenter.stylesheets,
    }


def _move_url(feed: Mapping[str, Any]) -> str:
    game_id = feed.get("game_id")
    return reverse("game_move", args=[game_id]) if game_id is not None else ""


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
    """Pushed log lines: those before the first round they open go into the page's newest
    round, each round they open is added on top."""
    rounds = rounds_of(context.get("log", []), new_only=True)
    return render_to_string(
        "games/partials/log_append.html", {**context, "new_rounds": rounds, "oob": True}
    )


# Stands for the reader's CSRF token in HTML rendered once for many sockets (their forms
# post with it); each socket puts its own in (`with_csrf`), a string replace, no read.
CSRF_SLOT = "csrf-slot-7f3c1e"


def with_csrf(html: str, csrf_token: str) -> str:
    return html.replace(CSRF_SLOT, csrf_token)


# Boards whose template shows `board` alone (no form, no feed, no token): rendered from
# `board` and nothing else, one render serves every view of an update whose board model is
# equal (in The Resistance every seat's and the spectators' alike). A board with forms in
# it (Colovini, jousting) or reading the feed (Tournament's rule links) is rendered per view.
SHARED_BOARDS = frozenset({"games/boards/resistance-avalon.html"})

_Key = tuple[Any, ...] | str | int | float | bool | None


def fingerprint(value: Any) -> _Key:
    """An exact, hashable copy of a view model made of plain data (str, numbers, lists,
    dicts), or None when it holds anything else; safe strings are told apart from plain
    ones, since the template escapes only the latter."""
    if value is None or isinstance(value, bool | int | float):
        return ("v", type(value).__name__, value)
    if isinstance(value, str):
        return ("S" if isinstance(value, SafeData) else "s", str(value))
    if isinstance(value, list | tuple):
        items = [fingerprint(v) for v in value]
        return None if any(i is None for i in items) else ("l", *items)
    if isinstance(value, dict):
        pairs = []
        for k in sorted(value, key=str):
            v = fingerprint(value[k])
            if not isinstance(k, str) or v is None:
                return None
            pairs.append((k, v))
        return ("d", *pairs)
    return None


def _board(context: Mapping[str, Any], memo: dict[Any, str] | None) -> str:
    """The board partial, shared through `memo` between views with an equal board."""
    template = context["board_template"]
    model = fingerprint(context["board"]) if template in SHARED_BOARDS else None
    if memo is None or model is None:
        return render_to_string("games/partials/board.html", {**context, "oob": True})
    key = (template, model)
    if key not in memo:
        shown = {"board": context["board"], "board_template": template, "oob": True}
        memo[key] = render_to_string("games/partials/board.html", shown)
    return memo[key]


def render_update(
    payload: Mapping[str, Any], csrf_token: str, memo: dict[Any, str] | None = None
) -> str:
    """A pushed update as the game page swaps it in: the partials and the new log lines of
    `payload` (a broadcast payload: the feed and its "events"). `memo`: renders shared by
    the views of one update in one language (render_updates)."""
    feed = {k: v for k, v in payload.items() if k != "events"}
    context = game_context(feed, csrf_token=csrf_token, log=payload.get("events", ()))
    parts = [
        _board(context, memo) if name == "board" else render_partials(context, names=(name,))
        for name in PARTIALS
    ]
    return "".join(parts) + render_log_append(context)


def render_updates(
    game: Game,
    payloads: Mapping[Any, Mapping[str, Any]],
    users: Mapping[Any, Any],
    seats: Sequence[Seat],
) -> dict[Any, str]:
    """Each view of one update rendered once, other apps' panels included, with CSRF_SLOT
    for the token (registered as the broadcast's page renderer: games.apps). In UTC, as a
    socket renders: the committing request has its mover's time zone active, which is
    nobody else's (panels name the reader's own zone where they show times)."""
    viewers = {key: users.get(key) for key in payloads}
    # Each view in its reader's language (broadcast.game_updated tells the sockets which):
    # one pass per language, so the shared reads of the panels are made once per language.
    languages: dict[str, dict[Any, Any]] = {}
    for key, user in viewers.items():
        languages.setdefault(reader_language(user), {})[key] = user
    out: dict[Any, str] = {}
    with timezone.override(dt.UTC):
        for language, readers in languages.items():
            with translation.override(language):
                panels = live_panels_for(game, readers, CSRF_SLOT, seats)
                memo: dict[Any, str] = {}
                for key in readers:
                    out[key] = render_update(payloads[key], CSRF_SLOT, memo) + panels[key]
    return out


def render_chat_append(
    message: Mapping[str, Any], zone: dt.tzinfo | None = None, *, into_log: bool = False
) -> str:
    """A pushed chat line; its time ("created_at", ISO in UTC) shown in the reader's `zone`
    (their profile's time zone; UTC for anonymous readers). `into_log`: the game page's log
    gets it too, in its newest round."""
    created = dt.datetime.fromisoformat(str(message["created_at"]))
    local = created.astimezone(zone or dt.UTC)
    m = {**message, "local_time": local.strftime("%H:%M"), "local_iso": local.isoformat()}
    context = {"m": m, "oob": True, "into_log": into_log}
    return render_to_string("games/partials/chat_append.html", context)


def render_chat_hidden(message: Mapping[str, Any], *, into_log: bool = False) -> str:
    """A chat line a moderator hid, replacing the one shown (issue 5), and with `into_log`
    its copy in the game page's log."""
    return render_to_string("games/partials/chat_hidden.html", {"m": message, "into_log": into_log})


def render_table_live(table_id: int, game_id: int | None) -> str:
    """The table page's live notice: the game started (go there), or seats changed."""
    return render_to_string(
        "games/partials/table_live.html", {"table_id": table_id, "game_id": game_id}
    )


def since_text_for(game: Game, user: Any) -> str:
    """What happened in `game` since `user`'s last visit, in plain text for an email ("" when
    nothing new, or they have no seat). An inbox is not the table: only what every seat may
    see goes in (the log as spectators read it), not even the reader's own secrets, and no
    move title (the Assassin's would tell a role). Reading it is not a visit: the mark stays."""
    mine = seat_seen_get(game, user)
    if mine is None:
        return ""
    feed = {**game_view_for_seat(game, None), "players": players_of(game)}
    lines = log_lines(feed, events_after(game, 0, None))
    since = since_last_visit(lines, mine[1])
    return since.as_text() if since else ""
