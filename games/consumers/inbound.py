"""What a JSON client of the game socket may do besides reading: play a move or post to
the chat, through the same services and error shape as the API (`?format=json`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from accounts.models import User
from accounts.verification import user_is_verified
from games.engine.core import EngineError, MalformedMove
from games.models import Game
from games.services.chat import chat_post
from games.services.errors import UNAVAILABLE_ERRORS, BadInput, ServiceError, domain_error
from games.services.limits import moves_limit
from games.services.moves import move_submit

from .common import socket_error


def socket_act(game: Game, user: User | None, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """Play {"type": "move", "expected_seq", "move", "idempotency_key"?} or post {"type":
    "chat", "body"} as `user`; the answer the socket sends back (sync: call through `db`)."""
    if user is None or not user_is_verified(user):
        return socket_error(403, "not_verified", _("Log in with a verified email to play."))
    try:
        if kind == "chat":
            body = data.get("body", "")
            if not isinstance(body, str):  # str() of a list or an object was posted as text
                raise BadInput(_("A chat message is text."), field="body")
            chat_post(table=game.table, user=user, body=body)
            return {"type": "chat_posted"}
        expected = data.get("expected_seq")
        if not isinstance(expected, int) or isinstance(expected, bool):
            raise MalformedMove(_("expected_seq must be a whole number"), field="expected_seq")
        moves_limit(user)
        result = move_submit(
            game=game,
            user=user,
            move_json=data.get("move"),
            expected_seq=expected,
            idempotency_key=data.get("idempotency_key") or None,
        )
        return {"type": "move_result", **result}
    except (ServiceError, EngineError, *UNAVAILABLE_ERRORS) as exc:
        mapped = domain_error(exc)
        assert mapped is not None
        return {"type": "error", "status": mapped[0], **mapped[1]}
