"""The tie-breaks of FIDE C.07 (March 2026 text), one small function each, in :data:`REGISTRY`
(pure, no database).

Every tie-break has its C.07 code, name, article and ``scale``: the function returns an exact
value in units of ``1/scale`` (points are half-points, so Buchholz is in half-points, scale 2,
Sonneborn-Berger in quarter-points, scale 4; counts and ratings scale 1). Codes with a modifier
(``BH-C1``, ``BH-M2``, ``SB-C1``, ``PS-C1``, ...) cut per C.07 14, a voluntarily unplayed
round first when its contribution is not lower than the least significant (16.5.1, :func:`cut_one`). DE is a group tie-break (:mod:`tournaments.standings.encounter`).
The rules of unplayed rounds are :mod:`tournaments.standings.field`; the decisions and the text
they rest on are in docs/standings.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from tournaments.core.codes import BYE_HALF, is_unplayed_win
from tournaments.standings import performance
from tournaments.standings.field import Contribution, Field

Value = Callable[[Field, int], Fraction]


def gettext_noop(text: str) -> str:
    """Marks a name for the pages' translation catalogue (``makemessages`` finds the calls by
    this name); this module has no Django: the pages translate the names (``tie_break_name``)."""
    return text


# A modified tie-break's name from its base name (14); marked for the pages' translation catalogue.
MODIFIER_NAMES = {
    "C1": gettext_noop("%(name)s cut 1"),
    "C2": gettext_noop("%(name)s cut 2"),
    "M1": gettext_noop("%(name)s median 1"),
    "M2": gettext_noop("%(name)s median 2"),
}


@dataclass(frozen=True)
class TieBreak:
    """One tie-break: C.07 code, English name (``base_name`` with ``modifier``), article, scale."""

    code: str
    base_name: str
    article: str
    scale: int
    value: Value | None  # None: a group tie-break (DE)
    round_robin: bool = True  # offered for round robins (C.07: BH and its kin are not)
    matches: bool = False  # only for events of 2-game matches
    modifier: str = ""  # the modifier its name is made with: "C1" gives "<base_name> cut 1"

    @property
    def name(self) -> str:
        if not self.modifier:
            return self.base_name
        return str(MODIFIER_NAMES[self.modifier]) % {"name": self.base_name}


# ---------------------------------------------------------------------- modifiers (14, 16.5)


def cut(terms: list[Contribution], modifier: str) -> int:
    """The sum of ``terms`` after the modifier (14): C1/C2 drop the contributions of the 1/2
    lowest-scored opponents, among equally scored ones the lowest contributions (14.1.1), each
    cut as 16.5.1 says (:func:`cut_one`); M1/M2 also drop the 1/2 highest-scored, among equally
    scored ones the highest contributions."""
    if not modifier:
        return sum(t.value for t in terms)
    low = int(modifier[1])
    high = low if modifier[0] == "M" else 0
    rest = list(terms)
    for _ in range(min(low, len(rest))):
        rest.remove(cut_one(rest))
    rest.sort(key=lambda t: (t.score, t.value))
    if high:
        rest = rest[: max(0, len(rest) - high)]
    return sum(t.value for t in rest)


def cut_one(terms: list[Contribution]) -> Contribution:
    """The term one low cut removes (16.5.1 with 14.1.1): the least significant contribution,
    the opponent's with the lowest score (among equally low ones the lowest contribution), unless
    a voluntarily unplayed round contributes no less than it: then that round goes first (of
    several, the least significant). A VUR contributing less stays, so a player never gains by
    the cut of a round he chose not to play. For BH the two are the same (a term is its score);
    for SB a requested bye's half of its dummy can be lower than a beaten opponent's score."""
    least = min(terms, key=lambda t: (t.score, t.value))
    vurs = [t for t in terms if t.vur and t.value >= least.value]
    return min(vurs, key=lambda t: (t.score, t.value)) if vurs else least


# ---------------------------------------------------------------------- own results


def points(data: Field, player: int) -> Fraction:
    return Fraction(data.totals[player])


def win(data: Field, player: int) -> Fraction:
    """WIN: rounds won with or without play: games won, forfeit wins, PAB and full-point byes."""
    count = 0
    for entry in data.entries(player):
        if entry.opponent is None:
            count += is_unplayed_win(entry.bye, has_opponent=False) and entry.points >= data.points.win
        else:
            count += sum(1 for _, letter in data.games(entry) if letter in ("1", "+"))
    return Fraction(count)


def _games_played(data: Field, player: int, counted: Callable[[str, str], bool]) -> Fraction:
    """The games ``player`` played over the board whose colour and result letter are ``counted``."""
    return Fraction(
        sum(
            1
            for entry in data.entries(player)
            if data.played(entry)
            for colour, letter in data.games(entry)
            if counted(colour, letter)
        )
    )


def won(data: Field, player: int) -> Fraction:
    """WON: games won over the board (in a round robin forfeits are games, 15.2)."""
    return _games_played(data, player, lambda _, letter: letter in ("1", "+"))


def black_played(data: Field, player: int) -> Fraction:
    """BPG: games played with Black."""
    return _games_played(data, player, lambda colour, _: colour == "b")


def black_won(data: Field, player: int) -> Fraction:
    """BWG: games won with Black."""
    return _games_played(data, player, lambda colour, letter: colour == "b" and letter in ("1", "+"))


def elected(data: Field, player: int) -> Fraction:
    """REP: rounds the player elected to play (every round that is not a VUR)."""
    return Fraction(sum(1 for entry in data.entries(player) if not data.voluntary(entry)))


def progressive(modifier: str) -> Value:
    def value(data: Field, player: int) -> Fraction:
        running, terms = 0, []
        for entry in data.entries(player):
            running += entry.points
            terms.append(Contribution(running, False, running))
        return Fraction(cut(terms, modifier))

    return value


# ---------------------------------------------------------------------- opponents' scores


def buchholz(modifier: str, fore: bool = False) -> Value:
    def value(data: Field, player: int) -> Fraction:
        source = data.fore if fore else data
        terms = [
            Contribution(score, source.voluntary(entry), score)
            for entry, score in source.opponent_terms(player)
        ]
        return Fraction(cut(terms, modifier))

    return value


def sonneborn_berger(modifier: str) -> Value:
    def value(data: Field, player: int) -> Fraction:
        terms = [
            Contribution(entry.points * score, data.voluntary(entry), score)
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
    """KS (9.2): the points scored against the opponents who scored at least half the maximum.

    The threshold reads the points each opponent actually scored (section 16 adjusts only BH, SB
    and their kin); every round against such an opponent counts, forfeit wins included.
    """
    maximum = data.round_maximum() * data.rounds
    return Fraction(
        sum(
            entry.points
            for entry in data.entries(player)
            if entry.opponent is not None and 2 * data.totals[entry.opponent] >= maximum
        )
    )


# ---------------------------------------------------------------------- 2-game matches


def _match_points(data: Field, player: int) -> int:
    total = 0
    for entry in data.entries(player):
        if entry.opponent is not None:
            theirs = data.opponent_points(entry)
            total += 2 if entry.points > theirs else 1 if entry.points == theirs else 0
        elif is_unplayed_win(entry.bye, has_opponent=False):
            total += 2
        elif entry.bye_kind == BYE_HALF:
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
        TieBreak("PTS", gettext_noop("Points"), "5", 2, points),
        TieBreak("DE", gettext_noop("Direct encounter"), "6", 1, None),
        TieBreak("WIN", gettext_noop("Number of wins (with unplayed wins)"), "7.1", 1, win),
        TieBreak("WON", gettext_noop("Number of games won over the board"), "7.2", 1, won),
        TieBreak("BPG", gettext_noop("Number of games played with Black"), "7.3", 1, black_played),
        TieBreak("BWG", gettext_noop("Number of games won with Black"), "7.4", 1, black_won),
        TieBreak("REP", gettext_noop("Rounds elected to play"), "7.5", 1, elected),
        TieBreak("PS", gettext_noop("Progressive score"), "7.6", 2, progressive("")),
        TieBreak("PS-C1", gettext_noop("Progressive score cut 1"), "7.6, 14", 2, progressive("C1")),
        TieBreak("KS", gettext_noop("Koya"), "9.2", 2, koya),
        TieBreak(
            "AOB", gettext_noop("Average of opponents' Buchholz"), "8.3", 2, average_opponents_buchholz, False
        ),
        TieBreak("ARO", gettext_noop("Average rating of opponents"), "10.1", 1, _rating(performance.aro)),
        TieBreak("TPR", gettext_noop("Tournament performance rating"), "10.2", 1, _rating(performance.tpr)),
        TieBreak("PTP", gettext_noop("Perfect tournament performance"), "10.3", 1, _rating(performance.ptp)),
        TieBreak(
            "APRO",
            gettext_noop("Average performance rating of opponents"),
            "10.4",
            1,
            _rating(performance.apro),
        ),
        TieBreak(
            "APPO",
            gettext_noop("Average perfect performance of opponents"),
            "10.5",
            1,
            _rating(performance.appo),
        ),
        TieBreak("MP", gettext_noop("Match points"), "12", 1, match_points, matches=True),
        TieBreak("GP", gettext_noop("Game points"), "12", 2, points, matches=True),
        TieBreak(
            "MPvGP",
            gettext_noop("Match points versus game points"),
            "12",
            2,
            match_points_v_game_points,
            matches=True,
        ),
    ]
    buchholz_name = gettext_noop("Buchholz")
    fore_name = gettext_noop("Fore Buchholz")
    sonneborn_name = gettext_noop("Sonneborn-Berger")
    for modifier in ("", *MODIFIER_NAMES):
        suffix = f"-{modifier}" if modifier else ""
        cut_article = ", 14" if modifier else ""
        entries += [
            TieBreak(
                f"BH{suffix}",
                buchholz_name,
                "8.1" + cut_article,
                2,
                buchholz(modifier),
                False,
                modifier=modifier,
            ),
            TieBreak(
                f"FB{suffix}",
                fore_name,
                "8.2" + cut_article,
                2,
                buchholz(modifier, True),
                False,
                modifier=modifier,
            ),
            TieBreak(
                f"SB{suffix}",
                sonneborn_name,
                "9.1" + cut_article,
                4,
                sonneborn_berger(modifier),
                modifier=modifier,
            ),
        ]
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
