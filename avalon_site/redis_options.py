"""Options of the site's sync Redis connection pools: the broadcast's
(games.services.channel_send), the cache's (settings.CACHES) and Celery's broker's
(avalon_site.broker).

redis-py opens each connection with CLIENT SETINFO (its name and version, twice) and, on
RESP3, CLIENT MAINT_NOTIFICATIONS (a managed service's failovers), and drops the error a
server without them answers (Redis before 7.2, any server but a managed one): three round
trips and three exceptions with their tracebacks, cyclic garbage, per new connection.
Sockets leaving at once made one web process open 53 connections within a second
(benchmarks/RESULTS.md, twenty-sixth pass). The site needs neither.
"""

from __future__ import annotations

from typing import Any

from redis.maint_notifications import MaintNotificationsConfig


def quiet_connections() -> dict[str, Any]:
    """Keyword arguments of a redis-py ConnectionPool: no optional hand-shake."""
    return {
        "driver_info": None,
        "maint_notifications_config": MaintNotificationsConfig(enabled=False),
    }
