"""Rating-based tie-breaks of FIDE C.07: ARO, TPR, PTP, APRO, APPO (pure, no database).

- ARO: the average rating of the opponents of the games played, rounded to the nearest whole
  number (half up); unrated opponents (rating 0) are left out.
- TPR: ARO + dp, dp from FIDE B.02 table 8.1(a) for the percentage scored in those games
  (rounded to two decimals).
- PTP: the lowest whole rating R whose expected score against those opponents reaches the score
  (expected score 1 / (1 + 10^((Ri - R) / 400)) per game); a zero score gives the lowest
  opponent's rating - 800, a full score the highest + 800.
- APRO / APPO: the average TPR / PTP of the opponents of the games played, rounded.

Games played are those of :meth:`tournaments.standings.field.Field.played` (section 16, 15.2).
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.standings.field import Field

# FIDE B.02 8.1(a): dp for p = 0.50, 0.51, ... 1.00 (symmetric below 0.50).
DP_FROM_HALF = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip


def round_half_up(value: Fraction) -> int:
    return int((2 * value + 1) // 2)


def dp(p: Fraction) -> int:
    """The rating difference of a fractional score ``p`` (0..1), table 8.1(a)."""
    hundredths = round_half_up(p * 100)
    if hundredths >= 50:
        return DP_FROM_HALF[hundredths - 50]
    return -DP_FROM_HALF[50 - hundredths]


def rated_games(data: Field, player: int) -> list[tuple[int, Fraction, int]]:
    """(opponent, score as a fraction of the games, number of games) of the rated games played."""
    games = []
    for entry in data.entries(player):
        if data.played(entry) and data.ratings.get(entry.opponent or 0, 0) > 0:
            count = data.games_per_pairing
            games.append((entry.opponent or 0, Fraction(entry.points, data.points.win), count))
    return games


def aro(data: Field, player: int) -> int:
    games = rated_games(data, player)
    count = sum(n for _, _, n in games)
    if not count:
        return 0
    return round_half_up(Fraction(sum(data.ratings[o] * n for o, _, n in games), count))


def tpr(data: Field, player: int) -> int:
    games = rated_games(data, player)
    count = sum(n for _, _, n in games)
    if not count:
        return 0
    return aro(data, player) + dp(sum((s for _, s, _ in games), Fraction(0)) / count)


def _expected(rating: int, opponent: int) -> float:
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def ptp(data: Field, player: int) -> int:
    games = rated_games(data, player)
    count = sum(n for _, _, n in games)
    if not count:
        return 0
    score = sum((s for _, s, _ in games), Fraction(0))
    ratings = [data.ratings[o] for o, _, _ in games]
    if score == 0:
        return min(ratings) - 800
    if score == count:
        return max(ratings) + 800
    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:  # the lowest R whose expected score reaches the score
        middle = (low + high) // 2
        if sum(_expected(middle, data.ratings[o]) * n for o, _, n in games) >= float(score) - 1e-9:
            high = middle
        else:
            low = middle + 1
    return low


def _average_of_opponents(data: Field, player: int, of: dict[int, int]) -> int:
    values = [of[entry.opponent or 0] for entry in data.entries(player) if data.played(entry)]
    return round_half_up(Fraction(sum(values), len(values))) if values else 0


def apro(data: Field, player: int) -> int:
    return _average_of_opponents(data, player, _all(data, "tpr"))


def appo(data: Field, player: int) -> int:
    return _average_of_opponents(data, player, _all(data, "ptp"))


def _all(data: Field, what: str) -> dict[int, int]:
    cached = data.memo.get(what)
    if cached is None:
        function = tpr if what == "tpr" else ptp
        cached = data.memo[what] = {p: function(data, p) for p in data.players}
    return cached
