"""Standings by FIDE C.07: rank players by points, then by the event's tie-breaks in order (pure).

:func:`compute_standings` builds a :class:`~tournaments.standings.field.Field` from the players'
:class:`RoundScore` rows (the stored event and a TRF file give the same rows), evaluates each
tie-break of :data:`tournaments.standings.tiebreaks.REGISTRY`, and ranks: the tie-breaks are
applied in order to the players still tied (C.07 4.1/4.2), DE within each such group
(:mod:`tournaments.standings.encounter`). Players equal after every tie-break share the rank
(drawing of lots is not done here). Values are exact (:class:`~fractions.Fraction` in units of
``1/scale``); :func:`decimal` and :func:`number` give them for display and JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.core.codes import PointSystem
from tournaments.core.errors import StandingsError
from tournaments.core.systems import SWISS_DUTCH, SYSTEMS, PairingSystemSpec
from tournaments.standings.encounter import direct_encounter
from tournaments.standings.field import Field, RoundScore
from tournaments.standings.tiebreaks import LEGACY, REGISTRY, TieBreak, canonical

__all__ = ["RoundScore", "StandingRow", "compute_standings", "default_tie_breaks", "decimal", "number"]

TIE_BREAKS = {code: tie_break.name for code, tie_break in REGISTRY.items()}
SHORT_NAMES = {code: code for code in REGISTRY} | {old: new for old, new in LEGACY.items()}


@dataclass
class StandingRow:
    player: int
    rank: int = 0
    points: int = 0  # half-points
    tie_breaks: dict[str, Fraction] = field(default_factory=dict)  # in units of 1/scale
    games: int = 0  # games played over the board


def tie_break(code: str) -> TieBreak:
    """The registry entry of ``code`` (a C.07 code or a legacy long name); ValueError if unknown."""
    known = canonical(code)
    if known is None:
        raise StandingsError(f"unknown tie-break {code!r}")
    return REGISTRY[known]


def check_tie_breaks(codes: list[str], system: str, games_per_pairing: int = 1) -> list[str]:
    """The list as C.07 codes, each once and offered for the event (raise StandingsError)."""
    result = [tie_break(code).code for code in codes]
    if len(result) != len(set(result)):
        raise StandingsError("each tie-break may be chosen only once")
    allowed = offered(system, games_per_pairing)
    for code in result:
        if code not in allowed:
            raise StandingsError(
                f"{code} is not offered for this event (C.07: BH and its kin are not for round robins; MP, GP, MPvGP need 2-game matches)"
            )
    return result


def _spec(system: str) -> PairingSystemSpec:
    """The spec of ``system``; a key no system has is read as a Swiss event's."""
    return SYSTEMS.get(system) or SYSTEMS[SWISS_DUTCH]


def offered(system: str, games_per_pairing: int = 1) -> dict[str, str]:
    """The tie-breaks an organiser may choose for an event: code -> name (BH and its kin are not
    offered for round robins, match tie-breaks only for 2-game matches)."""
    round_robin = _spec(system).round_robin
    return {
        code: entry.name
        for code, entry in REGISTRY.items()
        if code != "PTS"
        and (entry.round_robin or not round_robin)
        and (not entry.matches or games_per_pairing == 2)
    }


def default_tie_breaks(system: str) -> list[str]:
    """The pairing system's default (``tournaments.core.systems``): round robins DE, SB, WON
    (C.07's recommendation for individual round robins); Swiss BH-C1, BH, DE, SB."""
    return list(_spec(system).default_tie_breaks)


def decimal(code: str, value: Fraction | int | None) -> str:
    """A value for display: ``13.5``, ``27.25``, ``31.0`` for points, ``3`` for counts and ratings."""
    if value is None:
        return ""
    scale = tie_break(code).scale
    return _decimal(Fraction(value) / scale, scale)


def _decimal(value: Fraction, scale: int) -> str:
    if scale == 1 and value.denominator == 1:
        return str(value.numerator)
    places = 1
    while (value * 10**places).denominator != 1 and places < 4:
        places += 1
    scaled = value * 10**places
    rounded = int((2 * scaled + (1 if scaled >= 0 else -1)) // 2) if scaled.denominator != 1 else int(scaled)
    sign = "-" if rounded < 0 else ""
    whole, rest = divmod(abs(rounded), 10**places)
    return f"{sign}{whole}.{rest:0{places}d}"


def points_decimal(half_points: int) -> str:
    return _decimal(Fraction(half_points, 2), 2)


def number(code: str, value: Fraction | int | None) -> int | float | None:
    """A value for JSON: an int for counts, ratings and DE; a float (exact for halves and
    quarters) for points-based values."""
    if value is None:
        return None
    scale = tie_break(code).scale
    real = Fraction(value) / scale
    return real.numerator if scale == 1 and real.denominator == 1 else float(real)


def compute_standings(
    players: list[int],
    scores: list[RoundScore],
    tie_breaks: list[str],
    rounds: int,
    *,
    points: PointSystem | None = None,
    round_robin: bool = False,
    ratings: dict[int, int] | None = None,
    games_per_pairing: int = 1,
    cycles: int = 1,
) -> list[StandingRow]:
    """Rank ``players`` by points then by the tie-breaks in order; equal rows share a rank.

    ``tie_breaks`` are C.07 codes (legacy long names are read too); each row's ``tie_breaks`` is
    keyed by the code as given.
    """
    entries = [(code, tie_break(code)) for code in tie_breaks]
    data = Field.build(players, scores, rounds, points, round_robin, ratings, games_per_pairing, cycles)
    values: dict[str, dict[int, Fraction]] = {}
    for code, entry in entries:
        if entry.value is not None:
            values[code] = {player: entry.value(data, player) for player in players}
    keys: dict[int, list[Fraction]] = {player: [Fraction(data.totals[player])] for player in players}
    for code, entry in entries:
        if entry.value is None:  # DE, within each group still tied (4.2)
            de: dict[int, Fraction] = {}
            for group in _groups(keys):
                de.update({p: Fraction(v) for p, v in direct_encounter(data, group).items()})
            values[code] = de
        for player in players:
            keys[player].append(values[code][player])
    ordered = sorted(players, key=lambda p: ([-v for v in keys[p]], p))
    rows: list[StandingRow] = []
    for index, player in enumerate(ordered, start=1):
        same = index > 1 and keys[ordered[index - 2]] == keys[player]
        rows.append(
            StandingRow(
                player=player,
                rank=rows[-1].rank if same else index,
                points=data.totals[player],
                tie_breaks={code: values[code][player] for code, _ in entries},
                games=sum(1 for e in data.entries(player) if e.opponent is not None and not e.forfeit),
            )
        )
    return rows


def _groups(keys: dict[int, list[Fraction]]) -> list[list[int]]:
    groups: dict[tuple[Fraction, ...], list[int]] = {}
    for player, key in keys.items():
        groups.setdefault(tuple(key), []).append(player)
    return [sorted(group) for group in groups.values()]
