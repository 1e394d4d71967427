"""Wording and forms of Tournament at Camelot / Avalon on the pages.

Forms come only from the viewer's `legal_moves`: the hand as clickable cards (wild and
special cards ask for a value 1-15 and, when leading, the Lead Suit: TC-1, TH-2..TH-4),
three cards to pass (TA-3), Godsends (TT-22), Locations (TX-4) and the character powers.
Log lines live in tournament_log.py; card faces and the board in tournament_cards.py.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import JSON

from . import ActionForm, Button, Presenter
from .tournament_cards import SUIT_NAMES, face, poisoned_values, power_by_id, sorted_hand
from .tournament_log import describe_event, name_of

HAND = "games/actions/tournament-hand.html"
PASS = "games/actions/tournament-pass.html"
CHOICES = "games/actions/tournament-choices.html"
DUSK = "games/actions/tournament-dusk.html"


def _move(move: Mapping[str, JSON]) -> str:
    return json.dumps(move, sort_keys=True)


def _hand_faces(feed: Mapping[str, Any]) -> list[dict[str, Any]]:
    view = feed.get("view", {})
    me = feed.get("my_seat")
    poison = poisoned_values(view)
    for hand in view.get("hands", []):
        if hand.get("seat") == me:
            return sorted_hand([face(c["card"], poison) for c in hand.get("cards", [])])
    return []


def _hand_form(
    feed: Mapping[str, Any], moves: Sequence[Mapping[str, JSON]], names: Sequence[str]
) -> ActionForm:
    """The play phase (TT-9..TT-11): every card of the hand, with what it may do now."""
    view = feed.get("view", {})
    leading = not view.get("melee")
    cards = []
    for f in _hand_faces(feed):
        mine = [m for m in moves if m.get("card") == f["id"]]
        plays = [m for m in mine if m["type"] == "tournament.play_card"]
        buttons = []
        for m in plays:
            if f["special"]:
                continue
            if m.get("boost"):
                buttons.append(Button("Play it +3 (King Arthur)", _move(m), "boost"))
            elif m.get("extra"):
                extra = face(str(m["extra"]))["name"]
                buttons.append(Button(f"Play it with the {extra}", _move(m), "extra"))
            else:
                buttons.insert(0, Button("Play", _move(m), "play"))
        for m in mine:
            if m["type"] == "tournament.shame":
                buttons.append(Button("Discard it (Shame: 5 Injury)", _move(m), "shame"))
        wild = None
        wild_plays = [m for m in plays if f["special"]]
        if wild_plays:
            suits = sorted({str(m.get("suit")) for m in wild_plays if m.get("suit")})
            extras = sorted({str(m.get("extra")) for m in wild_plays if m.get("extra")})
            wild = {
                "card": json.dumps(f["id"]),
                "values": list(range(1, 16)),
                "suits": [(json.dumps(s), SUIT_NAMES.get(s, s)) for s in suits],
                "extras": [(json.dumps(e), face(e)["name"]) for e in extras],
            }
        cards.append(
            {
                "face": f,
                "buttons": buttons,
                "wild": wild,
                "playable": bool(buttons or wild),
                "single": buttons[0] if len(buttons) == 1 and not wild else None,
            }
        )
    empty = [m for m in moves if m["type"] == "tournament.shame" and not m.get("card")]
    shaming = any(m["type"] == "tournament.shame" for m in moves)
    return ActionForm(
        move_type="tournament.play_card",
        title="Lead the Melee: play a card" if leading else "Play a card into the Melee",
        help=(
            "You cannot follow suit: discard a card face up and take 5 Injury (TT-11)."
            if shaming and not any(c["playable"] and c["wild"] for c in cards)
            else "Tap a card to play it. Cards you may not play now are dimmed (TT-10)."
        ),
        template=HAND,
        extra={
            "cards": cards,
            "leading": leading,
            "empty": [Button("Take the Shame (no card to discard)", _move(m)) for m in empty],
        },
    )


def _give_form(feed: Mapping[str, Any], moves: Sequence[Mapping[str, JSON]]) -> ActionForm:
    by_card = {str(m["card"]): m for m in moves}
    target = (feed.get("view", {}).get("arthur") or [None, None])[1]
    cards = []
    for f in _hand_faces(feed):
        m = by_card.get(f["id"])
        button = Button("Give it", _move(m)) if m else None
        cards.append(
            {"face": f, "buttons": [button] if button else [], "playable": bool(m), "wild": None}
        )
        cards[-1]["single"] = button
    names = [str(p["name"]) for p in sorted(feed.get("players", []), key=lambda p: p["seat"])]
    return ActionForm(
        move_type="tournament.give_card",
        title=f"Arthur Pendragon: give {name_of(names, target)} a card from your hand",
        help="The opponent you commanded played in your slot; now you owe them a card.",
        template=HAND,
        extra={"cards": cards, "leading": False, "empty": []},
    )


def _pass_form(feed: Mapping[str, Any]) -> ActionForm:
    view = feed.get("view", {})
    left = view.get("round", 1) % 2 == 1
    return ActionForm(
        move_type="tournament.choose_pass",
        title=f"Choose 3 cards to pass to the {'left' if left else 'right'}",
        help="Everyone chooses in secret; the cards move when all have chosen (TA-3).",
        template=PASS,
        extra={"cards": _hand_faces(feed)},
        submit="Pass these 3 cards",
    )


class TournamentPresenter(Presenter):
    def forms(self, feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm] | None:
        moves: list[Mapping[str, JSON]] = list(feed.get("legal_moves", []))
        kinds = {str(m["type"]) for m in moves}
        out: list[ActionForm] = []
        view = feed.get("view", {})
        if kinds & {"tournament.play_card", "tournament.shame"}:
            out.append(_hand_form(feed, moves, names))
        if "tournament.choose_pass" in kinds:
            out.append(_pass_form(feed))
        if "tournament.give_card" in kinds:
            out.append(_give_form(feed, moves))
        for kind in ("tournament.choose_location", "tournament.pick_godsend"):
            tiles = [self._tile(m, view) for m in moves if m["type"] == kind]
            if tiles:
                out.append(
                    ActionForm(
                        kind,
                        self.move_title(kind, feed, names),
                        self.move_help(kind, feed, names),
                        template=CHOICES,
                        extra={"choices": tiles},
                    )
                )
        buttons: dict[str, list[Button]] = {}
        for m in moves:
            kind = str(m["type"])
            label = self._label(m, view, names)
            if label:
                buttons.setdefault(kind, []).append(Button(label[0], _move(m), label[1]))
        for kind, group in buttons.items():
            out.append(
                ActionForm(
                    kind,
                    self.move_title(kind, feed, names),
                    self.move_help(kind, feed, names),
                    buttons=group,
                )
            )
        hits = [m for m in moves if m["type"] == "tournament.give_hit"]
        if hits:
            out.insert(0, self._dusk_form(hits, feed, names))
        return out

    def _tile(self, m: Mapping[str, JSON], view: Mapping[str, Any]) -> dict[str, Any]:
        """A Location (TX-4) or a Godsend source (TT-22) with the card's text."""
        if m["type"] == "tournament.choose_location":
            card = power_by_id(str(m["location"])) or {}
        else:
            up = view.get("godsend_up", [])
            index = {"left": 0, "right": 1}.get(str(m["source"]))
            card = {}
            if index is not None and index < len(up):
                card = power_by_id(up[index]["id"]) or {}
            if not card:
                card = {"name": "Top of the Godsend deck", "text": "Unseen until you take it."}
            else:
                card = {**card, "name": f"Take {card['name']}"}
        return {
            "label": card.get("name", ""),
            "text": card.get("text", ""),
            "source": card.get("source", ""),
            "note": card.get("note", ""),
            "move": _move(m),
        }

    def _label(
        self, m: Mapping[str, JSON], view: Mapping[str, Any], names: Sequence[str]
    ) -> tuple[str, str] | None:
        kind = m["type"]
        if kind == "tournament.command":
            return f"Command {name_of(names, m['target'])}", ""
        if kind == "tournament.decide_passing":
            return ("Allow passing", "approve") if m["allow"] else ("No passing", "reject")
        if kind == "tournament.finish_dusk":
            return "Done: keep the rest", ""
        if kind == "tournament.place_godsend":
            what = (view.get("placing") or {}).get("name", "the Godsend")
            return f"Place {what} on {name_of(names, m['target'])}", "fail"
        return None

    def _dusk_form(
        self, moves: Sequence[Mapping[str, JSON]], feed: Mapping[str, Any], names: Sequence[str]
    ) -> ActionForm:
        """Dusk (Sir Percival, Sir Lionel): a card of my Weapon Hits and the opponent."""
        poison = poisoned_values(feed.get("view", {}))
        cards = sorted_hand([face(c, poison) for c in sorted({str(m["card"]) for m in moves})])
        targets = sorted({int(str(m["to"])) for m in moves})
        return ActionForm(
            "tournament.give_hit",
            "Dusk: hand a Weapon Hit to an opponent",
            "Sir Percival gives Arrows hits to anyone; Sir Lionel up to 2 cards to one "
            "opponent, once per round.",
            template=DUSK,
            extra={
                "cards": cards,
                "targets": [(json.dumps(t), name_of(names, t)) for t in targets],
            },
            submit="Give this hit",
        )

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        return {
            "tournament.command": "Arthur Pendragon: command an opponent to play in your slot",
            "tournament.decide_passing": "The Sword: are cards passed this round?",
            "tournament.finish_dusk": "Finish handing out Weapon Hits",
            "tournament.choose_location": "Choose the next Location",
            "tournament.pick_godsend": "Pick a Godsend",
            "tournament.place_godsend": "Whom does "
            + str((view.get("placing") or {}).get("name", "this Godsend"))
            + " harm?",
        }.get(move_type, super().move_title(move_type, feed, names))

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        if move_type == "tournament.choose_location":
            return "Its Host Advantage and extra suits hold for the round (TX-2, TX-4)."
        if move_type == "tournament.pick_godsend":
            return "A face-up card, or the top of the deck unseen (TT-22)."
        if move_type == "tournament.place_godsend":
            return str((view.get("placing") or {}).get("text", ""))
        return {
            "tournament.command": "Once per Tourney Round: they play a card in your place, "
            "and you give them a card afterwards.",
        }.get(move_type, "")

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        v = feed.get("view", {})
        n = name_of
        phase = v.get("phase")
        if phase == "over" or feed.get("status") != "playing":
            winners = v.get("winners") or []
            health = [p["health"] for p in v.get("players", []) if p["seat"] in winners]
            who = " and ".join(n(names, s) for s in winners) or "Nobody"
            return f"{who} won the Tournament with {max(health or [0])} Health."
        pending = ", ".join(n(names, s) for s in v.get("pending", []))
        rnd = f"Round {v.get('round')}"
        if phase == "location":
            return f"{n(names, v.get('chooser'))} chooses a Location."
        if phase == "sword":
            return f"{rnd}: {pending} holds The Sword and decides whether cards are passed."
        if phase == "passing":
            side = "left" if v.get("round", 1) % 2 == 1 else "right"
            return f"{rnd}: choosing 3 cards to pass {side} — waiting for {pending}."
        if phase == "play":
            suit = SUIT_NAMES.get(v.get("lead_suit") or "", "")
            led = " Alchemy was led: every card is in suit." if v.get("alchemy_led") else ""
            led = led or (f" Lead Suit: {suit}." if suit else " They lead.")
            melee = int(v.get("melee_no") or 0) + 1
            return f"{rnd}, Melee {melee}: {n(names, v.get('actor'))} to play.{led}"
        if phase == "gift":
            a = v.get("arthur") or [None, None]
            return f"{n(names, a[0])} gives {n(names, a[1])} a card."
        if phase == "dusk":
            return f"Dusk of {rnd}: {pending} may hand out Weapon Hits."
        if phase == "godsend":
            return f"Godsends: {pending} picks."
        if phase == "place":
            return f"{pending} chooses whom the Godsend harms."
        return f"Waiting for {pending}." if pending else "Resolving..."

    def describe(
        self, entry: Mapping[str, Any], names: Sequence[str], me: int | None = None
    ) -> str:
        return describe_event(entry["event"], names, me) or super().describe(entry, names, me)


TOURNAMENT = TournamentPresenter()
