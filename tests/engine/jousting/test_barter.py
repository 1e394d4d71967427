"""JA-6 bartering and the JH-3 web mechanics: offers, acceptance, showing, "done"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engine.core import IllegalMove
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.events import OfferMade, TradeMade
from games.engine.games.jousting.moves import (
    AcceptOffer,
    CancelOffer,
    DeclineOffer,
    Lot,
    MakeOffer,
    SayDone,
    ShowCards,
    Withdraw,
)
from games.engine.games.jousting.state import JoustingState

from .helpers import SETS, play, step, table

HANDS = (
    SETS[0] + " sword-6",
    SETS[1] + " joker-1",
    SETS[2] + " lance-6",
)


def offer(
    state: JoustingState, seat: int, give: Lot, want: Lot, to: int | None = None
) -> JoustingState:
    return play(state, seat, MakeOffer(state.clock, give, want, to))


def test_ja6_an_open_offer_is_seen_by_all_and_any_holder_may_accept() -> None:
    state = table(*HANDS)
    state = offer(state, 0, Lot(("sword-6",)), Lot(coins=4))
    assert [o["seat"] for o in GAME.view(state, 2)["offers"]] == [0]
    assert GAME.view(state, None)["offers"][0]["give"] == {"cards": ["sword-6"], "coins": 0}
    offer_id = state.offers[0].id
    state = play(state, 2, AcceptOffer(offer_id))
    assert "sword-6" in state.hands[2]
    assert "sword-6" not in state.hands[0]
    assert state.coins == (14, 10, 6)
    assert state.offers == ()
    # An open trade is public: everyone, spectators included, knows where the card went.
    assert {"seat": 2, "card": "sword-6"} in GAME.view(state, None)["known_cards"]


def test_jh3_an_offer_to_one_knight_is_between_the_two() -> None:
    state = table(*HANDS)
    events = step(state, 0, MakeOffer(state.clock, Lot(("sword-6",)), Lot(("joker-1",)), to=1))
    made = next(e for e in events if isinstance(e, OfferMade))
    assert made.audience() == frozenset({0, 1})
    outsider = GAME.redact(made, 2, state)
    assert outsider is not None
    assert "give" not in outsider
    assert outsider["to"] == 1
    state = offer(state, 0, Lot(("sword-6",)), Lot(("joker-1",)), to=1)
    assert GAME.view(state, 2)["offers"] == []
    assert GAME.legal_moves(state, 2)
    assert AcceptOffer(1) not in GAME.legal_moves(state, 2)
    with pytest.raises(IllegalMove, match="not open to you"):
        play(state, 2, AcceptOffer(1))
    # The recipient now knows the offered card is in the offerer's hand; the other does not.
    assert {"seat": 0, "card": "sword-6"} in GAME.view(state, 1)["known_cards"]
    assert {"seat": 0, "card": "sword-6"} not in GAME.view(state, 2)["known_cards"]
    events = step(state, 1, AcceptOffer(1))
    trade = next(e for e in events if isinstance(e, TradeMade))
    public = GAME.redact(trade, 2, state)
    assert public is not None
    assert public["cards"] == [1, 1]
    assert "give" not in public


def test_jh3_trades_are_atomic_and_rechecked_at_acceptance() -> None:
    state = table(*HANDS)
    state = offer(state, 0, Lot(("sword-6",)), Lot(coins=4))  # offer 1, open
    state = offer(state, 1, Lot(coins=10), Lot(("sword-6",)), to=0)  # offer 2
    state = play(state, 2, AcceptOffer(1))  # seat 2 takes the sword first
    # Offer 2 asked seat 0 for a card they no longer hold: refused, nothing moves.
    with pytest.raises(IllegalMove, match="You do not hold sword 6"):
        play(state, 0, AcceptOffer(2))
    # An offer whose maker can no longer give is dropped as soon as a trade breaks it.
    state = table(*HANDS)
    state = offer(state, 0, Lot(("sword-6",)), Lot(coins=4), to=2)
    state = offer(state, 0, Lot(("sword-6",)), Lot(coins=2), to=1)
    state = play(state, 2, AcceptOffer(1))
    assert state.offers == ()
    # The acceptor must be able to pay.
    state = table(*HANDS)
    state = offer(state, 0, Lot(("sword-6",)), Lot(coins=11))
    with pytest.raises(IllegalMove, match="only 10 coins"):
        play(state, 1, AcceptOffer(1))


def test_ja6_a_knight_with_one_coin_is_told_so_in_the_singular() -> None:
    state = table(*HANDS)
    state = replace(state, coins=(1, *state.coins[1:]))
    with pytest.raises(IllegalMove, match=r"You have only 1 coin\.$"):
        offer(state, 0, Lot(coins=2), Lot(("lance-6",)))


def test_ja6_nobody_can_offer_what_they_do_not_hold() -> None:
    state = table(*HANDS)
    cases = [
        (MakeOffer(state.clock, Lot(("lance-6",)), Lot(coins=1)), "do not hold lance 6"),
        (MakeOffer(state.clock, Lot(coins=11), Lot(("lance-6",))), "only 10 coins"),
        (MakeOffer(state.clock, Lot(), Lot(coins=1)), "gives something and asks"),
        (MakeOffer(state.clock, Lot(coins=-1), Lot(coins=1)), "negative"),
        (MakeOffer(state.clock, Lot(coins=1), Lot(("sword-1",))), "already hold"),
        (MakeOffer(state.clock, Lot(coins=1), Lot(("sword-77",))), "no card"),
        (MakeOffer(state.clock, Lot(coins=1), Lot(("lance-6",)), to=0), "another knight"),
        (MakeOffer(state.clock - 1, Lot(coins=1), Lot(("lance-6",))), "changed since"),
    ]
    for move, message in cases:
        with pytest.raises(IllegalMove, match=message):
            play(state, 0, move)


def test_jh3_offers_per_session_are_limited() -> None:
    state = table(*HANDS, config=JoustingConfig(offer_limit=1))
    state = offer(state, 0, Lot(coins=1), Lot(("lance-6",)))
    used_up = r"^Your offers this barter session are used up \(the table allows 1\)\.$"
    with pytest.raises(IllegalMove, match=used_up):
        offer(state, 0, Lot(coins=2), Lot(("lance-6",)))
    assert not any(isinstance(m, MakeOffer) for m in GAME.legal_moves(state, 0))


def test_jh3_decline_and_cancel() -> None:
    state = table(*HANDS)
    state = offer(state, 0, Lot(("sword-6",)), Lot(coins=4))
    state = play(state, 1, DeclineOffer(1))
    assert AcceptOffer(1) not in GAME.legal_moves(state, 1)
    assert AcceptOffer(1) in GAME.legal_moves(state, 2)  # open: declined for seat 1 only
    with pytest.raises(IllegalMove, match="Only the knight who made"):
        play(state, 2, CancelOffer(1))
    state = play(state, 0, CancelOffer(1))
    assert state.offers == ()
    state = offer(state, 0, Lot(("sword-6",)), Lot(coins=4), to=1)
    state = play(state, 1, DeclineOffer(state.offers[0].id))
    assert state.offers == ()  # a private offer declined is gone


def test_jh3_showing_tells_the_chosen_knights_only() -> None:
    state = table(*HANDS)
    state = play(state, 0, ShowCards(state.clock, ("sword-6", "sword-1"), frozenset({2})))
    assert {"seat": 0, "card": "sword-6"} in GAME.view(state, 2)["known_cards"]
    assert {"seat": 0, "card": "sword-6"} not in GAME.view(state, 1)["known_cards"]
    assert GAME.view(state, None)["known_cards"] == []
    with pytest.raises(IllegalMove, match="do not hold lance 6"):
        play(state, 0, ShowCards(state.clock, ("lance-6",), frozenset({1})))
    with pytest.raises(IllegalMove, match="other knights"):
        play(state, 0, ShowCards(state.clock, ("sword-1",), frozenset({0})))


def test_jh3_session_ends_when_all_said_done_since_the_last_trade() -> None:
    state = table(*HANDS)
    state = play(state, 0, SayDone())
    state = play(state, 1, SayDone())
    assert GAME.pending_seats(state) == {2}
    assert GAME.legal_moves(state, 0) == [Withdraw()]  # done: only JA-7 is left to it
    state = offer(state, 2, Lot(("lance-6",)), Lot(coins=1))  # an open offer reopens all
    assert GAME.pending_seats(state) == {0, 1, 2}
    state = play(state, 0, SayDone())
    state = play(state, 1, AcceptOffer(1))  # a trade: everyone may go on trading
    assert GAME.pending_seats(state) == {0, 1, 2}
    for seat in (0, 1, 2):
        state = play(state, seat, SayDone())
    assert state.phase == "laying"  # the duels of round 1 are called
    assert GAME.default_move(state, 2, None) is not None  # type: ignore[arg-type]


def test_jh3_timeout_default_in_barter_is_done() -> None:
    state = table(*HANDS)
    assert GAME.default_move(state, 1, None) == SayDone()  # type: ignore[arg-type]


def test_ja6_disqualified_and_withdrawn_knights_keep_bartering() -> None:
    state = table(*HANDS, SETS[3])
    state = play(state, 3, Withdraw())
    assert state.status[3] == "withdrawn"
    assert 3 in GAME.pending_seats(state)
    assert Withdraw() not in GAME.legal_moves(state, 3)
    state = play(state, 3, MakeOffer(state.clock, Lot(("sword-4",)), Lot(coins=1)))
    assert state.offers[0].seat == 3


def test_jh3_decide_accepts_any_legal_offer_not_only_the_listed_sample() -> None:
    state = table(*HANDS)
    move = MakeOffer(state.clock, Lot(("sword-6", "sword-1"), 3), Lot(("lance-6",), 1), to=2)
    assert move not in GAME.legal_moves(state, 0)
    state = play(state, 0, move)
    state = play(state, 2, AcceptOffer(state.offers[0].id))
    assert {"sword-6", "sword-1"} <= set(state.hands[2])
    assert "lance-6" in state.hands[0]
    assert state.coins == (8, 10, 12)
