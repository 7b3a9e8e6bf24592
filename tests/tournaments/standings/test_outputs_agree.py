"""Every way out of the service gives the same C.07 standings: the page, the API, the CSV download,
the stored standings, and ``standings_trf`` on the exported TRF file; ``recompute_standings``
brings stored standings computed by an older reading up to date.

The event is a 7-player Swiss of 4 rounds with every kind of unplayed round: the pairing-allocated
bye (7 players), a requested half-point bye in round 2, a zero-point bye in round 3, a full-point
bye in the last round, forfeits in rounds 1 and 4 and a withdrawal from round 3. The values
themselves are worked by hand in test_c07.py and test_section16.py; here they must agree.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import make_swiss, next_round, reg, start
from tournaments.models import Event, Pairing, Round, Standing
from tournaments.registration import byes as bye_services
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services
from tournaments.standings.compute import decimal
from tournaments.standings.services import standings
from tournaments.trf.io import export_event_text

pytestmark = pytest.mark.django_db

SEVEN = "Ann 2000\nBob 1900\nCid 1800\nDan 1700\nEve 1600\nFay 1500\nGus 1400"
CODES = ["BH-C1", "BH", "SB", "SB-C1", "KS", "REP", "DE"]


def play(
    round_: Round, organiser: User, commit: Callable[..., Any], forfeit_board: int | None = None
) -> None:
    for pairing in round_.pairings.exclude(black=None).order_by("board"):
        code = "+/-" if pairing.board == forfeit_board else "1-0" if pairing.board % 2 else "1/2-1/2"
        result_services.record_result(pairing, organiser, code)
    commit(result_services.close_round, round_, organiser)


@pytest.fixture
def event(organiser: User, commit: Callable[..., Any]) -> Event:
    event = make_swiss(organiser, SEVEN, rounds=4, tie_breaks=CODES)
    bye_services.request_bye(reg(event, "Bob"), organiser, 2, "half")
    bye_services.request_bye(reg(event, "Cid"), organiser, 3, "zero")
    bye_services.request_bye(reg(event, "Eve"), organiser, 4, "full")
    play(start(event, organiser), organiser, commit, forfeit_board=2)
    play(next_round(event, organiser), organiser, commit)
    registration_services.withdraw(reg(event, "Fay"), organiser, 3)
    play(next_round(event, organiser), organiser, commit)
    play(next_round(event, organiser), organiser, commit, forfeit_board=1)
    event.refresh_from_db()
    return event


def test_the_event_has_every_kind_of_unplayed_round(event: Event) -> None:
    pairings = Pairing.objects.filter(round__event=event)
    assert {p.bye for p in pairings.filter(black=None)} >= {"pab", "half", "zero", "full"}
    assert pairings.filter(results__contains="+/-").count() == 2
    assert event.standings.filter(after_round=4).count() == 7


def stored(event: Event) -> dict[int, dict[str, str]]:
    return {
        s.registration.pairing_number or 0: {"rank": str(s.rank), **s.tie_breaks}
        for s in Standing.objects.filter(event=event, after_round=4).select_related("registration")
    }


def test_page_api_csv_and_trf_give_the_stored_values(event: Event, tmp_path: Any) -> None:
    expected = stored(event)
    # Live, computed now: the same as stored.
    numbers = {r.pk: r.pairing_number for r in event.registrations.all()}
    live = {
        numbers[row.player]: {"rank": str(row.rank), **{c: decimal(c, v) for c, v in row.tie_breaks.items()}}
        for row in standings(event, 4)
    }
    assert live == expected

    # API: numbers.
    api = APIClient().get(f"/api/events/{event.slug}/standings/").json()
    assert {
        row["pairing_number"]: {
            "rank": str(row["rank"]),
            **{c: Decimal(str(v)) for c, v in row["tie_breaks"].items()},
        }
        for row in api
    } == {
        n: {"rank": v["rank"], **{c: Decimal(x) for c, x in v.items() if c != "rank"}}
        for n, v in expected.items()
    }

    # CSV: decimal strings under each code.
    text = Client().get(f"/events/{event.slug}/standings.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {int(r["number"]): {"rank": r["rank"], **{c: r[c] for c in CODES}} for r in rows} == expected

    # The page: each row's rank, number and tie-break cells in the event's order.
    html = Client().get(f"/events/{event.slug}/standings/").content.decode()
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    page = {}
    for row in re.findall(r"<tr.*?</tr>", body, re.S):
        rank, number = re.findall(r'<td class="num (?:strong|opt)">([^<]*)</td>', row)[:2]
        cells = re.findall(r'<td class="num">([^<]*)</td>', row)[: len(CODES)]
        page[int(number)] = {"rank": rank, **dict(zip(CODES, cells, strict=True))}
    assert page == expected

    # The exported TRF file, read back by standings_trf: the same ranks and values.
    path = tmp_path / "event.trf"
    path.write_text(export_event_text(event), encoding="utf-8")
    out = io.StringIO()
    call_command("standings_trf", str(path), "--tie-breaks", ",".join(CODES), "--json", stdout=out)
    from_file = {
        row["number"]: {"rank": Decimal(row["rank"]), **{c: Decimal(str(row[c])) for c in CODES}}
        for row in json.loads(out.getvalue())
    }
    assert from_file == {n: {c: Decimal(v) for c, v in row.items()} for n, row in expected.items()}


def test_recompute_standings_restores_stored_values(event: Event) -> None:
    expected = stored(event)
    # Standings stored by an older reading: other values after every closed round.
    for standing in Standing.objects.filter(event=event):
        standing.tie_breaks = {code: "99.0" for code in standing.tie_breaks}
        standing.save(update_fields=["tie_breaks"])
    out = io.StringIO()
    call_command("recompute_standings", "--event", event.slug, stdout=out)
    assert stored(event) == expected
    assert "4 standings recomputed" in out.getvalue()
    assert not Standing.objects.filter(event=event, tie_breaks__BH="99.0").exists()
