"""Vacations pause a player's correspondence clocks (``games.play.vacations``, ``games.play.clocks``), and the
sweep ends a game whose clock ran out, vacations honoured.

Figures worked by hand from the time controls' definitions and the allowance of 30 days a year:
1d/2d gives White one day for his first move; a vacation of 5 hours taken while his clock runs
moves the moment it runs out 5 hours later.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from rest_framework.test import APIClient

from common.sweep import sweep
from games.models import Game, Vacation
from games.play import clocks, service, state, vacations
from tests.conftest import make_event, start
from tests.conftest import token_client as api_of
from tests.games.play.timing import Clock, people_named
from tournaments.results.game_creation import create_games

# their clocks run from the creation: these tests are about a running clock, not the first moves
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]

DAY, HOUR = timedelta(days=1), timedelta(hours=1)


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    return people_named("Ann", "Bob", "Cid")


def test_a_vacation_delays_the_loss_on_time_by_exactly_its_length(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    """Ann and Cid each have White in a 1d/2d game started at 09:00. Ann is away from 11:00 to 16:00
    (5 hours): Cid's game is lost on time at 09:00 the next day, Ann's at 14:00, and not before."""
    ann_game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1d/2d")
    cid_game = state.create_service_game(people["Cid"], people["Bob"], "dvonn", "1d/2d")
    clock.at(hours=2)
    commit(vacations.start, people["ann"])
    clock.at(hours=7)
    commit(vacations.end, people["ann"])
    # at 09:00 the next day Cid's clock is at zero; Ann has her 5 hours of vacation still
    clock.at(hours=24)
    assert commit(sweep, clock.now).timed_out == [cid_game.pk]
    ann_game.refresh_from_db()
    assert state.clocks_at(ann_game).white == 5 * HOUR
    clock.at(hours=29, seconds=-1)
    assert commit(sweep, clock.now).timed_out == []
    clock.at(hours=29)
    assert commit(sweep, clock.now).timed_out == [ann_game.pk]
    ann_game.refresh_from_db()
    assert ann_game.finished_at == clock.start + 29 * HOUR
    assert (ann_game.result, ann_game.termination) == ("0-1", "time")
    assert ann_game.white_time == timedelta(0)


def test_a_move_after_a_vacation_keeps_the_time_the_vacation_saved(
    people: dict[str, Any], clock: Clock
) -> None:
    """3d/15d: Ann moves after 30 hours, 10 of them on vacation: 3d - 20h + 3d = 6 days - 20 hours."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    clock.at(hours=10)
    vacations.start(people["ann"])
    clock.at(hours=20)
    vacations.end(people["ann"])
    clock.at(hours=30)
    first = state.legal_moves(game)[0]
    assert service.make_move(game, people["ann"], first, 0).clock_after == 6 * DAY - 20 * HOUR


def test_a_vacation_pauses_only_the_away_players_running_clock(people: dict[str, Any], clock: Clock) -> None:
    """Bob's vacation while Ann is to move changes nothing; once it is his move it pauses his clock."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    vacations.start(people["bob"])  # from 09:00 for 30 days
    clock.at(hours=4)
    game.refresh_from_db()
    assert state.clocks_at(game) == state.Clocks(3 * DAY - 4 * HOUR, 3 * DAY)
    service.make_move(game, people["ann"], state.legal_moves(game)[0], 0)
    clock.at(hours=40)
    game.refresh_from_db()
    assert state.clocks_at(game).black == 3 * DAY  # still away: his clock has not run


def test_live_games_are_not_paused(people: dict[str, Any], clock: Clock) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    vacations.start(people["ann"])
    clock.at(seconds=40)
    game.refresh_from_db()
    assert state.clocks_at(game).white == timedelta(seconds=260)


@pytest.mark.parametrize(("allowed", "left"), [(True, 3 * DAY), (False, 3 * DAY - 6 * HOUR)])
def test_the_event_says_whether_vacations_pause_its_games(
    people: dict[str, Any], clock: Clock, organiser: User, allowed: bool, left: timedelta
) -> None:
    """A pairing's game with a 3d/15d clock: White away for the 6 hours his clock ran."""
    event = make_event(organiser, "Ann 1800\nBob 1700", vacations=allowed)
    pairing = start(event, organiser).pairings.exclude(black=None).get()
    white = pairing.white.player
    white.user = people["ann"]
    white.save()
    (game,) = create_games(pairing)
    Game.objects.filter(pk=game.pk).update(
        time_control="3d/15d",
        white_time=3 * DAY,
        black_time=3 * DAY,
        turn_started=clock.now,
        position=service.registry.start(event.game),
    )
    game.refresh_from_db()
    vacations.start(people["ann"])
    clock.at(hours=6)
    assert state.clocks_at(game).white == left


def test_the_yearly_allowance(people: dict[str, Any], clock: Clock) -> None:
    """30 days a year: after 29 days 20 hours taken in 2026, a vacation lasts at most 4 hours; a
    vacation taken in 2025 counts against 2025 only."""
    ann = people["Ann"]
    Vacation.objects.create(
        player=ann, started_at=clock.start - 90 * DAY, ends_at=clock.start - 80 * DAY
    )  # 2025
    Vacation.objects.create(
        player=ann, started_at=clock.start - 50 * DAY, ends_at=clock.start - 20 * DAY - 4 * HOUR
    )
    assert vacations.state_of(ann).left == 4 * HOUR
    taken = vacations.start(people["ann"])
    assert taken.ends_at == clock.start + 4 * HOUR
    clock.at(hours=4)
    assert vacations.state_of(ann).current is None  # over by itself
    with pytest.raises(vacations.VacationConflict):
        vacations.start(people["ann"])
    # the pause ended with the days: a 1d/2d game of Ann's started at 09:00 runs out at 13:00 + 1 day
    assert clocks.paused(clock.start, clock.start + 2 * DAY, [(taken.started_at, taken.ends_at)]) == 4 * HOUR


def test_the_pause_arithmetic() -> None:
    """Overlaps counted once, parts outside the span left out."""
    t0 = Clock().start
    spans = [(t0 + 2 * HOUR, t0 + 5 * HOUR), (t0 + 4 * HOUR, t0 + 6 * HOUR), (t0 - HOUR, t0 + HOUR)]
    assert clocks.paused(t0, t0 + 10 * HOUR, spans) == 5 * HOUR  # 0-1, 2-6
    assert clocks.used(t0, t0 + 10 * HOUR, spans) == 5 * HOUR
    assert clocks.used(t0, t0 + 3 * HOUR, spans) == HOUR  # only 1-2 ran: 0-1 and 2-3 paused
    assert clocks.used(t0 + HOUR, t0, spans) == timedelta(0)


def test_the_vacation_api(people: dict[str, Any], clock: Clock) -> None:
    ann = api_of(people["ann"])
    seen = ann.get("/api/vacation/").json()
    assert seen["on_vacation"] is False and seen["left_seconds"] == 30 * 86400 and seen["year"] == 2026
    started = ann.post("/api/vacation/")
    assert started.status_code == 201 and started.json()["on_vacation"] is True
    assert ann.post("/api/vacation/").status_code == 409
    clock.at(hours=3)
    ended = ann.post("/api/vacation/end/")
    assert ended.status_code == 200 and ended.json()["left_seconds"] == 30 * 86400 - 3 * 3600
    assert ann.post("/api/vacation/end/").status_code == 409
    assert api_of(None).get("/api/vacation/").status_code == 401
    assert api_of(None).post("/api/vacation/").status_code == 401
    # an account without a player has no vacation to take: 400, nothing stored
    nobody = User.objects.create_user("nobody", password="pw-nobody-12345")
    assert api_of(nobody).post("/api/vacation/").status_code == 400
    assert Vacation.objects.count() == 1
    paths = APIClient().get("/api/schema/", {"format": "json"}).json()["paths"]
    assert {"/api/vacation/", "/api/vacation/end/"} <= set(paths)


def test_the_account_page_starts_and_ends_a_vacation(
    people: dict[str, Any], clock: Clock, client: Any
) -> None:
    client.force_login(people["ann"])
    page = client.get("/accounts/me/")
    assert "Start a vacation" in page.content.decode() and "30 days" in page.content.decode()
    client.post("/accounts/me/", {"action": "start-vacation"})
    assert vacations.state_of(people["Ann"]).current is not None
    assert "End the vacation" in client.get("/accounts/me/").content.decode()
    again = client.post("/accounts/me/", {"action": "start-vacation"}, follow=True)
    assert "already on vacation" in again.content.decode()
    clock.at(hours=1)
    client.post("/accounts/me/", {"action": "end-vacation"})
    assert vacations.state_of(people["Ann"]).left == 30 * DAY - HOUR
    with translation.override("en"):  # the language the page activates ends with the request
        uk = client.get("/accounts/me/", HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert "Відпустка" in uk
