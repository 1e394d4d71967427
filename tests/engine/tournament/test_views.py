"""Hidden information (issue 6): hands, passed cards, the deck and face-down cards are
secret; Health, Weapon Hits, Godsends and played cards are public. Also the card table."""

from __future__ import annotations

from pathlib import Path
from random import Random

from games.engine.core import start
from games.engine.games.tournament.cardtable import markdown
from games.engine.games.tournament.config import AvalonConfig
from games.engine.games.tournament.definition import AVALON
from games.engine.games.tournament.moves import ChoosePass, PlayCard

from ..contract import contains_fragment, leaks
from .helpers import act, table


def test_views_show_own_hand_and_only_sizes_of_others():
    events, s = start(AVALON, AvalonConfig(powers=False), 4, Random(7))
    for viewer in (0, 1, 2, 3, None):
        view = AVALON.view(s, viewer)
        assert [p["hand_size"] for p in view["players"]] == [12, 12, 12, 12]
        assert not leaks(view, viewer, AVALON.secrets(s))
        seats = [h["seat"] for h in view["hands"]]
        assert seats == ([viewer] if viewer is not None else [])
    for event in events:
        for viewer in (0, 1, None):
            shown = AVALON.redact(event, viewer, s)
            assert shown is None or not leaks(shown, viewer, AVALON.secrets(s))
    assert "deck" not in str(AVALON.redact(events[-2], None, s)).replace("deck_size", "")


def test_passed_cards_are_secret_until_the_exchange_and_then_known_to_both():
    _, s = start(AVALON, AvalonConfig(powers=False), 3, Random(8))
    chosen = frozenset(s.player(0).hand[:3])
    events, s = act(s, 0, ChoosePass(chosen))
    secrets = AVALON.secrets(s)
    assert any(sec.fragment.get("passing") for sec in secrets)
    mine = AVALON.view(s, 0)
    assert all(contains_fragment(mine, {"owner": 0, "passing": c}) for c in chosen)
    assert not leaks(AVALON.view(s, 1), 1, secrets)
    assert not leaks(AVALON.redact(events[0], 1, s), 1, secrets)


def test_public_information_health_hits_godsends_played_cards():
    s = table([["swords-9", "arrows-1"], ["swords-2", "arrows-3"], ["swords-5", "arrows-2"]])
    s = s.with_player(1, godsends=("holy-grail",))
    _, s = act(s, 0, PlayCard("swords-9"))
    spectator = AVALON.view(s, None)
    assert spectator["melee"][0]["card"] == "swords-9"
    assert spectator["players"][1]["godsends"][0]["id"] == "holy-grail"
    assert spectator["players"][2]["health"] == 400
    _, s = act(s, 1, PlayCard("swords-2"))
    _, s = act(s, 2, PlayCard("swords-5"))
    assert set(AVALON.view(s, None)["players"][1]["hits"]) == {"swords-9", "swords-2", "swords-5"}


def test_elf_queen_face_down_cards_are_secret_to_others():
    s = table(
        [["swords-9", "arrows-1"], ["swords-2", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=["elf-queen", None, None],
    )
    events, s = act(s, 0, PlayCard("swords-9"))
    secrets = AVALON.secrets(s)
    assert {"seat": 0, "card": "swords-9"} in [sec.fragment for sec in secrets]
    for viewer in (1, 2, None):
        assert not leaks(AVALON.view(s, viewer), viewer, secrets)
        assert not leaks(AVALON.redact(events[0], viewer, s), viewer, secrets)
    assert contains_fragment(AVALON.view(s, 0), {"seat": 0, "card": "swords-9"})


def test_th7_card_table_document_is_current():
    """TH-7: docs/tournament-cards.md lists every card's text, house designs marked."""
    path = Path(__file__).resolve().parents[3] / "docs" / "tournament-cards.md"
    assert path.read_text() == markdown()
    assert markdown().count("**house** ✱") > 50
