"""Who is rated and on which result (ratings.rules): team games side against side, free
for all with shared wins as ties and scores placing the rest, bots and seats a bot played
for most of the game left out."""

from __future__ import annotations

from ratings.rules import SeatFacts, result_of


def seats(*users: int | None, stand_in: dict[int, int] | None = None) -> list[SeatFacts]:
    stand_in = stand_in or {}
    return [
        SeatFacts(position=p, user_id=u, own_moves=3, stand_in_moves=stand_in.get(p, 0))
        for p, u in enumerate(users)
    ]


def test_resistance_is_the_winning_side_against_the_losing_side() -> None:
    teams, ranks = result_of("resistance-avalon", [0, 2, 3], {}, seats(10, 11, 12, 13, 14))
    assert teams == [[10, 12, 13], [11, 14]]
    assert ranks == [1, 2]


def test_a_side_with_no_rated_player_means_nothing_to_rate() -> None:
    # The losing side were a bot and a seat the bot played for most of the game.
    facts = seats(10, None, 12, 13, 14, stand_in={4: 5})
    assert result_of("resistance-avalon", [0, 2, 3], {}, facts) == ([], [])


def test_bots_and_mostly_bot_played_seats_are_left_out() -> None:
    facts = seats(10, None, 12, 13, stand_in={2: 4, 3: 3})  # seat 3: half and half counts
    teams, ranks = result_of("colovini-avalon", [0], {}, facts)
    assert teams == [[10], [13]]
    assert ranks == [1, 2]


def test_shared_wins_tie_and_scores_place_the_others() -> None:
    scores = {0: 9, 1: 9, 2: 4, 3: 7, 4: 4}
    teams, ranks = result_of("jousting-avalon", [0, 1], scores, seats(10, 11, 12, 13, 14))
    assert teams == [[10], [11], [12], [13], [14]]
    assert ranks == [1, 1, 3, 2, 3]


def test_without_scores_every_loser_ties_below_the_winner() -> None:
    teams, ranks = result_of("tournament-avalon", [2], {}, seats(10, 11, 12))
    assert teams == [[10], [11], [12]]
    assert ranks == [2, 2, 1]


def test_a_single_rated_player_is_not_rated() -> None:
    assert result_of("colovini-avalon", [0], {}, seats(10, None, None)) == ([], [])
