"""Wording of Avalon by Leo Colovini on the pages: the play form (a card, then a region and a
way of playing), reaction prompts, loss payments, the end of a turn, log lines.

Reads only the JSON feed (games/engine/games/colovini/views.py). Regions are named by
their row position counted from 1, as the engine's messages do; moves carry the 0-based
index. Rule IDs name the rule each sentence reflects.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import JSON

from . import ActionForm, Button, Presenter
from .colovini_words import (
    TILE_WORDS,
    card_label,
    describe_event,
    hand_cards,
    name_of,
    region_word,
    short_name,
)

PHASE_WORDS = {
    "play": "{active} plays cards or ends the turn.",
    "counter": "{defender} may counter {attacker}'s enchantment at region {pos} (CA-7).",
    "resist": "{defender} may resist {attacker}'s attack at region {pos} (CA-9).",
    "losses": "{active} pays the conquest's losses ({remaining} card(s) left, CA-11).",
    "discard": "{active} discards down to {limit} cards (CA-13).",
}


def _pile(cards: Sequence[str]) -> dict[str, Any]:
    top = cards[-1] if cards else None
    return {
        "count": len(cards),
        "top": top,
        "colour": top.split("-")[0] if top else "",
        "kind": top.split("-")[1] if top else "",
        "label": card_label(top) if top else "",
        "under": [card_label(c) for c in cards[:-1]],
    }


def _side(view: Mapping[str, Any], seat: int, names: Sequence[str], me: Any) -> dict[str, Any]:
    players = view.get("players") or [{}, {}]
    p = players[seat] if seat < len(players) else {}
    win = int(view.get("win_crowns") or 15)
    crowns = int(p.get("crowns") or 0)
    return {
        "seat": seat,
        "name": name_of(names, seat),
        "is_me": seat == me,
        "crowns": crowns,
        "percent": min(100, round(100 * crowns / win)),
        "hand_size": p.get("hand_size", 0),
        "dark_tile": TILE_WORDS.get(str(p.get("dark_tile"))) if p.get("dark_tile") else None,
        "active": bool(p.get("active")),
    }


REACTIONS = frozenset({"ca.counter_spell", "ca.resist", "ca.let_pass"})


class ColoviniPresenter(Presenter):
    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """The row seen from my side: the opponent's piles above the regions, mine below
        (a spectator sees the first player below)."""
        view = feed.get("view", {})
        me = feed.get("my_seat")
        low = me if me in (0, 1) else 0
        high = 1 - low
        reaction = view.get("reaction") or {}
        losses = view.get("losses") or {}
        regions = []
        for r in view.get("regions") or []:
            piles = r.get("piles") or [[], []]
            owner = r.get("owner")
            regions.append(
                {
                    **r,
                    "high": _pile(piles[high]),
                    "low": _pile(piles[low]),
                    "owner_name": name_of(names, owner) if owner is not None else "",
                    # The row is narrow: "yours"/"theirs" for players, a name otherwise.
                    "owner_short": ""
                    if owner is None
                    else "yours"
                    if owner == me
                    else "theirs"
                    if me in (0, 1)
                    else name_of(names, owner),
                    "short": short_name(r.get("name")),
                    "owner_side": "" if owner is None else ("low" if owner == low else "high"),
                    "target": r.get("region_index")
                    in (reaction.get("region_index"), losses.get("region_index")),
                }
            )
        tiles = [
            {
                **t,
                "words": TILE_WORDS.get(str(t.get("kind")), ""),
                "holder_name": name_of(names, t["holder"]) if t.get("holder") is not None else "",
            }
            for t in view.get("tiles") or []
        ]
        discard = view.get("discard") or []
        return {
            "low": _side(view, low, names, me),
            "high": _side(view, high, names, me),
            "regions": regions,
            "tiles": tiles,
            "powers": [r for r in regions if r.get("power_text")],
            "deck_size": view.get("deck_size", 0),
            "discard_size": len(discard),
            "discard_top": _pile(discard),
            "waiting": bool(reaction) and me == reaction.get("attacker"),
            "reaction": reaction,
            "reaction_card": card_label(reaction.get("card", "")),
            "reaction_where": region_word(view, reaction.get("region_index")) if reaction else "",
            "hand": hand_cards(view),
            "reveal": [
                {
                    "name": name_of(names, h.get("seat")),
                    "cards": ", ".join(card_label(c) for c in h.get("hand") or []),
                }
                for h in (view.get("reveal") or {}).get("hands") or []
            ],
        }

    def forms(self, feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm] | None:
        """CH-3: the defender's answer is one question with both buttons (react or let it
        pass); everything else is built per move type."""
        legal = feed.get("legal_moves") or []
        reaction = (feed.get("view") or {}).get("reaction") or {}
        if not legal or not all(m["type"] in REACTIONS for m in legal) or not reaction:
            return None
        where = region_word(feed.get("view", {}), reaction.get("region_index"))
        answer = card_label(reaction.get("answer_with") or "")
        counter = reaction.get("kind") == "enchantment"
        return [
            ActionForm(
                move_type="ca.let_pass",
                title=f"{name_of(names, reaction.get('attacker'))} "
                f"{'enchants' if counter else 'attacks'} at {where} "
                f"with a {card_label(reaction.get('card'))}",
                help=(
                    f"Only a {answer} can counter it (CA-7)."
                    if counter
                    else f"Only a {answer} can resist it (CA-9)."
                )
                + " Your opponent waits either way (CH-3).",
                buttons=[
                    Button(label, json.dumps(m, sort_keys=True), tone)
                    for m in legal
                    for label, tone in [self.button(m, names)]
                ],
            )
        ]

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        return {
            "ca.play_card": "Play a card",
            "ca.end_turn": "End your turn: take a reinforcement tile",
            "ca.use_avalon": "Use Avalon's power",
            "ca.lose_hand_card": "Pay a loss from your hand",
            "ca.lose_pile_top": "Pay a loss from the top of one of your piles",
            "ca.discard": f"Discard down to {view.get('hand_limit', 5)} cards",
        }.get(move_type, super().move_title(move_type, feed, names))

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        losses = view.get("losses") or {}
        return {
            "ca.end_turn": "Light tiles give cards now, dark ones next turn (CA-16).",
            "ca.use_avalon": "You lose one card fewer in this conquest (CA-15).",
            "ca.lose_hand_card": f"{losses.get('remaining', '')} card(s) still owed for "
            f"the conquest of {region_word(view, losses.get('region_index'))} (CA-11).",
            "ca.discard": "Discarded cards go face up on the discard pile (CA-13).",
        }.get(move_type, "")

    def special_form(
        self,
        move_type: str,
        moves: Sequence[Mapping[str, JSON]],
        feed: Mapping[str, Any],
        names: Sequence[str],
    ) -> ActionForm | None:
        view = feed.get("view", {})
        if move_type == "ca.lose_pile_top":
            return self._pile_tops(moves, feed, names)
        if move_type != "ca.play_card":
            return None
        # The few enchantments and attacks the engine allows are quick buttons; any card
        # may reinforce anywhere (CA-5), which the card/region/mode form covers.
        quick = [
            {
                "label": self.button(m, names)[0],
                "move": json.dumps(m, sort_keys=True),
                "mode": m.get("mode"),
            }
            for m in moves
            if m.get("mode") != "reinforce"
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
        return ActionForm(
            move_type=move_type,
            title="Play a card",
            help="Choose a card, a region and how to play it. Reinforcing is always possible "
            "(CA-5); enchanting takes the opponent's top card there (CA-6); attacking needs "
            "more knights of the card's colour than the defence (CA-8).",
            template="games/boards/colovini-avalon-play.html",
            extra={"hand": hand_cards(view), "regions": regions, "quick": quick},
            submit="Play the card",
        )

    def _pile_tops(
        self, moves: Sequence[Mapping[str, JSON]], feed: Mapping[str, Any], names: Sequence[str]
    ) -> ActionForm:
        """CA-11 step 2 from a pile: each button names the card it gives up."""
        regions = feed.get("view", {}).get("regions") or []
        me = feed.get("my_seat")
        buttons = []
        for m in moves:
            index = m.get("region")
            pile = regions[index]["piles"][me] if isinstance(index, int) and me in (0, 1) else []
            top = f": {card_label(pile[-1])}" if pile else ""
            label = f"Top of your pile at region {int(str(index)) + 1}{top}"
            buttons.append(Button(label, json.dumps(dict(m), sort_keys=True)))
        return ActionForm(
            move_type="ca.lose_pile_top",
            title=self.move_title("ca.lose_pile_top", feed, names),
            help=self.move_help("ca.lose_hand_card", feed, names),
            buttons=buttons,
        )

    def button(self, move: Mapping[str, JSON], names: Sequence[str]) -> tuple[str, str]:
        kind = move.get("type")
        if kind == "ca.play_card":
            mode = str(move.get("mode"))
            verb = {"enchant": "Enchant", "attack": "Attack", "reinforce": "Reinforce"}[mode]
            pos = move["region"] + 1 if isinstance(move["region"], int) else move["region"]
            return f"{verb} region {pos} with a {card_label(move['card'])}", ""
        if kind == "ca.end_turn":
            return TILE_WORDS.get(str(move["tile"]), str(move["tile"])), ""
        if kind == "ca.counter_spell":
            return "Counter-spell", "approve"
        if kind == "ca.resist":
            return "Resist", "approve"
        if kind == "ca.let_pass":
            return "Let it pass", "reject"
        if kind == "ca.use_avalon":
            return "Lose one card fewer (Avalon)", "success"
        if kind in ("ca.lose_hand_card", "ca.discard"):
            return f"Discard a {card_label(move['card'])}", ""
        if kind == "ca.lose_pile_top":
            pos = move["region"] + 1 if isinstance(move["region"], int) else move["region"]
            return f"Top card of your pile at region {pos}", ""
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
        me = feed.get("my_seat")
        line = PHASE_WORDS.get(str(view.get("phase")), "").format(
            active=name_of(names, view.get("active")),
            attacker=name_of(names, reaction.get("attacker")),
            defender=name_of(names, reaction.get("defender")),
            pos=(reaction.get("region_index") or 0) + 1,
            remaining=losses.get("remaining", ""),
            limit=view.get("hand_limit", 5),
        )
        if reaction and me == reaction.get("attacker"):
            # CH-3: the attacker is told they wait, never whether an answer is possible.
            line += " You are waiting for their answer."
        return line

    def describe(
        self, entry: Mapping[str, Any], names: Sequence[str], me: int | None = None
    ) -> str:
        return describe_event(entry, names, me) or super().describe(entry, names, me)


COLOVINI = ColoviniPresenter()
