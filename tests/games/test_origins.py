"""A game's origin (games.origins): what the games app learns of it comes through the origin.

The board of tests.games.records.test_confirmation: Olga organises the DVONN round robin, Ada is its arbiter,
Ann and Bob play board 1, Sam is a stranger.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from accounts.errors import ServiceError
from accounts.policy import Action, can
from games import origins
from games.errors import ResultFixed, SubmissionsClosed
from games.models import Game
from games.records import decisions, services
from games.signals import VERIFIED
from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def test_a_pairings_game_has_the_events_organisers_and_arbiters_as_officials(board: Board) -> None:
    game = board.game_or_create()
    assert game.origin == Game.Origin.PAIRING
    assert origins.officials(game) == {board.olga.pk, board.ada.pk}
    assert [
        can(user, Action.DECIDE_RESULT, game) for user in (board.olga, board.ada, board.ann, board.sam)
    ] == [
        True,
        True,
        False,
        False,
    ]


def test_a_game_of_an_origin_nobody_registered_has_no_officials(board: Board) -> None:
    game = board.game_or_create()
    game.origin = Game.Origin.SERVICE
    root = User.objects.create_superuser("root", password="pw-root-12345")
    assert origins.officials(game) == frozenset()
    assert not can(board.olga, Action.DECIDE_RESULT, game) and not can(board.ada, Action.DECIDE_RESULT, game)
    assert can(root, Action.DECIDE_RESULT, game)
    game.result = "1-0"
    assert origins.result_set(game, VERIFIED) == ""  # nothing beyond the game to carry it to
    assert board.refreshed_pairing().results == ""


def test_the_arbiters_decision_reaches_the_pairing_through_the_origin(board: Board) -> None:
    game = board.game_or_create()
    board.run(decisions.decide, game, board.ada, kind="forfeit", result="+/-", reason="Bob did not come")
    pairing = board.refreshed_pairing()
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("+/-", 2, 0)


def test_a_game_played_on_the_service_exists_without_a_pairing(board: Board) -> None:
    ann, bob = board.ann.player, board.bob.player  # type: ignore[attr-defined]
    first = Game.objects.create(origin=Game.Origin.SERVICE, game="dvonn", white=ann, black=bob)
    again = Game.objects.create(origin=Game.Origin.SERVICE, game="dvonn", white=bob, black=ann)
    assert first.place == again.place == origins.Place()  # two casual games of no pairing, both number 1
    assert str(first) == "Ann – Bob (Played on the service)"
    assert origins.officials(first) == frozenset()
    first.result = "0-1"
    assert origins.result_set(first, VERIFIED) == ""  # no event to carry it to
    assert board.refreshed_pairing().results == ""


def test_a_record_of_a_pairings_game_names_its_round_and_one_of_no_round_names_none(board: Board) -> None:
    game = board.game_or_create()
    assert origins.round_number(game) == 1
    assert services._other_round("3", game) == "the record is of round 3, but this game is in round 1"
    assert services._other_round("1.1", game) == ""  # board 1 of round 1
    ann, bob = board.ann.player, board.bob.player  # type: ignore[attr-defined]
    casual = Game.objects.create(origin=Game.Origin.SERVICE, game="dvonn", white=ann, black=bob)
    assert origins.round_number(casual) is None
    assert services._other_round("3", casual) == ""  # no round for the tag to contradict


def test_only_what_an_app_registered_holds_games(board: Board) -> None:
    assert services.games_of(board.pairing) == [board.game_or_create()]  # the pairing, registered
    with pytest.raises(TypeError):
        services.games_of(board.game_or_create())  # a game holds no games


def test_the_origins_refusals_are_typed_errors_of_the_projects_base(board: Board) -> None:
    """A closed round refuses a change of its games' results with ``ResultFixed`` and a submission
    with ``SubmissionsClosed``, both ``ServiceError``s naming the round; a page asks ``allows``."""

    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    origins.check(game, origins.ANSWER)  # open: nothing refused
    assert origins.allows(game, origins.DECIDE)
    board.run(result_services.close_round, board.round, board.olga)
    game = board.game()
    with pytest.raises(ResultFixed, match="round 1 is closed: its results can no longer be confirmed"):
        origins.check(game, origins.ANSWER)
    with pytest.raises(ResultFixed, match="round 1 is closed: its results can no longer change"):
        origins.check(game, origins.DECIDE)
    assert not origins.allows(game, origins.DECIDE) and issubclass(ResultFixed, ServiceError)
    with pytest.raises(SubmissionsClosed, match="round 1 is closed: ask an arbiter"):
        services.submit_record(board.pairing, board.ann, BLACK_WINS)
    officials = origins.origin_of(game).officials(game)
    assert (officials.organisers, officials.arbiters) == ({board.olga.pk}, {board.ada.pk})
    assert origins.organiser_not_arbiter(game, board.olga) and not origins.organiser_not_arbiter(
        game, board.ada
    )


def test_a_game_is_marked_inserted_by_the_transaction_inserting_it_alone(board: Board) -> None:
    with transaction.atomic():
        created = services.games_of(board.pairing)[0]
        assert origins.inserted_here(created)
        read_again = services.games_of(board.pairing)[0]  # the same game, read: not inserted now
        assert read_again.pk == created.pk and not origins.inserted_here(read_again)


def test_the_mark_of_an_inserted_game_closes_when_its_transaction_commits(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    board = make_board(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):  # what runs on its commit, run at the end
        game = services.games_of(board.pairing)[0]
        assert origins.inserted_here(game)
    assert not origins.inserted_here(game)
