"""The Builder: emits events, folds them at once (the core Emitter), and drives the round
from one decision to the next (Dawn TA-2/TT-8/TA-3, round end TT-15/TA-9, Dusk
TT-17..TT-19, TX-4, TX-5).

`decide` hands a move to the Builder, which emits what the move caused and then continues
automatically (Shame for empty hands, Melee resolution, Dusk, dealing) until some seat must
decide again. Melee play lives in `melee.py`, the Godsend phase in `godsend_phase.py`.
"""

from __future__ import annotations

from random import Random
from typing import Final

from games.engine.core import Emitter
from games.engine.core.memo import per_key

from . import events as ev
from .characters import threshold
from .config import HAND_SIZE, SHAME_INJURY
from .evolve import evolve
from .hooks import active, health_order, run, run_for
from .locations import LOCATIONS
from .powers.dusk import ask_order, build_tally, dusk_decisions, tally
from .state import TState
from .weapons import weapons_deck

GRAIL_FLOOR = -150


class Builder(Emitter[TState]):
    """The core Emitter (each event folded as it is emitted) plus the Tournament's automatic
    steps; `rng` draws what those steps shuffle (None where nothing random can follow)."""

    def __init__(self, state: TState | None, rng: Random | None) -> None:
        super().__init__(evolve, state)
        self.rng = rng

    # The folded state, read a dozen times per event. Unlike the Emitter's it does not
    # check for the opening event: nothing here reads the state before `setup` emits it.
    # (A plain property, not `property(attrgetter("_state"))` under `if TYPE_CHECKING`:
    # mypyc compiles no statement but definitions in a class body, scripts/build_engine.py.)
    @property
    def state(self) -> TState:
        return self._state  # type: ignore[return-value]  # never None once set up

    # Both asked several times per move: read the folded state directly.
    @property
    def over(self) -> bool:
        state = self._state
        return state is not None and state.phase == "over"

    def asking(self) -> bool:
        """A power stopped play to ask its owner (choices.py)."""
        return self.state.ask is not None

    # -- Health -----------------------------------------------------------------------
    def injure(self, seat: int, amount: int, why: str) -> None:
        if amount and not self.over:
            self.emit(ev.HealthChanged(seat, -amount, why))
            self.health_changed()

    def heal(self, seat: int, amount: int, why: str) -> None:
        if amount and not self.over:
            self.emit(ev.HealthChanged(seat, amount, why))

    def shame(self, seat: int, card: str, why: str = "shame") -> None:
        """TT-11: 5 Injury at once; the shame hooks let powers change it (Sir Gawain and
        friends waive it, Sir Kay adds to it) and react to it (Morgause)."""
        cost = {"seat": seat, "injury": SHAME_INJURY, "extra": 0, "free": False}
        run("shame_cost", self, cost=cost)
        injury = 0 if cost["free"] else int(cost["injury"]) + int(cost["extra"])
        self.emit(ev.Shamed(seat, card, injury, why))
        run("shame_after", self, shamed=seat)
        self.health_changed()

    def health_changed(self) -> None:
        """TT-5 Companions unlock the moment Health crosses; TT-18 the game may end at once."""
        s = self.state
        alive = True  # every Health above 0 in `s` (check_end's first question)
        for seat, p in enumerate(s.players):
            health, companion = p.health, p.companion  # each read once
            alive = alive and health > 0
            if companion and not p.unlocked and health <= threshold(companion):
                self.emit(ev.CompanionUnlocked(seat, health))
                run_threshold(self, seat)
        if alive and self.state is s:
            return  # nothing changed since: check_end would find everyone alive
        self.check_end()

    def alive(self, seat: int) -> bool:
        health = self.state.player(seat).health
        if active(self.state, seat, "grail"):
            return health >= GRAIL_FLOOR  # The Grail
        return health > 0

    def check_end(self) -> None:
        if self.over:
            return
        if all(p.health > 0 for p in self.state.players):
            return  # alive with or without The Grail: no power to look up
        if not all(self.alive(s) for s in range(self.state.n)):
            self.end("zero_health")

    def end(self, reason: str) -> None:
        """TT-18, TX-5: most Health wins; ties share the win."""
        best = max(p.health for p in self.state.players)
        winners = tuple(s for s, p in enumerate(self.state.players) if p.health == best)
        self.emit(ev.GameEnded(winners, reason))

    # -- Dawn -------------------------------------------------------------------------
    def dawn(self) -> None:
        """TA-2: a new Tourney Round; Nimue first picks her Location."""
        if self.over:
            return
        run("dawn", self, stage="start")  # Nimue asks for her Location before the deal
        if self.state.chooser is None:
            self.deal()

    def deal(self) -> None:
        """TT-8: shuffle the round's deck and deal 12 each; TX-2 Location suits in Chaos."""
        s = self.state
        assert self.rng is not None
        suits: tuple[str, ...] = ()
        if s.rules.chaos and s.location is not None:
            suits = LOCATIONS[s.location].suits
        deck = "avalon" if s.rules.chaos else s.rules.deck  # TX-2: Avalon's full deck
        cards = weapons_deck(deck, s.n == 2, suits)
        shuffle(self.rng, cards)
        hands = tuple(tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(s.n))
        self.emit(ev.Dealt(s.round + 1, s.dealer, hands, tuple(cards[s.n * HAND_SIZE :])))
        run("dawn", self, stage="dealt")
        if self.over:
            return
        self.passing_stage()

    def passing_stage(self) -> None:
        """TA-3 Fey Changelings (TC: none), unless The Sword decides otherwise."""
        run("passing", self)
        if self.state.phase == "sword":
            return
        if self.state.rules.ruleset == "avalon":
            self.start_passing(None)
        else:
            self.begin_combat()

    def start_passing(self, sword: int | None) -> None:
        direction = 1 if self.state.round % 2 == 1 else -1  # left in odd rounds
        self.emit(ev.PassingStarted(direction, sword))

    def begin_combat(self) -> None:
        """TT-7 / TX-4: the player left of the Dealer leads the first Melee; in Chaos of
        Battle's first round the Host (who deals) leads it."""
        s = self.state
        first_chaos = s.rules.chaos and s.round == 1 and s.host is not None
        self.emit(
            melee_started(s.host if first_chaos and s.host is not None else s.left_of(s.dealer))
        )
        from .melee import continue_play  # melee builds on Builder: imported late

        continue_play(self)

    # -- Round end and Dusk -------------------------------------------------------------
    def next_melee(self) -> None:
        """TA-9 Swift End (Avalon) or TT-15 all cards played (Camelot)."""
        s = self.state
        hands = [len(p.hand) for p in s.players]
        if s.rules.ruleset == "avalon" and min(hands) == 0:
            self.end_round("swift_end")
        elif max(hands) == 0:
            self.end_round("cards_played")
        else:
            self.emit(melee_started(s.lead))
            from .melee import continue_play  # melee builds on Builder: imported late

            continue_play(self)

    def end_round(self, reason: str) -> None:
        self.emit(ev.RoundEnded(reason, self.state.carried))  # TT-14: last carry discarded
        queue = dusk_decisions(self.state)
        if queue:
            self.emit(ev.DuskStarted(queue))
            return
        self.finish_dusk()

    def finish_dusk(self) -> None:
        """TT-17 tally, TT-18 end, TT-19 next Dealer, TX-4/TX-5 Chaos Host and end.

        Re-entrant: Mordred's target and Dusk step 3 (tokens spent before the tally) may ask
        their owner first (choices.py answers and calls this again)."""
        run("dusk_tally", self, stage="before")
        if self.asking():
            return
        built = build_tally(self)  # read twice: nothing changes the state in between
        if ask_order(self, built):  # TT-23
            return
        self.emit(ev.DuskTallied(tally(self, built)))
        self.health_changed()
        if self.over:
            return
        s = self.state
        if s.rules.chaos and s.round >= 3:
            self.end("three_rounds")  # TX-5
            return
        # TT-19/TH-6: least Health deals; ties go to the first tied player left of the Dealer.
        dealer = health_order(s)[0]
        self.emit(ev.DealerChosen(dealer, dealer if s.rules.chaos else None))
        if s.rules.chaos:
            self.emit(ev.LocationAsked(dealer, "chaos"))  # TX-4
            return
        from .godsend_phase import godsend_phase  # builds on Builder: imported late

        godsend_phase(self)


def shuffle(rng: Random, cards: list[str]) -> None:
    """`rng.shuffle(cards)`, the same draws and the same order: CPython's `Random.shuffle`
    with its `_randbelow` by `getrandbits` (random.py: from the last card down, each
    swapped with one drawn below it, a draw of too many bits drawn again), run as compiled
    code instead of random.py's Python loop (an interpreted `_randbelow` call per card of
    the hundred or so a deal shuffles). A Random whose `_randbelow` is another shuffles
    itself.
    tests/engine checks both against `Random.shuffle`."""
    randbelow = getattr(rng, "_randbelow", None)
    if getattr(randbelow, "__func__", None) is not _RANDBELOW:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


# random.py's draw below n by getrandbits, which `shuffle` above does inline
_RANDBELOW: Final = getattr(Random, "_randbelow_with_getrandbits", None)


def run_threshold(b: Builder, seat: int) -> None:
    run_for("threshold_crossing", b, seat)


# A Melee starting with a seat's lead: one event per seat, built once (events are frozen
# values; a game starts some sixty Melees), as melee.turn_moved
melee_started: Final = per_key(ev.MeleeStarted, kept=64)
