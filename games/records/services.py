"""Submitting game records and verifying them with the arbiter: the only bridge to ``arbiter``.

The rules at home here: who may submit (``accounts.policy``: the two players and the event's officials), what a
submission records (who, when, from which address, the text, the arbiter's verdict), that every
submission is kept and never overwritten, and that the same text submitted again for the same game
is recognised instead of stored twice. What a valid record then does to the game's result lives in
``games.records.confirmation``.
"""

from __future__ import annotations

import functools
import ipaddress
import logging

from billiard.exceptions import SoftTimeLimitExceeded  # what celery.exceptions re-exports, without Celery
from django.conf import settings
from django.db import connection, transaction
from django.utils.translation import gettext as _

from accounts import notices
from accounts.policy import Action, Permissions
from arbiter import registry
from arbiter.errors import ArbiterError, InvalidRecordError, gettext_noop
from arbiter.records import reading_once
from arbiter.verdict import Verdict
from common import bulk
from common.locking import locked, retry_on_conflict
from common.prepared import Prepared
from common.sweep import enqueue_on_commit, send
from games import options as game_options
from games import origins
from games.errors import GameServiceError
from games.models import Game, SubmittedRecord
from games.records import confirmation
from games.records.claims import CLAIM_LOCK_CLASS, claimed
from games.signals import together

__all__ = ["CLAIM_LOCK_CLASS", "GameServiceError", "games_of", "submit_record", "verify_record"]

logger = logging.getLogger(__name__)

MAX_RECORD_CHARS = 200_000
VERIFY_BATCH = 50  # records a task verifies in one transaction (verify_pending)

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

# The game's earliest submission of a text, the statement composed once a process.
_KNOWN: Prepared[SubmittedRecord] = Prepared(
    lambda game, text: SubmittedRecord.objects.filter(game_id=game, text=text).order_by("submitted_at", "pk")[
        :1
    ],
    int,
    str,
)


def games_of(holder: object) -> list[Game]:
    """The games of what holds them (an event's pairing: game 2 of a match has the colours swapped),
    created on first use (``games.origins.Origin.games``)."""
    return origins.holder_of(holder).games(holder)


def locked_game(holder: object, number: int) -> Game:
    """Game ``number`` (from 1) of the holder (a pairing), its row locked; refused when there is no
    such game."""
    return confirmation.lock_game(_game_of(holder, number))


def _game_of(holder: object, number: int) -> Game:
    games = games_of(holder)
    if not 1 <= number <= len(games):
        raise GameServiceError(
            _("this pairing has %(count)s game(s); there is no game %(number)s")
            % {"count": len(games), "number": number}
        )
    return games[number - 1]


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
        game = _game_of(pairing, number)
        new = origins.inserted_here(game)  # by this transaction, just now: it has no submission yet
        game = confirmation.lock_game(game)
        confirmation.check_hand_record(game)
        known = None if new else _KNOWN.first(game.pk, text)
        if known is not None:
            known.game = game  # as read through the game's submissions
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
        from games.records import scheduling  # Celery loaded by what queues, not by every import

        # its task, unless one is due that verifies it (a backlog: a message a batch, not a record)
        enqueue_on_commit(scheduling.DUE, record.pk)
    return record


def _names(player: object) -> set[str]:
    return {str(getattr(player, "display_name", "")).lower(), str(getattr(player, "handle", "")).lower()}


def verify_record(record_id: int) -> SubmittedRecord:
    """Replay a submitted record with the arbiter and apply its result. Idempotent.

    The replay runs with no lock held (a long record delays nobody); then the round, pairing, game
    and submission are locked, in the order every change of a game takes, only to write the verdict.
    A record another verification is verifying now is left to it (:func:`verify_records`).
    """
    done = verify_records([record_id])
    return done[record_id] if record_id in done else SubmittedRecord.objects.get(pk=record_id)


def verify_pending(record_id: int, size: int = VERIFY_BATCH) -> str:
    """Verify the record and, with it, up to ``size - 1`` pending records submitted after it that no
    other verification has taken: what the task of each submission does, so that a backlog is
    verified ``size`` records a transaction (one commit, the notices written once) whichever task
    comes first; the tasks of records verified so find them done (one query), and the task of a record
    another task holds leaves it to that one. The record's status after.

    On the scaled setup a task is sent for a submission only when none is due
    (``games.records.scheduling``): the task takes the mark of the one due and starts from the lowest
    record it covers; records left after its batch are armed again, for a free worker process."""
    from games.records import scheduling  # Celery loaded by what queues

    pending = SubmittedRecord.Status.PENDING
    covered = scheduling.taken()  # before the read: a record committed after it sends its own task
    start = record_id if covered is None else min(record_id, covered)
    # the record's status, and the pending records from it (the later ones only: a record that
    # fails holds back no batch of a later task), in one statement composed once a process (most
    # tasks of a backlog find their record verified by another's batch and do nothing else)
    with connection.cursor() as cursor:
        cursor.execute(_pending_after(), [record_id, pending, start, record_id, 2 * size + 1])
        found = cursor.fetchall()
    own = found[0][1] if found and found[0][0] == record_id else None
    if covered is None and own is None:
        raise SubmittedRecord.DoesNotExist(f"no submission {record_id}")
    if covered is None and own != pending:
        return str(own)  # verified already (by another task's batch): nothing to do
    candidates = [pk for pk, status in found if status == pending]
    try:
        done = verify_records(candidates, size, hand_on=scheduling.coalesced()) if candidates else {}
    except Exception:
        if covered is not None:  # the mark back, for this task's retry (or the sweep's take-over)
            scheduling.put_back(start)
        raise
    if own is None:
        raise SubmittedRecord.DoesNotExist(f"no submission {record_id}")
    if record_id in done:
        return str(done[record_id].status)
    return str(SubmittedRecord.objects.values_list("status", flat=True).get(pk=record_id))


@functools.cache
def _pending_after() -> str:
    """The statement of :func:`verify_pending`: the record (first) and the pending records after it."""
    table = connection.ops.quote_name(SubmittedRecord._meta.db_table)
    return (
        f"SELECT id, status FROM {table} WHERE id = %s OR (status = %s AND id >= %s)"
        " ORDER BY CASE WHEN id = %s THEN 0 ELSE 1 END, id LIMIT %s"
    )


def verify_records(
    record_ids: list[int], size: int = VERIFY_BATCH, hand_on: bool = False
) -> dict[int, SubmittedRecord]:
    """Verify the pending records among ``record_ids`` (at most ``size``, in the order given) that no
    other verification holds, in one transaction: each replayed with no lock held, then the games
    and what their origins put above them locked at once (:func:`confirmation.lock_games`: the
    rounds, the pairings, the games, each level in the order of ids), the records locked, and each verdict
    written as one verification alone writes it; the notices of all written once, at the end
    (``games.signals.together``). The records verified (or found verified meanwhile), by id.
    ``hand_on``: the records not taken are armed again (``games.records.scheduling``) before the
    batch is verified, so that a free worker process takes them meanwhile."""
    with claimed(record_ids, size) as batch:
        # the records after the batch, not tried (one another task holds is its holder's)
        rest = record_ids[record_ids.index(batch[-1]) + 1 :] if len(batch) == size else []
        if hand_on and rest:
            from games.records import scheduling  # Celery loaded by what queues

            send(scheduling.DUE, min(rest))
        done: dict[int, SubmittedRecord] = {}
        left: list[int] = []
        failed: Exception | None = None
        try:
            done, left = _verify_claimed(batch)
        except Exception:
            if len(batch) < 2:
                raise
            # one record's failure must not hold the others back: each alone, as before batches
            logger.warning("a batch of %s verifications failed: each alone", len(batch), exc_info=True)
            for record_id in batch:
                try:
                    done |= _verify_claimed([record_id])[0]
                except Exception as exc:  # noqa: BLE001 - the first record's raised below, the others' logged
                    if record_id != record_ids[0]:
                        logger.warning("the verification of submission %s failed", record_id, exc_info=True)
                    else:
                        failed = exc
    # a record held here but left pending by the time limit may have had its own task already,
    # which left it to this one: queued again (a failure is logged; the sweep queues it again later)
    for record_id in left:
        from games.records.tasks import verify_record_task  # Celery loaded by what queues

        send(verify_record_task, record_id)
    if failed is not None:
        raise failed
    return done


def _verify_claimed(record_ids: list[int]) -> tuple[dict[int, SubmittedRecord], list[int]]:
    """The records verified, and those left pending by the time limit (not the first one's)."""
    # with its game and what is above the game (an event's pairing: what the verification locks)
    read = origins.with_place(SubmittedRecord.objects.select_related("game"), via="game__")
    pending = read.filter(pk__in=record_ids, status=SubmittedRecord.Status.PENDING)
    order = {record_id: index for index, record_id in enumerate(record_ids)}
    records = sorted(pending, key=lambda record: order[record.pk])
    replayed: dict[int, Verdict | ArbiterError] = {}
    for record in records:
        try:  # the first replay of the task may be refused as too long; a later one is left pending
            replayed[record.pk] = _replay(record.text, record.game.game, refuse_late=not replayed)
        except SoftTimeLimitExceeded:
            break
    left = [record.pk for record in records if record.pk not in replayed]
    return _write_verdicts([record for record in records if record.pk in replayed], replayed), left


@retry_on_conflict
def _write_verdicts(
    records: list[SubmittedRecord], replayed: dict[int, Verdict | ArbiterError]
) -> dict[int, SubmittedRecord]:
    if not records:
        return {}
    done: dict[int, SubmittedRecord] = {}
    # the batch's notices delivered once, after its commit (accounts.notices.together)
    with transaction.atomic(), together(), notices.together():
        games = confirmation.lock_games([record.game for record in records])
        # with its submitter and his player, whom the notice of the result names
        mine = locked(SubmittedRecord.objects.select_related("submitted_by__player"))
        held = {record.pk: record for record in mine.filter(pk__in=[r.pk for r in records]).order_by("pk")}
        # the games (locked) with an official submission: a record taking another's result makes
        # its earlier one no longer official (confirmation.make_official), the others have none
        none = set(games) - set(
            SubmittedRecord.objects.filter(game_id__in=games, official=True).values_list("game_id", flat=True)
        )
        judged: list[SubmittedRecord] = []  # the verdicts written in one statement (VERDICT_FIELDS)
        for read_before in records:
            record = held[read_before.pk]
            done[record.pk] = record
            if record.status != SubmittedRecord.Status.PENDING:
                continue
            if any(other.game_id == record.game_id for other in judged):
                _write_judged(judged)  # a game's other record: judged after the earlier one is written
            game = record.game = games[record.game_id]
            from_play = _taken_at_play(record)
            played = (record.verdict or {}).get("result") if from_play else None
            with confirmation.none_official(none):
                _judge(record, game, replayed[record.pk], from_play, played)
            judged.append(record)
            if from_play and record.status == SubmittedRecord.Status.INVALID:
                logger.error(
                    "the record played on the service (submission %s) does not verify: %s",
                    record.pk,
                    record.error_reason,
                )
        _write_judged(judged)
    return done


def _write_judged(records: list[SubmittedRecord]) -> None:
    """The verdicts of ``records`` written by one statement (``common.bulk``: a tenth of the CPU of
    ``bulk_update``'s expressions), and the list emptied."""
    bulk.update_each(SubmittedRecord, records, VERDICT_FIELDS)
    records.clear()


def _judge(
    record: SubmittedRecord, game: Game, replayed: Verdict | ArbiterError, from_play: bool, played: object
) -> None:
    """The verdict on the locked submission (the caller writes it: ``VERDICT_FIELDS``), and a valid
    one's result taken (not that of a record play wrote, ``from_play``, whose result ``played`` the
    game took when play ended)."""
    if isinstance(replayed, ArbiterError):
        record.status = SubmittedRecord.Status.INVALID
        record.error_reason = replayed.reason
        record.verdict = {"valid": False, "error": replayed.to_json()}  # its template and params
        record.error_ply, record.error_move = replayed.ply, replayed.move or ""
        return
    verdict = replayed
    record.verdict = verdict.to_json()
    if not verdict.valid:
        assert verdict.error is not None
        record.status = SubmittedRecord.Status.INVALID
        record.error_ply = verdict.error.ply
        record.error_move = verdict.error.move or ""
        record.error_reason = verdict.error.reason
        return
    refusal = _other_round(verdict.tags.get("Round", ""), game)
    if refusal:
        record.status = SubmittedRecord.Status.INVALID
        record.error_reason = refusal
        return
    for colour, player in (("White", game.white), ("Black", game.black)):
        written = verdict.tags.get(colour, "").strip()
        if written and written.lower() not in _names(player) and written not in ("?", "-"):
            record.status = SubmittedRecord.Status.INVALID
            record.error_reason = _(
                "the record names “%(written)s” as %(colour)s, but this game's %(colour)s is %(player)s"
            ) % {"written": written, "colour": colour, "player": player}
            return
    other_start = game_options.record_refusal(game.game, game.options, verdict.tags)
    if other_start is not None:  # its event's start options, not the record's (P-27)
        record.status = SubmittedRecord.Status.INVALID
        record.verdict = {**record.verdict, "valid": False, "error": other_start.to_json()}
        record.error_reason = other_start.reason
        return
    record.status = SubmittedRecord.Status.VALID
    if from_play:
        _check_played(record, verdict, played)
    else:
        confirmation.take_verified(record, game)


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


def _replay(text: str, game: str, refuse_late: bool = True) -> Verdict | ArbiterError:
    """The arbiter's verdict on ``text``, or its refusal; a replay past the task's soft time limit
    is refused as too long to check (``refuse_late``; else the limit is raised: a record replayed
    after others in a batch is left pending for its own task)."""
    own = registry.spec_for(game)
    with reading_once():  # the engines' claims and the replay share one reading of the text
        # the game's own engine asked first: when it claims the record, the others' claims change
        # nothing (a record another engine claims is refused only when its own does not)
        if own.load_engine().claims_record(text):
            return _replayed(text, game, refuse_late)
        claimed = [spec for spec in registry.specs() if spec.load_engine().claims_record(text)]
        if claimed:
            return InvalidRecordError(
                gettext_noop("this is a record of {other}, but this game is {game}"),
                other=claimed[0].name,
                game=own.variant(game).name,
            )
        return _replayed(text, game, refuse_late)


def _replayed(text: str, game: str, refuse_late: bool) -> Verdict | ArbiterError:
    try:
        return registry.replay(text, game)
    except ArbiterError as exc:
        return exc
    except SoftTimeLimitExceeded:
        if not refuse_late:
            raise
        limit = settings.VERIFY_TIME_LIMIT
        return ArbiterError(
            _("the record took longer than %(limit)s seconds to check and was not verified")
            % {"limit": limit}
        )
