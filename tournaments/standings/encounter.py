"""Direct encounter (DE), FIDE C.07 section 6 with 4.2 (pure, no database).

DE ranks a group of players still tied by the points of the games they played among themselves:

- when every two of them met (6.2), the points among them order the group; each subgroup still
  equal is ranked again by the games among its own members only (reapplied, 4.2 / 6.2);
- when not all of them met (6.3), DE separates a player only when the missing games could not
  change it: the top player's points exceed what any other could reach by winning all his
  missing games within the group (and symmetrically at the bottom); the rest is ranked again as a
  smaller group, and what cannot be separated stays tied for the next tie-break.

The value is the number of players of the group ranked below the player by DE (0 when DE does
not separate him); see docs/standings.md.
"""

from __future__ import annotations

from tournaments.standings.field import Field


def _among(data: Field, group: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    """(points scored, games still possible) of each member in games against the others."""
    members = set(group)
    scored = dict.fromkeys(group, 0)
    met: dict[frozenset[int], int] = {}
    for player in group:
        for entry in data.entries(player):
            if data.played(entry) and entry.opponent in members:
                scored[player] += entry.points
                pair = frozenset({player, entry.opponent})
                met[pair] = met.get(pair, 0) + 1
    per_pair = data.cycles
    missing = dict.fromkeys(group, 0)
    for player in group:
        for other in group:
            if other != player:
                # each meeting was counted from both sides
                missing[player] += max(0, per_pair - met.get(frozenset({player, other}), 0) // 2)
    return scored, missing


def tiers(data: Field, group: list[int]) -> list[list[int]]:
    """The group split into ordered tiers by direct encounter (a tier stays tied)."""
    if len(group) <= 1:
        return [list(group)]
    scored, missing = _among(data, group)
    maximum = data.round_maximum()
    if all(count == 0 for count in missing.values()):  # 6.2: all met
        values = sorted({scored[p] for p in group}, reverse=True)
        if len(values) == 1:
            return [sorted(group)]
        result: list[list[int]] = []
        for value in values:
            tier = sorted(p for p in group if scored[p] == value)
            result.extend(tiers(data, tier) if len(tier) < len(group) else [tier])
        return result
    # 6.3: not all met - separate only what the missing games cannot change.
    reach = {p: scored[p] + missing[p] * maximum for p in group}
    for p in group:
        if all(scored[p] > reach[q] for q in group if q != p):
            return [[p], *tiers(data, [q for q in group if q != p])]
    for p in group:
        if all(reach[p] < scored[q] for q in group if q != p):
            return [*tiers(data, [q for q in group if q != p]), [p]]
    return [sorted(group)]


def direct_encounter(data: Field, group: list[int]) -> dict[int, int]:
    """Each member's DE value: how many players of the group DE ranks below him."""
    ordered = tiers(data, group)
    values: dict[int, int] = {}
    below = len(group)
    for tier in ordered:
        below -= len(tier)
        for player in tier:
            values[player] = below
    return values
