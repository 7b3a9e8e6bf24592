"""The organiser's API beside the done-when run (test_organiser_swiss.py): the idempotency key, a
settings change that keeps what it does not send, the form's refusals field by field, the pasted
list's problems all at once, withdrawals and their confirmation, requested byes, the arbiter's
tie-breaks, claim codes. Expected values are the rules as the pages state them."""

from __future__ import annotations

import uuid

import pytest

from personal.models import ClaimCode
from tests.conftest import make_event, make_swiss, start
from tournaments.models import ByeRequest, Event, Registration, TieBreakChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(api_client, organiser):
    api_client.force_authenticate(organiser)
    return api_client


def test_an_idempotency_key_sent_twice_creates_one_event(signed_in, organiser, stranger):
    key = uuid.uuid4().hex
    body = {"name": "Spring", "game": "dvonn", "pairing_system": "round-robin"}
    first = signed_in.post("/api/events/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    again = signed_in.post("/api/events/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["url"] == again.json()["url"]
    assert Event.objects.filter(name="Spring").count() == 1
    # another user's same key is a key of his own: his event, nothing said of the first
    signed_in.force_authenticate(stranger)
    other = signed_in.post(
        "/api/events/", {**body, "name": "Autumn"}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert other.status_code == 201, other.json()
    assert "spring" not in str(other.json()).lower() and other.json()["url"] != first.json()["url"]
    again = signed_in.post(
        "/api/events/", {**body, "name": "Autumn"}, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert (again.status_code, again.json()["url"]) == (200, other.json()["url"])
    assert (
        Event.objects.filter(name="Spring").count() == 1 and Event.objects.filter(name="Autumn").count() == 1
    )
    bad = signed_in.post("/api/events/", {**body, "creation_key": "not-hex"}, format="json")
    assert bad.status_code == 400 and "creation_key" in bad.json()


def test_settings_keep_what_is_not_sent_and_refuse_field_by_field(signed_in, organiser):
    event = make_event(organiser, "", name="Autumn", game="dvonn")
    answer = signed_in.post(f"/api/events/{event.slug}/settings/", {"location": "Gent"}, format="json")
    assert answer.status_code == 200
    event.refresh_from_db()
    assert (event.location, event.name, event.game, event.win_points) == ("Gent", "Autumn", "dvonn", 2)
    # a draw worth more than a win (the form's rule), a tie-break twice
    answer = signed_in.post(f"/api/events/{event.slug}/settings/", {"draw_points": "2"}, format="json")
    assert answer.status_code == 400 and "draw_points" in answer.json()
    answer = signed_in.post(
        f"/api/events/{event.slug}/settings/", {"tie_breaks": ["SB", "SB"]}, format="json"
    )
    assert answer.status_code == 400 and "once" in str(answer.json())
    swiss = signed_in.post(
        "/api/events/", {"name": "No rounds", "game": "dvonn", "pairing_system": "swiss-dutch"}, format="json"
    )
    assert swiss.status_code == 400 and "rounds" in swiss.json()


def test_a_pasted_list_names_every_problem_and_registers_nothing(signed_in, organiser):
    event = make_event(organiser, "", name="Lists", game="dvonn")
    answer = signed_in.post(
        f"/api/events/{event.slug}/registrations/list/",
        {"players": "Ann 2000\nBob -5\nCid 9999\n"},
        format="json",
    )
    assert answer.status_code == 400 and len(answer.json()["problems"]) == 2
    assert event.registrations.count() == 0


def test_withdrawing_asks_for_confirmation_and_can_be_undone(signed_in, organiser):
    event = make_swiss(organiser)
    start(event, organiser)
    handle = event.registrations.get(player__display_name="Ann").player.handle
    url = f"/api/events/{event.slug}/registrations/{handle}/"
    asked = signed_in.post(url + "withdraw/", {}, format="json")
    assert asked.status_code == 400 and asked.json()["code"] == "confirmation_required"
    assert "not paired from round 2 on" in asked.json()["would"][0]
    assert event.registrations.get(player__handle=handle).status == Registration.Status.ACTIVE
    done = signed_in.post(url + "withdraw/", {"confirm": True}, format="json")
    assert done.status_code == 200 and done.json()["withdrawn_from_round"] == 2
    undone = signed_in.post(url + "undo-withdrawal/", format="json")
    assert undone.status_code == 200 and undone.json()["status"] == "active"
    assert signed_in.post(f"/api/events/{event.slug}/registrations/nobody/withdraw/").status_code == 404


def test_a_requested_bye_and_its_cancellation(signed_in, organiser):
    event = make_swiss(organiser)
    handle = event.registrations.get(player__display_name="Ann").player.handle
    answer = signed_in.post(
        f"/api/events/{event.slug}/byes/", {"player": handle, "round": 2, "kind": "half"}, format="json"
    )
    assert answer.status_code == 201 and answer.json()["round"] == 2
    bye = ByeRequest.objects.get()
    assert signed_in.post(f"/api/events/{event.slug}/byes/{bye.pk}/cancel/").status_code == 204
    assert not ByeRequest.objects.exists()
    round_robin = make_event(organiser, "", name="RR", game="dvonn")
    assert signed_in.post(f"/api/events/{round_robin.slug}/byes/", {}, format="json").status_code == 404


def test_a_started_events_tie_breaks_are_its_arbiters(signed_in, organiser, stranger):
    event = make_swiss(organiser)
    start(event, organiser)
    event.arbiters.add(stranger)
    url = f"/api/events/{event.slug}/tie-breaks/"
    assert signed_in.post(url, {"tie_breaks": ["BH"], "reason": "C.07"}, format="json").status_code == 403
    signed_in.force_authenticate(stranger)
    assert signed_in.post(url, {"tie_breaks": ["BH"], "reason": ""}, format="json").status_code == 400
    answer = signed_in.post(url, {"tie_breaks": ["BH"], "reason": "as announced"}, format="json")
    assert answer.status_code == 200 and TieBreakChange.objects.get().after == ["BH"]


def test_claim_codes_listed_and_regenerated_after_confirmation(signed_in, organiser, stranger):
    event = make_event(organiser, "Ann 2000\nBob 1900", name="Codes", game="dvonn")
    listed = signed_in.get(f"/api/events/{event.slug}/claim-codes/")
    assert listed.status_code == 200 and {row["name"] for row in listed.json()} == {"Ann", "Bob"}
    handle = listed.json()[0]["handle"]
    before = ClaimCode.objects.get(registration__player__handle=handle).code
    url = f"/api/events/{event.slug}/claim-codes/{handle}/"
    asked = signed_in.post(url, {"action": "regenerate"}, format="json")
    assert asked.status_code == 400 and asked.json()["code"] == "confirmation_required"
    assert ClaimCode.objects.get(registration__player__handle=handle).code == before
    answer = signed_in.post(url, {"action": "regenerate", "confirm": True}, format="json")
    assert (
        answer.status_code == 200
        and ClaimCode.objects.get(registration__player__handle=handle).code != before
    )
    linked = signed_in.post(url, {"action": "link", "username": stranger.username}, format="json")
    assert linked.status_code == 200 and linked.json()["account"] == stranger.username
