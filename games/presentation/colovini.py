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
from games.engine.games.colovini.tiles import TILES

from . import ActionForm, Presenter

MODE_WORDS = {
    "reinforce": "as a reinforcement",
    "enchant": "as an enchantment",
    "attack": "as an attack",
}
TILE_WORDS = {
    "take-2": "Draw 2 cards now",
    "most-landscape": "1 card per region of your largest landscape, now",
    "largest-chain": "1 card per region of your longest chain, now",
    "take-4": "Dark: 4 cards next turn",
    "most-landscape-x2": "Dark: 2 per region of your largest landscape, next turn",
    "one-per-region": "Dark: 1 card per region you own, next turn",
}
PHASE_WORDS = {
    "play": "{active} plays cards or ends the turn.",
    "counter": "{defender} may counter {attacker}'s enchantment at region {pos} (CA-7).",
    "resist": "{defender} may resist {attacker}'s attack at region {pos} (CA-9).",
    "losses": "{active} pays the conquest's losses ({remaining} card(s) left, CA-11).",
    "discard": "{active} discards down to {limit} cards (CA-13).",
}


def card_label(card: Any) -> str:
    """ "red-knight" -> "red knight"."""
    return str(card).replace("-", " ")


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Seat {seat}"


def region_word(view: Mapping[str, Any], index: Any) -> str:
    """ "region 3 (Forest)" or "region 3" while it is face down."""
    if not isinstance(index, int):
        return "a region"
    regions = view.get("regions") or []
    name = regions[index].get("name") if 0 <= index < len(regions) else None
    return f"region {index + 1}" + (f" ({name})" if name else "")


def hand_cards(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """My hand as distinct cards with counts, in colour order, for the card pickers."""
    you = view.get("you") or {}
    counts: dict[str, int] = {}
    for c in you.get("hand") or []:
        counts[c] = counts.get(c, 0) + 1
    return [
        {
            "card": c,
            "colour": c.split("-")[0],
            "kind": c.split("-")[1],
            "count": n,
            "value": json.dumps(c),
            "label": card_label(c),
        }
        for c, n in counts.items()
    ]


def _tile_words(index: Any) -> str:
    """The wording of tile number `index` (the engine's fixed tile list, CH-2)."""
    if isinstance(index, int) and 0 <= index < len(TILES):
        return TILE_WORDS.get(TILES[index].kind, TILES[index].kind)
    return "a reinforcement tile"


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
        "name": _name(names, seat),
        "is_me": seat == me,
        "crowns": crowns,
        "percent": min(100, round(100 * crowns / win)),
        "hand_size": p.get("hand_size", 0),
        "dark_tile": TILE_WORDS.get(str(p.get("dark_tile"))) if p.get("dark_tile") else None,
        "active": bool(p.get("active")),
    }


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
                    "owner_name": _name(names, owner) if owner is not None else "",
                    "owner_side": "" if owner is None else ("low" if owner == low else "high"),
                    "target": r.get("region_index")
                    in (reaction.get("region_index"), losses.get("region_index")),
                }
            )
        tiles = [
            {
                **t,
                "words": TILE_WORDS.get(str(t.get("kind")), ""),
                "holder_name": _name(names, t["holder"]) if t.get("holder") is not None else "",
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
                    "name": _name(names, h.get("seat")),
                    "cards": ", ".join(card_label(c) for c in h.get("hand") or []),
                }
                for h in (view.get("reveal") or {}).get("hands") or []
            ],
        }

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        reaction = view.get("reaction") or {}
        where = region_word(view, reaction.get("region_index"))
        return {
            "ca.play_card": "Play a card",
            "ca.end_turn": "End your turn: take a reinforcement tile",
            "ca.counter_spell": f"Counter the enchantment at {where}?",
            "ca.resist": f"Resist the attack at {where}?",
            "ca.let_pass": f"Answer the {reaction.get('kind', 'attack')} at {where}",
            "ca.use_avalon": "Use Avalon's power",
            "ca.lose_hand_card": "Pay a loss from your hand",
            "ca.lose_pile_top": "…or from the top of one of your piles",
            "ca.discard": f"Discard down to {view.get('hand_limit', 5)} cards",
        }.get(move_type, super().move_title(move_type, feed, names))

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        losses = view.get("losses") or {}
        return {
            "ca.end_turn": "Light tiles give cards now, dark ones next turn (CA-16).",
            "ca.let_pass": "Your opponent waits for your answer either way (CH-3).",
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
        if move_type != "ca.play_card":
            return None
        view = feed.get("view", {})
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
                "name": r.get("name") or "face down",
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
            active=_name(names, view.get("active")),
            attacker=_name(names, reaction.get("attacker")),
            defender=_name(names, reaction.get("defender")),
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
        e = entry["event"]
        kind = str(e.get("type", ""))
        seat = e.get("seat")
        who = "You" if seat is not None and seat == me else _name(names, seat)
        at = f"region {e['region'] + 1}" if isinstance(e.get("region"), int) else ""
        if kind == "ca.game_set_up":
            line = f"The regions are laid face down. {_name(names, e.get('first'))} begins."
            you = e.get("you")
            if you:
                line += " Your hand: " + ", ".join(card_label(c) for c in you["hand"]) + "."
            return line
        if kind == "ca.turn_started":
            return f"Turn {e['turn']}: {who} {'play' if who == 'You' else 'plays'}."
        if kind == "ca.card_played":
            return (
                f"{who} played a {card_label(e['card'])} at {at} {MODE_WORDS.get(e['mode'], '')}."
            )
        if kind == "ca.enchanted":
            return f"{who} enchanted the {card_label(e['card'])} at {at} onto their own pile."
        if kind == "ca.enchantment_countered":
            return (
                f"{who} countered with a {card_label(e['card'])} at {at} and took the "
                f"{card_label(e['taken'])} into hand."
            )
        if kind == "ca.attack_resisted":
            return f"{who} resisted at {at} with a {card_label(e['card'])}."
        if kind == "ca.region_conquered":
            lost = len(e.get("defender_lost", [])) + len(e.get("conqueror_lost", []))
            return (
                f"{who} conquered {at}: {str(e['region_key']).replace('-', ' ')}. "
                f"{lost} card(s) lost at once, {e['losses']} more to pay."
            )
        if kind == "ca.avalon_used":
            return f"{who} used Avalon's power: one card fewer to lose."
        if kind == "ca.loss_paid":
            src = "from hand" if e.get("region") is None else f"from the pile at {at}"
            return f"{who} paid a loss: a {card_label(e['card'])} {src}."
        if kind == "ca.losses_ended":
            return f"{who} had nothing left to pay; {e['unpaid']} loss(es) lapse."
        if kind == "ca.tile_taken":
            got = f" and drew {e['count']} card(s)" if e.get("count") is not None else ""
            return f"{who} took the tile “{_tile_words(e.get('tile'))}”{got}."
        if kind == "ca.tile_cashed":
            return (
                f"{who} cashed the dark tile “{_tile_words(e.get('tile'))}”: {e['count']} card(s)."
            )
        if kind == "ca.cards_drawn":
            if "cards" in e:
                return f"{who} drew " + ", ".join(card_label(c) for c in e["cards"]) + "."
            return f"{who} drew {e.get('count', 'some')} card(s)."
        if kind == "ca.deck_reshuffled":
            return "The discard pile was shuffled into a new deck."
        if kind == "ca.card_discarded":
            return f"{who} discarded a {card_label(e['card'])}."
        if kind == "ca.turn_ended":
            return f"{who} ended the turn with {e['crowns']} crown(s)."
        if kind == "ca.game_ended":
            won = " and ".join(_name(names, s) for s in e.get("winners", []))
            return f"The game is over: {won} win{'s' if len(e.get('winners', [])) == 1 else ''}."
        return super().describe(entry, names, me)


COLOVINI = ColoviniPresenter()
