"""Wording and forms of Tournament at Camelot / Avalon on the pages: which forms the
viewer's legal moves make (forms.py builds them), move titles and buttons, the phase line
(one wording per phase), and where the panels and log lines come from (board.py, log.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.engine.core import JSON
from games.models import Game

from ..base import ActionForm, Button, Presenter, move_text
from ..words import name_of
from . import board as panels
from .cards import SUIT_NAMES
from .forms import CHOICES, HAND, PASS, choice, dusk_form, give_form, hand_form, pass_form
from .log import STRANGER, WORDS
from .wire import (
    AVALON,
    CAMELOT,
    DUSK,
    GIFT,
    GODSEND,
    LOCATION,
    OVER,
    PASSING,
    PLACE,
    PLAY,
    SWORD,
    ChooseLocation,
    ChoosePass,
    Command,
    DecidePassing,
    FinishDusk,
    GiveCard,
    GiveHit,
    PickGodsend,
    PlaceGodsend,
    PlayCard,
    Shame,
)

Label = Callable[[Mapping[str, JSON], Mapping[str, Any], Sequence[str]], tuple[str, str]]


def _name(names: Sequence[str], seat: Any) -> str:
    return name_of(names, seat, STRANGER)


def _placing(view: Mapping[str, Any], default: str) -> str:
    return str((view.get("placing") or {}).get("name", default))


BUTTONS: dict[str, Label] = {  # move types shown as one button per move
    Command.TYPE: lambda m, v, n: (f"Command {_name(n, m['target'])}", ""),
    DecidePassing.TYPE: lambda m, v, n: (
        ("Allow passing", "approve") if m["allow"] else ("No passing", "reject")
    ),
    FinishDusk.TYPE: lambda m, v, n: ("Done: keep the rest", ""),
    PlaceGodsend.TYPE: lambda m, v, n: (
        f"Place {_placing(v, 'the Godsend')} on {_name(n, m['target'])}",
        "fail",
    ),
}


def _pending(v: Mapping[str, Any], names: Sequence[str]) -> str:
    return ", ".join(_name(names, s) for s in v.get("pending", []))


def _play_line(v: Mapping[str, Any], names: Sequence[str]) -> str:
    suit = SUIT_NAMES.get(v.get("lead_suit") or "", "")
    led = " Alchemy was led: every card is in suit." if v.get("alchemy_led") else ""
    led = led or (f" Lead Suit: {suit}." if suit else " They lead.")
    melee = int(v.get("melee_no") or 0) + 1
    return f"Round {v.get('round')}, Melee {melee}: {_name(names, v.get('actor'))} to play.{led}"


PHASE_LINES: dict[str, Callable[[Mapping[str, Any], Sequence[str]], str]] = {
    LOCATION: lambda v, n: f"{_name(n, v.get('chooser'))} chooses a Location.",
    SWORD: lambda v, n: (
        f"Round {v.get('round')}: {_pending(v, n)} holds The Sword and "
        "decides whether cards are passed."
    ),
    PASSING: lambda v, n: (
        f"Round {v.get('round')}: choosing 3 cards to pass "
        f"{'left' if v.get('round', 1) % 2 == 1 else 'right'} — waiting for {_pending(v, n)}."
    ),
    PLAY: _play_line,
    GIFT: lambda v, n: (
        f"{_name(n, (v.get('arthur') or [None, None])[0])} gives "
        f"{_name(n, (v.get('arthur') or [None, None])[1])} a card."
    ),
    DUSK: lambda v, n: (
        f"Dusk of Round {v.get('round')}: {_pending(v, n)} may hand out Weapon Hits."
    ),
    GODSEND: lambda v, n: f"Godsends: {_pending(v, n)} picks.",
    PLACE: lambda v, n: f"{_pending(v, n)} chooses whom the Godsend harms.",
}


class TournamentPresenter(Presenter):
    slugs = (CAMELOT.slug, AVALON.slug)
    board_template = "games/boards/tournament.html"
    secret_template = "games/secrets/tournament.html"
    words = WORDS
    stranger = STRANGER
    stylesheets = ("games/tournament.css",)

    def forms(self, feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm] | None:
        moves: list[Mapping[str, JSON]] = list(feed.get("legal_moves", []))
        kinds = {str(m["type"]) for m in moves}
        view = feed.get("view", {})
        out: list[ActionForm] = []
        if kinds & {PlayCard.TYPE, Shame.TYPE}:
            out.append(hand_form(feed, moves))
        if ChoosePass.TYPE in kinds:
            out.append(pass_form(feed))
        if GiveCard.TYPE in kinds:
            out.append(give_form(feed, moves, names))
        for kind in (ChooseLocation.TYPE, PickGodsend.TYPE):
            tiles = [choice(m, view) for m in moves if m["type"] == kind]
            if tiles:
                out.append(
                    self._form(kind, feed, names, template=CHOICES, extra={"choices": tiles})
                )
        buttons: dict[str, list[Button]] = {}
        for m in moves:
            label = BUTTONS.get(str(m["type"]))
            if label:
                text, tone = label(m, view, names)
                buttons.setdefault(str(m["type"]), []).append(Button(text, move_text(m), tone))
        for kind, group in buttons.items():
            out.append(self._form(kind, feed, names, buttons=group))
        hits = [m for m in moves if m["type"] == GiveHit.TYPE]
        if hits:
            out.insert(0, dusk_form(hits, feed, names))
        return out

    def _form(
        self, kind: str, feed: Mapping[str, Any], names: Sequence[str], **parts: Any
    ) -> ActionForm:
        return ActionForm(
            kind, self.move_title(kind, feed, names), self.move_help(kind, feed, names), **parts
        )

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        return {
            Command.TYPE: "Arthur Pendragon: command an opponent to play in your slot",
            DecidePassing.TYPE: "The Sword: are cards passed this round?",
            FinishDusk.TYPE: "Finish handing out Weapon Hits",
            ChooseLocation.TYPE: "Choose the next Location",
            PickGodsend.TYPE: "Pick a Godsend",
            PlaceGodsend.TYPE: f"Whom does {_placing(view, 'this Godsend')} harm?",
        }.get(move_type) or super().move_title(move_type, feed, names)

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        return {
            ChooseLocation.TYPE: "Its Host Advantage and extra suits hold for the round "
            "(TX-2, TX-4).",
            PickGodsend.TYPE: "A face-up card, or the top of the deck unseen (TT-22).",
            PlaceGodsend.TYPE: str((view.get("placing") or {}).get("text", "")),
            Command.TYPE: "Once per Tourney Round: they play a card in your place, "
            "and you give them a card afterwards.",
        }.get(move_type, "")

    def board(self, feed: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        return panels.board(feed, names)

    def secret(
        self,
        feed: Mapping[str, Any],
        names: Sequence[str],
        revealed: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        # The hand is already drawn by the first action form when it is a hand or a pass.
        forms = self.forms(feed, names) or []
        return panels.secret(feed, bool(forms) and forms[0].template in (HAND, PASS))

    def phase_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        v = feed.get("view", {})
        phase = v.get("phase")
        if phase == OVER or feed.get("status") != Game.Status.PLAYING:
            winners = v.get("winners") or []
            health = [p["health"] for p in v.get("players", []) if p["seat"] in winners]
            who = " and ".join(_name(names, s) for s in winners) or "Nobody"
            return f"{who} won the Tournament with {max(health or [0])} Health."
        line = PHASE_LINES.get(str(phase))
        if line:
            return line(v, names)
        pending = _pending(v, names)
        return f"Waiting for {pending}." if pending else "Resolving..."


TOURNAMENT = TournamentPresenter()
