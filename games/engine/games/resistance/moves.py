"""What a player of The Resistance: Avalon can decide: imperative, frozen, registered."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import Move, register


@register("ra.propose_team")
@dataclass(frozen=True)
class ProposeTeam(Move):
    """RA-12: the Leader names the team; with Targeting (RA-25) also the quest it attempts."""

    team: frozenset[int]
    quest: int | None = None


@register("ra.vote")
@dataclass(frozen=True)
class Vote(Move):
    """RA-13: approve or reject the proposed team, in secret until everyone has voted."""

    approve: bool


@register("ra.play_quest_card")
@dataclass(frozen=True)
class PlayQuestCard(Move):
    """RA-16: Success or Fail (only Evil may play Fail)."""

    success: bool


@register("ra.examine")
@dataclass(frozen=True)
class Examine(Move):
    """RA-24: the Lady of the Lake's holder examines a player's allegiance."""

    target: int


@register("ra.assassinate")
@dataclass(frozen=True)
class Assassinate(Move):
    """RA-22: the Assassin names the player they believe is Merlin."""

    target: int
