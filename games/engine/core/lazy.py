"""Legal moves listed only when read (docs/engine.md: `legal_moves` may return one).

Some phases have long lists of legal moves that a bot and `decide` never need whole: the
Tournament at Avalon's 220 passes at every Dawn, a jousting hand's dozens of lays, the
barter's moves that carry the clock. A game returns a `LazyMoves` there: it is equal to the
list it stands for and reads as that list, the same moves in the same order, built on the
first reading; a subclass answers its length, membership or chosen parts from the state
without building them.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

from .definition import Move

M = TypeVar("M", bound=Move)


class LazyMoves(Sequence[M]):
    """A list of moves built by `_build` when first read, equal to that list."""

    __slots__ = ("_listed",)

    def __init__(self) -> None:
        self._listed: Sequence[M] | None = None

    @abstractmethod
    def _build(self) -> Sequence[M]:
        """The whole list, in the game's order."""

    def _moves(self) -> Sequence[M]:
        if self._listed is None:
            self._listed = self._build()
        return self._listed

    @overload
    def __getitem__(self, index: int) -> M: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[M]: ...

    def __getitem__(self, index: int | slice) -> M | Sequence[M]:
        return self._moves()[index]

    def __len__(self) -> int:
        return len(self._moves())

    def has_one(self) -> bool:
        """`len(self) == 1` (a bot's lone move is played without a view): a subclass may
        answer it without counting every part."""
        return len(self) == 1

    def __iter__(self) -> Iterator[M]:
        return iter(self._moves())

    def __contains__(self, move: object) -> bool:
        return move in self._moves()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyMoves):
            return list(self._moves()) == list(other._moves())
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return list(self._moves()) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a list's equality, so not hashable

    def __repr__(self) -> str:
        return repr(list(self._moves()))
