"""Submitting game records and verifying them with the arbiter: the only bridge to ``arbiter``.

The rules at home here: who may submit (``accounts.policy``: the two players and the event's officials), what a
submission records (who, when, from which address, the text, the arbiter's verdict), that every
submission is kept and never overwritten, and that the same text submitted again for the same game
is recognised instead of stored twice. What a valid record then does to the game's result lives in
``games.records.confirmation``.
"""

from __future__ import annotations

import ipaddress
import logging

from billiard.exceptions import SoftTimeLimitExceeded  # what celery.exceptions re-exports, without Celery
from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.policy import Action, Permissions
from arbiter import registry
from arbiter.errors import ArbiterError, InvalidRecordError, gettext_noop
from arbiter.verdict import Verdict
from common.locking import locked, retry_on_conflict
from common.sweep import enqueue_on_commit
from games import options as game_options
from games import origins
from games.errors import GameServiceError
from games.models import Game, SubmittedRecord
from games.records import confirmation

__all__ = ["GameServiceError", "games_of", "submit_record", "verify_record"]

logger = logging.getLogger(__name__)

MAX_RECORD_CHARS = 200_000

# What a verification writes of a submission (its text is never written again).
VERDICT_FIELDS = [
    "status",
    "verdict",
    "error_ply",
    "error_move",
    "error_reason",
    "note",
    "applied",
    "official",
]


def games_of(holder: object) -> list[Game]:
    """The games of what holds them (an event's pairing: game 2 of a match has the colours swapped),
    created on first use (``games.origins.Origin.games``)."""
    return origins.holder_of(holder).games(holder)


def locked_game(holder: object, number: int) -> Game:
    """Game ``number`` (from 1) of the holder (a pairing), its row locked; refused when there is no
    such game."""
    games = games_of(holder)
    if not 1 <= number <= len(games):
        raise GameServiceError(
            _("this pairing has %(count)s game(s); there is no game %(number)s")
            % {"count": len(games), "number": number}
        )
    return confirmation.lock_game(games[number - 1])


def normalise_record(text: str) -> str:
    """The text as stored and compared: ``\n`` line endings, no whitespace at either end."""
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def _address(value: str | None) -> str | None:
    """A well-formed IP address, else nothing (what the web server passed is not trusted blindly)."""
    try:
        return str(ipaddress.ip_address((value or "").strip()))
    except ValueError:
        return None


def submit_record(
    pairing: object, user: object, text: str, number: int = 1, address: str | None = None
) -> SubmittedRecord:
    """Store a record for game ``number`` of what holds games (a pairing) and enqueue its
    verification; refused while the holder takes no submission (``games.origins.Origin.reopen``:
    ``SubmissionsClosed``) or the game is played on the service (``PlayedOnService``).

    The same text already submitted for that game is not stored again: the earlier submission is
    returned with ``repeated`` set (and, from the opponent of a provisional result it made, taken as
    the confirmation it is).
    """
    permissions = Permissions(user, pairing)  # the user's roles over the pairing read once
    permissions.require(Action.SUBMIT_RECORD)
    text = normalise_record(text)
    if not text:
        raise GameServiceError(_("the record is empty"))
    if len(text) > MAX_RECORD_CHARS:
        raise GameServiceError(
            _("the record is longer than %(limit)s characters") % {"limit": MAX_RECORD_CHARS}
        )
    if "\x00" in text:
        raise GameServiceError(_("the record contains a NUL character (\\x00): it is not a text file"))
    with transaction.atomic():
        pairing = origins.holder_of(pairing).reopen(pairing, report=False)
        game = locked_game(pairing, number)
        confirmation.check_hand_record(game)
        known = game.submissions.filter(text=text).order_by("submitted_at", "pk").first()
        if known is not None:
            known.repeated = True
            if known.official and confirmation.can_answer(game, user):
                confirmation.confirm(game, user)
            return known
        record = SubmittedRecord.objects.create(
            game=game,
            submitted_by=user,
            submitted_from=_address(address),
            by_official=permissions.can(Action.MANAGE_EVENT),
            text=text,
        )
        from games.records.tasks import (
            verify_record_task,  # Celery loaded by what queues, not by every import
        )

        enqueue_on_commit(verify_record_task, record.pk)
    return record


def _names(player: object) -> set[str]:
    return {str(getattr(player, "display_name", "")).lower(), str(getattr(player, "handle", "")).lower()}


@retry_on_conflict
def verify_record(record_id: int) -> SubmittedRecord:
    """Replay a submitted record with the arbiter and apply its result. Idempotent.

    The replay runs with no lock held (a long record delays nobody); then the round, pairing, game
    and submission are locked, in the order every change of a game takes, only to write the verdict.
    """
    # with its game and what is above the game (an event's pairing: what the verification locks)
    record = origins.with_place(SubmittedRecord.objects.select_related("game"), via="game__").get(
        pk=record_id
    )
    if record.status != SubmittedRecord.Status.PENDING:
        return record
    replayed = _replay(record.text, record.game.game)
    with transaction.atomic():
        game = confirmation.lock_game(record.game)
        # with its submitter and his player, whom the notice of the result names
        record = locked(SubmittedRecord.objects.select_related("submitted_by__player")).get(pk=record_id)
        if record.status != SubmittedRecord.Status.PENDING:
            return record
        record.game = game
        from_play = _taken_at_play(record)
        played = (record.verdict or {}).get("result") if from_play else None
        _judge(record, game, replayed, from_play, played)
        if from_play and record.status == SubmittedRecord.Status.INVALID:
            logger.error(
                "the record played on the service (submission %s) does not verify: %s",
                record.pk,
                record.error_reason,
            )
        return record


def _judge(
    record: SubmittedRecord, game: Game, replayed: Verdict | ArbiterError, from_play: bool, played: object
) -> None:
    """Write the verdict on the locked submission, and take a valid one's result (not that of a
    record play wrote, ``from_play``, whose result ``played`` the game took when play ended)."""
    if isinstance(replayed, ArbiterError):
        record.status = SubmittedRecord.Status.INVALID
        record.error_reason = replayed.reason
        record.verdict = {"valid": False, "error": replayed.to_json()}  # its template and params
        record.error_ply, record.error_move = replayed.ply, replayed.move or ""
        record.save(update_fields=VERDICT_FIELDS)
        return
    verdict = replayed
    record.verdict = verdict.to_json()
    if not verdict.valid:
        assert verdict.error is not None
        record.status = SubmittedRecord.Status.INVALID
        record.error_ply = verdict.error.ply
        record.error_move = verdict.error.move or ""
        record.error_reason = verdict.error.reason
        record.save(update_fields=VERDICT_FIELDS)
        return
    refusal = _other_round(verdict.tags.get("Round", ""), game)
    if refusal:
        record.status = SubmittedRecord.Status.INVALID
        record.error_reason = refusal
        record.save(update_fields=VERDICT_FIELDS)
        return
    for colour, player in (("White", game.white), ("Black", game.black)):
        written = verdict.tags.get(colour, "").strip()
        if written and written.lower() not in _names(player) and written not in ("?", "-"):
            record.status = SubmittedRecord.Status.INVALID
            record.error_reason = _(
                "the record names “%(written)s” as %(colour)s, but this game's %(colour)s is %(player)s"
            ) % {"written": written, "colour": colour, "player": player}
            record.save(update_fields=VERDICT_FIELDS)
            return
    other_start = game_options.record_refusal(game.game, game.options, verdict.tags)
    if other_start is not None:  # its event's start options, not the record's (P-27)
        record.status = SubmittedRecord.Status.INVALID
        record.verdict = {**record.verdict, "valid": False, "error": other_start.to_json()}
        record.error_reason = other_start.reason
        record.save(update_fields=VERDICT_FIELDS)
        return
    record.status = SubmittedRecord.Status.VALID
    if from_play:
        _check_played(record, verdict, played)
    else:
        confirmation.take_verified(record, game)
    record.save(update_fields=VERDICT_FIELDS)


def _taken_at_play(record: SubmittedRecord) -> bool:
    """A game's record written by play on the service whose result the game took when play ended
    (``games.play.service``): its verification checks the export and changes no result."""
    return record.kind == SubmittedRecord.Kind.PLAYED and record.verdict is not None


def _check_played(record: SubmittedRecord, verdict: Verdict, played: object) -> None:
    """The verified export of a game played on the service: a result other than the one play gave
    (``played``) is the arbiter's own contradiction, logged by the caller (the result stays play's)."""
    if (None if verdict.result is None else str(verdict.result)) != played:
        record.status = SubmittedRecord.Status.INVALID
        record.error_reason = _("the record replays to another result than play gave")


def _other_round(written: str, game: Game) -> str:
    """Why a record whose Round tag names another round than the game's cannot be this game's ("" when
    the tag is absent, not a plain number, or right: "3", "3.1" for board 1 of round 3 both mean 3)."""
    head = written.strip().split(".")[0]
    if not head.isascii() or not head.isdigit() or len(head) > 4:
        return ""
    number = origins.round_number(game)
    if number is None or int(head) == number:
        return ""
    return _("the record is of round %(written)s, but this game is in round %(number)s") % {
        "written": int(head),
        "number": number,
    }


def _replay(text: str, game: str) -> Verdict | ArbiterError:
    """The arbiter's verdict on ``text``, or its refusal; a replay past the task's soft time limit
    is refused as too long to check."""
    own = registry.spec_for(game)
    claimed = [spec for spec in registry.specs() if spec.load_engine().claims_record(text)]
    if claimed and own not in claimed:
        return InvalidRecordError(
            gettext_noop("this is a record of {other}, but this game is {game}"),
            other=claimed[0].name,
            game=own.variant(game).name,
        )
    try:
        return registry.replay(text, game)
    except ArbiterError as exc:
        return exc
    except SoftTimeLimitExceeded:
        limit = settings.VERIFY_TIME_LIMIT
        return ArbiterError(
            _("the record took longer than %(limit)s seconds to check and was not verified")
            % {"limit": limit}
        )
