"""Pasted lists and TRF files mean stored players: by identification number, exact name, rating, or the
organiser's choice; never a silent ``name-2`` duplicate."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.models import Player
from tests.conftest import make_swiss
from tests.tournaments.trf.support import SMALL, line
from tournaments.core.errors import TrfError
from tournaments.errors import ServiceError
from tournaments.models import Event, Registration
from tournaments.registration import services
from tournaments.registration.matching import AmbiguousPlayer, find_player, parse_fide_id
from tournaments.trf.io import import_event

pytestmark = pytest.mark.django_db


def registered(event: Event) -> dict[str, str]:
    return {r.player.display_name: r.player.handle for r in Registration.objects.filter(event=event)}


def namesake_pair() -> tuple[Player, Player, Event]:
    """Two stored players called Jan Nowak, rated 1500 and 1700 in an earlier event."""
    earlier = make_swiss(User.objects.create_user("earlier"), names="", name="Earlier open")
    first = Player.objects.create(display_name="Jan Nowak", handle="jan-nowak")
    second = Player.objects.create(display_name="Jan Nowak", handle="jan-nowak-2")
    Registration.objects.create(event=earlier, player=first, rating=1500)
    Registration.objects.create(event=earlier, player=second, rating=1700)
    return first, second, earlier


def test_a_pasted_name_means_the_one_stored_player_of_that_name(organiser: User) -> None:
    anna = Player.objects.create(display_name="Anna Kowalska", handle="anna-k")
    event = make_swiss(organiser, names="")
    services.register_list(event, organiser, "anna   KOWALSKA\nNew Person, 1600")
    assert registered(event) == {"Anna Kowalska": "anna-k", "New Person": "new-person"}
    assert Player.objects.filter(display_name__iexact="anna kowalska").count() == 1
    assert Registration.objects.get(event=event, player=anna).rating is None  # unrated (issue 20)


def test_namesakes_are_told_apart_by_rating_or_by_handle(organiser: User) -> None:
    first, second, _ = namesake_pair()
    event = make_swiss(organiser, names="")
    services.register_list(event, organiser, "Jan Nowak, 1700")
    assert registered(event) == {"Jan Nowak": "jan-nowak-2"}
    other = make_swiss(organiser, names="", name="Second open")
    services.register_list(other, organiser, "@jan-nowak")
    assert registered(other) == {"Jan Nowak": "jan-nowak"}
    assert Player.objects.count() == 2


def test_ambiguous_name_asks_the_organiser_and_stores_nothing(organiser: User) -> None:
    namesake_pair()
    event = make_swiss(organiser, names="")
    with pytest.raises(
        ServiceError, match=r"line 2 \(Jan Nowak\): several players are called Jan Nowak"
    ) as caught:
        services.register_list(event, organiser, "Someone Else\nJan Nowak, 1600")
    assert "@jan-nowak, @jan-nowak-2" in str(caught.value)
    assert Registration.objects.filter(event=event).count() == 0
    assert not Player.objects.filter(display_name="Someone Else").exists()


def test_unknown_handle_is_refused(organiser: User) -> None:
    event = make_swiss(organiser, names="")
    with pytest.raises(ServiceError, match="no player has the handle @nobody"):
        services.register_list(event, organiser, "@nobody")


def test_identification_number_wins_over_the_name() -> None:
    known = Player.objects.create(display_name="Kees Brouwer", handle="k-brouwer", fide_id=1234567)
    Player.objects.create(display_name="K. Brouwer", handle="k-brouwer-2")
    assert find_player("K. Brouwer", fide_id=1234567) == known
    # A namesake stored under another number is another person.
    assert find_player("Kees Brouwer", fide_id=7654321) is None
    with pytest.raises(AmbiguousPlayer):
        Player.objects.create(display_name="Kees Brouwer", handle="k-brouwer-3")
        find_player("Kees Brouwer")


@pytest.mark.parametrize(
    ("text", "number"), [("  1234567", 1234567), ("", None), ("0", None), ("12a", None), ("²", None)]
)
def test_identification_field_of_a_trf_line(text: str, number: int | None) -> None:
    assert parse_fide_id(text) == number


def with_ids(text: str, ids: dict[int, str]) -> str:
    lines = []
    for raw in text.splitlines():
        if raw.startswith("001"):
            number = int(raw[4:8])
            raw = raw[:57] + f"{ids.get(number, ''):>11}" + raw[68:]
        lines.append(raw)
    return "\n".join(lines)


def test_importing_a_file_twice_reuses_its_players(organiser: User) -> None:
    first = import_event(SMALL, organiser)
    players = Player.objects.count()
    second = import_event(SMALL, organiser)
    assert Player.objects.count() == players == 3
    assert registered(first) == registered(second) == {"Ann": "ann", "Bob": "bob", "Cid": "cid"}


def test_import_matches_by_identification_number_and_records_it(organiser: User) -> None:
    Player.objects.create(display_name="Ann Smith", handle="ann-smith", fide_id=4100001)
    bob = Player.objects.create(display_name="Bob", handle="bob-stored")
    event = import_event(with_ids(SMALL, {1: "4100001", 2: "4100002"}), organiser)
    assert registered(event) == {"Ann Smith": "ann-smith", "Bob": "bob-stored", "Cid": "cid"}
    bob.refresh_from_db()
    assert bob.fide_id == 4100002


def test_import_asks_when_a_name_is_ambiguous_and_takes_the_choice(organiser: User) -> None:
    Player.objects.create(display_name="Bob", handle="bob-a")
    Player.objects.create(display_name="Bob", handle="bob-b")
    events = Event.objects.count()
    with pytest.raises(TrfError, match=r"player 2 \(Bob\) may be any of @bob-a, @bob-b"):
        import_event(SMALL, organiser)
    assert Event.objects.count() == events
    event = import_event(SMALL, organiser, choices={2: "@bob-b"})
    assert registered(event)["Bob"] == "bob-b"
    fresh = import_event(SMALL, organiser, choices={2: "new"})
    assert registered(fresh)["Bob"] == "bob"


def test_two_entries_of_a_file_cannot_mean_one_stored_player(organiser: User) -> None:
    text = SMALL.replace(
        line(3, "Cid", 1700, "1.0", ["   1 b 0", "0000 - F"]),
        line(3, "Ann", 1700, "1.0", ["   1 b 0", "0000 - F"]),
    )
    Player.objects.create(display_name="Ann", handle="ann")
    with pytest.raises(TrfError, match="players 1 and 3 are both @ann"):
        import_event(text, organiser)


def test_import_page_takes_the_organisers_choice(client, organiser: User) -> None:  # type: ignore[no-untyped-def]
    from django.core.files.uploadedfile import SimpleUploadedFile

    Player.objects.create(display_name="Bob", handle="bob-a")
    Player.objects.create(display_name="Bob", handle="bob-b")
    client.force_login(organiser)

    def post(choices: str):  # type: ignore[no-untyped-def]
        upload = SimpleUploadedFile("small.trf", SMALL.encode())
        data = {"file": upload, "game": "gipf-standard", "match_players": choices}
        return client.post(reverse("tournaments:trf-import"), data)

    refused = post("")
    assert refused.status_code == 400
    assert "may be any of @bob-a, @bob-b" in refused.content.decode()
    assert post("2 = bob").status_code == 400  # no such handle
    assert post("two = @bob-a").status_code == 400
    assert "Line 1: write a pairing number" in post("two = @bob-a").content.decode()
    accepted = post("2 = @bob-a")
    assert accepted.status_code == 302
    assert registered(Event.objects.order_by("-pk").first())["Bob"] == "bob-a"  # type: ignore[arg-type]
