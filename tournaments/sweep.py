"""The tournaments' part of the sweep (``common.sweep``): standings, ratings (of rounds and of rated
casual games, ``tournaments.ratings.casual``), pairings owed and the close of rounds that close by
themselves once their games are over.

The marks of ``tournaments.work`` say what is still owed; :func:`sweep_work` queues again whatever
is still marked after ``SWEEP_GRACE`` seconds and is not being worked on (a running standings task
holds its event's row lock, which a killed worker's closed connection releases; a pairing holds no
row lock while it computes: on PostgreSQL the advisory lock of ``tournaments.locking.computing_pairing``
says it is being computed, and goes with a killed worker's connection; elsewhere its
``Round.pairing_started_at`` says so until the task's hard time limit has passed). A pairing still pending twice its time limit after it was asked
for is stopped with an error that the round page shows with its retry button. Registered in
``TournamentsConfig.ready``, with the recomputation of corrected results
(``tournaments.results.tasks``) for the embedded default's sweep on a request.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.models import Game
from tournaments.locking import pairing_being_computed
from tournaments.models import CasualPeriod, Event, Round
from tournaments.ratings.casual import stale_periods
from tournaments.results.round_games import every_result_official
from tournaments.rounds import closing_by_themselves
from tournaments.work import send

SWEEP_BATCH = 100


def _free(queryset: Any) -> bool:
    """True when no transaction holds the row's lock (a running task): then nobody works on it.
    Databases without row locks (SQLite) always say free."""
    with transaction.atomic():
        return queryset.select_for_update(skip_locked=True, of=("self",)).exists()


def sweep_work(now: datetime) -> dict[str, list[int]]:
    """Queue again the standings and pairings still marked after the grace period."""
    # the task modules (Celery with them) are loaded by a sweep, not when the app is
    from tournaments.pairing.tasks import pair_round_task
    from tournaments.ratings.tasks import rate_casual_game_task
    from tournaments.results.tasks import close_round_by_itself_task
    from tournaments.standings.tasks import update_standings_task

    before = now - timedelta(seconds=settings.SWEEP_GRACE)
    done: dict[str, list[int]] = {"standings": [], "pairings": [], "stopped": [], "casual": [], "closing": []}

    stale = Round.objects.filter(
        Q(standings_stale_since__lt=before) | Q(ratings_stale_since__lt=before)
    ).values_list("event_id", flat=True)
    for event_id in sorted(set(stale))[:SWEEP_BATCH]:
        if _free(Event.objects.filter(pk=event_id)) and send(update_standings_task, event_id):
            done["standings"].append(event_id)

    for game_id in stale_periods(before)[:SWEEP_BATCH]:  # rated casual games (their task holds the row)
        if _free(CasualPeriod.objects.filter(game_id=game_id)) and send(rate_casual_game_task, game_id):
            done["casual"].append(game_id)

    waiting = Round.objects.filter(status=Round.Status.PENDING, pairing_error="").filter(
        Q(pairing_requested_at__lt=before) | Q(pairing_requested_at__isnull=True)
    )
    pairing_limit = settings.PAIRING_TIME_LIMIT + settings.TASK_HARD_LIMIT_MARGIN
    give_up = now - timedelta(seconds=2 * pairing_limit)
    # a worker computing a pairing holds no row lock: on PostgreSQL its advisory lock says so (and
    # goes with a killed worker's connection); elsewhere its start, within the task's hard limit
    started_lately = Q(pairing_started_at__gte=now - timedelta(seconds=pairing_limit))
    for round_ in waiting.order_by("pk")[:SWEEP_BATCH]:
        computing = pairing_being_computed(round_.pk)
        if computing is None:
            computing = waiting.filter(started_lately, pk=round_.pk).exists()
        if computing:
            continue
        requested = round_.pairing_requested_at
        if requested is not None and requested < give_up:
            stop_pairing(round_.pk, requested)
            done["stopped"].append(round_.pk)
        elif send(pair_round_task, round_.pk):
            done["pairings"].append(round_.pk)

    for round_id in rounds_to_close()[:SWEEP_BATCH]:
        if send(close_round_by_itself_task, round_id):
            done["closing"].append(round_id)
    return done


def rounds_to_close() -> list[int]:
    """Rounds that close by themselves whose every game has its official result but that are still
    open: their close was lost (the broker down, a worker killed) or the option was turned on after
    their last game ended (``tournaments.results.round_closing``). A game without a result (in play,
    annulled) keeps its round out of the list."""
    unfinished = Game.objects.filter(result="", pairing_game__isnull=False).values(
        "pairing_game__pairing__round_id"
    )
    candidates = Round.objects.filter(closing_by_themselves("event__"), status=Round.Status.PAIRED).exclude(
        pk__in=unfinished
    )
    # rounds played at once close in order: the first open round of its event only
    first_open: dict[int, int] = {}
    still_open = Round.objects.exclude(status=Round.Status.CLOSED).filter(
        event_id__in=candidates.values("event_id")
    )
    for event_id, pk in still_open.order_by("event_id", "number").values_list("event_id", "pk"):
        first_open.setdefault(event_id, pk)
    return [
        round_.pk
        for round_ in candidates.filter(pk__in=first_open.values()).order_by("pk")
        if every_result_official(round_)
    ]


def stop_pairing(round_id: int, requested: datetime) -> None:
    """A pairing asked for long ago and never finished: say so on the round, which offers a retry."""
    limit = settings.PAIRING_TIME_LIMIT
    Round.objects.filter(
        pk=round_id, status=Round.Status.PENDING, pairing_error="", pairing_requested_at=requested
    ).update(
        pairing_progress=0,
        pairing_error=_("the pairing did not finish within its time limit (%(limit)s seconds); retry it")
        % {"limit": limit},
    )
