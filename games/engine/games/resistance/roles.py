"""Characters, sides and phases of The Resistance: Avalon (RA-3)."""

from __future__ import annotations

import enum


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

    @property
    def side(self) -> Side:
        return Side.GOOD if self in GOOD_ROLES else Side.EVIL

    @property
    def label(self) -> str:
        return LABELS[self]


GOOD_ROLES = frozenset({Role.MERLIN, Role.PERCIVAL, Role.SERVANT})

LABELS = {
    Role.MERLIN: "Merlin",
    Role.PERCIVAL: "Percival",
    Role.SERVANT: "Loyal Servant of Arthur",
    Role.ASSASSIN: "the Assassin",
    Role.MORDRED: "Mordred",
    Role.MORGANA: "Morgana",
    Role.OBERON: "Oberon",
    Role.MINION: "Minion of Mordred",
}


class Phase(enum.StrEnum):
    PROPOSE = "propose"  # the Leader names a team (RA-12)
    VOTE = "vote"  # everyone votes at once (RA-13, RA-W1)
    QUEST = "quest"  # the team plays quest cards at once (RA-16)
    LADY = "lady"  # the Lady of the Lake examines (RA-24)
    ASSASSINATE = "assassinate"  # the Assassin names Merlin (RA-22)
    OVER = "over"
