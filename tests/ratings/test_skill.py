"""One result applied to skill estimates (ratings.skill): openskill's Plackett-Luce update
where nothing is tied, and ties rated as every order of the tied players, so a shared win
is never worth less than a place below it (openskill 6.2's own tie rule gave a lone second
place more than the tied winners)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from ratings.display import displayed
from ratings.rules import SeatFacts, result_of
from ratings.skill import MU, SIGMA, rate

NEW = (MU, SIGMA)


def shown_changes(before: list[tuple[float, float]], ranks: list[int]) -> list[int]:
    after = rate([[skill] for skill in before], ranks)
    return [displayed(*new) - displayed(*old) for [new], old in zip(after, before, strict=True)]


@pytest.mark.parametrize("ranks", [[1, 2], [2, 1], [1, 2, 3, 4], [3, 1, 4, 2, 6, 5]])
def test_without_a_tie_it_is_openskills_update_exactly(ranks: list[int]) -> None:
    before = [(MU + 3 * n, SIGMA - n) for n in range(len(ranks))]
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    expected = model.rate(
        [[model.rating(mu=m, sigma=s)] for m, s in before], ranks=[float(r) for r in ranks]
    )
    for [(mu, sigma)], [new] in zip(rate([[b] for b in before], ranks), expected, strict=True):
        assert (mu, sigma) == pytest.approx((new.mu, new.sigma))


def test_team_results_keep_openskills_update() -> None:
    """The Resistance's sides (teams of several players, never tied) as before."""
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    sides = [[model.rating() for _ in range(3)], [model.rating() for _ in range(2)]]
    expected = model.rate(sides, ranks=[2.0, 1.0])
    after = rate([[NEW] * 3, [NEW] * 2], [2, 1])
    assert [[(p.mu, p.sigma) for p in team] for team in expected] == [
        [pytest.approx(skill) for skill in team] for team in after
    ]


def test_a_shared_win_is_worth_more_than_the_place_below_it() -> None:
    """A 6-knight joust: two share the most money, one has less, three the least. With
    openskill's tie rule the lone second gained +79 against the winners' +44."""
    changes = shown_changes([NEW] * 6, [1, 1, 2, 3, 3, 3])
    assert changes[0] == changes[1] > changes[2] > changes[3] == changes[4] == changes[5]
    assert changes[2] > 0 > changes[3]


def test_the_tied_group_is_rated_wherever_it_sits_in_the_list() -> None:
    ordered = shown_changes([NEW] * 6, [1, 1, 2, 3, 3, 3])
    shuffled = shown_changes([NEW] * 6, [3, 1, 1, 2, 3, 3])
    assert shuffled == [ordered[3], ordered[0], ordered[1], ordered[2], ordered[4], ordered[5]]


def test_equal_players_who_tie_keep_their_skill_and_grow_surer() -> None:
    [[(mu_a, sigma_a)], [(mu_b, sigma_b)]] = rate([[NEW], [NEW]], [1, 1])
    assert mu_a == pytest.approx(MU)
    assert mu_b == pytest.approx(MU)
    assert sigma_a == sigma_b < SIGMA


def test_in_a_tie_the_favourite_loses_skill_to_the_underdog() -> None:
    strong, weak = (MU + 10, SIGMA / 2), (MU - 10, SIGMA / 2)
    [[(mu_strong, _)], [(mu_weak, _)]] = rate([[strong], [weak]], [1, 1])
    assert mu_strong < strong[0]
    assert mu_weak > weak[0]


def test_ties_below_the_winner_share_the_same_change() -> None:
    changes = shown_changes([NEW] * 4, [1, 2, 2, 2])
    assert changes[0] > 0 > changes[1] == changes[2] == changes[3]


def test_eight_knights_in_two_ties_are_rated_in_bounded_work() -> None:
    """Chaos of Battle seats eight: tied groups of 3 and 5 rotate together over 15 orders,
    not the 3! x 5! = 720 orders of every arrangement."""
    changes = shown_changes([NEW] * 8, [1, 1, 1, 2, 2, 2, 2, 2])
    assert len(set(changes[:3])) == 1
    assert len(set(changes[3:])) == 1
    assert changes[0] > 0 > changes[3]


def test_a_free_for_all_result_with_a_shared_win_rates_in_order() -> None:
    """From a finished game's facts (ratings.rules) to the change each player sees."""
    seats = [
        SeatFacts(position=p, user_id=100 + p, own_moves=5, stand_in_moves=0) for p in range(6)
    ]
    scores = {0: 20, 1: 20, 2: 10, 3: 10, 4: 10, 5: 15}
    teams, ranks = result_of("jousting-avalon", [0, 1], scores, seats)
    assert ranks == [1, 1, 3, 3, 3, 2]
    after = rate([[NEW] for _ in teams], ranks)
    shown = {team[0]: displayed(*new) for team, [new] in zip(teams, after, strict=True)}
    assert shown[100] == shown[101] > shown[105] > shown[102] == shown[103] == shown[104]
