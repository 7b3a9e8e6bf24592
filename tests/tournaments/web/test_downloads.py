"""Downloads: the standings as CSV (decimals, tie-breaks by their C.07 code)."""

from __future__ import annotations

import csv
import io

import pytest

from tests.conftest import make_event, play_round, start

pytestmark = pytest.mark.django_db


def test_the_standings_download_as_csv_with_decimals_and_codes(client, organiser) -> None:  # type: ignore[no-untyped-def]
    event = make_event(organiser, "Ann 1900\nBob 1800\nCid 1700", game="dvonn")
    round_1 = start(event, organiser)
    play_round(round_1, organiser)  # White wins every game
    response = client.get(f"/events/{event.slug}/standings.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"] == f'attachment; filename="{event.slug}-standings.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["rank", "number", "name", "points", *event.tie_breaks]
    points = {row[2]: row[3] for row in rows[1:]}
    # Berger table for 4 (C.05), round 1: 1-4 and 2-3; number 4 is the dummy, so Ann (1) has the
    # pairing-allocated bye (unscored in a round robin unless the event scores it) and Bob (2, White)
    # beats Cid (3)
    assert points == {"Ann": "0.0", "Bob": "1.0", "Cid": "0.0"}
    assert len(rows) == 4 and all(len(row) == 4 + len(event.tie_breaks) for row in rows)
    assert (
        f"/events/{event.slug}/standings.csv"
        in client.get(f"/events/{event.slug}/standings/").content.decode()
    )
