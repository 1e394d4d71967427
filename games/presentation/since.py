""" "Since your last visit": what happened in a game after the last seq a seat's player saw,
grouped by round in plain words (the story's lines only: proposals, votes as one table,
quest results; Melees, Injuries, Godsends...), then what the player must do now.

Built from the log lines of `games.rendering.log_lines`, which come from
`games.redaction.log_as_seen` for the reader's own seat: only what that seat may see.
The game page shows it above the board; the "your turn" and digest emails carry the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .rounds import Round, rounds_of

# The summary shows at most this many rounds (the newest); the log holds the rest.
MAX_ROUNDS = 4


@dataclass
class SinceLastVisit:
    """The rounds since the reader's last visit (oldest first, story lines only), how many
    earlier rounds were left to the log, and what the reader must do now."""

    rounds: list[Round]
    earlier: int = 0
    now: list[str] = field(default_factory=list)
    waiting: str = ""

    @property
    def earlier_text(self) -> str:
        return ngettext(
            "%(count)d earlier round is in the log.",
            "%(count)d earlier rounds are in the log.",
            self.earlier,
        ) % {"count": self.earlier}

    def as_text(self) -> str:
        """The summary as plain text (the emails)."""
        out = [_("Since your last visit:")]
        if self.earlier:
            out.append(self.earlier_text)
        for r in self.rounds:
            out += ["", r.title]
            for line in r.lines:
                out.append(f"* {line['text']}")
                out += [f"    {name}: {what}" for name, what, _tone in line["table"]]
        if len(self.now) == 1:
            out += ["", _("Now: %(what)s") % {"what": self.now[0]}]
        elif self.now:
            out += ["", _("Now:"), *(f"* {what}" for what in self.now)]
        elif self.waiting:
            out += ["", self.waiting]
        return "\n".join(out)


def since_last_visit(
    lines: Sequence[dict[str, Any]],
    seen: int,
    *,
    now: Sequence[str] = (),
    waiting: str = "",
) -> SinceLastVisit | None:
    """The summary of `lines` (the whole log as the reader's seat sees it, oldest first)
    after `seen`; None when no story line is new. `now`: the titles of the reader's moves;
    `waiting`: the banner when they have none."""
    new = [line for line in lines if int(line["seq"]) > seen]
    if not any(line.get("headline") and line.get("shown", True) for line in new):
        return None
    # The round under way at the last visit keeps its title (its opener was seen then).
    current = ""
    for line in lines:
        if int(line["seq"]) > seen:
            break
        current = str(line.get("opens") or current)
    # Only the story's lines are shown; the others still open their rounds.
    story = [
        {**line, "shown": bool(line.get("headline") and line.get("shown", True))} for line in new
    ]
    rounds = [r for r in rounds_of(story, current=current) if r.lines]
    earlier = max(0, len(rounds) - MAX_ROUNDS)
    return SinceLastVisit(rounds[earlier:], earlier, list(now), waiting)
