"""Submitting game records and verifying them with the arbiter: the only bridge to ``arbiter``."""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from arbiter import registry
from arbiter.errors import ArbiterError
from games.models import Game, SubmittedRecord
from games.tasks import verify_record_task
from tournaments.errors import ServiceError
from tournaments.models import Pairing, Round
from tournaments.results.services import apply_result

logger = logging.getLogger(__name__)

MAX_RECORD_CHARS = 200_000


class GameServiceError(ServiceError):
    """A submission that cannot be taken; the message is for the user."""


def games_of(pairing: Pairing) -> list[Game]:
    """The pairing's games, created on first use (game 2 of a match has the colours swapped)."""
    if pairing.black_id is None:
        raise GameServiceError("a bye has no games")
    event = pairing.round.event
    games = []
    for number in range(1, event.games_per_pairing + 1):
        white, black = pairing.white.player, pairing.black.player  # type: ignore[union-attr]
        if number == 2:
            white, black = black, white
        game, _ = Game.objects.get_or_create(
            pairing=pairing, number=number, defaults={"game": event.game, "white": white, "black": black}
        )
        games.append(game)
    return games


def can_submit(pairing: Pairing, user: object) -> bool:
    """The two players of the pairing (through their accounts) and the event's managers."""
    if pairing.round.event.can_manage(user):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    players = [pairing.white.player.user_id, pairing.black.player.user_id if pairing.black else None]
    return getattr(user, "pk", None) in players


def submit_record(pairing: Pairing, user: object, text: str, number: int = 1) -> SubmittedRecord:
    """Store a record for game ``number`` of a pairing and enqueue its verification."""
    if not can_submit(pairing, user):
        raise PermissionDenied(
            "only the two players and the event's organisers and arbiters may submit records"
        )
    text = text.replace("\r\n", "\n").strip()
    if not text:
        raise GameServiceError("the record is empty")
    if len(text) > MAX_RECORD_CHARS:
        raise GameServiceError(f"the record is longer than {MAX_RECORD_CHARS} characters")
    with transaction.atomic():
        pairing = Pairing.objects.select_related("round__event", "white__player", "black__player").get(
            pk=pairing.pk
        )
        if pairing.round.status == Round.Status.CLOSED:
            raise GameServiceError(f"round {pairing.round.number} is closed: ask an arbiter")
        games = games_of(pairing)
        if not 1 <= number <= len(games):
            raise GameServiceError(f"this pairing has {len(games)} game(s); there is no game {number}")
        record = SubmittedRecord.objects.create(game=games[number - 1], submitted_by=user, text=text)
    verify_record_task.delay_on_commit(record.pk)
    return record


def _names(player: object) -> set[str]:
    return {str(getattr(player, "display_name", "")).lower(), str(getattr(player, "handle", "")).lower()}


def verify_record(record_id: int) -> SubmittedRecord:
    """Replay a submitted record with the arbiter and apply its result. Idempotent."""
    with transaction.atomic():
        record = (
            SubmittedRecord.objects.select_for_update()
            .select_related("game__pairing__round__event", "game__white", "game__black")
            .get(pk=record_id)
        )
        if record.status != SubmittedRecord.Status.PENDING:
            return record
        game = record.game
        try:
            verdict = registry.replay(record.text, game.game)
        except ArbiterError as exc:
            record.status = SubmittedRecord.Status.INVALID
            record.error_reason = exc.reason
            record.error_ply, record.error_move = exc.ply, exc.move or ""
            record.save()
            return record
        record.verdict = verdict.to_json()
        if not verdict.valid:
            assert verdict.error is not None
            record.status = SubmittedRecord.Status.INVALID
            record.error_ply = verdict.error.ply
            record.error_move = verdict.error.move or ""
            record.error_reason = verdict.error.reason
            record.save()
            return record
        for colour, player in (("White", game.white), ("Black", game.black)):
            written = verdict.tags.get(colour, "").strip()
            if written and written.lower() not in _names(player) and written not in ("?", "-"):
                record.status = SubmittedRecord.Status.INVALID
                record.error_reason = (
                    f"the record names {written!r} as {colour}, but this game's {colour} is {player}"
                )
                record.save()
                return record
        record.status = SubmittedRecord.Status.VALID
        game.result = verdict.result or ""
        game.termination = verdict.termination or ""
        game.plies = verdict.plies
        game.score = f"{verdict.score[0]}-{verdict.score[1]}" if verdict.score else ""
        game.record = record.text
        game.verified_at = timezone.now()
        game.save()
        record.note = _apply_pairing_result(game)
        record.applied = record.note == ""
        record.save()
        return record


def _apply_pairing_result(game: Game) -> str:
    """When every game of the pairing has a verified result, it becomes the pairing's result."""
    if not game.result:
        return "the record ends before the game is over: no result to apply"
    pairing = game.pairing
    if pairing.round.status == Round.Status.CLOSED:
        return "the round is closed: the result was not changed"
    if pairing.source == Pairing.Source.ARBITER:
        return "an arbiter decided this pairing: the result was not changed"
    games = list(pairing.games.order_by("number"))
    if len(games) < pairing.round.event.games_per_pairing or any(not g.result for g in games):
        return "waiting for the other game of the match"
    try:
        apply_result(pairing, [g.result for g in games], Pairing.Source.VERIFIED)
    except ServiceError as exc:
        return str(exc)
    return ""


def demo_play(pairing: Pairing, user: object, seed: int) -> None:
    """Play random legal games for a pairing and submit them (demo data)."""
    for game in games_of(pairing):
        tags = {
            "Event": pairing.round.event.name,
            "Round": str(pairing.round.number),
            "White": game.white.display_name,
            "Black": game.black.display_name,
        }
        text = registry.random_record(game.game, seed + game.number, tags)
        submit_record(pairing, user, text, game.number)
