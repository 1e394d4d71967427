"""Character, Godsend and Location powers (TH-7), each through its engine hook."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.engine.core import Event, IllegalMove
from games.engine.games.tournament import events as ev
from games.engine.games.tournament.definition import AVALON
from games.engine.games.tournament.flow import Builder
from games.engine.games.tournament.moves import (
    Choose,
    ChooseLocation,
    ChoosePass,
    Command,
    DecidePassing,
    FinishDusk,
    GiveCard,
    GiveHit,
    PlayCard,
    Shame,
)
from games.engine.games.tournament.rules import legal_moves, pending_seats
from games.engine.games.tournament.state import TState

from .helpers import ARMOR_PLAYS, act, armor_table, kinds, of, plays, table


def test_arthur_pendragon_commands_and_gives_a_card():
    """Arthur Pendragon (rulebook): the commanded opponent plays in his place and takes the
    results of both cards; at the end of the Melee Arthur gives them a card."""
    s = table(
        [["swords-9", "arrows-1"], ["swords-12", "arrows-2"], ["swords-2", "swords-5"]],
        characters=[None, "arthur-pendragon", None],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    assert Command(2) in legal_moves(s, 1)
    _, s = act(s, 1, Command(2))
    assert pending_seats(s) == {2}
    _, s = act(s, 2, PlayCard("swords-2"))  # in Arthur's slot
    assert s.melee[-1].slot == 1
    assert s.melee[-1].seat == 2
    events, s = act(s, 2, PlayCard("swords-5"))  # her own turn
    assert of(events, ev.MeleeEnded)[0].loser == 2
    assert s.phase == "gift"
    assert pending_seats(s) == {1}
    with pytest.raises(IllegalMove, match=r"^You do not hold that card\.$"):
        act(s, 1, GiveCard("swords-15"))
    events, s = act(s, 1, GiveCard("arrows-2"))
    assert "arrows-2" in s.player(2).hand
    assert s.phase == "play"
    assert Command(0) not in legal_moves(s, 1)  # once per Tourney Round


def test_arthur_pendragon_command_on_empty_hand_shames():
    """Rulebook: a commanded opponent who cannot play (no cards) is Shamed."""
    s = table(
        [["swords-9", "arrows-1"], ["swords-12", "arrows-2"], ["swords-2"]],
        characters=[None, "arthur-pendragon", None],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, Command(2))
    events, s = act(s, 2, PlayCard("swords-2"))  # her last card, in Arthur's slot
    assert of(events, ev.Shamed)[0].seat == 2
    assert s.player(2).health == 395
    assert of(events, ev.MeleeEnded)[0].loser == 2
    assert s.phase == "gift"
    _, s = act(s, 1, GiveCard("arrows-2"))
    assert s.player(2).hand == ("arrows-2",)


# Three hands of one suit each: The Sword's tests pass three cards of them.
SWORD_HANDS = [
    [f"swords-{i}" for i in range(1, 5)],
    [f"arrows-{i}" for i in range(1, 5)],
    [f"sorcery-{i}" for i in range(1, 5)],
]


def at_the_sword(**options: Any) -> Any:
    """SWORD_HANDS dealt with Arthur Pendragon (The Sword unlocked) at seat 0: the state
    where The Sword's holder allows or denies passing."""
    s = table(
        SWORD_HANDS,
        characters=["arthur-pendragon", None, None],
        start_melee=False,
        unlocked={0: 150},
        **options,
    )
    b = Builder(s, Random(0))
    b.passing_stage()
    assert b.state.phase == "sword"
    return b.state


def test_the_sword_denies_or_allows_passing_and_receives_first():
    """The Sword (rulebook): after the deal, allow or deny passing; when passing, its holder
    adds the received cards before choosing."""
    hands = SWORD_HANDS
    s = at_the_sword()
    assert pending_seats(s) == {0}
    _, denied = act(s, 0, DecidePassing(False))
    assert denied.phase == "play"
    _, s = act(s, 0, DecidePassing(True))
    assert pending_seats(s) == {1, 2}
    _, s = act(s, 1, ChoosePass(frozenset(hands[1][:3])))
    _events, s = act(s, 2, ChoosePass(frozenset(hands[2][:3])))
    assert set(hands[2][:3]) <= set(s.player(0).hand)
    assert len(s.player(0).hand) == 7
    assert pending_seats(s) == {0}
    _, s = act(s, 0, ChoosePass(frozenset(hands[2][:3])))  # passes on what it received
    assert set(hands[2][:3]) <= set(s.player(1).hand)
    assert s.phase == "play"


def test_ta3_the_sword_enables_passing_under_camelot_rules():
    """TA-3 and The Sword (Avalon rulebook, "Arthur Pendragon and The Sword"): "If playing
    with The Sword using Tournament at Camelot rules, The Sword will enable passing cards."
    Under Camelot rules nobody passes, unless The Sword's holder allows it."""
    hands = SWORD_HANDS
    plain = table(hands, ruleset="camelot", start_melee=False)
    b = Builder(plain, Random(0))
    b.passing_stage()
    assert b.state.phase == "play"  # Camelot rules: no passing
    s = at_the_sword(ruleset="camelot")
    _, denied = act(s, 0, DecidePassing(False))
    assert denied.phase == "play"
    _, s = act(s, 0, DecidePassing(True))
    assert s.phase == "passing"
    _, s = act(s, 1, ChoosePass(frozenset(hands[1][:3])))
    _, s = act(s, 2, ChoosePass(frozenset(hands[2][:3])))
    _, s = act(s, 0, ChoosePass(frozenset(hands[0][:3])))
    assert set(hands[0][:3]) <= set(s.player(1).hand)  # round 1: to the left
    assert s.phase == "play"


def test_sir_percival_gives_arrows_hits_at_dusk():
    """Sir Percival (inferred): Arrows hits may be given to several opponents at Dusk."""
    s = table([["arrows-9"], ["arrows-14"], ["arrows-8"]], characters=[None, None, "sir-percival"])
    for seat, card in enumerate(["arrows-9", "arrows-14", "arrows-8"]):
        _, s = act(s, seat, PlayCard(card))
    assert s.phase == "dusk"
    assert pending_seats(s) == {2}
    with pytest.raises(IllegalMove, match=r"^Weapon Hits are given to an opponent\.$"):
        act(s, 2, GiveHit("arrows-14", 2))
    with pytest.raises(IllegalMove, match=r"^That card is not in your Weapon Hits\.$"):
        act(s, 2, GiveHit("arrows-1", 0))
    _, s = act(s, 2, GiveHit("arrows-14", 0))
    _, s = act(s, 2, GiveHit("arrows-9", 1))
    events, s = act(s, 2, FinishDusk())
    tally = of(events, ev.DuskTallied)[0]
    assert tally.injuries == (5, 5, 5)


def _extra_card_table(character: str, extra: str, **options: Any) -> TState:
    """Seat 1 (`character`) holds a 12 of Swords and `extra` to add to it; seat 0 has led."""
    s = table(
        [["swords-9", "arrows-1"], ["swords-12", extra, "arrows-3"], ["swords-5", "arrows-2"]],
        characters=[None, character, None],
        **options,
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    return s


def test_merlin_plays_an_extra_sorcery_card():
    """Merlin (inferred): in any Melee he may add a Sorcery card; both count."""
    s = _extra_card_table("merlin", "sorcery-2")
    assert PlayCard("swords-12", extra="sorcery-2") in legal_moves(s, 1)
    _, s = act(s, 1, PlayCard("swords-12", extra="sorcery-2"))
    events, s = act(s, 2, PlayCard("swords-5"))
    assert of(events, ev.MeleeEnded)[0].loser == 1  # his Sorcery 2 is the lowest


def test_the_lion_once_per_round_extra_card():
    """The Lion (rulebook hint): play additional cards; all count for the loss."""
    s = _extra_card_table("sir-yvain", "swords-13", unlocked={1: 200})
    _, s = act(s, 1, PlayCard("swords-12", extra="swords-13"))
    assert "the-lion" in s.player(1).used
    assert len(s.melee) == 3


def test_king_arthur_plus_three():
    """King Arthur (inferred from the +3 token): once per round, +3 to a card's value."""
    s = table(
        [["swords-9", "arrows-1"], ["swords-7", "arrows-3"], ["swords-8", "arrows-2"]],
        characters=[None, "king-arthur", None],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, PlayCard("swords-7", boost=True))
    assert s.melee[-1].value == 10
    events, s = act(s, 2, PlayCard("swords-8"))
    assert of(events, ev.MeleeEnded)[0].loser == 2


def test_sir_bors_heals_everyone_in_his_feint():
    """Sir Bors (inferred): players in a Feint with him heal, once each."""
    s = table(
        [["swords-9", "arrows-1"], ["alchemy-9", "arrows-3"], ["swords-2", "arrows-2"]],
        characters=["sir-bors", None, None],
        health=[300, 300, 300],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, PlayCard("alchemy-9"))
    _, s = act(s, 2, PlayCard("swords-2"))
    assert [p.health for p in s.players] == [305, 305, 300]


def _uses_power_on_losing(character: str) -> tuple[list[Event], TState]:
    """Seat 1 (`character`) plays the lowest card of a Melee, is asked, and uses its power
    (TH-9: the owner decides)."""
    s = table(
        [["swords-9", "arrows-1"], ["swords-2", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=[None, character, None],
    )
    _, s = plays(s, "swords-9", "swords-2", "swords-5")
    return act(s, 1, Choose("use"))


def test_guinevere_passes_her_first_loss_on():
    """Guinevere (house): the first Melee she would lose goes to the next card in line."""
    events, _ = _uses_power_on_losing("guinevere")
    assert of(events, ev.MeleeEnded)[0].loser == 2


def test_sir_galahad_takes_only_his_own_cards_and_the_grail_saves_him():
    """Sir Galahad (house) sets the others' cards aside; The Grail (inferred) keeps him in
    the game down to -150."""
    events, _ = _uses_power_on_losing("sir-galahad")
    ended = of(events, ev.MeleeEnded)[0]
    assert ended.taken == ("swords-2",)
    assert set(ended.set_aside) == {"swords-9", "swords-5"}
    s = table(
        [["swords-9", "arrows-1"], ["arrows-2", "arrows-3"], ["swords-5", "arrows-4"]],
        characters=[None, "sir-galahad", None],
        health=300,
        unlocked={1: 3},
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, Shame("arrows-2"))
    assert s.player(1).health == -2
    assert s.phase == "play"


def test_elf_queen_melees_are_face_down_until_revealed():
    """Elf Queen (inferred): her Melees are played face down and revealed in turn."""
    s = table(
        [["swords-9", "arrows-1"], ["swords-2", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=["elf-queen", None, None],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    view = AVALON.view(s, 1)
    assert view["melee"][0] == {"order": 0, "slot": 0, "seat": 0, "face_down": True}
    assert view["lead_suit"] == "swords"
    _, s = act(s, 1, PlayCard("swords-2"))
    events, s = act(s, 2, PlayCard("swords-5"))
    assert kinds(events).count("CardTurnedUp") == 3  # one by one, in turn order
    assert of(events, ev.MeleeEnded)[0].loser == 1


def test_sir_morien_makes_swords_in_suit():
    """Sir Morien (inferred): after his Swords card, Swords cards are in-suit."""
    s = table(
        [["arrows-9", "arrows-1"], ["swords-4", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=[None, "sir-morien", None],
    )
    _, s = act(s, 0, PlayCard("arrows-9"))
    _, s = act(s, 1, PlayCard("arrows-3"))
    with pytest.raises(IllegalMove):
        act(s, 2, PlayCard("swords-5"))
    s = table(
        [["arrows-9", "arrows-1"], ["swords-4", "arrows-3"], ["swords-5", "deception-2"]],
        characters=[None, "sir-morien", None],
    )
    _, s = act(s, 0, PlayCard("arrows-9"))
    with pytest.raises(IllegalMove, match="follow Arrows"):
        act(s, 1, PlayCard("swords-4"))


def test_armor_breaks_the_feint_and_lancelot_du_lac_hands_out_his_card():
    """Armor of Avalon (inferred) discards the other cards of his Feint; Lancelot du Lac
    (inferred) then gives his no longer Feinted card to the healthiest opponent."""
    s = armor_table()
    for seat, card in enumerate(ARMOR_PLAYS):
        events, s = act(s, seat, PlayCard(card))
    events, s = act(s, 1, Choose("use:3"))  # TH-9: his owner decides
    assert of(events, ev.EntriesDiscarded)[0].orders == (2,)
    assert of(events, ev.EntryMoved)[0].to == 0
    assert "swords-3" in s.player(0).hits
    assert of(events, ev.MeleeEnded)[0].loser == 0  # the 4 is now the lowest


def test_sir_kay_and_morgause_punish_shame():
    """Sir Kay (house): others' Shame costs 5 more; Morgause (house): the Lead Player takes 5
    when her player is Shamed."""
    s = table(
        [["swords-9", "arrows-1"], ["arrows-2", "arrows-3"], ["swords-5", "arrows-4"]],
        characters=[None, "sir-kay", None],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, Shame("arrows-2"))
    assert s.player(1).health == 395  # Kay's own Shame is normal
    s = table(
        [["swords-9", "arrows-1"], ["arrows-2", "arrows-3"], ["swords-5", "arrows-4"]],
        characters=["sir-kay", "mordred", None],
        unlocked={1: 150},
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, Shame("arrows-2"))
    assert s.player(1).health == 140
    assert s.player(0).health == 395


def test_mordred_sends_his_worst_hit_to_the_healthiest():
    """Mordred (house): his most injurious hit goes to the healthiest opponent at Dusk."""
    s = table(
        [["swords-9"], ["swords-3"], ["swords-5"]],
        characters=[None, "mordred", None],
        health=[300, 300, 350],
    )
    events, s = plays(s, "swords-9", "swords-3", "swords-5")
    given = of(events, ev.HitGiven)[0]
    assert given.card == "swords-3"
    assert given.to == 2


def test_nimue_hosts_a_location_and_carmathen_brings_merlin():
    """Nimue (inferred) picks a Location at Dawn; Carmathen gives its Host Merlin (TH-5)."""
    s = table(
        [["swords-1"], ["swords-2"], ["swords-3"]],
        characters=["nimue", None, None],
        start_melee=False,
    )
    b = Builder(s, Random(0))
    b.dawn()
    s = b.state
    assert s.phase == "location"
    assert pending_seats(s) == {0}
    _events, s = act(s, 0, ChooseLocation("carmathen"))
    assert "avalon-merlin" in s.player(0).hand
    assert s.hosted == ((0, "carmathen"),)


def test_the_swan_cancels_harmful_godsends_and_guinguemar_restores_camelot_alchemy():
    """The Swan (house) discards a harmful Godsend placed on its player; Guinguemar
    (inferred) subjects its target to Camelot's Alchemy rules."""
    from games.engine.games.tournament.godsend_phase import place

    s = table(
        [["swords-9", "alchemy-3"], ["swords-2", "alchemy-4"], ["swords-1"]],
        characters=[None, "sir-percival", None],
        unlocked={1: 150},
    )
    b = Builder(s, Random(0))
    b.emit(ev.GodsendsRevealed((0, 0), ("black-knight", "guinguemar")))
    place(b, 1, 0, "black-knight")
    assert of(b.events, ev.GodsendCancelled)
    assert b.state.player(1).health == 150
    b.emit(ev.GodsendTaken(1, "holy-grail", "deck", ""))
    place(b, 1, 1, "holy-grail")
    assert b.state.player(1).health == 150 + 25 + 10  # The Swan: heals 10 more
    s = table([["swords-9", "alchemy-3"], ["swords-2", "alchemy-4"], ["swords-1", "arrows-4"]])
    s = s.with_player(1, godsends=("guinguemar",))
    _, s = act(s, 0, PlayCard("swords-9"))
    assert PlayCard("alchemy-4") not in legal_moves(s, 1)


def test_dusk_modifiers_suit_free_cap_and_lionel():
    """Excalibur (suit free), Sir Bedivere (cap) and Sir Lionel's Dusk gift."""
    s = table(
        [["swords-9"], ["swords-3"], ["swords-5"]],
        characters=[None, "king-arthur", "sir-bors"],
        unlocked={1: 200, 2: 200},
    )
    events, s = plays(s, "swords-9", "swords-3", "swords-5")
    assert of(events, ev.DuskTallied)[0].injuries[1] == 0  # Excalibur: Swords are free
    s = table(
        [["arrows-9"], ["arrows-3"], ["arrows-5"]],
        characters=[None, "sir-bors", None],
        unlocked={1: 200},
    )
    for seat, card in enumerate(["arrows-9", "arrows-3", "arrows-5"]):
        _, s = act(s, seat, PlayCard(card))
    assert s.phase == "dusk"
    assert pending_seats(s) == {1}
    _, s = act(s, 1, GiveHit("arrows-9", 2))
    assert all(m.to == 2 for m in legal_moves(s, 1) if isinstance(m, GiveHit))
    with pytest.raises(IllegalMove, match="Sir Lionel gives his Weapon Hits to one opponent"):
        act(s, 1, GiveHit("arrows-5", 0))
    events, s = act(s, 1, FinishDusk())
    assert of(events, ev.DuskTallied)[0].injuries == (0, 15, 5)


def test_destrier_charge_on_after_play_and_sir_ector_on_threshold_crossing():
    """The Destrier (house, after_play hook) and Sir Ector (house, threshold_crossing hook)."""
    s = table(
        [["swords-9", "arrows-1"], ["swords-14", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=[None, "sir-morien", None],
        unlocked={1: 250},
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    _, s = act(s, 1, PlayCard("swords-14"))
    assert s.player(0).health == 395
    s = table(
        [["swords-9", "arrows-1"], ["arrows-2", "arrows-3"], ["swords-5", "arrows-4"]],
        characters=[None, "sir-kay", None],
        health=[400, 203, 400],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    events, s = act(s, 1, Shame("arrows-2"))
    assert of(events, ev.CompanionUnlocked)
    assert s.player(1).health == 198 + 25


def test_ta8_tt11_tt13_the_rulebooks_worked_melee_example():
    """The Avalon rulebook's "Example: resolving a Melee" (TA-8, TT-11, TT-13, TA-4): 14 of
    Arrows leads, 13 of Alchemy follows, Mists of Avalon discards it (its player is Shamed),
    an 8 of Arrows follows, the fifth player Shames; the 8 loses, and Sir Percival gives the
    14 and the 8 of Arrows to opponents at Dusk."""
    s = table(
        [["arrows-14"], ["alchemy-13"], ["mists-1"], ["arrows-8"], ["sorcery-2"]],
        characters=[None, None, None, "sir-percival", None],
    )
    _, s = act(s, 0, PlayCard("arrows-14"))
    _, s = act(s, 1, PlayCard("alchemy-13"))
    events, s = act(s, 2, PlayCard("mists-1", 10))
    assert of(events, ev.EntriesDiscarded)[0].orders == (1,)  # the 13 of Alchemy
    assert [(e.seat, e.why) for e in of(events, ev.Shamed)] == [(1, "mists")]
    _, s = act(s, 3, PlayCard("arrows-8"))
    assert list(legal_moves(s, 4)) == [Shame("sorcery-2")]
    events, s = act(s, 4, Shame("sorcery-2"))
    ended = of(events, ev.MeleeEnded)[0]
    assert ended.loser == 3
    assert set(ended.taken) == {"arrows-14", "mists-1", "arrows-8"}
    assert s.phase == "dusk"
    assert {m.card for m in legal_moves(s, 3) if isinstance(m, GiveHit)} == {
        "arrows-14",
        "arrows-8",
    }
    _, s = act(s, 3, GiveHit("arrows-14", 0))
    events, s = act(s, 3, GiveHit("arrows-8", 2))
    tally = of(events, ev.DuskTallied)[0]
    assert tally.injuries[3] == 25  # Mists of Avalon alone
    assert [p.health for p in s.players] == [395, 395, 395, 375, 395]


def test_ta4_a_basic_suit_power_leaves_alchemy_alone():
    """TA-4 (Avalon rulebook, Alchemy cards): "When a Character or Godsend power ... involves
    a Basic Weapon card suit, Alchemy cards are not affected": an Alchemy card played as
    Arrows is no Arrows card for Sir Percival's gift."""
    s = table([["arrows-9"], ["alchemy-14"], ["arrows-8"]], characters=[None, None, "sir-percival"])
    for seat, card in enumerate(["arrows-9", "alchemy-14", "arrows-8"]):
        _, s = act(s, seat, PlayCard(card))
    assert s.phase == "dusk"
    assert {m.card for m in legal_moves(s, 2) if isinstance(m, GiveHit)} == {"arrows-9", "arrows-8"}
    with pytest.raises(IllegalMove):
        act(s, 2, GiveHit("alchemy-14", 0))


def test_ta4_an_alchemy_lead_refused_for_its_extra_card_names_the_extra_card():
    """TA-4: under Avalon rules Alchemy may lead; when such a lead is refused only for the
    second card it brings (The Lion's, once per round), the refusal says so, not that
    Camelot's Alchemy rule (TC-3) forbids the lead."""
    s = table(
        [["alchemy-3", "swords-12", "arrows-2"], ["swords-5", "arrows-1"], ["swords-2"]],
        characters=["sir-yvain", None, None],
        unlocked={0: 100},
    )
    plays_ = [m for m in legal_moves(s, 0) if isinstance(m, PlayCard) and m.card == "alchemy-3"]
    assert PlayCard("alchemy-3") in plays_
    with pytest.raises(IllegalMove) as refused:
        act(s, 0, PlayCard("alchemy-3", extra="alchemy-3"))
    assert str(refused.value) == (
        "That power cannot be used with this play (or was already used this round)."
    )
    assert refused.value.rule != "TC-3"
