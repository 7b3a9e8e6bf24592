"""Results without a record (games.records.reports): who may submit one, when it is refused, confirmation,
dispute, the arbiter's decision, closing the round, ratings, the submit page and the API.

The same two-player DVONN round robin as ``test_confirmation`` (Ann White on board 1, rated 1900;
Bob Black, 1800; Olga organises, Ada arbitrates, Sam is a stranger), with the event's
``unrecorded_results`` switched on unless a test says otherwise. Seed 5 of the arbiter's generator
ends 0-1 and seed 0 ends 1-0, as the records' own tags state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.errors import PermissionRefused
from games.errors import GameServiceError
from games.models import Decision, Dispute, Game, SubmittedRecord
from games.records import confirmation, decisions, reports
from tests.conftest import event_form_data, make_event, start
from tests.games.records.test_confirmation import BLACK_WINS, WHITE_WINS, Board, make_board
from tournaments.errors import ServiceError
from tournaments.models import Event, Pairing, RatingChange, Round, RoundPublication
from tournaments.ratings.rounds import rate_closed_rounds
from tournaments.ratings.services import games_from, without_unrecorded
from tournaments.results import arbiter_queue
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    made = make_board(django_capture_on_commit_callbacks)
    Event.objects.filter(pk=made.event.pk).update(unrecorded_results=True)
    made.pairing = Pairing.objects.select_related("round__event", "white__player", "black__player").get(
        pk=made.pairing.pk
    )
    return made


def report(board: Board, user: User, result: str, address: str | None = None) -> SubmittedRecord:
    return board.run(reports.report_result, board.pairing, user, result, 1, address)  # type: ignore[no-any-return]


# --- who may report, and when it is refused ---------------------------------------------------


def test_a_players_report_is_kept_and_becomes_the_provisional_result(board: Board) -> None:
    kept = report(board, board.ann, "0-1", "198.51.100.4")
    assert kept.kind == SubmittedRecord.Kind.RESULT and kept.status == SubmittedRecord.Status.VALID
    assert (kept.submitted_by, kept.submitted_from, kept.by_official) == (board.ann, "198.51.100.4", False)
    assert kept.official and kept.applied and kept.text == ""
    game = board.game()
    assert (game.state, game.result, game.record) == (Game.State.PROVISIONAL, "0-1", "")
    pairing = board.refreshed_pairing()
    # a loss for White is 0 half-points, a win for Black 2
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("0-1", 0, 2)
    assert pairing.source == Pairing.Source.REPORTED


def test_an_officials_report_is_official_at_once(board: Board) -> None:
    for official in (board.olga,):
        kept = report(board, official, "1/2-1/2")
        assert kept.by_official and kept.official
    game = board.game()
    assert (game.state, game.result) == (Game.State.OFFICIAL, "1/2-1/2")
    assert not confirmation.can_answer(game, board.bob) and not confirmation.can_answer(game, board.ann)
    assert board.refreshed_pairing().white_score == 1


def test_the_arbiter_may_report_too(board: Board) -> None:
    assert report(board, board.ada, "1-0").by_official
    assert board.game().state == Game.State.OFFICIAL


def test_strangers_and_anonymous_users_may_not_report(board: Board) -> None:
    from django.contrib.auth.models import AnonymousUser

    for user in (board.sam, AnonymousUser()):
        with pytest.raises(PermissionRefused):
            report(board, user, "1-0")
    assert not SubmittedRecord.objects.exists()


def test_an_event_without_unrecorded_results_refuses_reports(board: Board) -> None:
    Event.objects.filter(pk=board.event.pk).update(unrecorded_results=False)
    board.pairing.round.event.refresh_from_db()
    assert not reports.can_report(board.pairing, board.ann)
    for user in (board.ann, board.olga):
        with pytest.raises(PermissionRefused, match="does not accept results without a record"):
            report(board, user, "1-0")
    assert not SubmittedRecord.objects.exists()


@pytest.mark.parametrize("result", ["+/-", "-/-", "2-0", "", "white wins"])
def test_only_the_result_of_a_played_game_is_reported(board: Board, result: str) -> None:
    with pytest.raises(GameServiceError, match="not the result of a played game"):
        report(board, board.ann, result)
    assert not SubmittedRecord.objects.exists()


def test_an_alias_of_a_draw_is_read_as_a_draw(board: Board) -> None:
    assert report(board, board.ann, "½-½").verdict == {"result": "1/2-1/2"}


def test_no_game_three(board: Board) -> None:
    with pytest.raises(GameServiceError, match="no game 3"):
        board.run(reports.report_result, board.pairing, board.ann, "1-0", 3)


def test_a_closed_round_refuses_reports(board: Board) -> None:
    report(board, board.olga, "1-0")
    board.run(result_services.close_round, board.round, board.olga)
    with pytest.raises(reports.ResultConflict, match="closed"):
        report(board, board.bob, "0-1")


def test_a_draft_round_refuses_reports(board: Board) -> None:
    # a Swiss round paired and not published yet is a draft
    Event.objects.filter(pk=board.event.pk).update(pairing_system=Event.System.SWISS_DUTCH, rounds=3)
    RoundPublication.objects.filter(round=board.round).delete()
    board.pairing = Pairing.objects.select_related("round__event").get(pk=board.pairing.pk)
    assert board.pairing.round.is_draft
    with pytest.raises(reports.ResultConflict, match="not published"):
        report(board, board.ann, "1-0")


def test_a_bye_refuses_reports(organiser: User) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800\nCid 1700", name="Odd night")
    start(event, organiser)
    Event.objects.filter(pk=event.pk).update(unrecorded_results=True)
    bye = Pairing.objects.select_related("round__event").get(round__event=event, black=None)
    with pytest.raises(reports.ResultConflict, match="bye"):
        reports.report_result(bye, organiser, "1-0")
    assert not SubmittedRecord.objects.exists()


def test_a_result_from_a_record_refuses_reports(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    with pytest.raises(reports.ResultConflict, match="verified record"):
        report(board, board.bob, "1-0")
    with pytest.raises(reports.ResultConflict, match="verified record"):
        report(board, board.bob, "0-1")
    assert SubmittedRecord.objects.filter(kind=SubmittedRecord.Kind.RESULT).count() == 0


def test_an_official_or_confirmed_result_refuses_reports(board: Board) -> None:
    report(board, board.ann, "0-1")
    confirmation.confirm(board.game(), board.bob)
    with pytest.raises(reports.ResultConflict, match="official result"):
        report(board, board.olga, "1-0")
    with pytest.raises(reports.ResultConflict, match="official result"):
        report(board, board.bob, "1-0")


def test_a_decided_or_disputed_game_refuses_reports(board: Board) -> None:
    report(board, board.ann, "0-1")
    confirmation.dispute(board.game(), board.bob, "I won")
    with pytest.raises(reports.ResultConflict, match="disputed"):
        report(board, board.olga, "1-0")
    decisions.decide(board.game(), board.ada, kind="adjudication", result="1-0", reason="seen by the arbiter")
    with pytest.raises(reports.ResultConflict, match="arbiter decided"):
        report(board, board.bob, "1-0")


def test_the_same_report_again_is_recognised_not_stored_twice(board: Board) -> None:
    first = report(board, board.ann, "0-1")
    again = report(board, board.ann, "0-1")
    assert again.pk == first.pk and again.repeated
    assert SubmittedRecord.objects.count() == 1


# --- confirmation, dispute, decision ----------------------------------------------------------


def test_the_opponent_confirms_a_reported_result(board: Board) -> None:
    report(board, board.ann, "0-1")
    game = board.game()
    assert confirmation.can_answer(game, board.bob) and not confirmation.can_answer(game, board.ann)
    with pytest.raises(PermissionRefused):
        confirmation.confirm(game, board.ann)
    confirmation.confirm(game, board.bob)
    game = board.game()
    assert (game.state, game.confirmed_by) == (Game.State.CONFIRMED, board.bob)


def test_the_opponents_same_report_counts_as_a_confirmation(board: Board) -> None:
    report(board, board.ann, "0-1")
    second = report(board, board.bob, "0-1")
    assert not second.official
    assert (board.game().state, board.game().confirmed_by) == (Game.State.CONFIRMED, board.bob)
    assert SubmittedRecord.objects.count() == 2


def test_a_disagreeing_report_is_a_dispute_and_the_result_stays(board: Board) -> None:
    first = report(board, board.ann, "0-1")
    second = report(board, board.bob, "1-0")
    assert not second.official and not second.applied and "dispute" in second.note
    game = board.game()
    assert (game.state, game.result) == (Game.State.DISPUTED, "0-1")
    opened = Dispute.objects.get(game=game)
    assert (opened.opened_by, opened.submission) == (board.bob, second)
    assert SubmittedRecord.objects.get(official=True) == first
    assert board.refreshed_pairing().results == "0-1"


def test_the_opponent_disputes_a_reported_result_and_the_arbiter_decides_for_a_report(board: Board) -> None:
    first = report(board, board.ann, "0-1")
    confirmation.dispute(board.game(), board.bob, "we never played")
    with pytest.raises(PermissionRefused):
        decisions.decide(board.game(), board.bob, kind="submission", submission_id=first.pk)
    assert first in decisions.decidable_submissions(board.game())
    decision = decisions.decide(board.game(), board.ada, kind="submission", submission_id=first.pk)
    assert (decision.kind, decision.submission, decision.result) == (Decision.Kind.SUBMISSION, first, "0-1")
    game = board.game()
    assert (game.state, game.result) == (Game.State.DECIDED, "0-1")
    assert Dispute.objects.get(game=game).decision == decision
    assert board.refreshed_pairing().source == Pairing.Source.ARBITER


def test_the_arbiter_decides_an_unconfirmed_report_with_a_result(board: Board) -> None:
    report(board, board.ann, "0-1")
    decisions.decide(board.game(), board.ada, kind="forfeit", result="+/-", reason="Bob did not appear")
    pairing = board.refreshed_pairing()
    # a forfeit win for White: 2 half-points against 0
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("+/-", 2, 0)


def test_the_record_of_a_reported_result_replaces_it(board: Board) -> None:
    report(board, board.ann, "0-1")
    record = board.submit(board.ann, BLACK_WINS)
    assert record.official
    game = board.game()
    assert (game.state, game.result, game.record) == (Game.State.PROVISIONAL, "0-1", record.text)


def test_a_record_disagreeing_with_a_reported_result_is_a_dispute(board: Board) -> None:
    report(board, board.ann, "0-1")
    record = board.submit(board.bob, WHITE_WINS)
    assert not record.official
    assert (board.game().state, board.game().result) == (Game.State.DISPUTED, "0-1")


def test_each_report_is_a_notice_for_the_opponent_and_officials(board: Board) -> None:
    from accounts.models import Notice

    report(board, board.ann, "0-1")
    told = set(Notice.objects.filter(kind="result-submitted").values_list("recipient__username", flat=True))
    assert told == {"bob", "olga", "ada"}  # not Ann, who reported it


# --- closing the round ----------------------------------------------------------------------


def test_closing_is_refused_while_a_report_awaits_confirmation_then_allowed(board: Board) -> None:
    report(board, board.ann, "0-1")
    with pytest.raises(ServiceError, match=r"without a record awaits confirmation on board 1 \(Ann – Bob\)"):
        board.run(result_services.close_round, board.round, board.olga)
    assert Round.objects.get(pk=board.round.pk).status != Round.Status.CLOSED
    confirmation.confirm(board.game(), board.bob)
    board.run(result_services.close_round, board.round, board.olga)
    assert Round.objects.get(pk=board.round.pk).status == Round.Status.CLOSED


def test_an_unanswered_record_still_becomes_official_at_the_close(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    board.run(result_services.close_round, board.round, board.olga)
    assert board.game().state == Game.State.OFFICIAL


# --- ratings ----------------------------------------------------------------------------------
# Ann 1900 beats Bob 1800, both new to the DVONN list (K 40, FIDE B.02). Ann's expected score at a
# difference of 100 is 0.64 (FIDE table: 99-106 -> 0.64), so she gains 40 x 0.36 = 14.4 -> 14 and
# Bob loses as much: 1914 and 1786.


def close_with_ann_winning(board: Board, rate_unrecorded: bool) -> None:
    Event.objects.filter(pk=board.event.pk).update(rate_unrecorded=rate_unrecorded)
    report(board, board.olga, "1-0")
    board.run(result_services.close_round, board.round, board.olga)
    rate_closed_rounds(board.event.pk)


def test_a_reported_game_is_not_rated_by_default(board: Board) -> None:
    close_with_ann_winning(board, rate_unrecorded=False)
    assert not RatingChange.objects.filter(round=board.round).exists()


def test_a_reported_game_is_rated_when_the_event_says_so(board: Board) -> None:
    close_with_ann_winning(board, rate_unrecorded=True)
    changes = {
        c.player.display_name: (c.before, c.after)
        for c in RatingChange.objects.filter(round=board.round).select_related("player")
    }
    assert changes == {"Ann": (1900, 1914), "Bob": (1800, 1786)}


def test_a_recorded_game_is_rated_whatever_the_setting(board: Board) -> None:
    board.submit(board.olga, WHITE_WINS)
    board.run(result_services.close_round, board.round, board.olga)
    rate_closed_rounds(board.event.pk)
    changes = {c.player.display_name: c.after for c in RatingChange.objects.filter(round=board.round)}
    assert changes == {"Ann": 1914, "Bob": 1786}


def test_only_the_unrecorded_game_of_a_match_is_left_out() -> None:
    # pairing 7: game 1 recorded (1-0, player 1 White), game 2 reported (0-1, player 2 White)
    rows = without_unrecorded([(7, 1, 2, "1-0 0-1")], {7: {2}})
    assert rows == [(1, 2, "1-0 *")]
    (game,) = games_from(rows)
    assert (game.white, game.black, game.white_score) == (1, 2, 1.0)


# --- the event form, the page and the API ------------------------------------------------------


def test_the_event_form_offers_both_settings(client: Client) -> None:
    olga = User.objects.create_user("olga", password="pw-olga-12345")
    client.force_login(olga)
    page = client.get(reverse("tournaments:event-create")).content.decode()
    assert 'name="unrecorded_results"' in page and 'name="rate_unrecorded"' in page
    data = event_form_data("Club night", "dvonn", unrecorded_results="on")
    assert client.post(reverse("tournaments:event-create"), data).status_code == 302
    event = Event.objects.get(name="Club night")
    assert (event.unrecorded_results, event.rate_unrecorded) == (True, False)
    assert Event._meta.get_field("unrecorded_results").default is False


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_submit_page_offers_result_only_when_allowed(board: Board) -> None:
    url = reverse("games:submit", args=[board.pairing.pk])
    assert 'id="result-only"' in signed_in(board.ann).get(url).content.decode()
    Event.objects.filter(pk=board.event.pk).update(unrecorded_results=False)
    assert 'id="result-only"' not in signed_in(board.ann).get(url).content.decode()


def test_result_only_through_the_pages(board: Board) -> None:
    url = reverse("games:submit", args=[board.pairing.pk])
    ann = signed_in(board.ann)
    refused = ann.post(url, {"kind": "result", "report-game_number": "1", "report-result": "2-0"})
    assert refused.status_code == 400
    response = ann.post(
        url, {"kind": "result", "report-game_number": "1", "report-result": "0-1"}, REMOTE_ADDR="192.0.2.9"
    )
    game = board.game()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    kept = SubmittedRecord.objects.get()
    assert (kept.kind, kept.submitted_by, kept.submitted_from) == ("result", board.ann, "192.0.2.9")
    bob = signed_in(board.bob)
    page = bob.get(game.get_absolute_url()).content.decode()
    assert f'action="/games/{game.pk}/confirm/"' in page
    assert bob.post(reverse("games:confirm", args=[game.pk])).status_code == 302
    assert board.game().state == Game.State.CONFIRMED
    again = ann.post(url, {"kind": "result", "report-game_number": "1", "report-result": "1-0"})
    assert again.status_code == 400 and "official result" in again.content.decode()


def test_a_stranger_gets_403_from_the_page(board: Board) -> None:
    url = reverse("games:submit", args=[board.pairing.pk])
    response = signed_in(board.sam).post(url, {"kind": "result", "report-result": "1-0"})
    assert response.status_code == 403


def api(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_the_api_reports_confirms_and_refuses(board: Board) -> None:
    body = {"pairing": board.pairing.pk, "result": "0-1"}
    assert api(None).post("/api/games/submit/", body, format="json").status_code == 401
    assert api(board.sam).post("/api/games/submit/", body, format="json").status_code == 403
    both = {**body, "record": BLACK_WINS}
    assert api(board.ann).post("/api/games/submit/", both, format="json").status_code == 400
    bad = api(board.ann).post("/api/games/submit/", {**body, "result": "+/-"}, format="json")
    assert bad.status_code == 400
    created = api(board.ann).post("/api/games/submit/", body, format="json")
    assert created.status_code == 201
    assert (created.json()["kind"], created.json()["official"]) == ("result", True)
    assert api(board.ann).post("/api/games/submit/", body, format="json").status_code == 200
    game = board.game()
    assert api(board.bob).post(f"/api/games/{game.pk}/confirm/").json()["state"] == "confirmed"
    conflict = api(board.olga).post("/api/games/submit/", {**body, "result": "1-0"}, format="json")
    assert conflict.status_code == 409 and "official result" in conflict.json()["detail"]


def test_the_api_refuses_when_the_event_does_not_allow_it(board: Board) -> None:
    Event.objects.filter(pk=board.event.pk).update(unrecorded_results=False)
    body = {"pairing": board.pairing.pk, "result": "0-1"}
    response = api(board.ann).post("/api/games/submit/", body, format="json")
    assert response.status_code == 403


def test_the_schema_documents_the_result_field() -> None:
    import yaml

    schema = yaml.safe_load(APIClient().get("/api/schema/").content)
    submit = schema["paths"]["/api/games/submit/"]["post"]
    assert {"200", "201", "202", "400", "401", "403", "409"} <= set(submit["responses"])
    result = schema["components"]["schemas"]["Submit"]["properties"]["result"]
    reference = result.get("$ref") or result["allOf"][0]["$ref"]
    result = schema["components"]["schemas"][reference.rsplit("/", 1)[1]]
    assert set(result["enum"]) == {"1-0", "0-1", "1/2-1/2"}


def test_the_arbiters_queue_lists_an_unconfirmed_report(board: Board) -> None:
    report(board, board.ann, "0-1")
    waiting = arbiter_queue.queue(board.event, board.ada)
    assert [game.pk for game in waiting.provisional] == [board.game().pk]
    assert not waiting.missing  # the board has its provisional result


def test_an_arbiter_decides_a_disputed_report_through_the_page(board: Board) -> None:
    report(board, board.ann, "0-1")
    game = board.game()
    assert (
        signed_in(board.bob).post(reverse("games:dispute", args=[game.pk]), {"reason": "I won"}).status_code
        == 302
    )
    page = signed_in(board.ada).get(game.get_absolute_url()).content.decode()
    assert f'action="/games/{game.pk}/decide/"' in page
    response = signed_in(board.ada).post(
        reverse("games:decide", args=[game.pk]),
        {"kind": "adjudication", "result": "1-0", "reason": "both players agree Bob resigned"},
    )
    assert response.status_code == 302
    assert (board.game().state, board.game().result) == (Game.State.DECIDED, "1-0")
    assert board.refreshed_pairing().results == "1-0"


@pytest.mark.parametrize("rate_unrecorded", [False, True])
def test_recomputing_the_family_agrees_with_incremental_rating(board: Board, rate_unrecorded: bool) -> None:
    from tournaments.ratings.recompute import recompute_family

    close_with_ann_winning(board, rate_unrecorded=rate_unrecorded)
    incremental = sorted(RatingChange.objects.values_list("player__display_name", "before", "after"))
    assert incremental == ([("Ann", 1900, 1914), ("Bob", 1800, 1786)] if rate_unrecorded else [])
    recompute_family("dvonn")
    assert sorted(RatingChange.objects.values_list("player__display_name", "before", "after")) == incremental
