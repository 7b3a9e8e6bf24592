"""TRF in and out of the database: export/import round trips, bye requests, refused imports."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from tests.conftest import make_swiss, shared_path, start
from tests.tournaments.trf.support import SMALL, players_of
from tournaments.core.errors import TrfError
from tournaments.models import ByeRequest, Event, Pairing, Round
from tournaments.registration import byes as bye_services
from tournaments.results import services as result_services
from tournaments.trf.format import cut_before_round, parse_trf, write_trf
from tournaments.trf.io import export_event, export_event_text, import_event

pytestmark = pytest.mark.django_db

CORPUS = ["t02-p7-r5-d0", "t09-p20-r7-d5", "t18-p64-r8-d30", "t21-p120-r10-d0", "t22-p150-r9-d20"]


def test_refused_import_stores_nothing(organiser: User) -> None:
    events, players = Event.objects.count(), Player.objects.count()
    with pytest.raises(TrfError):
        import_event(SMALL.replace("XXR 3", "XXR 3\nXXP 1 8"), organiser)
    with pytest.raises(TrfError, match="has no player lines"):
        import_event("012 Empty\n", organiser)
    assert (Event.objects.count(), Player.objects.count()) == (events, players)


@pytest.mark.parametrize("name", CORPUS)
def test_corpus_import_then_export_keeps_every_player(organiser: User, name: str) -> None:
    text = shared_path("pairing", "dutch", f"{name}.trf").read_text()
    original = parse_trf(text)
    event = import_event(text, organiser)
    assert event.round_set.count() == original.last_round
    exported = export_event(event)
    assert players_of(exported) == players_of(original)
    # The original lines, up to the rank, and every round block come back character for character.
    exported_lines = {line[:8]: line for line in write_trf(exported).splitlines() if line.startswith("001")}
    for raw in text.splitlines():
        if raw.startswith("001"):
            mine = exported_lines[raw[:8]]
            assert mine[14:84] == raw[14:84] and mine[91:] == raw[91:].rstrip()
    # ... and importing the export gives the same event again.
    second = import_event(write_trf(exported), organiser)
    assert export_event_text(second).replace(second.name, "") == export_event_text(event).replace(
        event.name, ""
    )


def test_cut_file_ends_with_requested_byes_that_become_bye_requests(organiser: User) -> None:
    document = parse_trf(shared_path("pairing", "dutch", "t22-p150-r9-d20.trf").read_text())
    half = [(p.number, r) for p in document.players for r, e in p.rounds.items() if e.code == "H"]
    number, round_number = half[0]
    event = import_event(write_trf(cut_before_round(document, round_number)), organiser)
    assert event.round_set.count() == round_number - 1
    request = ByeRequest.objects.get(registration__event=event)
    assert (request.registration.pairing_number, request.round_number, request.kind) == (
        number,
        round_number,
        "half",
    )
    # The export writes it back in the same place.
    exported = export_event(event)
    assert exported.player(number).rounds[round_number].code == "H"


def running_swiss(organiser: User) -> Event:
    event = make_swiss(
        organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500", rounds=3, game="dvonn", location="Lier"
    )
    start(event, organiser, "black")
    return Event.objects.get(pk=event.pk)


def test_export_of_a_stored_event_has_the_records_forfeits_and_byes(organiser: User) -> None:
    event = running_swiss(organiser)
    first = Round.objects.get(event=event, number=1)
    games = list(first.pairings.exclude(black=None).order_by("board"))
    result_services.record_result(games[0], organiser, "1-0")
    result_services.record_result(games[1], organiser, "-/+")
    result_services.close_round(first, organiser)
    dan = event.registrations.get(player__display_name="Dan")
    bye_services.request_bye(dan, organiser, 2, "half")
    text = export_event_text(event)
    lines = text.splitlines()
    assert "142 3" in lines and "152 B" in lines and "XXR 3" in lines and "XXC black1" in lines
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0" in lines
    # Round 1 with Black for the top seed: 3-1 and 2-4, 5 has the bye. Cid (3) beat Ann; Bob (2)
    # lost to Dan (4) by forfeit; Dan asked for a half-point bye in round 2.
    assert [(p.white.pairing_number, p.black.pairing_number) for p in games] == [(3, 1), (2, 4)]
    rounds_of = {int(row[4:8]): row[91:] for row in lines if row.startswith("001")}
    assert rounds_of == {
        1: "   3 b 0",
        2: "   4 w -",
        3: "   1 w 1",
        4: "   2 b +  0000 - H",
        5: "0000 - U",
    }
    assert "Z" not in "".join(row[91:] for row in lines if row.startswith("001"))
    # Round trip through the file keeps the bye request, the forfeit and the bye.
    again = import_event(text, organiser)
    assert ByeRequest.objects.filter(registration__event=again, round_number=2, kind="half").count() == 1
    assert Pairing.objects.filter(round__event=again, source="forfeit").count() == 1
    assert Pairing.objects.filter(round__event=again, bye="pab").count() == 1


def test_paired_round_without_results_exports_blank_results_and_imports_as_paired(organiser: User) -> None:
    event = running_swiss(organiser)
    document = export_event(event)
    assert {e.code for p in document.players for e in p.rounds.values() if e.is_game} == {""}
    again = import_event(write_trf(document), organiser)
    assert again.round_set.get(number=1).status == Round.Status.PAIRED
