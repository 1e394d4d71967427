"""What a player of The Resistance: Avalon can decide: imperative, frozen, registered."""

from __future__ import annotations

from games.engine.core import Move, Registered


class ResistanceMove(Move, Registered, prefix="ra"):
    """The game's moves: frozen dataclasses the codec names "ra.<snake_case name>"."""


class ProposeTeam(ResistanceMove):
    """RA-12: the Leader names the team; with Targeting (RA-25) also the quest it attempts."""

    team: frozenset[int]
    quest: int | None = None


class Vote(ResistanceMove):
    """RA-13: approve or reject the proposed team, in secret until everyone has voted."""

    approve: bool


class PlayQuestCard(ResistanceMove):
    """RA-16: Success or Fail (only Evil may play Fail)."""

    success: bool


class Examine(ResistanceMove):
    """RA-24: the Lady of the Lake's holder examines a player's allegiance."""

    target: int


class Assassinate(ResistanceMove):
    """RA-22: the Assassin names the player they believe is Merlin."""

    target: int


# The moves with nothing but a yes or no in them, made once: moves are frozen values, and
# making one costs more than the rest of listing a voter's or a quest member's choices.
APPROVE, REJECT = Vote(True), Vote(False)
SUCCESS, FAIL = PlayQuestCard(True), PlayQuestCard(False)
