"""TH-9: every decision a power gives is its owner's. Guinevere, the Elf Knight, Sir
Galahad, Armor of Avalon and Chivalry ask their owner (a `Choose` move), with the keeping
answer as the timeout default; the bot answers legally; everyone sees the question."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.core import IllegalMove, NotYourTurn
from games.engine.games.tournament import events as ev
from games.engine.games.tournament.config import AvalonConfig, CamelotConfig
from games.engine.games.tournament.definition import AVALON, CAMELOT
from games.engine.games.tournament.hooks import active_cards, health_order
from games.engine.games.tournament.moves import Choose, PlayCard
from games.engine.games.tournament.rules import legal_moves, pending_seats
from games.engine.games.tournament.weapons import is_weapon
from games.engine.tools.simulate_tournament import play

from .helpers import ARMOR_PLAYS, act, armor_table, kinds, of, plays, table

USE, KEEP = Choose("use"), Choose("decline")


def _guinevere_table():
    return table(
        [["swords-9", "arrows-1"], ["swords-2", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=[None, "guinevere", None],
    )


def test_th9_guinevere_asks_her_owner_and_each_answer_has_its_effect():
    """Guinevere: the owner alone is asked; "use" passes the loss to the next card in line,
    "decline" keeps it and the question is not asked again in that Melee."""
    events, s = plays(_guinevere_table(), "swords-9", "swords-2", "swords-5")
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.seat, asked.power, asked.options) == (1, "guinevere", ("use", "decline"))
    assert asked.losers == (2, 1)  # who would lose: with the power, without it
    assert asked.stake == 15
    assert s.phase == "choice"
    assert pending_seats(s) == {1}
    assert legal_moves(s, 1) == [USE, KEEP]
    assert legal_moves(s, 0) == []
    with pytest.raises(NotYourTurn):
        act(s, 0, USE)
    used, after = act(s, 1, USE)
    assert of(used, ev.MeleeEnded)[0].loser == 2
    assert "guinevere" in after.player(1).used
    kept, after = act(s, 1, KEEP)
    assert of(kept, ev.MeleeEnded)[0].loser == 1
    assert "ChoiceAsked" not in kinds(kept)
    assert "guinevere" not in after.player(1).used  # still there for a later Melee


def test_th9_elf_knight_places_her_token_only_if_her_owner_says_so():
    """Elf Knight: when her card would lose, the owner may mark it (it counts as Feinted)."""
    s = table(
        [["swords-9", "arrows-1"], ["swords-2", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=[None, "elf-queen", None],
        unlocked={1: 150},
    )
    events, s = plays(s, "swords-9", "swords-2", "swords-5")
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.seat, asked.power, asked.losers) == (1, "elf-knight", (2, 1))
    used, _ = act(s, 1, USE)
    assert "EntryMarked" in kinds(used)
    assert of(used, ev.MeleeEnded)[0].loser == 2
    kept, _ = act(s, 1, KEEP)
    assert "EntryMarked" not in kinds(kept)
    assert of(kept, ev.MeleeEnded)[0].loser == 1


def test_th9_sir_galahad_chooses_to_take_only_his_own_cards():
    """Sir Galahad: on a loss, the owner may take only his own cards (the rest wait)."""
    s = table(
        [["swords-9", "arrows-1"], ["swords-2", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=[None, "sir-galahad", None],
    )
    events, s = plays(s, "swords-9", "swords-2", "swords-5")
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.seat, asked.power, asked.stake) == (1, "sir-galahad", 10)
    used, _ = act(s, 1, USE)
    ended = of(used, ev.MeleeEnded)[0]
    assert (ended.taken, set(ended.set_aside)) == (("swords-2",), {"swords-9", "swords-5"})
    kept, _ = act(s, 1, KEEP)
    assert set(of(kept, ev.MeleeEnded)[0].taken) == {"swords-9", "swords-2", "swords-5"}


def test_th9_armor_of_avalon_may_be_kept_when_breaking_the_feint_would_cost():
    """Armor of Avalon: the owner chooses; breaking his Feint here would not make him lose
    (the 4 is lower), and keeping the armor leaves the Feint whole."""
    events, s = plays(armor_table(), *ARMOR_PLAYS)
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.seat, asked.power, asked.options) == (1, "armor-of-avalon", ("use:3", "decline"))
    assert asked.losers == (0, 0)
    used, _ = act(s, 1, Choose("use:3"))
    assert of(used, ev.EntriesDiscarded)[0].orders == (2,)
    assert of(used, ev.EntryMoved)[0].to == 0  # Lancelot du Lac: his card leaves too
    kept, _ = act(s, 1, KEEP)
    assert "EntriesDiscarded" not in kinds(kept)
    assert set(of(kept, ev.MeleeEnded)[0].taken) == {
        "swords-4",
        "swords-3",
        "alchemy-3",
        "swords-9",
    }


def test_th9_armor_of_avalon_shows_who_loses_and_the_bot_uses_it_when_safe():
    """The question says who would lose either way; the bot breaks the Feint when it does
    not lose by it (its own card then goes to the healthiest opponent)."""
    s = table(
        [["swords-3", "arrows-1"], ["swords-9", "arrows-3"], ["alchemy-3", "arrows-2"]],
        characters=[None, None, "lancelot-du-lac"],
        health=[400, 300, 200],
        unlocked={2: 200},
    )
    events, s = plays(s, "swords-3", "swords-9", "alchemy-3")
    asked = of(events, ev.ChoiceAsked)[0]
    assert asked.losers == (1, 1)  # the 9 loses either way
    bot = AVALON.bot_move(AVALON.view(s, 2), legal_moves(s, 2), Random(0))
    assert bot == Choose("use:3")
    used, _ = act(s, 2, bot)
    assert of(used, ev.EntryMoved)[0].to == 0
    assert of(used, ev.MeleeEnded)[0].taken == ("swords-9",)


def test_th9_chivalry_token_is_spent_only_by_choice():
    """Chivalry: after a lost Melee its owner may spend a token to heal 5."""
    s = table(
        [["swords-9", "swords-1"], ["swords-3", "swords-2"], ["swords-5", "swords-4"]],
        health=[300, 300, 300],
    )
    s = s.with_player(1, godsends=("chivalry",), tokens=3)
    events, s = plays(s, "swords-9", "swords-3", "swords-5")
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.seat, asked.power, asked.stake) == (1, "chivalry", 5)
    _, used = act(s, 1, USE)
    assert (used.player(1).health, used.player(1).tokens) == (305, 2)
    assert used.phase == "play"
    assert pending_seats(used) == {1}  # the loser leads the next Melee
    _, kept = act(s, 1, KEEP)
    assert (kept.player(1).health, kept.player(1).tokens) == (300, 3)


def test_th9_timeout_keeps_the_power_and_bot_answers_legally():
    """The neutral default keeps the power; the bot's answer is a legal move."""
    _, s = plays(_guinevere_table(), "swords-9", "swords-2", "swords-5")
    assert AVALON.default_move(s, 1, Random(0)) == KEEP
    assert AVALON.bot_move(AVALON.view(s, 1), legal_moves(s, 1), Random(0)) in legal_moves(s, 1)


def test_th9_every_seat_sees_the_question_but_no_hand():
    """The question and the answer are public (powers and the revealed Melee are); the
    other seats' views still hold no card of the owner's hand."""
    events, s = plays(_guinevere_table(), "swords-9", "swords-2", "swords-5")
    asked = of(events, ev.ChoiceAsked)[0]
    for viewer in (0, 2, None):
        view = AVALON.view(s, viewer)
        assert view["ask"]["seat"] == 1
        assert view["ask"]["power"] == "guinevere"
        assert "arrows-3" not in str(view)
        redacted = AVALON.redact(asked, viewer, s)
        assert redacted is not None
        assert redacted["options"] == ["use", "decline"]


def _owns(state, seat, power):
    if power == "order":  # TT-23: the least healthy player orders conflicting powers
        return seat == health_order(state)[0]
    if is_weapon(power):  # TH-4: the card's player gives it its value as it turns up
        return any(x.card == power and x.seat == seat and x.face_down for x in state.melee)
    if power == "chivalry":
        return state.player(seat).tokens > 0
    return any(c.id == power for c in active_cards(state, seat))


@pytest.mark.parametrize(
    ("game", "config", "players"),
    [
        (CAMELOT, CamelotConfig(characters=("guinevere", "king-arthur", "mordred")), 3),
        (CAMELOT, CamelotConfig(), 2),
        (CAMELOT, CamelotConfig(), 4),
        (CAMELOT, CamelotConfig(), 5),
        (CAMELOT, CamelotConfig(), 6),
        (CAMELOT, CamelotConfig(deck="avalon"), 4),
        (
            AVALON,
            AvalonConfig(characters=("elf-queen", "lancelot-du-lac", "sir-galahad", "merlin")),
            4,
        ),
        (AVALON, AvalonConfig(), 3),
        (AVALON, AvalonConfig(), 5),
        (AVALON, AvalonConfig(), 6),
        (AVALON, AvalonConfig(deck="camelot"), 5),
        (AVALON, AvalonConfig(chaos=True), 5),
        (AVALON, AvalonConfig(chaos=True), 6),
        (AVALON, AvalonConfig(chaos=True), 7),
        (AVALON, AvalonConfig(chaos=True), 8),
    ],
)
def test_th9_random_playouts_ask_every_decision_of_its_owner(game, config, players):
    """Random and bot players to the end: every game finishes, and every question goes to
    the seat holding the power (or the tokens) it is about."""
    asked = []

    def watch(state, seat, legal):
        if state.phase == "choice":
            assert _owns(state, state.ask.seat, state.ask.power)
            assert seat == state.ask.seat
            assert len(legal) > 1
            asked.append(state.ask.power)

    for i in range(3):
        bots = frozenset(s for s in range(players) if i == 1 and s % 2 == 0)
        state, _ = play(game, config, players, f"th9:{players}:{i}", bots, watch)
        assert state.phase == "over"
    if config.characters:
        assert asked


def test_th9_mordred_owner_chooses_among_tied_healthiest_opponents():
    """Mordred: with two opponents tied for the most Health, his owner picks the one his
    worst hit goes to; the timeout default is the first in seat order."""
    s = table(
        [["swords-2"], ["swords-9"], ["swords-5"]],
        characters=["mordred", None, None],
        health=[300, 400, 400],
    )
    events, s = plays(s, "swords-2", "swords-9", "swords-5")
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.seat, asked.power, asked.options) == (0, "mordred", ("to:1", "to:2"))
    assert CAMELOT.default_move(s, 0, Random(0)) == Choose("to:1")
    given, after = act(s, 0, Choose("to:2"))
    assert of(given, ev.HitGiven)[0].to == 2
    assert "swords-2" in after.player(2).hits or "swords-9" in after.player(2).hits
    assert of(given, ev.DuskTallied)[0].injuries == (10, 0, 5)
    s = table(
        [["swords-2"], ["swords-9"], ["swords-5"]],
        characters=["mordred", None, None],
        health=[300, 400, 350],
    )
    events, s = plays(s, "swords-2", "swords-9", "swords-5")
    assert "ChoiceAsked" not in kinds(events)  # one healthiest opponent: nothing to ask
    assert of(events, ev.HitGiven)[0].to == 1


def test_th9_will_of_god_tokens_are_spent_at_dusk_by_choice():
    """Will of God (Dusk step 3): before the tally its owner spends any of the 3 tokens,
    each cancelling 10 Injury; kept tokens cancel nothing."""
    s = table([["swords-9"], ["swords-10"], ["swords-5"]], health=[300, 300, 300])
    s = s.with_player(2, godsends=("will-of-god",))  # seat 2's 5 loses the Melee
    events, s = plays(s, "swords-9", "swords-10", "swords-5")
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.seat, asked.power) == (2, "will-of-god")
    assert asked.options == ("use:3", "use:2", "use:1", "decline")
    assert asked.stake == 10
    spent, after = act(s, 2, Choose("use:1"))
    assert of(spent, ev.DuskTallied)[0].injuries == (0, 0, 20 - 10)
    assert after.phase != "choice"
    kept, _ = act(s, 2, KEEP)
    assert of(kept, ev.DuskTallied)[0].injuries == (0, 0, 20)
    assert AVALON.bot_move(AVALON.view(s, 2), legal_moves(s, 2), Random(0)) == Choose("use:3")


def test_th9_chivalry_tokens_left_get_a_last_chance_at_dusk():
    """Dusk step 3: Chivalry tokens not spent after lost Melees may be spent at Dusk."""
    s = table([["swords-9"], ["swords-3"], ["swords-5"]], health=[300, 300, 300])
    s = s.with_player(1, godsends=("chivalry",), tokens=3)
    _, s = plays(s, "swords-9", "swords-3", "swords-5")
    events, s = act(s, 1, KEEP)  # after the lost Melee: keep the token
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.power, asked.options) == ("chivalry", ("use:3", "use:2", "use:1", "decline"))
    assert s.phase == "choice"
    events, _ = act(s, 1, Choose("use:2"))
    assert [e.power for e in of(events, ev.PowerUsed)] == ["chivalry", "chivalry"]
    healed = of(events, ev.HealthChanged)[0]
    assert (healed.seat, healed.delta, healed.why) == (1, 10, "chivalry")
    assert of(events, ev.DuskTallied)[0].injuries[1] == 5 + 10 + 5  # the 3 is Poisoned


def test_th4_a_special_card_gets_its_value_as_it_turns_up():
    """TH-4: in the Elf Queen's Melee a special card is played face down without a value;
    its player gives it one as it is turned up, in turn order."""
    s = table(
        [["swords-9", "arrows-1"], ["sorceress-1", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=["elf-queen", None, None],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    plays = [m for m in legal_moves(s, 1) if isinstance(m, PlayCard) and m.card == "sorceress-1"]
    assert plays == [PlayCard("sorceress-1")]  # no value yet
    _, s = act(s, 1, PlayCard("sorceress-1"))
    events, s = act(s, 2, PlayCard("swords-5"))
    assert [e.order for e in of(events, ev.CardTurnedUp)] == [0]  # the 9, then it stops
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.seat, asked.power, asked.at) == (1, "sorceress-1", (1,))
    assert asked.options == tuple(f"value:{v}" for v in range(1, 16))
    assert pending_seats(s) == {1}
    assert AVALON.view(s, 0)["melee"][2] == {"order": 2, "slot": 2, "seat": 2, "face_down": True}
    assert AVALON.default_move(s, 1, Random(0)) == Choose("value:8")
    assert AVALON.bot_move(AVALON.view(s, 1), legal_moves(s, 1), Random(0)) == Choose("value:9")
    events, s = act(s, 1, Choose("value:5"))
    turned = of(events, ev.CardTurnedUp)
    assert [(e.order, e.value) for e in turned] == [(1, 5), (2, 5)]
    assert of(events, ev.MeleeEnded)[0].loser == 0  # the two 5s Feint: the 9 is alone


def test_ta8_mists_turned_up_discards_only_earlier_face_up_cards_of_opponents():
    """TA-8: in the Elf Queen's Melee, Mists of Avalon turned up discards the lowest of the
    opponents' cards already face up before it; a card played after it is untouched."""
    s = table(
        [["swords-4", "arrows-1"], ["swords-2", "arrows-3"], ["mists-1", "arrows-2"], ["swords-1"]],
        characters=["elf-queen", None, None, None],
    )
    for seat, card in enumerate(["swords-4", "swords-2", "mists-1"]):
        _, s = act(s, seat, PlayCard(card))
    _, s = act(s, 3, PlayCard("swords-1"))
    events, s = act(s, 2, Choose("value:10"))
    assert of(events, ev.EntriesDiscarded)[0].orders == (1,)  # the 2, not the later 1
    assert [(e.seat, e.why) for e in of(events, ev.Shamed)] == [(1, "mists")]
    assert of(events, ev.MeleeEnded)[0].loser == 3


def test_th9_lancelot_du_lac_owner_chooses_among_tied_healthiest_opponents():
    """Lancelot du Lac: when his Feint breaks (here by his own Armor of Avalon), his owner
    chooses which of the opponents tied for the most Health receives his card."""
    s = armor_table(healthiest=300)  # seats 0, 2 and 3 tie at 300
    events, s = plays(s, *ARMOR_PLAYS)
    assert of(events, ev.ChoiceAsked)[0].losers == (0, 0)
    events, s = act(s, 1, Choose("use:3"))
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.power, asked.options) == ("lancelot-du-lac", ("to:2", "to:3", "to:0"))
    assert AVALON.default_move(s, 1, Random(0)) == Choose("to:2")
    events, s = act(s, 1, Choose("to:3"))
    assert of(events, ev.EntryMoved)[0].to == 3
    assert "swords-3" in s.player(3).hits
    assert of(events, ev.MeleeEnded)[0].loser == 0


def test_tt23_least_healthy_player_orders_conflicting_dusk_powers():
    """TT-23: a cap (Jousting Shield, at most 50) and a reduction (Pilgrimage, 20) on the
    same tally give 40 or 30 by their order; the least healthy player chooses it. The
    standing order (reductions, then the cap) is the timeout default."""
    s = table([["swords-9"], ["swords-8"], ["swords-2"]], health=[300, 400, 200])
    hits = ("swords-3", "swords-6", "swords-10", "swords-13", "arrows-3", "arrows-6")
    s = s.with_player(1, hits=hits, godsends=("pilgrimage", "jousting-shield"))
    events, s = plays(s, "swords-9", "swords-8", "swords-2")
    asked = of(events, ev.ChoiceAsked)[0]
    assert (asked.seat, asked.power, asked.at) == (2, "order", (1,))
    assert asked.options == ("order:pilgrimage,jousting-shield", "order:jousting-shield,pilgrimage")
    assert asked.results == (40, 30)
    assert pending_seats(s) == {2}
    assert AVALON.default_move(s, 2, Random(0)) == Choose(asked.options[0])
    assert AVALON.bot_move(AVALON.view(s, 2), legal_moves(s, 2), Random(0)) == Choose(
        asked.options[0]
    )
    events, _ = act(s, 2, Choose(asked.options[1]))
    assert of(events, ev.OrderChosen)[0].order == ("jousting-shield", "pilgrimage")
    assert of(events, ev.DuskTallied)[0].injuries[1] == 30


def test_tt23_no_question_when_the_order_changes_nothing():
    """Two reductions give the same total in any order: nobody is asked."""
    s = table([["swords-9"], ["swords-8"], ["swords-2"]], health=[300, 400, 200])
    s = s.with_player(1, hits=("swords-3",), godsends=("pilgrimage", "pentecost-feast"))
    events, _ = plays(s, "swords-9", "swords-8", "swords-2")
    assert "ChoiceAsked" not in kinds(events)
    assert of(events, ev.DuskTallied)[0].injuries[1] == 0


def test_th4_a_value_given_in_the_elf_queens_melee_is_refused_in_words():
    """TH-4: in the Elf Queen's face-down Melee a special card is played without a value
    (it gets one as it turns up): one played with a value is refused with the reason."""
    s = table(
        [["swords-9", "arrows-1"], ["sorceress-1", "arrows-3"], ["swords-5", "arrows-2"]],
        characters=["elf-queen", None, None],
    )
    _, s = act(s, 0, PlayCard("swords-9"))
    with pytest.raises(IllegalMove) as refused:
        act(s, 1, PlayCard("sorceress-1", 7))
    assert refused.value.rule == "TH-4"
    assert "face down in the Elf Queen's Melee" in str(refused.value)
    assert "Apprentice Sorceress its value when it is turned up" in str(refused.value)
