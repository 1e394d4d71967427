"""The rating people read: openskill's ordinal (mu - 3 sigma, about 0 for a newcomer and a
few points after a first win, which reads as nothing) on the scale chess sites made
familiar: a newcomer shows 1500, and one ordinal point is 40 rating points, so a first win
shows as "+40"-ish rather than "1.0". Only the display changes: ratings are stored and
ranked by the ordinal itself.
"""

from __future__ import annotations

from collections.abc import Sequence

DISPLAY_BASE = 1500
DISPLAY_SCALE = 40


def displayed(mu: float, sigma: float) -> int:
    """The rating shown for a skill estimate (mu, sigma)."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma))


def signed(delta: int) -> str:
    """A change as players read it: "+32", "-12" (with a true minus sign), "±0"."""
    if delta > 0:
        return f"+{delta}"
    if delta < 0:
        return f"\u2212{-delta}"
    return "\u00b10"


def change_of(before_after: Sequence[float]) -> tuple[int, int]:
    """(shown before, shown after) from a RatedGame change [mu, sigma, mu', sigma']."""
    mu, sigma, mu_after, sigma_after = (float(x) for x in before_after)
    return displayed(mu, sigma), displayed(mu_after, sigma_after)
