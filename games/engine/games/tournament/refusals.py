"""Why a move is refused: the player-friendly reason `decide` gives when a move is not among
the legal moves (TT-9..TT-11, TC-3, TA-4, TA-5 and the play options powers add; TA-3
passes, TX-4 Locations, the Dusk gifts)."""

from __future__ import annotations

from games.engine.core import N_, IllegalMove, Message, Move, joined, msg

from .locations import LOCATIONS
from .moves import ChooseLocation, ChoosePass, Command, GiveCard, GiveHit, PlayCard, Shame
from .plays import actor, camelot_alchemy, elf_queen_leads, follow_suits, suits_in_play
from .powers import dusk
from .state import TState
from .weapons import SUIT_NAMES, weapon, weapon_name


def explain(s: TState, seat: int, move: Move) -> IllegalMove:
    """A player-friendly reason why `move` is not legal now, with the rule it breaks."""
    if s.phase == "over":
        return IllegalMove(N_("This game is over."))
    if s.phase == "location" and isinstance(move, ChooseLocation):
        return _location(s, move.location)
    if s.phase == "passing" and isinstance(move, ChoosePass):
        return IllegalMove(N_("Choose exactly three cards of your hand to pass."), "TA-3")
    if s.phase == "gift" and isinstance(move, GiveCard):
        return IllegalMove(N_("You do not hold that card."))
    if s.phase == "dusk" and isinstance(move, GiveHit):
        return _give_hit(s, seat, move)
    if s.phase != "play" or not isinstance(move, (PlayCard, Shame, Command)):
        names = {
            "location": N_("choose a Location"),
            "sword": N_("allow or deny passing"),
            "passing": N_("choose three cards to pass"),
            "gift": N_("give a card to the opponent you commanded"),
            "dusk": N_("hand out Weapon Hits or finish"),
            "godsend": N_("pick a Godsend"),
            "place": N_("choose the opponent for your Godsend"),
            "play": N_("play a card"),
            "choice": N_("answer the question about a power"),
        }
        return IllegalMove(
            N_("That is not possible now: you must %(what)s."),
            what=msg(names.get(s.phase, N_("wait"))),
        )
    if isinstance(move, Command):
        return IllegalMove(
            N_("You cannot command that player now (once per Tourney Round, on your own turn).")
        )
    hand = s.player(actor(s)).hand
    if move.card and move.card not in hand:
        return IllegalMove(N_("You do not hold that card."))
    suits = sorted(follow_suits(s))
    named: Message = joined([SUIT_NAMES[x] for x in suits], N_("%(some)s or %(last)s"))
    held = [c for c in hand if weapon(c).kind == "basic" and weapon(c).suit in suits]
    alchemy = any(weapon(c).kind == "alchemy" for c in hand)
    if isinstance(move, Shame):
        if s.played == 0 and hand:
            return IllegalMove(
                N_("You cannot Shame: you lead this Melee, and any card may lead."), "TT-11"
            )
        if held and not s.alchemy_led:
            return IllegalMove(
                N_("You cannot Shame: you hold a card of %(suit)s."), "TT-11", suit=named
            )
        if s.alchemy_led:
            return IllegalMove(
                N_("You cannot Shame: Alchemy led this Melee, so any card may follow."), "TT-11"
            )
        if alchemy:
            return IllegalMove(
                N_("You cannot Shame: you hold a card you can legally play (Alchemy is in-suit)."),
                "TT-11",
            )
        return IllegalMove(N_("You cannot Shame now."), "TT-11")
    if move.card not in hand:  # "" is a Shame with an empty hand, never a card to play
        return IllegalMove(N_("You do not hold that card."))
    w = weapon(move.card)
    if w.value is None and elf_queen_leads(s):
        if move.value:  # TH-4: face down, its value is given as it is turned up
            return IllegalMove(
                N_(
                    "Cards are played face down in the Elf Queen's Melee: you give your "
                    "%(card)s its value when it is turned up."
                ),
                "TH-4",
                card=weapon_name(w.id),
            )
    elif w.value is None:
        if not 1 <= move.value <= 15:
            return IllegalMove(
                N_("Give your %(card)s a value from 1 to 15."), "TH-2", card=weapon_name(w.id)
            )
        if s.played == 0 and move.suit not in suits_in_play(s):
            return IllegalMove(
                N_("Name the Lead Suit your %(card)s leads."), "TH-3", card=weapon_name(w.id)
            )
        if s.played and move.suit:
            return IllegalMove(N_("Only a card that leads names the Lead Suit."), "TH-3")
    elif move.value or move.suit:
        return IllegalMove(
            N_("The %(card)s has a printed value and suit; only wild cards take them."),
            "TC-1",
            card=weapon_name(w.id),
        )
    camelot = camelot_alchemy(s, actor(s))  # TC-3: Camelot rules, or Guinguemar
    if s.played == 0:
        if w.kind == "alchemy" and camelot and any(weapon(c).kind == "basic" for c in hand):
            return IllegalMove(
                N_("Under Camelot rules you may lead Alchemy only when you hold no basic weapon."),
                "TC-3",
            )
    elif not s.alchemy_led:
        if w.kind == "basic" and w.suit not in suits:
            if held:
                return IllegalMove(
                    N_("You must follow %(suit)s: you hold a card of %(suit)s."),
                    "TT-10",
                    suit=named,
                )
            return IllegalMove(
                N_("You must play Alchemy or a special weapon: you hold no card of %(suit)s."),
                "TT-10",
                suit=named,
            )
        if w.kind == "alchemy" and held and camelot:
            return IllegalMove(
                N_(
                    "Under Camelot rules you may play Alchemy only "
                    "when you hold no card of %(suit)s."
                ),
                "TC-3",
                suit=named,
            )
    if move.extra or move.boost:
        return IllegalMove(
            N_("That power cannot be used with this play (or was already used this round).")
        )
    return IllegalMove(N_("That play is not allowed here."))


def _location(s: TState, location: str) -> IllegalMove:
    """TX-4: the Chaos Host's next Location shares a Weapon suit with the previous one."""
    if location not in LOCATIONS:
        return IllegalMove(N_("There is no such Location."))
    if s.choosing == "chaos" and s.location is not None:
        return IllegalMove(
            N_(
                "%(location)s shares no Weapon suit with %(previous)s: choose a Location "
                "that shares one, or stay at %(previous)s."
            ),
            "TX-4",
            location=msg(LOCATIONS[location].name),
            previous=msg(LOCATIONS[s.location].name),
        )
    return IllegalMove(N_("You cannot choose that Location now."))


def _give_hit(s: TState, seat: int, move: GiveHit) -> IllegalMove:
    """Sir Percival's and Sir Lionel's Dusk gifts: which cards, to whom."""
    if not 0 <= move.to < s.n or move.to == seat:
        return IllegalMove(N_("Weapon Hits are given to an opponent."))
    p = s.player(seat)
    if move.card not in p.hits:
        return IllegalMove(N_("That card is not in your Weapon Hits."))
    if p.given and move.to != p.given_to and move.card not in dusk.percival_cards(s, seat):
        return IllegalMove(
            N_(
                "Sir Lionel gives his Weapon Hits to one opponent only: "
                "the one who received the first."
            )
        )
    return IllegalMove(N_("Your powers cannot give that card away."))
