"""Set-up, Dawn, passing and Dusk (TT-5..TT-8, TA-2, TA-3, TT-17..TT-19, TH-6)."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import IllegalMove, InvalidConfig, start
from games.engine.games.tournament import events as ev
from games.engine.games.tournament.config import AvalonConfig, CamelotConfig
from games.engine.games.tournament.definition import AVALON, CAMELOT
from games.engine.games.tournament.moves import ChoosePass, PlayCard, Shame
from games.engine.games.tournament.rules import legal_moves, pending_seats

from .helpers import act, of, table


def test_tt6_health_400_or_300():
    """TT-6: Health starts at 400 or 300; other values are refused."""
    _, s = start(AVALON, AvalonConfig(health=300), 4, Random(1))
    assert all(p.health == 300 for p in s.players)
    with pytest.raises(InvalidConfig):
        AvalonConfig(health=350).validate(4)


def test_player_counts_and_tc2():
    """TC-2 two-player Camelot; Avalon 3-6; Chaos of Battle 5-8 (TX)."""
    CamelotConfig().validate(2)
    with pytest.raises(InvalidConfig):
        AvalonConfig().validate(2)
    with pytest.raises(InvalidConfig):
        AvalonConfig().validate(7)
    AvalonConfig(chaos=True).validate(8)
    with pytest.raises(InvalidConfig):
        AvalonConfig(chaos=True).validate(4)


def test_tt7_tt8_random_dealer_deal_of_twelve_and_left_leads():
    """TT-7: a random Dealer, the player to the left leads; TT-8: 12 each, rest is the deck."""
    events, s = start(CAMELOT, CamelotConfig(powers=False), 4, Random(3))
    dealt = of(events, ev.Dealt)[0]
    assert all(len(h) == 12 for h in dealt.hands)
    assert len(dealt.deck) == 80 - 48
    started = of(events, ev.MeleeStarted)[0]
    assert started.lead == (s.dealer + 1) % 4
    dealers = {
        start(CAMELOT, CamelotConfig(powers=False), 4, Random(i))[1].dealer for i in range(12)
    }
    assert len(dealers) > 1


def test_ta3_passing_left_secret_and_simultaneous():
    """TA-3: three cards each to the left in round 1; cards move when all have chosen."""
    events, s = start(AVALON, AvalonConfig(powers=False), 3, Random(5))
    assert s.phase == "passing"
    assert pending_seats(s) == {0, 1, 2}
    hands = [p.hand for p in s.players]
    choices = [frozenset(h[:3]) for h in hands]
    for seat in (0, 1):
        events, s = act(s, seat, ChoosePass(choices[seat]))
        assert not of(events, ev.CardsPassed)
        assert set(hands[seat][:3]) <= set(s.player(seat).hand)  # nothing moved yet
        redacted = AVALON.redact(events[0], (seat + 1) % 3, s)
        assert redacted is not None
        assert "cards" not in redacted
    events, s = act(s, 2, ChoosePass(choices[2]))
    for seat in range(3):
        assert choices[seat] <= set(s.player((seat + 1) % 3).hand)
    assert s.phase == "play"


def test_ta3_a_pass_of_other_than_three_held_cards_is_refused_in_words():
    """TA-3: a pass is three cards of the passer's hand; two, four or a card not held are
    refused with the rule in words."""
    _, s = start(AVALON, AvalonConfig(powers=False), 3, Random(5))
    hand = s.player(0).hand
    other = s.player(1).hand[0]
    for cards in (hand[:2], hand[:4], (*hand[:2], other)):
        with pytest.raises(IllegalMove) as refused:
            act(s, 0, ChoosePass(frozenset(cards)))
        assert refused.value.rule == "TA-3"
        assert str(refused.value) == "Choose exactly three cards of your hand to pass."


def test_ta3_camelot_rules_never_pass():
    """TA-3: no passing under Camelot rules."""
    _, s = start(CAMELOT, CamelotConfig(powers=False), 4, Random(5))
    assert s.phase == "play"


def test_ta3_round_two_passes_right():
    """TA-3: left in round 1, right in round 2."""
    s = table(
        [
            ["swords-1", "swords-2", "swords-3", "swords-4"],
            ["arrows-1", "arrows-2", "arrows-3", "arrows-4"],
            ["sorcery-1", "sorcery-2", "sorcery-3", "sorcery-4"],
        ],
        start_melee=False,
        round_no=2,
        powers=False,
    )
    from games.engine.games.tournament.flow import Builder

    b = Builder(s, Random(0))
    b.passing_stage()
    s = b.state
    for seat in range(3):
        _, s = act(s, seat, ChoosePass(frozenset(s.player(seat).hand[:3])))
    assert "swords-1" in s.player(2).hand  # seat 0 passed to its right


def test_tt5_companion_unlocks_mid_round_by_shame_and_stays():
    """TT-5: the Companion unlocks the moment Health reaches its Threshold (by Shame too)."""
    s = table(
        [["swords-9", "swords-2"], ["arrows-1", "arrows-3"], ["swords-4", "swords-3"]],
        characters=["sir-bors", "arthur-pendragon", "merlin"],
        health=[400, 203, 400],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    events, s = act(s, 1, Shame("arrows-1"))
    assert of(events, ev.CompanionUnlocked)[0].seat == 1
    assert s.player(1).unlocked
    _, s = act(s, 2, PlayCard("swords-4"))
    s = s.with_player(1, health=390)
    assert s.player(1).unlocked  # stays unlocked


def test_tt5_green_sash_has_no_threshold():
    """TT-5: The Green Sash is active from the start."""
    s = table([["swords-1"], ["swords-2"]], characters=["sir-gawain", "mordred"])
    assert s.player(0).unlocked
    assert not s.player(1).unlocked


def test_ta2_powers_reset_at_dawn():
    """TA-2: once-per-round powers are unused again in the next round."""
    s = table([["swords-1"], ["swords-2"], ["swords-3"]], characters=["sir-galahad", None, None])
    s = s.with_player(0, used=("sir-galahad",))
    s2 = AVALON.evolve(s, ev.Dealt(2, 0, (("swords-1",), ("swords-2",), ("swords-3",)), ()))
    assert s2.player(0).used == ()


def _finish_round(s):
    """Play the last Melee of single-card hands: seats in order play their only card."""
    events = []
    while s.phase == "play":
        seat = next(iter(pending_seats(s)))
        new, s = act(s, seat, legal_moves(s, seat)[0])
        events += new
    return events, s


def test_tt17_dusk_tally_standard_poisoned_and_unplayed_discarded():
    """TT-17: 5 per standard hit, 10 per Poisoned; unplayed cards are discarded."""
    s = table([["swords-9", "arrows-2"], ["swords-3", "arrows-4"], ["swords-1"]], powers=False)
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, PlayCard("swords-3"))
    events, s = act(s, 2, PlayCard("swords-1"))
    tally = of(events, ev.DuskTallied)[0]
    assert tally.injuries == (0, 0, 5 + 10 + 5)  # swords-3 is Poisoned (TH-1)
    assert all(not p.hand for p in s.players) or s.round == 2


def test_tt17_injury_doubled_at_most_once():
    """TT-17: two doubling Godsends on the same suit still double only once."""
    s = table([["swords-9", "arrows-2"], ["swords-3", "arrows-4"], ["swords-1"]])
    s = s.with_player(2, godsends=("fire-drake", "beltane-fire"))
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, PlayCard("swords-3"))
    events, s = act(s, 2, PlayCard("swords-1"))
    assert of(events, ev.DuskTallied)[0].injuries[2] == 2 * (5 + 10 + 5)


def test_tt18_end_at_zero_health_ties_share():
    """TT-18: the game ends at once at 0 Health (here by Shame); most Health wins, ties share."""
    s = table(
        [["swords-9", "arrows-2"], ["arrows-1", "arrows-3"], ["swords-4", "swords-3"]],
        health=[300, 5, 300],
        powers=False,
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    events, s = act(s, 1, Shame("arrows-1"))
    assert s.phase == "over"
    assert of(events, ev.GameEnded)[0].winners == (0, 2)
    outcome = AVALON.outcome(s)
    assert outcome is not None
    assert outcome.winners == frozenset({0, 2})
    with pytest.raises(Exception, match="over"):
        act(s, 2, PlayCard("swords-4"))


def test_tt19_th6_least_health_deals_ties_left_of_previous_dealer():
    """TT-19/TH-6: the least healthy player deals next; ties go to the first tied player to
    the left of the previous Dealer."""
    hands = [["swords-9"], ["swords-8"], ["swords-7"], ["swords-6"]]  # seat 3 takes 25
    s = table(hands, powers=False, health=[300, 260, 400, 300], lead=0, dealer=3)
    events, s = _finish_round(s)
    assert of(events, ev.DealerChosen)[0].dealer == 1
    for dealer, expected in ((2, 3), (0, 1)):
        s = table(hands, powers=False, health=[300, 250, 400, 275], lead=0, dealer=dealer)
        events, s = _finish_round(s)
        assert s.player(1).health == s.player(3).health == 250
        assert of(events, ev.DealerChosen)[0].dealer == expected
