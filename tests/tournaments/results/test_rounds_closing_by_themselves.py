"""Rounds that close by themselves (``Event.close_rounds_by_itself``, ``tournaments.results.round_closing``),
through HTTP as the organiser, the players and the arbiter meet them: the organiser's API and settings
page set the option; the players' moves and resignations go to the play API; the round closes when
its last game ends, and not before, and never while a game has no official result.

Expected values, worked by hand (as tests/tournaments/results/test_rounds_on_service.py):

* Round 1 of a 4-player round robin, unrated players by name: Ann-Dan on board 1, Bob-Cid on board 2.
* GIPF standard, the arbiter's random game of seed 2 (``moves_of``): Black wins after 24 plies.
* After 4 plies White (Bob) is to move; his resignation is Black's win.
* Points in half-points, a win 2: Ann 0, Bob 0, Cid 2, Dan 2.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from arbiter import registry
from games.models import Game
from tests.conftest import CommittingAPIClient, CommittingClient, boards, start
from tests.games.play.test_play import moves_of
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts, points
from tournaments.models import Event, Round
from tournaments.sweep import sweep_work

pytestmark = pytest.mark.django_db


def api_as(user: User, capture: Any) -> CommittingAPIClient:
    api = CommittingAPIClient(capture)
    api.force_authenticate(user)
    return api


def play_by_api(game: Game, users: dict[str, User], count: int | None, capture: Any) -> None:
    """Play the seed-2 game's moves (``count`` None: all of them), or the arbiter's first legal
    move ``count`` times, each posted by the player to move."""
    moves = moves_of("gipf-standard", 2) if count is None else [None] * count
    for move in moves:
        game.refresh_from_db()
        mover = users[game.white.display_name if game.plies % 2 == 0 else game.black.display_name]
        notation = move or registry.legal_moves(game.position)[0].notation
        answer = api_as(mover, capture).post(
            f"/api/play/{game.pk}/move/", {"move": notation, "expected_ply": game.plies}, format="json"
        )
        assert answer.status_code == 201, answer.content


def new_event(organiser: User, capture: Any, **fields: object) -> Event:
    body = {
        "name": "Service night",
        "game": "gipf-standard",
        "pairing_system": "round-robin",
        "play_mode": "service",
        "time_control": "5+3",
        **fields,
    }
    answer = api_as(organiser, capture).post("/api/events/", body, format="json")
    assert answer.status_code == 201, answer.content
    return Event.objects.get(slug=answer.json()["slug"])


def test_a_round_closes_by_itself_when_its_last_game_ends(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    event = new_event(organiser, capture, close_rounds_by_itself=True)
    answer = api_as(organiser, capture).get(f"/api/events/{event.slug}/")
    assert answer.json()["close_rounds_by_itself"] is True
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    assert boards(round_) == [("Ann", "Dan"), ("Bob", "Cid")]
    first, second = games_of_round(round_)

    play_by_api(first, users, None, capture)
    first.refresh_from_db()
    assert (first.result, first.plies) == ("0-1", 24)
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRED  # board 2 is still being played

    play_by_api(second, users, 4, capture)
    resigned = api_as(users["Bob"], capture).post(f"/api/play/{second.pk}/resign/")
    assert resigned.status_code == 200
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED and round_.closed_at is not None
    assert {g.state for g in games_of_round(round_)} == {Game.State.OFFICIAL}
    assert points(event, 1) == {"Ann": 0, "Bob": 0, "Cid": 2, "Dan": 2}
    assert api_as(organiser, capture).get(f"/api/events/{event.slug}/rounds/1/").json()["status"] == "closed"


def test_without_the_option_the_round_waits_for_the_organiser(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    event = new_event(organiser, capture)
    assert event.close_rounds_by_itself is False
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    first, second = games_of_round(round_)
    play_by_api(first, users, None, capture)
    play_by_api(second, users, 4, capture)
    assert api_as(users["Bob"], capture).post(f"/api/play/{second.pk}/resign/").status_code == 200
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRED
    # turned on through the play settings while the event runs, for the games ending from then on
    answer = api_as(organiser, capture).post(
        f"/api/events/{event.slug}/play/",
        {"play_mode": "service", "time_control": "5+3", "close_rounds_by_itself": True},
        format="json",
    )
    assert answer.status_code == 200 and answer.json()["close_rounds_by_itself"] is True
    # not sent: unchanged
    answer = api_as(organiser, capture).post(
        f"/api/events/{event.slug}/play/", {"play_mode": "service", "time_control": "5+3"}, format="json"
    )
    assert answer.json()["close_rounds_by_itself"] is True
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRED  # turning it on closes nothing by itself at once
    # the sweep closes the round whose games were all over when the option was turned on
    with capture(execute=True):
        done = sweep_work(timezone.now())
    assert done["closing"] == [round_.pk]
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    assert points(event, 1) == {"Ann": 0, "Bob": 0, "Cid": 2, "Dan": 2}


def test_a_game_without_an_official_result_keeps_the_round_open(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    """The arbiter annuls board 1 (no result); board 2 ends: the round stays open, and the organiser's
    own close is refused for the same reason (the same service's refusal)."""
    capture = django_capture_on_commit_callbacks
    event = new_event(organiser, capture, close_rounds_by_itself=True)
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    first, second = games_of_round(round_)
    annulled = api_as(organiser, capture).post(
        f"/api/play/{first.pk}/annul/", {"reason": "The players swapped seats"}, format="json"
    )
    assert annulled.status_code == 200, annulled.content
    play_by_api(second, users, 4, capture)
    assert api_as(users["Bob"], capture).post(f"/api/play/{second.pk}/resign/").status_code == 200
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRED
    refused = api_as(organiser, capture).post(
        f"/api/events/{event.slug}/rounds/1/close/", {"confirm": True}, format="json"
    )
    assert refused.status_code == 400 and "board 1" in refused.json()["detail"]
    # nor does the sweep take a round with a game without a result
    with capture(execute=True):
        assert sweep_work(timezone.now())["closing"] == []


def test_the_settings_page_sets_the_option(organiser: User, django_capture_on_commit_callbacks: Any) -> None:
    capture = django_capture_on_commit_callbacks
    event = new_event(organiser, capture)
    page = CommittingClient(capture)
    page.force_login(organiser)
    form = page.get(f"/events/{event.slug}/edit/")
    assert form.status_code == 200 and 'name="close_rounds_by_itself"' in form.content.decode()
    initial = form.context["form"].initial
    sent = {
        key: value
        for key, value in initial.items()
        if value not in (None, False, "") and not key.startswith("tie_break_")
    }
    sent.update(
        close_rounds_by_itself="on", win_points="1", draw_points="0.5", loss_points="0", bye_points="1"
    )
    answer = page.post(f"/events/{event.slug}/edit/", sent)
    assert answer.status_code == 302, answer.content[:2000]
    event.refresh_from_db()
    assert event.close_rounds_by_itself is True
