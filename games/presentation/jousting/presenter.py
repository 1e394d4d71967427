"""Wording of Avalon, the jousting game, on the pages: move titles, help and buttons, the
phase line, and where the forms, panels and log lines come from (forms.py, board.py,
log.py).

Reads the JSON feed (games/engine/games/jousting/views.py). Rule IDs name the rule each
sentence reflects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import JSON

from ..base import ActionForm, Presenter
from ..words import name_of
from . import board as panels
from .forms import FORMS, Asked
from .log import WORDS
from .wire import (
    BARTER,
    DRAFT,
    GAME,
    JUDGEMENT,
    JUNK,
    LAYING,
    AcceptOffer,
    BuyFromJunk,
    CancelOffer,
    DeclineOffer,
    DraftCard,
    LayCards,
    MakeOffer,
    PickChip,
    SayDone,
    ShowCards,
    Withdraw,
)
from .words import card_label, chip_label

PHASES = {
    DRAFT: "The knights draft the face-up cards in turn (JA-4).",
    BARTER: "Round {round}: the knights barter (JA-6). It ends when all have said done.",
    LAYING: "Round {round}: the duelists lay their sets face down (JA-9).",
    JUDGEMENT: "A drawn duel: God's judgement decides (JA-12).",
    JUNK: "The loser may buy from the junk pile for {price} coins (JA-13).",
}
TITLES = {
    DraftCard.TYPE: "Take a face-up card",
    SayDone.TYPE: "Finished bartering?",
    PickChip.TYPE: "God's judgement: pick the chip the throw points to",
    BuyFromJunk.TYPE: "Buy a blind card from the junk pile?",
    DeclineOffer.TYPE: "Decline an offer",
    CancelOffer.TYPE: "Take back your offer",
}
HELP = {
    SayDone.TYPE: "Barter ends when every knight has said done since the last trade "
    "(JH-3). A new offer to you reopens it.",
    PickChip.TYPE: "The first pick decides: the right chip wins the duel, a wrong one "
    "hands it to your opponent (JH-5).",
    BuyFromJunk.TYPE: "You see the card only after buying (JA-13).",
}


class JoustingPresenter(Presenter):
    slugs = (GAME.slug,)
    board_template = "games/boards/jousting-avalon.html"
    secret_template = "games/secrets/jousting-avalon.html"
    words = WORDS
    stylesheets = ("games/jousting.css",)
    # Answers to offers first, then one's own offer and the phase's move; "done" and
    # withdrawal last.
    order = (
        AcceptOffer.TYPE,
        DeclineOffer.TYPE,
        CancelOffer.TYPE,
        MakeOffer.TYPE,
        ShowCards.TYPE,
        DraftCard.TYPE,
        LayCards.TYPE,
        PickChip.TYPE,
        BuyFromJunk.TYPE,
        SayDone.TYPE,
        Withdraw.TYPE,
    )

    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        return panels.board(feed, names)

    def secret(
        self,
        feed: Mapping[str, Any],
        names: Sequence[str],
        revealed: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        return panels.secret(feed, names, revealed)

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return TITLES.get(move_type) or super().move_title(move_type, feed, names)

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return HELP.get(move_type, "")

    def special_form(
        self,
        move_type: str,
        moves: Sequence[Mapping[str, JSON]],
        feed: Mapping[str, Any],
        names: Sequence[str],
    ) -> ActionForm | None:
        build = FORMS.get(move_type)
        return build(Asked(moves, feed, names)) if build else None

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        kind = move.get("type")
        if kind == DraftCard.TYPE:
            return f"Take {card_label(move['card'])}", ""
        if kind == SayDone.TYPE:
            return "Done bartering", "success"
        if kind == DeclineOffer.TYPE:
            return f"Decline offer #{move['offer']}", "reject"
        if kind == CancelOffer.TYPE:
            return f"Take back offer #{move['offer']}", "reject"
        if kind == PickChip.TYPE:
            return chip_label(str(move["chip"])), ""
        if kind == BuyFromJunk.TYPE:
            return ("Buy a blind card (5 coins)", "approve") if move["buy"] else ("No, thanks", "")
        return super().button(move, names)

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        outcome = view.get("outcome")
        if outcome:
            winners = outcome.get("winners", [])
            won = " and ".join(name_of(names, s) for s in winners)
            ends = "ends" if len(winners) == 1 else "end"
            return f"The tournament is over: {won} {ends} with the most money (JA-14)."
        line = PHASES.get(str(view.get("phase")), "").format(
            round=view.get("round"), price=(view.get("junk") or {}).get("price", 5)
        )
        pending = [name_of(names, s) for s in view.get("pending") or []]
        return f"{line} Waiting for {', '.join(pending)}." if pending else line


JOUSTING = JoustingPresenter()
