"""A site event's log line (games.lifecycle: a hand-over, an abort, a void, an abandonment)
worded from its fields in the reader's language.

The event's stored `text` is English (or the site's language) and names players as they
were called then, a deleted account's old name included; it stays as written (no event
changes shape) and is read only for what the fields do not hold: a moderator's reason, and
the notices of old logs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from games.lifecycle import ABORTED_PREFIX, VOIDED_PREFIX

HANDED_OVER = "site.seat_handed_over"
ABANDONED = "site.game_abandoned"
ABORTED = "site.game_aborted"
VOIDED = "site.game_voided"


def current_handovers(entries: Sequence[Mapping[str, Any]]) -> set[int]:
    """The seqs of the last hand-over of each seat: the seat's name today is the name of
    whoever that hand-over gave it to (an earlier one's taker may have left since)."""
    last: dict[Any, int] = {}
    for entry in entries:
        if entry["type"] == HANDED_OVER:
            last[entry["event"].get("seat")] = entry["seq"]
    return set(last.values())


def notice_text(entry: Mapping[str, Any], names: Sequence[str], current: bool) -> str:
    """The line of the site event `entry`; `current`: it is its seat's last hand-over."""
    event, kind = entry["event"], entry["type"]
    stored = str(event.get("text", ""))
    seat = event.get("seat")
    named = isinstance(seat, int) and 0 <= seat < len(names)
    if kind == HANDED_OVER and named:
        number, name = seat + 1, names[seat]
        if entry.get("actor_kind") == "system":  # the player deleted their account
            if not current:
                return stored  # worded then in the site's language, by the deleted name
            return _(
                "%(name)s deleted their account: the game's bot plays their seat from now on."
            ) % {"name": name}
        if event.get("to") == "bot":
            return _("A moderator handed seat %(number)s to a bot.") % {"number": number}
        if current:
            return _("A moderator handed seat %(number)s to %(name)s, a substitute.") % {
                "number": number,
                "name": name,
            }
        return _("A moderator handed seat %(number)s to a substitute.") % {"number": number}
    if kind == ABANDONED and named:
        # The game ended there: nobody sits down after, so the seat's name is the absentee's.
        return _("%(name)s did not move in time, grace period included: the game is abandoned.") % {
            "name": names[seat]
        }
    if kind == ABORTED and stored.startswith(ABORTED_PREFIX):
        return _("A moderator aborted this game: %(reason)s") % {
            "reason": stored.removeprefix(ABORTED_PREFIX)
        }
    if kind == VOIDED and stored.startswith(VOIDED_PREFIX):
        return _("A moderator voided this game: %(reason)s") % {
            "reason": stored.removeprefix(VOIDED_PREFIX)
        }
    return stored
