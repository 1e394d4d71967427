"""Colovini's own forms: the defender's one question with both answers (CH-3), the play
form (a card, then a region and a way of playing, CA-5..CA-8), and paying a loss from a
pile's top (CA-11), each button naming the card it gives up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from games.engine.core import JSON

from ..base import ActionForm, Button, move_text
from ..words import name_of
from .wire import ATTACK, ENCHANT, ENCHANTMENT, REINFORCE, CounterSpell, LetPass, PlayCard, Resist
from .words import card_label, hand_cards, region_word

REACTIONS = frozenset({CounterSpell.TYPE, Resist.TYPE, LetPass.TYPE})
Label = Callable[[Mapping[str, JSON]], tuple[str, str]]


def reaction_form(
    feed: Mapping[str, Any], names: Sequence[str], label: Label
) -> list[ActionForm] | None:
    """CH-3: the defender's answer is one question with both buttons (react or let it
    pass); None when the viewer is not answering."""
    legal = feed.get("legal_moves") or []
    view = feed.get("view") or {}
    reaction = view.get("reaction") or {}
    if not legal or not all(m["type"] in REACTIONS for m in legal) or not reaction:
        return None
    where = region_word(view, reaction.get("region_index"))
    answer = card_label(reaction.get("answer_with") or "")
    counter = reaction.get("kind") == ENCHANTMENT
    return [
        ActionForm(
            move_type=LetPass.TYPE,
            title=f"{name_of(names, reaction.get('attacker'))} "
            f"{'enchants' if counter else 'attacks'} at {where} "
            f"with a {card_label(reaction.get('card'))}",
            help=(
                f"Only a {answer} can counter it (CA-7)."
                if counter
                else f"Only a {answer} can resist it (CA-9)."
            )
            + " Your opponent waits either way (CH-3).",
            buttons=[Button(*_labelled(m, label)) for m in legal],
        )
    ]


def _labelled(move: Mapping[str, JSON], label: Label) -> tuple[str, str, str]:
    text, tone = label(move)
    return text, move_text(move), tone


def play_form(
    moves: Sequence[Mapping[str, JSON]], feed: Mapping[str, Any], label: Label
) -> ActionForm:
    """The few enchantments and attacks the engine allows are quick buttons; any card may
    reinforce anywhere (CA-5), which the card/region/mode form covers."""
    view = feed.get("view", {})
    quick = [
        {"label": label(m)[0], "move": move_text(m), "mode": m.get("mode")}
        for m in moves
        if m.get("mode") != REINFORCE
    ]
    regions = [
        {
            "index": r["region_index"],
            "value": json.dumps(r["region_index"]),
            "position": r["position"],
            "name": r.get("name") or "",
            "face_up": r.get("face_up"),
            "owner": r.get("owner"),
        }
        for r in view.get("regions") or []
    ]
    modes = [
        {"value": json.dumps(REINFORCE), "label": _("Reinforce")},
        {"value": json.dumps(ENCHANT), "label": _("Enchant (sorceress)")},
        {"value": json.dumps(ATTACK), "label": _("Attack")},
    ]
    return ActionForm(
        move_type=PlayCard.TYPE,
        title="Play a card",
        help="Choose a card, a region and how to play it. Reinforcing is always possible "
        "(CA-5); enchanting takes the opponent's top card there (CA-6); attacking needs "
        "more knights of the card's colour than the defence (CA-8).",
        template="games/boards/colovini-avalon-play.html",
        extra={"hand": hand_cards(view), "regions": regions, "quick": quick, "modes": modes},
        submit="Play the card",
    )


def pile_top_buttons(moves: Sequence[Mapping[str, JSON]], feed: Mapping[str, Any]) -> list[Button]:
    """CA-11 step 2 from a pile: each button names the card it gives up."""
    regions = feed.get("view", {}).get("regions") or []
    me = feed.get("my_seat")
    buttons = []
    for m in moves:
        index = m.get("region")
        pile = regions[index]["piles"][me] if isinstance(index, int) and me in (0, 1) else []
        top = f": {card_label(pile[-1])}" if pile else ""
        label = f"Top of your pile at region {int(str(index)) + 1}{top}"
        buttons.append(Button(label, move_text(m)))
    return buttons
