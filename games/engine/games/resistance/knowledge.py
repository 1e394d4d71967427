"""The night phase: what each role learns at the start, one small pure function per role.

Knowledge is expressed in the same JSON shape the leak test looks for, so a view carries
exactly these facts and nothing more: {"seat": s, "side": "evil"} (an allegiance seen,
never a role, RA-6, RA-8) and {"seat": s, "seen_as": "merlin_or_morgana"} (RA-9).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from .roles import Role, Side

Knowledge = dict[str, int | str]
MERLIN_OR_MORGANA: Final = "merlin_or_morgana"


def _evil(roles: Sequence[Role], seat: int) -> Knowledge:
    return {"seat": seat, "side": Side.EVIL.value}


def evil_sight(roles: Sequence[Role], me: int) -> list[Knowledge]:
    """RA-6: Evil (not Oberon) see every Evil player but Oberon, as allegiance only."""
    return [
        _evil(roles, s)
        for s, r in enumerate(roles)
        if s != me and r.side is Side.EVIL and r is not Role.OBERON
    ]


def oberon_sight(roles: Sequence[Role], me: int) -> list[Knowledge]:
    """RA-7: Oberon sees nothing."""
    return []


def merlin_sight(roles: Sequence[Role], me: int) -> list[Knowledge]:
    """RA-8: Merlin sees every Evil player except Mordred (Oberon included)."""
    return [
        _evil(roles, s)
        for s, r in enumerate(roles)
        if r.side is Side.EVIL and r is not Role.MORDRED
    ]


def percival_sight(roles: Sequence[Role], me: int) -> list[Knowledge]:
    """RA-9: Percival sees Merlin and Morgana without knowing which is which."""
    return [
        {"seat": s, "seen_as": MERLIN_OR_MORGANA}
        for s, r in enumerate(roles)
        if r in (Role.MERLIN, Role.MORGANA)
    ]


def servant_sight(roles: Sequence[Role], me: int) -> list[Knowledge]:
    """RA-10: Loyal Servants see nothing."""
    return []


SIGHT: Final[dict[Role, Callable[[Sequence[Role], int], list[Knowledge]]]] = {
    Role.MERLIN: merlin_sight,
    Role.PERCIVAL: percival_sight,
    Role.SERVANT: servant_sight,
    Role.ASSASSIN: evil_sight,
    Role.MORDRED: evil_sight,
    Role.MORGANA: evil_sight,
    Role.MINION: evil_sight,
    Role.OBERON: oberon_sight,
}


def night_knowledge(roles: Sequence[Role], seat: int) -> list[Knowledge]:
    """What `seat` learned in the night phase."""
    return SIGHT[roles[seat]](roles, seat)


def knowers_of_side(roles: Sequence[Role], seat: int) -> frozenset[int]:
    """Who learns `seat`'s allegiance at night (besides the seat itself)."""
    return frozenset(
        viewer
        for viewer in range(len(roles))
        if viewer != seat
        and {"seat": seat, "side": roles[seat].side.value} in night_knowledge(roles, viewer)
    )


def known_evil(roles: Sequence[Role], seat: int) -> frozenset[int]:
    """The Evil players `seat` knows of (for the Assassin's target list, RA-22)."""
    return frozenset(
        int(k["seat"]) for k in night_knowledge(roles, seat) if k.get("side") == Side.EVIL.value
    )
