"""One result applied to skill estimates (mu, sigma): openskill's Plackett-Luce model, with
ties rated as every order of the tied players, equally likely.

Why not openskill's own tie handling: in openskill 6.2 a Plackett-Luce tie splits the tied
players' win between them, so a player alone in second place below a shared win can gain
more than the winners (a 6-player game with ranks 1, 1, 2, 3, 3, 3 showed +44, +44, +79
on the displayed scale; reported upstream as openskill.py issue #155, and still so in the
6.2.0 we pin). Jousting and the Tournament games end in shared wins often enough for
players to notice.

Here a tie is read as "any order of these players was as likely": the result is rated once
per order, with no tie left, and the new estimates are the mean over those orders. A tied
group of k players is taken in its k rotations (each player in each of the group's places
once), and groups of different sizes rotate together over the least common multiple of
their sizes (at most 15 orders for 8 players), so the cost stays bounded. Without a tie it
is openskill's update exactly. Pure: no Django, no database.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from openskill.models import PlackettLuce

# openskill's defaults (Weng-Lin): mu 25, sigma 25/3; shown as ordinal = mu - 3 sigma.
MU = 25.0
SIGMA = 25.0 / 3.0
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

Skill = tuple[float, float]  # (mu, sigma)


def rate(before: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Each team's players' new (mu, sigma) after finishing at `ranks` (1 is best; equal
    ranks tie)."""
    orders = _untied_orders(ranks)
    sums = [[[0.0, 0.0] for _ in team] for team in before]
    for order in orders:
        teams = [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in before]
        for team_sum, new_team in zip(sums, MODEL.rate(teams, ranks=order), strict=True):
            for total, new in zip(team_sum, new_team, strict=True):
                total[0] += new.mu
                total[1] += new.sigma
    return [[(mu / len(orders), sigma / len(orders)) for mu, sigma in team] for team in sums]


def _untied_orders(ranks: Sequence[int]) -> list[list[float]]:
    """Strict rankings that take each tied group's players through each of its places the
    same number of times (one ranking, the same order, when nothing is tied)."""
    groups: dict[int, list[int]] = {}
    for team, rank in sorted(enumerate(ranks), key=lambda pair: pair[1]):
        groups.setdefault(rank, []).append(team)
    rounds = math.lcm(*(len(g) for g in groups.values()))
    orders = []
    for turn in range(rounds):
        order = [0.0] * len(ranks)
        place = 1
        for rank in sorted(groups):
            group = groups[rank]
            for offset in range(len(group)):
                order[group[(offset + turn) % len(group)]] = place + offset
            place += len(group)
        orders.append(order)
    return orders
