"""A backlog verified in batches (``games.records.services.verify_pending``, the task of each submission):
the first task verifies the pending records with its own, in one transaction, each judged as it is
alone; one record's failure or a replay past the time limit holds no other back.

The DVONN round robin of ``test_confirmation`` with four players: round 1 is Ann–Bob on board 1 and
Cid–Dan on board 2 (Ann and Bob have accounts; Olga organises, Ada arbitrates). The records are
random legal games of the arbiter's generator whose tags state the result: seed 5 ends 0-1, seed 0
ends 1-0. Records are submitted while the broker is down (their tasks never run), then one task runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from billiard.exceptions import SoftTimeLimitExceeded
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Notice
from arbiter import registry
from games.models import Game, SubmittedRecord
from games.records import confirmation, services, tasks
from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board
from tests.tournaments.test_work_and_sweep import broker_down
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

CID_WINS = registry.random_record("dvonn", 0, {"White": "Cid", "Black": "Dan"})
PENDING, VALID = SubmittedRecord.Status.PENDING, SubmittedRecord.Status.VALID


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks, "Ann 1900\nCid 1800\nDan 1700\nBob 1600")


def _second(board: Board) -> Pairing:
    pairing = Pairing.objects.get(round=board.round, white__player__display_name="Cid")
    assert pairing.black is not None and pairing.black.player.display_name == "Dan"
    return pairing


def _backlog(board: Board) -> list[SubmittedRecord]:
    """Ann's record of board 1 (Bob wins) and Olga's of board 2 (Cid wins), both pending."""
    with broker_down(tasks.verify_record_task):
        records = [
            services.submit_record(board.pairing, board.ann, BLACK_WINS),
            services.submit_record(_second(board), board.olga, CID_WINS),
        ]
    assert [SubmittedRecord.objects.get(pk=r.pk).status for r in records] == [PENDING, PENDING]
    return records


def _record_notices() -> Any:
    """The notices of the records (the players' notices of round 1's publication left out)."""
    return Notice.objects.exclude(kind=Notice.ROUND_PUBLISHED)


def _status(record: SubmittedRecord) -> str:
    return str(SubmittedRecord.objects.get(pk=record.pk).status)


def test_the_first_task_verifies_the_backlog_each_as_alone(board: Board) -> None:
    first, second = _backlog(board)
    with CaptureQueriesContext(connection) as queries:
        assert tasks.verify_record_task(first.pk) == VALID
    assert _status(second) == VALID
    # each judged as alone: a player's record provisional, the organiser's official at once
    games = {g.pairing_game.pairing_id: g for g in Game.objects.select_related("pairing_game")}
    assert (games[board.pairing.pk].state, games[board.pairing.pk].result) == ("provisional", "0-1")
    assert (games[_second(board).pk].state, games[_second(board).pk].result) == ("official", "1-0")
    assert Pairing.objects.get(pk=board.pairing.pk).results == "0-1"
    assert Pairing.objects.get(pk=_second(board).pk).results == "1-0"
    # the notices of both, written once: board 1's to Bob, Olga and Ada (not Ann, who submitted it),
    # board 2's (players without accounts) to Ada only (Olga submitted it)
    told = sorted(_record_notices().values_list("recipient__username", "text"))
    assert [name for name, _ in told] == ["ada", "ada", "bob", "olga"]
    assert all("Ann submitted a record" in text for name, text in told if name in ("bob", "olga"))
    assert sum("Olga submitted a record" in text and "board 2" in text for _, text in told) == 1
    # a batch's own (the record's status with the pending ones, the claims and their release on
    # PostgreSQL, the records read, the transaction, the rounds, pairings and games locked, the records
    # locked, which games have an official submission, the event's officials, the verdicts in one
    # statement, the recipients, the notices, its end: 15) and each record's (the game, the pairing's
    # result: 2); two alone take 28 (14 each, test_confirmation)
    assert len(queries) <= 15 + 2 * 2, "\n".join(query["sql"][:120] for query in queries)
    # the second record's own task finds it verified and changes nothing
    assert tasks.verify_record_task(second.pk) == VALID
    assert _record_notices().count() == 4


def test_a_record_that_fails_in_a_batch_holds_no_other_back(board: Board) -> None:
    first, second = _backlog(board)
    real = confirmation.take_verified

    def failing(record: SubmittedRecord, game: Game) -> None:
        if record.pk == second.pk:
            raise RuntimeError("a failure of this record alone")
        real(record, game)

    with mock.patch.object(confirmation, "take_verified", side_effect=failing):
        assert tasks.verify_record_task(first.pk) == VALID
        assert _status(second) == PENDING  # left to its own task (and the sweep)
        with pytest.raises(RuntimeError):
            tasks.verify_record_task(second.pk)
    assert tasks.verify_record_task(second.pk) == VALID


def test_a_later_replay_past_the_time_limit_is_left_pending_not_refused(board: Board) -> None:
    first, second = _backlog(board)
    real = registry.replay

    def slow_second(text: str, game: str | None = None) -> Any:
        if '[White "Cid"]' in text:
            raise SoftTimeLimitExceeded()
        return real(text, game)

    with (
        mock.patch("arbiter.registry.replay", side_effect=slow_second),
        broker_down(tasks.verify_record_task) as queued,
    ):
        assert tasks.verify_record_task(first.pk) == VALID
    assert _status(second) == PENDING
    queued.assert_called_once_with(second.pk)  # queued again: its own task may have come and gone
    # its own task, alone, is the one a time limit refuses it in
    with mock.patch("arbiter.registry.replay", side_effect=slow_second):
        assert tasks.verify_record_task(second.pk) == SubmittedRecord.Status.INVALID
    assert "took longer than" in SubmittedRecord.objects.get(pk=second.pk).error_reason


def test_a_record_another_verification_holds_is_left_to_it(board: Board) -> None:
    from django.db import connections

    if connection.vendor != "postgresql":
        pytest.skip("the claims are PostgreSQL's advisory locks (SQLite has one writer)")
    first, second = _backlog(board)
    other = connections.create_connection("default")  # another worker process's connection
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s, %s)", [services.CLAIM_LOCK_CLASS, second.pk])
            cursor.execute("SELECT pg_backend_pid()")
            holder = cursor.fetchone()[0]
        assert tasks.verify_record_task(first.pk) == VALID
        assert _status(second) == PENDING  # its holder verifies it
        assert tasks.verify_record_task(second.pk) == PENDING  # even its own task leaves it
    finally:
        other.close()  # the holder gone: its claims with it
    _wait_until_gone(holder)
    assert tasks.verify_record_task(second.pk) == VALID


def _wait_until_gone(holder: int) -> None:
    """Wait until the server process of a closed connection has let its advisory locks go: closing
    tells the server, whose process ends a moment later (a lock tried at once was still held in about
    four tries of ten on a quiet machine)."""
    for _ in range(500):
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = %s", [holder])
            if cursor.fetchone()[0] == 0:
                return
        time.sleep(0.01)
    pytest.fail(f"the server process {holder} still holds its advisory locks after 5 s")
