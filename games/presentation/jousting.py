"""Wording of Avalon, the jousting game on the pages: the board's facts per knight, the
free-form barter forms (offers and showings), laying a duel set, God's judgement, the junk
pile, withdrawal, and log lines.

Reads the JSON feed (games/engine/games/jousting/views.py); the only engine import is the
card list of the deck, to offer every card a knight may ask for. Rule IDs name the rule
each sentence reflects.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import JSON
from games.engine.games.jousting.cards import deck

from . import ActionForm, Button, Presenter
from .jousting_words import (
    KIND_ORDER,
    card_label,
    chip_label,
    describe_event,
    grouped,
    lay_values,
    name_of,
    offer_text,
)

PHASES = {
    "draft": "The knights draft the face-up cards in turn (JA-4).",
    "barter": "Round {round}: the knights barter (JA-6). It ends when all have said done.",
    "laying": "Round {round}: the duelists lay their sets face down (JA-9).",
    "judgement": "A drawn duel: God's judgement decides (JA-12).",
    "junk": "The loser may buy from the junk pile for {price} coins (JA-13).",
}


class JoustingPresenter(Presenter):
    # Answers to offers first, then one's own offer and the phase's move; "done" and
    # withdrawal last.
    order = (
        "ja.accept_offer",
        "ja.decline_offer",
        "ja.cancel_offer",
        "ja.make_offer",
        "ja.show_cards",
        "ja.draft_card",
        "ja.lay_cards",
        "ja.pick_chip",
        "ja.buy_from_junk",
        "ja.say_done",
        "ja.withdraw",
    )

    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        view = feed.get("view", {})
        me = feed.get("my_seat")
        letters = {k["seat"]: k.get("letter") for k in view.get("knights") or []}
        pending = set(view.get("pending") or [])
        duels = view.get("duels") or {}
        knights = [
            {
                **k,
                "name": name_of(names, k["seat"]),
                "is_me": k["seat"] == me,
                "pending": k["seat"] in pending,
            }
            for k in view.get("knights") or []
        ]

        def tag(seat: Any) -> str:
            letter = letters.get(seat)
            return f"{letter} · {name_of(names, seat)}" if letter else name_of(names, seat)

        pairs = [
            {"a": tag(p[0]), "b": tag(p[1]), "now": i == duels.get("bout")}
            for i, p in enumerate(duels.get("pairs") or [])
        ]
        history = []
        for d in reversed(view.get("history") or []):
            a, b = d["pair"]
            places = [
                {
                    "kind": kind,
                    "a": card_label(d["laid"][0][i]),
                    "b": card_label(d["laid"][1][i]),
                    "won": "a" if d["places"][i] == a else "b" if d["places"][i] == b else "",
                }
                for i, kind in enumerate(KIND_ORDER[:4])
            ]
            history.append(
                {
                    "round": d["round"],
                    # Letters change when the course is redrawn (JA-8): names only here.
                    "a": name_of(names, a),
                    "b": name_of(names, b),
                    "places": places,
                    "winner": name_of(names, d["winner"])
                    if d.get("winner") is not None
                    else "nobody",
                    "how": d.get("how"),
                }
            )
        known: dict[Any, list[str]] = {}
        for k in view.get("known_cards") or []:
            known.setdefault(k["seat"], []).append(k["card"])
        you = view.get("you") or {}
        return {
            "knights": knights,
            "round": (view.get("course") or {}).get("round"),
            "pairs": pairs,
            "byes": [tag(s) for s in duels.get("byes") or []],
            "history": history,
            "offers": [
                {**o, "text": offer_text(o, names, me), "mine": o.get("seat") == me}
                for o in view.get("offers") or []
            ],
            "known": [
                {
                    "seat": s,
                    "name": name_of(names, s),
                    "cards": [
                        {"card": c, "label": card_label(c), "kind": c.split("-")[0]} for c in cs
                    ],
                }
                for s, cs in sorted(known.items())
            ],
            "face_up": [
                {"card": c, "label": card_label(c), "kind": c.split("-")[0]}
                for c in view.get("face_up") or []
            ],
            "junk": view.get("junk") or {},
            "judgement": view.get("judgement"),
            "hand": grouped(you.get("hand") or []),
            "laid": [
                {"kind": k, "label": card_label(c)} for k, c in (you.get("laid") or {}).items()
            ],
            "outcome": view.get("outcome"),
            "winners": [name_of(names, s) for s in (view.get("outcome") or {}).get("winners", [])],
        }

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return {
            "ja.draft_card": "Take a face-up card",
            "ja.say_done": "Finished bartering?",
            "ja.pick_chip": "God's judgement: pick the chip the throw points to",
            "ja.buy_from_junk": "Buy a blind card from the junk pile?",
            "ja.decline_offer": "Decline an offer",
            "ja.cancel_offer": "Take back your offer",
        }.get(move_type, super().move_title(move_type, feed, names))

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        return {
            "ja.say_done": "Barter ends when every knight has said done since the last trade "
            "(JH-3). A new offer to you reopens it.",
            "ja.pick_chip": "The first pick decides: the right chip wins the duel, a wrong one "
            "hands it to your opponent (JH-5).",
            "ja.buy_from_junk": "You see the card only after buying (JA-13).",
        }.get(move_type, "")

    def special_form(
        self,
        move_type: str,
        moves: Sequence[Mapping[str, JSON]],
        feed: Mapping[str, Any],
        names: Sequence[str],
    ) -> ActionForm | None:
        view = feed.get("view", {})
        me = feed.get("my_seat")
        you = view.get("you") or {}
        hand = list(you.get("hand") or [])
        others = [
            {"seat": k["seat"], "value": json.dumps(k["seat"]), "name": name_of(names, k["seat"])}
            for k in view.get("knights") or []
            if k["seat"] != me
        ]
        stamp = json.dumps(view.get("stamp"))
        if move_type == "ja.make_offer":
            players = len(view.get("knights") or [])
            wanted = [c for c in deck(players) if c not in hand] if players in (3, 4, 5, 6) else []
            coins = next((k["coins"] for k in view.get("knights") or [] if k["seat"] == me), 0)
            return ActionForm(
                move_type=move_type,
                title="Make an offer",
                help=f"Give cards and/or coins for cards and/or coins (JA-6). You may make "
                f"{you.get('offers_left', 0)} more offer(s) this session; you cannot offer a "
                "card you do not hold.",
                template="games/boards/jousting-avalon-offer.html",
                constants={"stamp": stamp},
                extra={
                    "give": grouped(hand),
                    "want": grouped(wanted),
                    "coins": coins,
                    "others": others,
                },
                submit="Make the offer",
            )
        if move_type == "ja.show_cards":
            return ActionForm(
                move_type=move_type,
                title="Show cards to chosen knights",
                help="Only your true cards can be shown (JH-3).",
                template="games/boards/jousting-avalon-show.html",
                constants={"stamp": stamp},
                extra={"cards": grouped(hand), "others": others},
                submit="Show them",
            )
        if move_type == "ja.lay_cards":
            best = max(moves, key=lay_values)
            places = []
            for kind in KIND_ORDER[:4]:
                options = sorted(
                    {str(m[kind]) for m in moves}, key=lambda c: (c.startswith("joker"), c)
                )
                places.append(
                    {
                        "kind": kind,
                        "choices": [
                            {
                                "value": json.dumps(c),
                                "label": card_label(c),
                                "checked": c == best[kind],
                                "joker": c.startswith("joker"),
                            }
                            for c in options
                        ],
                    }
                )
            return ActionForm(
                move_type=move_type,
                title="Lay your duel set",
                help="One card per place, face down; a joker may take any place (JA-9). "
                "The strongest set is chosen for you to start with.",
                template="games/boards/jousting-avalon-lay.html",
                extra={"places": places},
                submit="Lay these four cards",
            )
        if move_type == "ja.withdraw":
            waited_for = me in (feed.get("pending_seats") or [])
            return ActionForm(
                move_type=move_type,
                title="Withdraw from the tournament",
                help="For good: you stop fighting but may still barter."  # JA-7
                + (
                    ""
                    if waited_for
                    else " You may withdraw at any time, also while others "
                    "decide. Nothing else is yours to do now."
                ),
                template="games/boards/jousting-avalon-withdraw.html",
                buttons=[Button("Withdraw", json.dumps(dict(moves[0]), sort_keys=True), "fail")],
            )
        if move_type == "ja.accept_offer":
            offers = {o["id"]: o for o in view.get("offers") or []}
            return ActionForm(
                move_type=move_type,
                title="Offers you can accept",
                help="The trade happens at once and in full (JH-3).",
                buttons=[
                    Button(
                        "Accept "
                        + offer_text(offers.get(m["offer"], {"id": m["offer"]}), names, me),
                        json.dumps(dict(m), sort_keys=True),
                        "approve",
                    )
                    for m in moves
                ],
            )
        return None

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        kind = move.get("type")
        if kind == "ja.draft_card":
            return f"Take {card_label(move['card'])}", ""
        if kind == "ja.say_done":
            return "Done bartering", "success"
        if kind == "ja.decline_offer":
            return f"Decline offer #{move['offer']}", "reject"
        if kind == "ja.cancel_offer":
            return f"Take back offer #{move['offer']}", "reject"
        if kind == "ja.pick_chip":
            return chip_label(str(move["chip"])), ""
        if kind == "ja.buy_from_junk":
            return ("Buy a blind card (5 coins)", "approve") if move["buy"] else ("No, thanks", "")
        return super().button(move, names)

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        outcome = view.get("outcome")
        if outcome:
            won = " and ".join(name_of(names, s) for s in outcome.get("winners", []))
            ends = "ends" if len(outcome.get("winners", [])) == 1 else "end"
            return f"The tournament is over: {won} {ends} with the most money (JA-14)."
        line = PHASES.get(str(view.get("phase")), "").format(
            round=view.get("round"), price=(view.get("junk") or {}).get("price", 5)
        )
        pending = [name_of(names, s) for s in view.get("pending") or []]
        return f"{line} Waiting for {', '.join(pending)}." if pending else line

    def describe(
        self, entry: Mapping[str, Any], names: Sequence[str], me: int | None = None
    ) -> str:
        return describe_event(entry["event"], names, me) or super().describe(entry, names, me)


JOUSTING = JoustingPresenter()
