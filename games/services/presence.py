"""Presence of websockets on game pages: a socket's row written when it opens and deleted
when it closes (telling the game's readers when a seat comes online or goes offline), the
heartbeat that keeps a row fresh and the purge of rows left behind by a server process that
crashed (it never ran its disconnects).

Whether a user counts as online is `Presence.objects.live()` (games.models): a row not
refreshed for PRESENCE_STALE_AFTER is ignored at once, and the purge deletes it later.

Anonymous spectators have no rows (a signed-in spectator's row lets moderation and logouts
find the socket): a spectator's socket marks its game as watched (`SpectatorMark`, written
on connect and at every heartbeat) for a few heartbeats, and the broadcast sends the
spectators' view only while the mark stands. The move reads the mark inside its seats'
read, so the move's service asks Redis nothing.

Only a socket that shows the game page costs the broadcast a render of its view: a row
and a mark say whether theirs does (`page`); a program's JSON socket (?format=json) is
sent the JSON alone.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.models import Game, Presence, SpectatorMark
from games.selectors import game_versions
from games.services import broadcast
from games.services.seen import seats_seen_mark

logger = logging.getLogger(__name__)


def presence_join(
    *,
    channel_name: str,
    game: Game,
    user: User,
    seats: int,
    brings_online: bool,
    page: bool = True,
) -> None:
    """A user's socket opened on the game: they are online there. The game's readers
    (`seats`: the seats in play, whose groups and the spectators' are told) hear of it only
    when it `brings_online` a seat: not for a spectator (the panel shows seats only), nor
    for a player's second tab (the caller read that before this row is written). `page`:
    the socket shows the game page, so the broadcast renders its view (a program's JSON
    socket, False, counts as online and is sent the JSON alone)."""
    Presence.objects.bulk_create(
        [Presence(channel_name=channel_name, game=game, user=user, page=page)],
        ignore_conflicts=True,
    )
    if brings_online:
        broadcast.presence_changed(game, seats)


def presence_leave(*, channel_name: str, game: Game, user: User, seats: int, seated: bool) -> None:
    """The socket closed: its row goes, and the game's readers are told if its seat went
    offline (read after the delete: two tabs closing together both tell)."""
    Presence.objects.filter(channel_name=channel_name).delete()
    if seated and not _online_elsewhere(game, user, channel_name):
        broadcast.presence_changed(game, seats)


def _online_elsewhere(game: Game, user: User, channel_name: str) -> bool:
    """Whether `user` has another live socket on `game`'s page (their seat shows online)."""
    return (
        Presence.objects.live()
        .filter(game=game, user=user)
        .exclude(channel_name=channel_name)
        .exists()
    )


def presence_touch(*, channel_names: Collection[str], now: dt.datetime | None = None) -> int:
    """These sockets are still open: refresh their rows (returns how many were refreshed)."""
    if not channel_names:
        return 0
    return Presence.objects.filter(channel_name__in=channel_names).update(
        last_seen=now or timezone.now()
    )


def sockets_beat(
    *,
    game_ids: Collection[int],
    spectated: Collection[int],
    channel_names: Collection[str],
    seen: Collection[tuple[int, int, int]] = (),
    spectated_pages: Collection[int] = (),
    now: dt.datetime | None = None,
) -> dict[int, tuple[int, str]]:
    """One heartbeat of a server process's game sockets (games.consumers.beat): refresh
    the presence rows of `channel_names`, mark the `spectated` games listened to and the
    `spectated_pages` games watched on their page, record what the pages showed their
    players (`seen`: table id, position, seq), and return each of `game_ids'` (state_seq,
    status), to tell which sockets missed a push."""
    presence_touch(channel_names=channel_names, now=now)
    spectators_mark(spectated, spectated_pages, now)
    seats_seen_mark(seen)
    return game_versions(game_ids) if game_ids else {}


def session_digest(session_key: str) -> str:
    """How a socket and a logout name a session on the channel layer (not the key itself)."""
    return hashlib.sha256(session_key.encode()).hexdigest()


def session_sockets_end(*, user_id: int, session_key: str) -> None:
    """The user logged out of the session `session_key`: their game sockets opened with it
    close after commit (GameConsumer.session_ended). They went on pushing the seat's own
    view (role, hand) to the browser that had logged out. The user's sockets of another
    session (another device) read the message and stay open."""
    _tell_sockets(user_id, {"type": "session.ended", "session": session_digest(session_key)})


def session_sockets_recheck(*, user_id: int) -> None:
    """The user's password changed: Django signs out their other sessions, but a socket
    opened with one stayed open, pushing the seat's view to whoever held it. Each of their
    sockets signed in by a session reconnects (GameConsumer.session_recheck) and is
    signed in again only if its session still holds."""
    _tell_sockets(user_id, {"type": "session.recheck"})


def token_sockets_recheck(*, user_id: int) -> None:
    """The user replaced or revoked their API token: the old key "stops working at once",
    but a socket a program opened with it stayed open. Each of their sockets signed in by
    a token reconnects (GameConsumer.token_recheck), as whoever its key now says."""
    _tell_sockets(user_id, {"type": "token.recheck"})


def _tell_sockets(user_id: int, message: dict[str, str]) -> None:
    """Send `message` to each game socket of the user, after commit."""
    channels = list(Presence.objects.filter(user_id=user_id).values_list("channel_name", flat=True))
    if channels:
        transaction.on_commit(lambda: sockets_tell(channels, message))


# How a socket is asked to close (GameConsumer): for good (4403, which the page's socket
# does not retry), or as a restart (1012, which it retries at once, checked from scratch).
CLOSE_FOR_GOOD = 4403
CLOSE_TO_RECONNECT = 1012


def sockets_tell(channel_names: Collection[str], message: dict[str, Any]) -> None:
    """Send `message` to each socket now (callers wait for their commit): a socket that
    cannot be told is logged; the change that told it stands all the same."""
    layer = get_channel_layer()
    if layer is None:
        return
    for name in channel_names:
        try:
            async_to_sync(layer.send)(name, message)
        except Exception as exc:  # the layer down
            logger.warning("presence: could not tell socket %s: %r", name, exc)


def presence_purge_stale(*, now: dt.datetime | None = None) -> int:
    """Delete the rows no live socket refreshes any more; returns how many went."""
    deleted, _ = Presence.objects.stale(now).delete()
    return deleted


def spectators_touch(*game_ids: int, page: bool = True) -> None:
    """A spectator's socket is open on each game (`page`: one showing the game page, not a
    program's JSON socket)."""
    spectators_mark(game_ids, game_ids if page else ())


def spectators_mark(
    game_ids: Collection[int], pages: Collection[int] = (), now: dt.datetime | None = None
) -> None:
    """Spectators' sockets are open on `game_ids`, some of them showing the page on `pages`
    (a part of `game_ids`): their marks run three heartbeats from now, so a process that
    died with its sockets stops counting soon after. One upsert for the pages and one for
    the rest, which leaves a page mark another process keeps as it is; in the games'
    order, so two processes marking the same games wait for each other, never deadlock."""
    now = now or timezone.now()
    until = now + 3 * dt.timedelta(seconds=float(settings.GAME_SOCKET_HEARTBEAT_SECONDS))
    on_page = set(pages)
    for games, page_until in ((set(game_ids) - on_page, None), (on_page, until)):
        if games:
            SpectatorMark.objects.bulk_create(
                [
                    SpectatorMark(game_id=g, listened_until=until, page_until=page_until)
                    for g in sorted(games)
                ],
                update_conflicts=True,
                unique_fields=["game"],
                update_fields=["listened_until"] + (["page_until"] if page_until else []),
            )


def spectator_marks_purge(*, now: dt.datetime | None = None) -> int:
    """Delete the marks no spectator's socket has refreshed for an hour (a game watched
    again gets a new one); returns how many went."""
    long_ago = (now or timezone.now()) - dt.timedelta(hours=1)
    deleted, _ = SpectatorMark.objects.filter(listened_until__lt=long_ago).delete()
    return deleted


@dataclass(frozen=True)
class Spectating:
    listening: bool  # some spectator's socket was open on the game lately: send them the JSON
    watching: bool  # one of them showed the game page: render the spectators' view too


NOBODY = Spectating(False, False)


def spectating_of(game_id: int, seats: Sequence[Any] = ()) -> Spectating:
    """Whether spectators' sockets were open on the game lately, and showing its page: as
    the seats' read carried it (games.selectors.seats_in_play), else read here. Inside
    `spectators_read_ahead`, read with the other games of the batch."""
    if seats and hasattr(seats[0], "spectated"):
        return Spectating(bool(seats[0].spectated), bool(seats[0].spectated_page))
    ahead = _ahead.get()
    if ahead is not None and game_id in ahead.game_ids:
        if ahead.watched is None:  # at the first game asked, after the batch's commit
            ahead.watched = _spectating(ahead.game_ids)
        return ahead.watched.get(game_id, NOBODY)
    return _spectating([game_id])[game_id]


def _spectating(game_ids: Collection[int]) -> dict[int, Spectating]:
    """The marks of `game_ids` in one query."""
    now = timezone.now()
    marks = SpectatorMark.objects.filter(game_id__in=list(game_ids), listened_until__gt=now)
    found = {
        game_id: Spectating(True, page_until is not None and page_until > now)
        for game_id, page_until in marks.values_list("game_id", "page_until")
    }
    return {g: found.get(g, NOBODY) for g in game_ids}


@dataclass
class _ReadAhead:
    game_ids: Collection[int]
    watched: dict[int, Spectating] | None = None


_ahead: ContextVar[_ReadAhead | None] = ContextVar("spectators_read_ahead", default=None)


@contextmanager
def spectators_read_ahead(game_ids: Collection[int]) -> Iterator[None]:
    """Inside, the first broadcast of one of `game_ids` (a batch of the clock's sweep, each
    broadcast after the batch's one commit) reads whether spectators watch each of them in
    one query, instead of one per game (the batch's seats are read without the marks).
    `game_ids` may be filled after the block opens (the batch's games, once claimed),
    before that broadcast."""
    token = _ahead.set(_ReadAhead(game_ids))
    try:
        yield
    finally:
        _ahead.reset(token)
