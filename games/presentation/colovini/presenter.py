"""Wording of Avalon by Leo Colovini on the pages: move titles, help and buttons, the
phase line, and where the forms, panels and log lines come from (forms.py, board.py,
log.py).

Reads only the JSON feed (games/engine/games/colovini/views.py). Rule IDs name the rule
each sentence reflects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.core import JSON

from .. import counts
from ..base import ActionForm, Feed, Moves, Names, Presenter, Story
from ..rules import feed_rules
from ..words import name_of
from . import board
from .forms import pile_top_buttons, play_form, reaction_form
from .log import WORDS
from .wire import ATTACK, ENCHANT, GAME, REINFORCE, Phase, ev, mv
from .words import TILE_WORDS, card_label, position, region_word

PHASE_WORDS = {
    Phase.PLAY.value: _("{active} plays cards or ends the turn."),
    Phase.COUNTER.value: _("{defender} may counter {attacker}'s enchantment at region {pos}."),
    Phase.RESIST.value: _("{defender} may resist {attacker}'s attack at region {pos}."),
    Phase.LOSSES.value: _("{active} pays the conquest's losses ({remaining} left)."),
    Phase.DISCARD.value: _("{active} discards down to {limit} cards."),
}
PHASE_RULES = {  # the rule each phase line states (the line links to it)
    Phase.COUNTER.value: "CA-7",
    Phase.RESIST.value: "CA-9",
    Phase.LOSSES.value: "CA-11",
    Phase.DISCARD.value: "CA-13",
}
HELP = {  # move type: (the help, the ID of the rule it states)
    mv.EndTurn.TYPE: (_("Light tiles give cards now, dark ones next turn."), "CA-16"),
    mv.UseAvalon.TYPE: (_("You lose one card fewer in this conquest."), "CA-15"),
    mv.Discard.TYPE: (_("Discarded cards go face up on the discard pile."), "CA-13"),
}
LOSSES = frozenset({mv.LoseHandCard.TYPE, mv.LosePileTop.TYPE})
# "Enchant region 3 with a red sorceress", one sentence per way of playing.
MODE_BUTTONS = {
    ENCHANT: _("Enchant region %(where)s with a %(card)s"),
    ATTACK: _("Attack region %(where)s with a %(card)s"),
    REINFORCE: _("Reinforce region %(where)s with a %(card)s"),
}
BUTTONS = {  # move types whose buttons say the same whatever the move
    mv.CounterSpell.TYPE: (_("Counter-spell"), "approve"),
    mv.Resist.TYPE: (_("Resist"), "approve"),
    mv.LetPass.TYPE: (_("Let it pass"), "reject"),
    mv.UseAvalon.TYPE: (_("Lose one card fewer (Avalon)"), "success"),
}


class ColoviniPresenter(Presenter):
    slugs = (GAME.slug,)
    words = WORDS
    panels = board
    # Each player's turn is a round, titled by its first line.
    story = Story(
        round_openers={ev.TurnStarted.TYPE: _("Turn %(turn)s: %(who)s")},
        hidden=frozenset({ev.TurnStarted.TYPE}),
    )
    stylesheets = ("games/colovini.css",)
    help = HELP

    def forms(self, feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm] | None:
        return reaction_form(feed, names, lambda m: self.button(m, names))

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        titles = {
            mv.PlayCard.TYPE: gettext("Play a card"),
            mv.EndTurn.TYPE: gettext("End your turn: take a reinforcement tile"),
            mv.UseAvalon.TYPE: gettext("Use Avalon's power"),
            mv.LoseHandCard.TYPE: gettext("Pay a loss from your hand"),
            mv.LosePileTop.TYPE: gettext("Pay a loss from the top of one of your piles"),
            mv.Discard.TYPE: gettext("Discard down to %(limit)s cards")
            % {"limit": view.get("hand_limit", 5)},
        }
        return titles.get(move_type) or super().move_title(move_type, feed, names)

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        losses = view.get("losses") or {}
        if move_type in LOSSES:
            return _("%(cards)s still owed for the conquest of %(region)s.") % {
                "cards": counts.cards(losses.get("remaining")),
                "region": region_word(view, losses.get("region_index")),
            }
        return super().move_help(move_type, feed, names)

    def move_rules(self, move_type: str, feed: Mapping[str, Any]) -> tuple[str, ...]:
        return ("CA-11",) if move_type in LOSSES else super().move_rules(move_type, feed)

    def phase_rules(self, feed: Mapping[str, Any]) -> tuple[str, ...]:
        view = feed.get("view", {})
        rule = "" if view.get("outcome") else PHASE_RULES.get(str(view.get("phase")), "")
        return (rule,) if rule else ()

    def special_form(
        self, move_type: str, moves: Moves, feed: Feed, names: Names
    ) -> ActionForm | None:
        if move_type == mv.LosePileTop.TYPE:
            return ActionForm(
                move_type=move_type,
                title=self.move_title(move_type, feed, names),
                help=self.move_help(move_type, feed, names),
                rules=feed_rules(feed, *self.move_rules(move_type, feed)),
                buttons=pile_top_buttons(moves, feed),
            )
        if move_type == mv.PlayCard.TYPE:
            return play_form(feed)
        return None

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        kind = str(move.get("type"))
        if kind in BUTTONS:
            label, style = BUTTONS[kind]
            return str(label), style
        if kind == mv.PlayCard.TYPE:
            sentence = MODE_BUTTONS[str(move.get("mode"))]
            where = position(move["region"])
            return str(sentence % {"where": where, "card": card_label(move["card"])}), ""
        if kind == mv.EndTurn.TYPE:
            return str(TILE_WORDS.get(str(move["tile"]), str(move["tile"]))), ""
        if kind in (mv.LoseHandCard.TYPE, mv.Discard.TYPE):
            return gettext("Discard a %(card)s") % {"card": card_label(move["card"])}, ""
        if kind == mv.LosePileTop.TYPE:
            where = position(move["region"])
            return gettext("Top card of your pile at region %(where)s") % {"where": where}, ""
        return super().button(move, names)

    def choice_label(self, move_type: str, name: str, value: JSON, names: Sequence[str]) -> str:
        if name == "region" and isinstance(value, int):
            return gettext("Region %(where)s") % {"where": value + 1}
        if name == "card":
            return card_label(value)
        return super().choice_label(move_type, name, value, names)

    def ending(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        outcome = feed.get("view", {}).get("outcome")
        return ending(outcome, names) if outcome else super().ending(feed, names)

    def playing_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        reaction = view.get("reaction") or {}
        losses = view.get("losses") or {}
        line = str(PHASE_WORDS.get(str(view.get("phase")), "")).format(
            active=name_of(names, view.get("active")),
            attacker=name_of(names, reaction.get("attacker")),
            defender=name_of(names, reaction.get("defender")),
            pos=(reaction.get("region_index") or 0) + 1,
            remaining=counts.cards(losses.get("remaining")),
            limit=view.get("hand_limit", 5),
        )
        if reaction and feed.get("my_seat") == reaction.get("attacker"):
            # CH-3: the attacker is told they wait, never whether an answer is possible.
            line += " " + _("You are waiting for their answer.")
        return line


def ending(outcome: Mapping[str, Any], names: Sequence[str]) -> str:
    """The ending in the reader's language, from its reason and crowns (CA-17, CH-6); the
    engine's `summary` is an English sentence kept in the log's cache, never shown."""
    crowns = list(outcome.get("crowns") or [0, 0])
    winners = list(outcome.get("winners") or [])
    if len(winners) != 1:
        return gettext("A shared win: no card can be played any more and both hold %(crowns)s.") % {
            "crowns": counts.crowns(crowns[0])
        }
    seat = winners[0]
    values = {
        "name": name_of(names, seat),
        "crowns": counts.crowns(crowns[seat] if 0 <= seat < len(crowns) else 0),
    }
    if outcome.get("reason") == "fifteen_crowns":
        return gettext("%(name)s wins with %(crowns)s.") % values
    return gettext("%(name)s wins with %(crowns)s, the most when no card can be played.") % values


COLOVINI = ColoviniPresenter()
