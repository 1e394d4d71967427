"""Tournament's own forms, built only from the viewer's `legal_moves`: the hand as
clickable cards (wild and special cards ask for a value 1-15 and, when leading, the Lead
Suit: TC-1, TH-2..TH-4), three cards to pass [TA-3], Arthur's gift, Dusk hits, and the
Location [TX-4] and Godsend [TT-22] cards to choose from.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from games.engine.core import JSON

from ..base import ActionForm, Button, move_text
from ..rules import feed_rules
from ..words import name_of
from .board import hand_faces
from .cards import SUIT_NAMES, face, poisoned_values, power_by_id, sorted_hand
from .wire import LEFT, PASS_COUNT, RIGHT, mv, shame_injury_in_view

HAND = "games/actions/tournament-hand.html"
PASS = "games/actions/tournament-pass.html"
CHOICES = "games/actions/tournament-choices.html"
DUSK = "games/actions/tournament-dusk.html"
WILD_VALUES = list(range(1, 16))  # TC-1: a wild or special card is played as 1..15
WILD_DEFAULT = 8


def _hand(feed: Mapping[str, Any]) -> list[dict[str, Any]]:
    return hand_faces(feed.get("view", {}), feed.get("my_seat"))


def _buttons(f: Mapping[str, Any], plays: Sequence[Mapping[str, JSON]]) -> list[Button]:
    """The plain ways to play a card with a printed value: as it is, +3 with King Arthur,
    or with an extra card."""
    buttons: list[Button] = []
    for m in plays:
        if f["special"]:
            continue
        if m.get("boost"):
            buttons.append(Button(_("Play it +3 (King Arthur)"), move_text(m), "boost"))
        elif m.get("extra"):
            extra = face(str(m["extra"]))["name"]
            buttons.append(
                Button(_("Play it with the %(card)s") % {"card": extra}, move_text(m), "extra")
            )
        else:
            buttons.insert(0, Button(_("Play"), move_text(m), "play"))
    return buttons


def _wild(f: Mapping[str, Any], plays: Sequence[Mapping[str, JSON]]) -> list[dict[str, Any]]:
    """A wild or special card's own forms: its value, the Lead Suit when leading, an extra.
    One form when every Lead Suit allows the same extra cards; otherwise one form per Lead
    Suit, since The Lion's extra card must be in the suit the wild card names."""
    wild_plays = [m for m in plays if f["special"]]
    if not wild_plays:
        return []
    by_suit: dict[str, set[str]] = {}
    for m in wild_plays:
        extras = by_suit.setdefault(str(m.get("suit") or ""), set())
        if m.get("extra"):
            extras.add(str(m["extra"]))
    if len({frozenset(e) for e in by_suit.values()}) == 1:
        groups = [(sorted(by_suit), next(iter(by_suit.values())))]
    else:
        groups = [([suit], extras) for suit, extras in sorted(by_suit.items())]
    # TH-4: in the Elf Queen's face-down Melees the value is given as it turns up
    values = WILD_VALUES if any(m.get("value") for m in wild_plays) else []
    forms = []
    for suits, extras in groups:
        named = [(json.dumps(s), SUIT_NAMES.get(s, s)) for s in suits if s]
        forms.append(
            {
                "move_type": mv.PlayCard.TYPE,
                "card": json.dumps(f["id"]),
                "values": values,
                "default": WILD_DEFAULT,
                "suits": named if len(named) > 1 else [],
                "suit": named[0] if len(named) == 1 else None,
                "extras": [(json.dumps(e), face(e)["name"]) for e in sorted(extras)],
            }
        )
    return forms


def hand_form(feed: Mapping[str, Any], moves: Sequence[Mapping[str, JSON]]) -> ActionForm:
    """The play phase [TT-9..TT-11]: every card of the hand, with what it may do now."""
    view = feed.get("view", {})
    leading = not view.get("melee")
    shame = None
    cards = []
    for f in _hand(feed):
        mine = [m for m in moves if m.get("card") == f["id"]]
        plays = [m for m in mine if m["type"] == mv.PlayCard.TYPE]
        buttons = _buttons(f, plays)
        for m in mine:
            if m["type"] == mv.Shame.TYPE:
                if shame is None:
                    shame = shame_injury_in_view(view, int(view.get("viewer") or 0))
                label = _("Discard it (Shame: %(injury)s Injury)") % {"injury": shame}
                buttons.append(Button(label, move_text(m), "shame"))
        wilds = _wild(f, plays)
        cards.append(
            {
                "face": f,
                "buttons": buttons,
                "wilds": wilds,
                "playable": bool(buttons or wilds),
                "single": buttons[0] if len(buttons) == 1 and not wilds else None,
            }
        )
    empty = [m for m in moves if m["type"] == mv.Shame.TYPE and not m.get("card")]
    shaming = any(m["type"] == mv.Shame.TYPE for m in moves)
    cannot_follow = shaming and not any(c["playable"] and c["wilds"] for c in cards)
    if cannot_follow and shame is None:
        shame = shame_injury_in_view(view, int(view.get("viewer") or 0))
    return ActionForm(
        move_type=mv.PlayCard.TYPE,
        title=_("Lead the Melee: play a card") if leading else _("Play a card into the Melee"),
        help=(
            _("You cannot follow suit: discard a card face up and take %(injury)s Injury.")
            % {"injury": shame}
            if cannot_follow
            else _("Tap a card to play it. Cards you may not play now are dimmed.")
        ),
        rules=feed_rules(feed, "TT-11" if cannot_follow else "TT-10"),
        template=HAND,
        extra={
            "cards": cards,
            "leading": leading,
            "empty": [
                Button(_("Take the Shame (no card to discard)"), move_text(m)) for m in empty
            ],
        },
    )


def give_form(
    feed: Mapping[str, Any], moves: Sequence[Mapping[str, JSON]], names: Sequence[str]
) -> ActionForm:
    """Arthur Pendragon's debt: a card of the hand to the opponent he commanded."""
    by_card = {str(m["card"]): m for m in moves}
    target = (feed.get("view", {}).get("arthur") or [None, None])[1]
    cards = []
    for f in _hand(feed):
        m = by_card.get(f["id"])
        button = Button(_("Give it"), move_text(m)) if m else None
        cards.append(
            {
                "face": f,
                "buttons": [button] if button else [],
                "playable": bool(m),
                "wilds": [],
                "single": button,
            }
        )
    return ActionForm(
        move_type=mv.GiveCard.TYPE,
        title=_("Arthur Pendragon: give %(name)s a card from your hand")
        % {"name": name_of(names, target, _("Someone"))},
        help=_("The opponent you commanded played in your slot; now you owe them a card."),
        template=HAND,
        extra={"cards": cards, "leading": False, "empty": []},
    )


def pass_form(feed: Mapping[str, Any]) -> ActionForm:
    left = feed.get("view", {}).get("round", 1) % 2 == 1
    return ActionForm(
        move_type=mv.ChoosePass.TYPE,
        title=(
            _("Choose %(count)s cards to pass to the left")
            if left
            else _("Choose %(count)s cards to pass to the right")
        )
        % {"count": PASS_COUNT},
        help=_("Everyone chooses in secret; the cards move when all have chosen."),
        rules=feed_rules(feed, "TA-3"),
        template=PASS,
        extra={
            "cards": _hand(feed),
            "count": PASS_COUNT,
            "legend": _("Your hand: pick three cards"),
        },
        submit=_("Pass these %(count)s cards") % {"count": PASS_COUNT},
    )


def dusk_form(
    moves: Sequence[Mapping[str, JSON]], feed: Mapping[str, Any], names: Sequence[str]
) -> ActionForm:
    """Dusk (Sir Percival, Sir Lionel): a card of my Weapon Hits and the opponent."""
    poison = poisoned_values(feed.get("view", {}))
    cards = sorted_hand([face(c, poison) for c in sorted({str(m["card"]) for m in moves})])
    targets = sorted({int(str(m["to"])) for m in moves})
    return ActionForm(
        mv.GiveHit.TYPE,
        _("Dusk: hand a Weapon Hit to an opponent"),
        _(
            "Sir Percival gives Arrows hits to anyone; Sir Lionel up to 2 cards to one "
            "opponent, once per round."
        ),
        template=DUSK,
        extra={
            "cards": cards,
            "targets": [(json.dumps(t), name_of(names, t, _("Someone"))) for t in targets],
        },
        submit=_("Give this hit"),
    )


def choice(m: Mapping[str, JSON], view: Mapping[str, Any]) -> dict[str, Any]:
    """A Location [TX-4] or a Godsend source [TT-22] with the card's text."""
    if m["type"] == mv.ChooseLocation.TYPE:
        card = power_by_id(str(m["location"])) or {}
    else:
        up = view.get("godsend_up", [])
        index = {LEFT: 0, RIGHT: 1}.get(str(m["source"]))
        card = {}
        if index is not None and index < len(up):
            card = power_by_id(up[index]["id"]) or {}
        if not card:
            card = {
                "name": _("Top of the Godsend deck"),
                "text": _("Unseen until you take it."),
            }
        else:
            card = {**card, "name": _("Take %(card)s") % {"card": card["name"]}}
    return {
        "label": card.get("name", ""),
        "text": card.get("text", ""),
        "mark": card.get("mark"),
        "move": move_text(m),
    }
