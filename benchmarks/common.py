"""What the benchmarks share beside tests/served.py (the site under uvicorn on a scratch
database): reading percentiles off measured times."""

from __future__ import annotations


def percentile(values: list[float], share: float) -> float:
    """The value at `share` (0 to 1) of the sorted `values`, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]
