"""Games played on the service (``games.play.service``, ``/api/play/``): two players with API tokens play a
whole game move by move, the arbiter checks every move, the server keeps the clocks, and the
finished game's record is verified and enters confirmation like any submitted record.

The games played are the arbiter's random legal games (``registry.random_record``), replayed here
only to list their moves; their ends are the ones the arbiter's replay gave for those seeds
(DVONN seed 0: White wins on the stack totals 10-5 after 78 plies; GIPF standard seed 2: Black
wins after 24 plies, White having no piece left in reserve). Clock figures are worked by hand
from the time controls' definitions.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.errors import PermissionRefused
from arbiter import registry
from common.sweep import sweep
from games.models import Game, Move, SubmittedRecord
from games.play import clocks, errors, service, state
from tests.conftest import token_client as api_of
from tests.games.play.timing import Clock, people_named

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    found = people_named("Ann", "Bob", email=False)
    found["sam"] = User.objects.create_user("sam", password="pw-sam-12345")
    return found


def moves_of(game: str, seed: int) -> list[str]:
    _verdict, plies = registry.replay_traced(registry.random_record(game, seed), game)
    return [ply.move for ply in plies]


@pytest.mark.parametrize(
    ("key", "seed", "plies", "result", "termination", "score"),
    [
        ("dvonn", 0, 78, "1-0", "score", "10-5"),
        ("gipf-standard", 2, 24, "0-1", "no-reserve", ""),
    ],
)
def test_a_whole_game_played_through_the_api_is_verified_and_official(
    people: dict[str, Any],
    django_capture_on_commit_callbacks: Any,
    key: str,
    seed: int,
    plies: int,
    result: str,
    termination: str,
    score: str,
) -> None:
    game = state.create_service_game(people["Ann"], people["Bob"], key, "5+3", rated=True)
    ann, bob = (
        api_of(people["ann"], django_capture_on_commit_callbacks),
        api_of(people["bob"], django_capture_on_commit_callbacks),
    )
    listed = ann.get("/api/play/").json()["results"]
    assert [(g["id"], g["to_move"], g["your_turn"], g["ply"]) for g in listed] == [(game.pk, "ann", True, 0)]
    assert bob.get("/api/play/").json()["results"][0]["your_turn"] is False
    for ply, move in enumerate(moves_of(key, seed)):
        seen = ann.get(f"/api/play/{game.pk}/").json()
        assert seen["ply"] == ply and seen["finished_at"] is None
        mover = ann if seen["to_move"] == "ann" else bob
        if seen["legal_moves"]:
            assert registry.play(seen["position"], move).move in seen["legal_moves"]
        answer = mover.post(f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply})
        assert answer.status_code == 201, answer.json()
        assert answer.json()["ply"] == ply + 1
    game.refresh_from_db()
    assert game.moves.count() == plies and game.finished_at is not None
    # the record, written in the game's notation, was verified like a submitted one
    record = SubmittedRecord.objects.get(game=game)
    assert record.status == SubmittedRecord.Status.VALID and record.official
    assert (game.result, game.termination, game.plies, game.score) == (result, termination, plies, score)
    assert registry.replay(game.record, key).result == result
    # played here: official at once, nothing for the opponent to confirm
    assert game.state == Game.State.OFFICIAL
    over = ann.get(f"/api/play/{game.pk}/").json()
    assert (over["to_move"], over["legal_moves"]) == (None, [])
    opponent = bob if record.submitted_by == people["ann"] else ann
    confirmed = opponent.post(f"/api/games/{game.pk}/confirm/")
    assert confirmed.status_code == 400, confirmed.json()
    # a finished game takes no more moves
    late = ann.post(f"/api/play/{game.pk}/move/", {"move": "pass", "expected_ply": plies})
    assert late.status_code == 409 and game.moves.count() == plies


@pytest.fixture
def dvonn(people: dict[str, Any]) -> Game:
    return state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")


def test_bad_moves_are_refused_with_nothing_stored(
    people: dict[str, Any], dvonn: Game, django_capture_on_commit_callbacks: Any
) -> None:
    ann, bob, sam, anonymous = (
        api_of(people[name], django_capture_on_commit_callbacks)
        if name
        else api_of(None, django_capture_on_commit_callbacks)
        for name in ("ann", "bob", "sam", "")
    )
    url = f"/api/play/{dvonn.pk}/move/"
    first = moves_of("dvonn", 0)[0]
    # bad notation: the arbiter's reason, naming ply and move
    bad = ann.post(url, {"move": "z9", "expected_ply": 0})
    assert bad.status_code == 400
    assert (bad.json()["ply"], bad.json()["move"]) == (1, "z9") and bad.json()["reason"]
    assert "z9" in bad.json()["detail"]
    # White (Ann) is to move: Black is refused, a non-player too, anonymous must sign in
    assert bob.post(url, {"move": first, "expected_ply": 0}).status_code == 403
    assert sam.post(url, {"move": first, "expected_ply": 0}).status_code == 403
    assert anonymous.post(url, {"move": first, "expected_ply": 0}).status_code == 401
    # no expected ply, an empty move: the request is malformed
    assert ann.post(url, {"move": first}).status_code == 400
    assert ann.post(url, {"move": " ", "expected_ply": 0}).status_code == 400
    assert not Move.objects.exists()
    # the move, then the same request replayed: the second is stale (409) with the current position
    assert ann.post(url, {"move": first, "expected_ply": 0}).status_code == 201
    again = ann.post(url, {"move": first, "expected_ply": 0})
    assert again.status_code == 409
    assert again.json()["ply"] == 1
    assert again.json()["position"] == Move.objects.get().position
    assert Move.objects.count() == 1
    # in the asker's language
    stale_uk = ann.post(url, {"move": first, "expected_ply": 0}, HTTP_ACCEPT_LANGUAGE="uk")
    assert "тим часом зіграно інший хід" in stale_uk.json()["detail"]
    # anonymous has no games of his own (not those of players without an account)
    assert anonymous.get("/api/play/").json()["results"] == []
    dvonn.refresh_from_db()
    assert dvonn.position == Move.objects.get().position


def test_two_identical_moves_give_one_move(people: dict[str, Any], dvonn: Game) -> None:
    """Two tabs send the same move expecting ply 0: the first is played, the second is stale."""
    first = moves_of("dvonn", 0)[0]
    service.make_move(dvonn, people["ann"], first, 0)
    with pytest.raises(errors.StalePly) as stale:
        service.make_move(dvonn, people["ann"], first, 0)
    assert stale.value.data["ply"] == 1
    assert list(Move.objects.values_list("ply", "notation")) == [(1, first)]


@pytest.mark.usefixtures("clocks_from_creation")  # a running clock, not the first moves
def test_a_move_racing_past_the_check_collides_and_is_stale(
    people: dict[str, Any], dvonn: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where rows are not locked (SQLite), the other tab's move may land between this one's check
    and its insert: staged here by inserting it while the arbiter checks; the unique ply refuses
    the second, which is answered as stale (a 409), not a 500. The staged row shares the move's
    transaction, so the refusal rolls it back too: nothing at all is stored."""
    first, other = moves_of("dvonn", 0)[0], "a1"
    real = registry.play

    class Racing:
        def __getattr__(self, name: str) -> Any:
            return getattr(registry, name)

        def play(self, position: str, move: str, *, ply: int | None = None) -> Any:
            played = real(position, first, ply=ply)
            Move.objects.create(
                game=dvonn,
                ply=1,
                notation=first,
                position=played.position,
                by=people["ann"],
                at=dvonn.turn_started,
            )
            return real(position, move, ply=ply)

    monkeypatch.setattr(service, "registry", Racing())
    with pytest.raises(errors.StalePly):
        service.make_move(dvonn, people["ann"], other, 0)
    assert not Move.objects.exists()


def test_resigning_ends_the_game_as_the_records_write_it(
    people: dict[str, Any], dvonn: Game, django_capture_on_commit_callbacks: Any
) -> None:
    ann = api_of(people["ann"], django_capture_on_commit_callbacks)
    bob = api_of(people["bob"], django_capture_on_commit_callbacks)
    first = moves_of("dvonn", 0)[0]
    assert ann.post(f"/api/play/{dvonn.pk}/move/", {"move": first, "expected_ply": 0}).status_code == 201
    assert ann.post(f"/api/play/{dvonn.pk}/resign/").status_code == 403  # Bob is to move
    resigned = bob.post(f"/api/play/{dvonn.pk}/resign/")
    assert resigned.status_code == 200
    dvonn.refresh_from_db()
    assert (dvonn.result, dvonn.termination, dvonn.state) == ("1-0", "resignation", "official")
    assert dvonn.record.split()[-1] == "resign"
    assert bob.post(f"/api/play/{dvonn.pk}/resign/").status_code == 409
    assert bob.post(f"/api/play/{dvonn.pk}/move/", {"move": "pass", "expected_ply": 1}).status_code == 409


def test_the_fischer_clock(people: dict[str, Any], clock: Clock, commit: Any) -> None:
    """5+3: each player has 300 s, and no clock runs before both sides have moved (Ann's first move
    after 40 s and Bob's after 100 s leave 300 s each, nothing added). Then a move that took 40 s
    leaves 260 s, plus 3: 263 s."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    moves = moves_of("dvonn", 0)
    clock.advance(seconds=40)
    assert service.make_move(game, people["ann"], moves[0], 0).clock_after == timedelta(seconds=300)
    clock.advance(seconds=100)
    game.refresh_from_db()
    assert state.clocks_at(game) == state.Clocks(timedelta(seconds=300), timedelta(seconds=300))
    assert service.make_move(game, people["bob"], moves[1], 1).clock_after == timedelta(seconds=300)
    clock.advance(seconds=40)
    move = service.make_move(game, people["ann"], moves[2], 2)
    assert move.clock_after == timedelta(seconds=263)
    clock.advance(seconds=100)
    game.refresh_from_db()
    assert state.clocks_at(game) == state.Clocks(timedelta(seconds=263), timedelta(seconds=200))
    # Bob plays at 299 s: 1 s left, plus 3
    clock.advance(seconds=199)
    assert service.make_move(game, people["bob"], moves[3], 3).clock_after == timedelta(seconds=4)
    # Ann lets 263 s pass: her move comes too late, the game is lost on time, the move not stored
    clock.advance(seconds=263)
    with pytest.raises(errors.OutOfTime):
        commit(service.make_move, game, people["ann"], moves[4], 4)
    game.refresh_from_db()
    assert game.moves.count() == 4 and game.finished_at == clock.now
    assert (game.result, game.termination) == ("0-1", "time")
    assert game.white_time == timedelta(0)


def test_a_move_after_the_time_ran_out_is_a_409(
    people: dict[str, Any], clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    """1+0: both first moves at once (no clock ran), then Ann lets 61 s pass: 1 s too late."""
    game = state.create_service_game(people["Ann"], people["Bob"], "gipf-standard", "1+0")
    first, second, third = moves_of("gipf-standard", 2)[:3]
    service.make_move(game, people["ann"], first, 0)
    service.make_move(game, people["bob"], second, 1)
    ann = api_of(people["ann"], django_capture_on_commit_callbacks)
    clock.advance(seconds=61)
    late = ann.post(f"/api/play/{game.pk}/move/", {"move": third, "expected_ply": 2})
    assert late.status_code == 409 and "time" in late.json()["detail"]
    game.refresh_from_db()
    assert game.moves.count() == 2
    assert (game.result, game.termination) == ("0-1", "time")


@pytest.mark.usefixtures("clocks_from_creation")  # a running clock, not the first moves
def test_the_correspondence_clock_banks_time_up_to_its_cap(people: dict[str, Any], clock: Clock) -> None:
    """3d/15d: 3 days to start; each move adds 3 days to what is left, never more than 15 days."""
    game = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "3d/15d")
    moves = moves_of("dvonn", 0)
    banked = []
    for ply in range(12):
        mover = people["ann"] if ply % 2 == 0 else people["bob"]
        clock.advance(hours=1)
        banked.append(service.make_move(game, mover, moves[ply], ply).clock_after)
    hour = timedelta(hours=1)
    ann_bank = [banked[i] for i in range(0, 12, 2)]
    # 3d - 1h + 3d; then +3d - 1h each move; capped at 15 days from the fifth move on
    days = timedelta(days=1)
    assert ann_bank == [
        6 * days - hour,
        9 * days - 2 * hour,
        12 * days - 3 * hour,
        15 * days - 4 * hour,
        15 * days,
        15 * days,
    ]


@pytest.mark.usefixtures("clocks_from_creation")  # a running clock, not the first moves
def test_the_sweep_ends_games_whose_player_to_move_ran_out(
    people: dict[str, Any], clock: Clock, commit: Any
) -> None:
    """1d/2d: White has one day for his first move; after 25 hours the sweep ends the game on time."""
    slow = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "1d/2d")
    untimed = state.create_service_game(people["Ann"], people["Bob"], "dvonn", "")
    clock.advance(hours=23)
    assert commit(sweep, clock.now).timed_out == []
    clock.advance(hours=2)
    assert commit(sweep, clock.now).timed_out == [slow.pk]
    slow.refresh_from_db()
    untimed.refresh_from_db()
    assert (slow.result, slow.termination, slow.state) == ("0-1", "time", "official")
    assert slow.finished_at == clock.now and untimed.finished_at is None
    assert commit(sweep, clock.now).timed_out == []  # once


def test_the_policy_names_who_may_play(people: dict[str, Any], dvonn: Game) -> None:
    with pytest.raises(PermissionRefused):
        service.make_move(dvonn, people["sam"], "g2", 0)


@pytest.mark.parametrize(
    ("text", "initial", "increment", "cap"),
    [
        ("5+3", timedelta(minutes=5), timedelta(seconds=3), None),
        ("3d/15d", timedelta(days=3), timedelta(days=3), timedelta(days=15)),
    ],
)
def test_time_controls_are_read(
    text: str, initial: timedelta, increment: timedelta, cap: timedelta | None
) -> None:
    control = clocks.parse(text)
    assert control is not None
    assert (control.initial, control.increment, control.cap, control.text) == (initial, increment, cap, text)


@pytest.mark.parametrize("text", ["5", "0+3", "3d", "4d/2d", "five+three"])
def test_bad_time_controls_are_refused(text: str) -> None:
    with pytest.raises(clocks.TimeControlError):
        clocks.parse(text)


def test_the_play_api_is_in_the_schema(api_client: Any) -> None:
    paths = api_client.get("/api/schema/", {"format": "json"}).json()["paths"]
    assert {"/api/play/", "/api/play/{id}/", "/api/play/{id}/move/", "/api/play/{id}/resign/"} <= set(paths)
    assert {"400", "403", "409"} <= set(paths["/api/play/{id}/move/"]["post"]["responses"])
