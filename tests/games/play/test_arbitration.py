"""The arbiter's powers over a game played on the service (``games.play.arbitration``): give time,
adjudicate, annul; through the API (``/api/play/<id>/...``) and the pages (a form, then a
confirmation). A casual game's official is a superuser.

Clock figures are worked by hand: 1d/2d gives White one day for his first move.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from rest_framework.test import APIClient

from accounts.models import Notice
from common.sweep import sweep
from games.models import Decision, Game, Move, TimeGiven
from games.play import arbitration, errors, service, state
from tests.conftest import token_client as api_of
from tests.games.play.timing import Clock, people_named

# their clocks run from the creation: these tests are about a running clock, not the first moves
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]

HOUR = timedelta(hours=1)


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    found = people_named("Ann", "Bob")
    found["sam"] = User.objects.create_user("sam", password="pw-sam-12345")
    found["root"] = User.objects.create_superuser("root", password="pw-root-12345")
    return found


@pytest.fixture
def game(people: dict[str, Any], clock: Clock) -> Game:
    return state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1d/2d")


def test_time_given_is_added_to_the_running_clock(
    people: dict[str, Any], clock: Clock, game: Game, commit: Any
) -> None:
    """At 10 hours Ann (to move) has 14 hours left; a day given makes 38 hours: her clock runs out
    at 48 hours, not at 24."""
    root = api_of(people["root"])
    url = f"/api/play/{game.pk}/give-time/"
    clock.at(hours=10)
    given = root.post(url, {"player": "white", "seconds": 86400, "reason": "server outage"})
    assert given.status_code == 200, given.json()
    assert (given.json()["white_seconds"], given.json()["black_seconds"]) == (38 * 3600, 24 * 3600)
    clock.at(hours=24)
    assert commit(sweep, clock.now).timed_out == []
    clock.at(hours=48)
    assert commit(sweep, clock.now).timed_out == [game.pk]
    logged = TimeGiven.objects.get()
    assert (logged.side, logged.amount, logged.given_by, logged.reason) == (
        0,
        timedelta(days=1),
        people["root"],
        "server outage",
    )


def test_giving_time_is_refused_with_nothing_stored(people: dict[str, Any], clock: Clock, game: Game) -> None:
    url = f"/api/play/{game.pk}/give-time/"
    for name in ("ann", "bob", "sam"):  # the players and a stranger are no officials of a casual game
        assert api_of(people[name]).post(url, {"player": "black", "seconds": 60}).status_code == 403
    assert api_of(None).post(url, {"player": "black", "seconds": 60}).status_code == 401
    root = api_of(people["root"])
    for bad in ({"player": "green", "seconds": 60}, {"player": "black", "seconds": 0}, {"player": "black"}):
        assert root.post(url, bad).status_code == 400
    assert root.post(url, {"player": "black", "seconds": 31 * 86400}).status_code == 400
    untimed = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "")
    assert (
        root.post(f"/api/play/{untimed.pk}/give-time/", {"player": "black", "seconds": 60}).status_code == 409
    )
    assert root.post("/api/play/999999/give-time/", {"player": "black", "seconds": 60}).status_code == 404
    assert not TimeGiven.objects.exists()
    game.refresh_from_db()
    assert (game.white_time, game.black_time) == (timedelta(days=1), timedelta(days=1))


def test_an_adjudication_ends_the_game_with_the_arbiters_decision(
    people: dict[str, Any], clock: Clock, game: Game
) -> None:
    first = state.legal_moves(game)[0]
    service.make_move(game, people["ann"], first, 0)
    clock.at(hours=3)
    root = api_of(people["root"])
    url = f"/api/play/{game.pk}/adjudicate/"
    # refused, nothing stored: no reason, a result that is not a played one, a non-official
    assert root.post(url, {"result": "1-0"}).status_code == 400
    assert root.post(url, {"result": "1-0", "reason": " "}).status_code == 400
    assert root.post(url, {"result": "1F-0", "reason": "x"}).status_code == 400
    assert api_of(people["ann"]).post(url, {"result": "1-0", "reason": "I was winning"}).status_code == 403
    game.refresh_from_db()
    assert game.finished_at is None and not Decision.objects.exists()
    decided = root.post(url, {"result": "1-0", "reason": "Black stopped answering; White's position wins"})
    assert decided.status_code == 200, decided.json()
    assert (decided.json()["kind"], decided.json()["result"]) == ("adjudication", "1-0")
    game.refresh_from_db()
    assert (game.state, game.result, game.finished_at, game.turn_started) == (
        "decided",
        "1-0",
        clock.now,
        None,
    )
    assert game.black_time == timedelta(days=1) - 3 * HOUR  # his clock stopped when play did
    assert game.record.split()[-1] == first and game.plies == 1
    # the game takes no more moves; the decision is final
    bob = api_of(people["bob"])
    assert bob.post(f"/api/play/{game.pk}/move/", {"move": "pass", "expected_ply": 1}).status_code == 409
    assert root.post(url, {"result": "0-1", "reason": "again"}).status_code == 400
    # the players are told
    assert Notice.objects.filter(recipient=people["ann"], text__contains="The arbiter decided").exists()


def test_an_annulled_game_has_no_result_is_unrated_and_takes_no_more_moves(
    people: dict[str, Any], clock: Clock, game: Game
) -> None:
    root = api_of(people["root"])
    url = f"/api/play/{game.pk}/annul/"
    assert root.post(url, {}).status_code == 400
    assert api_of(people["sam"]).post(url, {"reason": "no"}).status_code == 403
    clock.at(hours=2)
    annulled = root.post(url, {"reason": "The players are the same person"})
    assert annulled.status_code == 200 and annulled.json()["kind"] == "annulment"
    game.refresh_from_db()
    assert (game.state, game.result, game.rated, game.finished_at) == ("annulled", "", False, clock.now)
    ann = api_of(people["ann"])
    refused = ann.post(
        f"/api/play/{game.pk}/move/",
        {"move": service.registry.legal_moves(game.position)[0].notation, "expected_ply": 0},
    )
    assert refused.status_code == 409 and "annulled" in refused.json()["detail"]
    assert not Move.objects.exists()
    # final: no second annulment, no adjudication, no decision, no time
    assert root.post(url, {"reason": "again"}).status_code == 409
    assert root.post(f"/api/play/{game.pk}/adjudicate/", {"result": "1-0", "reason": "x"}).status_code == 409
    assert root.post(f"/api/play/{game.pk}/give-time/", {"player": "white", "seconds": 60}).status_code == 409
    assert Decision.objects.count() == 1
    text = Notice.objects.get(recipient=people["bob"]).text
    assert "annulled" in text and "The players are the same person" in text


def test_the_arbiters_actions_are_in_the_schema() -> None:
    paths = APIClient().get("/api/schema/", {"format": "json"}).json()["paths"]
    for name in ("give-time", "adjudicate", "annul"):
        operation = paths[f"/api/play/{{id}}/{name}/"]["post"]
        assert {"200", "400", "403", "409"} <= set(operation["responses"]), name


def test_the_pages_ask_for_confirmation(
    people: dict[str, Any], clock: Clock, game: Game, client: Any
) -> None:
    client.force_login(people["root"])
    page = client.get(f"/games/{game.pk}/")
    assert f"/games/{game.pk}/give-time/" in page.content.decode()
    form = client.get(f"/games/{game.pk}/give-time/")
    assert form.status_code == 200 and "Give time to" in form.content.decode()
    asked = client.post(
        f"/games/{game.pk}/give-time/", {"player": "1", "days": "0", "hours": "2", "minutes": "0"}
    )
    assert "Please confirm" in asked.content.decode() and "2 hours" in asked.content.decode()
    assert not TimeGiven.objects.exists()
    done = client.post(
        f"/games/{game.pk}/give-time/",
        {"player": "1", "days": "0", "hours": "2", "minutes": "0", "confirmed": "yes"},
    )
    assert done.status_code == 302
    assert TimeGiven.objects.get().amount == 2 * HOUR
    # bad input is a 400 with the form, nothing stored
    assert client.post(f"/games/{game.pk}/give-time/", {"player": "1", "days": "x"}).status_code == 400
    assert client.post(f"/games/{game.pk}/annul/", {"reason": ""}).status_code == 400
    # annulling: confirmed, then the game page says so
    client.post(f"/games/{game.pk}/annul/", {"reason": "Wrong players"})
    game.refresh_from_db()
    assert game.state == ""
    client.post(f"/games/{game.pk}/annul/", {"reason": "Wrong players", "confirmed": "yes"})
    game.refresh_from_db()
    assert game.state == "annulled"
    shown = client.get(f"/games/{game.pk}/").content.decode()
    assert "annulled by the arbiter" in shown and f"/games/{game.pk}/annul/" not in shown
    # a refusal from the service is shown on the form (the game is over now)
    late = client.post(f"/games/{game.pk}/adjudicate/", {"result": "1-0", "reason": "x", "confirmed": "yes"})
    assert late.status_code == 400 and "annulled" in late.content.decode()
    with translation.override("en"):  # the language the page activates ends with the request
        uk = client.get(f"/games/{game.pk}/adjudicate/", HTTP_ACCEPT_LANGUAGE="uk").content.decode()
    assert "Присудити" in uk


def test_the_pages_are_the_officials(people: dict[str, Any], game: Game, client: Any) -> None:
    client.force_login(people["ann"])
    for name in ("give-time", "adjudicate", "annul"):
        assert client.get(f"/games/{game.pk}/{name}/").status_code == 403
        assert (
            client.post(f"/games/{game.pk}/{name}/", {"reason": "x", "confirmed": "yes"}).status_code == 403
        )
    assert f"/games/{game.pk}/annul/" not in client.get(f"/games/{game.pk}/").content.decode()
    game.refresh_from_db()
    assert game.state == "" and game.finished_at is None


def test_service_functions_refuse_a_game_not_on_the_service(people: dict[str, Any], game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(on_service=False)
    game.refresh_from_db()
    with pytest.raises(errors.PlayConflict):
        arbitration.annul(game, people["root"], "x")


def test_an_unrated_game_of_a_pairing_never_enters_a_rating_list(organiser: User, commit: Any) -> None:
    """The pairing's result set by the arbiter after its game was annulled (1-0 here) counts for
    the standings, never for the rating list; a rated control round changes ratings."""
    from tests.conftest import make_event, play_round, start
    from tournaments.models import Rating, RatingChange
    from tournaments.ratings.recompute import recompute_family
    from tournaments.results.game_creation import create_games

    event = make_event(organiser, "Ann 1800\nBob 1700")
    round_ = start(event, organiser)
    pairing = round_.pairings.exclude(black=None).select_related("white__player", "black__player").get()
    (game,) = create_games(pairing)
    Game.objects.filter(pk=game.pk).update(rated=False, state=Game.State.ANNULLED)
    commit(play_round, round_, organiser, "1-0")
    pairing.refresh_from_db()
    assert pairing.results == "1-0"
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    recompute_family("gipf")
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    # the same round with the game rated changes both ratings (the control)
    Game.objects.filter(pk=game.pk).update(rated=True)
    recompute_family("gipf")
    assert RatingChange.objects.filter(round=round_).count() == 2
