"""The arbiter's decision on a game (the queue of an event: ``tournaments.results.arbiter_queue``).

The rules at home here:

* only the event's organisers and arbiters decide (checked here, whatever the page or API did);
* a decision either makes one valid, complete submission of the game official, or sets a result
  with a reason (forfeit, adjudication, both lose, other), which changes the result and leaves a
  verified record the game's (its board still shown; :func:`what_changed` says what changed); it
  is final (a second decision is
  refused), logged as a :class:`~games.models.Decision` row (who, when, what, why), closes the
  game's open disputes and is applied to the pairing with source ``ARBITER``;
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from games import origins
from games.errors import GameServiceError
from games.models import Decision, Game, SubmittedRecord
from games.records.confirmation import MAX_REASON_CHARS, copy_verdict, lock_game, make_official
from games.results import (
    BLACK_FORFEIT_WIN,
    DOUBLE_FORFEIT,
    GAME_RESULTS,
    PLAYED_RESULTS,
    WHITE_FORFEIT_WIN,
)
from games.signals import ARBITER, DECIDED, result_changed

# The result codes each kind of decision allows (a submission brings its own).
RESULTS_OF_KIND = {
    Decision.Kind.FORFEIT: (WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN),
    Decision.Kind.ADJUDICATION: PLAYED_RESULTS,
    Decision.Kind.BOTH_LOSE: (DOUBLE_FORFEIT,),
    Decision.Kind.OTHER: GAME_RESULTS,
}


# The kinds of decision an arbiter takes here (an annulment is ``games.play.arbitration``'s: no result).
DECISION_KINDS = [(kind, label) for kind, label in Decision.Kind.choices if kind != Decision.Kind.ANNULMENT]


def decidable_submissions(game: Game) -> list[SubmittedRecord]:
    """The submissions an arbiter may make official: valid records that end with a result."""
    return [
        record
        for record in game.submissions.filter(status=SubmittedRecord.Status.VALID).order_by(
            "submitted_at", "pk"
        )
        if (record.verdict or {}).get("result")
    ]


def decide(
    game: Game,
    user: object,
    *,
    kind: str,
    submission_id: int | None = None,
    result: str = "",
    reason: str = "",
) -> Decision:
    """Record the arbiter's final decision on a game and apply it to the pairing."""
    require(user, Action.DECIDE_RESULT, game)
    reason = (reason or "").strip()
    if len(reason) > MAX_REASON_CHARS:
        raise GameServiceError(
            _("the reason is longer than %(limit)s characters") % {"limit": MAX_REASON_CHARS}
        )
    if kind not in dict(DECISION_KINDS):
        raise GameServiceError(_("unknown kind of decision: %(kind)s") % {"kind": kind})
    with transaction.atomic():
        game = lock_game(game.pk)
        origins.check(game, origins.DECIDE)  # ResultFixed: a closed round
        if game.state == Game.State.DECIDED:
            raise GameServiceError(_("an arbiter has already decided this game: the decision is final"))
        if game.state == Game.State.ANNULLED:
            raise GameServiceError(_("an arbiter annulled this game: it has no result"))
        record = None
        if kind == Decision.Kind.SUBMISSION:
            record = _chosen_submission(game, submission_id)
            copy_verdict(game, record)
        else:
            allowed = RESULTS_OF_KIND[Decision.Kind(kind)]
            if result not in allowed:
                raise GameServiceError(
                    _("a decision of kind “%(kind)s” sets one of the results %(allowed)s, not “%(result)s”")
                    % {"kind": Decision.Kind(kind).label, "allowed": ", ".join(allowed), "result": result}
                )
            if not reason:
                raise GameServiceError(_("give the reason for the result you set"))
            # the result changes, the moves do not: a verified record stays the game's (its board shown)
            game.result, game.termination = result, ""
        decision = settle(game, record, decided_by=user, kind=kind, reason=reason)
        origins.result_set(game, ARBITER)  # a refusal (a ServiceError) undoes the decision
        result_changed.send(sender=Game, game=game, kind=DECIDED, actor=user, detail=reason)
        return decision


def settle(
    game: Game, record: SubmittedRecord | None, *, decided_by: object, kind: object, reason: str
) -> Decision:
    """Make a decision final on a locked game whose result is already set: ``record`` (or none) the
    official submission, the game ``DECIDED``, the :class:`Decision` logged, open disputes closed by it."""
    make_official(game, record)
    game.state = Game.State.DECIDED
    game.save()
    decision = Decision.objects.create(
        game=game, decided_by=decided_by, kind=kind, submission=record, result=game.result, reason=reason
    )
    game.disputes.filter(decision=None).update(decision=decision)
    return decision


ROLE_ARBITER, ROLE_ORGANISER = "arbiter", "organiser"


def role_of(user: object, game: Game) -> str:
    """How a decision's maker is named: the organiser when he is one of the game's event's organisers
    and none of its arbiters (a closed round's correction), else the arbiter (a game of no event: its
    officials are arbiters); the origin answers (``games.origins.organiser_not_arbiter``)."""
    return ROLE_ORGANISER if origins.organiser_not_arbiter(game, user) else ROLE_ARBITER


def state_label(game: Game, decision: Decision | None = None) -> str:
    """The game's state as the pages say it; a decided game names who decided it."""
    if game.state != Game.State.DECIDED:
        return str(game.get_state_display())
    decision = decision or game.decisions.select_related("decided_by").first()
    if decision is not None and role_of(decision.decided_by, game) == ROLE_ORGANISER:
        return _("Decided by the organiser")
    return str(game.get_state_display())


def what_changed(game: Game, decision: Decision | None) -> str:
    """What a decision with a result changed, said against the game's verified record (``""`` when
    the decision made a submission official, or the game has no record)."""
    if decision is None or decision.kind == Decision.Kind.SUBMISSION or not game.record:
        return ""
    shown = (
        game.submissions.filter(text=game.record, status=SubmittedRecord.Status.VALID)
        .values_list("verdict", flat=True)
        .first()
    )
    written = (shown or {}).get("result") or ""
    if not written:
        return _("The record ends before the game is over; the decision made the result %(result)s.") % {
            "result": decision.result
        }
    if written == decision.result:
        return _("The record's result %(result)s stands; the decision made it final.") % {"result": written}
    return _("The record's result was %(record)s; the decision changed it to %(result)s.") % {
        "record": written,
        "result": decision.result,
    }


def _chosen_submission(game: Game, submission_id: int | None) -> SubmittedRecord:
    if submission_id is None:
        raise GameServiceError(_("choose the submission that becomes official"))
    record = game.submissions.filter(pk=submission_id).first()
    if record is None:
        raise GameServiceError(_("submission %(id)s is not one of this game's") % {"id": submission_id})
    if record.status != SubmittedRecord.Status.VALID or not (record.verdict or {}).get("result"):
        raise GameServiceError(
            _("submission %(id)s is not a valid record with a result: it cannot become official")
            % {"id": submission_id}
        )
    return record
