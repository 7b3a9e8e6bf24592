"""Correcting a result after its round closed: the log, the games, and the recomputation of the
stored standings of every later round and of the ratings of every later rating period.

The scenario, worked by hand (tie-breaks SB then WIN, C.07; ratings FIDE B.02 with K 40, every
player new at 1500): event A, a 4-player round robin (GIPF basic), Berger pairings

    round 1: Ann–Dan, Bob–Cid    round 2: Dan–Cid, Ann–Bob    round 3: Bob–Dan, Cid–Ann

entered as 1-0, ½-½ / 0-1, 1-0 / 1-0, 0-1; then event B (GIPF standard, same family): Ann beats Eve
in its one round, closed after A's round 3. Round 1's Ann–Dan is then corrected to 0-1.

Standings after the correction (points; SB = beaten opponents' points + half the drawn ones'):

* round 1: Dan 1 (SB 0, WIN 1) rank 1; Bob ½ (SB ¼), Cid ½ (SB ¼) share rank 2; Ann 0 rank 4.
* round 2: Cid 1½ (SB ¼ + 1 = 1¼); Dan 1 (beat Ann, 1: SB 1); Ann 1 (beat Bob, ½: SB ½); Bob ½
  (drew Cid, 1½: SB ¾): Cid 1, Dan 2, Ann 3, Bob 4.
* round 3: Ann 2 (beat Bob 1½ and Cid 1½: SB 3, WIN 2); Bob 1½ (¾ + beat Dan 1: SB 1¾, WIN 1);
  Cid 1½ (¾ + beat Dan 1: SB 1¾, WIN 1); Dan 1 (beat Ann 2: SB 2): Ann 1, Bob and Cid 2, Dan 4.

Ratings after the correction: E(D) = 1 / (1 + 10^(-D/400)); E(-20) = 0.47125, so a win against
a player 20 points higher is +40 × 0.52875 = +21.15 → +21.

* round 1: Dan beats Ann at 1500–1500: Dan 1520, Ann 1480; Bob–Cid draw: 1500 each.
* round 2: Cid (1500) beats Dan (1520): Cid 1521, Dan 1499; Ann (1480) beats Bob (1500): Ann 1501,
  Bob 1479.
* round 3: Bob (1479) beats Dan (1499): Bob 1500, Dan 1478; Ann (1501) beats Cid (1521): Ann 1522,
  Cid 1500.
* event B: Ann (1522) beats Eve (1500): E(22) = 0.53162, +40 × 0.46838 = +18.74 → +19: Ann 1541,
  Eve 1481 (before the correction, from Ann's 1558: E(58) = 0.58270, +16.69 → +17: 1575 and 1483).
"""

from __future__ import annotations

from decimal import Decimal
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from accounts.errors import PermissionRefused
from games.models import Decision, Game
from games.records.services import games_of
from games.signals import result_changed
from tests.conftest import make_event, next_round, pairings_of, start
from tournaments.models import Event, Pairing, Rating, RatingChange, ResultCorrection, Round, Standing
from tournaments.results import services as result_services
from tournaments.results.corrections import CorrectionConflict, CorrectionError, correct_result
from tournaments.results.recomputation import affected_rounds, recompute_correction, stale_from
from tournaments.results.tasks import sweep_corrections_task

pytestmark = pytest.mark.django_db

# Results of event A by round, in board order (see the module's docstring).
RESULTS_A = {1: ["1-0", "1/2-1/2"], 2: ["0-1", "1-0"], 3: ["1-0", "0-1"]}


def play(round_: Round, organiser: User, commit: Any, results: list[str]) -> None:
    for pairing, result in zip(round_.pairings.order_by("board"), results, strict=True):
        result_services.record_result(pairing, organiser, result)
    commit(result_services.close_round, round_, organiser)


@pytest.fixture
def events(organiser: User, commit: Any) -> tuple[Event, Event]:
    a = make_event(organiser, "Ann\nBob\nCid\nDan", name="A", tie_breaks=["SB", "WIN"])
    play(start(a, organiser), organiser, commit, RESULTS_A[1])
    for number in (2, 3):
        play(next_round(a, organiser), organiser, commit, RESULTS_A[number])
    b = make_event(organiser, "Ann\nEve", name="B", game="gipf-standard")
    round_b = start(b, organiser)
    ann_white = round_b.pairings.get().white.player.display_name == "Ann"
    play(round_b, organiser, commit, ["1-0" if ann_white else "0-1"])
    return Event.objects.get(pk=a.pk), Event.objects.get(pk=b.pk)


def ann_dan(event: Event) -> Pairing:
    pairing = pairings_of(event, 1)[0]
    assert (pairing.white.player.display_name, pairing.black.player.display_name) == ("Ann", "Dan")  # type: ignore[union-attr]
    return pairing


def table(event: Event, after_round: int) -> dict[str, tuple[int, int, Decimal, Decimal]]:
    """Name -> (rank, half-points, SB, WIN) of the stored standings after a round."""
    return {
        s.registration.player.display_name: (
            s.rank,
            s.points,
            Decimal(s.tie_breaks["SB"]),
            Decimal(s.tie_breaks["WIN"]),
        )
        for s in Standing.objects.filter(event=event, after_round=after_round).select_related(
            "registration__player"
        )
    }


def ratings() -> dict[str, tuple[int, int]]:
    return {
        r.player.display_name: (r.rating, r.rated_games)
        for r in Rating.objects.filter(family="gipf").select_related("player")
    }


def snapshot() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    return (
        sorted(Rating.objects.values_list("player_id", "family", "rating", "rated_games")),
        sorted(
            RatingChange.objects.values_list("player_id", "family", "round_id", "before", "after", "games")
        ),
        sorted(
            Standing.objects.values_list(
                "event_id", "after_round", "registration_id", "rank", "points", "tie_breaks"
            )
        ),
    )


def test_before_the_correction(events: tuple[Event, Event]) -> None:
    a, _b = events
    assert table(a, 1)["Ann"][:2] == (1, 2)
    assert ratings() == {
        "Ann": (1575, 4),
        "Bob": (1500, 3),
        "Cid": (1500, 3),
        "Dan": (1442, 3),
        "Eve": (1483, 1),
    }


def test_correction_recomputes_standings_and_ratings(
    events: tuple[Event, Event], organiser: User, commit: Any
) -> None:
    a, b = events
    pairing = ann_dan(a)
    correction = commit(correct_result, pairing, "0-1", "the scoresheet shows Dan won", organiser)

    # logged: who, old, new, why; recomputed by the job queued on commit
    correction.refresh_from_db()
    assert (correction.corrected_by, correction.old_results, correction.new_results) == (
        organiser,
        "1-0",
        "0-1",
    )
    assert (correction.old_white_score, correction.old_black_score) == (2, 0)
    assert (correction.new_white_score, correction.new_black_score) == (0, 2)
    assert correction.reason == "the scoresheet shows Dan won"
    assert correction.recomputed_at is not None
    pairing.refresh_from_db()
    assert (pairing.results, pairing.white_score, pairing.black_score, pairing.source) == (
        "0-1",
        0,
        2,
        "arbiter",
    )

    half, quarter = Decimal("0.5"), Decimal("0.25")
    assert table(a, 1) == {
        "Dan": (1, 2, Decimal(0), Decimal(1)),
        "Bob": (2, 1, quarter, Decimal(0)),
        "Cid": (2, 1, quarter, Decimal(0)),
        "Ann": (4, 0, Decimal(0), Decimal(0)),
    }
    assert table(a, 2) == {
        "Cid": (1, 3, Decimal("1.25"), Decimal(1)),
        "Dan": (2, 2, Decimal(1), Decimal(1)),
        "Ann": (3, 2, half, Decimal(1)),
        "Bob": (4, 1, Decimal("0.75"), Decimal(0)),
    }
    assert table(a, 3) == {
        "Ann": (1, 4, Decimal(3), Decimal(2)),
        "Bob": (2, 3, Decimal("1.75"), Decimal(1)),
        "Cid": (2, 3, Decimal("1.75"), Decimal(1)),
        "Dan": (4, 2, Decimal(2), Decimal(1)),
    }
    assert ratings() == {
        "Ann": (1541, 4),
        "Bob": (1500, 3),
        "Cid": (1500, 3),
        "Dan": (1478, 3),
        "Eve": (1481, 1),
    }
    # event B's round, closed later in the same family, was re-rated from Ann's corrected 1522
    ann_in_b = RatingChange.objects.get(round__event=b, player__display_name="Ann")
    assert (ann_in_b.before, ann_in_b.after) == (1522, 1541)
    history = RatingChange.objects.filter(player__display_name="Dan").order_by("round__number")
    assert [(c.before, c.after) for c in history] == [(1500, 1520), (1520, 1499), (1499, 1478)]

    # equal to a rebuild from scratch, and the job run again changes nothing
    recomputed = snapshot()
    call_command("recompute_ratings", stdout=StringIO())
    assert snapshot() == recomputed
    assert recompute_correction(correction.pk) is True
    assert snapshot() == recomputed


def test_games_agree_with_the_corrected_result(
    events: tuple[Event, Event], organiser: User, commit: Any
) -> None:
    a, _b = events
    pairing = ann_dan(a)
    (game,) = games_of(pairing)
    told: list[tuple[str, str]] = []

    def listen(sender: object, game: Game, kind: str, detail: str, **kwargs: object) -> None:
        told.append((kind, detail))

    result_changed.connect(listen, dispatch_uid="test-corrections")
    try:
        commit(correct_result, pairing, "-/+", "Ann never arrived", organiser)
    finally:
        result_changed.disconnect(dispatch_uid="test-corrections")
    assert len(told) == 1 and told[0][0] == "decided" and "Ann never arrived" in told[0][1]
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.state) == ("-/+", Game.State.DECIDED)
    decision = Decision.objects.get(game=game)
    assert (decision.kind, decision.result, decision.decided_by) == ("forfeit", "-/+", organiser)
    assert "Ann never arrived" in decision.reason
    pairing.refresh_from_db()
    assert (pairing.source, pairing.white_score, pairing.black_score) == ("forfeit", 0, 2)


def test_affected_rounds_name_the_later_rounds_of_every_event(events: tuple[Event, Event]) -> None:
    a, b = events
    affected = affected_rounds(ann_dan(a).round)
    assert (affected.standings_rounds, affected.first, affected.last, affected.rated) == (
        [1, 2, 3],
        1,
        3,
        True,
    )
    assert [(event.pk, numbers) for event, numbers in affected.other_events] == [(b.pk, [1])]


def test_stale_until_the_job_ran_and_the_sweep_queues_it_again(
    events: tuple[Event, Event], organiser: User
) -> None:
    a, _b = events
    correction = correct_result(ann_dan(a), "0-1", "typo", organiser)  # not committed: no job ran
    assert stale_from(a) == 1
    marked = Round.objects.exclude(standings_stale_since=None, ratings_stale_since=None)
    # the event's standings and ratings from round 1 on; the later event's ratings only
    assert sorted(
        (r.event.name, r.number, r.standings_stale_since is not None, r.ratings_stale_since is not None)
        for r in marked
    ) == [("A", 1, True, True), ("A", 2, True, True), ("A", 3, True, True), ("B", 1, False, True)]
    assert table(a, 3)["Ann"][:2] == (1, 6)  # the old figures, until the job runs
    assert sweep_corrections_task(older_than_minutes=-1) == 1  # eager here: the job runs at once
    correction.refresh_from_db()
    assert correction.recomputed_at is not None
    assert stale_from(a) is None
    assert table(a, 3)["Ann"][:2] == (1, 4)
    assert not Round.objects.exclude(standings_stale_since=None, ratings_stale_since=None).exists()


def test_refusals(events: tuple[Event, Event], organiser: User, stranger: User, commit: Any) -> None:
    a, _b = events
    pairing = ann_dan(a)
    with pytest.raises(PermissionRefused):
        correct_result(pairing, "0-1", "reason", stranger)
    with pytest.raises(CorrectionError, match="reason"):
        correct_result(pairing, "0-1", "   ", organiser)
    with pytest.raises(CorrectionError, match="already"):
        correct_result(pairing, "1-0", "reason", organiser)
    with pytest.raises(CorrectionError, match="not a result"):
        correct_result(pairing, "2-0", "reason", organiser)
    assert not ResultCorrection.objects.exists()
    pairing.refresh_from_db()
    assert pairing.results == "1-0"


def test_an_open_round_refuses_correction(organiser: User) -> None:
    event = make_event(organiser, "Ann\nBob", name="Open")
    pairing = start(event, organiser).pairings.get()
    result_services.record_result(pairing, organiser, "1-0")
    with pytest.raises(CorrectionConflict, match="not closed"):
        correct_result(pairing, "0-1", "reason", organiser)
    pairing.refresh_from_db()
    assert pairing.results == "1-0"
