"""Why a move is refused: the player-friendly reason `decide` gives when a move is not among
the legal moves (TT-9..TT-11, TC-3, TA-4, TA-5 and the play options powers add)."""

from __future__ import annotations

from games.engine.core import Move

from .moves import Command, PlayCard, Shame
from .plays import actor, follow_suits, suits_in_play
from .state import TState
from .weapons import weapon


def explain(s: TState, seat: int, move: Move) -> str:
    """A player-friendly reason why `move` is not legal now."""
    if s.phase == "over":
        return "This game is over."
    if s.phase != "play" or not isinstance(move, (PlayCard, Shame, Command)):
        names = {
            "location": "choose a Location",
            "sword": "allow or deny passing",
            "passing": "choose three cards to pass",
            "gift": "give a card to the opponent you commanded",
            "dusk": "hand out Weapon Hits or finish",
            "godsend": "pick a Godsend",
            "place": "choose the opponent for your Godsend",
            "play": "play a card",
        }
        return f"That is not possible now: you must {names.get(s.phase, 'wait')}."
    if isinstance(move, Command):
        return "You cannot command that player now (once per Tourney Round, on your own turn)."
    hand = s.player(actor(s)).hand
    if move.card and move.card not in hand:
        return "You do not hold that card."
    suits = sorted(follow_suits(s))
    named = " or ".join(x.title() for x in suits)
    held = [c for c in hand if weapon(c).kind == "basic" and weapon(c).suit in suits]
    alchemy = any(weapon(c).kind == "alchemy" for c in hand)
    if isinstance(move, Shame):
        if held and not s.alchemy_led:
            return f"You cannot Shame: you hold a {named} card."
        if alchemy or s.alchemy_led or s.played == 0:
            return "You cannot Shame: you hold a card you can legally play (Alchemy is in-suit)."
        return "You cannot Shame now."
    if move.card not in hand:  # "" is a Shame with an empty hand, never a card to play
        return "You do not hold that card."
    w = weapon(move.card)
    if w.value is None:
        if not 1 <= move.value <= 15:
            return f"Give your {w.name} a value from 1 to 15."
        if s.played == 0 and move.suit not in suits_in_play(s):
            return f"Name the Lead Suit your {w.name} leads."
        if s.played and move.suit:
            return "Only a card that leads names the Lead Suit."
    elif move.value or move.suit:
        return f"The {w.name} has a printed value and suit; only wild cards take them."
    if s.played == 0:
        if w.kind == "alchemy":
            return "Under Camelot rules you may lead Alchemy only when you hold no basic weapon."
    elif not s.alchemy_led:
        if w.kind == "basic" and w.suit not in suits:
            if held:
                return f"You must follow {named}: you hold a {named} card."
            return f"You must play Alchemy or a special weapon: you hold no {named} card."
        if w.kind == "alchemy" and held:
            return f"Under Camelot rules you may play Alchemy only when you hold no {named} card."
    if move.extra or move.boost:
        return "That power cannot be used with this play (or was already used this round)."
    return "That play is not allowed here."
