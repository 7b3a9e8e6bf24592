"""Every hand-worked PÜNCT record and position of docs/rules.md gets the verdict written under it.

A record is replayed from the start (``arbiter.registry.replay``); a position is its text, then the
turns played from it through the play API (``arbiter.registry.play``, each naming its ply), then
the status of the position reached. The verdicts were worked by hand from the specification."""

from __future__ import annotations

import re

from arbiter import registry
from arbiter.errors import ArbiterError
from tests.conftest import PROJECT_ROOT


def _section() -> str:
    text = (PROJECT_ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    start = text.index("## PÜNCT")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _told(plies: int, result: object, termination: object, score: tuple[int, int] | None) -> str:
    ended = "unfinished" if result is None else f"{result} by {termination}"
    if score is not None:
        ended += f" (central hexagon {score[0]}-{score[1]})"
    return f"valid, {plies} plies, {ended}."


def test_the_hand_worked_records_get_their_verdicts() -> None:
    found = re.findall(r"```record\n(.*?)```\nVerdict: ([^\n]*)\n", _section(), re.S)
    assert len(found) == 24
    for record, expected in found:
        verdict = registry.replay(record)
        assert verdict.game == "punct"
        if verdict.valid:
            assert _told(verdict.plies, verdict.result, verdict.termination, verdict.score) == expected
        else:
            assert verdict.error is not None and verdict.error.describe() == expected, record


def test_the_hand_worked_positions_get_their_verdicts() -> None:
    found = re.findall(r"```position\n([^\n]*)\n([^\n]*)\n```\nVerdict: ([^\n]*)\n", _section())
    assert len(found) == 9
    for position, turns, expected in found:
        told = ""
        for ply, turn in enumerate(turns.split(), start=1):
            try:
                position = registry.play(position, turn, ply=ply).position
            except ArbiterError as refused:
                told = refused.describe()
                break
        if not told:
            status = registry.status(position)
            told = _told(len(turns.split()), status.result, status.termination, status.score)
        assert told == expected, (position, turns)
