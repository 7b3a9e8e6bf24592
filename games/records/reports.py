"""Results submitted without a record ("result only"), where the event allows unrecorded games.

The rules at home here:

* only an event with ``Event.unrecorded_results`` accepts them, only from the game's two players and
  the event's organisers and arbiters (``accounts.policy``), only for a played result
  (1-0, 0-1, ½-½; forfeits are the arbiter's decisions), only while the round is published and
  open, never for a bye;
* a report is kept like any submission: a :class:`~games.models.SubmittedRecord` of kind
  ``result`` (who, when, from which address; its ``verdict`` holds ``{"result": ...}``, its text is
  empty, its status valid), never overwritten; the same result reported again by the same user is
  recognised, not stored twice;
* a player's report makes the game's *provisional* result, which the opponent confirms or disputes
  (``games.records.confirmation``) or an arbiter decides (``games.records.decisions``, where the report is one of
  the submissions the arbiter may make official); an official's report is official at once;
* a game that already has a result from a record, an official, confirmed or decided result, or a
  dispute refuses a report (:class:`ResultConflict`); a report that disagrees with another report's
  provisional result opens a dispute, one that agrees counts as the opponent's confirmation (or an
  official's word), as for records;
* closing a round refuses while a report waits for its confirmation (``games.records.confirmation``), and
  ratings leave out games whose result rests on a report unless ``Event.rate_unrecorded``
  (``tournaments.ratings.services``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.errors import Conflict, PermissionRefused
from accounts.policy import Action, can, require
from games import origins
from games.errors import GameServiceError, PlayedOnService, ResultFixed, SubmissionsClosed
from games.models import Game, SubmittedRecord
from games.records import confirmation
from games.records.services import _address, locked_game
from games.results import ALIASES, PLAYED_RESULTS, RESULT_LABELS
from games.signals import REPORTED, SUBMITTED, result_changed

__all__ = ["ResultConflict", "can_report", "is_report", "report_result"]


class ResultConflict(GameServiceError, Conflict):
    """The game or round is in a state that takes no report (closed, draft, bye, a result already
    rests on a record or is official); the API answers 409."""


def is_report(record: SubmittedRecord | None) -> bool:
    return record is not None and record.kind == SubmittedRecord.Kind.RESULT


def can_report(pairing: object, user: object) -> bool:
    """Whether ``user`` may report a result alone for ``pairing`` (what holds games: the page shows
    the form then)."""
    origin = origins.holder_of(pairing)
    return (
        origin.takes_reports(pairing)
        and origin.has_games(pairing)
        and can(user, Action.REPORT_RESULT, pairing)
    )


def played_result(value: str) -> str:
    """The result code of a played game, from its code or an alias; refuses anything else."""
    code = ALIASES.get((value or "").strip(), (value or "").strip())
    if code not in PLAYED_RESULTS:
        raise GameServiceError(
            _("“%(value)s” is not the result of a played game: use one of %(allowed)s")
            % {"value": value, "allowed": ", ".join(PLAYED_RESULTS)}
        )
    return code


def report_result(
    pairing: object, user: object, result: str, number: int = 1, address: str | None = None
) -> SubmittedRecord:
    """Store a result without a record for game ``number`` of ``pairing`` (what holds games) and
    apply it.

    Returns the stored submission (``repeated`` set when the same user had reported the same result
    before: nothing new is stored). Raises ``PermissionRefused`` (not allowed: the event takes no
    unrecorded results, or the user is neither a player of the game nor an official),
    :class:`ResultConflict` (the game or round takes no report) or ``GameServiceError`` (bad input).
    """
    origin = origins.holder_of(pairing)
    if not origin.takes_reports(pairing):
        raise PermissionRefused(
            Action.REPORT_RESULT, _("this event does not accept results without a record: submit the record")
        )
    require(user, Action.REPORT_RESULT, pairing)
    code = played_result(result)
    with transaction.atomic():
        try:
            pairing = origin.reopen(pairing, report=True)
        except SubmissionsClosed as exc:  # a conflict with the state of the round (or a bye)
            raise ResultConflict(str(exc)) from exc
        game = locked_game(pairing, number)
        known = _same_report(game, user, code)
        if known is not None:
            return known
        _check_game(game)
        report = SubmittedRecord.objects.create(
            game=game,
            kind=SubmittedRecord.Kind.RESULT,
            submitted_by=user,
            submitted_from=_address(address),
            by_official=can(user, Action.MANAGE_EVENT, pairing),
            text="",
            status=SubmittedRecord.Status.VALID,
            verdict={"result": code},
        )
        _take(game, report, code)
        report.save(update_fields=["note", "applied"])
        result_changed.send(sender=Game, game=game, kind=SUBMITTED, actor=user, detail=report.note)
    return report


def _same_report(game: Game, user: object, code: str) -> SubmittedRecord | None:
    """The user's earlier report of the same result for this game, marked ``repeated``."""
    uid = getattr(user, "pk", None)
    known = (
        game.submissions.filter(kind=SubmittedRecord.Kind.RESULT, submitted_by_id=uid, verdict__result=code)
        .order_by("submitted_at", "pk")
        .first()
    )
    if known is not None:
        known.repeated = True
    return known


def _check_game(game: Game) -> None:
    """Refuse a report for a game whose result rests on a record, is official or is being decided."""
    if game.state == Game.State.DECIDED:
        raise ResultConflict(_("an arbiter decided this game: its result is final"))
    try:
        confirmation.check_hand_record(game)
        origins.check(game, origins.REPORT)  # a pairing whose result an arbiter set
    except (PlayedOnService, ResultFixed) as exc:  # a conflict with the game's state
        raise ResultConflict(str(exc)) from exc
    if game.state == Game.State.DISPUTED:
        raise ResultConflict(_("this game's result is disputed: the arbiter decides"))
    if game.state in (Game.State.OFFICIAL, Game.State.CONFIRMED):
        raise ResultConflict(
            _("this game already has an official result (%(result)s)") % {"result": game.result}
        )
    if game.state and not is_report(confirmation.official_submission(game)):
        raise ResultConflict(
            _(
                "this game's result (%(result)s) comes from a verified record: confirm or dispute it "
                "on the game's page instead"
            )
            % {"result": game.result}
        )


def _take(game: Game, report: SubmittedRecord, code: str) -> None:
    """What a report does to its game (locked, state empty or a report's provisional result)."""
    label = RESULT_LABELS[code]
    if not game.state:
        game.result, game.termination, game.plies, game.score, game.record = code, "", 0, "", ""
        game.verified_at = None
        confirmation.make_official(game, report)
        game.state = Game.State.OFFICIAL if report.by_official else Game.State.PROVISIONAL
        game.save()
        confirmation.stop_play(game)
        failure = confirmation.apply_origin_result(game, REPORTED)
        report.applied = failure == ""
        if failure:
            report.note = failure
        elif report.by_official:
            report.note = _(
                "a result without a record, %(result)s, from an official: the result is official"
            ) % {"result": label}
        else:
            report.note = _(
                "a result without a record, %(result)s: provisional until the opponent confirms it or "
                "an arbiter decides"
            ) % {"result": label}
    elif code == game.result:
        report.note = confirmation.same_outcome(game, report)
    else:
        old = RESULT_LABELS.get(game.result, game.result)
        confirmation.disputed_by(
            game, report, _("a later report says %(new)s; the result is %(old)s") % {"new": label, "old": old}
        )
        report.note = _(
            "this report says %(new)s but the game's result is %(old)s: a dispute for the arbiter; "
            "the result stays until the arbiter decides"
        ) % {"new": label, "old": RESULT_LABELS.get(game.result, game.result)}
