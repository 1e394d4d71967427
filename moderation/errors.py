"""Moderation's refusals, as games ServiceErrors so every interface maps them the same way
(one error shape in the API and over the websocket, a message on the pages)."""

from __future__ import annotations

from games.services.errors import Conflict, Forbidden, ServiceError


# The user is suspended or banned: they may read, not play, chat or join.
class Suspended(Forbidden, code="suspended"): ...


# The site switch "stop table creation" is on (e.g. before a planned restart).
class TableCreationPaused(Conflict, code="tables_paused"): ...


# A moderator's request that cannot be done as asked (the message says why).
class ModerationError(ServiceError, code="moderation_refused"): ...
