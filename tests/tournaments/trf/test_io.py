"""TRF-2026: parsing, refusing files that do not add up, export/import round trips, pair_trf."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import RequestFactory

from tests.conftest import shared_path
from tournaments.events import services as event_services
from tournaments.models import ByeRequest, Event, Pairing, Player, Round
from tournaments.pairing import services as pairing_services
from tournaments.registration import byes as bye_services
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services
from tournaments.trf.format import TrfError, cut_before_round, parse_trf, write_trf
from tournaments.trf.io import export_event, export_event_text, import_event
from tournaments.web.views.trf import trf_export

pytestmark = pytest.mark.django_db

CORPUS = ["t02-p7-r5-d0", "t09-p20-r7-d5", "t18-p64-r8-d30", "t21-p120-r10-d0", "t22-p150-r9-d20"]


@pytest.fixture
def organiser() -> User:
    return User.objects.create_user("olga", password="pw-olga-12345")


def line(number: int, name: str, rating: int, points: str, blocks: list[str]) -> str:
    head = f"001 {number:>4}      {name:<33} {rating:>4}" + " " * 28 + f"{points:>4} {number:>4}  "
    assert len(head) == 91
    return head + "".join(f"{block:<10}" for block in blocks).rstrip()


SMALL = "\n".join(
    [
        "012 Small test",
        line(1, "Ann", 1900, "1.5", ["   3 w 1", "   2 b ="]),
        line(2, "Bob", 1800, "1.5", ["0000 - U", "   1 w ="]),
        line(3, "Cid", 1700, "1.0", ["   1 b 0", "0000 - F"]),
        "XXR 3",
    ]
)


def players_of(document) -> dict:
    return {p.number: (p.name, p.rating, p.points, dict(p.rounds)) for p in document.players}


def test_parse_reads_players_rounds_points_and_records() -> None:
    document = parse_trf(SMALL + "\nXXC black1\nXXP 1 3\n162  W 1.0    D 0.5    L 0.0")
    assert document.total_rounds == 3 and document.top_seed_colour == "black"
    assert document.forbidden_pairs == [(1, 3)]
    assert (document.points.win, document.points.draw, document.points.pab) == (2, 1, 2)
    assert document.player(2).rounds[1].code == "U" and document.player(3).points == 2
    # A half-point pairing-allocated bye: Bob's 1.5 no longer adds up, 1.0 does.
    with pytest.raises(TrfError, match="add up to 1.0"):
        parse_trf(SMALL + "\n162  W 1.0    D 0.5    L 0.0    P 0.5")


def test_points_that_disagree_with_the_results_are_refused_with_the_line() -> None:
    bad = SMALL.replace(
        line(3, "Cid", 1700, "1.0", ["   1 b 0", "0000 - F"]),
        line(3, "Cid", 1700, "2.0", ["   1 b 0", "0000 - F"]),
    )
    assert bad != SMALL
    with pytest.raises(TrfError) as caught:
        parse_trf(bad)
    assert caught.value.line == 4
    assert "2.0 points" in caught.value.reason and "add up to 1.0" in caught.value.reason


@pytest.mark.parametrize(
    ("blocks", "message"),
    [
        (["   9 w 1", "   2 b ="], "opponent 9 is not in the file"),
        (["   3 w Z", "   2 b ="], "bye 'Z' together with opponent 3"),
        (["   3 b 1", "   2 b ="], "both 1 and 3 have 'b'"),
        (["   3 w =", "   2 b ="], "disagrees"),
        (["   3 x 1", "   2 b ="], "colour 'x'"),
        (["   3 w 7", "   2 b ="], "result '7'"),
    ],
)
def test_inconsistent_files_are_refused(blocks: list[str], message: str) -> None:
    text = SMALL.replace(
        line(1, "Ann", 1900, "1.5", ["   3 w 1", "   2 b ="]), line(1, "Ann", 1900, "1.5", blocks)
    )
    with pytest.raises(TrfError, match=message):
        parse_trf(text)


def test_refused_import_stores_nothing(organiser: User) -> None:
    events, players = Event.objects.count(), Player.objects.count()
    with pytest.raises(TrfError):
        import_event(SMALL.replace("XXR 3", "XXR 3\nXXP 1 8"), organiser)
    with pytest.raises(TrfError, match="has no player lines"):
        import_event("012 Empty\n", organiser)
    assert (Event.objects.count(), Player.objects.count()) == (events, players)


def test_write_then_parse_gives_the_same_document() -> None:
    document = parse_trf(SMALL)
    again = parse_trf(write_trf(document))
    assert players_of(again) == players_of(document)


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
    event = event_services.create_event(
        organiser, name="Dutch Open", game="dvonn", pairing_system="swiss-dutch", rounds=3, location="Lier"
    )
    registration_services.register_list(event, organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500")
    round_ = event_services.start_event(event, organiser, top_seed_colour="black")
    pairing_services.pair_round_now(round_.pk)
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
    assert any(" b +" in row or " w +" in row for row in lines) and any(
        " b -" in row or " w -" in row for row in lines
    )
    assert "0000 - U" in text and "0000 - H" in text
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


def test_trf_view_serves_a_download(organiser: User) -> None:
    event = running_swiss(organiser)
    response = trf_export(RequestFactory().get("/"), event.slug)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{event.slug}.trf"'
    assert response.content.decode().startswith("012 Dutch Open")


def write_cut(tmp_path: Path, name: str, round_number: int, keep_xxr: bool = True) -> Path:
    document = parse_trf(shared_path("pairing", "dutch", f"{name}.trf").read_text())
    text = write_trf(cut_before_round(document, round_number))
    if not keep_xxr:
        text = "\n".join(row for row in text.splitlines() if not row.startswith(("XXR", "142")))
    path = tmp_path / f"{name}-r{round_number}.trf"
    path.write_text(text)
    return path


def reference_text(name: str, round_number: int) -> list[str]:
    document = parse_trf(shared_path("pairing", "dutch", f"{name}.trf").read_text())
    pairs = [
        (p.number, e.opponent)
        for p in document.players
        for r, e in p.rounds.items()
        if r == round_number and e.is_game and e.colour == "w"
    ]
    byes = [
        p.number
        for p in document.players
        if p.rounds.get(round_number) and p.rounds[round_number].code == "U"
    ]
    return [str(len(pairs) + len(byes)), *sorted(f"{w} {b}" for w, b in pairs), *(f"{n} 0" for n in byes)]


def test_pair_trf_prints_the_reference_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_cut(tmp_path, "t09-p20-r7-d5", 4)
    call_command("pair_trf", str(path))
    out = capsys.readouterr().out.split("\n")
    out = [row for row in out if row]
    expected = reference_text("t09-p20-r7-d5", 4)
    assert out[0] == expected[0] and sorted(out[1:]) == sorted(expected[1:])
    assert Event.objects.count() == 0  # nothing kept


def test_pair_trf_takes_the_round_count_from_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_cut(tmp_path, "t04-p9-r6-d0", 6, keep_xxr=False)
    call_command("pair_trf", str(path), "--rounds", "6")
    out = [row for row in capsys.readouterr().out.split("\n") if row]
    expected = reference_text("t04-p9-r6-d0", 6)
    assert out[0] == expected[0] and sorted(out[1:]) == sorted(expected[1:])
    assert out[-1].endswith(" 0")


def test_pair_trf_reports_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text(SMALL.replace("   1 w =", "   1 w 1"))
    with pytest.raises(CommandError, match="line 2: round 2: result"):
        call_command("pair_trf", str(path))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("pair_trf", str(tmp_path / "missing.trf"))
    finished = tmp_path / "done.trf"
    finished.write_text(shared_path("pairing", "dutch", "t01-p6-r5-d0.trf").read_text())
    with pytest.raises(CommandError, match="all 5 rounds have been played"):
        call_command("pair_trf", str(finished), "--rounds", "5")
