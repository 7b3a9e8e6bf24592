"""A round's pairings become public (a round robin's when they are stored, it has no draft; a Swiss
round's when it is published, ``tournaments.pairing.edits.publish_round``): :func:`make_public`,
called inside the transaction that holds the round's lock, sets when its games start
(``tournaments.starts``), creates the games of a round played on the service, ready to play
(:func:`create_round_games`; the games are created by the pairing origin,
``tournaments.results.game_creation``), tells its players (``tournaments.telling.notices``) and the
event's webhooks (``round.published``).
"""

from __future__ import annotations

from django.utils import timezone

from games.records.services import games_of
from tournaments.models import PlayMode, Round
from tournaments.rounds import play_mode, time_control
from tournaments.starts import grace_of, start_of
from tournaments.telling import notices, webhooks


def make_public(round_: Round) -> None:
    """The locked ``round_``'s pairings are public now: its start, its games, its players told."""
    round_.starts_at = start_of(round_, timezone.now())
    Round.objects.filter(pk=round_.pk).update(starts_at=round_.starts_at)
    create_round_games(round_)
    event = round_.event
    grace = grace_of(event, time_control(round_)) if play_mode(round_) == PlayMode.SERVICE else None
    notices.round_published(round_, grace)
    webhooks.emit(event, webhooks.ROUND_PUBLISHED, lambda: webhooks.round_data(round_))


def create_round_games(round_: Round) -> None:
    """The games of a public round played on the service: every pairing's but a bye's or a pairing
    forfeited already."""
    if play_mode(round_) == PlayMode.ELSEWHERE:
        return
    pairings = (
        round_.pairings.filter(black__isnull=False, white_score=None)  # no bye, nothing forfeited
        .select_related("round__event", "white__player", "black__player")
        .order_by("board")
    )
    for pairing in pairings:
        games_of(pairing)
