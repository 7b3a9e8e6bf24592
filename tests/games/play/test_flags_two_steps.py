"""The ends on time of a round's flags falling together, in two steps (``games.play.flags``,
``games.play.ends.end_on_time``, ``games.play.carrying``).

Worked by hand: round 1 of a 4-player round robin of DVONN played on the service at ``1+0`` is
Ann–Dan on board 1 and Bob–Cid on board 2 (Berger, the players unrated so numbered by name), one
game a pairing, White to move first; ``1+0`` gives White 60 s. At 60.05 s both White flags have
fallen: each game is lost on time by White, ``0-1``, Black the winner, and that is its pairing's
result. Once its round is closed, or an arbiter has set its pairing's result, a game's result no
longer changes its pairing (``tournaments.results.pairing_origin``): the game then has no result.
"""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django_eventstream.models import Event

from accounts.errors import ServiceError
from accounts.models import Notice
from common.sweep import sweep
from games.live import game_events
from games.models import Game, SubmittedRecord
from games.play import carrying, errors, flags, service
from games.records import confirmation
from tests.conftest import make_event, start
from tests.games.play.timing import Clock
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts
from tournaments.models import Pairing, Round
from tournaments.results import services as result_services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clocks_from_creation")]


def league_round(organiser: User) -> tuple[Round, dict[str, User], list[Game]]:
    event = make_event(
        organiser, "", name="Blitz night", game="dvonn", play_mode="service", time_control="1+0"
    )
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    return round_, users, games_of_round(round_)


def first_step(clock: Clock, django_capture_on_commit_callbacks: Any) -> tuple[list[int], list[Any]]:
    """Both White flags fall; ``flags.end_fallen`` runs, its transaction's after-commit work held
    back (the events published and the second step queued): the ended games, that work."""
    clock.advance(seconds=60, milliseconds=50)
    with django_capture_on_commit_callbacks(execute=False) as after_commit:
        ended = flags.end_fallen()
    return ended, after_commit


def results(round_: Round) -> list[str]:
    return list(Pairing.objects.filter(round=round_).order_by("board").values_list("results", flat=True))


def test_the_first_step_ends_the_games_and_the_second_carries_their_results(
    organiser: User, clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    round_, users, games = league_round(organiser)
    assert [(g.white.display_name, g.black.display_name) for g in games] == [("Ann", "Dan"), ("Bob", "Cid")]
    ended, after_commit = first_step(clock, django_capture_on_commit_callbacks)
    assert ended == [game.pk for game in games]
    # the first step: over, with their result, what is left marked; nothing carried yet
    for game in Game.objects.filter(pk__in=ended):
        assert (game.finished_at, game.result, game.termination, game.to_carry) == (
            clock.now,
            "0-1",
            "time",
            "time",
        )
        assert game.state == ""
    assert results(round_) == ["", ""]
    assert not SubmittedRecord.objects.filter(game__in=ended).exists()
    with pytest.raises(errors.GameOver):  # a move after it is refused
        service.make_move(games[0], users["Ann"], "a1", 0)
    # after its commit: the end events, together, and the second step
    for work in after_commit:
        work()
    for game in Game.objects.filter(pk__in=ended):
        (end,) = Event.objects.filter(channel=game_events.channel_of(game.pk), type=game_events.END)
        data = json.loads(json.loads(end.data))
        assert (data["result"], data["winner"], data["how"], data["over"]) == ("0-1", 1, "time", True)
        assert (game.result, game.termination, game.to_carry, game.state) == (
            "0-1",
            "time",
            "",
            Game.State.OFFICIAL,
        )
        (played,) = game.submissions.all()
        assert (played.kind, played.official, played.applied) == (SubmittedRecord.Kind.PLAYED, True, True)
        assert played.text.rstrip().endswith("time")
    assert results(round_) == ["0-1", "0-1"]
    # the second step again (a task run twice, the sweep after the task): nothing changes
    before = (
        SubmittedRecord.objects.count(),
        Notice.objects.count(),
        list(Game.objects.values().order_by("pk")),
    )
    assert carrying.carry_all(ended) == []
    assert (
        SubmittedRecord.objects.count(),
        Notice.objects.count(),
        list(Game.objects.values().order_by("pk")),
    ) == before
    assert results(round_) == ["0-1", "0-1"]


def test_the_sweep_carries_the_results_left_marked(
    organiser: User, clock: Clock, commit: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The second step's task lost (its broker, its worker): the games stay marked, and the first
    sweep after the grace period carries them."""
    round_, _users, _games = league_round(organiser)
    ended, _lost = first_step(clock, django_capture_on_commit_callbacks)
    assert commit(sweep, clock.now).done.get("carried") == []  # within the grace: their task's
    assert results(round_) == ["", ""]
    clock.advance(seconds=settings.SWEEP_GRACE + 1)
    assert commit(sweep, clock.now).done.get("carried") == ended
    assert results(round_) == ["0-1", "0-1"]
    assert not Game.objects.exclude(to_carry="").exists()
    assert (
        SubmittedRecord.objects.filter(
            game__in=ended, kind=SubmittedRecord.Kind.PLAYED, official=True
        ).count()
        == 2
    )


@pytest.mark.parametrize("refusal", ["closed round", "arbiter's result"])
@pytest.mark.parametrize("when", ["before the flags", "between the steps"])
def test_a_refusal_of_the_origin_holds_whenever_it_came(
    organiser: User, clock: Clock, django_capture_on_commit_callbacks: Any, refusal: str, when: str
) -> None:
    """A round closed, or a pairing whose result an arbiter set (board 1, ``1-0``): the games end
    on time, their pairings keep what they had and the games have no result, whether the refusal
    came before the flags or between the two steps of their ends."""
    round_, _users, games = league_round(organiser)

    def refuse() -> None:
        if refusal == "closed round":
            Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
        else:
            Pairing.objects.filter(round=round_, board=1).update(source=Pairing.Source.ARBITER, results="1-0")

    if when == "before the flags":
        refuse()
    ended, after_commit = first_step(clock, django_capture_on_commit_callbacks)
    if when == "between the steps":
        refuse()
    for work in after_commit:
        work()
    assert ended == [game.pk for game in games]
    refused = games if refusal == "closed round" else games[:1]
    for game in Game.objects.filter(pk__in=[g.pk for g in refused]):
        assert (game.result, game.termination, game.state, game.to_carry) == ("", "", "", "")
        assert game.finished_at == clock.now
        (played,) = game.submissions.all()
        assert (played.kind, played.applied, played.official) == (SubmittedRecord.Kind.PLAYED, False, False)
        assert played.note
    assert results(round_) == (["", ""] if refusal == "closed round" else ["1-0", "0-1"])


def test_a_round_closed_between_the_steps_counts_the_results_of_its_flags(
    organiser: User, clock: Clock, commit: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The organiser closes the round once both games have ended on time, before their results were
    carried: the round takes them (its results are all in), each pairing ``0-1``, once."""
    round_, _users, _games = league_round(organiser)
    ended, _queued = first_step(clock, django_capture_on_commit_callbacks)
    closed = commit(result_services.close_round, round_, organiser)
    assert closed.status == Round.Status.CLOSED
    assert results(round_) == ["0-1", "0-1"]
    assert not Game.objects.exclude(to_carry="").exists()
    assert SubmittedRecord.objects.filter(game__in=ended, applied=True).count() == 2
    assert carrying.carry_all(ended) == []  # the task queued finds nothing left to do


def test_an_end_in_two_steps_leaves_what_an_end_in_one_leaves(
    organiser: User, clock: Clock, commit: Any
) -> None:
    """Differential: board 1's flag ended by a read (``games.play.flags.time_out``, both steps in one
    transaction), board 2's with the flags falling together (two steps): the same game, record
    kept, pairing result and notices."""
    round_, _users, (one, two) = league_round(organiser)
    clock.advance(seconds=60, milliseconds=50)
    assert commit(flags.time_out, one.pk)
    assert commit(flags.end_fallen) == [two.pk]

    def left(game: Game) -> tuple[Any, ...]:
        game = Game.objects.get(pk=game.pk)
        played = game.submissions.get()
        fields = (game.result, game.termination, game.state, game.plies, game.score, game.finished_at)
        return (
            *fields,
            game.to_carry,
            game.record == played.text,
            (played.kind, played.official, played.applied, played.note, played.verdict),
            sorted(
                Notice.objects.filter(link=game.get_absolute_url(), kind="game-end").values_list(
                    "recipient__username", flat=True
                )
            ),
            Event.objects.filter(channel=game_events.channel_of(game.pk), type=game_events.END).count(),
        )

    one_step, two_steps = left(one), left(two)
    # no move played: DVONN's score, the stacks' totals, is nothing to nothing
    assert one_step[:7] == ("0-1", "time", Game.State.OFFICIAL, 0, "0-0", clock.now, "")
    assert one_step[8][0] == SubmittedRecord.Kind.PLAYED
    # the notices: each game's two players and the event's organiser
    assert (len(one_step[9]), len(two_steps[9])) == (3, 3)
    assert [*one_step[:9], one_step[10]] == [*two_steps[:9], two_steps[10]]
    assert results(round_) == ["0-1", "0-1"]


def test_a_result_that_cannot_be_carried_is_left_marked_and_the_others_are_carried(
    organiser: User, clock: Clock, django_capture_on_commit_callbacks: Any
) -> None:
    round_, _users, (one, two) = league_round(organiser)
    ended, _queued = first_step(clock, django_capture_on_commit_callbacks)
    real = confirmation.take_verified

    def take_verified(record: SubmittedRecord, game: Game) -> None:
        if game.pk == one.pk:
            raise ServiceError("refused")
        real(record, game)

    with mock.patch.object(confirmation, "take_verified", take_verified):
        assert carrying.carry_all(ended) == [two.pk]
    assert results(round_) == ["", "0-1"]
    assert list(Game.objects.exclude(to_carry="").values_list("pk", flat=True)) == [one.pk]
    assert not SubmittedRecord.objects.filter(game=one).exists()  # its savepoint rolled back
    assert carrying.carry_all(ended) == [one.pk]  # the sweep's next try
    assert results(round_) == ["0-1", "0-1"]
