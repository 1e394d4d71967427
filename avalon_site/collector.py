"""How the site's long-lived processes (the web servers' workers, Celery's pool processes)
set Python's cyclic garbage collector once they have started (issue 14, B3).

What they loaded at start lives as long as they do: frozen, no collection walks it again.

The youngest generation is collected every YOUNG_OBJECTS tracked objects allocated (net of
those freed), not CPython's 700. A request or a pushed update leaves a few hundred objects
in reference cycles (Django's request with its message storage, DRF's view and response,
the request thread's database wrapper, model instances and their related caches), and a
server with hundreds of sockets holds ~150,000 objects of their state. At 700 the
collections came so often that each one found requests still in flight and promoted their
objects: the older generations filled with them, and each full collection walked every
socket's state, 100-260 ms with the server frozen. Measured with 200 games and 800 open
pages on two uvicorn workers, two runs each (benchmarks/RESULTS.md, twenty-fifth pass):
49 full collections at 700, 3 at 5,000; 14.7 s in the collector against 8.9 s; the p99
from commit to a page 343-378 ms against 182-222 ms. Larger steps (20,000) saved little
more and made each young collection a pause of its own (~25 ms).
"""

from __future__ import annotations

import gc

YOUNG_OBJECTS = 5_000


def collector_set_for_serving() -> None:
    """Call once a process has loaded what it serves with (and, forked, in each child)."""
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, old)
