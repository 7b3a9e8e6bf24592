"""The second step of a game's end on the service: its result carried to what it rests on.

An end (``games.play.service``) has two steps. The first (``games.play.service._close``) makes the game over: its
clock stopped, its result and termination set, its ``end`` told. The second, here (:func:`carry`),
writes what the result rests on and tells whoever must know: the record of the moves played is kept
as the submission of kind ``played`` and taken like a verified one (``games.records.confirmation.take_verified``:
official at once, carried by the game's origin to its pairing, the origin's refusals kept, a closed
round's, an arbiter's decision's; ``games.signals.result_changed``: the notices, a casual game's
ratings), and its verification is queued after commit (it changes no result).

The rules at home here:

* a move ending the game, a resignation, a draw agreed, or a loss on time found by a move or a read
  take both steps in one transaction, under the locks of the game's origin (``games.play.service._end``);
* the flags falling together (``games.play.flags``) take the first step for many games at once under the
  games' own locks only (``games.play.service.end_on_time``), so the watchers' ``end`` waits on no round's
  lock, and mark each game with what is left to do (``Game.to_carry``: the database remembers it, not
  the queue); the second follows after commit, a task a batch (``games.carry``:
  :func:`carry_marked`, idempotent: a game whose mark is gone is left alone), the sweep
  (``games.play.clock_sweep``) carrying any game left marked (:func:`marked`);
* a result not taken (refused by the origin meanwhile) leaves the game without one, as a game whose
  result was refused when it ended (its played record says why).
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction

from accounts import notices
from accounts.errors import ServiceError
from arbiter import registry
from arbiter.errors import ArbiterError
from arbiter.records import Ending, judge_ending, read_ending
from arbiter.verdict import Result
from common.locking import retry_on_conflict
from common.sweep import enqueue_on_commit
from games import origins
from games.models import Game, SubmittedRecord
from games.play.endings import FORFEIT
from games.records import confirmation
from games.records.confirmation import lock_game
from games.records.writer import record_of

logger = logging.getLogger(__name__)


def judged(game: Game, ending: Ending) -> tuple[Result | None, str]:
    """The result and termination of the game ended so, judged from the arbiter's status of its
    position (the record contract's :func:`~arbiter.records.judge_ending`)."""
    status = registry.status(game.position)
    natural = None if status.result is None else (status.result, status.termination or "")
    result, termination = judge_ending(ending, status.to_move or 0, natural)
    return result, str(termination)


def carry(game: Game, ending: Ending, actor: object, judged: tuple[Result | None, str]) -> None:
    """On the locked ``game`` (``games.records.confirmation.lock_game``: its origin's rows above it locked
    too) whose play ended so (``judged``: its result and termination, ``games.play.carrying.judged``): the
    record, an export of the stored moves, kept as the played submission the result rests on and
    taken like a verified one (its origin learns of it now); its verification queued after commit.
    The game is saved, its mark cleared."""
    result, termination = judged
    verified_at = game.verified_at  # the result taken sets it and saves the game
    verdict: dict[str, object] = {
        "valid": True,
        "game": game.game,
        "result": None if result is None else str(result),
        "termination": termination,
        "plies": game.moves.count(),
        "error": None,
    }
    score = registry.status(game.position).score
    if score is not None:
        verdict["score"] = list(score)
    record = SubmittedRecord.objects.create(
        game=game,
        kind=SubmittedRecord.Kind.PLAYED,
        submitted_by=actor,  # type: ignore[misc]
        by_official=False,
        text=record_of(game, ending),
        verdict=verdict,
    )
    game.to_carry = ""
    confirmation.take_verified(record, game)
    if game.verified_at is verified_at:  # the result was not taken (a closed round, a decided game…)
        if not game.state:  # nor set by anyone: the game has none (its first step's, refused since)
            game.result = game.termination = ""
        game.save()
    record.save(update_fields=["note", "applied", "official"])
    from games.records.tasks import verify_record_task  # Celery loaded by what queues, not by every import

    enqueue_on_commit(verify_record_task, record.pk)


def carry_forfeit(game: Game) -> None:
    """On the locked ``game`` lost by forfeit (``games.play.forfeit_now``: no first move within its
    window): its result official and carried to its origin (a forfeit at the pairing: unrated), its
    players and officials told (``result_changed``, ``ended``); a refusal by the origin (a closed
    round) leaves the game over without a result, as a refused end's."""
    from games.signals import ENDED, result_changed

    game.to_carry = ""
    game.state = Game.State.OFFICIAL
    try:
        with transaction.atomic():
            game.save(update_fields=["to_carry", "state"])
            origins.result_set(game, FORFEIT)
    except ServiceError:
        logger.warning("the forfeit of game %s was refused by its origin", game.pk, exc_info=True)
        game.result = game.termination = game.state = ""
        game.save(update_fields=["to_carry", "state", "result", "termination"])
        return
    result_changed.send(sender=Game, game=game, kind=ENDED, actor=None, detail="")


@retry_on_conflict
def carry_marked(game_id: int) -> bool:
    """The second step of the game's end on time, when it is still marked to be carried
    (``Game.to_carry``), in its own transaction under its origin's locks; whether it was."""
    with transaction.atomic():
        game = lock_game(game_id)
        if not game.to_carry or game.finished_at is None:
            return False
        if game.to_carry == FORFEIT:  # no first move within its window (games.play.forfeit_now)
            carry_forfeit(game)
            return True
        ending = read_ending(game.to_carry.split())
        carry(game, ending, None, judged(game, ending))
        return True


def carry_all(game_ids: list[int]) -> list[int]:
    """:func:`carry_marked` for each of ``game_ids``, in order; the ones carried now. A game refused
    by a rule is logged and left marked (the sweep tries it again), the others carried; a database
    error stops the run (its task is retried). Their notices are delivered together, once, after."""
    carried = []
    with notices.together():
        for game_id in game_ids:
            try:
                if carry_marked(game_id):
                    carried.append(game_id)
            except (ServiceError, ArbiterError):
                logger.warning(
                    "the result of game %s could not be carried; the sweep will", game_id, exc_info=True
                )
    return carried


def marked(before: datetime | None = None) -> list[int]:
    """The games still marked to be carried (ended before ``before``, when given), by id."""
    games = Game.objects.exclude(to_carry="")
    if before is not None:
        games = games.filter(finished_at__lt=before)
    return list(games.order_by("pk").values_list("pk", flat=True))
