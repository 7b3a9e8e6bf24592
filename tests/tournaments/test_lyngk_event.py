"""A LYNGK round robin end to end on the service (issue 38): the event created on the event form with
LYNGK, four players registered, the three rounds of the Berger table paired, every game played through
the HTTP play API (a claim and its move two requests), each finished game's record written with its
start in ``[Setup]`` and verified; round 2's start given by the organiser for both its boards through
the round's game options (``/api/events/{slug}/rounds/2/game-options/``), round 3's drawn once for
both; then the standings with a draw and the LYNGK rating list.

Worked by hand: a round robin of four is three rounds of two boards, everyone meets everyone once.
Round 2 starts from the specification's S1 on both boards: board 1 plays a game of 35 decisions that
ends drawn (no stack of five won; stacks of 4, 3 and 2 topped by each player's colours: 2, 1 and 1
each: every tie-break equal, L-12), board 2 the whole game of docs/rules.md (LYNGK), won by Black at
the first tie-break. Rounds 1 and 3 are random legal games from the starts the service drew; their
results are read from the games. Standings are half-points: a win 2, a draw 1, so the six games give
12 half-points. The players are new (1,500, K 40), so the four ratings still add up to 6,000.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from arbiter import registry
from games.models import Game
from tests.arbiter.lyngk.support import DRAWN, S1, WON_BY_BLACK
from tests.conftest import CommittingAPIClient, boards, next_round, start, token_client
from tests.tournaments import game_events
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts, points
from tournaments.models import Event

pytestmark = pytest.mark.django_db

FORM = game_events.event_form("LYNGK club night", "lyngk")
NAMES = game_events.NAMES


def _play(
    game: Game, apis: dict[str, CommittingAPIClient], moves: list[str] | None, rng: random.Random
) -> None:
    """The game played through the play API to its end: ``moves`` in turn, else random legal ones."""
    for ply in range(200):
        state = apis["ann"].get(f"/api/play/{game.pk}/").json()
        if state["finished_at"] is not None:
            assert moves is None or ply == len(moves)
            return
        move = moves[ply] if moves is not None else rng.choice(state["legal_moves"])
        answer = apis[state["to_move"]].post(
            f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply}
        )
        assert answer.status_code == 201, (ply, move, answer.json())
    raise AssertionError("no end within 200 plies")


def _setup_of(game: Game) -> str:
    word, setup = game.options["start"].split(maxsplit=1)
    assert word == "random"
    return setup


def test_a_lyngk_round_robin_on_the_service_with_a_start_for_a_round(
    organiser: User, django_capture_on_commit_callbacks: Any
) -> None:
    olga, event, users = game_events.round_robin_created(organiser, django_capture_on_commit_callbacks, FORM)
    apis = {
        name.lower(): token_client(user, django_capture_on_commit_callbacks) for name, user in users.items()
    }
    organiser_api = token_client(organiser, django_capture_on_commit_callbacks)
    rng = random.Random(38)
    results: list[tuple[str, str, str]] = []

    round_ = start(event, organiser)
    round_url = f"/api/events/{event.slug}/rounds/%s/game-options/"
    refused = organiser_api.post(round_url % 1, {"start": S1}, format="json")
    assert refused.status_code == 400 and "round 1 is public" in str(refused.json())
    for game in games_of_round(round_):  # each board's own random start, drawn by the service
        assert game.position == registry.start("lyngk", game.options) and game.game == "lyngk"
    assert _setup_of(games_of_round(round_)[0]) != _setup_of(games_of_round(round_)[1])

    # round 2: the organiser gives S1 for both boards, before the round is paired
    assert organiser_api.post(round_url % 2, {"start": S1}, format="json").json() == {"start": S1}
    assert organiser_api.get(round_url % 2).json() == {"start": S1}
    assert apis["ann"].get(round_url % 2).status_code == 403  # a player does not see it in advance
    assert apis["ann"].post(round_url % 2, {"start": "random"}, format="json").status_code == 403
    wrong = organiser_api.post(round_url % 2, {"start": S1.replace("a1:J", "a1:I")}, format="json")
    assert wrong.status_code == 400 and "found ivory 9" in str(wrong.json())
    beyond = organiser_api.post(round_url % 4, {"start": S1}, format="json")
    assert beyond.status_code == 400 and "rounds 1 to 3, not 4" in str(beyond.json())
    # round 3: a random start, drawn now, once for both its boards
    drawn = organiser_api.post(round_url % 3, {"start": "random"}, format="json").json()["start"]
    assert drawn.startswith("random a1:")

    for number in (1, 2, 3):
        if number > 1:
            round_ = next_round(event, organiser)
        assert len(boards(round_)) == 2
        games = games_of_round(round_)
        if number == 2:
            assert [game.options for game in games] == [{"start": S1}] * 2
            scripted: list[list[str] | None] = [DRAWN, WON_BY_BLACK]
        else:
            scripted = [None, None]
        if number == 3:
            assert [game.options for game in games] == [{"start": drawn}] * 2
        for game, moves in zip(games, scripted, strict=True):
            _play(game, apis, moves, rng)
            game.refresh_from_db()
            assert game.termination == "stacks" and game.result in ("1-0", "0-1", "1/2-1/2")
            verdict = registry.replay(game.record)
            assert verdict.valid and str(verdict.result) == game.result and verdict.plies == game.plies
            setup = S1 if number == 2 else _setup_of(game)
            assert f'[Setup "{setup}"]' in game.record
            results.append((game.white.display_name, game.black.display_name, game.result))
        if number == 2:
            assert [result for _white, _black, result in results[2:]] == ["1/2-1/2", "0-1"]
        game_events.close_played_round(round_, organiser, django_capture_on_commit_callbacks)

    assert {frozenset((white, black)) for white, black, _ in results} == {
        frozenset(pair)
        for pair in [
            ("Ann", "Bob"),
            ("Ann", "Cid"),
            ("Ann", "Dan"),
            ("Bob", "Cid"),
            ("Bob", "Dan"),
            ("Cid", "Dan"),
        ]
    }
    expected = dict.fromkeys(NAMES, 0)
    for white, black, result in results:
        expected[white] += {"1-0": 2, "1/2-1/2": 1, "0-1": 0}[result]
        expected[black] += {"1-0": 0, "1/2-1/2": 1, "0-1": 2}[result]
    standing = points(event, 3)
    assert standing == expected and sum(standing.values()) == 12
    game_events.published(olga, event, standing, "lyngk", "LYNGK")


def test_an_organiser_gives_one_start_for_every_game_of_the_event(organiser: User, commit: Any) -> None:
    """The event's own start option (the event form's field, like TZAAR's): every board of every round
    starts from the placements given; an unknown start word is refused naming it."""
    from django.test import Client
    from rest_framework.test import APIClient

    from tests.conftest import make_event
    from tournaments.events import game_options

    olga = Client()
    olga.force_login(organiser)
    refused = olga.post(
        reverse("tournaments:event-create"), {**FORM, "name": "LYNGK fixed", "start": "fixed"}
    )
    assert (
        refused.status_code == 400 and "the start is random or the 43 placements" in refused.content.decode()
    )
    answer = olga.post(reverse("tournaments:event-create"), {**FORM, "name": "LYNGK S1", "start": S1})
    assert answer.status_code == 302, answer.content.decode()[:3000]
    event = Event.objects.get(name="LYNGK S1")
    assert game_options.options_of(event) == {"start": S1}
    players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = commit(start, event, organiser)
    games = games_of_round(round_)
    assert [game.options for game in games] == [{"start": S1}] * 2
    assert {game.position for game in games} == {registry.start("lyngk", {"start": S1})}
    other = make_event(organiser, "", name="DVONN", game="dvonn")
    api = APIClient()
    api.force_authenticate(organiser)
    answer = api.post(f"/api/events/{other.slug}/rounds/1/game-options/", {"start": S1}, format="json")
    assert answer.status_code == 400 and "DVONN is played without a start" in str(answer.json())


def test_a_rounds_start_goes_when_the_event_changes_its_game(organiser: User) -> None:
    """Set before the event starts, a round's start is the event's game's: the event changed to
    TZAAR, LYNGK's placements are no TZAAR start, and round 2 keeps none."""
    from rest_framework.test import APIClient

    from tests.conftest import make_event
    from tournaments.events import game_options

    event = make_event(organiser, "", name="LYNGK then TZAAR", game="lyngk", pairing_system="round-robin")
    api = APIClient()
    api.force_authenticate(organiser)
    assert (
        api.post(f"/api/events/{event.slug}/rounds/2/game-options/", {"start": S1}, format="json").status_code
        == 200
    )
    assert game_options.options_for_round(Event.objects.get(pk=event.pk), 2) == {"start": S1}
    changed = api.post(f"/api/events/{event.slug}/settings/", {"game": "tzaar"}, format="json")
    assert changed.status_code == 200, changed.json()
    assert api.get(f"/api/events/{event.slug}/rounds/2/game-options/").json() == {}
