"""The profile fields on accounts.User and the quiet-hours rule."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from accounts.models import User, time_zone_names, validate_time_zone

UTC = dt.UTC


def user(**fields: object) -> User:
    return User(username="kay", **fields)


def test_defaults() -> None:
    u = user()
    assert u.time_zone == "UTC"
    assert u.email_on_turn
    assert u.deadline_warnings
    assert not u.daily_digest
    assert u.public_name == "kay"


def test_quiet_hours_off_when_unset_or_empty() -> None:
    now = dt.datetime(2026, 5, 1, 3, tzinfo=UTC)
    assert not user().in_quiet_hours(now)
    same = dt.time(8)
    assert not user(quiet_hours_start=same, quiet_hours_end=same).in_quiet_hours(now)


def test_quiet_hours_same_day_window() -> None:
    u = user(quiet_hours_start=dt.time(12), quiet_hours_end=dt.time(14))
    assert u.in_quiet_hours(dt.datetime(2026, 5, 1, 12, 0, tzinfo=UTC))
    assert u.in_quiet_hours(dt.datetime(2026, 5, 1, 13, 59, tzinfo=UTC))
    assert not u.in_quiet_hours(dt.datetime(2026, 5, 1, 14, 0, tzinfo=UTC))


def test_quiet_hours_wrap_midnight_in_the_users_zone() -> None:
    # 22:00-07:00 in Tokyo (UTC+9): 14:00 UTC is 23:00 there.
    u = user(time_zone="Asia/Tokyo", quiet_hours_start=dt.time(22), quiet_hours_end=dt.time(7))
    assert u.in_quiet_hours(dt.datetime(2026, 5, 1, 14, 0, tzinfo=UTC))
    assert u.in_quiet_hours(dt.datetime(2026, 5, 1, 21, 59, tzinfo=UTC))  # 06:59 local
    assert not u.in_quiet_hours(dt.datetime(2026, 5, 1, 22, 0, tzinfo=UTC))  # 07:00 local
    assert not u.in_quiet_hours(dt.datetime(2026, 5, 1, 3, 0, tzinfo=UTC))  # 12:00 local


def test_bad_stored_zone_falls_back_to_utc() -> None:
    assert user(time_zone="Nowhere/Land").zone.key == "UTC"


def test_time_zone_validation() -> None:
    validate_time_zone("America/New_York")
    with pytest.raises(ValidationError):
        validate_time_zone("Mars/Olympus_Mons")
    names = time_zone_names()
    assert names[0] == "UTC"
    assert "Europe/Paris" in names


def test_half_quiet_hours_are_invalid() -> None:
    with pytest.raises(ValidationError):
        user(quiet_hours_start=dt.time(22)).clean()
