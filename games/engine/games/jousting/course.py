"""The course of the tournament (JA-8, JH-4): coat-of-arms letters and who jousts whom.

The printed course cards are lost; JH-4's round-robin table is the data below. Letters are
always handed out in seat order, so `letters` (a tuple of seats, A first) is the whole
lettering.
"""

from __future__ import annotations

from typing import Final

LETTERS: Final = "ABCDEF"

# JH-4: knights -> rounds -> pairings (letters). A knight missing from a round sits out.
COURSES: Final[dict[int, tuple[tuple[str, ...], ...]]] = {
    6: (
        ("AB", "CD", "EF"),
        ("AC", "BE", "DF"),
        ("AD", "BF", "CE"),
        ("AE", "BD", "CF"),
        ("AF", "BC", "DE"),
    ),
    5: (("AB", "CD"), ("AC", "BE"), ("AD", "CE"), ("AE", "BD"), ("BC", "DE")),
    4: (("AB", "CD"), ("AC", "BD"), ("AD", "BC")),
    3: (("AB",), ("AC",), ("BC",)),
    2: (("AB",),),
}


def rounds_in(knights: int) -> int:
    return len(COURSES[knights])


def pairings(
    letters: tuple[int, ...], course_round: int
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """(pairs of seats in course order, seats sitting out) for round `course_round`
    (0-based) of the course for len(letters) knights (JA-8)."""
    rows = COURSES[len(letters)][course_round % rounds_in(len(letters))]
    seat = {LETTERS[i]: s for i, s in enumerate(letters)}
    pairs = tuple((seat[row[0]], seat[row[1]]) for row in rows)
    busy = {s for pair in pairs for s in pair}
    return pairs, tuple(s for s in letters if s not in busy)


def initial_letters(first: int, players: int) -> tuple[int, ...]:
    """Coat of arms A to `first` (drawn at random), then B, C, ... clockwise."""
    return tuple((first + i) % players for i in range(players))


def reletter(old: tuple[int, ...], fit: frozenset[int], players: int) -> tuple[int, ...]:
    """JH-4 re-lettering: the fit knights in seat order, starting from the knight after
    the old A (the old A too may be among them, then last)."""
    start = old[0] if old else players - 1
    order = [(start + i) % players for i in range(1, players + 1)]
    return tuple(s for s in order if s in fit)


def letter_of(letters: tuple[int, ...], seat: int) -> str | None:
    return LETTERS[letters.index(seat)] if seat in letters else None
