"""A round's pairings become public (a round robin's when they are stored, it has no draft; a Swiss
round's when it is published, ``tournaments.pairing.edits.publish_round``): the games of a round
played on the service are created then, ready to play (:func:`create_round_games`, called inside
the transaction that holds the round's lock; the games are created by the pairing origin,
``tournaments.results.game_creation``).
"""

from __future__ import annotations

from games.records.services import games_of
from tournaments.models import PlayMode, Round
from tournaments.rounds import play_mode


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
