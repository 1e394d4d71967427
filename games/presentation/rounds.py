"""The log grouped by round, newest round first, as the game page shows it: each line of
`games.rendering.log_lines` knows the round it opens (its presenter's `round_title`), whether
it is shown and whether it tells the story ("headline": the Decisions filter and "Since your
last visit") or is a detail. Lines the log does not show still open their round.

Also where a reader's last visit ended: the `marker` goes above the newest line they had seen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _


@dataclass
class Round:
    """One round of the log: its title and its shown lines, oldest first."""

    title: str
    lines: list[dict[str, Any]] = field(default_factory=list)

    @property
    def newest_first(self) -> list[dict[str, Any]]:
        return self.lines[::-1]

    @property
    def first_seq(self) -> int:
        return int(self.lines[0]["seq"]) if self.lines else 0


def start_title() -> str:
    """The title of what comes before a game's first round (the deal)."""
    return _("The start")


def rounds_of(
    lines: Iterable[dict[str, Any]], *, current: str = "", new_only: bool = False
) -> list[Round]:
    """`lines` (oldest first) grouped into rounds, oldest first. `current` is the title of
    the round the lines continue (a pushed update); with `new_only` the lines before the
    first opener are that round's and come back in a Round titled "" (added to the page's
    newest round, not a new one)."""
    rounds: list[Round] = [Round("" if new_only else (current or start_title()))]
    for line in lines:
        opens = str(line.get("opens") or "")
        if opens and opens != rounds[-1].title:
            rounds.append(Round(opens))
        if line.get("shown", True):
            rounds[-1].lines.append(line)
    # A round whose opener is hidden and nothing followed yet still shows its title (a turn
    # just began); what comes before the first opener only when there is something.
    head, *rest = rounds
    keep_head = bool(head.lines) or (not rest and not new_only)
    return ([head] if keep_head else []) + rest


def mark_last_visit(rounds: Sequence[Round], seen: int) -> None:
    """Put the marker above the newest line `seen` covers, when newer lines follow it (a
    reader who saw nothing yet, seen 0, gets no marker: everything is new)."""
    if seen <= 0:
        return
    logged = [line for r in rounds for line in r.lines if not line.get("chat")]
    if not any(int(line["seq"]) > seen for line in logged):
        return
    for r in reversed(rounds):
        for line in reversed(r.lines):
            if not line.get("chat") and int(line["seq"]) <= seen:
                line["marker"] = True
                return
