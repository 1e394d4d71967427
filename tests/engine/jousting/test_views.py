"""Hidden information: hands, laid cards and the junk pile are secret; coins, hand sizes,
open offers and revealed duels are public. Checked with the shared leak matcher."""

from __future__ import annotations

from random import Random

from games.engine.core import apply, rng_for, start
from games.engine.games.jousting import GAME, JoustingConfig
from games.engine.games.jousting.moves import Lot, MakeOffer, ShowCards

from ..contract import check_no_leak, leaks
from .helpers import SETS, all_done, lay, play, table


def test_views_show_own_hand_and_only_public_facts_of_others() -> None:
    state = table(SETS[0], SETS[1] + " joker-1", SETS[2])
    view = GAME.view(state, 1)
    assert view["you"]["hand"] == list(state.hands[1])
    assert [k["cards"] for k in view["knights"]] == [4, 5, 4]  # hand sizes are public
    assert [k["coins"] for k in view["knights"]] == [10, 10, 10]  # coins are public
    assert view["known_cards"] == []
    spectator = GAME.view(state, None)
    assert spectator["you"] is None
    assert spectator["known_cards"] == []
    assert check_no_leak(GAME, state, 3) == 13  # 13 cards, each known only to its holder


def test_laid_cards_are_secret_until_the_reveal() -> None:
    state = all_done(table(SETS[0], SETS[1], SETS[2]))
    state = lay(state, 0, SETS[0])
    secrets = GAME.secrets(state)
    laid = [s for s in secrets if "laid" in s.fragment]
    assert len(laid) == 1
    assert laid[0].knowers == frozenset({0})
    for viewer in (1, 2, None):
        assert not leaks(GAME.view(state, viewer), viewer, secrets)
    assert leaks(GAME.view(state, 0), 1, secrets)  # seat 0's own view would leak to seat 1


def test_the_junk_pile_is_secret_until_the_end() -> None:
    state = all_done(table(SETS[0], SETS[1], SETS[2]))
    state = lay(state, 0, SETS[0])
    state = lay(state, 1, SETS[1])
    junk = [s for s in GAME.secrets(state) if "junk_pile" in s.fragment]
    assert junk
    assert junk[0].knowers == frozenset()
    assert "junk_pile" not in GAME.view(state, 1)
    assert GAME.view(state, 1)["junk"]["size"] == 4


def test_shown_and_offered_cards_become_known_to_their_audience_only() -> None:
    state = table(SETS[0] + " sword-6", SETS[1], SETS[2])
    state = play(state, 0, ShowCards(state.clock, ("sword-1",), frozenset({1})))
    state = play(state, 0, MakeOffer(state.clock, Lot(("shield-1",)), Lot(coins=1), to=2))
    state = play(state, 0, MakeOffer(state.clock, Lot(("sword-6",)), Lot(coins=1)))
    knowers = {s.fragment["card"]: s.knowers for s in GAME.secrets(state) if "card" in s.fragment}
    assert knowers["sword-1"] == {0, 1}
    assert knowers["shield-1"] == {0, 2}
    assert "sword-6" not in knowers  # offered to all: public, no longer a secret
    assert {"seat": 0, "card": "sword-6"} in GAME.view(state, None)["known_cards"]
    check_no_leak(GAME, state, 3)


def test_no_leaks_in_seeded_bot_games() -> None:
    for players in (3, 6):
        rng = Random(players)
        _, state = start(GAME, JoustingConfig(draft=True), players, rng_for("views", 0))
        moves = 0
        while GAME.outcome(state) is None and moves < 400:
            seat = min(GAME.pending_seats(state))
            legal = GAME.legal_moves(state, seat)
            move = GAME.bot_move(GAME.view(state, seat), legal, rng)
            _, state = apply(GAME, state, seat, move, rng_for("views", moves + 1))
            moves += 1
            if GAME.outcome(state) is None:  # at the end every hand is shown (JA-14)
                check_no_leak(GAME, state, players)


def test_the_bot_views_offers_are_kept_for_the_last_table_only() -> None:
    """JH-3 offers in a knight's bot view: an offer's entry is carried from one table of
    offers to the next while it stands (the bot weighs each entry once), and nothing of
    an earlier table is kept anywhere: the engine's shared table held every offer of the
    last thousands of moves, set off the collector's full collections and cost jousting
    a third of its CPU in a process that also played other games (issue 14, B5)."""
    from games.engine.core import memo
    from games.engine.games.jousting import views
    from games.engine.games.jousting.state import Offer

    def offer(n: int, to: int | None = None) -> Offer:
        return Offer(id=n, seat=0, to=to, give=Lot(("lance-1",), 0), want=Lot((), n))

    first, second, private = offer(1), offer(2), offer(3, to=2)
    seen = views._seen_offers((first, second, private), 1)
    assert [o["id"] for o in seen] == [1, 2]  # seat 1 does not see seat 0's offer to seat 2
    assert [o["id"] for o in views._seen_offers((first, second, private), 2)] == [1, 2, 3]
    later = views._seen_offers((first, private, offer(4)), 1)
    assert [o["id"] for o in later] == [1, 4]
    assert later[0] is seen[0]  # the standing offer's entry, carried over
    views._seen_offers((offer(5),), 1)
    held = views._LAST_OFFERS[0][2]
    assert [o.id for o, _ in held.values()] == [5]
    kinds = {"ja.offer", "ja.seen_offers", "ja.purses"}  # the duels' are kept: records
    assert not [k for k in memo._BUILT if k[0] in kinds]
