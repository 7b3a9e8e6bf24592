"""Confirmation, disputes and the arbiter's decision (games.records.confirmation, games.records.decisions).

One DVONN round robin of two players, Ann (White on board 1) and Bob, each with an account; Olga
organises, Ada is the event's arbiter, Sam is a stranger. The records are random legal games of the
arbiter's generator, chosen by the result their own tags state: seed 5 ends 0-1 (Bob wins), seeds 0
and 1 end 1-0 (Ann wins). A win is 2 half-points, a loss 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from accounts.errors import PermissionRefused
from accounts.models import Player
from arbiter import registry
from games.models import Decision, Dispute, Game, SubmittedRecord
from games.records import confirmation, decisions, services
from tournaments.errors import ServiceError
from tournaments.events import services as event_services
from tournaments.models import Event, Pairing, Round
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db

TAGS = {"White": "Ann", "Black": "Bob"}
BLACK_WINS = registry.random_record("dvonn", 5, TAGS)
WHITE_WINS = registry.random_record("dvonn", 0, TAGS)
WHITE_WINS_AGAIN = registry.random_record("dvonn", 1, TAGS)


@dataclass
class Board:
    event: Event
    round: Round
    pairing: Pairing
    olga: User  # organiser
    ada: User  # arbiter
    ann: User  # White
    bob: User  # Black
    sam: User  # stranger
    run: Callable[..., Any]  # runs an action and then the tasks it queued on commit

    def submit(self, user: User, text: str, address: str | None = None) -> SubmittedRecord:
        record = self.run(services.submit_record, self.pairing, user, text, 1, address)
        record.refresh_from_db()
        return record

    def game(self) -> Game:
        return Game.objects.get(pairing_game__pairing=self.pairing, pairing_game__number=1)

    def game_or_create(self) -> Game:
        return services.games_of(self.pairing)[0]

    def refreshed_pairing(self) -> Pairing:
        return Pairing.objects.get(pk=self.pairing.pk)


def make_board(capture: Callable[..., Any], players: str = "Ann 1900\nBob 1800") -> Board:
    """A running DVONN round robin with accounts for Ann and Bob; round 1 paired."""

    def run(action: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        with capture(execute=True):
            return action(*args, **kwargs)

    olga = User.objects.create_user("olga", password="pw-olga-12345")
    ada = User.objects.create_user("ada", password="pw-ada-12345")
    event = event_services.create_event(olga, name="Trust test", game="dvonn", pairing_system="round-robin")
    event.arbiters.add(ada)
    registration_services.register_list(event, olga, players)
    accounts = {}
    for name in ("Ann", "Bob"):
        player = Player.objects.get(display_name=name)
        player.user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
        player.save()
        accounts[name] = player.user
    round_ = run(event_services.start_event, event, olga, "white")
    pairing = Pairing.objects.select_related("white__player", "black__player").get(
        round=round_, white__player__display_name="Ann"
    )
    assert pairing.black is not None and pairing.black.player.display_name == "Bob"
    sam = User.objects.create_user("sam", password="pw-sam-12345")
    return Board(event, round_, pairing, olga, ada, accounts["Ann"], accounts["Bob"], sam, run)


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def test_the_records_state_the_results_the_tests_rely_on() -> None:
    assert '[Result "0-1"]' in BLACK_WINS
    assert '[Result "1-0"]' in WHITE_WINS and '[Result "1-0"]' in WHITE_WINS_AGAIN
    assert WHITE_WINS != WHITE_WINS_AGAIN


def test_a_players_record_becomes_the_provisional_result(board: Board) -> None:
    record = board.submit(board.ann, BLACK_WINS, "203.0.113.7")
    assert record.status == SubmittedRecord.Status.VALID and record.official and record.applied
    assert record.submitted_by == board.ann and record.submitted_from == "203.0.113.7"
    assert not record.by_official
    game = board.game()
    assert (game.state, game.result) == (Game.State.PROVISIONAL, "0-1")
    pairing = board.refreshed_pairing()
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("0-1", 0, 2)
    assert pairing.source == Pairing.Source.VERIFIED


def test_a_malformed_address_is_not_stored(board: Board) -> None:
    assert board.submit(board.ann, BLACK_WINS, "not an address").submitted_from is None


def test_an_officials_record_is_official_at_once(board: Board) -> None:
    record = board.submit(board.ada, WHITE_WINS)
    assert record.by_official and record.official
    game = board.game()
    assert (game.state, game.result) == (Game.State.OFFICIAL, "1-0")
    assert not confirmation.can_answer(game, board.bob)
    with pytest.raises(ServiceError):
        confirmation.confirm(game, board.bob)


def test_only_the_opponent_confirms(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    assert confirmation.can_answer(game, board.bob)
    for user in (board.ann, board.sam, board.olga, board.ada):
        assert not confirmation.can_answer(game, user)
        with pytest.raises(PermissionRefused):
            confirmation.confirm(game, user)
    confirmation.confirm(game, board.bob)
    game = board.game()
    assert (game.state, game.confirmed_by, game.result) == (Game.State.CONFIRMED, board.bob, "0-1")
    with pytest.raises(ServiceError):  # nothing left to answer
        confirmation.dispute(game, board.bob, "changed my mind")


def test_the_opponent_disputes_with_a_reason(board: Board) -> None:
    board.submit(board.bob, BLACK_WINS)
    game = board.game()
    with pytest.raises(services.GameServiceError):
        confirmation.dispute(game, board.ann, "   ")
    with pytest.raises(PermissionRefused):
        confirmation.dispute(game, board.bob, "my own result")
    with pytest.raises(PermissionRefused):
        confirmation.dispute(game, board.sam, "I watched")
    opened = confirmation.dispute(game, board.ann, "Bob's record is of another game")
    assert (opened.opened_by, opened.reason) == (board.ann, "Bob's record is of another game")
    game = board.game()
    assert (game.state, game.result) == (Game.State.DISPUTED, "0-1")
    assert board.refreshed_pairing().results == "0-1"
    with pytest.raises(ServiceError):
        confirmation.confirm(game, board.ann)


def test_the_opponents_record_with_the_same_outcome_confirms(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    same_game_other_header = BLACK_WINS.replace('[Site "arbiter"]', '[Site "club"]')
    assert same_game_other_header != BLACK_WINS
    second = board.submit(board.bob, same_game_other_header)
    assert second.status == SubmittedRecord.Status.VALID and not second.official
    game = board.game()
    assert (game.state, game.confirmed_by) == (Game.State.CONFIRMED, board.bob)
    assert SubmittedRecord.objects.filter(game=game).count() == 2


def test_the_same_text_again_is_recognised_not_stored_twice(board: Board) -> None:
    first = board.submit(board.ann, BLACK_WINS)
    again = board.run(
        services.submit_record, board.pairing, board.ann, "\r\n  " + BLACK_WINS.replace("\n", "\r\n") + " \n"
    )
    assert again.pk == first.pk and again.repeated
    assert SubmittedRecord.objects.count() == 1
    assert board.game().state == Game.State.PROVISIONAL
    # The opponent sending the very same text agrees with it.
    from_bob = board.run(services.submit_record, board.pairing, board.bob, BLACK_WINS)
    assert from_bob.pk == first.pk and SubmittedRecord.objects.count() == 1
    assert board.game().state == Game.State.CONFIRMED


def test_the_issue_scenario_a_player_cannot_overturn_his_result_alone(board: Board) -> None:
    first = board.submit(board.ann, BLACK_WINS)
    invented = board.submit(board.ann, WHITE_WINS)
    assert invented.status == SubmittedRecord.Status.VALID
    assert not invented.official and not invented.applied
    game = board.game()
    assert (game.state, game.result, game.record) == (Game.State.DISPUTED, "0-1", first.text)
    pairing = board.refreshed_pairing()
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("0-1", 0, 2)
    dispute = Dispute.objects.get(game=game)
    assert (dispute.submission, dispute.opened_by, dispute.decision) == (invented, board.ann, None)
    assert SubmittedRecord.objects.get(official=True) == first

    with pytest.raises(ServiceError, match="board 1"):
        result_services.close_round(board.round, board.olga)
    assert Round.objects.get(pk=board.round.pk).status == Round.Status.PAIRED

    decision = decisions.decide(
        game, board.ada, kind=Decision.Kind.SUBMISSION, submission_id=first.pk, reason="the invented game"
    )
    assert (decision.decided_by, decision.result, decision.submission) == (board.ada, "0-1", first)
    assert Dispute.objects.get(game=game).decision == decision
    game = board.game()
    assert (game.state, game.result) == (Game.State.DECIDED, "0-1")
    pairing = board.refreshed_pairing()
    assert (pairing.results, pairing.source) == ("0-1", Pairing.Source.ARBITER)
    board.run(result_services.close_round, board.round, board.olga)
    assert Round.objects.get(pk=board.round.pk).status == Round.Status.CLOSED
    assert board.game().state == Game.State.DECIDED


def test_a_later_record_on_a_confirmed_result_opens_a_dispute(board: Board) -> None:
    board.submit(board.ann, WHITE_WINS)
    confirmation.confirm(board.game(), board.bob)
    later = board.submit(board.olga, BLACK_WINS)  # even an official's record does not replace it silently
    assert not later.official
    game = board.game()
    assert (game.state, game.result) == (Game.State.DISPUTED, "1-0")
    assert board.refreshed_pairing().results == "1-0"


def test_an_officials_record_with_the_same_outcome_makes_it_official(board: Board) -> None:
    board.submit(board.ann, WHITE_WINS)
    board.submit(board.olga, WHITE_WINS_AGAIN)
    assert board.game().state == Game.State.OFFICIAL


def test_only_officials_decide(board: Board) -> None:
    first = board.submit(board.ann, BLACK_WINS)
    board.submit(board.ann, WHITE_WINS)
    for user in (board.ann, board.bob, board.sam):
        with pytest.raises(PermissionRefused):
            decisions.decide(board.game(), user, kind=Decision.Kind.SUBMISSION, submission_id=first.pk)
    assert not Decision.objects.exists()
    decisions.decide(board.game(), board.olga, kind=Decision.Kind.SUBMISSION, submission_id=first.pk)
    assert board.game().state == Game.State.DECIDED


def test_a_decision_needs_a_consistent_choice(board: Board) -> None:
    first = board.submit(board.ann, BLACK_WINS)
    refused = board.submit(board.bob, "1. zz-q9")
    assert refused.status == SubmittedRecord.Status.INVALID
    game = board.game()
    bad = [
        {"kind": Decision.Kind.SUBMISSION},  # no submission chosen
        {"kind": Decision.Kind.SUBMISSION, "submission_id": refused.pk},  # an invalid record
        {"kind": Decision.Kind.SUBMISSION, "submission_id": first.pk + 1000},  # not this game's
        {"kind": Decision.Kind.FORFEIT, "result": "1-0", "reason": "late"},  # not a forfeit result
        {"kind": Decision.Kind.FORFEIT, "result": "+/-"},  # no reason
        {"kind": Decision.Kind.BOTH_LOSE, "result": "0-1", "reason": "both absent"},
        {"kind": "coin-toss", "result": "1-0", "reason": "why not"},
    ]
    for arguments in bad:
        with pytest.raises(services.GameServiceError):
            decisions.decide(game, board.ada, **arguments)  # type: ignore[arg-type]
    assert not Decision.objects.exists() and board.game().state == Game.State.PROVISIONAL


def test_an_adjudication_is_final_logged_and_applied_as_the_arbiters(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    decision = decisions.decide(
        board.game(), board.ada, kind=Decision.Kind.ADJUDICATION, result="1/2-1/2", reason="adjourned, drawn"
    )
    assert (decision.kind, decision.result, decision.reason) == (
        "adjudication",
        "1/2-1/2",
        "adjourned, drawn",
    )
    assert decision.decided_at is not None
    pairing = board.refreshed_pairing()
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("1/2-1/2", 1, 1)
    assert pairing.source == Pairing.Source.ARBITER
    assert not SubmittedRecord.objects.filter(official=True).exists()
    with pytest.raises(services.GameServiceError, match="final"):
        decisions.decide(board.game(), board.olga, kind=Decision.Kind.OTHER, result="1-0", reason="again")


def test_records_after_a_forfeit_decision_leave_it_alone(board: Board) -> None:
    decisions.decide(
        board.game_or_create(), board.ada, kind=Decision.Kind.FORFEIT, result="-/+", reason="no show"
    )
    pairing = board.refreshed_pairing()
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("-/+", 0, 2)
    later = board.submit(board.ann, WHITE_WINS)
    assert later.status == SubmittedRecord.Status.VALID and not later.applied and "arbiter" in later.note
    assert board.refreshed_pairing().results == "-/+"
    assert board.game().state == Game.State.DECIDED


def test_both_lose(board: Board) -> None:
    decisions.decide(
        board.game_or_create(), board.ada, kind=Decision.Kind.BOTH_LOSE, result="-/-", reason="both late"
    )
    pairing = board.refreshed_pairing()
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("-/-", 0, 0)


def test_an_unanswered_provisional_result_becomes_official_when_the_round_closes(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    assert board.game().state == Game.State.PROVISIONAL
    board.run(result_services.close_round, board.round, board.olga)
    game = board.game()
    assert (game.state, game.result) == (Game.State.OFFICIAL, "0-1")
    with pytest.raises(services.GameServiceError, match="closed"):
        confirmation.confirm(game, board.bob)
    with pytest.raises(services.GameServiceError, match="closed"):
        decisions.decide(game, board.ada, kind=Decision.Kind.OTHER, result="1-0", reason="late")


def test_the_database_allows_one_official_submission_per_game(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    other = board.submit(board.ann, WHITE_WINS)
    with pytest.raises(IntegrityError), transaction.atomic():
        SubmittedRecord.objects.filter(pk=other.pk).update(official=True)


def test_a_verification_reads_what_it_needs_once(
    board: Board, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    # the record kept, its verification queued but not run; then the verification alone, counted
    with django_capture_on_commit_callbacks(execute=False):
        record = services.submit_record(board.pairing, board.ann, BLACK_WINS)
    with CaptureQueriesContext(connection) as queries:
        assert services.verify_record(record.pk).status == SubmittedRecord.Status.VALID
    assert board.refreshed_pairing().results == "0-1"
    # the record with its game and pairing (before the replay), the transaction, the locks of round,
    # pairing and game once each, the record locked with its submitter and his player; the other
    # submissions no longer official, the game, the pairing's result (written under the locks the
    # verification holds, in its transaction), the event's officials in one query, the notices'
    # recipients and the notices, the record; the transaction's end (27 queries before issue 20
    # item 17, 21 after its first step)
    assert len(queries) <= 14, "\n".join(query["sql"][:120] for query in queries)


def test_a_submission_through_the_api_reads_what_it_needs_once(
    board: Board, django_capture_on_commit_callbacks: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from common import sweep

    monkeypatch.setattr(sweep, "_last_sweep", time.monotonic())  # the embedded default's sweep: not now
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=board.ann).key}")
    body = {"pairing": board.pairing.pk, "record": BLACK_WINS}
    with django_capture_on_commit_callbacks(execute=False), CaptureQueriesContext(connection) as queries:
        answer = client.post("/api/games/submit/", body, format="json")
    assert answer.status_code == 202, answer.content
    # the token with its user; the pairing with its round, event and players; whether the sender
    # organises or arbitrates the event, once, in one query; the transaction; the pairing read again,
    # its games' links, the game and its link created at the first record (a savepoint, two inserts,
    # its release); the locks of round, pairing and game, whose origin and rows above are known; the
    # same text submitted before?; the submission; the transaction's end (27 queries before issue 20
    # item 17)
    assert len(queries) <= 16, "\n".join(query["sql"][:120] for query in queries)
