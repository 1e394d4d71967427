"""Playing cards (CA-5), enchantments and counter-spells (CA-6, CA-7), attacks and
resistance (CA-8, CA-9, CA-10, CH-5), conquests and their losses (CA-11, CA-12, CA-15).

Each check returns the reason a move is illegal, in words for the player, or None; the
same checks drive `decide` and `legal_moves`, so the two never disagree.
"""

from __future__ import annotations

from games.engine.core import N_, Emitter, IllegalMove, Message, msg

from . import powers
from .cards import KNIGHT, SORCERESS, card, card_name, colour_of, is_card, kind_of
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
from .state import COUNTER, ColoviniState

# A refused move: the words the player reads, and the ID of the rule they state (or None).
Refusal = tuple[Message, str | None]


def region_name(state: ColoviniState, index: int) -> Message:
    if state.face_up[index]:
        return msg(state.region(index).name)
    # people count from 1
    return msg(N_("the face-down region at position %(position)s"), position=index + 1)


def no_region(state: ColoviniState, index: object) -> Message:
    shown = index + 1 if isinstance(index, int) else index
    return msg(
        N_("There is no region at position %(position)s: the row has positions 1 to %(last)s."),
        position=shown,
        last=len(state.row),
    )


def valid_region(state: ColoviniState, index: object) -> bool:
    return isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(state.row)


def hand_problem(state: ColoviniState, seat: int, name: object) -> Message | None:
    if not is_card(name):
        return msg(N_("There is no card called %(card)s."), card=repr(name))
    assert isinstance(name, str)
    if name not in state.hands[seat]:
        return msg(N_("You have no %(card)s in your hand."), card=card_name(name))
    return None


def attack_need(state: ColoviniState, seat: int, index: int) -> int:
    """CA-8, CA-14: the cards the attacker needs there before playing the attacking card."""
    return len(state.pile(index, state.opponent(seat))) + powers.defence_bonus(state, index)


def play_problem(state: ColoviniState, seat: int, move: PlayCard) -> Refusal | None:
    """Why `move` is illegal (the words and the rule they state), or None. legal_moves
    lists exactly the plays this accepts (rules._plays)."""
    problem = hand_problem(state, seat, move.card)
    if problem:
        return problem, None
    if not valid_region(state, move.region):
        return no_region(state, move.region), None
    if move.mode not in MODES:
        return msg(N_("Play a card as a reinforcement, an enchantment or an attack.")), "CA-5"
    index, kind = move.region, kind_of(move.card)
    # The region's name goes into refusals only.
    if move.mode == ENCHANT:
        if kind != SORCERESS:
            return msg(N_("Only a sorceress can enchant.")), "CA-6"
        theirs = state.pile(index, state.opponent(seat))
        if not theirs:
            return (
                msg(
                    N_("Your opponent has no card at %(region)s to enchant."),
                    region=region_name(state, index),
                ),
                "CA-6",
            )
        if colour_of(theirs[-1]) != colour_of(move.card):
            return (
                msg(
                    N_(
                        "A %(sorceress)s only enchants a card of her colour; your opponent's "
                        "top card at %(region)s is a %(card)s."
                    ),
                    sorceress=card_name(move.card),
                    region=region_name(state, index),
                    card=card_name(theirs[-1]),
                ),
                "CA-6",
            )
    if move.mode == ATTACK:
        if kind not in powers.attack_kinds(state, seat):  # CA-8, CA-15
            return (
                msg(
                    N_("Only a knight can attack (a sorceress too once you own the Stone Circle).")
                ),
                "CA-8",
            )
        if state.owners[index] == seat:
            return (
                msg(
                    N_("You already own %(region)s: you may reinforce it, not attack it."),
                    region=region_name(state, index),
                ),
                "CH-5",
            )
        if state.conquests >= MAX_CONQUESTS:
            return msg(N_("You have already conquered two regions this turn.")), "CA-10"
        need, have = attack_need(state, seat, index), len(state.pile(index, seat))
        if have < need:
            castle = need > len(state.pile(index, state.opponent(seat)))
            text = (
                N_(
                    "To attack %(region)s you need at least %(need)s cards there before the "
                    "attack (the castle counts as one more defender); you have %(have)s."
                )
                if castle
                else N_(
                    "To attack %(region)s you need at least %(need)s cards there before the "
                    "attack; you have %(have)s."
                )
            )
            region = region_name(state, index)
            return msg(text, region=region, need=need, have=have), "CA-14" if castle else "CA-8"
    return None


def reaction_card(state: ColoviniState) -> str:
    """The card the defender needs: a sorceress (CA-7) or a knight (CA-9) of that colour."""
    assert state.reaction is not None
    kind = SORCERESS if state.phase is COUNTER else KNIGHT
    return card(colour_of(state.reaction.card), kind)


def can_react(state: ColoviniState) -> bool:
    assert state.reaction is not None
    return reaction_card(state) in state.hands[state.opponent(state.reaction.attacker)]


def play(state: ColoviniState, seat: int, move: PlayCard) -> Emitter[ColoviniState]:
    problem = play_problem(state, seat, move)
    if problem:
        raise IllegalMove(*problem)
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
        counter = state.phase is COUNTER
        text = (
            N_("You have no %(card)s to counter with.")
            if counter
            else N_("You have no %(card)s to resist with.")
        )
        raise IllegalMove(text, "CA-7" if counter else "CA-9", card=card_name(needed))
    emitter = Emitter(evolve, state)
    if state.phase is COUNTER:
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
    if state.phase is COUNTER:
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


def may_use_avalon(state: ColoviniState, seat: int) -> bool:
    """`avalon_problem(state, seat) is None`, without wording the refusal (asked at every
    loss paid, for the legal moves)."""
    return powers.loss_discount(state, seat) > 0


def avalon_problem(state: ColoviniState, seat: int) -> Refusal | None:
    if not may_use_avalon(state, seat):
        if state.owns_power(seat, AVALON):
            return msg(N_("You have already used Avalon this turn.")), "CA-15"
        return msg(N_("Only the owner of Avalon loses one card fewer.")), "CA-15"
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
            raise IllegalMove(
                N_("You have no card at %(region)s."), region=region_name(state, index)
            )
        emitter.emit(LossPaid(seat=seat, card=pile[-1], region=index))
    _end_losses_if_broke(emitter)
    return emitter


def use_avalon(state: ColoviniState, seat: int) -> Emitter[ColoviniState]:
    problem = avalon_problem(state, seat)
    if problem:
        raise IllegalMove(*problem)
    emitter = Emitter(evolve, state)
    emitter.emit(AvalonUsed(seat=seat))
    return emitter
