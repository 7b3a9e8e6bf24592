"""``manage.py standings_trf`` on small TRF files written here (text and --json).

The file is the 7-player withdrawal example of test_c07.py: the same standings must come out.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.trf.format import TrfDocument, TrfPlayer, TrfRound, write_trf

# (round, white, black, white's letter) and (round, player, bye letter); player 6 leaves after round 3.
GAMES = [
    (1, 1, 4, "1"), (1, 2, 5, "1"), (1, 6, 3, "1"),
    (2, 1, 2, "1"), (2, 6, 7, "="), (2, 4, 3, "1"),
    (3, 1, 6, "1"), (3, 7, 2, "1"), (3, 3, 5, "1"),
    (4, 1, 7, "="), (4, 2, 3, "1"), (4, 4, 5, "1"),
    (5, 1, 5, "1"), (5, 7, 3, "1"), (5, 2, 4, "1"),
]  # fmt: skip
BYES = [(1, 7, "U"), (2, 5, "U"), (3, 4, "U")]
OTHER = {"1": "0", "0": "1", "=": "="}
VALUE = {"1": 2, "=": 1, "0": 0, "U": 2}


def withdrawal_trf(extra: str = "") -> str:
    players = {n: TrfPlayer(number=n, name=f"Player {n}", rating=2000 - 10 * n) for n in range(1, 8)}
    for rnd, white, black, letter in GAMES:
        players[white].rounds[rnd] = TrfRound(black, "w", letter)
        players[black].rounds[rnd] = TrfRound(white, "b", OTHER[letter])
    for rnd, player, letter in BYES:
        players[player].rounds[rnd] = TrfRound(None, None, letter)
    for player in players.values():
        player.points = sum(VALUE[r.code] for r in player.rounds.values())
    document = TrfDocument(name="Withdrawal", total_rounds=5, players=list(players.values()))
    return write_trf(document) + extra


def run(tmp_path, text: str, *args: str) -> str:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command("standings_trf", str(path), *args, stdout=out)
    return out.getvalue()


def test_json_with_the_tie_breaks_given(tmp_path) -> None:
    rows = json.loads(run(tmp_path, withdrawal_trf(), "--tie-breaks", "BH,BH-C1,SB,DE", "--json"))
    # Points: 1 4½, 7 4, 2 and 4 3, 6 1½, 3 and 5 1 (see test_c07.py for every figure).
    assert [(r["rank"], r["number"], r["points"]) for r in rows][:2] == [(1, 1, 4.5), (2, 7, 4.0)]
    first = rows[0]
    assert first["name"] == "Player 1"
    assert list(first) == ["rank", "number", "name", "points", "BH", "BH-C1", "SB", "DE"]
    # C.07 16.3: 6's withdrawn rounds count as draws for his opponents: BH 13½, cut 12½.
    assert (first["BH"], first["BH-C1"]) == (13.5, 12.5)
    # SB of 1: 1x3 (4) + 1x3 (2) + 1x2½ (6) + ½x4 (7) + 1x1 (5) = 11½.
    assert first["SB"] == 11.5 and first["DE"] == 0
    by_number = {r["number"]: r for r in rows}
    assert by_number[3]["BH"] == 13.5 and by_number[6]["BH"] == 12.5 and by_number[6]["BH-C1"] == 11.0
    # DE is a count (an int in JSON): how many of the tied group DE ranks below the player.
    assert isinstance(by_number[2]["DE"], int)


def test_text_uses_record_202_when_no_option(tmp_path) -> None:
    out = run(tmp_path, withdrawal_trf("202 PTS BH:C1 BH SB\n"))
    lines = out.splitlines()
    assert lines[0].split() == ["Rk", "No", "Name", "Pts", "BH-C1", "BH", "SB"]
    first = lines[1].split()
    assert first == ["1", "1", "Player", "1", "4.5", "12.5", "13.5", "11.5"]
    assert len(lines) == 8


def test_unknown_tie_break_is_refused(tmp_path) -> None:
    with pytest.raises(CommandError, match="unknown tie-break"):
        run(tmp_path, withdrawal_trf(), "--tie-breaks", "BH,COIN")


def test_same_figures_as_the_compute_rows(tmp_path) -> None:
    from tests.tournaments.standings.test_c07 import WITHDRAWAL
    from tournaments.standings.compute import compute_standings, number

    expected = compute_standings(list(range(1, 8)), WITHDRAWAL, ["BH", "SB", "WIN", "WON"], 5)
    rows = json.loads(run(tmp_path, withdrawal_trf(), "--tie-breaks", "BH,SB,WIN,WON", "--json"))
    assert [r["number"] for r in rows] == [row.player for row in expected]
    for row, line in zip(expected, rows, strict=True):
        assert [line[c] for c in ("BH", "SB", "WIN", "WON")] == [
            number(c, row.tie_breaks[c]) for c in ("BH", "SB", "WIN", "WON")
        ]
