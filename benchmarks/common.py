"""What the benchmarks share beside tests/served.py (the site under uvicorn on a scratch
database): the PostgreSQL and Redis they need, and reading percentiles off measured times."""

from __future__ import annotations

import os
import sys


def postgres_and_redis() -> tuple[str, str]:
    """DATABASE_URL (PostgreSQL) and REDIS_URL from the environment; exits without them."""
    database, redis = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database.startswith("postgres") or not redis:
        sys.exit("Set DATABASE_URL (PostgreSQL) and REDIS_URL.")
    return database, redis


def percentile(values: list[float], share: float) -> float:
    """The value at `share` (0 to 1) of the sorted `values`, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]
