"""Colovini's own forms: the defender's one question with both answers [CH-3], the play
form (a card, then a region and a way of playing, CA-5..CA-8), and paying a loss from a
pile's top [CA-11], each button naming the card it gives up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from games.engine.core import JSON

from ..base import ActionForm, Button, Choice, ComposedField, move_text
from ..rules import feed_rules
from ..words import name_of
from .wire import ATTACK, ENCHANT, ENCHANTMENT, REINFORCE, mv
from .words import card_label, hand_cards, region_word

REACTIONS = frozenset({mv.CounterSpell.TYPE, mv.Resist.TYPE, mv.LetPass.TYPE})
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
            move_type=mv.LetPass.TYPE,
            title=(
                _("%(who)s enchants at %(where)s with a %(card)s")
                if counter
                else _("%(who)s attacks at %(where)s with a %(card)s")
            )
            % {
                "who": name_of(names, reaction.get("attacker")),
                "where": where,
                "card": card_label(reaction.get("card")),
            },
            help=(
                _("Only a %(answer)s can counter it.")
                if counter
                else _("Only a %(answer)s can resist it.")
            )
            % {"answer": answer}
            + " "
            + _("Your opponent waits either way."),
            rules=feed_rules(feed, "CA-7" if counter else "CA-9", "CH-3"),
            buttons=[Button(*_labelled(m, label)) for m in legal],
        )
    ]


def _labelled(move: Mapping[str, JSON], label: Label) -> tuple[str, str, str]:
    text, tone = label(move)
    return text, move_text(move), tone


def _region_label(region: Mapping[str, Any]) -> str:
    """ "4", or "4 · Camelot" once the region is face up (its name an engine msgid)."""
    if region.get("face_up") and region.get("name"):
        return f"{region['position']} · {_(region['name'])}"
    return str(region["position"])


def play_form(feed: Mapping[str, Any]) -> ActionForm:
    """One way to play a card: the card, the region, then how (reinforce anywhere [CA-5];
    enchant [CA-6]; attack [CA-8]). The engine refuses a way the rules do not allow, with
    the reason."""
    view = feed.get("view", {})
    region = ComposedField(
        "region",
        "radio",
        _("2. A region (counted from 1)"),
        [
            Choice(json.dumps(r["region_index"]), _region_label(r))
            for r in view.get("regions") or []
        ],
        required=True,
        css="ca-regions-pick",
    )
    modes = [
        (REINFORCE, _("Reinforce")),
        (ENCHANT, _("Enchant (sorceress)")),
        (ATTACK, _("Attack")),
    ]
    mode = ComposedField(
        "mode", "radio", _("3. How"), [Choice(json.dumps(m), label) for m, label in modes]
    )
    return ActionForm(
        move_type=mv.PlayCard.TYPE,
        title=_("Play a card"),
        help=_(
            "Choose a card, a region and how to play it. Reinforcing is always possible; "
            "enchanting takes your opponent's top card there; attacking needs at least as "
            "many cards there as the defence."
        ),
        rules=feed_rules(feed, "CA-5", "CA-6", "CA-8"),
        template="games/boards/colovini-avalon-play.html",
        fields=[region, mode],
        extra={"hand": hand_cards(view)},
        submit=_("Play the card"),
    )


def pile_top_buttons(moves: Sequence[Mapping[str, JSON]], feed: Mapping[str, Any]) -> list[Button]:
    """CA-11 step 2 from a pile: each button names the card it gives up."""
    regions = feed.get("view", {}).get("regions") or []
    me = feed.get("my_seat")
    buttons = []
    for m in moves:
        index = m.get("region")
        pile = regions[index]["piles"][me] if isinstance(index, int) and me in (0, 1) else []
        where = int(str(index)) + 1
        if pile:
            label = _("Top of your pile at region %(where)s: %(card)s") % {
                "where": where,
                "card": card_label(pile[-1]),
            }
        else:
            label = _("Top of your pile at region %(where)s") % {"where": where}
        buttons.append(Button(label, move_text(m)))
    return buttons
