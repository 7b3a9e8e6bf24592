"""Every page says what it is: a favicon, and titles that tell two records or two boards apart."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders

from games.records import services as game_services
from tests.conftest import make_event, start

pytestmark = pytest.mark.django_db


def _title(html: str) -> str:
    match = re.search(r"<title>(.*?)</title>", html, re.S)
    assert match is not None
    return " ".join(match.group(1).split())


def test_pages_carry_the_favicon(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/").content.decode()
    match = re.search(r'<link rel="icon"[^>]* href="/static/([^"]+)"', page)
    assert match is not None and finders.find(match.group(1))


def test_two_records_and_two_submit_pages_have_titles_of_their_own(client, organiser, commit) -> None:  # type: ignore[no-untyped-def]
    event = make_event(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", game="gipf-standard")
    first, second = start(event, organiser).pairings.exclude(black=None).order_by("board")[:2]
    records = [
        commit(game_services.submit_record, p, organiser, '[Game "GIPF standard"]\n1. z9-z8')
        for p in (first, second)
    ]
    client.force_login(organiser)
    titles = {_title(client.get(f"/games/records/{r.pk}/").content.decode()) for r in records}
    assert len(titles) == 2
    submit = {_title(client.get(f"/games/pairings/{p.pk}/submit/").content.decode()) for p in (first, second)}
    assert submit == {
        f"Submit a record · board {p.board}, round 1 · {event.name} · GIPF project tournaments"
        for p in (first, second)
    }
