"""Deadline arithmetic without a database: plain periods, weekends in the host's zone
(including a DST change), vacation pauses, and both together."""

from __future__ import annotations

import datetime as dt
import zoneinfo

from clock.deadlines import advance, weekend_containing_or_after

UTC = zoneinfo.ZoneInfo("UTC")
NEW_YORK = zoneinfo.ZoneInfo("America/New_York")
DAY = 86400


def at(
    year: int, month: int, day: int, hour: int = 0, minute: int = 0, tz: dt.tzinfo = UTC
) -> dt.datetime:
    return dt.datetime(year, month, day, hour, minute, tzinfo=tz)


def test_a_plain_period_is_added_as_is() -> None:
    start = at(2026, 11, 18, 12)
    assert advance(start, DAY) == at(2026, 11, 19, 12)
    assert advance(start, 300) == start + dt.timedelta(minutes=5)


def test_weekends_do_not_count_in_the_hosts_zone() -> None:
    friday_evening = at(2026, 11, 20, 20, tz=NEW_YORK)
    deadline = advance(friday_evening, DAY, skip_weekends_in=NEW_YORK)
    # 4 hours run on Friday, the weekend stands still, 20 hours run from Monday 00:00 local.
    assert deadline == at(2026, 11, 23, 20, tz=NEW_YORK)


def test_a_period_starting_on_a_weekend_starts_on_monday() -> None:
    saturday = at(2026, 11, 21, 15, tz=NEW_YORK)
    assert advance(saturday, 3600, skip_weekends_in=NEW_YORK) == at(2026, 11, 23, 1, tz=NEW_YORK)


def test_the_weekend_follows_the_hosts_zone_not_utc() -> None:
    # Friday 23:00 in New York is already Saturday 04:00 UTC: only the host's zone counts.
    friday_late = at(2026, 11, 20, 23, tz=NEW_YORK)
    assert advance(friday_late, 1800, skip_weekends_in=NEW_YORK) == at(
        2026, 11, 20, 23, 30, tz=NEW_YORK
    )
    assert advance(friday_late, 1800, skip_weekends_in=UTC) != friday_late + dt.timedelta(
        minutes=30
    )


def test_a_dst_change_inside_the_weekend_keeps_local_midnights() -> None:
    # US clocks fall back on Sunday 1 Nov 2026: that weekend is 49 hours long.
    start, end = weekend_containing_or_after(at(2026, 10, 30, 12, tz=NEW_YORK), NEW_YORK)
    assert end - start == dt.timedelta(hours=49)
    assert end.astimezone(NEW_YORK).hour == 0


def test_a_seven_day_period_skips_one_weekend() -> None:
    wednesday = at(2026, 11, 18, 12, tz=NEW_YORK)
    assert advance(wednesday, 7 * DAY, skip_weekends_in=NEW_YORK) == at(
        2026, 11, 27, 12, tz=NEW_YORK
    )


def test_time_stands_still_during_a_pause() -> None:
    start = at(2026, 11, 18, 12)
    vacation = (at(2026, 11, 18, 18), at(2026, 11, 20, 18))
    assert advance(start, DAY, pauses=[vacation]) == at(2026, 11, 21, 12)


def test_a_period_starting_inside_a_pause_starts_when_it_ends() -> None:
    vacation = (at(2026, 11, 17), at(2026, 11, 19))
    assert advance(at(2026, 11, 18, 12), 3600, pauses=[vacation]) == at(2026, 11, 19, 1)


def test_overlapping_pauses_and_weekends_are_counted_once() -> None:
    thursday = at(2026, 11, 19, 12)
    # A vacation from Friday noon to Saturday noon overlaps the weekend (UTC host).
    vacation = (at(2026, 11, 20, 12), at(2026, 11, 21, 12))
    deadline = advance(thursday, DAY, skip_weekends_in=UTC, pauses=[vacation])
    # Thursday 12:00 to Friday 12:00 runs the whole day before the vacation starts.
    assert deadline == at(2026, 11, 20, 12)
    deadline = advance(thursday, 2 * DAY, skip_weekends_in=UTC, pauses=[vacation])
    assert deadline == at(2026, 11, 24, 0)  # the second day runs from Monday 00:00
