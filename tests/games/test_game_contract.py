"""The contract every registered game meets on the service (docs/architecture.md, "Adding a game").

Parametrised over the registry's keys (``arbiter.registry.game_keys()``) and the test-only games
registered through the ``GAME_PACKAGES`` setting (Stones, ``tests/toygame``; Piles,
``tests/optiongame``, with a start option resolved when a game starts), so a game added to the
registry is checked without a line here. Each game is played through the service's HTTP API only:
Ann challenges Bob (``/api/play/challenges/``, Ann White), Bob accepts, and the players send moves
naming the ply they expect (``/api/play/{id}/move/``), each picked at random (a fixed seed) among the
legal moves the API offers. Three ends:

* a natural end, by the rules: the game's result and termination are the arbiter's status of the
  final position, set when the ending move is stored (the API shows them in the move's answer's
  game at once, before any verification has run); the last move's live events are ``move``, then
  ``end`` with the result, the winner and how the game ended. The fast suite plays at most
  :data:`FAST_PLIES` plies and, when the game is not over by then, ends it by resignation; the
  ``slow`` variant plays every game to its natural end;
* a resignation after two moves: the player to move resigns (White; in TZAAR Black, in the middle
  of his turn), so his opponent wins (``resignation``), as a record writes it (``resign``);
* a loss on time: White, with a ``1+0`` clock, sends his first move 61 seconds after the game began:
  the move is refused (409) and the game is lost on time (``0-1``, ``time``).

Each ended game's record (an export of its moves by the record contract, ``arbiter.records``:
``[Game]`` its key, the ending words) is then verified like any submitted record and is valid with
the same result, and the game's result is unchanged by it.

Beside play: each point a legal move names is a point the game's board draws (the page's input),
each board word and start option a game declares is marked for translation and translated, and a
start option resolved when a game starts (Piles' random pile) is stored with the game as drawn and
carried by its record.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import Player
from arbiter import registry
from arbiter.records import GAME_TAG, parse_tagged
from games.models import Game, SubmittedRecord
from games.records import services

pytestmark = pytest.mark.django_db

#: the test-only game packages registered through ``GAME_PACKAGES`` for this contract
TEST_PACKAGES = ("tests.toygame", "tests.optiongame")
#: the plies the fast suite plays at most before a game not over is resigned
FAST_PLIES = 40
#: the plies the slow variant plays at most (every game here ends long before)
MOST_PLIES = 3000


def _test_keys() -> list[str]:
    import importlib

    return [key for path in TEST_PACKAGES for key in importlib.import_module(path).SPEC.keys]


KEYS = [*registry.game_keys(), *_test_keys()]


@pytest.fixture(autouse=True)
def test_games_registered(settings: Any) -> Iterator[None]:
    """The test-only games registered the way a deployment registers a game, for each test."""
    import importlib

    settings.GAME_PACKAGES = [*settings.GAME_PACKAGES, *TEST_PACKAGES]
    apps.get_app_config("games").ready()
    try:
        yield
    finally:
        for path in TEST_PACKAGES:
            registry.unregister(importlib.import_module(path).SPEC)


def _person(name: str) -> APIClient:
    user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
    Player.objects.create(display_name=name, handle=name.lower(), user=user)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return api


@pytest.fixture
def players(db: None) -> dict[str, APIClient]:
    return {"ann": _person("Ann"), "bob": _person("Bob")}


def _new_game(players: dict[str, APIClient], key: str, time_control: str = "") -> int:
    sent = players["ann"].post(
        "/api/play/challenges/",
        {"opponent": "bob", "game": key, "time_control": time_control, "colour": "white"},
    )
    assert sent.status_code == 201, sent.json()
    accepted = players["bob"].post(f"/api/play/challenges/{sent.json()['id']}/accept/")
    assert accepted.status_code == 201, accepted.json()
    game = accepted.json()
    assert (game["white"], game["black"], game["game"]) == ("ann", "bob", key)
    return int(game["id"])


def _state(players: dict[str, APIClient], game_id: int) -> dict[str, Any]:
    answer = players["ann"].get(f"/api/play/{game_id}/")
    assert answer.status_code == 200
    return dict(answer.json())


def _play_random(players: dict[str, APIClient], game_id: int, most: int, seed: int) -> dict[str, Any]:
    """Random legal moves until the game ends or ``most`` plies are played; the game's state then."""
    chooser = random.Random(seed)
    state = _state(players, game_id)
    while state["finished_at"] is None and state["ply"] < most:
        assert state["legal_moves"], f"ply {state['ply']}: the player to move is offered no move"
        move = chooser.choice(state["legal_moves"])
        answer = players[state["to_move"]].post(
            f"/api/play/{game_id}/move/", {"move": move, "expected_ply": state["ply"]}
        )
        assert answer.status_code == 201, (state["ply"], move, answer.json())
        state = _state(players, game_id)
    return state


def _record_verifies(game_id: int, result: str, termination: str) -> None:
    """The played record: the game's [Game] key, verified valid with the game's result, which stays."""
    game = Game.objects.get(pk=game_id)
    record = SubmittedRecord.objects.get(game=game, kind=SubmittedRecord.Kind.PLAYED)
    assert record.official and record.text == game.record
    assert parse_tagged(record.text).tags[GAME_TAG] == game.game
    assert record.status == SubmittedRecord.Status.PENDING  # nothing verified it yet: no task ran
    verified = services.verify_record(record.pk)
    assert verified.status == SubmittedRecord.Status.VALID, verified.error_reason
    assert (verified.verdict or {})["result"] == result
    game.refresh_from_db()
    assert (game.result, game.termination, game.state) == (result, termination, Game.State.OFFICIAL)


def _ended_naturally(players: dict[str, APIClient], game_id: int, state: dict[str, Any]) -> None:
    game = Game.objects.get(pk=game_id)
    status = registry.status(game.position)  # the arbiter's judgement of the final position
    assert status.ended and status.result is not None
    expected = (str(status.result), str(status.termination))
    assert (state["result"], state["termination"], state["to_move"]) == (*expected, None)
    assert state["legal_moves"] == []
    _record_verifies(game_id, *expected)


def _resigned(players: dict[str, APIClient], game_id: int, state: dict[str, Any]) -> None:
    """The player to move resigns: his opponent wins."""
    loser = state["to_move"]
    answer = players[loser].post(f"/api/play/{game_id}/resign/")
    assert answer.status_code == 200, answer.json()
    expected = "0-1" if loser == "ann" else "1-0"
    shown = _state(players, game_id)
    assert (shown["result"], shown["termination"]) == (expected, "resignation")
    assert Game.objects.get(pk=game_id).record.split()[-1] == "resign"
    _record_verifies(game_id, expected, "resignation")


@pytest.mark.parametrize("key", KEYS)
def test_random_play_to_the_end_through_the_api(players: dict[str, APIClient], key: str) -> None:
    game_id = _new_game(players, key)
    state = _play_random(players, game_id, FAST_PLIES, seed=26)
    if state["finished_at"] is None:
        _resigned(players, game_id, state)
    else:
        _ended_naturally(players, game_id, state)


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS)
def test_random_play_to_a_natural_end_through_the_api(players: dict[str, APIClient], key: str) -> None:
    game_id = _new_game(players, key)
    state = _play_random(players, game_id, MOST_PLIES, seed=26)
    assert state["finished_at"] is not None, f"no natural end within {MOST_PLIES} plies"
    _ended_naturally(players, game_id, state)


@pytest.mark.parametrize("key", KEYS)
def test_a_resignation_through_the_api(players: dict[str, APIClient], key: str) -> None:
    game_id = _new_game(players, key)
    state = _play_random(players, game_id, 2, seed=29)
    assert (state["ply"], state["finished_at"]) == (2, None)
    # the player to move resigns: White, or in a game of turns of two moves (TZAAR) Black in the
    # middle of his turn, after its first move
    assert state["to_move"] in ("ann", "bob")
    _resigned(players, game_id, state)


@pytest.mark.usefixtures("clocks_from_creation")  # a running clock, not the first moves
@pytest.mark.parametrize("key", KEYS)
def test_a_loss_on_time_through_the_api(players: dict[str, APIClient], key: str) -> None:
    game_id = _new_game(players, key, "1+0")
    state = _state(players, game_id)
    late = timezone.now() + timedelta(seconds=61)
    with mock.patch("django.utils.timezone.now", return_value=late):
        answer = players["ann"].post(
            f"/api/play/{game_id}/move/", {"move": state["legal_moves"][0], "expected_ply": 0}
        )
        assert answer.status_code == 409 and "time" in answer.json()["detail"]
        shown = _state(players, game_id)
    assert (shown["result"], shown["termination"], shown["ply"]) == ("0-1", "time", 0)
    assert Game.objects.get(pk=game_id).record.split()[-1] == "time"
    _record_verifies(game_id, "0-1", "time")


@pytest.mark.parametrize("key", KEYS)
def test_the_ending_move_is_told_as_a_move_then_the_end(
    players: dict[str, APIClient], key: str, django_capture_on_commit_callbacks: Any
) -> None:
    """The live events of the move that ends the game: ``move``, then ``end`` with the result, the
    winner and how it ended (the arbiter's status of the final position)."""
    game_id = _new_game(players, key)
    chooser = random.Random(26)  # the fast natural end's moves, up to the one that ends the game
    state = _state(players, game_id)
    ending: list[str] = []
    while not ending and state["ply"] < FAST_PLIES:
        move = chooser.choice(state["legal_moves"])
        if registry.status(registry.play(state["position"], move).position).ended:
            ending = [move]
        else:
            answer = players[state["to_move"]].post(
                f"/api/play/{game_id}/move/", {"move": move, "expected_ply": state["ply"]}
            )
            assert answer.status_code == 201, answer.json()
            state = _state(players, game_id)
    if not ending:
        pytest.skip(f"{key}: no natural end within {FAST_PLIES} random plies (the slow variant plays it)")
    with mock.patch("django_eventstream.send_event") as send:
        with django_capture_on_commit_callbacks(execute=True):
            answer = players[state["to_move"]].post(
                f"/api/play/{game_id}/move/", {"move": ending[0], "expected_ply": state["ply"]}
            )
        assert answer.status_code == 201
    events = [(call.args[1], call.args[2]) for call in send.call_args_list]
    assert [kind for kind, _data in events] == ["move", "end"]
    status = registry.status(Game.objects.get(pk=game_id).position)
    end = events[1][1]
    winner = {"1-0": 0, "0-1": 1}.get(str(status.result))
    assert (end["result"], end["winner"], end["how"]) == (str(status.result), winner, status.termination)
    assert events[0][1]["ply"] == end["ply"] == state["ply"] + 1


def _walk(key: str, plies: int, seed: int) -> Iterator[str]:
    """The positions of a random game of ``key`` through the arbiter's play API, the start first."""
    chooser, position = random.Random(seed), registry.start(key)
    for _ply in range(plies):
        yield position
        moves = registry.legal_moves(position)
        if not moves:
            return
        position = chooser.choice(moves).position


@pytest.mark.parametrize("key", KEYS)
def test_each_point_a_move_names_is_drawn_on_the_board(key: str) -> None:
    """The page's input: a move is picked by its points on the board (``LegalMove.points``), each a
    ``data-point`` or ``data-space`` of the board's SVG (``static/js/play.js``)."""
    for position in _walk(key, 12, seed=5):
        svg = registry.render_svg(position)
        for move in registry.legal_moves(position):
            for point in move.points:
                assert f'data-point="{point}"' in svg or f'data-space="{point}"' in svg, (position, move)


@pytest.mark.parametrize("key", KEYS)
def test_the_words_and_options_a_game_declares_are_translated(key: str) -> None:
    from django.utils import translation

    spec = registry.spec_for(key)
    words = [*spec.labels.values()]
    for option in spec.variant(key).start_options:
        words += [option.label, option.help, option.noun, *([option.event_help] if option.event_help else [])]
    test_game = key in _test_keys()  # a test-only game's words are in no catalogue
    with translation.override("uk"):
        for text in words:
            assert text.strip()
            if not test_game:
                assert translation.gettext(text) != text, f"no Ukrainian for {text!r}"


def test_an_option_drawn_when_the_game_starts_is_stored_and_recorded(players: dict[str, APIClient]) -> None:
    """Piles with a random pile: the challenge names ``random``; the game created on acceptance
    stores the count drawn (5 to 15) and starts from it; its record carries ``[Pile "random"]`` and
    the count in ``[Setup]``, and verifies."""
    sent = players["ann"].post(
        "/api/play/challenges/",
        {"opponent": "bob", "game": "piles", "colour": "white", "pile": "random"},
    )
    assert sent.status_code == 201 and sent.json()["pile"] == "random"
    refused = players["ann"].post(
        "/api/play/challenges/", {"opponent": "bob", "game": "piles", "pile": "huge"}
    )
    assert refused.status_code == 400 and "huge" in str(refused.json())
    game_id = int(players["bob"].post(f"/api/play/challenges/{sent.json()['id']}/accept/").json()["id"])
    game = Game.objects.get(pk=game_id)
    word, drawn = game.options["pile"].split()
    assert word == "random" and 5 <= int(drawn) <= 15
    assert game.position == f"piles {drawn} 0"
    state = _play_random(players, game_id, 100, seed=1)
    assert state["finished_at"] is not None
    record = Game.objects.get(pk=game_id).record
    tags = parse_tagged(record).tags
    assert (tags["Pile"], tags["Setup"]) == ("random", drawn)
    _ended_naturally(players, game_id, state)
