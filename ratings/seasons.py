"""Seasons of the ratings: quarters of the calendar in UTC ("2026-Q4" is October to
December 2026). A game counts for the season in which it was rated (the moment it finished).

Rollover: nothing runs at the turn of a quarter. The first game rated in a new quarter
opens its season, in which every player starts fresh (openskill's newcomer, mu 25 and
sigma 25/3: no carry-over, so a season is won in that season); the ended seasons keep
their rows and stay readable. The all-time ratings (ratings.models.Rating) go on across
seasons. A leaderboard of a season lists only players with at least
RATINGS_SEASON_MIN_GAMES rated games in it (settings), so two lucky wins do not top it.
"""

from __future__ import annotations

import datetime as dt
import re

from django.conf import settings
from django.utils.translation import gettext as _

# ASCII digits ("\d" took fullwidth and Arabic-Indic ones: leaderboard pages of seasons
# nobody plays in), and the whole name ("$" lets a final newline through).
SEASON = re.compile(r"(\d{4})-Q([1-4])", re.ASCII)


def season_of(at: dt.datetime) -> str:
    """The season a moment falls in (in UTC)."""
    at = at.astimezone(dt.UTC)
    return f"{at.year}-Q{(at.month - 1) // 3 + 1}"


def is_season(name: str) -> bool:
    return SEASON.fullmatch(name) is not None


def season_bounds(name: str) -> tuple[dt.datetime, dt.datetime]:
    """[start, end) of a season, in UTC."""
    found = SEASON.fullmatch(name)
    if found is None:
        raise ValueError(name)
    year, quarter = int(found.group(1)), int(found.group(2))
    start = dt.datetime(year, 3 * quarter - 2, 1, tzinfo=dt.UTC)
    end = (
        dt.datetime(year + 1, 1, 1, tzinfo=dt.UTC)
        if quarter == 4
        else dt.datetime(year, 3 * quarter + 1, 1, tzinfo=dt.UTC)
    )
    return start, end


def season_label(name: str) -> str:
    """How people read a season: "2026, October to December"."""
    found = SEASON.fullmatch(name)
    if found is None:
        return name
    months = {
        "1": _("January to March"),
        "2": _("April to June"),
        "3": _("July to September"),
        "4": _("October to December"),
    }
    return _("%(year)s, %(months)s") % {"year": found.group(1), "months": months[found.group(2)]}


def min_games() -> int:
    """Rated games in a season needed to be on its leaderboard."""
    return int(getattr(settings, "RATINGS_SEASON_MIN_GAMES", 5))
