"""Recording results: one board, a whole round at once, and closing a round.

Each write is one transaction and checks the user's rights (:func:`apply_result` is for callers
that checked already: verified game records). Closing a round queues the standings and ratings;
its games may refuse the close and are made official by ``tournaments.results.round_games``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from games.models import Game
from tournaments.core.codes import FORFEITS, normalise_codes
from tournaments.errors import ServiceError
from tournaments.locking import lock_pairing, lock_round, retry_on_conflict
from tournaments.models import Event, Pairing, Round
from tournaments.results.round_games import carry_ended, close_games, every_result_official
from tournaments.rounds import closes_by_itself
from tournaments.signals import CLOSED, step_taken
from tournaments.telling import notices, webhooks
from tournaments.work import enqueue_on_commit, mark_ratings_stale, mark_standings_stale


@retry_on_conflict
def record_result(
    pairing: Pairing, user: object, result: str | list[str], source: object = Pairing.Source.REPORTED
) -> Pairing:
    """Enter or correct the result of a pairing (refused once its round is closed)."""
    require(user, Action.MANAGE_EVENT, pairing.round.event)
    return apply_result(pairing, result, source)


@retry_on_conflict
def record_round(
    round_: Round, user: object, changes: Sequence[tuple[Pairing, str | list[str]]]
) -> list[Pairing]:
    """Enter the results of several boards of a round, all or nothing."""
    require(user, Action.MANAGE_EVENT, round_.event)
    with transaction.atomic():
        saved = []
        for pairing, result in changes:
            if pairing.round_id != round_.pk:
                raise ServiceError(
                    _("board %(board)s is not in round %(number)s")
                    % {"board": pairing.board, "number": round_.number}
                )
            saved.append(apply_result(pairing, result, Pairing.Source.REPORTED))
        return saved


def apply_result(
    pairing: Pairing, result: str | list[str], source: object, *, locked: bool = False
) -> Pairing:
    """Store a pairing's result without a permission check (callers check: views, verified records).

    Locks the round, then the pairing (``tournaments.locking``), unless ``locked``: the caller's
    transaction holds both locks and read ``pairing``, its round and event after taking them (a
    game's result carried to its pairing, ``tournaments.results.game_results``, under the game's locks); the one write is
    then the caller's transaction's, with no savepoint of its own (a refusal writes nothing)."""
    if locked:
        return _store_result(pairing, result, source)
    with transaction.atomic():
        return _store_result(lock_pairing(pairing.pk), result, source)


def _store_result(pairing: Pairing, result: str | list[str], source: object) -> Pairing:
    """:func:`apply_result` once the round and the pairing are locked: every check before the one write."""
    event = pairing.round.event
    if pairing.round.status == Round.Status.CLOSED:
        raise ServiceError(
            _("round %(number)s is closed: results can no longer change") % {"number": pairing.round.number}
        )
    if pairing.is_bye:
        raise ServiceError(_("a bye has no result to enter"))
    codes = normalise_codes(result, event.games_per_pairing)
    before = (pairing.results, pairing.white_score, pairing.black_score, pairing.source)
    pairing.results = " ".join(codes)
    pairing.white_score, pairing.black_score = event.point_system.pairing_scores(codes)
    pairing.source = Pairing.Source.FORFEIT if any(code in FORFEITS for code in codes) else source
    if (pairing.results, pairing.white_score, pairing.black_score, pairing.source) == before:
        return pairing  # the same result again (a double click, a retry): nothing to write
    pairing.save(update_fields=["results", "white_score", "black_score", "source", "updated_at"])
    if (
        event.webhook_secret
        and not Game.objects.filter(
            pairing_game__pairing=pairing, state__in=(Game.State.PROVISIONAL, Game.State.DISPUTED)
        ).exists()
    ):  # official: no game of it awaits an answer or a decision
        webhooks.emit(event, webhooks.RESULT_OFFICIAL, lambda: webhooks.result_data(pairing))
    return pairing


def missing_results(round_: Round) -> list[Pairing]:
    return list(round_.pairings.filter(white_score=None).select_related("white__player", "black__player"))


@retry_on_conflict
def close_round(round_: Round, user: object) -> Round:
    """Close a paired round once every result is in; refuses with the boards still missing.

    Marks the round's standings and ratings stale in the same transaction and queues their task
    once it commits: a broker that is down then fails nothing, the sweep queues the task later."""
    require(user, Action.MANAGE_EVENT, round_.event)
    with transaction.atomic():
        return _close_locked(lock_round(round_.pk))


def close_now(round_id: int) -> Round:
    """:func:`close_round` for a caller that checked the right to (the autopilot), with its refusals."""
    with transaction.atomic():
        return _close_locked(lock_round(round_id))


def close_round_by_itself(round_id: int) -> Round | None:
    """Close a round of an event that closes its rounds by themselves (``Event.close_rounds_by_itself``,
    the organiser's standing choice) once every game of it has an official result: the same close,
    with the same refusals, as :func:`close_round`. ``None`` when the round does not close by itself
    now (the setting off, the round not paired or closed already, a game without its official result)."""
    with transaction.atomic():
        round_ = lock_round(round_id)
        if not closes_by_itself(round_.event) or round_.status != Round.Status.PAIRED:
            return None
        if round_.is_draft or not every_result_official(round_):
            return None
        earlier = Round.objects.filter(event_id=round_.event_id, number__lt=round_.number)
        if earlier.exclude(status=Round.Status.CLOSED).exists():  # rounds played at once close in order
            return None
        closed = _close_locked(round_)
        event = round_.event
        notices.step_taken(
            event,
            "close",
            round_.number,
            lambda: (
                _("Round %(round)s of %(event)s closed by itself: every game has its official result")
                % {"round": round_.number, "event": event.name}
            ),
        )
        return closed


def _close_locked(round_: Round) -> Round:
    """Close ``round_``, locked by the caller's transaction."""
    if round_.status == Round.Status.CLOSED:
        raise ServiceError(_("round %(number)s is already closed") % {"number": round_.number})
    if round_.status != Round.Status.PAIRED:
        raise ServiceError(_("round %(number)s is not paired yet") % {"number": round_.number})
    carry_ended(round_)  # the results of its games ended on time, still to be carried
    missing = missing_results(round_)
    if missing:
        boards = ", ".join(
            _("board %(board)s (%(pairing)s)") % {"board": p.board, "pairing": p} for p in missing
        )
        raise ServiceError(_("results missing on %(boards)s") % {"boards": boards})
    close_games(round_)  # refused while a game is disputed; provisional results made official
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    mark_standings_stale(round_)
    mark_ratings_stale(round_)
    from tournaments.standings.tasks import update_standings_task  # Celery loaded when queueing

    enqueue_on_commit(update_standings_task, round_.event_id)
    webhooks.emit(round_.event, webhooks.ROUND_CLOSED, lambda: webhooks.round_data(round_))
    step_taken.send(sender=Event, event_id=round_.event_id, step=CLOSED, round_number=round_.number)
    return round_
