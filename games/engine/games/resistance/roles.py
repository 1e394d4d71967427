"""Characters, sides and phases of The Resistance: Avalon (RA-3)."""

from __future__ import annotations

import enum
from typing import Final

from games.engine.core import N_


class Side(enum.StrEnum):
    GOOD = "good"
    EVIL = "evil"


class Role(enum.StrEnum):
    MERLIN = "merlin"
    PERCIVAL = "percival"
    SERVANT = "servant"  # Loyal Servant of Arthur
    ASSASSIN = "assassin"
    MORDRED = "mordred"
    MORGANA = "morgana"
    OBERON = "oberon"
    MINION = "minion"  # Minion of Mordred

    # Each member's side, set on the member below (RA-3): read in every move, and a
    # property would be a Python call each time.
    side: Side

    @property
    def label(self) -> str:
        return LABELS[self]


# The members the rules ask for in every move, as module names. Under Python 3.11 the enum
# type's `__getattr__` hook makes each `Phase.VOTE` build and call a method wrapper: about
# four times the cost of reading a global, several times per move.
GOOD: Final = Side.GOOD
EVIL: Final = Side.EVIL
MERLIN: Final = Role.MERLIN
PERCIVAL: Final = Role.PERCIVAL
SERVANT: Final = Role.SERVANT
for _role in Role:
    # An enum member is an object of its own: the side is an attribute of it, as a name
    # or a value is. The loyal servants of Arthur are Good, Mordred's minions Evil.
    _role.side = GOOD if _role in (MERLIN, PERCIVAL, SERVANT) else EVIL
del _role


# Marked for translation: the presenter words them in the reader's language (issue 12).
LABELS = {
    Role.MERLIN: N_("Merlin"),
    Role.PERCIVAL: N_("Percival"),
    Role.SERVANT: N_("Loyal Servant of Arthur"),
    Role.ASSASSIN: N_("the Assassin"),
    Role.MORDRED: N_("Mordred"),
    Role.MORGANA: N_("Morgana"),
    Role.OBERON: N_("Oberon"),
    Role.MINION: N_("Minion of Mordred"),
}


class Phase(enum.StrEnum):
    PROPOSE = "propose"  # the Leader names a team (RA-12)
    VOTE = "vote"  # everyone votes at once (RA-13, RA-W1)
    QUEST = "quest"  # the team plays quest cards at once (RA-16)
    LADY = "lady"  # the Lady of the Lake examines (RA-24)
    ASSASSINATE = "assassinate"  # the Assassin names Merlin (RA-22)
    OVER = "over"


PROPOSE: Final = Phase.PROPOSE
VOTE: Final = Phase.VOTE
QUEST: Final = Phase.QUEST
LADY: Final = Phase.LADY
ASSASSINATE: Final = Phase.ASSASSINATE
OVER: Final = Phase.OVER
