"""Standings with tie-breaks: pure functions over the results of an event (no database).

Each tie-break is one small function in :data:`REGISTRY` with its code, short name and name;
the event's list says which apply, in order, after points:

- ``buchholz`` (BH): sum of the opponents' points;
- ``buchholz-cut1`` (BH-C1): the same without the lowest opponent score;
- ``sonneborn-berger`` (SB): opponents' points weighted by the points scored against them;
- ``direct-encounter`` (DE): points scored in games among the players still tied on points;
- ``wins`` (WIN): games won over the board (forfeits and byes excluded);
- ``progressive`` (PS): sum of the running score after each round.

Unplayed rounds (byes, forfeits, absence) count for Buchholz and Sonneborn-Berger as a game
against a virtual opponent whose score equals the player's own (see docs/rules.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

ROUND_ROBIN_SYSTEMS = ("round-robin", "double-round-robin")


@dataclass(frozen=True)
class RoundScore:
    """What one player scored in one round, in half-points."""

    round: int
    player: int
    points: int
    opponent: int | None = None  # set only for a game played over the board
    won: bool = False


@dataclass
class StandingRow:
    player: int
    rank: int = 0
    points: int = 0
    tie_breaks: dict[str, int] = field(default_factory=dict)  # half-points (SB in quarter points)
    games: int = 0


@dataclass
class Field:
    """What every tie-break function reads: each player's rounds and total."""

    players: list[int]
    rounds: int
    by_player: dict[int, dict[int, RoundScore]]
    totals: dict[int, int]

    def opponent_scores(self, player: int) -> list[tuple[int, int]]:
        """(points scored, opponent's total) per round; unplayed rounds face a virtual opponent
        with the player's own total."""
        rows = []
        for number in range(1, self.rounds + 1):
            entry = self.by_player[player].get(number)
            if entry is not None and entry.opponent is not None:
                rows.append((entry.points, self.totals.get(entry.opponent, 0)))
            else:
                rows.append((entry.points if entry else 0, self.totals[player]))
        return rows


def buchholz(data: Field, player: int) -> int:
    return sum(total for _, total in data.opponent_scores(player))


def buchholz_cut1(data: Field, player: int) -> int:
    totals = [total for _, total in data.opponent_scores(player)]
    return sum(totals) - (min(totals) if totals else 0)


def sonneborn_berger(data: Field, player: int) -> int:
    return sum(points * total for points, total in data.opponent_scores(player))


def wins(data: Field, player: int) -> int:
    return sum(1 for s in data.by_player[player].values() if s.opponent is not None and s.won)


def progressive(data: Field, player: int) -> int:
    running = total = 0
    for number in range(1, data.rounds + 1):
        entry = data.by_player[player].get(number)
        running += entry.points if entry else 0
        total += running
    return total


def direct_encounter(data: Field, player: int) -> int:
    """Points scored against the players with the same total."""
    tied = {other for other in data.players if data.totals[other] == data.totals[player]}
    return sum(s.points for s in data.by_player[player].values() if s.opponent in tied)


@dataclass(frozen=True)
class TieBreak:
    code: str
    short: str
    name: str
    value: Callable[[Field, int], int]


REGISTRY: dict[str, TieBreak] = {
    tie_break.code: tie_break
    for tie_break in (
        TieBreak("buchholz", "BH", "Buchholz", buchholz),
        TieBreak("buchholz-cut1", "BH-C1", "Buchholz cut 1", buchholz_cut1),
        TieBreak("sonneborn-berger", "SB", "Sonneborn-Berger", sonneborn_berger),
        TieBreak("direct-encounter", "DE", "Direct encounter", direct_encounter),
        TieBreak("wins", "WIN", "Wins", wins),
        TieBreak("progressive", "PS", "Progressive score", progressive),
    )
}
TIE_BREAKS = {code: tie_break.name for code, tie_break in REGISTRY.items()}
SHORT_NAMES = {code: tie_break.short for code, tie_break in REGISTRY.items()}


def default_tie_breaks(system: str) -> list[str]:
    if system in ROUND_ROBIN_SYSTEMS:
        return ["direct-encounter", "sonneborn-berger", "wins"]
    return ["buchholz-cut1", "buchholz", "direct-encounter", "sonneborn-berger"]


def compute_standings(
    players: list[int], scores: list[RoundScore], tie_breaks: list[str], rounds: int
) -> list[StandingRow]:
    """Rank ``players`` by points then by the tie-breaks in order; equal rows share a rank."""
    unknown = [code for code in tie_breaks if code not in REGISTRY]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r}")
    by_player: dict[int, dict[int, RoundScore]] = defaultdict(dict)
    for score in scores:
        by_player[score.player][score.round] = score
    totals = {player: sum(s.points for s in by_player[player].values()) for player in players}
    data = Field(players=players, rounds=rounds, by_player=by_player, totals=totals)
    rows = {}
    for player in players:
        rows[player] = StandingRow(
            player=player,
            points=totals[player],
            games=sum(1 for s in by_player[player].values() if s.opponent is not None),
            tie_breaks={code: REGISTRY[code].value(data, player) for code in tie_breaks},
        )

    def key(row: StandingRow) -> tuple[int, ...]:
        return (row.points, *(row.tie_breaks[code] for code in tie_breaks))

    ordered = sorted(rows.values(), key=lambda row: (tuple(-v for v in key(row)), row.player))
    previous: tuple[int, ...] | None = None
    for index, row in enumerate(ordered, start=1):
        row.rank = ordered[index - 2].rank if previous == key(row) else index
        previous = key(row)
    return ordered
