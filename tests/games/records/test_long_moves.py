"""A refused record keeps its offending move whatever its length (a 200-character column once left
such records pending for ever on PostgreSQL)."""

from __future__ import annotations

import pytest

from games.models import SubmittedRecord
from games.records import services as game_services
from tests.conftest import make_event, start

pytestmark = pytest.mark.django_db


def test_a_move_of_over_200_characters_is_stored_with_the_refusal(organiser, commit) -> None:  # type: ignore[no-untyped-def]
    event = make_event(organiser, "Ann 1900\nBob 1800", game="gipf-standard")
    pairing = start(event, organiser).pairings.exclude(black=None).get()
    move = "b1-b3" * 50
    record = commit(game_services.submit_record, pairing, organiser, f'[Game "GIPF standard"]\n1. {move}')
    record = SubmittedRecord.objects.get(pk=record.pk)
    assert record.status == SubmittedRecord.Status.INVALID
    assert record.error_move == move and len(record.error_move) == 250
