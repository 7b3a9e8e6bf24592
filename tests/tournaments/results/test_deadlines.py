"""A round's deadline (``tournaments.results.deadlines``): once past, the sweep flags the round's
unfinished games for the event's organisers and arbiters, once; set on the round's page and through
the API.

Round 1 of a 4-player round robin of players without ratings is Ann-Dan, Bob-Cid (Berger, numbered
by name). The round is played on the service with 20d/40d (no clock runs out before the deadline); the
deadline is 10 days after the start.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import override_settings
from rest_framework.test import APIClient

from accounts.errors import Conflict, PermissionRefused
from accounts.models import Notice
from common.sweep import sweep
from tests.conftest import make_event, start
from tests.games.play.timing import Clock
from tests.tournaments.results.test_rounds_on_service import players_with_accounts
from tournaments.models import Round
from tournaments.results import deadlines
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


@pytest.fixture
def round_(organiser: User, clock: Clock) -> Round:
    event = make_event(  # a first move's grace of 30 days: no game is lost by forfeit meanwhile
        organiser,
        "",
        name="Slow club",
        game="dvonn",
        play_mode="service",
        time_control="20d/40d",
        first_move_grace=30 * 86400,
    )
    players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    arbiter = User.objects.create_user("ada", password="pw-ada-12345", email="ada@example.org")
    event.arbiters.add(arbiter)
    return start(event, organiser)


@override_settings(NOTICE_EMAILS=True)
def test_the_arbiters_are_told_once_of_the_games_unfinished_at_the_deadline(
    round_: Round, organiser: User, clock: Clock, commit: Any
) -> None:
    deadlines.set_deadline(round_, organiser, clock.start + 10 * DAY)
    # board 2 has its result before the deadline; board 1 does not
    pairing = round_.pairings.get(board=2)
    commit(result_services.record_result, pairing, organiser, "1-0")
    clock.at(days=9, hours=23)
    assert commit(sweep, clock.now).deadline_flagged == []
    clock.at(days=10)
    assert commit(sweep, clock.now).deadline_flagged == [round_.pk]
    told = Notice.objects.filter(kind=deadlines.DEADLINE).order_by("recipient__username")
    assert [n.recipient.username for n in told] == ["ada", "olga"]
    text = told[0].text
    assert "Round 1 of Slow club passed its deadline" in text
    assert "board 1 (Ann – Dan)" in text and "board 2" not in text
    assert told[0].link == round_.get_absolute_url()
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]  # the organiser has no address
    # once
    clock.at(days=11)
    assert commit(sweep, clock.now).deadline_flagged == []
    assert Notice.objects.filter(kind=deadlines.DEADLINE).count() == 2


def test_no_flag_without_unfinished_games_or_once_closed(
    round_: Round, organiser: User, clock: Clock, commit: Any
) -> None:
    deadlines.set_deadline(round_, organiser, clock.start + DAY)
    for pairing in round_.pairings.exclude(black=None):
        commit(result_services.record_result, pairing, organiser, "1-0")
    clock.at(days=2)
    assert commit(sweep, clock.now).deadline_flagged == []
    commit(result_services.close_round, round_, organiser)
    with pytest.raises(Conflict):
        deadlines.set_deadline(Round.objects.get(pk=round_.pk), organiser, None)


def test_only_officials_set_a_deadline(round_: Round, clock: Clock) -> None:
    with pytest.raises(PermissionRefused):
        deadlines.set_deadline(round_, User.objects.get(username="ann"), clock.now)
    round_.refresh_from_db()
    assert round_.deadline is None


def test_the_round_page_sets_the_deadline(round_: Round, organiser: User, client: Any) -> None:
    client.force_login(organiser)
    url = f"/events/{round_.event.slug}/rounds/1/deadline/"
    page = client.get(round_.get_absolute_url()).content.decode()
    assert url in page
    assert client.get(url).status_code == 200
    assert client.post(url, {"deadline": "not a date"}).status_code == 400
    round_.refresh_from_db()
    assert round_.deadline is None
    assert client.post(url, {"deadline": "2026-03-12T09:00"}).status_code == 302
    round_.refresh_from_db()
    assert round_.deadline is not None and round_.deadline.isoformat().startswith("2026-03-12")
    assert "Deadline" in client.get(round_.get_absolute_url()).content.decode()
    api = client.get(f"/api/events/{round_.event.slug}/rounds/1/").json()
    assert api["deadline"].startswith("2026-03-12T09:00")
    client.force_login(User.objects.get(username="ann"))
    assert client.post(url, {"deadline": ""}).status_code == 403


def test_the_api_sets_and_clears_the_deadline(round_: Round, organiser: User, stranger: User) -> None:
    url = f"/api/events/{round_.event.slug}/rounds/1/deadline/"
    olga = APIClient()
    olga.force_authenticate(organiser)
    # 09:00 at two hours east of Greenwich is 07:00 UTC
    answer = olga.post(url, {"deadline": "2026-03-12T09:00:00+02:00"}, format="json")
    assert answer.status_code == 200 and answer.json()["deadline"] == "2026-03-12T07:00:00Z"
    round_.refresh_from_db()
    assert round_.deadline == datetime(2026, 3, 12, 7, 0, tzinfo=UTC)
    # without an offset: UTC
    naive = olga.post(url, {"deadline": "2026-03-13T09:00"}, format="json")
    assert naive.status_code == 200 and naive.json()["deadline"] == "2026-03-13T09:00:00Z"
    assert olga.post(url, {"deadline": "2026-03-12T07:00:00Z"}, format="json").status_code == 200
    bad = olga.post(url, {"deadline": "the twelfth of March"}, format="json")
    assert bad.status_code == 400 and "deadline" in bad.json()
    assert olga.post(url, {}, format="json").status_code == 400
    assert olga.post(url.replace("/1/", "/9/"), {"deadline": None}, format="json").status_code == 404
    for user in (stranger, User.objects.get(username="ann")):
        other = APIClient()
        other.force_authenticate(user)
        assert other.post(url, {"deadline": None}, format="json").status_code == 403
    assert APIClient().post(url, {"deadline": None}, format="json").status_code == 401
    round_.refresh_from_db()
    assert round_.deadline == datetime(2026, 3, 12, 7, 0, tzinfo=UTC)
    cleared = olga.post(url, {"deadline": None}, format="json")
    assert cleared.status_code == 200 and cleared.json()["deadline"] is None
    round_.refresh_from_db()
    assert round_.deadline is None


def test_the_api_refuses_the_deadline_of_a_closed_round(round_: Round, organiser: User, commit: Any) -> None:
    for pairing in round_.pairings.exclude(black=None):
        commit(result_services.record_result, pairing, organiser, "1-0")
    commit(result_services.close_round, round_, organiser)
    olga = APIClient()
    olga.force_authenticate(organiser)
    url = f"/api/events/{round_.event.slug}/rounds/1/deadline/"
    answer = olga.post(url, {"deadline": "2026-03-12T07:00:00Z"}, format="json")
    assert answer.status_code == 409 and "round 1 is closed" in answer.json()["detail"]
    assert Round.objects.get(pk=round_.pk).deadline is None
