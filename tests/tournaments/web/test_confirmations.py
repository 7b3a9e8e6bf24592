"""Irreversible actions ask first: closing a round, finishing the event, withdrawing a player and
publishing pairings answer a confirmation page (an explicit checkbox, no JavaScript) and change
nothing until it is ticked; a withdrawal can be undone until the round it starts from is paired;
"Edit pairings" is neither offered nor accepted once a result is in."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.errors import PermissionRefused
from tests.conftest import make_event, make_swiss, next_round, play_round, reg, start
from tournaments.errors import ServiceError
from tournaments.models import Event, Registration, Round
from tournaments.pairing import edits
from tournaments.registration import services as registration_services
from tournaments.registration.withdrawals import WithdrawalError, undo_withdrawal
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db

YES = {"confirmed": "yes"}


def url(name: str, *args: object) -> str:
    return reverse(f"tournaments:{name}", args=args)


def asks(response: Any) -> str:
    """The confirmation page's text (it must be one)."""
    assert response.status_code == 200
    text = response.content.decode()
    assert 'id="confirm"' in text and 'type="checkbox" name="confirmed" value="yes" required' in text
    return text


def test_closing_a_round_and_finishing_ask_first(client: Any, organiser: User, stranger: User) -> None:
    event = make_event(organiser, "Ann\nBob", name="Short")
    round_ = start(event, organiser)
    play_round(round_, organiser, close=False)
    client.force_login(stranger)
    assert client.post(url("round-close", event.slug, 1)).status_code == 403
    client.force_login(organiser)
    text = asks(client.post(url("round-close", event.slug, 1)))
    assert "correction with a reason" in text
    assert Round.objects.get(pk=round_.pk).status == Round.Status.PAIRED
    assert client.post(url("round-close", event.slug, 1), YES).status_code == 302
    assert Round.objects.get(pk=round_.pk).status == Round.Status.CLOSED

    asks(client.post(url("event-finish", event.slug)))
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    assert client.post(url("event-finish", event.slug), YES).status_code == 302
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED


def test_publishing_asks_first_and_edits_stop_with_the_first_result(
    client: Any, organiser: User, commit: Any
) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", rounds=3)
    round_ = start(event, organiser)
    client.force_login(organiser)
    page = client.get(url("round-detail", event.slug, 1)).content.decode()
    assert url("swiss-round-edit", event.slug, 1) in page  # a draft without results: editable

    board = round_.pairings.order_by("board").first()
    assert board is not None
    result_services.record_result(board, organiser, "1-0")
    page = client.get(url("round-detail", event.slug, 1)).content.decode()
    assert url("swiss-round-edit", event.slug, 1) not in page
    with pytest.raises(ServiceError, match="results have been entered"):
        edits.edit_pairings(round_, organiser, [(1, 2), (3, 4)], [], "swap")

    text = asks(client.post(url("swiss-round-publish", event.slug, 1)))
    assert "can no longer be edited" in text
    assert not Round.objects.get(pk=round_.pk).is_published
    assert client.post(url("swiss-round-publish", event.slug, 1), YES).status_code == 302
    assert Round.objects.get(pk=round_.pk).is_published


def test_withdrawal_asks_first_and_can_be_undone_until_the_round_is_paired(
    client: Any, organiser: User, stranger: User, commit: Any
) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500", rounds=3)
    round_1 = start(event, organiser)
    edits.publish_round(round_1, organiser)
    eve = reg(event, "Eve")
    players = url("registrations", event.slug)
    client.force_login(organiser)
    text = asks(client.post(players, {"action": "withdraw", "registration": eve.pk}))
    assert "round 2" in text and "undone" in text
    assert Registration.objects.get(pk=eve.pk).status == Registration.Status.ACTIVE
    response = client.post(players, {"action": "withdraw", "registration": eve.pk, **YES})
    assert response.status_code == 302
    eve.refresh_from_db()
    assert (eve.status, eve.withdrawn_from_round) == (Registration.Status.WITHDRAWN, 2)

    # round 2 is not paired yet: the page offers the undo, and a stranger cannot use it
    assert "undo-withdrawal" in client.get(players).content.decode()
    client.force_login(stranger)
    assert client.post(players, {"action": "undo-withdrawal", "registration": eve.pk}).status_code == 403
    client.force_login(organiser)
    assert client.post(players, {"action": "undo-withdrawal", "registration": eve.pk}).status_code == 302
    eve.refresh_from_db()
    assert (eve.status, eve.withdrawn_from_round) == (Registration.Status.ACTIVE, None)

    # withdrawn again; once round 2 is paired the withdrawal stands
    registration_services.withdraw(eve, organiser)
    commit(play_round, round_1, organiser)
    round_2 = next_round(event, organiser)
    assert "Eve" not in {
        p.white.player.display_name for p in round_2.pairings.select_related("white__player")
    }
    assert "undo-withdrawal" not in client.get(players).content.decode()
    with pytest.raises(WithdrawalError, match="round 2 is already paired"):
        undo_withdrawal(Registration.objects.get(pk=eve.pk), organiser)
    response = client.post(players, {"action": "undo-withdrawal", "registration": eve.pk})
    assert response.status_code == 302
    assert Registration.objects.get(pk=eve.pk).status == Registration.Status.WITHDRAWN


def test_undo_needs_a_manager_and_a_withdrawal(organiser: User, stranger: User) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800", rounds=3)
    start(event, organiser)
    ann = reg(event, "Ann")
    with pytest.raises(WithdrawalError, match="has not withdrawn"):
        undo_withdrawal(ann, organiser)
    registration_services.withdraw(ann, organiser)
    with pytest.raises(PermissionRefused):
        undo_withdrawal(ann, stranger)
    assert undo_withdrawal(ann, organiser).status == Registration.Status.ACTIVE


def test_a_confirmation_address_opened_by_a_get_shows_its_confirmation_page(
    client: Any, organiser: User, stranger: User
) -> None:
    """Following a confirmation address (a bookmark, a reload) shows the page asking to confirm, not
    a blank 405; it changes nothing, and strangers still get the 403 page."""
    event = make_event(organiser, "Ann\nBob", name="Short")
    round_ = start(event, organiser)
    client.force_login(organiser)
    # results missing: nothing to confirm yet, the round's page instead
    response = client.get(url("round-close", event.slug, 1))
    assert response.status_code == 302 and response["Location"] == round_.get_absolute_url()
    play_round(round_, organiser, close=False)
    client.force_login(stranger)
    assert client.get(url("round-close", event.slug, 1)).status_code == 403
    assert client.get(url("event-finish", event.slug)).status_code == 403
    client.force_login(organiser)
    text = asks(client.get(url("round-close", event.slug, 1)))
    assert "Close round 1" in text and f'action="{url("round-close", event.slug, 1)}"' in text
    assert Round.objects.get(pk=round_.pk).status == Round.Status.PAIRED
    client.post(url("round-close", event.slug, 1), YES)
    text = asks(client.get(url("event-finish", event.slug)))
    assert "Finish the event" in text and f'action="{url("event-finish", event.slug)}"' in text
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING


def test_the_publish_address_opened_by_a_get_shows_its_confirmation_page(
    client: Any, organiser: User, commit: Any
) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", rounds=3)
    round_ = start(event, organiser)
    client.force_login(organiser)
    text = asks(client.get(url("swiss-round-publish", event.slug, 1)))
    assert "Publish the pairings" in text
    assert not Round.objects.get(pk=round_.pk).is_published
    client.post(url("swiss-round-publish", event.slug, 1), YES)
    response = client.get(url("swiss-round-publish", event.slug, 1))  # published: the round instead
    assert response.status_code == 302 and response["Location"] == round_.get_absolute_url()
