"""A bot for Avalon by Leo Colovini that plays from its own view only.

It answers every enchantment and attack it can (a counter-spell or a resistance costs
nothing: the card stays on its side). On its turn it takes the win when the crowns are
there; attacks where the crowns are worth the losses (CA-11) and its cards outlast them;
enchants to open attacks or to protect its regions; reinforces regions the opponent could
take and regions it means to attack next; keeps two cards for answers and puts cards beyond
the hand limit on the table rather than discard them; ends the turn with the tile that
gives the most, light only with an empty hand (the rulebook advises light under two cards;
simulated, that plays worse). The closer the opponent is to 15 crowns, the more its
regions are worth attacking; the longer the game, the more losses a crown is worth, so
two careful bots never wait for each other forever.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from random import Random
from typing import Any

from games.engine.core import JSON, Move

from .cards import COPIES, KNIGHT, colour_of, kind_of
from .moves import (
    ATTACK,
    ENCHANT,
    CounterSpell,
    Discard,
    EndTurn,
    LoseHandCard,
    LosePileTop,
    PlayCard,
    Resist,
    UseAvalon,
)
from .play_moves import PlayMoves
from .regions import BY_KEY, EXPECTED_CROWNS
from .tiles import LIGHT, TINT, cards_given

KEEP = 2  # cards held back for counter-spells and resistance
LIGHT_BELOW = 1  # light tile only with an empty hand: the advised 2 plays worse (simulated)
WORTH = 2.0  # cards a crown is worth paying in conquest losses (CA-11)
PATIENCE = 30  # turns after which a crown is worth twice as many cards


def bot_move(view: Mapping[str, JSON], legal: Sequence[Move], rng: Random) -> Move:
    if len(legal) == 1:
        return legal[0]
    if type(legal) is PlayMoves:  # the turn's parts, without the list (play_moves.py)
        return _Me(view).turn_move(legal.attacks, legal.enchants, legal.ends, rng)
    # These moves have no fields: a type stands for the move (cheaper than `in legal`).
    kinds = set(map(type, legal))
    for answer in (CounterSpell, Resist):
        if answer in kinds:
            return answer()
    me = _Me(view)
    if UseAvalon in kinds:
        return UseAvalon()
    if LoseHandCard in kinds or LosePileTop in kinds:
        return me.cheapest_loss(legal, rng)
    if kinds == {Discard}:
        return min(legal, key=lambda m: (me.keep_value(getattr(m, "card", "")), rng.random()))
    plays = [m for m in legal if isinstance(m, PlayCard)]
    attacks = [m for m in plays if m.mode == ATTACK]
    enchants = [m for m in plays if m.mode == ENCHANT]
    return me.turn_move(attacks, enchants, [m for m in legal if isinstance(m, EndTurn)], rng)


class _Me:
    """The bot's reading of its own view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.seat: int = view["you"]["seat"]
        self.opp = 1 - self.seat
        self.hand: list[str] = list(view["you"]["hand"])
        self.regions: list[dict[str, Any]] = list(view["regions"])
        self.crowns: int = view["players"][self.seat]["crowns"]
        self.their_crowns: int = view["players"][self.opp]["crowns"]
        # Near 15 (CA-17) the opponent's regions matter more: taking one back can save the game.
        self.urgency = 1.0 + max(0, self.their_crowns - 8) / 3
        # Patience runs out: a long game makes costly conquests acceptable, so two careful
        # bots never wait for each other forever.
        self.worth = WORTH * (1 + int(view["turn"]) / PATIENCE)
        self.left = view["max_conquests"] - view["conquests_this_turn"]
        # Counted once per move, when first asked (the bot asks per candidate move):
        self._seen: dict[str, int] | None = None  # copies of every card in sight
        self._total: int | None = None  # cards in hand and on the table
        self._avalon: bool | None = None  # Avalon's discount available

    def mine(self, r: Mapping[str, Any]) -> int:
        return r["counts"][self.seat]  # type: ignore[no-any-return]  # the view's count

    def theirs(self, r: Mapping[str, Any]) -> int:
        return r["counts"][self.opp]  # type: ignore[no-any-return]  # the view's count

    def gap(self, r: Mapping[str, Any]) -> int:
        """How many cards short of attacking a region not mine (CA-8, CA-14)."""
        counts = r["counts"]
        return counts[self.opp] + r["defence_bonus"] - counts[self.seat]  # type: ignore[no-any-return]

    def value(self, r: Mapping[str, Any]) -> float:
        """Crowns a conquest of `r` swings: gained, plus denied if the opponent owns it."""
        crowns = float(r["crowns"]) if r["crowns"] is not None else EXPECTED_CROWNS
        return crowns * (1 + self.urgency) if r["owner"] == self.opp else crowns

    def safety(self, r: Mapping[str, Any]) -> int:
        """How many cards the opponent must add before attacking a region of mine."""
        counts = r["counts"]
        return counts[self.seat] + r["defence_bonus"] - counts[self.opp] + 1  # type: ignore[no-any-return]

    def total_cards(self) -> int:
        if self._total is None:  # asked for every attack candidate
            self._total = len(self.hand) + sum(self.mine(r) for r in self.regions)
        return self._total

    def unseen(self, name: str) -> int:
        """Copies of `name` that could be in the opponent's hand or the deck."""
        seen = self._seen
        if seen is None:  # one count of everything in sight, in compiled loops
            seen = self._seen = _counted(self.hand, self.view["discard"])
            for r in self.regions:
                for pile in r["piles"]:
                    _count_into(seen, pile)
        return max(COPIES - seen.get(name, 0), 0)

    def attack_cost(self, r: Mapping[str, Any]) -> int:
        """CA-11: step 1 plus step 2 once the attacking card is on the pile."""
        mine, theirs = self.mine(r) + 1, self.theirs(r)
        avalon = 1 if self._avalon_ready() else 0
        return theirs + mine + theirs + int(r["defence_bonus"]) - avalon

    def _avalon_ready(self) -> bool:
        if self._avalon is None:  # asked for every attack candidate
            owns = any(r["owner"] == self.seat and r["region"] == "avalon" for r in self.regions)
            self._avalon = owns and not self.view["avalon_used"]
        return self._avalon

    # -- the turn ---------------------------------------------------------------------

    def turn_move(
        self,
        attacks: Sequence[PlayCard],
        enchants: Sequence[PlayCard],
        ends: Sequence[EndTurn],
        rng: Random,
    ) -> Move:
        """The turn's move from its legal attacks, enchantments and tiles (every
        reinforcement of a card in hand is legal, CA-5)."""
        best = self._best_attack(attacks, rng)
        if best is not None:
            return best
        enchant = self._best_enchant(enchants, rng)
        if enchant is not None:
            return enchant
        reinforce = self._reinforcement(rng)
        if reinforce is not None:
            return reinforce
        return self._end_turn(ends, rng)

    def _best_attack(self, attacks: Sequence[PlayCard], rng: Random) -> Move | None:
        if not attacks:
            return None
        scored = []
        # Every attacking card is weighed against each attackable region: the region's part
        # of the score is worked out once (the same floats, added in the same order).
        # So is each card's risk of resistance (a card attacks every region open to it).
        regions: dict[int, float | None] = {}
        risks: dict[str, int] = {}
        for move in attacks:
            if move.region not in regions:
                regions[move.region] = self._attack_score(self.regions[move.region])
            score = regions[move.region]
            if score is None:
                continue
            risk = risks.get(move.card)
            if risk is None:
                risk = risks[move.card] = self.unseen(f"{colour_of(move.card)}-{KNIGHT}")
            scored.append((score - 0.2 * risk, rng.random(), move))
        return max(scored, key=lambda t: (t[0], t[1]))[2] if scored else None

    def _attack_score(self, r: Mapping[str, Any]) -> float | None:
        """An attack's score at `r` before the risk of resistance, or None: not worth it."""
        cost = self.attack_cost(r)
        crowns = float(r["crowns"]) if r["crowns"] is not None else EXPECTED_CROWNS
        wins = self.crowns + crowns >= self.view["win_crowns"]
        spare = self.total_cards() - 1 - cost
        if not wins and (spare < 1 or self.value(r) * self.worth < cost):
            return None
        return (1000 if wins else 0) + self.value(r) * self.worth - cost

    def _best_enchant(self, enchants: Sequence[PlayCard], rng: Random) -> Move | None:
        if len(self.hand) <= 1:
            return None
        scored = []
        for move in enchants:
            r = self.regions[move.region]
            score = 1.0
            if r["owner"] == self.seat and self.safety(r) <= 2:
                score += 2.0  # protects a region the opponent could take
            elif r["owner"] != self.seat:
                gap = self.gap(r)
                score += self.value(r) if gap <= 3 else 0.5
            score -= 0.15 * self.unseen(move.card)  # chance of a counter-spell
            scored.append((score, rng.random(), move))
        best = max(scored, key=lambda t: (t[0], t[1]), default=None)
        return best[2] if best is not None and best[0] > 1.0 else None

    def _reinforcement(self, rng: Random) -> Move | None:
        if len(self.hand) <= KEEP:
            return None
        # Cards over the hand limit would be discarded at the end of the turn (CA-13):
        # on the table they at least count, so they go wherever helps most.
        overflow = len(self.hand) > self.view["hand_limit"] - 1
        card = min(self.hand, key=lambda c: (self.keep_value(c), rng.random()))
        needs: list[tuple[float, float, int]] = []
        for r in self.regions:
            index = r["region_index"]
            if r["owner"] == self.seat:
                safety = self.safety(r)
                if safety <= 2 or overflow:
                    needs.append((self.value(r) * 2 / max(safety, 1), rng.random(), index))
            else:
                gap = self.gap(r)
                if 0 < gap <= 4 or overflow:  # a few more and a later turn may attack here
                    needs.append((self.value(r) / max(gap, 1), rng.random(), index))
        if not needs:
            return None
        return PlayCard(card, max(needs)[2])  # a card in hand on a region: always legal

    def keep_value(self, card: str) -> float:
        """How much a card is worth keeping: knights attack and resist; duplicates less."""
        value = 1.0 + (0.3 if kind_of(card) == KNIGHT else 0.0)
        return value - 0.4 * (self.hand.count(card) - 1)

    def _end_turn(self, ends: Sequence[EndTurn], rng: Random) -> Move:
        owned = tuple(
            (r["region_index"], r["region"])
            for r in self.regions
            if r["owner"] == self.seat and r["region"] is not None
        )
        want_light = len(self.hand) < LIGHT_BELOW

        def score(move: EndTurn) -> tuple[bool, float, float]:
            gives = _gives(move.tile, owned)
            light = TINT[move.tile] == LIGHT
            if light:
                gives = min(gives, self.view["hand_limit"] - len(self.hand))
            return (light == want_light, gives, rng.random())

        return max(ends, key=score)

    # -- losses -----------------------------------------------------------------------

    def cheapest_loss(self, legal: Sequence[Move], rng: Random) -> Move:
        """The loss to pay: the least cost, ties broken by a draw per move (`min` over
        (cost, draw)), in one loop: a loss is paid card by card, ten or so moves weighed
        each time, a third of a game's decisions. A hand card costs what it is worth
        keeping (more with few cards left); a pile top of mine what the region is worth,
        the more the closer the opponent is to taking it; one of theirs little, unless
        I could soon attack there."""
        hand = self.hand
        short = 1.0 if len(hand) <= KEEP else 0.0
        seat, opp, regions, urgency = self.seat, self.opp, self.regions, self.urgency
        best: Move = legal[0]
        best_key: tuple[float, float] | None = None
        draw = rng.random
        # `keep_value` and `value` inline, the same float operations in the same order: a
        # loss is asked card by card, each weighing every card and pile top again.
        for move in legal:
            if type(move) is LoseHandCard:
                card = move.card
                cost = (
                    1.0 + (0.3 if kind_of(card) == KNIGHT else 0.0) - 0.4 * (hand.count(card) - 1)
                ) + short
            else:
                assert type(move) is LosePileTop
                r = regions[move.region]
                counts = r["counts"]
                crowns = float(r["crowns"]) if r["crowns"] is not None else EXPECTED_CROWNS
                value = crowns * (1 + urgency) if r["owner"] == opp else crowns  # `value`
                if r["owner"] == seat:
                    safety = counts[seat] + r["defence_bonus"] - counts[opp] + 1  # `safety`
                    cost = value * (1.5 if safety <= 2 else 0.6 if safety <= 3 else 0.2)
                else:
                    gap = counts[opp] + r["defence_bonus"] - counts[seat]  # `gap`
                    cost = 0.7 + (0.5 * value if gap <= 1 else 0.0)
            key = (cost, draw())
            if best_key is None or key < best_key:  # the first of the least, as `min`
                best, best_key = move, key
        return best


def _counted(hand: list[str], discard: list[str]) -> dict[str, int]:
    """Copies of each card of `hand` and `discard` (`Counter` is a Python class: its
    construction and `update` run as interpreted code at every count)."""
    seen: dict[str, int] = {}
    _count_into(seen, hand)
    _count_into(seen, discard)
    return seen


def _count_into(seen: dict[str, int], cards: list[str]) -> None:
    for card in cards:
        seen[card] = seen.get(card, 0) + 1


@lru_cache(maxsize=4096)
def _gives(kind: str, owned: tuple[tuple[int, str], ...]) -> int:
    """`cards_given` for the regions owned, as (row position, region key) pairs: the same
    few holdings are weighed at every turn's end."""
    return cards_given(kind, {index: BY_KEY[key] for index, key in owned})
