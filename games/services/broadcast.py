"""What each seat receives after a commit: its own view and the events redacted for it,
on its own channel group; spectators get the public view on theirs (design: "Getting
state to people"). Never the full state on a shared group.

The game page's HTML of each view is rendered here too, once per view in the process that
committed (all spectators share one), and sent beside the JSON: the sockets only forward
it, with no database read per socket. Only the views someone listens to are sent: the
seats whose player is online, and the spectators' while spectators are there
(games.services.presence); and only those some socket shows as the game page are rendered.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from channels.layers import get_channel_layer

from accounts.models import reader_language
from games.engine.core import JSON
from games.log import definition_of
from games.models import ChatMessage, Game, Seat, Table
from games.redaction import Step, log_as_seen
from games.selectors import (
    TABLE_PLAYERS,
    TABLE_VISITORS,
    game_view_for_seat,
    players_from,
    players_of,
    seats_in_play,
)

from .channel_send import group_send_many

logger = logging.getLogger(__name__)


def seat_group(game_id: int, seat: int) -> str:
    return f"game-{game_id}-seat-{seat}"


def spectator_group(game_id: int) -> str:
    return f"game-{game_id}-spectators"


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def _send(group: str, message: dict[str, JSON]) -> None:
    _send_all([(group, message)])


def _send_all(messages: Sequence[tuple[str, dict[str, JSON]]]) -> None:
    """Send to several groups at once (games.services.channel_send: one trip to the event
    loop, and with Redis one pipeline of the groups' members and one insert of every message).

    Delivery is best effort (the channel layer is at-most-once anyway): this runs after a
    commit, so a layer that is down (Redis restarting) is logged and never raised: the move
    stands, and every socket catches up from the database (GameConsumer's heartbeat, or a
    reconnect with its last seq) once the layer is back (R2)."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    try:
        group_send_many(layer, messages)
    except Exception as exc:
        logger.warning(
            "broadcast: channel layer unavailable, %d group message(s) not sent: %r",
            len(messages),
            exc,
        )


Viewer = int | None  # a seat, or None for the spectators
# Renders the pushed HTML of several views of one update: (game, {viewer: payload},
# {viewer: that viewer's user or None}, seats in play) -> {viewer: html}. The presentation
# ring registers it at start (games.apps): services never import it.
PageRenderer = Callable[
    [Game, Mapping[Viewer, dict[str, JSON]], Mapping[Viewer, Any], Sequence[Seat]],
    dict[Viewer, str],
]
_page_renderer: list[PageRenderer] = []


def register_page_renderer(renderer: PageRenderer) -> None:
    _page_renderer[:] = [renderer]


def seat_payloads(
    game: Game,
    steps: Sequence[Step],
    state: Any,
    seats: int | None = None,
    players: list[dict[str, JSON]] | None = None,
    viewers: Collection[Viewer] | None = None,
) -> dict[Viewer, dict[str, JSON]]:
    """Per viewer (seat, None for spectators): view + the new events as that viewer sees them.
    Each viewer's payload is computed once here and sent as is (`seats` defaults to the
    seats in play, read with the players; `viewers`, to every seat and the spectators)."""
    definition = definition_of(game)
    if players is None:
        players = players_of(game)
    if seats is None:
        seats = len(players)
    out: dict[Viewer, dict[str, JSON]] = {}
    for viewer in [*range(seats), None]:
        if viewers is not None and viewer not in viewers:
            continue
        payload = game_view_for_seat(game, viewer, state)
        payload["players"] = players
        payload["events"] = log_as_seen(definition, steps, viewer)
        out[viewer] = payload
    return out


def _listening(game: Game, seats: Sequence[Seat]) -> tuple[set[Viewer], dict[Viewer, Any]]:
    """Who has a socket open on the game: the seats whose player is online and the
    spectators while a spectator's socket marks the game (games.services.presence), and of
    those the views whose page is rendered here, with the user whose panels they show: a
    view some socket shows as the game page (a program's JSON socket needs no HTML), the
    spectators' only at a public table."""
    from .presence import spectating_of  # presence tells its news through here

    listening: set[Viewer] = {s.position for s in seats if getattr(s, "online", False)}
    watched: dict[Viewer, Any] = {s.position: s.user for s in seats if getattr(s, "on_page", False)}
    spectators = spectating_of(game.pk, seats)
    if spectators.listening:
        listening.add(None)
        if spectators.watching and game.table.visibility == Table.Visibility.PUBLIC:
            watched[None] = None
    return listening, watched


def game_updated(
    game: Game,
    steps: Sequence[Step],
    state: Any,
    seats: Sequence[Seat] | None = None,
    players: list[dict[str, JSON]] | None = None,
    also: Collection[Viewer] = (),
) -> dict[Viewer, dict[str, JSON]]:
    """Push each listened-to viewer's own payload, and the page's HTML of it when watched,
    to its group (call after commit); returns the payloads of those viewers and of `also`
    (the movers: a mover's reply reuses its own), none built for nobody. `after_seq` is the
    seq the update follows: a socket that sent less knows it missed a push (GameConsumer).
    `seats`: the seats in play as games.selectors.seats_in_play read them (read here when
    not given).

    A group nobody listens to is not sent to: with no page open a move costs no render and
    no trip to the channel layer. A socket opening as the move commits reads the game after
    its presence is written (GameConsumer.connect), and its heartbeat catches up anything
    else."""
    after_seq = steps[0][0].seq - 1 if steps else game.state_seq
    if seats is None:
        seats = seats_in_play(game)
    listening, watched = _listening(game, seats)
    if not listening and not also:
        return {}  # nobody to send to, no payload wanted: nothing to build
    if players is None:
        players = players_from(list(seats))
    payloads = seat_payloads(game, steps, state, len(seats), players, {*listening, *also})
    html: dict[Viewer, str] = {}
    if watched and _page_renderer:
        try:
            html = _page_renderer[0](
                game, {v: payloads[v] for v in watched if v in payloads}, watched, seats
            )
        except Exception:  # the sockets read it from the database instead (consumer)
            logger.exception("broadcast: rendering game %s failed", game.pk)
    messages: list[tuple[str, dict[str, JSON]]] = []
    for viewer, payload in payloads.items():
        if viewer not in listening:
            continue
        message: dict[str, JSON] = {
            "type": "game.update",
            "payload": payload,
            "after_seq": after_seq,
        }
        if viewer in html:
            message["html"] = html[viewer]
            # The language it is written in (games.rendering.render_updates): a socket that
            # speaks another renders its own copy from the database instead.
            message["lang"] = reader_language(watched.get(viewer))
        group = spectator_group(game.pk) if viewer is None else seat_group(game.pk, viewer)
        messages.append((group, message))
    _send_all(messages)
    return payloads


def table_changed(table_id: int, game_id: int | None = None) -> None:
    """Tell table pages that seats changed or the game started."""
    _send(table_group(table_id), {"type": "table.changed", "game_id": game_id})


def table_chat_group(table_id: int, audience: str) -> str:
    """The table page's chat readers: players seated there, or visitors."""
    return f"table-{table_id}-{audience}"


def _chat_groups(message: ChatMessage, game_id: int | None, seats: int) -> list[str]:
    """Who reads a chat message live. Players' talk reaches every reader of the table.
    Spectators' talk reaches players only before the start: once the game is on, watchers
    must not coach the seated players (`selectors.chat_for` reads the same way)."""
    table_id = message.table_id
    players_read = message.channel == ChatMessage.Channel.PLAYERS
    groups = [table_chat_group(table_id, TABLE_VISITORS)]
    if players_read or game_id is None:
        groups.append(table_chat_group(table_id, TABLE_PLAYERS))
    if game_id is not None:
        groups.append(spectator_group(game_id))
        if players_read:
            groups.extend(seat_group(game_id, seat) for seat in range(seats))
    return groups


def chat_posted(message: ChatMessage, game_id: int | None, seats: int) -> None:
    data: dict[str, JSON] = {
        "type": "chat.message",
        "message": {
            "id": message.pk,
            "author": message.author.public_name,
            "channel": message.channel,
            "body": message.body,
            "created_at": message.created_at.isoformat(),
        },
    }
    _send_all([(group, data) for group in _chat_groups(message, game_id, seats)])


def chat_hidden(message: ChatMessage, game_id: int | None, seats: int) -> None:
    """A moderator hid a message: every reader of its channel replaces it (issue 5)."""
    data: dict[str, JSON] = {
        "type": "chat.hidden",
        "message": {"id": message.pk, "body": message.shown_body, "channel": message.channel},
    }
    _send_all([(group, data) for group in _chat_groups(message, game_id, seats)])


def presence_changed(game: Game, seats: int) -> None:
    """Someone's socket opened or closed: the players (online flags) are read once here and
    pushed, so the sockets re-render their panel without a read each."""
    game_id = game.pk
    notice: dict[str, JSON] = {"type": "presence.changed", "players": players_of(game)}
    groups = [seat_group(game_id, seat) for seat in range(seats)] + [spectator_group(game_id)]
    _send_all([(group, notice) for group in groups])


def rematch_changed(game_id: int, seats: int) -> None:
    """A player accepted a rematch (or it started): game pages re-read the rematch panel."""
    notice: dict[str, JSON] = {"type": "rematch.changed"}
    groups = [seat_group(game_id, seat) for seat in range(seats)] + [spectator_group(game_id)]
    _send_all([(group, notice) for group in groups])
