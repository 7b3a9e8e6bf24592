"""Every hand-worked ZÈRTZ position and record of docs/rules.md (ZÈRTZ) gets what is written under it.

A position block (```zertz) names the variant and the player to move, the rings, the marbles, the
pool and the captures; the position text is written from them by the tests' own writer
(tests/arbiter/zertz/support.py) and the engine must accept it. Then each line ``turns => outcome``
plays the turns in order through the play API: the last is refused with the reason written, or the
position after it has the parts written (read back by the tests' own reader) and the status. A
``turns:`` line lists every legal turn, a ``status:`` line the position's own end.
"""

from __future__ import annotations

import re

import pytest

from arbiter import registry
from arbiter.errors import ArbiterError
from tests.arbiter.zertz.support import VARIANTS, position_text, read_text, ring_names
from tests.conftest import PROJECT_ROOT

RESULT_RE = re.compile(r"^(1-0|0-1|1/2-1/2) by ([a-z-]+)$")


def _section() -> str:
    text = (PROJECT_ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    start = text.index("## ZÈRTZ")
    return text[start : text.index("\n## ", start + 1)]


def _blocks() -> list[str]:
    return re.findall(r"```zertz\n(.*?)```", _section(), re.S)


def _triple(text: str) -> tuple[int, int, int]:
    a, b, c = (int(part) for part in text.split("/"))
    return a, b, c


def _captures(text: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    white, black = (part.strip() for part in text.split(","))
    assert white.startswith("White ") and black.startswith("Black ")
    return _triple(white.split()[1]), _triple(black.split()[1])


def _rings(text: str, size: int) -> list[str]:
    if text == "all":
        return ring_names(size)
    return [] if text == "none" else text.split()


def _marbles(text: str) -> dict[str, str]:
    return {} if text == "none" else {marble[1:]: marble[0] for marble in text.split()}


def _start(head: list[str]) -> str:
    game, mover = head[0].split(", ")
    fields = dict(line.split(": ", 1) for line in head[1:])
    size = VARIANTS[game][0]
    white, black = _captures(fields.get("captures", "White 0/0/0, Black 0/0/0"))
    return position_text(
        game,
        _rings(fields["rings"], size),
        [colour + ring for ring, colour in _marbles(fields["marbles"]).items()],
        _triple(fields["pool"]),
        white,
        black,
        {"White to move": "w", "Black to move": "b"}[mover],
    )


def _status_words(position: str) -> str:
    status = registry.status(position)
    if status.ended:
        return f"{status.result} by {status.termination}"
    return ("White", "Black")[status.to_move or 0] + " to move"


def _check_after(position: str, before: str, outcome: str, where: str) -> None:
    *parts, status = outcome.split("; ")
    assert _status_words(position) == status, where
    after, was = read_text(position), read_text(before)
    fields = dict(part.split(": ", 1) for part in parts)
    size = VARIANTS[after.game][0]
    rings = set(_rings(fields["rings"], size)) if "rings" in fields else was.rings
    assert after.rings == rings, where
    if "marbles" in fields:
        assert after.marbles == _marbles(fields["marbles"]), where
    if "pool" in fields:
        assert after.pool == _triple(fields["pool"]), where
    if "captures" in fields:
        assert after.captures == _captures(fields["captures"]), where


def _check_line(start: str, line: str) -> None:
    turns, outcome = line.split(" => ")
    position = start
    played = turns.split()
    for ply, turn in enumerate(played[:-1], start=1):
        position = registry.play(position, turn, ply=ply).position
    if outcome.startswith("refused: "):
        with pytest.raises(ArbiterError) as refused:
            registry.play(position, played[-1])
        assert refused.value.reason == outcome.removeprefix("refused: "), line
        return
    before = position
    position = registry.play(position, played[-1]).position
    _check_after(position, before, outcome, line)


def test_every_hand_worked_position_of_the_rules() -> None:
    blocks = _blocks()
    assert len(blocks) == 13
    lines = 0
    for block in blocks:
        rows = block.strip().splitlines()
        head = [rows[0]] + [
            row for row in rows[1:] if " => " not in row and not row.startswith(("turns:", "status:"))
        ]
        start = _start(head)
        assert registry.start(read_text(start).game)  # a known variant
        for row in rows:
            if row.startswith("turns: "):
                assert {move.notation for move in registry.legal_moves(start)} == set(row[7:].split()), row
            elif row.startswith("status: "):
                assert _status_words(start) == row[8:], row
            elif " => " in row:
                _check_line(start, row)
                lines += 1
    assert lines >= 30


def test_the_hand_worked_records_of_the_rules_get_their_verdicts() -> None:
    found = re.findall(r"```record\n(.*?)```\nVerdict: ([^\n]*)\n", _section(), re.S)
    assert len(found) == 5
    for record, expected in found:
        verdict = registry.replay(record)
        assert verdict.game.startswith("zertz-")
        if verdict.valid:
            ended = "unfinished" if verdict.result is None else f"{verdict.result} by {verdict.termination}"
            assert expected == f"valid, {verdict.plies} plies, {ended}."
        else:
            assert verdict.error is not None and verdict.error.describe() == expected
