"""Deadline arithmetic: when does a period of running time end?

Pure functions (no database): time runs from a start instant for a number of seconds, but it
stands still while paused. Pauses are weekends (Saturday 00:00 to Monday 00:00 in the host's
time zone, when the table skips weekends) and the player's vacations. All instants are
timezone-aware; the result is in UTC.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Iterable, Sequence

Interval = tuple[dt.datetime, dt.datetime]

SATURDAY = 5


def _local_midnight(day: dt.date, zone: zoneinfo.ZoneInfo) -> dt.datetime:
    # Built from the wall clock so a DST change inside the weekend still gives local midnight.
    return dt.datetime(day.year, day.month, day.day, tzinfo=zone).astimezone(dt.UTC)


def weekend_containing_or_after(at: dt.datetime, zone: zoneinfo.ZoneInfo) -> Interval:
    """The weekend (Sat 00:00 - Mon 00:00 local) that contains `at`, or else the next one."""
    local_day = at.astimezone(zone).date()
    weekday = local_day.weekday()
    if weekday >= SATURDAY:
        saturday = local_day - dt.timedelta(days=weekday - SATURDAY)
    else:
        saturday = local_day + dt.timedelta(days=SATURDAY - weekday)
    start = _local_midnight(saturday, zone)
    end = _local_midnight(saturday + dt.timedelta(days=2), zone)
    return start, end


def _merged(intervals: Iterable[Interval]) -> list[Interval]:
    out: list[Interval] = []
    for start, end in sorted(i for i in intervals if i[1] > i[0]):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def advance(
    start: dt.datetime,
    seconds: float,
    *,
    skip_weekends_in: zoneinfo.ZoneInfo | None = None,
    pauses: Sequence[Interval] = (),
) -> dt.datetime:
    """The instant at which `seconds` of running time have passed since `start`.

    Time stands still during `pauses` (e.g. vacations) and, if `skip_weekends_in` is a zone,
    during that zone's weekends.
    """
    current = start.astimezone(dt.UTC)
    remaining = dt.timedelta(seconds=seconds)
    fixed = _merged(pauses)
    while True:
        # The next pause that is not over yet: a fixed one or the coming weekend.
        candidates = [p for p in fixed if p[1] > current]
        if skip_weekends_in is not None:
            candidates.append(weekend_containing_or_after(current, skip_weekends_in))
        if not candidates:
            return current + remaining
        pause_start, pause_end = min(candidates)
        if current >= pause_start:
            current = pause_end  # inside a pause: the clock waits until it ends
            continue
        if current + remaining <= pause_start:
            return current + remaining
        remaining -= pause_start - current
        current = pause_end
