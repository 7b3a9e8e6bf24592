"""The TRF export writes the event's tie-breaks (record 202), so that ``manage.py standings_trf``
reading the export ranks the players as the service does (issue 36: three players level on points
read back 1/1/1 from the file while the API ranked them apart).

The event, worked by hand: a Swiss of six (Ann 1900 … Fay 1400), three rounds in which White wins
every game; three players end on 2 points and three on 1, and the Swiss default tie-breaks
(BH-C1, BH, DE, SB: docs/tournaments.md) tell them apart."""

from __future__ import annotations

import json
from collections import Counter
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.conftest import make_swiss, next_round, play_round, start
from tournaments.api.views import standing_rows
from tournaments.trf.io import export_event_text

pytestmark = pytest.mark.django_db


def test_standings_trf_on_the_export_ranks_as_the_service(organiser, commit, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    event = make_swiss(organiser, rounds=3)
    round_ = commit(start, event, organiser)
    commit(play_round, round_, organiser, "1-0")
    for _number in (2, 3):
        round_ = commit(next_round, event, organiser)
        commit(play_round, round_, organiser, "1-0")
    service = {row["name"]: (row["rank"], row["points"]) for row in standing_rows(event)}
    assert Counter(points for _rank, points in service.values()) == {"2": 3, "1": 3}
    for points in ("2", "1"):  # each group of three level players is ranked apart by its tie-breaks
        ranks = sorted(rank for rank, level in service.values() if level == points)
        assert ranks == ([1, 2, 3] if points == "2" else [4, 5, 6])

    text = export_event_text(event)
    assert "\n202 BH-C1, BH, DE, SB\n" in text
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command("standings_trf", str(path), "--json", stdout=out)
    read_back = {row["name"]: row["rank"] for row in json.loads(out.getvalue())}
    assert read_back == {name: rank for name, (rank, _points) in service.items()}
    assert sorted(read_back.values()) == [1, 2, 3, 4, 5, 6]  # not 1/1/1 and 4/4/4: the file's tie-breaks
