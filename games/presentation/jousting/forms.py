"""The jousting game's own forms, one builder per move type: the free-form barter offer
[JA-6], showing cards [JH-3], laying a duel set [JA-9], withdrawing [JA-7] and the offers
one may accept. `FORMS` maps a move type to its builder.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.engine.core import JSON

from .. import counts
from ..base import ActionForm, Button, move_text
from ..rules import feed_rules
from ..words import name_of
from .wire import JOKER, KINDS, deck, mv
from .words import KIND_ONE, card_label, grouped, lay_values, offer_text


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
        move_type=mv.MakeOffer.TYPE,
        title=_("Make an offer"),
        help=_(
            "Give cards and/or coins for cards and/or coins. You may make %(offers)s this "
            "session; you cannot offer a card you do not hold."
        )
        % {"offers": counts.offers(left)},
        rules=feed_rules(a.feed, "JA-6"),
        template="games/boards/jousting-avalon-offer.html",
        constants={"stamp": a.stamp},
        extra={
            "give": grouped(a.hand),
            "want": grouped(wanted),
            "coins": coins,
            "others": a.others(),
        },
        submit=_("Make the offer"),
    )


def _show_cards(a: Asked) -> ActionForm:
    return ActionForm(
        move_type=mv.ShowCards.TYPE,
        title=_("Show cards to chosen knights"),
        help=_("Only your true cards can be shown."),
        rules=feed_rules(a.feed, "JH-3"),
        template="games/boards/jousting-avalon-show.html",
        constants={"stamp": a.stamp},
        extra={"cards": grouped(a.hand), "others": a.others()},
        submit=_("Show them"),
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
        # `kind` names the input (r_sword); `label` is what the reader sees.
        places.append({"kind": kind, "label": str(KIND_ONE[kind]), "choices": choices})
    return ActionForm(
        move_type=mv.LayCards.TYPE,
        title=_("Lay your duel set"),
        help=_(
            "One card per place, face down; a joker may take any place. The strongest set is "
            "chosen for you to start with."
        ),
        rules=feed_rules(a.feed, "JA-9"),
        template="games/boards/jousting-avalon-lay.html",
        extra={"places": places},
        submit=_("Lay these four cards"),
    )


def _withdraw(a: Asked) -> ActionForm:
    waited_for = a.me in (a.feed.get("pending_seats") or [])
    return ActionForm(
        move_type=mv.Withdraw.TYPE,
        title=_("Withdraw from the tournament"),
        rules=feed_rules(a.feed, "JA-7"),
        help=_("For good: you stop fighting but may still barter.")
        if waited_for
        else _(
            "For good: you stop fighting but may still barter. You may withdraw at any time, "
            "also while others decide. Nothing else is yours to do now."
        ),
        template="games/boards/jousting-avalon-withdraw.html",
        buttons=[Button(_("Withdraw for good"), move_text(dict(a.moves[0])), "fail")],
        extra={"confirm": _("Yes, I withdraw for good: I will fight no more duels.")},
        aside=True,
    )


def _accept_offer(a: Asked) -> ActionForm:
    offers = {o["id"]: o for o in a.view.get("offers") or []}
    return ActionForm(
        move_type=mv.AcceptOffer.TYPE,
        title=_("Offers you can accept"),
        help=_("The trade happens at once and in full."),
        rules=feed_rules(a.feed, "JH-3"),
        buttons=[
            Button(
                _("Accept %(offer)s")
                % {"offer": offer_text(offers.get(m["offer"], {"id": m["offer"]}), a.names, a.me)},
                move_text(dict(m)),
                "approve",
            )
            for m in a.moves
        ],
    )


FORMS: dict[str, Callable[[Asked], ActionForm]] = {
    mv.MakeOffer.TYPE: _make_offer,
    mv.ShowCards.TYPE: _show_cards,
    mv.LayCards.TYPE: _lay_cards,
    mv.Withdraw.TYPE: _withdraw,
    mv.AcceptOffer.TYPE: _accept_offer,
}
