"""The site's websockets (routed by games/routing.py): interfaces like the views, which
parse what a socket receives, call services and selectors, and send what presentation
rendered.

- `game`: the game page's socket (ws/games/<id>/), HTML or JSON, kept in step from the
  database when the channel layer drops or forgets (R2).
- `beat`: the heartbeat of a process's game sockets (re-join, catch up, presence).
- `inbound`: what a JSON client may send (a move, a chat line) and its answer.
- `layer`: a socket that outlives a channel layer that is down (Redis restart).
- `table`: the table page's socket (ws/tables/<id>/) before the start.
- `common`: the small helpers they share.
"""

from .game import GameConsumer
from .table import TableConsumer

__all__ = ["GameConsumer", "TableConsumer"]
