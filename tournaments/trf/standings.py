"""The standings of a TRF file by FIDE C.07, straight from the document (pure, no database).

Mirrors :mod:`tournaments.trf.pairing`: each round block becomes the
:class:`~tournaments.standings.field.RoundScore` the stored event gives (opponent, colour, the
points the file's record 162 gives its letter, forfeit for ``+``/``-``, the bye letter), rounds
after a line stops early are a withdrawal, a final round of H/F/Z entries only (byes requested
for the next round) is not a played round. The tie-break list is the ``--tie-breaks`` option or
record 202; the event is a round robin when record 092 says so. ``manage.py standings_trf``
prints :func:`as_text` or :func:`as_json`; docs/standings.md describes both formats.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from tournaments.core.codes import CODE_OF_LETTERS, GAME_LETTERS
from tournaments.core.errors import StandingsError, TrfError
from tournaments.standings.compute import (
    StandingRow,
    compute_standings,
    decimal,
    number,
    points_decimal,
    tie_break,
)
from tournaments.standings.field import ABSENCE, RoundScore
from tournaments.trf.format import TrfDocument, TrfPlayer, outline_of, parse_trf

NORMAL = {"W": "1", "D": "=", "L": "0"}
SEPARATORS = re.compile(r"[\s,;]+")


def tie_breaks_of(text: str) -> list[str]:
    """The codes of record 202 (``202 BH:C1, BH, SB, DE``; PTS, the score itself, is skipped)."""
    codes: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        if raw.startswith("202"):
            codes.extend(code for code in SEPARATORS.split(raw[3:].strip()) if code)
    return [code for code in codes if code.upper() != "PTS"]


def parse_codes(option: str) -> list[str]:
    """``--tie-breaks BH,BH-C1,SB,DE`` as a list of C.07 codes (raise StandingsError if unknown)."""
    codes = [code for code in SEPARATORS.split(option.strip()) if code and code.upper() != "PTS"]
    return [tie_break(code).code for code in codes]


def _scores(document: TrfDocument, player: TrfPlayer, played: int, gone_from: int | None) -> list[RoundScore]:
    scores = []
    for round_number in range(1, played + 1):
        entry = player.rounds.get(round_number)
        if entry is None:
            withdrawn = gone_from is not None and round_number >= gone_from
            scores.append(RoundScore(round_number, player.number, 0, bye=ABSENCE, withdrawn=withdrawn))
            continue
        points = document.points.of(entry)
        if not entry.is_game:
            scores.append(RoundScore(round_number, player.number, points, bye=entry.code))
            continue
        opponent = document.player(entry.opponent or 0)
        theirs = opponent.rounds[round_number]
        if entry.code == "" or theirs.code == "":
            raise TrfError(player.line, f"round {round_number} has a game without a result")
        mine = NORMAL.get(entry.code, entry.code)
        other = NORMAL.get(theirs.code, theirs.code)
        white, black = (mine, other) if entry.colour == "w" else (other, mine)
        code = CODE_OF_LETTERS[(white, black)]
        letter = GAME_LETTERS[code][0 if entry.colour == "w" else 1]
        scores.append(
            RoundScore(
                round_number,
                player.number,
                points,
                opponent.number,
                points > document.points.of(theirs),
                colour=entry.colour or "",
                forfeit=letter in ("+", "-"),
                games=(letter,),
            )
        )
    return scores


@dataclass
class TrfStandings:
    codes: list[str]
    rows: list[StandingRow]
    names: dict[int, str]
    after_round: int


def standings_of(text: str, codes: list[str] | None = None) -> TrfStandings:
    """The standings after the file's last played round. Raises TrfError or StandingsError."""
    document = parse_trf(text)
    outline = outline_of(document)
    played = outline.played
    chosen = codes if codes is not None else [tie_break(code).code for code in tie_breaks_of(text)]
    kind = document.kind.lower()
    round_robin = "robin" in kind or "berger" in kind or bool(re.search(r"\brr\b", kind))
    scores: list[RoundScore] = []
    for player in document.players:
        scores.extend(_scores(document, player, played, outline.withdrawn_from(player)))
    rows = compute_standings(
        [p.number for p in document.players],
        scores,
        chosen,
        played,
        points=document.points,
        round_robin=round_robin,
        ratings={p.number: p.rating for p in document.players},
        cycles=2 if round_robin and "double" in kind else 1,
    )
    return TrfStandings(chosen, rows, {p.number: p.name for p in document.players}, played)


def as_text(result: TrfStandings) -> str:
    """One line per player in final order: rank, pairing number, name, points, each tie-break."""
    head = f"{'Rk':>4} {'No':>4}  {'Name':<33} {'Pts':>6}" + "".join(f" {code:>8}" for code in result.codes)
    lines = [head]
    for row in result.rows:
        values = "".join(f" {decimal(code, row.tie_breaks[code]):>8}" for code in result.codes)
        lines.append(
            f"{row.rank:>4} {row.player:>4}  {result.names[row.player][:33]:<33} {points_decimal(row.points):>6}{values}"
        )
    return "\n".join(lines) + "\n"


def as_json(result: TrfStandings) -> str:
    """A list of objects in final order: rank, number, name, points and one key per code."""
    objects = []
    for row in result.rows:
        item: dict[str, object] = {
            "rank": row.rank,
            "number": row.player,
            "name": result.names[row.player],
            "points": row.points / 2,
        }
        for code in result.codes:
            item[code] = number(code, row.tie_breaks[code])
        objects.append(item)
    return json.dumps(objects, ensure_ascii=False)


__all__ = [
    "StandingsError",
    "TrfStandings",
    "as_json",
    "as_text",
    "parse_codes",
    "standings_of",
    "tie_breaks_of",
]
