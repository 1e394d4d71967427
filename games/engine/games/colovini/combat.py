"""Playing cards (CA-5), enchantments and counter-spells (CA-6, CA-7), attacks and
resistance (CA-8, CA-9, CA-10, CH-5), conquests and their losses (CA-11, CA-12, CA-15).

Each check returns the reason a move is illegal, in words for the player, or None; the
same checks drive `decide` and `legal_moves`, so the two never disagree.
"""

from __future__ import annotations

from games.engine.core import Emitter, IllegalMove

from . import powers
from .cards import KNIGHT, SORCERESS, card, colour_of, is_card, kind_of, label
from .config import MAX_CONQUESTS
from .events import (
    AttackResisted,
    AvalonUsed,
    CardPlayed,
    Enchanted,
    EnchantmentCountered,
    LossesEnded,
    LossPaid,
    RegionConquered,
)
from .evolve import evolve
from .moves import ATTACK, ENCHANT, MODES, REINFORCE, PlayCard
from .regions import AVALON
from .state import ColoviniState, Phase


def region_name(state: ColoviniState, index: int) -> str:
    if state.face_up[index]:
        return state.region(index).name
    return f"the face-down region at position {index + 1}"  # people count from 1


def no_region(state: ColoviniState, index: object) -> str:
    shown = index + 1 if isinstance(index, int) else index
    return f"There is no region at position {shown}: the row has positions 1 to {len(state.row)}."


def valid_region(state: ColoviniState, index: object) -> bool:
    return isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(state.row)


def hand_problem(state: ColoviniState, seat: int, name: object) -> str | None:
    if not is_card(name):
        return f"There is no card called {name!r}."
    assert isinstance(name, str)
    if name not in state.hands[seat]:
        return f"You have no {label(name)} in your hand."
    return None


def attack_need(state: ColoviniState, seat: int, index: int) -> int:
    """CA-8, CA-14: the cards the attacker needs there before playing the attacking card."""
    return len(state.pile(index, state.opponent(seat))) + powers.defence_bonus(state, index)


def play_problem(state: ColoviniState, seat: int, move: PlayCard) -> str | None:
    problem = hand_problem(state, seat, move.card)
    if problem:
        return problem
    if not valid_region(state, move.region):
        return no_region(state, move.region)
    if move.mode not in MODES:
        return "Play a card as a reinforcement, an enchantment or an attack."
    index, kind, where = move.region, kind_of(move.card), region_name(state, move.region)
    if move.mode == ENCHANT:  # CA-6
        if kind != SORCERESS:
            return "Only a sorceress can enchant."
        theirs = state.pile(index, state.opponent(seat))
        if not theirs:
            return f"Your opponent has no card at {where} to enchant."
        if colour_of(theirs[-1]) != colour_of(move.card):
            return (
                f"A {colour_of(move.card)} sorceress only enchants a {colour_of(move.card)} "
                f"card; your opponent's top card at {where} is a {label(theirs[-1])}."
            )
    if move.mode == ATTACK:
        if kind not in powers.attack_kinds(state, seat):  # CA-8, CA-15
            return "Only a knight can attack (a sorceress too once you own the Stone Circle)."
        if state.owners[index] == seat:  # CH-5
            return f"You already own {where}: you may reinforce it, not attack it."
        if state.conquests >= MAX_CONQUESTS:  # CA-10
            return "You have already conquered two regions this turn."
        need, have = attack_need(state, seat, index), len(state.pile(index, seat))
        if have < need:
            castle = (
                " (the castle counts as one more defender)"
                if need > len(state.pile(index, state.opponent(seat)))
                else ""
            )
            return (
                f"To attack {where} you need at least {need} cards there before the attack"
                f"{castle}; you have {have}."
            )
    return None


def reaction_card(state: ColoviniState) -> str:
    """The card the defender needs: a sorceress (CA-7) or a knight (CA-9) of that colour."""
    assert state.reaction is not None
    kind = SORCERESS if state.phase is Phase.COUNTER else KNIGHT
    return card(colour_of(state.reaction.card), kind)


def can_react(state: ColoviniState) -> bool:
    assert state.reaction is not None
    return reaction_card(state) in state.hands[state.opponent(state.reaction.attacker)]


def play(state: ColoviniState, seat: int, move: PlayCard) -> Emitter[ColoviniState]:
    problem = play_problem(state, seat, move)
    if problem:
        raise IllegalMove(problem)
    emitter = Emitter(evolve, state)
    emitter.emit(CardPlayed(seat=seat, card=move.card, region=move.region, mode=move.mode))
    if move.mode != REINFORCE and state.config.auto_decline and not can_react(emitter.state):
        let_pass(emitter)
    return emitter


def react(state: ColoviniState, seat: int) -> Emitter[ColoviniState]:
    """CA-7 / CA-9: the defender plays the matching card from hand."""
    reaction = state.reaction
    assert reaction is not None
    needed = reaction_card(state)
    if needed not in state.hands[seat]:
        what = "counter with" if state.phase is Phase.COUNTER else "resist with"
        raise IllegalMove(f"You have no {label(needed)} to {what}.")
    emitter = Emitter(evolve, state)
    if state.phase is Phase.COUNTER:
        emitter.emit(EnchantmentCountered(seat, reaction.region, needed, taken=reaction.card))
    else:
        emitter.emit(AttackResisted(seat, reaction.region, needed))
    return emitter


def let_pass(emitter: Emitter[ColoviniState]) -> None:
    """No reaction: the enchantment works (CA-6) or the region is conquered (CA-11)."""
    state = emitter.state
    reaction = state.reaction
    assert reaction is not None
    index, seat = reaction.region, reaction.attacker
    if state.phase is Phase.COUNTER:
        top = state.pile(index, state.opponent(seat))[-1]
        emitter.emit(Enchanted(seat=seat, region=index, card=top))
        return
    mine, theirs = state.pile(index, seat), state.pile(index, state.opponent(seat))
    step_one = min(len(theirs), len(mine))
    emitter.emit(
        RegionConquered(
            seat=seat,
            region=index,
            region_key=state.row[index],
            defender_lost=theirs,
            conqueror_lost=mine[len(mine) - step_one :],
            # CA-11 step 2: both sides before step 1, plus a face-up castle (CA-14).
            losses=len(mine) + len(theirs) + powers.defence_bonus(state, index),
        )
    )
    _end_losses_if_broke(emitter)


def _end_losses_if_broke(emitter: Emitter[ColoviniState]) -> None:
    state = emitter.state
    if state.losses is not None and not state.card_sources(state.active):
        emitter.emit(LossesEnded(seat=state.active, unpaid=state.losses.remaining))


def avalon_problem(state: ColoviniState, seat: int) -> str | None:
    if powers.loss_discount(state, seat) <= 0:
        if state.owns_power(seat, AVALON):
            return "You have already used Avalon this turn."
        return "Only the owner of Avalon loses one card fewer."
    return None


def pay(
    state: ColoviniState, seat: int, name: str | None, index: int | None
) -> Emitter[ColoviniState]:
    """CA-11 step 2: one card from hand (`name`) or from a pile's top (`index`)."""
    emitter = Emitter(evolve, state)
    if name is not None:
        problem = hand_problem(state, seat, name)
        if problem:
            raise IllegalMove(problem)
        emitter.emit(LossPaid(seat=seat, card=name, region=None))
    else:
        if not valid_region(state, index):
            raise IllegalMove(no_region(state, index))
        assert index is not None
        pile = state.pile(index, seat)
        if not pile:
            raise IllegalMove(f"You have no card at {region_name(state, index)}.")
        emitter.emit(LossPaid(seat=seat, card=pile[-1], region=index))
    _end_losses_if_broke(emitter)
    return emitter


def use_avalon(state: ColoviniState, seat: int) -> Emitter[ColoviniState]:
    problem = avalon_problem(state, seat)
    if problem:
        raise IllegalMove(problem)
    emitter = Emitter(evolve, state)
    emitter.emit(AvalonUsed(seat=seat))
    return emitter
