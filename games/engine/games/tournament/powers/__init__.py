"""Power handlers, one small function per power family, registered against engine hooks.

Importing this package registers them all (see hooks.py for the hook names).
"""

from . import dusk, melee, play, round, shame  # noqa: F401
