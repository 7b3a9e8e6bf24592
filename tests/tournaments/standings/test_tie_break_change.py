"""The tie-break list: chosen by the organiser before round 1; after the start only an arbiter may
change it, with a reason; the change is logged and the stored standings are recomputed.

Worked by hand: a 4-player round robin (Ann 1, Bob 2, Cid 3, Dan 4) where Bob beats Ann, Ann
beats Cid and Dan, Cid beats Bob, Bob beats Dan, Dan beats Cid. Ann and Bob have 2 points, Cid and
Dan 1. With WON (games won over the board) alone the pairs stay tied: Ann 2 wins, Bob 2 wins, Cid
1, Dan 1, so ranks 1, 1, 3, 3. With DE (direct encounter) Bob is ahead of Ann (he won their game)
and Dan ahead of Cid: ranks Bob 1, Ann 2, Dan 3, Cid 4.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.errors import PermissionRefused
from tests.conftest import make_event
from tests.tournaments.trf.test_export_ranks import play
from tournaments.errors import ServiceError
from tournaments.events.tiebreaks import change_tie_breaks
from tournaments.models import Event, Standing, TieBreakChange

pytestmark = pytest.mark.django_db

FOUR = "Ann 1900\nBob 1800\nCid 1700\nDan 1600"


@pytest.fixture
def arbiter(db: None) -> User:
    return User.objects.create_user("ari", password="pw-ari-12345")


@pytest.fixture
def played(organiser: User, arbiter: User, commit: Callable[..., Any]) -> Event:
    event = make_event(organiser, FOUR, tie_breaks=["WON"])
    event.arbiters.add(arbiter)
    play(event, organiser, commit)
    return event


def ranks(event: Event, after_round: int = 3) -> dict[str, int]:
    return {
        s.registration.player.display_name: s.rank
        for s in Standing.objects.filter(event=event, after_round=after_round).select_related(
            "registration__player"
        )
    }


def test_the_arbiter_changes_the_list_logged_and_recomputed(played: Event, arbiter: User) -> None:
    assert ranks(played) == {"Ann": 1, "Bob": 1, "Cid": 3, "Dan": 3}
    change_tie_breaks(played, arbiter, ["DE", "WON"], "DE was announced in the invitation")
    played.refresh_from_db()
    assert played.tie_breaks == ["DE", "WON"]
    assert ranks(played) == {"Bob": 1, "Ann": 2, "Dan": 3, "Cid": 4}
    # after round 1 too: round 1 was Ann-Dan (Ann won) and Bob-Cid (Cid won): Ann and Cid 1 point,
    # each with one win; they have not met, so DE cannot part them: shared rank 1, then Bob and Dan 3.
    assert ranks(played, 1) == {"Ann": 1, "Cid": 1, "Bob": 3, "Dan": 3}
    log = TieBreakChange.objects.get(event=played)
    assert (log.changed_by, log.before, log.after, log.reason) == (
        arbiter,
        ["WON"],
        ["DE", "WON"],
        "DE was announced in the invitation",
    )


def test_only_arbiters_change_it_after_the_start_with_a_reason(
    played: Event, organiser: User, arbiter: User
) -> None:
    with pytest.raises(PermissionRefused):
        change_tie_breaks(played, organiser, ["DE"], "the organiser is not an arbiter")
    with pytest.raises(ServiceError, match="reason"):
        change_tie_breaks(played, arbiter, ["DE"], "  ")
    with pytest.raises(ServiceError, match="BH"):
        change_tie_breaks(played, arbiter, ["BH"], "Buchholz is not for round robins (C.07)")
    with pytest.raises(ServiceError, match="already"):
        change_tie_breaks(played, arbiter, ["WON"], "no change")
    assert not TieBreakChange.objects.exists()
    assert ranks(played) == {"Ann": 1, "Bob": 1, "Cid": 3, "Dan": 3}


def test_before_the_start_the_list_is_the_organisers_setting(organiser: User, arbiter: User) -> None:
    event = make_event(organiser, FOUR)
    event.arbiters.add(arbiter)
    with pytest.raises(ServiceError, match="settings"):
        change_tie_breaks(event, arbiter, ["DE"], "too early")
    with pytest.raises(ServiceError, match="BH"):
        make_event(organiser, FOUR, name="Round robin with Buchholz", tie_breaks=["BH"])


def test_the_page(client: Any, played: Event, organiser: User, arbiter: User) -> None:
    url = reverse("tournaments:tie-breaks-change", args=[played.slug])
    client.force_login(organiser)
    assert client.get(url).status_code == 403
    assert url not in client.get(reverse("tournaments:standings", args=[played.slug])).content.decode()
    client.force_login(arbiter)
    assert url in client.get(reverse("tournaments:standings", args=[played.slug])).content.decode()
    page = client.get(url).content.decode()
    assert 'value="BH"' not in page and 'value="DE"' in page
    data = {"tie_break_1": "DE", "tie_break_2": "WON", "reason": ""}
    assert client.post(url, data).status_code == 400
    data["reason"] = "as announced"
    assert client.post(url, data).status_code == 302
    assert ranks(played) == {"Bob": 1, "Ann": 2, "Dan": 3, "Cid": 4}
    assert "as announced" in client.get(url).content.decode()
