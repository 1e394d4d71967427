"""Wording and forms of Tournament at Camelot / Avalon on the pages: which forms the
viewer's legal moves make (forms.py builds them), move titles and buttons, the phase line
(one wording per phase), and where the panels and log lines come from (board.py, log.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine.core import JSON

from ..base import ActionForm, Button, Presenter, Story, move_text
from ..rules import feed_rules
from ..words import name_of, names_list
from . import board, choices
from . import wire as w
from .cards import SUIT_NAMES, power, power_by_id
from .forms import CHOICES, choice, dusk_form, give_form, hand_form, pass_form
from .log import STRANGER, WORDS
from .wire import (
    AVALON,
    CAMELOT,
    CHOICE,
    DECLINE,
    DUSK,
    GIFT,
    GODSEND,
    LOCATION,
    OVER,
    PASSING,
    PLACE,
    PLAY,
    SWORD,
)

Label = Callable[[Mapping[str, JSON], Mapping[str, Any], Sequence[str]], tuple[str, str]]
RULES = {  # the rules a move's help states (the form links them)
    w.mv.ChooseLocation.TYPE: ("TX-2", "TX-4"),
    w.mv.PickGodsend.TYPE: ("TT-22",),
    w.mv.Choose.TYPE: ("TH-9",),
}


def _name(names: Sequence[str], seat: Any) -> str:
    return name_of(names, seat, STRANGER)


def _placing(view: Mapping[str, Any], default: str) -> str:
    placing = (view.get("placing") or {}).get("name")
    # The engine's English name is a msgid (names.py): the reader's words.
    return _(str(placing)) if placing else default


BUTTONS: dict[str, Label] = {  # move types shown as one button per move
    w.mv.Command.TYPE: lambda m, v, n: (
        _("Command %(name)s") % {"name": _name(n, m["target"])},
        "",
    ),
    w.mv.DecidePassing.TYPE: lambda m, v, n: (
        (_("Allow passing"), "approve") if m["allow"] else (_("No passing"), "reject")
    ),
    w.mv.FinishDusk.TYPE: lambda m, v, n: (_("Done: keep the rest"), ""),
    w.mv.PlaceGodsend.TYPE: lambda m, v, n: (
        _("Place %(godsend)s on %(name)s")
        % {"godsend": _placing(v, _("the Godsend")), "name": _name(n, m["target"])},
        "fail",
    ),
    w.mv.Choose.TYPE: lambda m, v, n: (
        choices.label(m, v, n),
        "" if m["option"] == DECLINE else "approve",
    ),
}


def _pending(v: Mapping[str, Any], names: Sequence[str]) -> str:
    return ", ".join(_name(names, s) for s in v.get("pending", []))


def _play_line(v: Mapping[str, Any], names: Sequence[str]) -> str:
    suit = SUIT_NAMES.get(v.get("lead_suit") or "", "")
    if v.get("alchemy_led"):
        led = _("Alchemy was led: every card is in suit.")
    else:
        led = _("Lead Suit: %(suit)s.") % {"suit": suit} if suit else _("They lead.")
    melee = int(v.get("melee_no") or 0) + 1
    line = _("Round %(round)s, Melee %(melee)s: %(name)s to play.") % {
        "round": v.get("round"),
        "melee": melee,
        "name": _name(names, v.get("actor")),
    }
    return f"{line} {led}"


def _passing_line(v: Mapping[str, Any], n: Sequence[str]) -> str:
    params = {"round": v.get("round"), "who": _pending(v, n)}
    if v.get("round", 1) % 2 == 1:
        return _("Round %(round)s: choosing 3 cards to pass left — waiting for %(who)s.") % params
    return _("Round %(round)s: choosing 3 cards to pass right — waiting for %(who)s.") % params


PHASE_LINES: dict[str, Callable[[Mapping[str, Any], Sequence[str]], str]] = {
    LOCATION: lambda v, n: _("%(name)s chooses a Location.") % {"name": _name(n, v.get("chooser"))},
    SWORD: lambda v, n: (
        _("Round %(round)s: %(who)s holds The Sword and decides whether cards are passed.")
        % {"round": v.get("round"), "who": _pending(v, n)}
    ),
    PASSING: _passing_line,
    PLAY: _play_line,
    GIFT: lambda v, n: (
        _("%(giver)s gives %(to)s a card.")
        % {
            "giver": _name(n, (v.get("arthur") or [None, None])[0]),
            "to": _name(n, (v.get("arthur") or [None, None])[1]),
        }
    ),
    DUSK: lambda v, n: (
        _("Dusk of Round %(round)s: %(who)s may hand out Weapon Hits.")
        % {"round": v.get("round"), "who": _pending(v, n)}
    ),
    GODSEND: lambda v, n: _("Godsends: %(who)s picks.") % {"who": _pending(v, n)},
    PLACE: lambda v, n: _("%(who)s chooses whom the Godsend harms.") % {"who": _pending(v, n)},
    CHOICE: choices.phase_line,
}


class TournamentPresenter(Presenter):
    slugs = (CAMELOT.slug, AVALON.slug)
    board_template = "games/boards/tournament.html"
    secret_template = "games/secrets/tournament.html"
    words = WORDS
    panels = board
    # Each deal opens a Tourney Round; "Ann's turn." between two plays says nothing.
    story = Story(
        round_openers={w.ev.Dealt.TYPE: gettext_lazy("Tourney Round %(round)s")},
        hidden=frozenset({w.ev.TurnMoved.TYPE}),
    )
    stranger = STRANGER
    stylesheets = ("games/tournament.css",)

    def forms(self, feed: Mapping[str, Any], names: Sequence[str]) -> list[ActionForm] | None:
        moves: list[Mapping[str, JSON]] = list(feed.get("legal_moves", []))
        kinds = {str(m["type"]) for m in moves}
        view = feed.get("view", {})
        out: list[ActionForm] = []
        if kinds & {w.mv.PlayCard.TYPE, w.mv.Shame.TYPE}:
            out.append(hand_form(feed, moves))
        if w.mv.ChoosePass.TYPE in kinds:
            out.append(pass_form(feed))
        if w.mv.GiveCard.TYPE in kinds:
            out.append(give_form(feed, moves, names))
        for kind in (w.mv.ChooseLocation.TYPE, w.mv.PickGodsend.TYPE):
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
        hits = [m for m in moves if m["type"] == w.mv.GiveHit.TYPE]
        if hits:
            out.insert(0, dusk_form(hits, feed, names))
        return out

    def _form(
        self, kind: str, feed: Mapping[str, Any], names: Sequence[str], **parts: Any
    ) -> ActionForm:
        return ActionForm(
            kind,
            self.move_title(kind, feed, names),
            self.move_help(kind, feed, names),
            rules=feed_rules(feed, *self.move_rules(kind, feed)),
            **parts,
        )

    def move_title(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        return {
            w.mv.Command.TYPE: _("Arthur Pendragon: command an opponent to play in your slot"),
            w.mv.DecidePassing.TYPE: _("The Sword: are cards passed this round?"),
            w.mv.FinishDusk.TYPE: _("Finish handing out Weapon Hits"),
            w.mv.ChooseLocation.TYPE: _("Choose the next Location"),
            w.mv.PickGodsend.TYPE: _("Pick a Godsend"),
            w.mv.PlaceGodsend.TYPE: _("Whom does %(godsend)s harm?")
            % {"godsend": _placing(view, _("this Godsend"))},
            w.mv.Choose.TYPE: choices.title(view),
        }.get(move_type) or super().move_title(move_type, feed, names)

    def move_help(self, move_type: str, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        view = feed.get("view", {})
        return {
            w.mv.ChooseLocation.TYPE: _("Its Host Advantage and extra suits hold for the round."),
            w.mv.PickGodsend.TYPE: _("A face-up card, or the top of the deck unseen."),
            w.mv.PlaceGodsend.TYPE: str((power(view.get("placing")) or {}).get("text", "")),
            w.mv.Command.TYPE: _(
                "Once per Tourney Round: they play a card in your place, "
                "and you give them a card afterwards."
            ),
            w.mv.Choose.TYPE: choices.help_text(view, names),
        }.get(move_type, "")

    def move_rules(self, move_type: str, feed: Mapping[str, Any]) -> tuple[str, ...]:
        return RULES.get(move_type, ())

    def option_choice(self, option: str, value: Any) -> str | None:
        if option == "characters":  # TT-5: a Protagonist's id, named in the reader's words
            named = power_by_id(str(value))
            return capfirst(str(named["name"])) if named else None
        return None

    def option_unset(self, option: str) -> str | None:
        # TT-5: no Protagonist chosen, so each seat is dealt one at random.
        return _("dealt at random") if option == "characters" else None

    def ending(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        """The winners and their Health from the view (the engine's summary names seats)."""
        v = feed.get("view", {})
        winners = v.get("winners") or []
        health = [p["health"] for p in v.get("players", []) if p["seat"] in winners]
        best = max(health or [0])
        if not winners:
            return _("Nobody won the Tournament.")
        who = names_list([_name(names, s) for s in winners])
        return _("%(who)s won the Tournament with %(health)s Health.") % {
            "who": who,
            "health": best,
        }

    def over(self, view: Mapping[str, Any]) -> bool:
        return view.get("phase") == OVER

    def playing_line(self, feed: Mapping[str, Any], names: Sequence[str]) -> str:
        v = feed.get("view", {})
        line = PHASE_LINES.get(str(v.get("phase")))
        if line:
            return line(v, names)
        pending = _pending(v, names)
        return _("Waiting for %(who)s.") % {"who": pending} if pending else _("Resolving…")


TOURNAMENT = TournamentPresenter()
