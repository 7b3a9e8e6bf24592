"""``recompute_ratings`` equals the incremental figures: two GIPF events sharing players, their
rounds closed in turn (so each event's ratings start from the other's), and a DVONN event left alone."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from tests.conftest import make_event, next_round, start
from tournaments.models import Event, Rating, RatingChange, Round
from tournaments.pairing.edits import publish_round
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db

RESULTS = ["1-0", "0-1", "1/2-1/2", "+/-", "0-1", "1-0"]


def play(round_: Round, organiser: User, commit: Any, offset: int) -> None:
    """Results taken in turn from RESULTS (a forfeit among them), then the round is closed and
    rated as the task after a close does."""
    for index, pairing in enumerate(round_.pairings.exclude(black=None).order_by("board")):
        result_services.record_result(pairing, organiser, RESULTS[(index + offset) % len(RESULTS)])
    commit(result_services.close_round, round_, organiser)


def snapshot() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    ratings = sorted(Rating.objects.values_list("player_id", "family", "rating", "rated_games"))
    changes = sorted(
        RatingChange.objects.values_list("player_id", "family", "round_id", "before", "after", "games")
    )
    return ratings, changes


def test_recompute_equals_incremental(organiser: User, commit: Any) -> None:
    a = make_event(organiser, "Ann 1900\nBob 1700\nCid 1600\nDan 1500", name="A", game="gipf-basic")
    b = make_event(
        organiser, "Ann 1900\nBob 1700\nEve 1650\nFay 1450\nGus", name="B", game="gipf-standard",
        pairing_system="swiss-dutch", rounds=3,
    )  # fmt: skip
    d = make_event(organiser, "Ann 1800\nHal 1600", name="D", game="dvonn")
    play(start(a, organiser), organiser, commit, 0)
    play(start(b, organiser), organiser, commit, 1)
    play(start(d, organiser), organiser, commit, 2)
    for number in (2, 3):
        play(next_round(a, organiser), organiser, commit, number)
        round_b = next_round(b, organiser)
        publish_round(round_b, organiser)
        play(round_b, organiser, commit, number + 1)
    assert Round.objects.filter(status="closed").count() == 7
    incremental = snapshot()
    assert {row[1] for row in incremental[0]} == {"gipf", "dvonn"}
    # the events share Ann and Bob: B's rounds start from A's figures and the reverse
    ann = RatingChange.objects.filter(player__display_name="Ann", family="gipf").order_by("round__closed_at")
    assert {c.round.event_id for c in ann} == {a.pk, b.pk}
    assert all(x.after == y.before for x, y in zip(ann, list(ann)[1:], strict=False))
    assert Event.objects.get(pk=b.pk).registrations.get(player__display_name="Ann").rating == 1900

    Rating.objects.filter(family="gipf").update(rating=1000, rated_games=99)  # spoil the GIPF list
    RatingChange.objects.filter(family="gipf").delete()
    out = StringIO()
    call_command("recompute_ratings", "--family", "gipf", stdout=out)
    assert "GIPF: 6 rating periods recomputed" in out.getvalue()
    assert snapshot() == incremental
    call_command("recompute_ratings", stdout=StringIO())  # both families, again: nothing moves
    assert snapshot() == incremental
