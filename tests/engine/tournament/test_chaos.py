"""Chaos of Battle (TX-1..TX-5)."""

from __future__ import annotations

from random import Random

from games.engine.core import start
from games.engine.games.tournament import events as ev
from games.engine.games.tournament.config import AvalonConfig
from games.engine.games.tournament.definition import AVALON
from games.engine.games.tournament.moves import ChooseLocation
from games.engine.games.tournament.rules import legal_moves, pending_seats
from games.engine.games.tournament.weapons import weapon

from .helpers import act, of

CHARS = ("elf-queen", "king-arthur", "merlin", "sir-kay", "sir-bors", "guinevere", "nimue")


def test_tx1_elf_queen_hosts_and_picks_the_location():
    """TX-1: the Elf Queen hosts round 1 and picks the starting Location."""
    _, s = start(AVALON, AvalonConfig(chaos=True, characters=CHARS), 7, Random(2))
    assert s.host == 0
    assert s.phase == "location"
    assert pending_seats(s) == {0}
    assert len(legal_moves(s, 0)) == 5
    _, s = start(AVALON, AvalonConfig(chaos=True, powers=False), 6, Random(2))
    assert s.phase == "location"
    assert pending_seats(s) == {s.host}


def test_tx2_deck_adds_the_location_suits_without_camelot_sorcerers():
    """TX-2: Avalon's full deck plus the two Camelot suits on the Location."""
    _, s = start(AVALON, AvalonConfig(chaos=True, powers=False), 8, Random(4))
    events, s = act(s, s.host, ChooseLocation("twilight"))
    dealt = of(events, ev.Dealt)[0]
    cards = [c for h in dealt.hands for c in h] + list(dealt.deck)
    assert len(cards) == 83 + 30
    extra = [c for c in cards if c.endswith("-c")]
    assert {weapon(c).suit for c in extra} == {"swords", "sorcery"}
    assert not any(weapon(c).family in ("merlin", "apprentice") for c in cards)


def test_tx3_tx4_tx5_hosts_locations_godsends_and_three_rounds():
    """TX-4: round 1 led by the Host, later rounds by the Host's left; the least-healthy
    player hosts and picks a Location sharing a suit; TX-3: 3 Godsends in round 1, no
    bonus cards; TX-5: the game ends after three rounds."""
    _, s = start(AVALON, AvalonConfig(chaos=True), 5, Random(9))
    host = s.host
    _, s = act(s, host, ChooseLocation("oak-forest"))
    assert s.dealer == host  # the Host deals, and leads round 1
    rng = Random(1)
    first_lead = None
    seen_locations, godsend_counts = [], []
    while s.phase != "over":
        seat = min(pending_seats(s))
        if s.phase == "location" and s.choosing == "chaos":
            choices = {m.location for m in legal_moves(s, seat) if isinstance(m, ChooseLocation)}
            from games.engine.games.tournament.locations import LOCATIONS

            assert all(
                set(LOCATIONS[c].suits) & set(LOCATIONS[s.location or c].suits)
                for c in choices
                if s.location
            )
            seen_locations.append(seat)
            assert seat == s.host
        new, s = act(s, seat, rng.choice(list(legal_moves(s, seat))), rng.randrange(99))
        for e in new:
            if isinstance(e, ev.GodsendsRevealed):
                godsend_counts.append(len(e.recipients))
            if isinstance(e, ev.MeleeStarted) and first_lead is None:
                first_lead = e.lead
            if isinstance(e, ev.MeleeStarted) and s.melee_no == 0 and s.round > 1:
                assert s.host is not None
                assert e.lead == (s.host + 1) % 5
    assert first_lead == host
    assert s.round <= 3
    if s.end_reason == "three_rounds":
        assert s.round == 3
    if godsend_counts:
        assert godsend_counts[0] <= 3  # 3 in round 1, capped by the healthiest, no bonus


def test_tx4_a_location_sharing_no_suit_is_refused_in_words():
    """TX-4: after Twilight (Swords, Sorcery) the Host may not move to Tintagel (Arrows,
    Deception); the refusal names both Locations and the rule, and nothing changes."""
    import pytest

    from games.engine.core import IllegalMove

    _, s = start(AVALON, AvalonConfig(chaos=True, powers=False), 5, Random(9))
    _, s = act(s, s.host, ChooseLocation("twilight"))
    rng = Random(3)
    while not (s.phase == "location" and s.choosing == "chaos"):
        seat = min(pending_seats(s))
        _, s = act(s, seat, rng.choice(list(legal_moves(s, seat))), rng.randrange(99))
    host = min(pending_seats(s))
    assert ChooseLocation("tintagel") not in legal_moves(s, host)
    with pytest.raises(IllegalMove) as refused:
        act(s, host, ChooseLocation("tintagel"))
    assert refused.value.rule == "TX-4"
    assert str(refused.value) == (
        "Tintagel shares no Weapon suit with Twilight: choose a Location that shares one, "
        "or stay at Twilight."
    )
    with pytest.raises(IllegalMove, match="no such Location"):
        act(s, host, ChooseLocation("camelot"))
    _, after = act(s, host, ChooseLocation("twilight"))  # staying is allowed
    assert after.location == "twilight"
