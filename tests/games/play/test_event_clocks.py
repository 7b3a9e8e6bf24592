"""Vacations and the arbiter's powers in the games of an event's round played on the service.

Figures worked by hand: round 1 of a 4-player round robin is Ann-Dan, Bob-Cid (Berger, the players
unrated so numbered by name); 1d/2d gives White one day for his first move. Ratings (FIDE B.02
defaults): every player starts at 1,500 with no rated games, K = 40, expected score 0.5: a win
+20, a loss -20.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User

from common.sweep import sweep
from games.models import Game
from games.play import vacations
from tests.conftest import make_event, start
from tests.conftest import token_client as api_of
from tests.games.play.timing import Clock
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts, points
from tournaments.models import Rating, Standing
from tournaments.results import services as result_services

# their clocks run from the creation: these tests are about a running clock, not the first moves
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]

HOUR = timedelta(hours=1)


def event_round(organiser: User, **fields: object) -> tuple[Any, dict[str, User], list[Game]]:
    event = make_event(organiser, "", name="Correspondence club", game="dvonn", play_mode="service", **fields)
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    return round_, users, games_of_round(round_)


@pytest.mark.parametrize(("allowed", "lost_at"), [(True, 29), (False, 24)])
def test_the_event_says_whether_a_vacation_delays_the_loss_on_time(
    organiser: User, clock: Clock, commit: Any, allowed: bool, lost_at: int
) -> None:
    """Ann (White on board 1) is away from 11:00 to 16:00: where the event allows vacations her
    game is lost on time 5 hours later than Bob's, else at the same time."""
    _round, users, (ann_game, bob_game) = event_round(organiser, time_control="1d/2d", vacations=allowed)
    clock.at(hours=2)
    commit(vacations.start, users["Ann"])
    clock.at(hours=7)
    commit(vacations.end, users["Ann"])
    clock.at(hours=24)
    ended = commit(sweep, clock.now).timed_out
    assert ended == ([bob_game.pk] if allowed else [ann_game.pk, bob_game.pk])
    clock.at(hours=lost_at)
    if allowed:
        assert commit(sweep, clock.now).timed_out == [ann_game.pk]
    ann_game.refresh_from_db()
    assert ann_game.finished_at == clock.start + lost_at * HOUR
    assert (ann_game.result, ann_game.termination) == ("0-1", "time")


def test_the_events_arbiter_annuls_adjudicates_and_gives_time(
    organiser: User, clock: Clock, commit: Any, django_capture_on_commit_callbacks: Any
) -> None:
    round_, users, (annulled, adjudicated) = event_round(organiser, time_control="3d/15d")
    arbiter = User.objects.create_user("ada", password="pw-ada-12345")
    round_.event.arbiters.add(arbiter)
    ada, dan = api_of(arbiter), api_of(users["Dan"])
    # a player of the event is no official of its games
    assert (
        dan.post(f"/api/play/{adjudicated.pk}/give-time/", {"player": "white", "seconds": 60}).status_code
        == 403
    )
    given = ada.post(f"/api/play/{adjudicated.pk}/give-time/", {"player": "black", "seconds": 3600})
    assert given.status_code == 200 and given.json()["black_seconds"] == 3 * 86400 + 3600
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            ada.post(f"/api/play/{annulled.pk}/annul/", {"reason": "Dan played for Ann"}).status_code == 200
        )
        decided = ada.post(
            f"/api/play/{adjudicated.pk}/adjudicate/", {"result": "0-1", "reason": "Bob left the event"}
        )
        assert decided.status_code == 200
    pairings = list(round_.pairings.order_by("board"))
    # the annulled game's pairing waits for the arbiter; the adjudicated one has the decision's result
    assert [(p.results, p.source) for p in pairings] == [("", ""), ("0-1", "arbiter")]
    annulled.refresh_from_db()
    assert (annulled.state, annulled.rated, annulled.result) == ("annulled", False, "")
    # the arbiter sets the first pairing's result; the round closes
    commit(result_services.record_result, pairings[0], arbiter, "1-0")
    commit(result_services.close_round, round_, organiser)
    assert points(round_.event, 1) == {"Ann": 2, "Bob": 0, "Cid": 2, "Dan": 0}
    # only the adjudicated game is rated: the annulled one's pairing result never is
    assert {
        r.player.display_name: (r.rating, r.rated_games) for r in Rating.objects.select_related("player")
    } == {
        "Bob": (1480, 1),
        "Cid": (1520, 1),
    }
    assert Standing.objects.filter(event=round_.event, after_round=1).count() == 4
    # a closed round's games take no more of the arbiter's actions
    assert (
        ada.post(f"/api/play/{annulled.pk}/give-time/", {"player": "white", "seconds": 60}).status_code == 409
    )
