"""Recording results: one board, corrections, bad text refused, and closing a round."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.conftest import make_event, start
from tournaments.errors import ServiceError
from tournaments.models import Round, Standing
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


def test_close_round_lists_missing_results_and_results_lock_after_close(organiser: User) -> None:
    event = make_event(organiser)
    round1 = start(event, organiser)
    first, second = round1.pairings.all()
    result_services.record_result(first, organiser, "1-0")
    with pytest.raises(ServiceError, match=r"results missing on board 2 \(Bob - Cid\)"):
        result_services.close_round(round1, organiser)
    result_services.record_result(second, organiser, "1/2-1/2")
    result_services.record_result(first, organiser, "0-1")  # a correction
    result_services.close_round(round1, organiser)
    first.refresh_from_db()
    assert (first.white_score, first.black_score, first.results) == (0, 2, "0-1")
    with pytest.raises(ServiceError, match="closed"):
        result_services.record_result(second, organiser, "1-0")


def test_closing_a_round_stores_its_standings_when_it_commits(organiser: User, commit: Any) -> None:
    event = make_event(organiser)
    round1 = start(event, organiser)
    for pairing in round1.pairings.all():
        result_services.record_result(pairing, organiser, "1-0")
    commit(result_services.close_round, round1, organiser)
    assert Round.objects.get(pk=round1.pk).status == Round.Status.CLOSED
    # Ann beat Dan and Bob beat Cid (Berger round 1: 1-4, 2-3).
    stored = Standing.objects.filter(event=event, after_round=1).select_related("registration__player")
    assert sorted((s.registration.player.display_name, s.points) for s in stored) == [
        ("Ann", 2),
        ("Bob", 2),
        ("Cid", 0),
        ("Dan", 0),
    ]


def test_bad_result_text_changes_nothing(organiser: User) -> None:
    pairing = start(make_event(organiser), organiser).pairings.first()
    assert pairing is not None
    with pytest.raises(ServiceError, match="'3-0' is not a result"):
        result_services.record_result(pairing, organiser, "3-0")
    pairing.refresh_from_db()
    assert pairing.white_score is None and pairing.results == ""


def test_the_same_result_again_writes_nothing(organiser: User) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    pairing = start(make_event(organiser), organiser).pairings.exclude(black=None).first()
    assert pairing is not None
    first = result_services.record_result(pairing, organiser, "1-0")
    stamp = first.updated_at
    with CaptureQueriesContext(connection) as queries:
        again = result_services.record_result(pairing, organiser, "1-0")
    assert not [q for q in queries.captured_queries if q["sql"].lstrip().upper().startswith("UPDATE")]
    again.refresh_from_db()
    assert (again.results, again.white_score, again.black_score, again.updated_at) == ("1-0", 2, 0, stamp)
    changed = result_services.record_result(pairing, organiser, "0-1")
    assert (changed.results, changed.white_score, changed.black_score) == ("0-1", 0, 2)
