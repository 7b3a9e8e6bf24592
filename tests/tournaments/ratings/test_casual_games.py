"""Rated casual games (challenges, ``games.play.state.create_service_game``) in the rating lists
(``tournaments.ratings.casual``, docs/play.md "Which games are rated"): each one its own rating
period once its result is final (confirmed, official or decided), placed among the rounds by the
moment it became final; the rebuild orders both the same way; a later decision rebuilds from it.

Every figure is worked by hand from FIDE B.02 (``tournaments.ratings.elo``'s rules, the defaults):
expected score E = 1 / (1 + 10 ** (-D / 400)), D the player's rating minus the opponent's; a
player's change is K (40 before 30 rated games) times (score - E), rounded half away from zero.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from common.sweep import sweep
from games.errors import GameServiceError
from games.models import Game
from games.play import service, state
from games.records import decisions
from games.records.confirmation import confirm, dispute
from tests.conftest import boards, make_event, next_round, play_round, start
from tests.games.play.timing import Clock, people_named
from tournaments.models import CasualPeriod, Rating, RatingChange
from tournaments.ratings.casual import rate_casual_game
from tournaments.ratings.recompute import recompute_family
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    root = User.objects.create_superuser("root", password="pw-root-12345")
    return {"root": root, **people_named("Ann", "Bob", "Cid", "Dan")}


def ratings(family: str) -> dict[str, tuple[int, int]]:
    return {
        row.player.display_name: (row.rating, row.rated_games)
        for row in Rating.objects.filter(family=family).select_related("player")
    }


def history(family: str) -> list[tuple[str, int | None, int | None, int, int, int]]:
    """Every rating change of the family: (player, round, game, before, after, games)."""
    return sorted(
        RatingChange.objects.filter(family=family).values_list(
            "player__display_name", "round__number", "game_id", "before", "after", "games"
        ),
        key=lambda row: (row[0], row[1] or 0, row[2] or 0),
    )


def rated_players(people: dict[str, Any]) -> None:
    """Ann 1600 after 10 games, Bob 1500 after 5, in the GIPF list."""
    Rating.objects.create(player=people["Ann"], family="gipf", rating=1600, rated_games=10)
    Rating.objects.create(player=people["Bob"], family="gipf", rating=1500, rated_games=5)


def resigned_by_ann(people: dict[str, Any], commit: Any, rated: bool = True) -> Game:
    """A casual GIPF game, Ann White: she resigns at once (0-1), the result official at once (played
    on the service: no confirmation step)."""
    game = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3", rated=rated)
    commit(service.resign, game, people["ann"])
    game.refresh_from_db()
    assert (game.result, game.state) == ("0-1", Game.State.OFFICIAL)
    return game


def test_a_rated_casual_game_ended_changes_both_ratings(people: dict[str, Any], commit: Any) -> None:
    """D = 1600 - 1500 = 100: E(Ann) = 1 / (1 + 10 ** -0.25) = 1 / 1.562341 = 0.640065, E(Bob) =
    0.359935. Bob wins: Ann 40 * (0 - 0.640065) = -25.60 -> -26, 1574 after 11 games; Bob
    40 * (1 - 0.359935) = +25.60 -> +26, 1526 after 6."""
    rated_players(people)
    game = resigned_by_ann(people, commit)  # official at once: rated at once
    assert ratings("gipf") == {"Ann": (1574, 11), "Bob": (1526, 6)}
    with pytest.raises(GameServiceError):  # nothing for the opponent to confirm
        confirm(game, people["bob"])
    assert history("gipf") == [("Ann", None, game.pk, 1600, 1574, 1), ("Bob", None, game.pk, 1500, 1526, 1)]
    assert CasualPeriod.objects.get(game=game).stale_since is None  # nothing left to compute
    assert rate_casual_game(game.pk) == 0  # run again: nothing to do, nothing changes
    assert ratings("gipf") == {"Ann": (1574, 11), "Bob": (1526, 6)}


def test_an_unrated_casual_game_changes_nothing(people: dict[str, Any], commit: Any) -> None:
    rated_players(people)
    resigned_by_ann(people, commit, rated=False)
    assert ratings("gipf") == {"Ann": (1600, 10), "Bob": (1500, 5)}
    assert not RatingChange.objects.exists() and not CasualPeriod.objects.exists()


def test_a_casual_game_the_arbiter_decides_afterwards_is_rated_again(
    people: dict[str, Any], commit: Any
) -> None:
    """Played here, the result is official at once: no dispute by the opponent (the arbiter's powers
    remain). Both new (1500, K 40, E 0.5): Bob's win is rated at once, Ann 1480, Bob 1520. Decided a
    draw, the family is rebuilt with the draw in its place: 40 * (0.5 - 0.5) = 0, both 1500."""
    game = resigned_by_ann(people, commit)
    with pytest.raises(GameServiceError):
        dispute(game, people["bob"], "I offered a draw and she accepted")
    assert ratings("gipf") == {"Ann": (1480, 1), "Bob": (1520, 1)}
    commit(
        decisions.decide,
        game,
        people["root"],  # a casual game's official
        kind="adjudication",
        result="1/2-1/2",
        reason="The draw was agreed in the chat",
    )
    assert ratings("gipf") == {"Ann": (1500, 1), "Bob": (1500, 1)}


def test_a_lost_rating_task_is_queued_again_by_the_sweep(
    people: dict[str, Any], commit: Any, clock: Clock
) -> None:
    """The end's rating task never ran (its transaction's callbacks dropped): the period stays
    marked, and the sweep queues it again after the grace period; the figures are test 1's."""
    rated_players(people)
    game = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "5+3", rated=True)
    service.resign(game, people["ann"])  # no on-commit callbacks here: the task is lost
    assert ratings("gipf") == {"Ann": (1600, 10), "Bob": (1500, 5)}
    assert CasualPeriod.objects.get(game=game).stale_since == clock.now
    clock.advance(hours=1)
    assert commit(sweep, clock.now).casual == [game.pk]
    assert ratings("gipf") == {"Ann": (1574, 11), "Bob": (1526, 6)}
    assert commit(sweep, clock.now).casual == []  # done once


def test_a_casual_game_between_two_rounds_is_rated_in_time_order(
    people: dict[str, Any], organiser: User, commit: Any, clock: Clock
) -> None:
    """A DVONN round robin of four new players (1500, K 40), a casual DVONN game of Ann and Bob
    confirmed between its rounds 1 and 2, then a decision changing it.

    Round 1 (closed at 1 h): Ann-Dan 1-0, Bob-Cid 1/2-1/2: E = 0.5, Ann 1520, Dan 1480, Bob and
    Cid 1500.
    Casual game (final at 2 h), Ann (1520) White resigns, 0-1: D = 20, E(Ann) = 1 / (1 + 10 **
    -0.05) = 1 / 1.891251 = 0.528750; Ann 40 * -0.528750 = -21.15 -> -21, 1499; Bob +21, 1521.
    Round 2 (closed at 3 h), White wins: Dan (1480) - Cid (1500): E(Dan) = 0.471250, Dan
    40 * 0.528750 = +21.15 -> +21, 1501; Cid -21, 1479. Ann (1499) - Bob (1521): D = -22, E(Ann) =
    1 / (1 + 10 ** 0.055) = 1 / 2.135011 = 0.468382; Ann 40 * 0.531618 = +21.26 -> +21, 1520; Bob
    -21, 1500. (Rated after round 2 instead, the casual game would give other figures: Ann-Bob of
    round 2 from 1520 and 1500 is +19 and -19.)

    Decided a draw at 4 h, the game keeps its place at 2 h: Ann (1520) - Bob (1500), Ann
    40 * (0.5 - 0.528750) = -1.15 -> -1, 1519; Bob +1, 1501. Round 2 again: Dan and Cid as before;
    Ann (1519) - Bob (1501): D = 18, E(Ann) = 1 / (1 + 10 ** -0.045) = 1 / 1.901571 = 0.525881;
    Ann 40 * 0.474119 = +18.96 -> +19, 1538; Bob -19, 1482.
    """
    event = make_event(organiser, "", game="dvonn")
    for name in ("Ann", "Bob", "Cid", "Dan"):
        registration_services.register(event, organiser, people[name])
    round_1 = start(event, organiser)
    assert boards(round_1) == [("Ann", "Dan"), ("Bob", "Cid")]
    result_services.record_result(round_1.pairings.get(board=2), organiser, "1/2-1/2")
    clock.at(hours=1)
    commit(play_round, round_1, organiser)  # Ann-Dan 1-0, then closed
    assert ratings("dvonn") == {"Ann": (1520, 1), "Dan": (1480, 1), "Bob": (1500, 1), "Cid": (1500, 1)}

    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1d/5d", rated=True)
    clock.at(hours=2)
    commit(service.resign, game, people["ann"])  # official at once: final at 2 h
    assert ratings("dvonn")["Ann"] == (1499, 2) and ratings("dvonn")["Bob"] == (1521, 2)

    round_2 = commit(next_round, event, organiser)
    assert boards(round_2) == [("Dan", "Cid"), ("Ann", "Bob")]
    clock.at(hours=3)
    commit(play_round, round_2, organiser)
    expected = {"Ann": (1520, 3), "Bob": (1500, 3), "Cid": (1479, 2), "Dan": (1501, 2)}
    assert ratings("dvonn") == expected
    incremental = history("dvonn")
    assert ("Ann", None, game.pk, 1520, 1499, 1) in incremental
    # the rebuild orders the casual game between the rounds: the same figures, the same history
    assert recompute_family("dvonn") == 3
    assert ratings("dvonn") == expected
    assert history("dvonn") == incremental

    clock.at(hours=4)
    commit(
        decisions.decide,
        Game.objects.get(pk=game.pk),
        people["root"],
        kind="adjudication",
        result="1/2-1/2",
        reason="Ann resigned by mistake; the position was a draw",
    )
    decided = {"Ann": (1538, 3), "Bob": (1482, 3), "Cid": (1479, 2), "Dan": (1501, 2)}
    assert ratings("dvonn") == decided
    assert CasualPeriod.objects.get(game=game).settled_at == clock.start + timedelta(hours=2)
    after_decision = history("dvonn")
    assert ("Ann", None, game.pk, 1520, 1519, 1) in after_decision
    assert ("Ann", 2, None, 1519, 1538, 1) in after_decision
    assert recompute_family("dvonn") == 3
    assert ratings("dvonn") == decided and history("dvonn") == after_decision


def test_exactly_one_of_round_and_game_names_a_rating_change(people: dict[str, Any]) -> None:
    from django.db import IntegrityError, transaction

    player: Player = people["Ann"]
    with pytest.raises(IntegrityError), transaction.atomic():
        RatingChange.objects.create(player=player, family="gipf", before=1500, after=1510, games=1)


def test_the_player_page_and_the_api_show_a_casual_games_rating_change(
    people: dict[str, Any], commit: Any, client: Any, api_client: Any, clock: Clock
) -> None:
    """The figures of the first test: Ann 1600 -> 1574 (-26) in the casual game against Bob."""
    rated_players(people)
    game = resigned_by_ann(people, commit)
    page = client.get("/players/ann/").content.decode()
    assert "Casual game against Bob" in page and f'href="/games/{game.pk}/"' in page
    assert "1574" in page and "-26" in page
    assert "casual game against Bob: 1574" in page  # the chart's point
    answer = api_client.get("/api/players/ann/rating-history/")
    assert answer.status_code == 200
    assert answer.json()["results"] == [
        {
            "family": "gipf",
            "event": None,
            "round": None,
            "game": game.pk,
            "opponent": "bob",
            "at": "2026-03-02T09:00:00Z",
            "games": 1,
            "before": 1600,
            "after": 1574,
            "change": -26,
        }
    ]
    assert api_client.get("/api/players/ann/rating-history/?family=dvonn").json()["results"] == []
    assert api_client.get("/api/players/nobody/rating-history/").status_code == 404


def test_a_round_rated_after_a_later_casual_game_rebuilds_in_time_order(
    people: dict[str, Any], organiser: User, commit: Any, clock: Clock
) -> None:
    """The rounds' rating ran late: round 1 closed at 1 h (its rating task lost), the casual game of
    Ann and Bob final at 2 h and rated at once from the initial 1500s (Bob wins, E = 0.5: Ann 1480,
    Bob 1520). Rating round 1 afterwards must not put it after the casual game: the family is rebuilt
    in time order and gives the figures of the test above: round 1 Ann 1520, Dan 1480, Bob and Cid
    1500; then the casual game Ann 1499, Bob 1521."""
    from tournaments.ratings.rounds import rate_closed_rounds

    event = make_event(organiser, "", game="dvonn")
    for name in ("Ann", "Bob", "Cid", "Dan"):
        registration_services.register(event, organiser, people[name])
    round_1 = start(event, organiser)
    result_services.record_result(round_1.pairings.get(board=2), organiser, "1/2-1/2")
    clock.at(hours=1)
    play_round(round_1, organiser)  # closed, but its callbacks (the rating) never run
    assert not RatingChange.objects.exists()

    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1d/5d", rated=True)
    clock.at(hours=2)
    commit(service.resign, game, people["ann"])  # official at once: final at 2 h
    assert ratings("dvonn") == {"Ann": (1480, 1), "Bob": (1520, 1)}

    assert rate_closed_rounds(event.pk) == 2  # round 1 and the casual game, in that order
    expected = {"Ann": (1499, 2), "Bob": (1521, 2), "Cid": (1500, 1), "Dan": (1480, 1)}
    assert ratings("dvonn") == expected
    assert ("Ann", 1, None, 1500, 1520, 1) in history("dvonn")
    assert ("Ann", None, game.pk, 1520, 1499, 1) in history("dvonn")
    assert rate_closed_rounds(event.pk) == 0  # done once
    assert ratings("dvonn") == expected
