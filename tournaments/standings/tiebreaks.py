"""The tie-breaks of FIDE C.07 (March 2026 text), one small function each, in :data:`REGISTRY`
(pure, no database).

Every tie-break has its C.07 code, name, article and ``scale``: the function returns an exact
value in units of ``1/scale`` (points are half-points, so Buchholz is in half-points, scale 2,
Sonneborn-Berger in quarter-points, scale 4; counts and ratings scale 1). Codes with a modifier
(``BH-C1``, ``BH-M2``, ``SB-C1``, ``PS-C1``, ...) cut per C.07 14 with the voluntary unplayed
rounds cut first (16.5). DE is a group tie-break (:mod:`tournaments.standings.encounter`).
The rules of unplayed rounds are :mod:`tournaments.standings.field`; the decisions and the text
they rest on are in docs/standings.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from tournaments.standings import performance
from tournaments.standings.field import PAB, Contribution, Field

Value = Callable[[Field, int], Fraction]


@dataclass(frozen=True)
class TieBreak:
    code: str
    name: str
    article: str
    scale: int
    value: Value | None  # None: a group tie-break (DE)
    round_robin: bool = True  # offered for round robins (C.07: BH and its kin are not)
    matches: bool = False  # only for events of 2-game matches


# ---------------------------------------------------------------------- modifiers (14, 16.5)


def cut(terms: list[Contribution], modifier: str) -> int:
    """The sum of ``terms`` after the modifier: C1/C2 drop the 1/2 lowest, M1/M2 also the
    1/2 highest; VURs are dropped first among the lowest (16.5)."""
    if not modifier:
        return sum(t.value for t in terms)
    low = int(modifier[1])
    high = low if modifier[0] == "M" else 0
    ordered = sorted(terms, key=lambda t: (not t.vur, t.value))
    rest = sorted(ordered[low:], key=lambda t: t.value)
    if high:
        rest = rest[: max(0, len(rest) - high)]
    return sum(t.value for t in rest)


# ---------------------------------------------------------------------- own results


def points(data: Field, player: int) -> Fraction:
    return Fraction(data.totals[player])


def win(data: Field, player: int) -> Fraction:
    """WIN: rounds won with or without play: games won, forfeit wins, PAB and full-point byes."""
    count = 0
    for entry in data.entries(player):
        if entry.opponent is None:
            count += entry.bye in (PAB, "F") and entry.points >= data.points.win
        else:
            count += sum(1 for _, letter in data.games(entry) if letter in ("1", "+"))
    return Fraction(count)


def won(data: Field, player: int) -> Fraction:
    """WON: games won over the board (in a round robin forfeits are games, 15.2)."""
    return Fraction(
        sum(
            1
            for entry in data.entries(player)
            if data.played(entry)
            for _, letter in data.games(entry)
            if letter in ("1", "+")
        )
    )


def black_played(data: Field, player: int) -> Fraction:
    """BPG: games played with Black."""
    return Fraction(
        sum(
            1
            for entry in data.entries(player)
            if data.played(entry)
            for colour, _ in data.games(entry)
            if colour == "b"
        )
    )


def black_won(data: Field, player: int) -> Fraction:
    """BWG: games won with Black."""
    return Fraction(
        sum(
            1
            for entry in data.entries(player)
            if data.played(entry)
            for colour, letter in data.games(entry)
            if colour == "b" and letter in ("1", "+")
        )
    )


def elected(data: Field, player: int) -> Fraction:
    """REP: rounds the player elected to play (every round that is not a VUR)."""
    return Fraction(sum(1 for entry in data.entries(player) if not data.voluntary(entry)))


def progressive(modifier: str) -> Value:
    def value(data: Field, player: int) -> Fraction:
        running, terms = 0, []
        for entry in data.entries(player):
            running += entry.points
            terms.append(Contribution(running, False))
        return Fraction(cut(terms, modifier))

    return value


# ---------------------------------------------------------------------- opponents' scores


def buchholz(modifier: str, fore: bool = False) -> Value:
    def value(data: Field, player: int) -> Fraction:
        source = data.fore if fore else data
        terms = [
            Contribution(score, source.voluntary(entry)) for entry, score in source.opponent_terms(player)
        ]
        return Fraction(cut(terms, modifier))

    return value


def sonneborn_berger(modifier: str) -> Value:
    def value(data: Field, player: int) -> Fraction:
        terms = [
            Contribution(entry.points * score, data.voluntary(entry))
            for entry, score in data.opponent_terms(player)
        ]
        return Fraction(cut(terms, modifier))

    return value


def _buchholz_of_all(data: Field) -> dict[int, int]:
    cached = data.memo.get("BH")
    if cached is None:
        plain = buchholz("")
        cached = data.memo["BH"] = {p: int(plain(data, p)) for p in data.players}
    return cached


def average_opponents_buchholz(data: Field, player: int) -> Fraction:
    """AOB: the average Buchholz of the opponents of the games played."""
    values = [_buchholz_of_all(data)[e.opponent or 0] for e in data.entries(player) if data.played(e)]
    return Fraction(sum(values), len(values)) if values else Fraction(0)


def koya(data: Field, player: int) -> Fraction:
    """KS: points scored against opponents with at least half the maximum score (adjusted)."""
    maximum = data.round_maximum() * data.rounds
    terms = data.opponent_terms(player)
    return Fraction(sum(e.points for e, score in terms if data.played(e) and 2 * score >= maximum))


# ---------------------------------------------------------------------- 2-game matches


def _match_points(data: Field, player: int) -> int:
    total = 0
    for entry in data.entries(player):
        if entry.opponent is not None:
            theirs = data.opponent_points(entry)
            total += 2 if entry.points > theirs else 1 if entry.points == theirs else 0
        elif entry.bye in (PAB, "F"):
            total += 2
        elif entry.bye == "H":
            total += 1
    return total


def match_points(data: Field, player: int) -> Fraction:
    """MP: 2 for a match won, 1 drawn, 0 lost (a PAB or full-point bye a match won, H drawn)."""
    return Fraction(_match_points(data, player))


def match_points_v_game_points(data: Field, player: int) -> Fraction:
    """MPvGP: for each match, the game points scored times the opponent's match points."""
    cached = data.memo.get("MP")
    if cached is None:
        cached = data.memo["MP"] = {p: _match_points(data, p) for p in data.players}
    return Fraction(sum(e.points * cached[e.opponent or 0] for e in data.entries(player) if data.played(e)))


def _rating(function: Callable[[Field, int], int]) -> Value:
    def value(data: Field, player: int) -> Fraction:
        return Fraction(function(data, player))

    return value


# ---------------------------------------------------------------------- the registry


def _registry() -> dict[str, TieBreak]:
    entries = [
        TieBreak("PTS", "Points", "5", 2, points),
        TieBreak("DE", "Direct encounter", "6", 1, None),
        TieBreak("WIN", "Number of wins (with unplayed wins)", "7.1", 1, win),
        TieBreak("WON", "Number of games won over the board", "7.2", 1, won),
        TieBreak("BPG", "Number of games played with Black", "7.3", 1, black_played),
        TieBreak("BWG", "Number of games won with Black", "7.4", 1, black_won),
        TieBreak("REP", "Rounds elected to play", "7.5", 1, elected),
        TieBreak("PS", "Progressive score", "7.6", 2, progressive("")),
        TieBreak("PS-C1", "Progressive score cut 1", "7.6, 14", 2, progressive("C1")),
        TieBreak("KS", "Koya", "9.3", 2, koya),
        TieBreak("AOB", "Average of opponents' Buchholz", "8.3", 2, average_opponents_buchholz, False),
        TieBreak("ARO", "Average rating of opponents", "10.1", 1, _rating(performance.aro)),
        TieBreak("TPR", "Tournament performance rating", "10.2", 1, _rating(performance.tpr)),
        TieBreak("PTP", "Perfect tournament performance", "10.3", 1, _rating(performance.ptp)),
        TieBreak("APRO", "Average performance rating of opponents", "10.4", 1, _rating(performance.apro)),
        TieBreak("APPO", "Average perfect performance of opponents", "10.5", 1, _rating(performance.appo)),
        TieBreak("MP", "Match points", "12", 1, match_points, matches=True),
        TieBreak("GP", "Game points", "12", 2, points, matches=True),
        TieBreak(
            "MPvGP", "Match points versus game points", "12", 2, match_points_v_game_points, matches=True
        ),
    ]
    for modifier, label in (
        ("", ""),
        ("C1", " cut 1"),
        ("C2", " cut 2"),
        ("M1", " median 1"),
        ("M2", " median 2"),
    ):
        suffix = f"-{modifier}" if modifier else ""
        article = "8.1" + (", 14" if modifier else "")
        entries.append(TieBreak(f"BH{suffix}", f"Buchholz{label}", article, 2, buchholz(modifier), False))
        entries.append(
            TieBreak(
                f"FB{suffix}",
                f"Fore Buchholz{label}",
                "8.2" + article[3:],
                2,
                buchholz(modifier, True),
                False,
            )
        )
        entries.append(
            TieBreak(
                f"SB{suffix}", f"Sonneborn-Berger{label}", "9.1" + article[3:], 4, sonneborn_berger(modifier)
            )
        )
    return {entry.code: entry for entry in entries}


REGISTRY: dict[str, TieBreak] = _registry()
# The long names events stored before C.07 codes; "wins" counted games won over the board.
LEGACY = {
    "buchholz": "BH",
    "buchholz-cut1": "BH-C1",
    "sonneborn-berger": "SB",
    "direct-encounter": "DE",
    "wins": "WON",
    "progressive": "PS",
}


def canonical(code: str) -> str | None:
    """The registry code of ``code``: a legacy long name, ``BH/C1`` or ``bh:c1`` alike; None if unknown."""
    text = code.strip()
    if text in LEGACY:
        return LEGACY[text]
    text = text.upper().replace("/", "-").replace(":", "-").replace("MPVGP", "MPvGP")
    return text if text in REGISTRY else None
