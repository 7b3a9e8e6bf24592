"""The arbiter's powers over a game played on the service: give time, adjudicate, annul.

The rules at home here:

* who may: ``accounts.policy`` (:data:`~accounts.policy.Action.GIVE_TIME`,
  :data:`~accounts.policy.Action.DECIDE_RESULT` for an adjudication,
  :data:`~accounts.policy.Action.ANNUL_GAME`): the officials of the game's origin (an event's
  organisers and arbiters), a superuser for a game outside events;
* time is given to one player of a game still in play with a clock, at most :data:`MAX_GIFT` at
  once: it is added to what he has left (his running clock too), and logged
  (:class:`~games.models.TimeGiven`);
* an adjudication ends the game with a played result and a written reason through the arbiter's
  decision (``games.records.decisions.decide``, kind adjudication): a game still in play stops first (its
  clock stopped, its moves so far its record); the result enters confirmation's final state, the
  event's pairing, standings and ratings like any decision;
* an annulment ends a game still in play with no result: it takes no more moves, is unrated
  (``Game.rated`` false, state ``annulled``) and logged as a :class:`~games.models.Decision` of kind
  annulment with its reason; nothing is carried to the pairing: a pairing's result is then the
  arbiter's to set on the event's round (a replay, forfeits, a result), and its annulled game
  stays out of every rating list (``tournaments.ratings.services.unrated_games``);
* each locks the game's row, refuses where the game's origin refuses a decision (a closed round),
  and stores nothing when refused;
* each tells the game's live streams once it commits, as a move does (``games.live.game_events``): ``clock``
  for time given, ``end`` for an adjudication or an annulment, so the players' pages update at once.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.policy import Action, require
from common.locking import retry_on_conflict
from games import origins
from games.errors import GameServiceError, ResultFixed
from games.models import Decision, Game, TimeGiven
from games.play import announcements, errors, service, state
from games.records import decisions
from games.records.confirmation import MAX_REASON_CHARS, lock_game
from games.signals import ANNULLED, result_changed

MAX_GIFT = timedelta(days=30)


def _reason(reason: str, required: bool) -> str:
    reason = (reason or "").strip()
    if len(reason) > MAX_REASON_CHARS:
        raise GameServiceError(
            _("the reason is longer than %(limit)s characters") % {"limit": MAX_REASON_CHARS}
        )
    if required and not reason:
        raise GameServiceError(_("give the reason for your decision"))
    return reason


def _in_play(game: Game) -> None:
    """Refuse unless the locked game is played on the service and still in play."""
    if not game.on_service:
        raise errors.PlayConflict(_("this game is not played on the service"))
    if game.finished_at is not None:
        raise errors.GameOver(_("play of this game has ended"), ply=state.ply_of(game))
    try:
        origins.check(game, origins.DECIDE)
    except ResultFixed as exc:  # a closed round: a conflict with the game's state
        raise errors.PlayConflict(str(exc)) from exc


@retry_on_conflict
def give_time(game: Game, user: object, side: int, amount: timedelta, reason: str = "") -> TimeGiven:
    """Add ``amount`` to the clock of the game's player ``side`` (0 White, 1 Black)."""
    require(user, Action.GIVE_TIME, game)
    reason = _reason(reason, required=False)
    if side not in (0, 1):
        raise GameServiceError(_("give time to White (0) or Black (1)"))
    if amount <= timedelta(0) or amount > MAX_GIFT:
        raise GameServiceError(
            _("give more than no time and at most %(days)s days") % {"days": MAX_GIFT.days}
        )
    with transaction.atomic():
        game = lock_game(game.pk)
        _in_play(game)
        if not game.time_control:
            raise errors.PlayConflict(_("this game has no clock"))
        if side == 0:
            game.white_time = (game.white_time or timedelta(0)) + amount
        else:
            game.black_time = (game.black_time or timedelta(0)) + amount
        game.save(update_fields=["white_time", "black_time"])
        now = timezone.now()
        announcements.announce_clocks(game, now)
        return TimeGiven.objects.create(
            game=game, side=side, amount=amount, given_by=user, given_at=now, reason=reason
        )


@retry_on_conflict
def adjudicate(game: Game, user: object, result: str, reason: str) -> Decision:
    """End the game with ``result`` (a played result) and the written ``reason``: the arbiter's decision."""
    require(user, Action.DECIDE_RESULT, game)
    reason = _reason(reason, required=True)
    with transaction.atomic():
        game = lock_game(game.pk)
        if not game.on_service:
            raise errors.PlayConflict(_("this game is not played on the service"))
        if game.state == Game.State.ANNULLED:
            raise errors.PlayConflict(
                _("the game was annulled: its result is the pairing's, for the arbiter")
            )
        if game.finished_at is None:
            service.stop(game, timezone.now())
        # a refusal there (a result that is not a played one, a closed round) undoes the stop too
        decision = decisions.decide(
            game, user, kind=str(Decision.Kind.ADJUDICATION), result=result, reason=reason
        )
        announcements.announce_end(game, decision.result, announcements.ADJUDICATED)
        return decision


@retry_on_conflict
def annul(game: Game, user: object, reason: str) -> Decision:
    """End the game in play with no result, unrated: it takes no more moves."""
    require(user, Action.ANNUL_GAME, game)
    reason = _reason(reason, required=True)
    with transaction.atomic():
        game = lock_game(game.pk)
        _in_play(game)
        service.stop(game, timezone.now())
        game.result, game.termination, game.score = "", "", ""
        game.rated = False
        game.state = Game.State.ANNULLED
        game.save()
        decision = Decision.objects.create(
            game=game, decided_by=user, kind=Decision.Kind.ANNULMENT, result="", reason=reason
        )
        game.disputes.filter(decision=None).update(decision=decision)
        result_changed.send(sender=Game, game=game, kind=ANNULLED, actor=user, detail=reason)
        announcements.announce_end(game, "", ANNULLED)
        return decision
