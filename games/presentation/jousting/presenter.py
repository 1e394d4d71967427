"""Wording of Avalon, the jousting game, on the pages: move titles, help and buttons, the
phase line, and where the forms, panels and log lines come from (forms.py, board.py,
log.py).

Reads the JSON feed (games/engine/games/jousting/views.py). Rule IDs name the rule each
sentence reflects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engine.core import JSON

from ..base import ActionForm, Feed, Moves, Names, Presenter, Story
from ..words import name_of, names_list
from . import board
from .forms import FORMS, Asked
from .log import WORDS
from .wire import BARTER, DRAFT, GAME, JUDGEMENT, JUNK, LAYING, ev, mv
from .words import card_label, chip_label

PHASES = {  # phase: (the phase line, the ID of the rule it states; the line links it)
    DRAFT: (_("The knights draft the face-up cards in turn."), "JA-4"),
    BARTER: (_("Round {round}: the knights barter. It ends when all have said done."), "JA-6"),
    LAYING: (_("Round {round}: the duelists lay their sets face down."), "JA-9"),
    JUDGEMENT: (_("A drawn duel: God's judgement decides."), "JA-12"),
    JUNK: (_("The loser may buy from the junk pile for {price} coins."), "JA-13"),
}
TITLES = {
    mv.DraftCard.TYPE: _("Take a face-up card"),
    mv.SayDone.TYPE: _("Finished bartering?"),
    mv.PickChip.TYPE: _("God's judgement: pick the chip the throw points to"),
    mv.BuyFromJunk.TYPE: _("Buy a blind card from the junk pile?"),
    mv.DeclineOffer.TYPE: _("Decline an offer"),
    mv.CancelOffer.TYPE: _("Take back your offer"),
}
HELP = {  # move type: (the help, the ID of the rule it states; the form links it)
    mv.SayDone.TYPE: (
        _(
            "Barter ends when every knight has said done since the last trade. A new offer "
            "to you reopens it."
        ),
        "JH-3",
    ),
    mv.PickChip.TYPE: (
        _(
            "The first pick decides: the right chip wins the duel, a wrong one hands it to "
            "your opponent."
        ),
        "JH-5",
    ),
    mv.BuyFromJunk.TYPE: (_("You see the card only after buying."), "JA-13"),
}


class JoustingPresenter(Presenter):
    slugs = (GAME.slug,)
    words = WORDS
    panels = board
    # Rounds open with their barter; "Round 2 begins" is the round's title.
    story = Story(
        round_openers={ev.RoundBegan.TYPE: _("Round %(round)s")},
        hidden=frozenset({ev.RoundBegan.TYPE}),
    )
    stylesheets = ("games/jousting.css",)
    help = HELP
    # Answers to offers first, then one's own offer and the phase's move; "done" and
    # withdrawal last.
    order = (
        mv.AcceptOffer.TYPE,
        mv.DeclineOffer.TYPE,
        mv.CancelOffer.TYPE,
        mv.MakeOffer.TYPE,
        mv.ShowCards.TYPE,
        mv.DraftCard.TYPE,
        mv.LayCards.TYPE,
        mv.PickChip.TYPE,
        mv.BuyFromJunk.TYPE,
        mv.SayDone.TYPE,
        mv.Withdraw.TYPE,
    )

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return str(TITLES.get(move_type) or "") or super().move_title(move_type, feed, names)

    def phase_rules(self, feed: Mapping[str, Any]) -> tuple[str, ...]:
        view = feed.get("view", {})
        phase = str(view.get("phase"))
        return () if view.get("outcome") or phase not in PHASES else (PHASES[phase][1],)

    def special_form(
        self, move_type: str, moves: Moves, feed: Feed, names: Names
    ) -> ActionForm | None:
        build = FORMS.get(move_type)
        return build(Asked(moves, feed, names)) if build else None

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        kind = move.get("type")
        if kind == mv.DraftCard.TYPE:
            return gettext("Take %(card)s") % {"card": card_label(move["card"])}, ""
        if kind == mv.SayDone.TYPE:
            return gettext("Done bartering"), "success"
        if kind == mv.DeclineOffer.TYPE:
            return gettext("Decline offer #%(offer)s") % {"offer": move["offer"]}, "reject"
        if kind == mv.CancelOffer.TYPE:
            return gettext("Take back offer #%(offer)s") % {"offer": move["offer"]}, "reject"
        if kind == mv.PickChip.TYPE:
            return chip_label(str(move["chip"])), ""
        if kind == mv.BuyFromJunk.TYPE:
            if move["buy"]:
                return gettext("Buy a blind card (5 coins)"), "approve"
            return gettext("No, thanks"), ""
        return super().button(move, names)

    def field_label(self, move_type: str, name: str) -> str:
        if move_type == mv.DraftCard.TYPE and name == "card":
            return gettext("Card")  # more face-up cards than buttons: a composed form
        return super().field_label(move_type, name)

    def choice_label(self, move_type: str, name: str, value: JSON, names: Sequence[str]) -> str:
        if move_type == mv.DraftCard.TYPE and name == "card":
            return card_label(value)
        return super().choice_label(move_type, name, value, names)

    def ending(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        outcome = feed.get("view", {}).get("outcome")
        if not outcome:
            return super().ending(feed, names)  # aborted or void: the site's summary
        winners = outcome.get("winners", [])
        won = names_list([name_of(names, s) for s in winners])
        # JA-14: the result in words, without the rule's code (the game-over banner).
        if len(winners) == 1:
            return gettext("The tournament is over: %(won)s ends with the most money.") % {
                "won": won
            }
        return gettext("The tournament is over: %(won)s end with the most money.") % {"won": won}

    def playing_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        line = str(PHASES.get(str(view.get("phase")), ("", ""))[0]).format(
            round=view.get("round"), price=(view.get("junk") or {}).get("price", 5)
        )
        pending = [name_of(names, s) for s in view.get("pending") or []]
        if not pending:
            return line
        return line + " " + gettext("Waiting for %(who)s.") % {"who": ", ".join(pending)}


JOUSTING = JoustingPresenter()
