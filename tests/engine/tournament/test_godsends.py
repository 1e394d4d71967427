"""The Godsend phase and conflict order (TT-20..TT-23)."""

from __future__ import annotations

from dataclasses import replace

from games.engine.games.tournament import events as ev
from games.engine.games.tournament.godsend_phase import recipients
from games.engine.games.tournament.hooks import active_cards, health_order
from games.engine.games.tournament.moves import PickGodsend, PlaceGodsend, PlayCard
from games.engine.games.tournament.rules import legal_moves, pending_seats

from .helpers import act, of, table


def _to_godsends(health, godsends_before=()):
    s = table([["swords-9"], ["swords-8"], ["swords-7"]], health=health)
    if godsends_before:
        s = s.with_player(1, godsends=tuple(godsends_before))
    events = []
    for seat, card in enumerate(["swords-9", "swords-8", "swords-7"]):
        new, s = act(s, seat, PlayCard(card))
        events += new
    return events, s


def test_tt20_tt21_old_godsends_cleared_then_chart_and_bonus_cycles():
    """TT-20: old Godsends go first; TT-21: chart, never the healthiest, +100/+200 bonuses,
    most injured first."""
    events, s = _to_godsends([400, 300, 150], ["holy-grail"])
    assert of(events, ev.GodsendsCleared)[0].cards == ("holy-grail",)
    assert s.player(1).godsends == ()
    assert [p.health for p in s.players] == [400, 300, 135]
    assert s.recipients == (2, 2, 1, 2)
    assert pending_seats(s) == {2}


def test_tt21_chart_rows_and_cap():
    """TT-21: Camelot 3-4 grows to 5 (capped at players - 1); Avalon 3-4 stops at 3."""
    s = table([["swords-1"]] * 4, health=[400, 390, 380, 370], start_melee=False)
    s = replace(s, rules=replace(s.rules, ruleset="camelot"), round=4)
    assert recipients(s) == (3, 2, 1)  # 4 in the chart, capped at 3
    s = table([["swords-1"]] * 6, health=[400, 390, 380, 370, 360, 350], start_melee=False)
    s = replace(s, rules=replace(s.rules, ruleset="avalon"), round=4)
    assert recipients(s) == (5, 4, 3, 2, 1)
    s = table([["swords-1"]] * 4, health=[400, 400, 380, 370], start_melee=False)
    s = replace(s, round=5)
    assert recipients(s) == (3, 2)  # both healthiest excluded


def test_tt22_face_up_picks_replaced_target_and_leftovers_discarded():
    """TT-22: take a face-up card (replaced at once) or the top card; an opponent Godsend
    is placed on the chosen opponent; leftover face-up cards are discarded."""
    _, s = _to_godsends([400, 300, 150])
    assert s.godsend_up == ("ring-of-stones", "guinguemar")
    events, s = act(s, 2, PickGodsend("right"))
    assert s.godsend_up == ("ring-of-stones", "chivalry")
    assert legal_moves(s, 2) == [PlaceGodsend(0), PlaceGodsend(1)]
    _, s = act(s, 2, PlaceGodsend(0))
    assert s.player(0).godsends == ("guinguemar",)
    _, s = act(s, 2, PickGodsend("deck"))  # top of the deck: plague (opponent)
    _, s = act(s, 2, PlaceGodsend(1))
    _, s = act(s, 1, PickGodsend("right"))  # chivalry: on self, 3 tokens
    assert s.player(1).tokens == 3
    events, s = act(s, 2, PickGodsend("deck"))
    ended = of(events, ev.GodsendPhaseEnded)[0]
    assert ended.discarded == s.godsend_discard[-2:]
    assert len(ended.discarded) == 2
    assert s.round == 2  # Dawn of the next round followed


def test_tt23_godsends_before_protagonist_before_companion_lowest_health_first():
    """TT-23: active cards in order Godsend, Protagonist, Companion; seats lowest Health first."""
    s = table(
        [["swords-1"], ["swords-2"], ["swords-3"]],
        characters=["sir-gawain", "merlin", "nimue"],
        health=[300, 100, 200],
    )
    s = s.with_player(0, godsends=("holy-grail",))
    assert [c.id for c in active_cards(s, 0)] == ["holy-grail", "sir-gawain", "the-green-sash"]
    assert health_order(s) == [1, 2, 0]


def test_tt21_ties_go_left_of_the_previous_dealer():
    """TT-21: ties for most injured go to the tied player first left of the previous Dealer
    (the new Dealer is already chosen when Godsends are handed out)."""
    s = table([["swords-1"]] * 4, health=[400, 300, 300, 300], start_melee=False, dealer=0)
    s = replace(s, prev_dealer=2)
    assert recipients(s) == (3, 3, 1, 2)


def test_ring_of_stones_brings_a_location_and_plague_and_chivalry_work():
    """Ring of Stones (inferred): its holder picks a Location to host next round; Plague
    (inferred) adds 15 at Dusk; Chivalry (inferred): a token heals 5 after a lost Melee."""
    from games.engine.games.tournament.moves import Choose, ChooseLocation

    _, s = _to_godsends([400, 300, 150])
    _, s = act(s, 2, PickGodsend("left"))  # Ring of Stones
    assert s.phase == "location"
    assert pending_seats(s) == {2}
    _, s = act(s, 2, ChooseLocation("tintagel"))
    assert s.hosted == ((2, "tintagel"),)
    assert s.phase == "godsend"
    assert pending_seats(s) == {2}
    s = table([["swords-9"], ["swords-3"], ["swords-5"]])
    s = s.with_player(1, godsends=("plague",))
    for seat, card in enumerate(["swords-9", "swords-3", "swords-5"]):
        events, s = act(s, seat, PlayCard(card))
    assert of(events, ev.DuskTallied)[0].injuries == (0, 20 + 15, 0)
    s = table(
        [["swords-9", "swords-1"], ["swords-3", "swords-2"], ["swords-5", "swords-4"]],
        health=[300, 300, 300],
    )
    s = s.with_player(1, godsends=("chivalry",), tokens=3)
    for seat, card in enumerate(["swords-9", "swords-3", "swords-5"]):
        _, s = act(s, seat, PlayCard(card))
    _, s = act(s, 1, Choose("use"))  # TH-9: spending a token is its owner's choice
    assert s.player(1).health == 305
    assert s.player(1).tokens == 2
