"""Every hand-worked record and position of docs/rules.md (LYNGK) gets the verdict written under it.

The records start from the specification's S1 (its ``[Setup]`` is written once in the docs); each
``Verdict:`` line is the verdict told as :func:`tests.arbiter.lyngk.support.described` tells it.
Under each position: ``Decisions:`` the decisions of the player to move, ``Over:`` the result and
the stacks of five won, ``Refused:`` decisions played in turn, the last refused with the reason
given, ``After:`` decisions played in turn and the decisions that follow (or ``over`` and the
result). Every position is also judged by the plain walk (tests/arbiter/lyngk/plain.py), which
shares no code with the engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter import registry
from arbiter.errors import ArbiterError
from tests.arbiter.lyngk import plain
from tests.arbiter.lyngk.support import S1, described, record

SECTION = (Path(__file__).resolve().parents[3] / "docs" / "rules.md").read_text(encoding="utf-8")
SECTION = SECTION[SECTION.index("## LYNGK") :].split("\n## ", 1)[0]
RECORDS = re.findall(r"```record\n(.*?)```\nVerdict: ([^\n]*)\n", SECTION, re.S)
POSITIONS = re.findall(r"```position\n(.*?)\n```\n((?:[A-Z][a-z]+[^\n]*\n)+)", SECTION, re.S)


def test_the_docs_hold_the_hand_worked_cases() -> None:
    assert len(RECORDS) == 25
    assert len(POSITIONS) == 12


def test_the_docs_write_s1_as_the_specification_does() -> None:
    written = re.search(r"stands for `(.*?)`\)", SECTION, re.S)
    assert written is not None and " ".join(written.group(1).split()) == S1


@pytest.mark.parametrize(("moves", "expected"), RECORDS, ids=[f"record-{n}" for n in range(len(RECORDS))])
def test_each_hand_worked_record_gets_its_verdict(moves: str, expected: str) -> None:
    assert described(record(moves.strip())) == expected


def _play(position: str, decisions: list[str]) -> str:
    for decision in decisions:
        position = registry.play(position, decision).position
    return position


def _over(position: str) -> str:
    status = registry.status(position)
    assert status.ended and status.score is not None
    return f"{status.result}, stacks of five {status.score[0]}-{status.score[1]}"


def _check(position: str, line: str) -> None:
    word, _, rest = line.partition(": ")
    if word == "Decisions":
        assert [move.notation for move in registry.legal_moves(position)] == rest.split()
    elif word == "Over":
        assert _over(position) == rest
    elif word == "Refused":
        written, _, reason = rest.partition(": ")
        *before, refused = written.split()
        with pytest.raises(ArbiterError) as caught:
            registry.play(_play(position, before), refused)
        assert caught.value.reason == reason
    else:
        assert word.startswith("After "), line
        after = _play(position, word[len("After ") :].split())
        if rest.startswith("over "):
            assert _over(after) == rest[len("over ") :]
        else:
            assert [move.notation for move in registry.legal_moves(after)] == rest.split()


@pytest.mark.parametrize(("text", "lines"), POSITIONS, ids=[f"position-{n}" for n in range(len(POSITIONS))])
def test_each_hand_worked_position_gets_its_decisions(text: str, lines: str) -> None:
    for line in lines.strip().splitlines():
        _check(text.strip(), line)


@pytest.mark.parametrize(("text", "lines"), POSITIONS, ids=[f"position-{n}" for n in range(len(POSITIONS))])
def test_the_plain_walk_agrees_on_each_position(text: str, lines: str) -> None:
    position = text.strip()
    state = plain.from_position(position)
    engine = sorted(move.notation for move in registry.legal_moves(position))
    assert sorted(plain.notation(decision) for decision in plain.decisions(state)) == engine
    if not engine:
        assert plain.result(state) == str(registry.status(position).result)
