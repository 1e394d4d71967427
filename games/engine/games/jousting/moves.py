"""What a knight can decide: imperative, frozen, registered under stable names.

Barter moves that name cards carry `stamp`, the barter clock the knight saw in their view
(JH-3): an offer or a showing made against a table that has changed since is refused, so
nobody trades on a stale view. legal_moves lists only a small representative sample of
offers and showings; decide() accepts every legal one.
"""

from __future__ import annotations

from games.engine.core import Move, Registered


class JoustingMove(Move, Registered, prefix="ja"):
    """The game's moves: frozen dataclasses the codec names "ja.<snake_case name>"."""


class JoustingRecord(Registered, prefix="ja"):
    """Parts of its state: frozen dataclasses the codec names "ja.<snake_case name>"."""


class Lot(JoustingRecord):
    """One side of a trade: cards and coins (JH-3)."""

    cards: tuple[str, ...] = ()
    coins: int = 0

    def is_empty(self) -> bool:
        return not self.cards and self.coins == 0


class DraftCard(JoustingMove):
    """JA-4: take one face-up card into hand."""

    card: str


class MakeOffer(JoustingMove):
    """JA-6, JH-3: offer `give` for `want`, to one knight (`to`) or open to all (None)."""

    stamp: int
    give: Lot
    want: Lot
    to: int | None = None


class AcceptOffer(JoustingMove):
    """JH-3: take an offer; the trade happens at once and in full, or not at all."""

    offer: int


class DeclineOffer(JoustingMove):
    offer: int


class CancelOffer(JoustingMove):
    """Take back one's own open offer."""

    offer: int


class ShowCards(JoustingMove):
    """JA-6, JH-3: show chosen cards of one's hand to chosen knights (true cards only)."""

    stamp: int
    cards: tuple[str, ...]
    to: frozenset[int]


class SayDone(JoustingMove):
    """JH-3: nothing more to trade; the session ends when every knight has said so
    since the last accepted trade."""


class Withdraw(JoustingMove):
    """JA-7: leave the fighting for good (bartering goes on)."""


class LayCards(JoustingMove):
    """JA-9: four cards face down, one per place; a joker may fill any place."""

    sword: str
    shield: str
    lance: str
    armour: str

    def as_tuple(self) -> tuple[str, str, str, str]:
        return (self.sword, self.shield, self.lance, self.armour)


class PickChip(JoustingMove):
    """JH-5 (live judgement): lay a hand on a large chip, or "chance" to leave it to
    the lot (also what a timeout does)."""

    chip: str


class BuyFromJunk(JoustingMove):
    """JA-13: buy one blind card from the junk pile for 5 coins, or pass."""

    buy: bool
