"""``manage.py pair_trf``: a cut corpus file paired from the TRF document, printed as the reference
engines print it; bad files reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import shared_path
from tests.tournaments.trf.support import SMALL
from tournaments.models import Event
from tournaments.trf.format import cut_before_round, parse_trf, write_trf

pytestmark = pytest.mark.django_db


def write_cut(tmp_path: Path, name: str, round_number: int, keep_xxr: bool = True) -> Path:
    document = parse_trf(shared_path("pairing", "dutch", f"{name}.trf").read_text())
    text = write_trf(cut_before_round(document, round_number))
    if not keep_xxr:
        text = "\n".join(row for row in text.splitlines() if not row.startswith(("XXR", "142")))
    path = tmp_path / f"{name}-r{round_number}.trf"
    path.write_text(text)
    return path


def reference_text(name: str, round_number: int) -> list[str]:
    document = parse_trf(shared_path("pairing", "dutch", f"{name}.trf").read_text())
    pairs = [
        (p.number, e.opponent)
        for p in document.players
        for r, e in p.rounds.items()
        if r == round_number and e.is_game and e.colour == "w"
    ]
    byes = [
        p.number
        for p in document.players
        if p.rounds.get(round_number) and p.rounds[round_number].code == "U"
    ]
    return [str(len(pairs) + len(byes)), *sorted(f"{w} {b}" for w, b in pairs), *(f"{n} 0" for n in byes)]


def test_pair_trf_prints_the_reference_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_cut(tmp_path, "t09-p20-r7-d5", 4)
    call_command("pair_trf", str(path))
    out = capsys.readouterr().out.split("\n")
    out = [row for row in out if row]
    expected = reference_text("t09-p20-r7-d5", 4)
    assert out[0] == expected[0] and sorted(out[1:]) == sorted(expected[1:])
    assert Event.objects.count() == 0  # nothing kept


def test_pair_trf_takes_the_round_count_from_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_cut(tmp_path, "t04-p9-r6-d0", 6, keep_xxr=False)
    call_command("pair_trf", str(path), "--rounds", "6")
    out = [row for row in capsys.readouterr().out.split("\n") if row]
    expected = reference_text("t04-p9-r6-d0", 6)
    assert out[0] == expected[0] and sorted(out[1:]) == sorted(expected[1:])
    assert out[-1].endswith(" 0")


def test_pair_trf_reports_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text(SMALL.replace("   1 w =", "   1 w 1"))
    with pytest.raises(CommandError, match="line 2: round 2: result"):
        call_command("pair_trf", str(path))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("pair_trf", str(tmp_path / "missing.trf"))
    finished = tmp_path / "done.trf"
    finished.write_text(shared_path("pairing", "dutch", "t01-p6-r5-d0.trf").read_text())
    with pytest.raises(CommandError, match="all 5 rounds have been played"):
        call_command("pair_trf", str(finished), "--rounds", "5")
