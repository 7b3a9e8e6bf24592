"""What a corrected result in a closed round makes stale, and recomputing it (the job's body).

Rules held here:

* a correction in round N of an event makes stale the stored standings after round N and after
  every later closed round of that event (other events' standings do not depend on it);
* when the event is rated, it makes stale every rating period of the event's family from round N
  on, in the order rounds closed (``Round.closed_at``, then event and number: the order of
  :mod:`tournaments.ratings.recompute`), so later rounds of *other* events of the family too;
* a correction is stale until its job has run (``ResultCorrection.recomputed_at`` empty): the
  mark the sweep for lost jobs reads (``tournaments.results.tasks.sweep_corrections_task``); the
  rounds' own marks (``tournaments.work``: standings and ratings stale since) are set with the
  correction and make the event pages say they are being updated;
* :func:`recompute_correction` (the Celery job's body) stores the standings of each stale round
  again and rebuilds the family's ratings from round N on; it reads only the database as it is,
  so it is idempotent and can be re-run at any time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.db.models import Q, QuerySet
from django.utils import timezone

from tournaments.models import Event, ResultCorrection, Round
from tournaments.ratings.families import family_of, games_of
from tournaments.ratings.recompute import recompute_family
from tournaments.standings.services import store_standings
from tournaments.work import Marks, clear_marks, read_marks


@dataclass
class Affected:
    """What a correction in ``round`` changes: the event's closed rounds from it on (standings, and
    ratings when rated) and the later rated rounds of other events of the family."""

    round: Round
    standings_rounds: list[int] = field(default_factory=list)
    rated: bool = False
    other_events: list[tuple[Event, list[int]]] = field(default_factory=list)
    round_ids: list[int] = field(default_factory=list)  # the event's rounds above
    other_round_ids: list[int] = field(default_factory=list)  # the other events' rounds above

    @property
    def first(self) -> int:
        return self.standings_rounds[0] if self.standings_rounds else self.round.number

    @property
    def last(self) -> int:
        return self.standings_rounds[-1] if self.standings_rounds else self.round.number


def _later_in_family(round_: Round) -> QuerySet[Round]:
    """The closed rounds of rated events of ``round_``'s family that close after it (same order
    as the rebuild: close time, then event, then number), ``round_`` itself left out."""
    event = round_.event
    after = (
        Q(closed_at__gt=round_.closed_at)
        | Q(closed_at=round_.closed_at, event_id__gt=event.pk)
        | Q(closed_at=round_.closed_at, event_id=event.pk, number__gt=round_.number)
    )
    return (
        Round.objects.filter(
            status=Round.Status.CLOSED, event__game__in=games_of(family_of(event.game)), event__rated=True
        )
        .filter(after)
        .select_related("event")
        .order_by("closed_at", "event_id", "number")
    )


def affected_rounds(round_: Round) -> Affected:
    """What correcting a result of the closed round ``round_`` makes stale."""
    event = round_.event
    own = list(
        event.round_set.filter(status=Round.Status.CLOSED, number__gte=round_.number)
        .order_by("number")
        .values_list("number", "pk")
    )
    affected = Affected(
        round_, [number for number, _pk in own], rated=event.rated, round_ids=[pk for _number, pk in own]
    )
    if event.rated and round_.closed_at is not None:
        others: dict[int, tuple[Event, list[int]]] = {}
        for later in _later_in_family(round_).exclude(event=event):
            others.setdefault(later.event_id, (later.event, []))[1].append(later.number)
            affected.other_round_ids.append(later.pk)
        affected.other_events = sorted(others.values(), key=lambda pair: pair[0].name)
    return affected


def _marks(event_ids: set[int], round_ids: list[int]) -> Marks:
    """The stale marks of ``round_ids`` (rounds of ``event_ids``), read before the work."""
    wanted = set(round_ids)
    marks: Marks = {}
    for event_id in sorted(event_ids):
        marks.update({pk: mark for pk, mark in read_marks(event_id).items() if pk in wanted})
    return marks


def recompute_correction(correction_id: int) -> bool:
    """Recompute what correction ``correction_id`` made stale; False when it no longer exists."""
    correction = (
        ResultCorrection.objects.select_related("pairing__round__event").filter(pk=correction_id).first()
    )
    if correction is None:
        return False
    round_ = correction.pairing.round
    event = round_.event
    affected = affected_rounds(round_)
    own = _marks({event.pk}, affected.round_ids)
    others = _marks({other.pk for other, _numbers in affected.other_events}, affected.other_round_ids)
    for number in affected.standings_rounds:
        store_standings(event.pk, number)
    if event.rated:
        recompute_family(family_of(event.game), since=round_)
    clear_marks(own)  # the event's standings and ratings from the round on are done
    clear_marks(others, standings=False, ratings=True)  # other events: their ratings only
    ResultCorrection.objects.filter(pk=correction_id).update(recomputed_at=timezone.now())
    return True


def stale_corrections() -> QuerySet[ResultCorrection]:
    """Corrections whose recomputation has not run yet."""
    return ResultCorrection.objects.filter(recomputed_at=None)


def stale_from(event: Event) -> int | None:
    """The first round of ``event`` whose stored standings await a recomputation, None if none."""
    numbers = (
        stale_corrections()
        .filter(pairing__round__event=event)
        .values_list("pairing__round__number", flat=True)
    )
    return min(numbers, default=None)


def lost_corrections(older_than: timedelta = timedelta(minutes=10)) -> list[int]:
    """Stale corrections older than ``older_than``: their job was lost (a worker died, a broker
    restarted) and must be queued again."""
    cutoff = timezone.now() - older_than
    return list(stale_corrections().filter(corrected_at__lt=cutoff).values_list("pk", flat=True))
