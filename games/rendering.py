"""Server-side rendering of the game page's partials from one feed, shared by the page
view, the htmx move response and the websocket consumers (so all show the same), and of the
table page's pushed fragments.

Each partial's root element carries a stable id; with `oob=True` it also carries
hx-swap-oob so htmx (or its websocket extension) swaps it in place.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import pickle
import threading
import types
import zoneinfo
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from accounts.models import reader_language

from .lifecycle import SYSTEM_TYPE_PREFIX
from .models import Game, GameEvent, Seat
from .panels import live_panels_for
from .presentation import action_forms, player_name, presenter_for, seat_names
from .presentation.notices import current_handovers, notice_text
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
    handovers = current_handovers(entries)
    lines = []
    for e in entries:
        event = e["event"]
        # A system event (a hand-over, an abort, an abandonment; games.lifecycle) is worded
        # from its fields in the reader's language (presentation.notices), not by the
        # game's fallback ("Seat handed over: seat 1, to bot, text A moderator handed ...").
        notice = str(e["type"]).startswith(SYSTEM_TYPE_PREFIX)
        lines.append(
            {
                "seq": e["seq"],
                "text": notice_text(e, names, e["seq"] in handovers)
                if notice
                else presenter.describe(e, names, me),
                "actor_kind": e["actor_kind"],
                "badge": str(BADGES.get(e["actor_kind"], "")),
                "created_at": e["created_at"],
                "opens": "" if notice else presenter.round_title(event, reader),
                "shown": notice or presenter.line_shown(event, me),
                "headline": notice or e["type"] in presenter.headline,
                "table": [] if notice else presenter.line_table(event, names),
                # Read by partials/log_line.html: given, so the template never fails a
                # lookup (Django raises and catches four exceptions for each).
                "chat": "",
                "marker": "",
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
    shared: dict[Any, Any] | None = None,
) -> dict[str, Any]:
    """Everything the game page's partials show, as view models from the game's presenter.
    `revealed` (replays only) is the final view, for "everything revealed". `seen` (a
    seat's page) is the last seq its player had seen before: the log marks where that
    visit ended and "Since your last visit" tells what happened after it. `move_url`: where
    the action forms post (the game's move URL unless given: the emailed decision page's).
    `shared`: what the views of one update in one language share (render_updates)."""
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
        **_board(presenter, feed, names, shared),
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
        "move_url": move_url or _move_url(feed, shared),
        "replay": replay,
        "is_player": seat is not None,
        "board_template": presenter.board_template,
        "secret_template": presenter.secret_template,
        "stylesheets": presenter.stylesheets,
    }


def _board(
    presenter: Any, feed: Mapping[str, Any], names: list[str], shared: dict[Any, Any] | None
) -> dict[str, Any]:
    """The board's model ("board"), built once per update for every view with the same
    public view when the game's board reads nothing else (`public_board`): keyed
    ("board_key") by the fingerprint of that part of the view and the names."""
    if shared is None or not presenter.public_board:
        return {"board": presenter.board(feed, names)}
    view = feed.get("view", {})
    # Its fingerprint (a quarter of the time of its JSON, which each view paid for).
    public = fingerprint([[k, v] for k, v in view.items() if k != "you"] + names)
    if public is None:
        return {"board": presenter.board(feed, names)}
    key = ("board-model", public)
    if key not in shared:
        shared[key] = presenter.board(feed, names)
    return {"board": shared[key], "board_key": key}


def _move_url(feed: Mapping[str, Any], shared: dict[Any, Any] | None = None) -> str:
    """The game's move URL (reversed once per update for all its views, through `shared`)."""
    game_id = feed.get("game_id")
    if game_id is None:
        return ""
    if shared is None:
        return reverse("game_move", args=[game_id])
    key = ("move-url", game_id)
    if key not in shared:
        shared[key] = reverse("game_move", args=[game_id])
    return str(shared[key])


def _idle(seat: Any) -> str:
    """What the actions panel says when the viewer has nothing to play."""
    if seat is None:
        return _("You are watching this game.")
    return _("Nothing to do right now — the page updates by itself when it is your turn.")


def render_partials(context: Mapping[str, Any], *, names: Sequence[str] = PARTIALS) -> str:
    """The partials as out-of-band swaps (for htmx responses and websocket pushes); the
    players panel from the rows this process keeps (a presence change re-renders it in
    every socket)."""
    ctx = {**context, "oob": True}
    return "".join(
        _players(context, {}) if name == "players" else _render(name, ctx) for name in names
    )


def render_players(feed: Mapping[str, Any]) -> str:
    """The players panel of `feed` as an out-of-band swap, from the only part of the page's
    context it reads (PARTIAL_MODELS["players"]): a socket re-renders it at every presence
    change of its game, and the whole context (forms, board, log lines, secret) cost it ten
    times the panel."""
    return _players({"players": merged_players(feed)}, {})


def _render(name: str, context: Mapping[str, Any]) -> str:
    return render_to_string(f"games/partials/{name}.html", context)


def render_log_append(context: Mapping[str, Any], memo: dict[Any, str] | None = None) -> str:
    """Pushed log lines: those before the first round they open go into the page's newest
    round, each round they open is added on top. Made of its rounds alone (the lines'
    words, as this view reads them), so through `memo` it is rendered once for every view
    of an update whose new lines read alike (most of them: a public event reads the same
    to every seat that is not named in it)."""
    rounds = rounds_of(context.get("log", []), new_only=True)
    model = {"new_rounds": rounds, "oob": True}
    key = fingerprint(rounds) if memo is not None else None
    if memo is None or key is None:
        return render_to_string("games/partials/log_append.html", {**context, **model})
    key = ("log-append", key)
    if key not in memo:
        memo[key] = render_to_string("games/partials/log_append.html", model)
    return memo[key]


# Stands for the reader's CSRF token in HTML rendered once for many sockets (their forms
# post with it); each socket puts its own in (`with_csrf`), a string replace, no read.
CSRF_SLOT = "csrf-slot-7f3c1e"


# Stands for the seq in a kept render of the actions panel (its forms' expected_seq).
SEQ_SLOT = "seq-slot-7f3c1e"

# Stands for the view's own line in the phase panel rendered for many views (a comment: no
# escaped text can hold one).
PHASE_LINE_SLOT = SafeString(f"<!--phase-line-{CSRF_SLOT}-->")


def with_csrf(html: str, csrf_token: str) -> str:
    return html.replace(CSRF_SLOT, csrf_token)


# What each pushed partial's template reads of the page's context (games/partials/<name>.html
# and what it includes): rendered from this model alone, a partial is shared by every view
# of an update (in one language) whose model is equal, and it cannot show anything of a
# view that the model does not hold. `feed` and `me` are cut down to the facts the
# templates read of them: a seat's own player row, say, differs from the next seat's, but
# whether it is pending does not. tests/games/test_shared_renders.py checks, over games of
# every kind, that these are all a partial reads and that the shared render is each
# view's own.
def _cut(context: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    return {k: context[k] for k in keys if k in context}


def _feed(context: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    feed = context.get("feed", {})
    return {k: feed[k] for k in keys if k in feed}


def _phase_model(context: Mapping[str, Any]) -> dict[str, Any]:
    me = context.get("me")
    return {
        "feed": _feed(context, "seq", "game_id"),
        "me": {"is_pending": bool(me and me.get("is_pending"))},
        **_cut(context, "over", "replay", "phase_line", "phase_rules"),
    }


def _actions_model(context: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "feed": _feed(context, "seq"),
        **_cut(
            context,
            *("forms", "step_forms", "aside_forms", "stepped", "idle", "move_url"),
            *("action_error", "action_error_rules", "csrf_token"),
        ),
    }


# Boards that show the viewer's own place in a list of rows ("is_me" on the Tournament's
# and the jousting's knights): the board model's list key, the row's template and the one
# name it reads (the row). A pushed update renders each distinct row once, and the rest of
# the board once for every view with an equal rest (`board_rows`: the rendered rows in
# their order); the page's own render includes the row template per row, the same bytes.
ROWED_BOARDS = {
    "games/boards/tournament.html": ("players", "games/boards/tournament-knight.html", "p"),
    # The Resistance's vote history: a row per team voted on, the same from move to move.
    "games/boards/resistance-avalon.html": (
        "proposals",
        "games/boards/resistance-avalon-proposal.html",
        "p",
    ),
    "games/boards/jousting-avalon.html": (
        "knights",
        "games/boards/jousting-avalon-knight.html",
        "k",
    ),
}

PARTIAL_MODELS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "phase": _phase_model,
    # An inclusion tag (rule_link) passes the token on, whether it shows it or not.
    "board": lambda context: {
        "feed": _feed(context, "game"),
        **_cut(context, "board", "board_template", "csrf_token"),
    },
    "secret": lambda context: _cut(context, "secret", "secret_template", "replay"),
    "actions": _actions_model,
    "players": lambda context: _cut(context, "players"),
}


def fingerprint(value: Any) -> Hashable | None:
    """An exact, hashable copy of a view model made of plain data (str, numbers, None,
    lists, tuples, dicts in their order, dataclasses of these, dates and times with their
    time zone; lazy translations as they read in the active language), or None when it
    holds anything else: its pickle, made in C (a tenth of the time of a walk in Python,
    which a watched move paid for every partial of every view). Every object is pickled
    with its type, so unequal models never share a key: safe strings are told apart from
    plain ones (only the latter are escaped), 1 from 1.0 and True, a list from a tuple. No
    memo (`fast`): two equal models give the same bytes whether or not they share their
    parts."""
    buffer = io.BytesIO()
    pickler = _Fingerprinter(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    try:
        pickler.dump(value)
    except (TypeError, ValueError, pickle.PicklingError, RecursionError):
        return None
    return buffer.getvalue()


def _lazy_text(html: bool, text: str) -> None:
    """Stands for a lazy translation in a fingerprint (pickled by name, never called)."""


_TIMES = frozenset({dt.datetime, dt.date, dt.time, dt.timedelta, dt.timezone, zoneinfo.ZoneInfo})
_ZONE_UNPICKLE = zoneinfo.ZoneInfo._unpickle  # type: ignore[attr-defined]


class _Fingerprinter(pickle.Pickler):
    """Pickles only what a fingerprint may hold: the C pickler handles str, numbers, None,
    lists, tuples and dicts itself and asks here for any other object."""

    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        if kind is SafeString:
            return NotImplemented
        if isinstance(obj, Promise):  # a lazy translation: as it reads in the active language
            return _lazy_text, (hasattr(obj, "__html__"), str(obj))
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            return NotImplemented
        if kind is type or kind is types.FunctionType:  # classes and functions by name
            return NotImplemented
        if kind in _TIMES:  # by value, with its time zone (a deadline)
            return NotImplemented
        if kind is types.BuiltinMethodType and (obj == _ZONE_UNPICKLE or obj is getattr):
            return NotImplemented  # a zone, by its key (pickled as getattr(ZoneInfo, ...))
        raise TypeError(f"not in a fingerprint: {kind.__name__}")


def _partial(name: str, context: Mapping[str, Any], memo: dict[Any, str] | None) -> str:
    """One partial of `context`'s view, shared through `memo` between the views of one
    update whose model of it (PARTIAL_MODELS) is equal."""
    if memo is not None and name == "players":
        return _players(context, memo)
    model = PARTIAL_MODELS[name](context)
    fill: tuple[str, str] | None = None  # a slot in the shared render, and this view's text
    key: Hashable | None = None
    if memo is not None and name == "board":
        rest = fingerprint({k: v for k, v in model.items() if k != "board"})
        if context.get("board_key") is not None and rest is not None:
            # A board model built once for the update (game_context's `shared`): its key
            # names it exactly, no need to fingerprint it again in every view.
            key = (context["board_key"], rest)
        elif context.get("board_template") in ROWED_BOARDS:
            html = _rowed_board(model, memo)
            if html is not None:
                return html
    elif memo is not None and name == "actions" and type(model["feed"].get("seq")) is int:
        # The forms carry the seq only as their expected_seq: rendered with a slot for it,
        # a seat's forms are kept from one update to the next while its moves stay the same.
        fill = (SEQ_SLOT, str(model["feed"]["seq"]))
        model = {**model, "feed": {**model["feed"], "seq": SEQ_SLOT}}
    elif memo is not None and name == "phase" and isinstance(model.get("phase_line"), str):
        # The line differs from view to view ("Waiting for you, ..."), the rest seldom: the
        # panel rendered once around a slot, each view's line put in as the template shows
        # a text (escaped unless safe).
        fill = (PHASE_LINE_SLOT, conditional_escape(model["phase_line"]))
        model = {**model, "phase_line": PHASE_LINE_SLOT}
    if key is None and memo is not None:
        key = fingerprint(model)
    if memo is None or key is None:
        return render_partials(context, names=(name,))
    key = (name, key)
    if key not in memo:
        template = f"games/partials/{name}.html"
        shown = {**model, "oob": True}
        rowed = _rowed_board(model, memo) if name == "board" else None
        if rowed is not None:  # a board shared by every view: its rows kept still
            memo[key] = rowed
        elif name in KEPT:
            memo[key] = _kept(key, partial(render_to_string, template, shown))
        else:
            memo[key] = render_to_string(template, shown)
    return memo[key] if fill is None else memo[key].replace(*fill)


def _rowed_board(model: dict[str, Any], memo: dict[Any, str]) -> str | None:
    """The board of a view whose rows differ from view to view: each distinct row rendered
    once (and kept between updates), the rest of the board once for every view that sees
    it alike, with a slot per row that each view fills with its own rows. None when the
    model holds anything a fingerprint refuses or the board has no rows (ROWED_BOARDS). A
    board every view shares (The Resistance's) is rendered so once per update, its rows
    kept from one update to the next."""
    board = model["board"]
    if model.get("board_template") not in ROWED_BOARDS:
        return None
    rows_key, template, name = ROWED_BOARDS[model["board_template"]]
    rows = []
    for p in board.get(rows_key) or ():
        key = fingerprint(p)
        if key is None:
            return None
        key = (template, key)
        if key not in memo:
            memo[key] = _kept(key, partial(render_to_string, template, {name: p}))
        rows.append(memo[key])
    # Comments: an escaped text can never hold one, so a slot is only ever a slot.
    slots = [SafeString(f"<!--board-row-{i}-{CSRF_SLOT}-->") for i in range(len(rows))]
    rest = {**model, "board": {k: v for k, v in board.items() if k != rows_key}}
    key = fingerprint({**rest, "board_rows": slots})
    if key is None:
        return None
    key = ("board-shell", key)
    if key not in memo:
        memo[key] = render_to_string(
            "games/partials/board.html", {**rest, "board_rows": slots, "oob": True}
        )
    html = memo[key]
    for slot, row in zip(slots, rows, strict=True):
        html = html.replace(slot, row)
    return html


def _players(context: Mapping[str, Any], memo: dict[Any, str]) -> str:
    """The players panel from rows shared through `memo`: each view's panel differs from
    the next one's in a row or two (its own, what its role knows), so a row is rendered
    once per distinct player model (partials/player.html shows `p` alone)."""
    rows = []
    for p in context.get("players", ()):
        # What the row shows of its player alone: a seat's deadline or user id, which
        # change at every move, would make every row new at every update.
        # A key the row lacks reads "" (as a missing one renders), never a failed lookup.
        row = {k: p.get(k, "") for k in PLAYER_ROW}
        key = fingerprint(row)
        if key is None:
            return _render("players", {**context, "oob": True})
        key = ("player", key)
        if key not in memo:
            memo[key] = _kept(
                key, partial(render_to_string, "games/partials/player.html", {"p": row})
            )
        rows.append(memo[key])
    panel = ("players", *rows)
    if panel not in memo:
        # The panel around its rows is the same for every view: rendered once, with a slot
        # (a comment, which no escaped text can hold) where each view's rows go.
        if ("players-shell",) not in memo:
            memo[("players-shell",)] = render_to_string(
                "games/partials/players.html", {"player_rows": [PLAYER_ROWS_SLOT], "oob": True}
            )
        memo[panel] = memo[("players-shell",)].replace(PLAYER_ROWS_SLOT, "".join(rows))
    return memo[panel]


# What partials/player.html reads of its `p` (tests/games/test_shared_renders.py checks it
# over whole games of every kind).
PLAYER_ROW = (
    *("is_me", "side", "online", "name", "is_bot"),
    *("leader", "on_team", "lady", "is_pending", "acted", "role_label"),
)
PLAYER_ROWS_SLOT = SafeString(f"<!--player-rows-{CSRF_SLOT}-->")


# Renders kept from one update to the next, in this process: a seat's secret and a
# player's row seldom change between two moves. Keyed as in an update's memo, by the
# exact model, plus the language and time zone: a kept render is reused only for an equal
# model, whichever view or game it was first made for. Emptied when settings change
# (tests). The pieces of `{% kept %}` (kept_piece) are kept here too: a 5-player game's
# update asks for ~40 and makes ~4 new ones.
#
# Bounded, the least recently used out first: a piece a game reads at every move stays
# while the game goes on. (Oldest made out first, as before, turned the store over in
# seconds on a busy process, 200 games at a move a second each: every game's secrets and
# rows were made again every few moves.) The characters bound what the store holds, about
# 30 MB of objects: the live pieces of some 150 five-player games (benchmarks/RESULTS.md).
KEPT = frozenset({"secret", "actions"})
KEPT_MAX = 32_768
KEPT_CHARS = 16_000_000  # what the kept renders and their keys hold, at most (characters)
_kept_renders: OrderedDict[Any, str] = OrderedDict()
_kept_chars = [0]
_kept_lock = threading.Lock()


def _kept(key: tuple[Any, ...], render: Callable[[], str]) -> str:
    key = (translation.get_language(), timezone.get_current_timezone_name(), key)
    html = _kept_renders.get(key)
    if html is not None:
        try:  # noqa: SIM105 (every hit passes here: a bare try costs nothing, suppress() a call)
            _kept_renders.move_to_end(key)  # one C call: atomic, no lock needed
        except KeyError:  # another thread put it out meanwhile
            pass
        return html
    html = render()
    with _kept_lock:
        if key not in _kept_renders:
            _kept_renders[key] = html
            _kept_chars[0] += _size(key, html)
        while len(_kept_renders) > KEPT_MAX or _kept_chars[0] > KEPT_CHARS:
            oldest, gone = _kept_renders.popitem(last=False)
            _kept_chars[0] -= _size(oldest, gone)
    return html


def kept_piece(template: str, values: Mapping[str, Any]) -> str:
    """`template` rendered from `values` alone (the `{% kept %}` tag: games.templatetags.
    kept_pieces), kept (`_kept`) by the template's name and the exact values: its HTML is
    a function of these, the language and the time zone, which the key holds, so the page
    and every pushed view read the very bytes of a render of their own, and a piece is
    shared only between views whose values are equal. Values a fingerprint refuses (a
    model instance) render every time."""
    render = partial(render_to_string, template, dict(values))
    key = fingerprint(values)
    if key is None:
        return render()
    return _kept(("piece", template, key), render)


def _size(key: tuple[Any, ...], html: str) -> int:
    """A kept render's weight: its HTML and its model's fingerprint (the key's last)."""
    model = key[-1][-1]
    return len(html) + (len(model) if isinstance(model, bytes) else 0)


@receiver(setting_changed)
def _forget_kept(**kwargs: Any) -> None:
    with _kept_lock:
        _kept_renders.clear()
        _kept_chars[0] = 0


def render_update(
    payload: Mapping[str, Any], csrf_token: str, memo: dict[Any, str] | None = None
) -> str:
    """A pushed update as the game page swaps it in: the partials and the new log lines of
    `payload` (a broadcast payload: the feed and its "events"). `memo`: renders shared by
    the views of one update in one language (render_updates)."""
    feed = {k: v for k, v in payload.items() if k != "events"}
    context = game_context(feed, csrf_token=csrf_token, log=payload.get("events", ()), shared=memo)
    parts = [_partial(name, context, memo) for name in PARTIALS]
    return "".join(parts) + render_log_append(context, memo)


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
