"""Correcting a result in a closed round (the only way a closed round's result changes).

Rules held here:

* only the event's organisers and arbiters correct (``accounts.policy``: ``MANAGE_EVENT``);
* only in a closed round: an open round's results are entered the normal way
  (:mod:`tournaments.results.services`); a bye has no result to correct;
* a reason is required, and the new result must differ from the stored one;
* one transaction: the pairing's result, scores and source (``ARBITER``, or ``FORFEIT`` when a game
  is a forfeit, as :func:`~tournaments.results.services.apply_result` sets it), the
  :class:`~tournaments.models.ResultCorrection` log row (who, when, old, new, why), and the games'
  official results made to agree with the pairing (``tournaments.results.corrected_games``);
* the same transaction marks what the correction makes stale
  (:func:`~tournaments.results.recomputation.affected_rounds`) with the rounds' work marks
  (:func:`~tournaments.work.mark_standings_stale`, :func:`~tournaments.work.mark_ratings_stale`);
  on commit, one background job (:func:`~tournaments.results.tasks.recompute_correction_task`)
  recomputes them and clears the marks (a broker that is down fails nothing: the sweep queues the
  job later).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from tournaments.core.codes import FORFEITS, normalise_codes
from tournaments.errors import Conflict, ServiceError
from tournaments.locking import lock_pairing, retry_on_conflict
from tournaments.models import Pairing, ResultCorrection, Round
from tournaments.results.corrected_games import correct_games
from tournaments.results.recomputation import affected_rounds
from tournaments.results.tasks import recompute_correction_task
from tournaments.work import enqueue_on_commit, mark_ratings_stale, mark_standings_stale

MAX_REASON_CHARS = 2000


class CorrectionError(ServiceError):
    """A correction refused for what was asked (no reason, the same result, a bad code)."""


class CorrectionConflict(Conflict):
    """A correction refused for the state of the round or board (open round, a bye)."""


def check_correctable(pairing: Pairing) -> None:
    """Raise :class:`CorrectionConflict` unless the pairing's result can be corrected now."""
    if pairing.round.status != Round.Status.CLOSED:
        raise CorrectionConflict(
            _("round %(number)s is not closed: enter its results the normal way")
            % {"number": pairing.round.number}
        )
    if pairing.is_bye:
        raise CorrectionConflict(_("a bye has no result to correct"))


def clean_reason(reason: str | None) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise CorrectionError(_("give the reason for the correction"))
    if len(reason) > MAX_REASON_CHARS:
        raise CorrectionError(
            _("the reason is longer than %(limit)s characters") % {"limit": MAX_REASON_CHARS}
        )
    return reason


@retry_on_conflict
def correct_result(pairing: Pairing, result: str | list[str], reason: str, user: object) -> ResultCorrection:
    """Correct the result of a board of a closed round; standings and ratings are recomputed in
    the background from that round on."""
    require(user, Action.MANAGE_EVENT, pairing.round.event)
    reason = clean_reason(reason)
    with transaction.atomic():
        pairing = lock_pairing(pairing.pk)  # the round, then the pairing (the lock order)
        check_correctable(pairing)
        event = pairing.round.event
        try:
            codes = normalise_codes(result, event.games_per_pairing)
        except ServiceError as exc:
            raise CorrectionError(str(exc)) from exc
        if codes == pairing.result_codes:
            raise CorrectionError(
                _("the result is already %(result)s: nothing to correct") % {"result": " ".join(codes)}
            )
        correction = ResultCorrection(
            pairing=pairing,
            corrected_by=user if getattr(user, "is_authenticated", False) else None,
            old_results=pairing.results,
            old_white_score=pairing.white_score,
            old_black_score=pairing.black_score,
            old_source=pairing.source,
            reason=reason,
        )
        pairing.results = " ".join(codes)
        pairing.white_score, pairing.black_score = event.point_system.pairing_scores(codes)
        forfeit = any(code in FORFEITS for code in codes)
        pairing.source = Pairing.Source.FORFEIT if forfeit else Pairing.Source.ARBITER
        pairing.save(update_fields=["results", "white_score", "black_score", "source", "updated_at"])
        correction.new_results = pairing.results
        correction.new_white_score = pairing.white_score
        correction.new_black_score = pairing.black_score
        correction.save()
        correct_games(pairing, codes, user, reason)  # each game's result agrees with the pairing
        _mark_stale(pairing.round)
        enqueue_on_commit(recompute_correction_task, correction.pk)
    return correction


def _mark_stale(round_: Round) -> None:
    """Mark the standings of the event's rounds from ``round_`` on, and the rating periods from it
    on in its family (when rated), as stale."""
    affected = affected_rounds(round_)
    for own in Round.objects.filter(pk__in=affected.round_ids):
        mark_standings_stale(own)
        if affected.rated:
            mark_ratings_stale(own)
    for other in Round.objects.filter(pk__in=affected.other_round_ids):
        mark_ratings_stale(other)


def corrections_of(round_: Round) -> QuerySet[ResultCorrection]:
    """The corrections of a round's results, oldest first (shown on the round page)."""
    return ResultCorrection.objects.filter(pairing__round=round_).select_related("pairing", "corrected_by")
