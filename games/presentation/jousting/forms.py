"""The jousting game's own forms, one builder per move type: the free-form barter offer
(JA-6), showing cards (JH-3), laying a duel set (JA-9), withdrawing (JA-7) and the offers
one may accept. `FORMS` maps a move type to its builder.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.engine.core import JSON

from ..base import ActionForm, Button, move_text
from ..words import name_of
from .wire import JOKER, KINDS, AcceptOffer, LayCards, MakeOffer, ShowCards, Withdraw, deck
from .words import card_label, grouped, lay_values, offer_text


@dataclass(frozen=True)
class Asked:
    """What a form builder reads: the viewer's legal moves of its type, the feed, names."""

    moves: Sequence[Mapping[str, JSON]]
    feed: Mapping[str, Any]
    names: Sequence[str]

    @property
    def view(self) -> Mapping[str, Any]:
        view: Mapping[str, Any] = self.feed.get("view", {})
        return view

    @property
    def me(self) -> Any:
        return self.feed.get("my_seat")

    @property
    def hand(self) -> list[str]:
        return list((self.view.get("you") or {}).get("hand") or [])

    @property
    def stamp(self) -> str:
        return json.dumps(self.view.get("stamp"))

    def others(self) -> list[dict[str, Any]]:
        return [
            {"seat": s, "value": json.dumps(s), "name": name_of(self.names, s)}
            for k in self.view.get("knights") or []
            if (s := k["seat"]) != self.me
        ]


def _make_offer(a: Asked) -> ActionForm:
    knights = a.view.get("knights") or []
    players = len(knights)
    wanted = [c for c in deck(players) if c not in a.hand] if players in (3, 4, 5, 6) else []
    coins = next((k["coins"] for k in knights if k["seat"] == a.me), 0)
    left = (a.view.get("you") or {}).get("offers_left", 0)
    return ActionForm(
        move_type=MakeOffer.TYPE,
        title="Make an offer",
        help=f"Give cards and/or coins for cards and/or coins (JA-6). You may make "
        f"{left} more offer(s) this session; you cannot offer a card you do not hold.",
        template="games/boards/jousting-avalon-offer.html",
        constants={"stamp": a.stamp},
        extra={
            "give": grouped(a.hand),
            "want": grouped(wanted),
            "coins": coins,
            "others": a.others(),
        },
        submit="Make the offer",
    )


def _show_cards(a: Asked) -> ActionForm:
    return ActionForm(
        move_type=ShowCards.TYPE,
        title="Show cards to chosen knights",
        help="Only your true cards can be shown (JH-3).",
        template="games/boards/jousting-avalon-show.html",
        constants={"stamp": a.stamp},
        extra={"cards": grouped(a.hand), "others": a.others()},
        submit="Show them",
    )


def _lay_cards(a: Asked) -> ActionForm:
    best = max(a.moves, key=lay_values)
    places = []
    for kind in KINDS:
        options = sorted({str(m[kind]) for m in a.moves}, key=lambda c: (c.startswith(JOKER), c))
        choices = [
            {
                "value": json.dumps(c),
                "label": card_label(c),
                "checked": c == best[kind],
                "joker": c.startswith(JOKER),
            }
            for c in options
        ]
        places.append({"kind": kind, "choices": choices})
    return ActionForm(
        move_type=LayCards.TYPE,
        title="Lay your duel set",
        help="One card per place, face down; a joker may take any place (JA-9). "
        "The strongest set is chosen for you to start with.",
        template="games/boards/jousting-avalon-lay.html",
        extra={"places": places},
        submit="Lay these four cards",
    )


def _withdraw(a: Asked) -> ActionForm:
    waited_for = a.me in (a.feed.get("pending_seats") or [])
    return ActionForm(
        move_type=Withdraw.TYPE,
        title="Withdraw from the tournament",
        help="For good: you stop fighting but may still barter."  # JA-7
        + (
            ""
            if waited_for
            else " You may withdraw at any time, also while others "
            "decide. Nothing else is yours to do now."
        ),
        template="games/boards/jousting-avalon-withdraw.html",
        buttons=[Button("Withdraw", move_text(dict(a.moves[0])), "fail")],
        extra={"confirm": _("Withdraw for good? You will fight no more duels (JA-7).")},
    )


def _accept_offer(a: Asked) -> ActionForm:
    offers = {o["id"]: o for o in a.view.get("offers") or []}
    return ActionForm(
        move_type=AcceptOffer.TYPE,
        title="Offers you can accept",
        help="The trade happens at once and in full (JH-3).",
        buttons=[
            Button(
                "Accept " + offer_text(offers.get(m["offer"], {"id": m["offer"]}), a.names, a.me),
                move_text(dict(m)),
                "approve",
            )
            for m in a.moves
        ],
    )


FORMS: dict[str, Callable[[Asked], ActionForm]] = {
    MakeOffer.TYPE: _make_offer,
    ShowCards.TYPE: _show_cards,
    LayCards.TYPE: _lay_cards,
    Withdraw.TYPE: _withdraw,
    AcceptOffer.TYPE: _accept_offer,
}
