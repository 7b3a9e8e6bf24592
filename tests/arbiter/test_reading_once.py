"""A record is read once per replay: the engines asking whether it is theirs and the one replaying
it share the reading (arbiter.records.reading_once), and the reading itself is unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter import records, registry
from arbiter.dvonn import replay as dvonn_replay
from arbiter.dvonn.notation import CODECUP, STYLES, all_look_like_moves, looks_like_move
from arbiter.records import parse_tagged, read_once, reading_once

GIPF_RECORD = '[Game "gipf-basic"]\n[White "Ann"]\n\n1. i3-h4 2.i2-h3 3... i1-h2 *\n'
DVONN_RECORD = '[Game "dvonn"]\n\n1. a1 b1 {a comment} 2. c1 *\n'
CODECUP_RECORD = "# game 1\nA1\nB1\nC1\n"


def test_move_numbers_alone_or_glued_are_dropped_and_nothing_else() -> None:
    # hand-worked: "1." and "3..." alone go, "2." and "12." glued to a move leave the move, a
    # number that is no move number (no dot, or inside a token) stays, comments go
    record = parse_tagged('[Event "A \\"club\\" night"]\n\n1. e4 2.d4 3... x12. 12.c1 7 a1-b2 {12. no} 4.\n')
    assert record.tags == {"Event": 'A "club" night'}
    assert record.tokens == ["e4", "d4", "x12.", "c1", "7", "a1-b2"]


def _counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[str]:
    calls: list[str] = []
    read: Callable[[str], object] = getattr(module, name)

    def counted(text: str) -> object:
        calls.append(text)
        return read(text)

    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize(("text", "plies"), [(GIPF_RECORD, 3), (DVONN_RECORD, 3)])
def test_a_tagged_record_is_read_once_per_replay(
    monkeypatch: pytest.MonkeyPatch, text: str, plies: int
) -> None:
    calls = _counting(monkeypatch, records, "_read_tagged")
    verdict = registry.replay(text)
    assert verdict.valid and verdict.plies == plies
    assert calls == [text]
    registry.replay_traced(text)
    assert calls == [text, text]  # once more for the next replay, not kept from the last one


def test_a_dvonn_records_style_is_found_once_per_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch, dvonn_replay, "_detect_style")
    verdict = registry.replay(CODECUP_RECORD)
    assert verdict.game == "dvonn" and verdict.plies == 3
    assert calls == [CODECUP_RECORD]


def test_outside_a_replay_every_reading_reads_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch, records, "_read_tagged")
    parse_tagged(GIPF_RECORD)
    parse_tagged(GIPF_RECORD)
    assert len(calls) == 2


def test_each_caller_gets_its_own_copy_of_the_shared_reading() -> None:
    with reading_once():
        first = parse_tagged(GIPF_RECORD)
        first.tokens.append("a1-b2")
        first.tags["Game"] = "dvonn"
        second = parse_tagged(GIPF_RECORD)
    assert second.tokens == ["i3-h4", "i2-h3", "i1-h2", "*"]
    assert second.tags["Game"] == "gipf-basic"


def test_what_a_reading_raises_is_raised_each_time() -> None:
    def refuse(text: str) -> str:
        raise ValueError(text)

    with reading_once():
        for _ in range(2):
            with pytest.raises(ValueError, match="bad"):
                read_once(refuse, "bad")


_WORDS = st.sampled_from(
    ["A1", "K5", "A1B2", "a1", "a1-b2", "a1b2", "PASS", "pass", "L1", "A6", "A1-B2", "A1B", "x", "٣"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, max_size=5), st.sampled_from(STYLES))
def test_dvonns_moves_are_checked_in_one_match_as_one_by_one(tokens: list[str], style: str) -> None:
    one_by_one = bool(tokens) and all(looks_like_move(token, style) for token in tokens)
    assert all_look_like_moves(tokens, style) == one_by_one


def test_a_codecup_games_words_are_moves_and_others_not() -> None:
    assert all_look_like_moves(["A1", "A1B2", "PASS"], CODECUP)
    assert not all_look_like_moves(["A1", "a1"], CODECUP)  # the Little Golem spelling
    assert not all_look_like_moves(["A1B2C3"], CODECUP)
    assert not all_look_like_moves([], CODECUP)
