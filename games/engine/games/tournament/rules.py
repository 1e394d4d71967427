"""The rules as the engine asks for them: the deal (`setup`), pending seats, legal moves,
`decide` and the outcome. `decide` checks every move against the enumerated legal moves and
refuses it with a message naming the rule in plain words (refusals.py); what a legal move
sets off is emitted and folded by the Builder (flow.py, melee.py, godsend_phase.py)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Final

from games.engine.core import Event, Move, Outcome
from games.engine.core.memo import per_key

from . import choices
from . import events as ev
from . import godsend_phase as gp
from . import moves as mv
from .characters import CHARACTERS, protagonists_for
from .config import TournamentConfig
from .flow import Builder
from .godsends import godsend_deck
from .hooks import holder
from .locations import next_locations
from .melee import plain_play, play
from .passes import PassChoices
from .plays import legal_plays
from .powers import dusk
from .refusals import explain
from .state import Rules, TState


def setup(config: TournamentConfig, players: int, rng: Random, *, slug: str) -> list[Event]:
    """TT-5..TT-8, TX-1: Protagonists, the Godsend deck, the Dealer (or the Chaos Host) and
    the first deal, with every random outcome recorded. `slug` names the table's game."""
    rules = Rules(
        config.ruleset,
        config.deck,
        config.chaos,
        config.powers,
        tuple(config.poisoned),
        slug,
    )
    protagonists: list[str | None] = [None] * players
    if config.powers:
        protagonists = list(config.characters) or rng.sample(
            protagonists_for(config), players
        )  # TT-5
    companions = [CHARACTERS[p].pair if p else None for p in protagonists]
    godsends = godsend_deck(config.deck, config.chaos)
    rng.shuffle(godsends)
    host: int | None = None
    if config.chaos:  # TX-1: the Elf Queen hosts round 1, else a random player
        host = (
            protagonists.index("elf-queen")
            if "elf-queen" in protagonists
            else rng.randrange(players)
        )
        dealer = host  # TX-1/TX-4: the Host deals (and leads round 1)
    else:
        dealer = rng.randrange(players)  # TT-7
    b = Builder(None, rng)
    b.emit(
        ev.GameStarted(
            rules,
            tuple(protagonists),
            tuple(companions),
            config.health,
            dealer,
            tuple(godsends),
            host,
        )
    )
    if host is not None:
        b.emit(ev.LocationAsked(host, "chaos"))
    else:
        b.dawn()
    return b.events


# One seat's set per seat: the play phase answers one of these (asked three times a move:
# by the caller, by `apply`, and by the harness or the site; a new frozenset each costs more)
_ONE: Final[tuple[frozenset[int], ...]] = tuple(frozenset((seat,)) for seat in range(16))


def pending_seats(s: TState) -> frozenset[int]:
    """Whose move it is. The last answer is kept (states are immutable): one state is asked
    in turn by the harness or the site, `apply` and the caller; a compiled slot rather than
    `memo.last_answer`, whose wrapper is a call through Python's convention."""
    last = _PENDING[0]
    if last[0] is s:
        return last[1]
    found = _pending_seats(s)
    _PENDING[0] = (s, found)
    return found


_PENDING: Final[list[tuple[TState | None, frozenset[int]]]] = [(None, frozenset())]


def _pending_seats(s: TState) -> frozenset[int]:
    phase = s.phase
    if phase == "play":  # first: most moves are plays (the phases exclude each other)
        commanded = s.commanded
        return _ONE[commanded if commanded is not None else s.turn]  # actor(s)
    if phase == "over":
        return frozenset()
    if phase == "location":
        return frozenset({s.chooser}) if s.chooser is not None else frozenset()
    if phase == "sword":
        seat = holder(s, "sword")
        return frozenset({seat}) if seat is not None else frozenset()
    if phase == "passing":
        sword = s.sword_waits  # the Sword's holder chooses after the cards passed to them
        return frozenset(
            seat for seat, p in enumerate(s.players) if p.passing is None and seat != sword
        )
    if phase == "gift":
        return frozenset({s.arthur[0]}) if s.arthur else frozenset()
    if phase == "dusk":
        return frozenset(s.dusk_queue[:1])
    if phase in ("godsend", "place"):
        return frozenset(s.recipients[:1])
    if phase == "choice" and s.ask is not None:
        return frozenset({s.ask.seat})
    return frozenset()


def location_choices(s: TState) -> list[str]:
    if s.choosing == "chaos":
        return next_locations(s.location)  # TX-4
    return next_locations(None)


# the last answer (state, seat, moves), in a one-slot list; see legal_moves
_LAST: Final[list[tuple[TState | None, int, Sequence[Move]]]] = [(None, -1, [])]


def legal_moves(s: TState, seat: int) -> Sequence[Move]:
    """Every legal move of `seat`: a list, or at Dawn (TA-3) the passes as a `PassChoices`
    (listed when read). States are immutable, so the last answer is kept: a player (or
    bot) asks for the moves and `decide` checks the move against the same state, and
    enumerating a hand with wild cards is costly."""
    kept = _kept(s, seat)
    return kept if type(kept) is PassChoices else list(kept)


def _kept(s: TState, seat: int) -> Sequence[Move]:
    """The legal moves as kept (no copy: `decide` only reads them; the list found is
    never handed out, `legal_moves` answers a copy of it)."""
    last = _LAST[0]
    if last[0] is s and last[1] == seat:
        return last[2]
    if s.phase == "play":  # most moves: `_legal_moves`'s first case, without its call
        kept: Sequence[Move] = (
            legal_plays(s) if seat == (s.turn if s.commanded is None else s.commanded) else []
        )
    else:
        kept = _legal_moves(s, seat)
    _LAST[0] = (s, seat, kept)
    return kept


def _legal_moves(s: TState, seat: int) -> Sequence[Move]:
    if s.phase == "play":  # most moves: whose turn it is (actor(s)), without building the set
        return legal_plays(s) if seat == (s.turn if s.commanded is None else s.commanded) else []
    if seat not in pending_seats(s):
        return []
    if s.phase == "location":
        return list(map(_choose_location, location_choices(s)))
    if s.phase == "sword":
        return [_ALLOW_PASSING, _REFUSE_PASSING]
    if s.phase == "passing":
        return PassChoices(s.player(seat).hand)  # 220 from a hand of 12: listed if read
    if s.phase == "gift":
        return list(map(_give_card, sorted(set(s.player(seat).hand))))
    if s.phase == "dusk":
        return [*map(_give_hit, dusk.dusk_targets(s, seat)), _FINISH_DUSK]
    if s.phase == "godsend":
        return list(map(_pick_godsend, gp.sources(s)))
    if s.phase == "place":
        return [_place_godsend(t) for t in range(len(s.players)) if t != seat]
    if s.phase == "choice" and s.ask is not None:
        return list(map(_choose, s.ask.options))
    return []


def _offered(move: Move, legal: Sequence[Move]) -> bool:
    """`move in legal`, looking for the very object first: a bot or a player answers with
    one of the moves listed, and comparing field by field with each one before it costs
    (60 plays of a wild card); the passes at Dawn answer from the hand. Equal moves count
    as before."""
    if type(legal) is PassChoices:
        return move in legal
    return any(m is move for m in legal) or move in legal  # compiled: a C loop of pointers


def decide(s: TState, seat: int, move: Move, rng: Random) -> list[Event]:
    return decide_folded(s, seat, move, rng)[0]


def decide_folded(s: TState, seat: int, move: Move, rng: Random) -> tuple[list[Event], TState]:
    """`decide` and the state after its events: the Builder folded each as it went."""
    if not _offered(move, _kept(s, seat)):
        raise explain(s, seat, move)
    if type(move) is _PLAY_CARD:  # most moves: a card that sets nothing else off
        plain = plain_play(s, move, rng)
        if plain is not None:
            return plain
    b = Builder(s, rng)
    if isinstance(move, _PLAY_MOVES):
        play(b, move)
    elif isinstance(move, mv.ChooseLocation):
        _location(b, seat, move.location)
    elif isinstance(move, mv.DecidePassing):
        b.emit(ev.PassingDecided(seat, move.allow))
        if move.allow:
            b.start_passing(seat)
        else:
            b.begin_combat()
    elif isinstance(move, mv.ChoosePass):
        _choose_pass(b, seat, move.cards)
    elif isinstance(move, mv.GiveCard):
        arthur = s.arthur
        assert arthur is not None
        b.emit(ev.CardGiven(seat, arthur[1], move.card))
        b.next_melee()
    elif isinstance(move, mv.GiveHit):
        dusk.give_hit(b, seat, move.card, move.to)
    elif isinstance(move, mv.FinishDusk):
        dusk.finish(b, seat)
    elif isinstance(move, mv.PickGodsend):
        gp.pick(b, seat, move)
    elif isinstance(move, mv.PlaceGodsend):
        gp.place_on(b, seat, move)
    elif isinstance(move, mv.Choose):
        choices.resume(b, seat, move.option)
    return b.events, b.state


def _location(b: Builder, seat: int, location: str) -> None:
    choosing = b.state.choosing
    b.emit(ev.LocationChosen(seat, location, choosing))
    if choosing == "chaos":
        if b.state.round == 0:
            b.dawn()
        else:
            gp.godsend_phase(b)
    elif choosing == "nimue":
        b.deal()
    else:
        gp.next_pick(b)


def _choose_pass(b: Builder, seat: int, cards: frozenset[str]) -> None:
    """TA-3: choices are secret; cards move only when everyone has chosen."""
    b.emit(ev.PassChosen(seat, cards))
    s = b.state
    direction = 1 if s.round % 2 == 1 else -1
    waiting = [x for x, p in enumerate(s.players) if p.passing is None]
    sword = s.sword_waits
    if sword is not None and waiting == [sword]:
        giver = (sword - direction) % s.n
        b.emit(ev.CardsPassed(((giver, sword, tuple(sorted(s.player(giver).passing or ()))),)))
        return
    if waiting:
        return
    moves = tuple(
        (x, (x + direction) % s.n, tuple(sorted(p.passing)))
        for x, p in enumerate(s.players)
        if p.passing
    )
    b.emit(ev.CardsPassed(moves))
    b.begin_combat()


def outcome(state: TState) -> Outcome | None:
    if state.winners is None:
        return None
    names = ", ".join(f"seat {s + 1}" for s in state.winners)
    best = state.player(state.winners[0]).health
    why = {
        "zero_health": "a player fell to 0 Health",
        "three_rounds": "three Tourney Rounds were fought",
    }.get(state.end_reason, "")
    return Outcome(
        frozenset(state.winners),
        f"{names} won with {best} Health: {why}.",
        state.end_reason,
        {s: p.health for s, p in enumerate(state.players)},
    )


# read from C statics, not as attributes of the moves module at every move
_PLAY_MOVES: Final = (mv.PlayCard, mv.Shame, mv.Command)
_PLAY_CARD: Final = mv.PlayCard


# Dusk's moves, built once per (card, opponent) and once for the end: the same list is
# made again at each gift of a Dusk (moves are frozen values, compared by value)
def _new_give_hit(pair: tuple[str, int]) -> mv.GiveHit:
    return mv.GiveHit(*pair)


_give_hit: Final = per_key(_new_give_hit, kept=1024)
_FINISH_DUSK: Final = mv.FinishDusk()

# The other phases' moves, built once per value as Dusk's are: each decision of those
# phases lists them again, and a record built through its interpreted `__init__` costs
# more than the rest of the listing
_choose_location: Final = per_key(mv.ChooseLocation, kept=64)
_give_card: Final = per_key(mv.GiveCard, kept=1024)
_pick_godsend: Final = per_key(mv.PickGodsend, kept=8)
_place_godsend: Final = per_key(mv.PlaceGodsend, kept=64)
_choose: Final = per_key(mv.Choose, kept=1024)
_ALLOW_PASSING: Final = mv.DecidePassing(True)
_REFUSE_PASSING: Final = mv.DecidePassing(False)
