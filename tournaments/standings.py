"""Standings with tie-breaks: pure functions over the results of an event (no database).

Tie-break codes (applied in the event's order after points):

- ``buchholz``: sum of the opponents' points;
- ``buchholz-cut1``: the same without the lowest opponent score;
- ``sonneborn-berger``: opponents' points weighted by the points scored against them;
- ``direct-encounter``: points scored in games among the players still tied on points;
- ``wins``: games won over the board (forfeits and byes excluded);
- ``progressive``: sum of the running score after each round.

Unplayed rounds (byes, forfeits, absence) count for Buchholz and Sonneborn-Berger as a game
against a virtual opponent whose score equals the player's own (see docs/rules.md).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

TIE_BREAKS = {
    "buchholz": "Buchholz",
    "buchholz-cut1": "Buchholz cut 1",
    "sonneborn-berger": "Sonneborn-Berger",
    "direct-encounter": "Direct encounter",
    "wins": "Wins",
    "progressive": "Progressive score",
}
SHORT_NAMES = {
    "buchholz": "BH",
    "buchholz-cut1": "BH-C1",
    "sonneborn-berger": "SB",
    "direct-encounter": "DE",
    "wins": "WIN",
    "progressive": "PS",
}


def default_tie_breaks(system: str) -> list[str]:
    if system in ("round-robin", "double-round-robin"):
        return ["direct-encounter", "sonneborn-berger", "wins"]
    return ["buchholz-cut1", "buchholz", "direct-encounter", "sonneborn-berger"]


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


def compute_standings(
    players: list[int], scores: list[RoundScore], tie_breaks: list[str], rounds: int
) -> list[StandingRow]:
    """Rank ``players`` by points then by the tie-breaks in order; equal rows share a rank."""
    unknown = [code for code in tie_breaks if code not in TIE_BREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break {unknown[0]!r}")
    by_player: dict[int, dict[int, RoundScore]] = defaultdict(dict)
    for score in scores:
        by_player[score.player][score.round] = score
    totals = {player: sum(s.points for s in by_player[player].values()) for player in players}

    rows = {player: StandingRow(player=player, points=totals[player]) for player in players}
    for player in players:
        row = rows[player]
        played = [s for s in by_player[player].values() if s.opponent is not None]
        row.games = len(played)
        opponent_scores = []
        sb = 0
        for number in range(1, rounds + 1):
            entry = by_player[player].get(number)
            if entry is not None and entry.opponent is not None:
                opponent_total = totals.get(entry.opponent, 0)
                opponent_scores.append(opponent_total)
                sb += entry.points * opponent_total
            else:
                # virtual opponent with the player's own score
                opponent_scores.append(totals[player])
                sb += (entry.points if entry else 0) * totals[player]
        running = progressive = 0
        for number in range(1, rounds + 1):
            running += by_player[player][number].points if number in by_player[player] else 0
            progressive += running
        values = {
            "buchholz": sum(opponent_scores),
            "buchholz-cut1": sum(opponent_scores) - (min(opponent_scores) if opponent_scores else 0),
            "sonneborn-berger": sb,
            "wins": sum(1 for s in played if s.won),
            "progressive": progressive,
        }
        row.tie_breaks = {code: values[code] for code in tie_breaks if code != "direct-encounter"}

    if "direct-encounter" in tie_breaks:
        groups: dict[int, list[int]] = defaultdict(list)
        for player in players:
            groups[totals[player]].append(player)
        for group in groups.values():
            members = set(group)
            for player in group:
                rows[player].tie_breaks["direct-encounter"] = sum(
                    s.points for s in by_player[player].values() if s.opponent in members
                )

    def key(row: StandingRow) -> tuple[int, ...]:
        return (row.points, *(row.tie_breaks[code] for code in tie_breaks))

    ordered = sorted(rows.values(), key=lambda row: (tuple(-v for v in key(row)), row.player))
    previous: tuple[int, ...] | None = None
    for index, row in enumerate(ordered, start=1):
        row.rank = ordered[index - 2].rank if previous == key(row) else index
        previous = key(row)
    return ordered
