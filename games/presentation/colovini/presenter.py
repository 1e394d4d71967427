"""Wording of Avalon by Leo Colovini on the pages: move titles, help and buttons, the
phase line, and where the forms, panels and log lines come from (forms.py, board.py,
log.py).

Reads only the JSON feed (games/engine/games/colovini/views.py). Rule IDs name the rule
each sentence reflects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import JSON

from ..base import ActionForm, Presenter
from ..words import name_of
from . import board as panels
from .forms import pile_top_buttons, play_form, reaction_form
from .log import WORDS
from .wire import (
    ATTACK,
    ENCHANT,
    GAME,
    REINFORCE,
    CounterSpell,
    Discard,
    EndTurn,
    LetPass,
    LoseHandCard,
    LosePileTop,
    Phase,
    PlayCard,
    Resist,
    UseAvalon,
)
from .words import TILE_WORDS, card_label, position, region_word

PHASE_WORDS = {
    Phase.PLAY.value: "{active} plays cards or ends the turn.",
    Phase.COUNTER.value: "{defender} may counter {attacker}'s enchantment at region {pos} (CA-7).",
    Phase.RESIST.value: "{defender} may resist {attacker}'s attack at region {pos} (CA-9).",
    Phase.LOSSES.value: "{active} pays the conquest's losses ({remaining} card(s) left, CA-11).",
    Phase.DISCARD.value: "{active} discards down to {limit} cards (CA-13).",
}
MODE_VERBS = {ENCHANT: "Enchant", ATTACK: "Attack", REINFORCE: "Reinforce"}
BUTTONS = {  # move types whose buttons say the same whatever the move
    CounterSpell.TYPE: ("Counter-spell", "approve"),
    Resist.TYPE: ("Resist", "approve"),
    LetPass.TYPE: ("Let it pass", "reject"),
    UseAvalon.TYPE: ("Lose one card fewer (Avalon)", "success"),
}


class ColoviniPresenter(Presenter):
    slugs = (GAME.slug,)
    board_template = "games/boards/colovini-avalon.html"
    secret_template = "games/secrets/colovini-avalon.html"
    words = WORDS
    stylesheets = ("games/colovini.css",)

    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        return panels.board(feed, names)

    def secret(
        self,
        feed: Mapping[str, Any],
        names: Sequence[str],
        revealed: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        return panels.secret(feed, names, revealed)

    def forms(self, feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm] | None:
        return reaction_form(feed, names, lambda m: self.button(m, names))

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        return {
            PlayCard.TYPE: "Play a card",
            EndTurn.TYPE: "End your turn: take a reinforcement tile",
            UseAvalon.TYPE: "Use Avalon's power",
            LoseHandCard.TYPE: "Pay a loss from your hand",
            LosePileTop.TYPE: "Pay a loss from the top of one of your piles",
            Discard.TYPE: f"Discard down to {view.get('hand_limit', 5)} cards",
        }.get(move_type) or super().move_title(move_type, feed, names)

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        losses = view.get("losses") or {}
        owed = (
            f"{losses.get('remaining', '')} card(s) still owed for the conquest of "
            f"{region_word(view, losses.get('region_index'))} (CA-11)."
        )
        return {
            EndTurn.TYPE: "Light tiles give cards now, dark ones next turn (CA-16).",
            UseAvalon.TYPE: "You lose one card fewer in this conquest (CA-15).",
            LoseHandCard.TYPE: owed,
            LosePileTop.TYPE: owed,
            Discard.TYPE: "Discarded cards go face up on the discard pile (CA-13).",
        }.get(move_type, "")

    def special_form(
        self,
        move_type: str,
        moves: Sequence[Mapping[str, JSON]],
        feed: Mapping[str, Any],
        names: Sequence[str],
    ) -> ActionForm | None:
        if move_type == LosePileTop.TYPE:
            return ActionForm(
                move_type=move_type,
                title=self.move_title(move_type, feed, names),
                help=self.move_help(move_type, feed, names),
                buttons=pile_top_buttons(moves, feed),
            )
        if move_type == PlayCard.TYPE:
            return play_form(moves, feed, lambda m: self.button(m, names))
        return None

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        kind = str(move.get("type"))
        if kind in BUTTONS:
            return BUTTONS[kind]
        if kind == PlayCard.TYPE:
            verb = MODE_VERBS[str(move.get("mode"))]
            where = position(move["region"])
            return f"{verb} region {where} with a {card_label(move['card'])}", ""
        if kind == EndTurn.TYPE:
            return TILE_WORDS.get(str(move["tile"]), str(move["tile"])), ""
        if kind in (LoseHandCard.TYPE, Discard.TYPE):
            return f"Discard a {card_label(move['card'])}", ""
        if kind == LosePileTop.TYPE:
            return f"Top card of your pile at region {position(move['region'])}", ""
        return super().button(move, names)

    def choice_label(self, move_type: str, name: str, value: JSON, names: Sequence[str]) -> str:
        if name == "region" and isinstance(value, int):
            return f"Region {value + 1}"
        if name == "card":
            return card_label(value)
        return super().choice_label(move_type, name, value, names)

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        if view.get("outcome"):
            return str(view["outcome"]["summary"])
        reaction = view.get("reaction") or {}
        losses = view.get("losses") or {}
        line = PHASE_WORDS.get(str(view.get("phase")), "").format(
            active=name_of(names, view.get("active")),
            attacker=name_of(names, reaction.get("attacker")),
            defender=name_of(names, reaction.get("defender")),
            pos=(reaction.get("region_index") or 0) + 1,
            remaining=losses.get("remaining", ""),
            limit=view.get("hand_limit", 5),
        )
        if reaction and feed.get("my_seat") == reaction.get("attacker"):
            # CH-3: the attacker is told they wait, never whether an answer is possible.
            line += " You are waiting for their answer."
        return line


COLOVINI = ColoviniPresenter()
