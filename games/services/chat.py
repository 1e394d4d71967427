"""Table talk: post a message (stored with its time; players and spectators apart)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import ChatMessage, Game, Seat, Table

from . import broadcast, gates
from .errors import BadOptions, Forbidden
from .limits import chat_limit
from .text import storable

MAX_LENGTH = 1000


def chat_post(*, table: Table, user: User, body: str) -> ChatMessage:
    """Seated players talk in the players' channel, everyone else in the spectators'.
    The body is stored as typed; pages and clients escape it when showing it."""
    gates.authorise(user, "chat")
    body = body.strip()
    if not body:
        raise BadOptions(_("Say something first."), field="body")
    if len(body) > MAX_LENGTH:
        raise BadOptions(
            _("Keep it under %(limit)s characters.") % {"limit": MAX_LENGTH}, field="body"
        )
    if not storable(body):
        # Refused here for every door: the page forms and the websocket pass the body as
        # posted (only the API's serializer refused NUL), and the database would fail (500).
        raise BadOptions(_("A message cannot contain NUL or broken characters."), field="body")
    chat_limit(user)
    seated = Seat.objects.filter(table=table, user=user).exists()
    if table.visibility == Table.Visibility.PRIVATE and not seated:
        raise Forbidden(_("Only players at this private table can chat here."))
    channel = ChatMessage.Channel.PLAYERS if seated else ChatMessage.Channel.SPECTATORS
    with transaction.atomic():
        message = ChatMessage.objects.create(table=table, author=user, channel=channel, body=body)
        game_id = Game.objects.filter(table=table).values_list("pk", flat=True).first()
        seats = Seat.objects.filter(table=table, position__isnull=False).count()
        transaction.on_commit(lambda: broadcast.chat_posted(message, game_id, seats))
    return message
