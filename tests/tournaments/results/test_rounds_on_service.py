"""Rounds of an event played on the service (``tournaments.results.game_creation``,
``tournaments.rounds.play_mode``): publishing a round creates its games with the pairing's colours,
ready to play with the event's time control; the games are played move by move through
``games.play.service.make_move`` with real GIPF and DVONN moves; their records are verified and applied to
the pairings; closing the round gives the standings and the rating list.

Expected figures, worked by hand:

* Round 1 of a 4-player round robin is the Berger table's 1-4, 2-3; the players are unrated, so
  their pairing numbers follow their names: Ann-Dan, Bob-Cid. Of 3 players: 2-3 and 1 has the bye.
* GIPF standard, the arbiter's random game of seed 2: Black wins after 24 plies (White has no piece
  left in reserve); DVONN, seed 0: White wins on the stack totals 10-5 after 78 plies (the figures
  of tests/games/play/test_play.py).
* A resignation is the loss of the player to move (docs/play.md).
* Ratings (FIDE B.02 defaults): every player starts from 1,500 with no rated games, so K = 40 and
  every expected score is 0.5: a win is +20, a loss -20, per game.
* "5+3": 300 seconds each at the start; "3d/15d": 3 days each.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.errors import ServiceError as GameServiceError
from accounts.models import Player
from arbiter import registry
from arbiter.records import format_record
from games.models import Game, SubmittedRecord
from games.play import errors, service, state
from games.records import reports
from games.records.services import submit_record
from tests.conftest import boards, make_event, make_swiss, start
from tests.games.play.test_play import moves_of
from tournaments.models import Event, Pairing, Rating, Round, Standing
from tournaments.pairing import edits
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services
from tournaments.results.pairing_origin import PairingOrigin

pytestmark = pytest.mark.django_db


def players_with_accounts(event: Event, organiser: User, names: list[str]) -> dict[str, User]:
    """Register a player with an account for each name; the accounts by name."""
    users = {}
    for name in names:
        user = User.objects.create_user(name.lower(), password=f"pw-{name.lower()}-12345")
        player = Player.objects.create(display_name=name, handle=name.lower(), user=user)
        registration_services.register(event, organiser, player)
        users[name] = user
    return users


def games_of_round(round_: Round) -> list[Game]:
    return list(
        Game.objects.filter(pairing_game__pairing__round=round_)
        .select_related("white", "black", "pairing_game")
        .order_by("pairing_game__pairing__board", "pairing_game__number")
    )


def play_moves(game: Game, users: dict[str, User], moves: list[str]) -> None:
    """Play ``moves`` from the game's current ply, each by the player to move."""
    for move in moves:
        game.refresh_from_db()
        mover = state.player_to_move(game)
        assert mover is not None
        service.make_move(game, users[mover.display_name], move, state.ply_of(game))


def first_legal_moves(game: Game, users: dict[str, User], count: int) -> None:
    """Play the first legal move the arbiter offers, ``count`` times."""
    for _ in range(count):
        game.refresh_from_db()
        play_moves(game, users, [registry.legal_moves(game.position)[0].notation])


def resign_for_player_to_move(game: Game, users: dict[str, User]) -> str:
    game.refresh_from_db()
    mover = state.player_to_move(game)
    assert mover is not None
    service.resign(game, users[mover.display_name])
    return mover.display_name


def points(event: Event, after_round: int) -> dict[str, int]:
    return {
        row.registration.player.display_name: row.points
        for row in Standing.objects.filter(event=event, after_round=after_round).select_related(
            "registration__player"
        )
    }


def ratings(family: str) -> dict[str, tuple[int, int]]:
    return {
        row.player.display_name: (row.rating, row.rated_games)
        for row in Rating.objects.filter(family=family).select_related("player")
    }


def test_a_gipf_round_robin_round_played_on_the_service(
    organiser: User, commit: Any, django_capture_on_commit_callbacks: Any, clock: Any
) -> None:
    event = make_event(
        organiser,
        "",
        name="GIPF on the service",
        game="gipf-standard",
        play_mode="service",
        time_control="5+3",
    )
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    assert boards(round_) == [("Ann", "Dan"), ("Bob", "Cid")]
    games = games_of_round(round_)
    # publishing (a round robin's round is public once paired) created one game per board, ready
    assert [(g.white.display_name, g.black.display_name) for g in games] == [("Ann", "Dan"), ("Bob", "Cid")]
    for game in games:
        assert game.on_service and game.origin == Game.Origin.PAIRING and game.game == "gipf-standard"
        assert game.position == registry.start("gipf-standard")
        assert game.time_control == "5+3"
        assert game.white_time == game.black_time == timedelta(seconds=300)
        # no clock runs before both first moves; White's is due within the start window (games.play.aborts)
        assert game.turn_started is None and game.first_move_by == clock.now + timedelta(seconds=180)
        assert game.rated
    first, second = games
    with django_capture_on_commit_callbacks(execute=True):
        play_moves(first, users, moves_of("gipf-standard", 2))
    with django_capture_on_commit_callbacks(execute=True):
        first_legal_moves(second, users, 4)
        assert resign_for_player_to_move(second, users) == "Bob"  # White is to move after 4 plies
    for game in games:
        game.refresh_from_db()
    assert (first.result, first.termination, first.plies) == ("0-1", "no-reserve", 24)
    assert (second.result, second.termination) == ("0-1", "resignation")
    records = SubmittedRecord.objects.filter(game__in=games)
    assert {(r.kind, r.status, r.applied) for r in records} == {("played", "valid", True)}
    pairings = list(round_.pairings.order_by("board"))
    assert [(p.results, p.white_score, p.black_score, p.source) for p in pairings] == [
        ("0-1", 0, 2, Pairing.Source.VERIFIED),
        ("0-1", 0, 2, Pairing.Source.VERIFIED),
    ]
    commit(result_services.close_round, round_, organiser)
    assert {g.state for g in games_of_round(round_)} == {Game.State.OFFICIAL}
    assert points(event, 1) == {"Ann": 0, "Bob": 0, "Cid": 2, "Dan": 2}
    assert ratings("gipf") == {"Ann": (1480, 1), "Bob": (1480, 1), "Cid": (1520, 1), "Dan": (1520, 1)}


def test_a_dvonn_match_round_played_on_the_service(
    organiser: User, commit: Any, django_capture_on_commit_callbacks: Any, clock: Any
) -> None:
    event = make_event(
        organiser,
        "",
        name="DVONN matches",
        game="dvonn",
        games_per_pairing=2,
        play_mode="service",
        time_control="3d/15d",
    )
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid"])
    round_ = start(event, organiser)
    assert boards(round_) == [("Bob", "Cid"), ("Ann", None)]
    games = games_of_round(round_)
    # both games of the match, colours swapped in game 2; no game for the bye
    assert [(g.pairing_game.number, g.white.display_name, g.black.display_name) for g in games] == [
        (1, "Bob", "Cid"),
        (2, "Cid", "Bob"),
    ]
    assert {(g.white_time, g.black_time) for g in games} == {(timedelta(days=3), timedelta(days=3))}
    with django_capture_on_commit_callbacks(execute=True):
        play_moves(games[0], users, moves_of("dvonn", 0))
    with django_capture_on_commit_callbacks(execute=True):
        first_legal_moves(games[1], users, 2)
        assert resign_for_player_to_move(games[1], users) == "Cid"
    pairing = round_.pairings.get(board=1)
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("1-0 0-1", 4, 0)
    commit(result_services.close_round, round_, organiser)
    assert points(event, 1) == {"Ann": 0, "Bob": 4, "Cid": 0}  # the round robin's bye is unscored
    # two games, each +20 for Bob and -20 for Cid; Ann played none
    assert ratings("dvonn") == {"Bob": (1540, 2), "Cid": (1460, 2)}


def test_a_round_played_elsewhere_creates_no_game_when_published(organiser: User) -> None:
    event = make_event(organiser)
    round_ = start(event, organiser)
    assert round_.status == Round.Status.PAIRED and not Game.objects.exists()


def test_a_swiss_round_on_the_service_has_its_games_once_published(organiser: User) -> None:
    event = make_swiss(organiser, "", play_mode="service", time_control="10+5")
    players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    assert round_.is_draft and not Game.objects.exists()  # a draft may still change
    edits.publish_round(round_, organiser)
    assert [(g.white.display_name, g.black.display_name) for g in games_of_round(round_)] == [
        (w, b) for w, b in boards(round_)
    ]
    assert {g.time_control for g in games_of_round(round_)} == {"10+5"}


def test_a_round_says_otherwise_than_its_event_until_it_is_public(organiser: User) -> None:
    event = make_swiss(organiser, "", play_mode="elsewhere")
    players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    edits.set_round_play(round_, organiser, "both", "3d/10d")
    edits.publish_round(round_, organiser)
    games = games_of_round(round_)
    assert len(games) == 2 and {g.time_control for g in games} == {"3d/10d"}
    assert {g.turn_started for g in games} == {None}  # both: the clock waits for the first move
    with pytest.raises(GameServiceError, match="round 1 is public"):
        edits.set_round_play(Round.objects.get(pk=round_.pk), organiser, "elsewhere", "")
    with pytest.raises(GameServiceError, match="not a way to play rounds"):
        edits.set_round_play(round_, organiser, "anywhere", "")


def test_a_forfeited_pairing_gets_no_game(organiser: User) -> None:
    event = make_event(organiser, "", play_mode="service")
    players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    registration_services.withdraw(event.registrations.get(player__display_name="Dan"), organiser, 1)
    round_ = start(event, organiser)
    # Ann-Dan is forfeited (Dan withdrawn before round 1): only Bob-Cid is played
    assert [(g.white.display_name, g.black.display_name) for g in games_of_round(round_)] == [("Bob", "Cid")]


# --------------------------------------------------------------------------- records by hand


def record_text(game: Game, moves: list[str], ending: str) -> str:
    return format_record({"White": game.white.display_name, "Black": game.black.display_name}, moves, ending)


@pytest.fixture
def service_round(organiser: User) -> tuple[Round, dict[str, User]]:
    event = make_event(
        organiser, "", game="gipf-standard", play_mode="service", time_control="5+3", unrecorded_results=True
    )
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    return start(event, organiser), users


def test_a_round_on_the_service_alone_refuses_records_and_results_by_hand(
    service_round: tuple[Round, dict[str, User]], organiser: User
) -> None:
    round_, users = service_round
    pairing = round_.pairings.get(board=1)
    game = games_of_round(round_)[0]
    text = record_text(game, [], "resign")
    for user in (users["Ann"], organiser):
        with pytest.raises(GameServiceError, match="round 1 is played on the service"):
            submit_record(pairing, user, text)
    with pytest.raises(reports.ResultConflict, match="round 1 is played on the service"):
        reports.report_result(pairing, users["Ann"], "1-0")
    assert not SubmittedRecord.objects.exists()


@pytest.fixture
def both_round(organiser: User) -> tuple[Round, dict[str, User]]:
    event = make_event(organiser, "", game="gipf-standard", play_mode="both", time_control="5+3")
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    return start(event, organiser), users


def test_both_a_record_by_hand_before_any_move_takes_the_game_and_ends_play_there(
    both_round: tuple[Round, dict[str, User]], django_capture_on_commit_callbacks: Any, clock: Any
) -> None:
    round_, users = both_round
    game = games_of_round(round_)[0]
    assert game.turn_started is None  # nothing runs out while the players may play elsewhere
    clock.advance(days=30)
    assert state.clocks_at(game).white == timedelta(seconds=300)
    text = record_text(game, moves_of("gipf-standard", 2), "")
    with django_capture_on_commit_callbacks(execute=True):
        record = submit_record(round_.pairings.get(board=1), users["Dan"], text)
    record.refresh_from_db()
    game.refresh_from_db()
    assert record.applied and (game.result, game.state) == ("0-1", Game.State.PROVISIONAL)
    assert game.finished_at == clock.now and game.turn_started is None
    with pytest.raises(errors.GameOver):
        service.make_move(game, users["Ann"], registry.legal_moves(game.position)[0].notation, 0)
    # the opponent confirms with the same record: still a record by hand, taken as a confirmation
    with django_capture_on_commit_callbacks(execute=True):
        again = submit_record(round_.pairings.get(board=1), users["Ann"], text)
    assert again.repeated
    game.refresh_from_db()
    assert game.state == Game.State.CONFIRMED


def test_both_a_game_begun_on_the_service_takes_no_record_by_hand(
    both_round: tuple[Round, dict[str, User]], django_capture_on_commit_callbacks: Any, clock: Any
) -> None:
    round_, users = both_round
    game = games_of_round(round_)[0]
    pairing = round_.pairings.get(board=1)
    late = None
    text = record_text(game, moves_of("gipf-standard", 2), "")
    # submitted before any move, verified only after play began: not applied
    with django_capture_on_commit_callbacks(execute=False):
        late = submit_record(pairing, users["Dan"], text)
    first_legal_moves(game, users, 1)
    game.refresh_from_db()
    assert game.turn_started == clock.now  # the clock started with the first move
    from games.records.services import verify_record

    late = verify_record(late.pk)
    assert late.status == SubmittedRecord.Status.VALID and not late.applied
    assert late.note == "this game is being played on the service: play it to the end there"
    with pytest.raises(GameServiceError, match="being played on the service"):
        submit_record(pairing, users["Ann"], record_text(game, [], "resign"))
    with django_capture_on_commit_callbacks(execute=True):
        assert resign_for_player_to_move(game, users) == "Dan"
    game.refresh_from_db()
    assert game.result == "1-0" and game.termination == "resignation"
    with pytest.raises(GameServiceError, match="was played on the service"):
        submit_record(pairing, users["Dan"], text)
    assert pairing.__class__.objects.get(pk=pairing.pk).results == "1-0"


def test_closing_a_round_ends_play_of_a_game_an_official_decided(
    service_round: tuple[Round, dict[str, User]], organiser: User, clock: Any
) -> None:
    round_, _users = service_round
    for pairing in round_.pairings.all():
        result_services.record_result(pairing, organiser, "1-0")
    result_services.close_round(round_, organiser)
    assert {(g.finished_at, g.turn_started) for g in games_of_round(round_)} == {(clock.now, None)}


def test_the_holder_is_the_one_place_games_are_created(organiser: User) -> None:
    """A second call finds the games published; none is created twice."""
    event = make_event(organiser, "", play_mode="service")
    players_with_accounts(event, organiser, ["Ann", "Bob"])
    round_ = start(event, organiser)
    pairing = round_.pairings.get()
    assert PairingOrigin().games(pairing) == games_of_round(round_)
    assert Game.objects.count() == 1


def test_my_games_asks_to_play_a_game_in_play_on_the_service(
    service_round: tuple[Round, dict[str, User]], client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    round_, users = service_round
    game = games_of_round(round_)[0]
    client.force_login(users["Ann"])
    page = client.get(reverse("accounts:my-games")).content.decode()
    assert "Play it on the service" in page and f'href="{game.get_absolute_url()}"' in page
    assert "Submit the record" not in page
    with django_capture_on_commit_callbacks(execute=True):
        service.resign(game, users["Ann"])
    page = client.get(reverse("accounts:my-games")).content.decode()
    assert "Play it on the service" not in page


def test_both_a_result_without_a_record_follows_the_same_rule(organiser: User, clock: Any) -> None:
    event = make_event(organiser, "", game="dvonn", play_mode="both", unrecorded_results=True)
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    first, second = games_of_round(round_)
    # board 1: reported before any move there: taken, and play there ends
    reports.report_result(round_.pairings.get(board=1), users["Ann"], "1-0")
    first.refresh_from_db()
    assert (first.result, first.state, first.finished_at) == ("1-0", Game.State.PROVISIONAL, clock.now)
    # board 2: a move was played there: a report is refused
    first_legal_moves(second, users, 1)
    with pytest.raises(reports.ResultConflict, match="being played on the service"):
        reports.report_result(round_.pairings.get(board=2), users["Cid"], "0-1")
