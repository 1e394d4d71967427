"""Melee rules: following, Alchemy, special weapons, Shame, Feints, losers
(TT-9..TT-16, TC-1, TC-3, TA-4..TA-9, TH-2..TH-4)."""

from __future__ import annotations

import pytest

from games.engine.core import IllegalMove
from games.engine.games.tournament import events as ev
from games.engine.games.tournament.moves import PlayCard, Shame
from games.engine.games.tournament.rules import legal_moves

from .helpers import act, kinds, of, plays, table


def test_tt9_tt10_lead_suit_must_be_followed():
    """TT-9: the first card sets the Lead Suit; TT-10: follow it if able; TT-13: the lowest
    card loses, its player takes every card of the Melee and leads the next."""
    s = table([["swords-10", "arrows-2"], ["swords-5", "arrows-9"], ["deception-4", "sorcery-3"]])
    _, s = act(s, 0, PlayCard("swords-10"))
    assert s.lead_suit == "swords"
    with pytest.raises(IllegalMove, match=r"You must follow Swords: you hold a card of Swords\."):
        act(s, 1, PlayCard("arrows-9"))
    _, s = act(s, 1, PlayCard("swords-5"))
    events, s = act(s, 2, Shame("deception-4"))
    ended = of(events, ev.MeleeEnded)[0]
    assert ended.loser == 1
    assert set(ended.taken) == {"swords-10", "swords-5"}
    assert s.lead == 1
    assert s.turn == 1


def test_tt11_shame_discards_face_up_and_costs_five():
    """TT-11: the Shamed card goes to the discard pile, not the hits; 5 Injury at once."""
    s = table([["swords-10", "arrows-2"], ["deception-4", "sorcery-3"], ["swords-1", "arrows-9"]])
    _, s = act(s, 0, PlayCard("swords-10"))
    assert Shame("sorcery-3") in legal_moves(s, 1)
    events, s = act(s, 1, Shame("sorcery-3"))
    assert s.discard == ("sorcery-3",)
    assert s.player(1).health == 395
    assert 1 in s.out
    events, s = act(s, 2, PlayCard("swords-1"))
    assert "sorcery-3" not in of(events, ev.MeleeEnded)[0].taken


def test_tt11_cannot_shame_while_holding_alchemy_ta4():
    """TT-11/TA-4: with no Lead-Suit card but Alchemy, a player must play, not Shame."""
    s = table([["swords-10", "arrows-2"], ["alchemy-4", "sorcery-3"], ["swords-1", "arrows-9"]])
    _, s = act(s, 0, PlayCard("swords-10"))
    assert not any(isinstance(m, Shame) for m in legal_moves(s, 1))
    with pytest.raises(IllegalMove, match="cannot Shame"):
        act(s, 1, Shame("sorcery-3"))


def test_tt11_the_lead_player_cannot_shame_and_is_told_why():
    """TT-11/TT-9: Shame is for a player unable to play a legal card; any card may lead,
    so the Lead Player is told that, not something about Alchemy; after an Alchemy lead
    (TA-4) any card may follow, and the refusal says so."""
    s = table([["swords-10", "arrows-2"], ["alchemy-4", "sorcery-3"], ["swords-1", "arrows-9"]])
    assert not any(isinstance(m, Shame) for m in legal_moves(s, 0))
    with pytest.raises(IllegalMove) as refused:
        act(s, 0, Shame("arrows-2"))
    assert refused.value.rule == "TT-11"
    assert str(refused.value) == "You cannot Shame: you lead this Melee, and any card may lead."
    _, s = act(
        table([["alchemy-9", "arrows-2"], ["swords-5", "sorcery-3"], ["swords-1"]]),
        0,
        PlayCard("alchemy-9"),
    )
    with pytest.raises(IllegalMove) as refused:
        act(s, 1, Shame("sorcery-3"))
    assert str(refused.value) == "You cannot Shame: Alchemy led this Melee, so any card may follow."


def test_ta4_enhanced_alchemy_in_place_of_lead_suit_and_leading():
    """TA-4: Alchemy may replace a held Lead-Suit card and may lead; then all is in-suit."""
    s = table([["swords-10", "arrows-2"], ["swords-5", "alchemy-11"], ["deception-4", "sorcery-3"]])
    _, s = act(s, 0, PlayCard("swords-10"))
    events, s = act(s, 1, PlayCard("alchemy-11"))
    assert of(events, ev.CardPlayed)[0].suit == "swords"  # TT-2: takes the Lead Suit
    s = table([["alchemy-7", "arrows-2"], ["swords-5", "alchemy-11"], ["deception-4", "sorcery-3"]])
    _, s = act(s, 0, PlayCard("alchemy-7"))
    assert s.alchemy_led
    assert s.lead_suit is None
    assert {m.card for m in legal_moves(s, 1)} == {"swords-5", "alchemy-11"}  # type: ignore[attr-defined]
    assert not any(isinstance(m, Shame) for m in legal_moves(s, 1))


def test_tc3_camelot_alchemy_restrictions():
    """TC-3: Alchemy only without the Lead Suit, and then instead of Shame; lead Alchemy only
    with no basic weapon; when Alchemy leads anything follows; sorcerers may always play."""
    hands = [
        ["swords-10", "alchemy-2"],
        ["swords-5", "alchemy-11", "merlin-1"],
        ["deception-4", "alchemy-3"],
    ]
    s = table(hands, ruleset="camelot", deck="camelot")
    with pytest.raises(IllegalMove, match="lead Alchemy only when you hold no basic"):
        act(s, 0, PlayCard("alchemy-2"))
    _, s = act(s, 0, PlayCard("swords-10"))
    with pytest.raises(IllegalMove, match="Alchemy only when you hold no card of Swords"):
        act(s, 1, PlayCard("alchemy-11"))
    assert PlayCard("merlin-1", 12) in legal_moves(s, 1)  # TC-1: instead of following
    _, s = act(s, 1, PlayCard("swords-5"))
    assert set(legal_moves(s, 2)) == {PlayCard("alchemy-3")}  # must play Alchemy, not Shame
    s = table(
        [["alchemy-2", "merlin-2"], ["swords-5", "arrows-1"], ["deception-4", "swords-3"]],
        ruleset="camelot",
        deck="camelot",
    )
    _, s = act(s, 0, PlayCard("alchemy-2"))
    assert {m.card for m in legal_moves(s, 1)} == {"swords-5", "arrows-1"}  # type: ignore[attr-defined]


def test_tc1_th2_th3_wild_value_and_named_lead_suit():
    """TC-1/TH-2: a sorcerer takes an assigned value 1-15 and the Lead Suit;
    TH-3: when it leads, its player names the Lead Suit."""
    s = table(
        [["merlin-1", "arrows-2"], ["swords-5", "arrows-9"], ["deception-4", "swords-3"]],
        ruleset="camelot",
        deck="camelot",
    )
    with pytest.raises(IllegalMove, match="value from 1 to 15"):
        act(s, 0, PlayCard("merlin-1", 16, "swords"))
    with pytest.raises(IllegalMove, match="Name the Lead Suit"):
        act(s, 0, PlayCard("merlin-1", 9))
    _events, s = act(s, 0, PlayCard("merlin-1", 9, "swords"))
    assert s.lead_suit == "swords"
    assert s.melee[0].value == 9
    assert PlayCard("swords-5") in legal_moves(s, 1)


def test_ta5_th4_special_weapons_any_time_and_may_be_kept_while_shaming():
    """TA-5: special weapons are always in-suit and may be kept while Shaming;
    TH-4: their value is assigned when played; leading one names the suit."""
    s = table([["swords-10", "arrows-2"], ["morgan-1", "sorcery-3"], ["swords-1", "arrows-9"]])
    _, s = act(s, 0, PlayCard("swords-10"))
    legal = legal_moves(s, 1)
    assert PlayCard("morgan-1", 4) in legal
    assert Shame("sorcery-3") in legal
    assert Shame("morgan-1") in legal
    s = table([["mists-1", "arrows-2"], ["swords-5", "sorcery-3"], ["swords-1", "arrows-9"]])
    _, s = act(s, 0, PlayCard("mists-1", 8, "arrows"))
    assert s.lead_suit == "arrows"


def test_tt12_feints_cannot_lose_but_are_taken_and_several_coexist():
    """TT-12: equal values Feint; the loser takes them; two Feints of different values."""
    hands = [
        ["swords-9", "swords-2"],
        ["alchemy-9", "swords-1"],
        ["swords-4", "swords-3"],
        ["alchemy-4", "swords-5"],
        ["swords-6", "swords-7"],
    ]
    s = table(hands)
    for seat, card in enumerate(["swords-9", "alchemy-9", "swords-4", "alchemy-4", "swords-6"]):
        events, s = act(s, seat, PlayCard(card))
    ended = of(events, ev.MeleeEnded)[0]
    assert ended.loser == 4
    assert ended.feints == 4
    assert len(ended.taken) == 5


def test_tt14_all_feinted_cards_wait_for_the_next_loser():
    """TT-14: all Feinted: nobody loses, same Lead Player; the next loser takes both."""
    s = table([["swords-9", "swords-2", "arrows-1"], ["alchemy-9", "swords-8", "arrows-2"]])
    _, s = act(s, 0, PlayCard("swords-9"))
    events, s = act(s, 1, PlayCard("alchemy-9"))
    assert of(events, ev.MeleeEnded)[0].loser is None
    assert s.lead == 0
    assert s.carried == ("swords-9", "alchemy-9")
    _, s = act(s, 0, PlayCard("swords-2"))
    events, s = act(s, 1, PlayCard("swords-8"))
    assert set(of(events, ev.MeleeEnded)[0].taken) == {
        "swords-9",
        "alchemy-9",
        "swords-2",
        "swords-8",
    }


def test_tt14_last_melee_all_feinted_is_discarded():
    """TT-14: Feinted cards of the round's last Melee are discarded."""
    s = table([["swords-9"], ["alchemy-9"], ["sorcery-9"]])
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, PlayCard("alchemy-9"))
    events, s = act(s, 2, Shame("sorcery-9"))
    assert of(events, ev.RoundEnded)[0].discarded == ("swords-9", "alchemy-9")
    assert not any("swords-9" in p.hits for p in s.players)


def test_ta6_morgan_le_fay_makes_the_highest_lose_even_feinted():
    """TA-6: with Morgan le Fay in the Melee the highest value loses; a Feinted Morgan stays."""
    s = table(
        [
            ["swords-9", "arrows-2"],
            ["morgan-1", "swords-1"],
            ["swords-12", "arrows-9"],
            ["alchemy-5", "arrows-8"],
        ]
    )
    # The Alchemy 5 Feints with Morgan at 5.
    events, _ = plays(s, "swords-9", PlayCard("morgan-1", 5), "swords-12", "alchemy-5")
    assert of(events, ev.MeleeEnded)[0].loser == 2


def test_ta7_lone_lead_loses_when_everyone_else_shamed():
    """TA-7: if every other player Shamed, the Lead Player takes the card."""
    s = table([["swords-9", "arrows-2"], ["arrows-1", "sorcery-3"], ["deception-1", "arrows-9"]])
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, Shame("arrows-1"))
    events, s = act(s, 2, Shame("deception-1"))
    assert of(events, ev.MeleeEnded)[0].loser == 0


def test_ta8_mists_discards_lowest_and_shames_tt16_lead_suit_stays():
    """TA-8: Mists discards the lowest card already in (its player is Shamed);
    TT-16: the Lead Suit never changes even though the lead card left."""
    s = table([["swords-3", "arrows-2"], ["mists-1", "swords-1"], ["swords-12", "arrows-9"]])
    _, s = act(s, 0, PlayCard("swords-3"))
    events, s = act(s, 1, PlayCard("mists-1", 7))
    assert of(events, ev.EntriesDiscarded)[0].orders == (0,)
    assert of(events, ev.Shamed)[0].seat == 0
    assert s.player(0).health == 395
    assert s.lead_suit == "swords"
    assert "swords-3" in s.discard
    events, s = act(s, 2, PlayCard("swords-12"))
    assert of(events, ev.MeleeEnded)[0].loser == 1


def test_ta8_leading_mists_discards_nothing_and_mists_on_mists():
    """TA-8: a leading Mists discards nothing; a second Mists discards the lone first one."""
    s = table([["mists-1", "arrows-2"], ["mists-2", "swords-1"], ["swords-12", "arrows-9"]])
    events, s = act(s, 0, PlayCard("mists-1", 7, "swords"))
    assert not of(events, ev.EntriesDiscarded)
    events, s = act(s, 1, PlayCard("mists-2", 3))
    assert of(events, ev.EntriesDiscarded)[0].orders == (0,)
    assert of(events, ev.Shamed)[0].seat == 0


def test_tt12_a_feint_breaks_when_its_partner_leaves():
    """TT-12: a card stays Feinted only while another card of its value remains."""
    from games.engine.games.tournament.feints import feinted

    s = table(
        [
            ["swords-4", "arrows-2"],
            ["alchemy-4", "swords-1"],
            ["mists-1", "arrows-9"],
            ["swords-9", "arrows-8"],
        ]
    )
    _, s = plays(s, "swords-4", "alchemy-4")
    assert len(feinted(s.melee)) == 2
    _, s = act(s, 2, PlayCard("mists-1", 10))  # discards both 4s (lowest, Feinted too)
    assert [x.card for x in s.melee] == ["mists-1"]


def test_tt15_camelot_round_ends_when_all_cards_are_played():
    """TT-15: Camelot plays every dealt card; TA-9 Swift End does not apply."""
    s = table(
        [["swords-9", "swords-2"], ["swords-8", "swords-1"], ["swords-7", "swords-3"]],
        ruleset="camelot",
        deck="camelot",
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, PlayCard("swords-8"))
    events, s = act(s, 2, PlayCard("swords-7"))
    assert "RoundEnded" not in kinds(events)


def test_ta9_swift_end_when_a_player_has_no_cards():
    """TA-9: Avalon ends combat when a Melee would start and some player has no cards."""
    s = table([["swords-9", "swords-2"], ["swords-8"], ["swords-7", "swords-3"]])
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, PlayCard("swords-8"))
    events, s = act(s, 2, PlayCard("swords-7"))
    assert of(events, ev.RoundEnded)[0].reason == "swift_end"


def test_ta8_mists_only_affects_opponents_cards():
    """TA-8 (rulebook): Mists only discards cards opponents played before it; a card its
    own player placed earlier (here under Arthur Pendragon's command) stays."""
    from games.engine.games.tournament.moves import Command

    s = table(
        [["swords-9", "arrows-1"], ["swords-12", "arrows-2"], ["swords-2", "mists-1", "arrows-3"]],
        characters=[None, "arthur-pendragon", None],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, Command(2))
    _, s = act(s, 2, PlayCard("swords-2"))
    events, s = act(s, 2, PlayCard("mists-1", 10))
    assert of(events, ev.EntriesDiscarded)[0].orders == (0,)
    ended = of(events, ev.MeleeEnded)[0]
    assert ended.loser == 2
    assert set(ended.taken) == {"swords-2", "mists-1"}


@pytest.mark.parametrize("card", ["", "sword", "swords-x", "nonsense-3-c", "avalon-nobody"])
def test_a_card_id_that_is_no_card_is_refused_not_crashed(card: str):
    """A client's made-up card id is an illegal play with a reason (found by the API fuzz:
    "" raised KeyError in the explanation, a 500)."""
    s = table([["swords-10", "arrows-2"], ["swords-5", "arrows-9"]])
    with pytest.raises(IllegalMove, match=r"You do not hold that card\."):
        act(s, 0, PlayCard(card))


def test_tt12_tt13_tc3_the_camelot_rulebooks_sample_melee():
    """The Camelot rulebook's "Sample Melee" (TT-9..TT-13, TC-1, TC-3): the 13 of Sorcery
    leads; a player with no Sorcery nor Alchemy Shames; the 11 of Alchemy becomes an 11 of
    Sorcery; the 7 of Sorcery follows; Merlin is declared an 11 of Sorcery. The two 11s
    Feint, and the 7 loses and takes every card in the Melee."""
    s = table(
        [["sorcery-13"], ["swords-2"], ["alchemy-11"], ["sorcery-7"], ["merlin-1"]],
        ruleset="camelot",
        deck="camelot",
    )
    _, s = act(s, 0, PlayCard("sorcery-13"))
    assert legal_moves(s, 1) == [Shame("swords-2")]
    events, s = act(s, 1, Shame("swords-2"))
    assert s.player(1).health == 395
    _, s = act(s, 2, PlayCard("alchemy-11"))
    _, s = act(s, 3, PlayCard("sorcery-7"))
    assert PlayCard("merlin-1", 11) in legal_moves(s, 4)
    events, s = act(s, 4, PlayCard("merlin-1", 11))
    ended = of(events, ev.MeleeEnded)[0]
    assert ended.loser == 3
    assert set(ended.taken) == {"sorcery-13", "alchemy-11", "sorcery-7", "merlin-1"}
    assert ended.feints == 2
