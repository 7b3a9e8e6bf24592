"""Pairing stored events: create the next round, pair it (in Celery), store its boards, retry a
failed pairing, and keep the organiser's forbidden pairs.

Each write is one transaction and checks the user's rights. :func:`pair_round_now` is what the
task runs; it never leaves a round half-paired or stuck, and holds no transaction while it computes.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass

from billiard.exceptions import SoftTimeLimitExceeded  # what celery.exceptions re-exports, without Celery
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from tournaments.core.codes import BYE_ZERO, forfeit_codes
from tournaments.core.errors import PairingBasisChanged, PairingError
from tournaments.errors import ServiceError
from tournaments.integrity import create_or_refuse
from tournaments.locking import computing_pairing, lock_round
from tournaments.models import Event, ForbiddenPair, Pairing, Registration, Round
from tournaments.pairing import progress
from tournaments.pairing.history import build_state
from tournaments.pairing.matching import counting_calls
from tournaments.pairing.publication import make_public
from tournaments.pairing.state import EventState, PairedRound
from tournaments.pairing.systems import pair_round
from tournaments.pairing.tasks import pair_round_task
from tournaments.signals import PAIRED, PAIRING_FAILED, step_taken
from tournaments.telling import webhooks
from tournaments.work import enqueue_on_commit, mark_pairing_requested

logger = logging.getLogger(__name__)


def create_round(event: Event, number: int) -> Round:
    """Store round ``number`` as pending, its pairing requested, and pair it once the transaction
    commits (the sweep queues it again if the broker was down or the task was lost)."""
    try:
        with transaction.atomic():
            round_ = Round.objects.create(event=event, number=number, pairing_requested_at=timezone.now())
    except IntegrityError as exc:
        raise ServiceError(f"round {number} already exists") from exc
    enqueue_on_commit(pair_round_task, round_.pk)
    return round_


def locked_running(event: Event, refusal: str) -> tuple[Event, Round | None]:
    """The event locked (in the caller's transaction) to change its rounds, and its latest round;
    ``refusal`` when it is not running."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.RUNNING:
        raise ServiceError(refusal)
    return event, event.current_round()


def pair_next_round(event: Event, user: object) -> Round:
    """Create the next round and pair it (in a Celery task, eagerly in the embedded setup)."""
    require(user, Action.MANAGE_EVENT, event)
    return create_next_round(event)


def create_next_round(event: Event) -> Round:
    """:func:`pair_next_round` for a caller that checked the right to (the autopilot)."""
    with transaction.atomic():
        event, latest = locked_running(event, _("the event is not running"))
        if latest is not None and latest.status != Round.Status.CLOSED:
            raise ServiceError(_("round %(number)s is not closed yet") % {"number": latest.number})
        number = 1 if latest is None else latest.number + 1
        if event.rounds and number > event.rounds:
            raise ServiceError(
                _("all %(rounds)s rounds have been played: finish the event") % {"rounds": event.rounds}
            )
        return create_round(event, number)


def retry_pairing(round_: Round, user: object) -> Round:
    require(user, Action.MANAGE_EVENT, round_.event)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.Status.PENDING:
            raise ServiceError(_("round %(number)s is already paired") % {"number": round_.number})
        round_.pairing_error = ""
        round_.pairing_progress = 0
        round_.save(update_fields=["pairing_error", "pairing_progress"])
        progress.clear(round_.pk)
        mark_pairing_requested(round_)
        enqueue_on_commit(pair_round_task, round_.pk)
    return round_


# How often a pairing is computed again when the event changed under it before it is refused.
ATTEMPTS = 3


@dataclass(frozen=True)
class Basis:
    """What a round's pairing rests on, read before computing it and again under the round's row
    lock before storing it: the players with their histories, byes, results and availability, the
    forbidden pairs and the point system (the engines' whole input), the registrations behind the
    pairing numbers, and the games per pairing that forfeits are stored with."""

    state: EventState
    registrations: tuple[tuple[int, int], ...]  # (pairing number, registration id)
    games_per_pairing: int


def read_basis(round_: Round) -> Basis:
    event = Event.objects.get(pk=round_.event_id)
    numbers = event.registrations.exclude(pairing_number=None).values_list("pairing_number", "pk")
    return Basis(
        state=build_state(event, round_.number),
        registrations=tuple(sorted((number or 0, pk) for number, pk in numbers)),
        games_per_pairing=event.games_per_pairing,
    )


def pair_round_now(round_id: int) -> Round:
    """Pair a pending round. Idempotent: a round already paired is left as it is.

    No transaction is open and no row is locked while the engine computes (up to the pairing time
    limit): the event's basis is read, the pairing computed, and then stored in one short
    transaction that locks the round and checks the basis is still what was read. When it changed
    (a result entered or corrected, a player withdrawn, a bye asked for), the pairing is computed
    again, :data:`ATTEMPTS` times at most, and then refused with :class:`PairingBasisChanged`
    (shown on the round page with its retry button). ``Round.pairing_started_at`` tells the sweep
    that a worker is computing the round meanwhile, and on PostgreSQL so does an advisory lock that
    the worker's connection holds (``tournaments.locking.computing_pairing``).
    """
    progress.clear(round_id)
    Round.objects.filter(pk=round_id, status=Round.Status.PENDING).update(
        pairing_progress=progress.STARTED, pairing_error="", pairing_started_at=timezone.now()
    )
    try:
        with computing_pairing(round_id):
            return _pair(round_id)
    finally:
        progress.clear(round_id)


def _pair(round_id: int) -> Round:
    round_ = Round.objects.select_related("event").get(pk=round_id)
    for _attempt in range(ATTEMPTS):
        if round_.status != Round.Status.PENDING:
            return round_
        try:
            basis = read_basis(round_)
            with counting_calls(progress.recorder(round_id)):
                paired = pair_round(copy.deepcopy(basis.state))  # the engine may change its input
            stored = _store(round_id, basis, paired)
        except PairingError as exc:
            return _pairing_failed(round_, str(exc))
        except SoftTimeLimitExceeded:
            limit = settings.PAIRING_TIME_LIMIT
            return _pairing_failed(
                round_, f"the pairing took longer than {limit} seconds and was stopped; retry it"
            )
        except Exception as exc:  # never a stuck round: the error is shown on the round page
            logger.exception("pairing round %s of %s failed", round_.number, round_.event.slug)
            return _pairing_failed(round_, f"the pairing failed unexpectedly ({type(exc).__name__}: {exc})")
        if stored is not None:
            return stored
        logger.info(
            "round %s of %s: the event changed while pairing; pairing again", round_.number, round_.event.slug
        )
        round_ = Round.objects.select_related("event").get(pk=round_id)
    error = PairingBasisChanged(
        _(
            "the event changed while the round was being paired (results, players or byes), "
            "%(attempts)s times in a row; retry the pairing"
        )
        % {"attempts": ATTEMPTS}
    )
    return _pairing_failed(round_, str(error))


def _store(round_id: int, basis: Basis, paired: PairedRound) -> Round | None:
    """Store ``paired`` in one short transaction, if the round is still pending and its basis is
    unchanged; ``None`` when the basis changed (nothing is stored)."""
    with transaction.atomic():
        round_ = lock_round(round_id)
        if round_.status != Round.Status.PENDING:
            return round_  # another worker stored it meanwhile
        if read_basis(round_) != basis:
            return None
        save_pairings(round_, paired.pairs, paired.byes)
        round_.status = Round.Status.PAIRED
        round_.paired_at = timezone.now()
        round_.pairing_error = ""
        round_.pairing_progress = 100
        round_.pairing_started_at = None
        round_.save(
            update_fields=["status", "paired_at", "pairing_error", "pairing_progress", "pairing_started_at"]
        )
        webhooks.emit(
            round_.event,
            webhooks.ROUND_PAIRED,
            lambda: {**webhooks.round_data(round_), "draft": round_.is_draft},
        )
        if not round_.is_draft:
            make_public(round_)
        step_taken.send(sender=Event, event_id=round_.event_id, step=PAIRED, round_number=round_.number)
        return round_


def _pairing_failed(round_: Round, message: str) -> Round:
    """Say why on the round, if it is still pending (another worker may have stored a pairing)."""
    failed = Round.objects.filter(pk=round_.pk, status=Round.Status.PENDING).update(
        pairing_progress=0, pairing_error=message, pairing_started_at=None
    )
    round_.refresh_from_db()
    if failed:
        step_taken.send(
            sender=Event, event_id=round_.event_id, step=PAIRING_FAILED, round_number=round_.number
        )
    return round_


def save_pairings(round_: Round, pairs: list[tuple[int, int]], byes: list[tuple[int, str]]) -> None:
    """Store boards in order, then byes; games against withdrawn players become forfeits."""
    event = round_.event
    numbers = {r.pairing_number: r for r in event.registrations.exclude(pairing_number=None)}
    points = event.point_system
    board = 0
    for white_number, black_number in pairs:
        board += 1
        white, black = numbers[white_number], numbers[black_number]
        pairing = Pairing(round=round_, board=board, white=white, black=black)
        white_in, black_in = white.is_active_in(round_.number), black.is_active_in(round_.number)
        if not (white_in and black_in):
            codes = forfeit_codes(white_in, black_in, event.games_per_pairing)
            pairing.results = " ".join(codes)
            pairing.white_score, pairing.black_score = points.pairing_scores(codes)
            pairing.source = Pairing.Source.FORFEIT
        pairing.save()
    for number, kind in byes:
        board += 1
        Pairing.objects.create(
            round=round_,
            board=board,
            white=numbers[number],
            bye=kind,
            white_score=points.bye_score(kind) * event.games_per_pairing if kind != BYE_ZERO else 0,
            source=Pairing.Source.BYE,
        )


def add_forbidden_pair(
    event: Event, user: object, first: Registration, second: Registration, reason: str = ""
) -> ForbiddenPair:
    """Two players the organiser does not want paired (same club, same family)."""
    require(user, Action.MANAGE_EVENT, event)
    if first.pk == second.pk:
        raise ServiceError(_("a forbidden pair needs two different players"))
    if first.event_id != event.pk or second.event_id != event.pk:
        raise ServiceError(_("both players must be registered in this event"))
    with transaction.atomic():
        exists = ForbiddenPair.objects.filter(event=event, first=first, second=second).exists() or (
            ForbiddenPair.objects.filter(event=event, first=second, second=first).exists()
        )
        if exists:
            raise ServiceError(
                _("%(player)s and %(second_player)s are already a forbidden pair")
                % {"player": first.player, "second_player": second.player}
            )
        return create_or_refuse(
            ForbiddenPair,
            _("%(player)s and %(second_player)s are already a forbidden pair")
            % {"player": first.player, "second_player": second.player},
            event=event,
            first=first,
            second=second,
            reason=reason[:120],
        )


def remove_forbidden_pair(pair: ForbiddenPair, user: object) -> None:
    require(user, Action.MANAGE_EVENT, pair.event)
    pair.delete()
