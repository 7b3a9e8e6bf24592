"""Every write view refuses anonymous users and other events' organisers, and changes nothing.

Bad input gives form errors (400) or a message and a redirect, never a server error.
"""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from accounts.models import Player
from tests.conftest import event_form_data, make_event, start
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Registration, Round
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


def snapshot() -> tuple:
    """Everything the write views could change."""
    return (
        list(Event.objects.order_by("pk").values()),
        list(Registration.objects.order_by("pk").values()),
        list(Round.objects.order_by("pk").values()),
        list(Pairing.objects.order_by("pk").values()),
        list(Player.objects.order_by("pk").values()),
    )


def messages_of(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


@pytest.fixture
def users(organiser, stranger):
    """The owner of the events below, and a rival (who organises an event of his own in ``events``)."""
    return organiser, stranger


@pytest.fixture
def events(users):
    """A fresh event (registration open) and a running one with round 1 paired, both of ``owner``."""
    owner, rival = users
    event_services.create_event(rival, name="Rival's own")
    fresh = make_event(owner, "Anna 2000\nBert 1900\nCees 1800", name="Fresh", game="dvonn")
    running = make_event(owner, "Dora 2000\nEmil 1900\nFrits 1800\nGerd 1700", name="Running")
    start(running, owner)
    return fresh, running


def write_requests(fresh: Event, running: Event) -> list[tuple[str, str, dict]]:
    running_reg = running.registrations.first()
    fresh_reg = fresh.registrations.first()
    board = Pairing.objects.filter(round__event=running).first().board
    return [
        ("event-edit", reverse("tournaments:event-edit", args=[fresh.slug]), {"name": "Taken over"}),
        (
            "register",
            reverse("tournaments:registrations", args=[fresh.slug]),
            {"action": "register", "name": "Intruder"},
        ),
        (
            "paste",
            reverse("tournaments:registrations", args=[fresh.slug]),
            {"action": "paste", "players": "Intruder 1\nIntruder 2"},
        ),
        (
            "withdraw",
            reverse("tournaments:registrations", args=[running.slug]),
            {"action": "withdraw", "registration": running_reg.pk},
        ),
        (
            "remove",
            reverse("tournaments:registrations", args=[fresh.slug]),
            {"action": "withdraw", "registration": fresh_reg.pk},
        ),
        ("event-start", reverse("tournaments:event-start", args=[fresh.slug]), {"top_seed_colour": "white"}),
        ("round-pair-next", reverse("tournaments:round-pair-next", args=[running.slug]), {}),
        (
            "round-results",
            reverse("tournaments:round-results", args=[running.slug, 1]),
            {f"board{board}_game1": "1-0"},
        ),
        (
            "pairing-result",
            reverse("tournaments:pairing-result", args=[running.slug, 1, board]),
            {"result": "1-0"},
        ),
        ("round-close", reverse("tournaments:round-close", args=[running.slug, 1])),
        ("round-retry", reverse("tournaments:round-retry", args=[running.slug, 1]), {}),
        ("event-finish", reverse("tournaments:event-finish", args=[running.slug]), {}),
    ]


def test_anonymous_users_are_sent_to_sign_in_and_nothing_changes(client, events):
    fresh, running = events
    before = snapshot()
    requests = write_requests(fresh, running) + [
        ("event-create", reverse("tournaments:event-create"), {"name": "Anon", "game": "dvonn"})
    ]
    for name, url, *data in requests:
        response = client.post(url, data[0] if data else {})
        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("login") + "?next="), name
    assert snapshot() == before


def test_other_organisers_get_403_and_nothing_changes(client, users, events):
    fresh, running = events
    client.force_login(users[1])
    before = snapshot()
    for name, url, *data in write_requests(fresh, running):
        response = client.post(url, data[0] if data else {})
        assert response.status_code == 403, name
        assert "Not allowed" in response.content.decode(), name
    assert snapshot() == before
    # the form pages are closed to them as well
    assert client.get(reverse("tournaments:event-edit", args=[fresh.slug])).status_code == 403
    board_url = reverse("tournaments:pairing-result", args=[running.slug, 1, 1])
    assert client.get(board_url).status_code == 403


def test_manager_buttons_are_hidden_from_others(client, users, events):
    fresh, running = events
    round_url = reverse("tournaments:round-detail", args=[running.slug, 1])
    for login in (None, users[1]):
        if login:
            client.force_login(login)
        page = client.get(round_url).content.decode()
        assert "Close round" not in page and "Save results" not in page and "<select" not in page
        page = client.get(reverse("tournaments:event-detail", args=[fresh.slug])).content.decode()
        assert "Start the event" not in page and "Edit settings" not in page
        page = client.get(reverse("tournaments:registrations", args=[fresh.slug])).content.decode()
        assert "Paste a list" not in page and "Remove" not in page
    client.force_login(users[0])
    page = client.get(round_url).content.decode()
    assert "Close round 1" in page and "Save results" in page
    page = client.get(reverse("tournaments:event-detail", args=[fresh.slug])).content.decode()
    assert "Start the event" in page and "Edit settings" in page
    page = client.get(reverse("tournaments:registrations", args=[fresh.slug])).content.decode()
    assert "Paste a list" in page and "Remove" in page


def test_write_views_refuse_get(client, users, events):
    fresh, running = events
    client.force_login(users[0])
    for name in ("event-start", "round-pair-next"):
        assert client.get(reverse(f"tournaments:{name}", args=[running.slug])).status_code == 405, name
    for name in ("round-retry", "round-results"):
        assert client.get(reverse(f"tournaments:{name}", args=[running.slug, 1])).status_code == 405, name


def test_bad_input_gives_errors_not_server_errors(client, users, events):
    fresh, running = events
    owner = users[0]
    client.force_login(owner)
    before = snapshot()
    board = Pairing.objects.filter(round__event=running).first()
    board_url = reverse("tournaments:pairing-result", args=[running.slug, 1, board.board])

    response = client.post(board_url, {"result": "2-0"})
    assert response.status_code == 400
    assert "is not a result" in response.content.decode()
    response = client.post(board_url, {"result": ""})
    assert response.status_code == 400
    response = client.post(
        reverse("tournaments:round-results", args=[running.slug, 1]), {f"board{board.board}_game1": "9-9"}
    )
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()

    # double start
    response = client.post(
        reverse("tournaments:event-start", args=[running.slug]), {"top_seed_colour": "white"}
    )
    assert response.status_code == 302
    assert "already started" in messages_of(response)
    # pairing a new round while round 1 is open; finishing too early
    response = client.post(reverse("tournaments:round-pair-next", args=[running.slug]))
    assert "round 1 is not closed yet" in messages_of(response)
    response = client.post(reverse("tournaments:event-finish", args=[running.slug]))
    assert "close the last round" in messages_of(response)
    # retrying a round already paired
    response = client.post(reverse("tournaments:round-retry", args=[running.slug, 1]))
    assert "already paired" in messages_of(response)
    # starting with too few players; editing a running event
    lonely = event_services.create_event(owner, name="Lonely", game="dvonn")
    registration_services.register_by_name(lonely, owner, "Solo")
    before = snapshot()
    response = client.post(reverse("tournaments:event-start", args=[lonely.slug]))
    assert "at least 2" in messages_of(response)
    response = client.get(reverse("tournaments:event-edit", args=[running.slug]))
    assert response.status_code == 302
    # registering twice, an empty list, a list with a bad line
    url = reverse("tournaments:registrations", args=[fresh.slug])
    response = client.post(url, {"action": "register", "name": "Anna"})
    assert response.status_code == 400 and "Anna is already registered" in response.content.decode()
    response = client.post(url, {"action": "paste", "players": "# only a comment\n"})
    assert response.status_code == 400 and "the list is empty" in response.content.decode().lower()
    response = client.post(url, {"action": "paste", "players": "Zoe\nAnna"})
    assert (
        response.status_code == 400
        and "Line 2 (Anna): Anna is already registered" in response.content.decode()
    )
    response = client.post(url, {"action": "withdraw", "registration": "999999"})
    assert response.status_code == 404
    response = client.post(url, {"action": "nonsense"})
    assert response.status_code == 302
    assert snapshot() == before


def test_closing_an_unpaired_round_is_refused(client, users):
    owner = users[0]
    event = event_services.create_event(owner, name="Pending", game="dvonn")
    registration_services.register_list(event, owner, "Anna\nBert")
    event_services.start_event(event, owner, "white")  # round 1 stays pending: no commit, no task
    client.force_login(owner)
    response = client.post(reverse("tournaments:round-close", args=[event.slug, 1]))
    assert response.status_code == 302
    assert "round 1 is not paired yet" in messages_of(response)
    assert Round.objects.get(event=event, number=1).status == Round.Status.PENDING
    page = client.get(reverse("tournaments:round-detail", args=[event.slug, 1])).content.decode()
    assert "Pairing round 1" in page and 'http-equiv="refresh"' in page


def test_closed_rounds_keep_their_results(client, users, events):
    _, running = events
    owner = users[0]
    for pairing in Pairing.objects.filter(round__event=running):
        result_services.record_result(pairing, owner, "1-0")
    result_services.close_round(Round.objects.get(event=running, number=1), owner)
    client.force_login(owner)
    before = snapshot()
    response = client.post(
        reverse("tournaments:pairing-result", args=[running.slug, 1, 1]), {"result": "0-1"}
    )
    assert response.status_code == 400
    assert "is closed" in response.content.decode()
    response = client.post(
        reverse("tournaments:round-results", args=[running.slug, 1]), {"board1_game1": "0-1"}
    )
    assert response.status_code == 400
    response = client.post(reverse("tournaments:round-close", args=[running.slug, 1]))
    assert "already closed" in messages_of(response)
    assert snapshot() == before


def test_event_form_validation(client, users):
    client.force_login(users[0])
    url = reverse("tournaments:event-create")
    assert client.get(url).status_code == 200
    base = event_form_data("Form test", "dvonn")
    cases = [
        ({"name": ""}, "This field is required"),
        ({"pairing_system": "swiss-dutch", "rounds": ""}, "A Swiss event needs a number of rounds"),
        ({"win_points": "0.3"}, "0.5 steps"),
        ({"draw_points": "2"}, "no more than a win"),
        ({"tie_break_1": "buchholz", "tie_break_2": "buchholz"}, "only once"),
        ({"tie_break_1": "coin-toss"}, "Select a valid choice"),
        ({"games_per_pairing": "3"}, "Select a valid choice"),
    ]
    for change, error in cases:
        response = client.post(url, {**base, **change})
        assert response.status_code == 400, change
        assert error in response.content.decode(), change
    assert not Event.objects.exists()

    # custom points and a Swiss number of rounds
    response = client.post(
        url,
        {
            **base,
            "pairing_system": "swiss-dutch",
            "rounds": "5",
            "win_points": "3",
            "draw_points": "1.5",
            "bye_points": "1.5",
        },
    )
    assert response.status_code == 302
    event = Event.objects.get()
    assert (event.win_points, event.draw_points, event.bye_points, event.rounds) == (6, 3, 3, 5)
    # none chosen: the Swiss default order
    # stored as FIDE C.07 codes (issue 10): BH-C1, BH, DE, SB
    assert event.tie_breaks == ["BH-C1", "BH", "DE", "SB"]


def test_editing_the_settings_before_the_start(client, users):
    owner = users[0]
    event = event_services.create_event(owner, name="Edit me", game="dvonn")
    client.force_login(owner)
    url = reverse("tournaments:event-edit", args=[event.slug])
    page = client.get(url).content.decode()
    assert 'value="Edit me"' in page
    response = client.post(
        url,
        {
            "name": "Edited",
            "game": "gipf-tournament",
            "pairing_system": "double-round-robin",
            "games_per_pairing": "2",
            "win_points": "2",
            "draw_points": "1",
            "loss_points": "0",
            "bye_points": "2",
            "tie_break_1": "wins",
            "tie_break_2": "sonneborn-berger",
        },
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Edited" and event.slug == "edit-me"
    assert (event.game, event.pairing_system, event.games_per_pairing) == (
        "gipf-tournament",
        "double-round-robin",
        2,
    )
    assert (event.win_points, event.draw_points) == (4, 2)
    # the long names are read as their C.07 codes: "wins" counted over-the-board wins, C.07's WON
    assert event.tie_breaks == ["WON", "SB"]
