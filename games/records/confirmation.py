"""Whose word a game's result rests on: provisional, confirmed, disputed, official.

The rules at home here:

* a verified complete record from one of the game's two players becomes the game's *provisional*
  result (applied to the pairing, so standings show it); one from an organiser or arbiter of the
  event is *official* at once, and so is the record of a game played on the service (kind
  ``played``): the arbiter judged every move, nobody submitted anything, there is nothing for the
  opponent to confirm (its end told as ``games.play.endings`` words it; a dispute of it is for the
  arbiter's powers, ``games.play.arbitration`` and ``games.records.decisions``);
* the opponent of the player who submitted it *confirms* it or *disputes* it with a reason, until
  the round is closed; a valid record with the same outcome from the opponent counts as a
  confirmation;
* a later valid record with another outcome never replaces a result: it is kept and opens a
  dispute for the arbiter, and the result stays as it was until the arbiter decides
  (``games.records.decisions``); once an arbiter has decided, records leave the game alone;
* a game played on the service (``Game.on_service``) takes its record from play (kind ``played``):
  once a move was played there, or play there ended, a record or result submitted by hand is
  refused (:func:`check_hand_record`, checked on submission and again on verification); one
  taken before any move ends play there (:func:`stop_play`), so the two never both apply;
* a result taken is carried to what the game belongs to by its origin (``games.origins.result_set``:
  an event's pairing, ``tournaments.results.game_results``).

Every change locks the game's row first (``select_for_update``); at most one submission per game is
official, which the database enforces too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.errors import PermissionRefused, ServiceError
from accounts.policy import Action, can, require
from games import origins
from games.errors import GameServiceError, PlayedOnService, ResultFixed
from games.models import Dispute, Game, SubmittedRecord
from games.signals import CONFIRMED, DISPUTED, ENDED, SUBMITTED, VERIFIED, result_changed

MAX_REASON_CHARS = 2000


def lock_game(game: Game | int) -> Game:
    """The game's row (a game, or its id), locked for this transaction and read again, with its players
    and what its origin shows of it (an event's pairing, round and event: ``games.origins.place``).

    Its origin takes what it puts above the game (an event's round, then the pairing), then the game:
    the lock order of ``common.locking`` (``games.origins.lock``). A game given as read before tells
    its origin, and what was read with it which rows are above it, without reading them again."""
    if isinstance(game, Game):
        game_id, origin, read = game.pk, game.origin, game
    else:
        game_id, origin, read = game, Game.objects.values_list("origin", flat=True).get(pk=game), None
    return origins.lock(Game.objects.all(), game_id, origin, read)


def lock_games(games: list[Game]) -> dict[int, Game]:
    """Several games (each read before, with what its origin shows of it) locked at once in the lock
    order, read again as :func:`lock_game` reads one, by id (``games.origins.lock_all``)."""
    return origins.lock_all(Game.objects.all(), list({game.pk: game for game in games}.values()))


def official_submission(game: Game) -> SubmittedRecord | None:
    return game.submissions.filter(official=True).first()


def can_answer(game: Game, user: object) -> bool:
    """The opponent of the player whose record is the provisional result, while the round is open."""
    if game.state != Game.State.PROVISIONAL or not origins.allows(game, origins.ANSWER):
        return False
    if not can(user, Action.ANSWER_RESULT, game):
        return False
    official = official_submission(game)
    return official is None or official.submitted_by_id != getattr(user, "pk", None)


def copy_verdict(game: Game, record: SubmittedRecord) -> None:
    """The game's result, termination, plies, score and record from a verified submission."""
    verdict = record.verdict or {}
    game.result = str(verdict.get("result") or "")
    game.termination = str(verdict.get("termination") or "")
    game.plies = int(verdict.get("plies") or 0)
    score = verdict.get("score")
    game.score = f"{score[0]}-{score[1]}" if isinstance(score, list) and len(score) == 2 else ""
    game.record = record.text
    game.verified_at = timezone.now()


# The locked games a verification's batch read to have no official submission (:func:`none_official`).
_NONE_OFFICIAL: ContextVar[set[int] | None] = ContextVar("none_official", default=None)


@contextmanager
def none_official(game_ids: set[int]) -> Iterator[None]:
    """Inside the block :func:`make_official` writes no other submission of these games (locked by
    the caller, who read that none is official) as no longer official: there is none."""
    token = _NONE_OFFICIAL.set(game_ids)
    try:
        yield
    finally:
        _NONE_OFFICIAL.reset(token)


def make_official(game: Game, record: SubmittedRecord | None, *, saved_by_caller: bool = False) -> None:
    """``record`` becomes the game's one official submission (``None``: no submission is);
    ``saved_by_caller``: the caller saves ``record`` afterwards, and its ``official`` with it."""
    known_none = _NONE_OFFICIAL.get()
    if known_none is not None and game.pk in known_none:
        known_none.discard(game.pk)  # one now is
    else:
        others = game.submissions.filter(official=True)
        if record is not None:
            others = others.exclude(pk=record.pk)
        others.update(official=False)
    if record is not None:
        record.official = True
        if not saved_by_caller:
            SubmittedRecord.objects.filter(pk=record.pk).update(official=True)


def apply_origin_result(game: Game, source: str) -> str:
    """The result just set carried to what the game belongs to (``games.origins.result_set``): ""
    when taken, else the sentence saying why not (yet), a refusal's too (for the submission's note)."""
    try:
        return origins.result_set(game, source)
    except ServiceError as exc:
        return str(exc)


def take_verified(record: SubmittedRecord, game: Game) -> None:
    """What a valid record does to its game's result; sets ``record.note``, ``applied``, ``official``.

    Runs inside the verification's transaction, which has locked ``game`` (:func:`lock_game`: the
    locks are held until it ends, so they are not taken again here); the caller saves ``record``.
    """
    record.game = game
    outcome = str((record.verdict or {}).get("result") or "")
    by_hand = record.kind != SubmittedRecord.Kind.PLAYED
    refused = _refusal(game, by_hand)
    if refused:
        record.note = refused
    elif game.state == Game.State.DECIDED:
        record.note = _("an arbiter decided this game: the result was not changed")
    elif game.state == Game.State.ANNULLED:
        record.note = _("an arbiter annulled this game: the result was not changed")
    elif not outcome:
        record.note = _("the record ends before the game is over: no result to apply")
    elif not game.state:
        copy_verdict(game, record)
        make_official(game, record, saved_by_caller=True)
        official = record.by_official or not by_hand  # played here: official at once
        game.state = Game.State.OFFICIAL if official else Game.State.PROVISIONAL
        game.save()
        if by_hand:
            stop_play(game)
        record.note = apply_origin_result(game, VERIFIED)
        record.applied = record.note == ""
    elif outcome == game.result:
        rested_on_report = rests_on_report(game)
        record.note = same_outcome(game, record)
        if rested_on_report and game.state != Game.State.DISPUTED:
            # the record of a result reported without one: the result now rests on the record
            copy_verdict(game, record)
            make_official(game, record, saved_by_caller=True)
            game.save()
            record.note = _("%(note)s; the game's record replaces the result reported without one") % {
                "note": record.note
            }
    else:
        disputed_by(
            game,
            record,
            _("a later record ends %(new)s; the result is %(old)s") % {"new": outcome, "old": game.result},
        )
        record.note = _(
            "this record ends %(new)s but the game's result is %(old)s: a dispute for the arbiter; "
            "the result stays until the arbiter decides"
        ) % {"new": outcome, "old": game.result}
    kind = SUBMITTED if by_hand else ENDED  # play that ended here: its end, not a submission
    result_changed.send(sender=Game, game=game, kind=kind, actor=record.submitted_by, detail=record.note)


def _refusal(game: Game, by_hand: bool) -> str:
    """Why a verified record leaves the game's result alone: its origin's refusal (a closed round, a
    pairing an arbiter decided), or one by hand for a game played on the service ("" when neither)."""
    try:
        origins.check(game, origins.TAKE)
        if by_hand:
            check_hand_record(game)
    except (ResultFixed, PlayedOnService) as exc:
        return str(exc)
    return ""


def check_hand_record(game: Game) -> None:
    """Refuse (``PlayedOnService``) a record (or a result) submitted by hand for a game whose play on
    the service began or ended: the game is the service's and its record the one play wrote."""
    if not game.on_service:
        return
    if not (game.moves.exists() or game.submissions.filter(kind=SubmittedRecord.Kind.PLAYED).exists()):
        return  # play has not begun here (or a record by hand stopped it before it did)
    if game.finished_at is not None:
        raise PlayedOnService(_("this game was played on the service: its record is the one written there"))
    raise PlayedOnService(_("this game is being played on the service: play it to the end there"))


def stop_play(game: Game, now: datetime | None = None) -> None:
    """Play on the service ends without a record of its own (a record submitted by hand took the game
    before any move was played here, or the round closed on an official's result): the game takes
    no more moves and its clock stops."""
    if game.on_service and game.finished_at is None:
        game.finished_at = now or timezone.now()
        game.turn_started = None
        game.save(update_fields=["finished_at", "turn_started"])


def rests_on_report(game: Game) -> bool:
    """The game's official submission is a result reported without a record."""
    official = official_submission(game)
    return official is not None and official.kind == SubmittedRecord.Kind.RESULT


def same_outcome(game: Game, record: SubmittedRecord) -> str:
    """A later valid record (or result report) agreeing with the result: an official's makes it
    official, the opponent's confirms it, anyone else's changes nothing."""
    if game.state == Game.State.PROVISIONAL:
        if record.by_official:
            game.state = Game.State.OFFICIAL
            game.save(update_fields=["state"])
            return _("an official's record with the same result: the result is official")
        official = official_submission(game)
        uid = record.submitted_by_id
        if can(record.submitted_by, Action.ANSWER_RESULT, game) and (
            official is None or official.submitted_by_id != uid
        ):
            _confirm(game, record.submitted_by)
            return _("the same result from the opponent: it counts as a confirmation")
    return _("the same result as the game's: nothing changes")


def _confirm(game: Game, user: object) -> None:
    game.state = Game.State.CONFIRMED
    game.confirmed_by = user  # type: ignore[assignment]
    game.confirmed_at = timezone.now()
    game.save(update_fields=["state", "confirmed_by", "confirmed_at"])


def _check_answer(game: Game, user: object) -> None:
    """Refuse a confirmation or dispute from anyone but the opponent, or when there is nothing to answer."""
    origins.check(game, origins.ANSWER)  # ResultFixed: a closed round
    require(user, Action.ANSWER_RESULT, game)
    if game.state != Game.State.PROVISIONAL:
        raise GameServiceError(
            _("there is no provisional result to answer: the game's state is “%(state)s”")
            % {"state": game.get_state_display()}
        )
    official = official_submission(game)
    if official is not None and official.submitted_by_id == getattr(user, "pk", None):
        raise PermissionRefused(
            Action.ANSWER_RESULT, _("you submitted this result: your opponent confirms or disputes it")
        )


def confirm(game: Game, user: object) -> Game:
    """The opponent accepts the provisional result: it is confirmed."""
    with transaction.atomic():
        game = lock_game(game.pk)
        _check_answer(game, user)
        _confirm(game, user)
        result_changed.send(sender=Game, game=game, kind=CONFIRMED, actor=user, detail="")
        return game


def dispute(game: Game, user: object, reason: str) -> Dispute:
    """The opponent objects to the provisional result, with a reason: the arbiter decides."""
    reason = (reason or "").strip()
    with transaction.atomic():
        game = lock_game(game.pk)
        _check_answer(game, user)
        if not reason:
            raise GameServiceError(_("say why you dispute the result"))
        if len(reason) > MAX_REASON_CHARS:
            raise GameServiceError(
                _("the reason is longer than %(limit)s characters") % {"limit": MAX_REASON_CHARS}
            )
        opened = Dispute.objects.create(game=game, opened_by=user, reason=reason)
        game.state = Game.State.DISPUTED
        game.save(update_fields=["state"])
        result_changed.send(sender=Game, game=game, kind=DISPUTED, actor=user, detail=reason)
        return opened


def disputed_by(game: Game, submission: SubmittedRecord, reason: str) -> Dispute:
    """A later submission (a record or a report) that disagrees with the game's result: a dispute
    opened by its sender, the game disputed until an arbiter decides."""
    dispute = Dispute.objects.create(
        game=game, opened_by=submission.submitted_by, submission=submission, reason=reason
    )
    game.state = Game.State.DISPUTED
    game.save(update_fields=["state"])
    return dispute
