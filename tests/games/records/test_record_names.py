"""The players a record names (docs/rules.md, "Records of both games", decision R2): a name must be
one of the game's player's names, except `?` (unknown) and `-` (not given), which name nobody and
so are never checked; any other text, `??` or `Unknown` included, is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from arbiter import registry
from games.models import SubmittedRecord
from tests.games.records.test_confirmation import Board, make_board

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


@pytest.mark.parametrize(
    ("white", "black", "valid"),
    [
        ("Ann", "Bob", True),
        ("?", "?", True),
        ("-", "Bob", True),
        ("ann", "?", True),  # names are compared ignoring case
        ("??", "Bob", False),
        ("Unknown", "Bob", False),
        ("Bob", "Ann", False),  # the colours swapped
    ],
)
def test_names_question_mark_and_dash_name_nobody(board: Board, white: str, black: str, valid: bool) -> None:
    record = board.submit(board.ann, registry.random_record("dvonn", 5, {"White": white, "Black": black}))
    assert (record.status == SubmittedRecord.Status.VALID) is valid, record.error_reason
    if not valid:
        assert f"the record names “{white if white not in ('ann', '-') else black}”" in record.error_reason
