"""An event's games start when their round starts and are lost by forfeit, not on time, by the side
that makes no first move within the event's grace (issue 36, as lichess's Swiss), through the play
API and the pages as players meet them; a casual game keeps its abort (tests/games/test_starts.py).

Figures worked by hand: round 1 of a 4-player round robin of DVONN on the service is Ann-Dan,
Bob-Cid (Berger; unrated players numbered by name), White first; a forfeit scores FIDE's ``+/-`` or
``-/+``: the winner the event's win (1 point, 2 half-points), the loser 0, unrated
(docs/tournaments.md, "Points" and "Ratings"). The service's grace for a 5+3 clock is 180 s; the
event's own here 30 s. DVONN's first move is a placement: ``a1`` is legal for White, ``a3`` for Black.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Notice
from arbiter import registry
from common.sweep import sweep
from games.models import Game
from games.play import flags
from tests.conftest import make_event, start, token_client
from tests.games.play.timing import Clock
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts
from tournaments.models import Pairing, Rating

pytestmark = pytest.mark.django_db


@pytest.fixture
def api_of(django_capture_on_commit_callbacks: Any) -> Any:
    """A user's API client whose requests end as real ones do (their after-commit work runs: the
    sweep a request runs on the embedded default carries what it ends)."""
    return lambda user: token_client(user, django_capture_on_commit_callbacks)


def event_round(organiser: User, commit: Any, **fields: object) -> tuple[dict[str, User], list[Game]]:
    event = make_event(
        organiser, "", name="Forfeit club", game="dvonn", play_mode="service", time_control="5+3", **fields
    )
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = commit(start, event, organiser)
    return users, games_of_round(round_)


def first_move(game: Game) -> str:
    game.refresh_from_db()
    return registry.legal_moves(game.position)[0].notation


def test_white_without_a_first_move_loses_by_forfeit_not_on_time(
    organiser: User, clock: Clock, commit: Any, api_of: Any
) -> None:
    users, (game, _other) = event_round(organiser, commit)
    ann, dan = users["Ann"], users["Dan"]
    assert (game.white.display_name, game.black.display_name) == ("Ann", "Dan")
    assert game.starts_at == clock.start and game.first_move_by == clock.start + timedelta(seconds=180)
    clock.at(seconds=181)
    api_of(dan).get(f"/api/play/{game.pk}/")  # a read finds it due (here, the sweep of the request)
    body = api_of(dan).get(f"/api/play/{game.pk}/").json()  # its result carried after that commit
    assert (body["result"], body["termination"], body["state"]) == ("-/+", "forfeit", "official")
    assert body["ending"] == "Ann lost by forfeit: no first move within 3 minutes"
    pairing = Pairing.objects.get(pairing_games__game=game)
    assert (pairing.results, pairing.white_score, pairing.black_score, pairing.source) == (
        "-/+",
        0,
        2,
        "forfeit",
    )
    late = api_of(ann).post(f"/api/play/{game.pk}/move/", {"move": "a1", "expected_ply": 0}, format="json")
    assert late.status_code == 409
    # both players are told, in the one wording (never silently)
    for user in (ann, dan):
        told = Notice.objects.filter(recipient=user, kind=Notice.FORFEIT).values_list("text", "link")
        assert [(text.split(": ", 1)[1], link) for text, link in told] == [
            ("-/+ · Ann lost by forfeit: no first move within 3 minutes", game.get_absolute_url())
        ]
    # the game page says it too
    page = api_of(None).get(game.get_absolute_url()).content.decode()
    assert "Ann lost by forfeit: no first move within 3 minutes" in page
    # a forfeit is not rated: nobody of board 1 has a rating from it
    assert not Rating.objects.filter(player__display_name__in=["Ann", "Dan"], rated_games__gt=0).exists()


def test_black_has_the_grace_from_whites_first_move(
    organiser: User, clock: Clock, commit: Any, api_of: Any
) -> None:
    """The event's own grace of 30 s: White moves at 10 s; Black's first move is due at 40 s; at 41 s
    the sweep finds Black's forfeit (``+/-``: White wins)."""
    users, (game, other) = event_round(organiser, commit, first_move_grace=30)
    assert game.first_move_by == clock.start + timedelta(seconds=30)
    clock.at(seconds=10)
    moved = api_of(users["Ann"]).post(
        f"/api/play/{game.pk}/move/", {"move": first_move(game), "expected_ply": 0}, format="json"
    )
    assert moved.status_code == 201, moved.content
    game.refresh_from_db()
    assert game.first_move_by == clock.start + timedelta(seconds=40)
    clock.at(seconds=39)
    commit(sweep, clock.now)
    game.refresh_from_db()
    assert game.finished_at is None
    clock.at(seconds=41)
    commit(sweep, clock.now)
    game.refresh_from_db()
    other.refresh_from_db()
    assert (game.result, game.termination) == ("+/-", "forfeit")
    assert (other.result, other.termination) == ("-/+", "forfeit")  # Bob never moved on board 2
    body = api_of(users["Ann"]).get(f"/api/play/{game.pk}/").json()
    assert body["ending"] == "Dan lost by forfeit: no first move within 30 seconds"


def test_the_flags_task_forfeits_in_two_steps(organiser: User, clock: Clock, commit: Any) -> None:
    """The flags' run (``games.flags.end_fallen``: the games' own locks first, the pairings after
    commit) ends a forfeit as it ends a flag: both boards' pairings get their forfeits."""
    _users, games = event_round(organiser, commit)
    clock.at(seconds=200)
    ended = commit(flags.end_fallen, clock.now)
    assert sorted(ended) == sorted(game.pk for game in games)
    results = sorted(Pairing.objects.filter(pairing_games__game__in=games).values_list("results", "source"))
    assert results == [("-/+", "forfeit"), ("-/+", "forfeit")]
    assert not Game.objects.filter(pk__in=[g.pk for g in games]).exclude(to_carry="").exists()


def test_no_move_before_the_rounds_start(organiser: User, clock: Clock, commit: Any, api_of: Any) -> None:
    """Round 1's time is an hour after the publication: its games start then (a move before is
    refused, 409), White's first move is due at its start plus the grace."""
    at = (clock.start + timedelta(hours=1)).isoformat()
    users, (game, _other) = event_round(organiser, commit, round_times=[at])
    assert game.starts_at == clock.start + timedelta(hours=1)
    assert game.first_move_by == clock.start + timedelta(hours=1, seconds=180)
    early = api_of(users["Ann"]).post(
        f"/api/play/{game.pk}/move/", {"move": "a1", "expected_ply": 0}, format="json"
    )
    assert early.status_code == 409 and "starts at 2026-03-02 10:00:00 UTC" in early.json()["detail"]
    read = api_of(users["Ann"]).get(f"/api/play/{game.pk}/").json()
    assert (read["starts_at"], read["first_move_by"]) == ("2026-03-02T10:00:00Z", "2026-03-02T10:03:00Z")
    page = api_of(users["Ann"])
    page.force_login(users["Ann"])
    html = page.get(game.get_absolute_url()).content.decode()
    assert (
        'id="game-starts" data-seconds="3600"' in html and "The game starts at 2026-03-02 10:00 UTC" in html
    )
    assert 'id="move-form"' not in html  # no move offered before the start
    mine = page.get("/accounts/my-games/").content.decode()
    assert "starts at 2026-03-02 10:00 UTC" in mine
    clock.at(hours=1, seconds=5)
    moved = api_of(users["Ann"]).post(
        f"/api/play/{game.pk}/move/", {"move": first_move(game), "expected_ply": 0}, format="json"
    )
    assert moved.status_code == 201, moved.content
