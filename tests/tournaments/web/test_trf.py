"""TRF through the pages: the download, and the import that creates an event or refuses a bad file."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import RequestFactory

from tests.conftest import make_swiss, start
from tests.tournaments.web.conftest import snapshot, texts, url
from tournaments.models import ByeRequest, Event, Round
from tournaments.results import services as result_services
from tournaments.trf.format import parse_trf
from tournaments.web.views.trf import trf_export

pytestmark = pytest.mark.django_db


def test_trf_view_serves_a_download(organiser) -> None:  # type: ignore[no-untyped-def]
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500", rounds=3, game="dvonn")
    start(event, organiser, "black")
    request = RequestFactory().get("/")
    request.user = organiser  # round 1 is a draft: only its managers see it in the file
    response = trf_export(request, event.slug)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{event.slug}.trf"'
    assert response.content.decode().startswith("012 Dutch Open")


def test_trf_export_then_import_creates_the_event(client, swiss_running) -> None:
    event, owner, rival, _bye, _pair = swiss_running
    anonymous = client.get(url("event-trf", event.slug)).content.decode()
    client.force_login(owner)  # round 1 is a draft: only its managers see it in the file
    response = client.get(url("event-trf", event.slug))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode()
    assert "XXR 4" in text
    # the managers' file: the draft round 1, then round 2's requested half-point bye (the TRF
    # convention for the round to pair); the public file has neither
    assert (parse_trf(text).last_round, parse_trf(anonymous).last_round) == (2, 0)
    page = client.get(url("event-detail", event.slug)).content.decode()
    assert url("event-trf", event.slug) in page and "Download TRF" in page

    client.force_login(rival)
    assert client.get(url("trf-import")).status_code == 200

    upload = SimpleUploadedFile("owner.trf", text.encode(), content_type="text/plain")
    response = client.post(url("trf-import"), {"file": upload, "game": "dvonn", "total_rounds": ""})
    assert response.status_code == 302
    imported = Event.objects.exclude(pk=event.pk).get(name="Owner's Swiss")
    assert response["Location"] == url("event-detail", imported.slug)
    assert "6 players, 1 rounds stored" in texts(response)
    assert imported.organisers.get() == rival and imported.status == Event.Status.RUNNING
    assert imported.rounds == 4 and imported.game == "dvonn"
    assert sorted(imported.registrations.values_list("pairing_number", "player__display_name")) == sorted(
        event.registrations.values_list("pairing_number", "player__display_name")
    )
    # round 1 was paired without results; the bye request and forbidden pair came along
    assert [r.number for r in imported.round_set.all()] == [1]
    assert ByeRequest.objects.filter(registration__event=imported, round_number=2, kind="half").count() == 1
    assert imported.forbidden_pairs.count() == 1


def test_trf_import_refuses_a_file_that_disagrees_with_the_line(client, swiss_running) -> None:
    event, owner, rival, _bye, _pair = swiss_running
    round_1 = Round.objects.get(event=event, number=1)
    for pairing in round_1.pairings.exclude(black=None):
        result_services.record_result(pairing, owner, "1-0")
    result_services.close_round(round_1, owner)
    text = client.get(url("event-trf", event.slug)).content.decode()
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001") and line[80:84].strip() == "1.0")
    # a winner's points (columns 81-84) turned into 2.0
    lines[index] = lines[index][:80] + " 2.0" + lines[index][84:]

    client.force_login(rival)
    before = snapshot()
    upload = SimpleUploadedFile("bad.trf", "\n".join(lines).encode(), content_type="text/plain")
    response = client.post(url("trf-import"), {"file": upload, "game": "dvonn"})
    assert response.status_code == 400
    page = response.content.decode()
    assert (
        f"Line {index + 1}:" in page
        and "but the results add up to 1" in page
        and "Nothing was stored" in page
    )
    assert snapshot() == before

    upload = SimpleUploadedFile("empty.trf", b"012 Nothing here\n", content_type="text/plain")
    response = client.post(url("trf-import"), {"file": upload, "game": "dvonn"})
    assert response.status_code == 400 and "no player lines" in response.content.decode()
    response = client.post(url("trf-import"), {"game": "dvonn"})
    assert response.status_code == 400
    assert snapshot() == before
