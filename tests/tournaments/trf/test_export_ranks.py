"""Record 001's rank in an exported TRF file is the event's standings order, tie-breaks included.

Worked by hand: a 4-player round robin (Ann 1, Bob 2, Cid 3, Dan 4 by rating) with the
tie-break DE (direct encounter, C.07). Bob beats Ann, Ann beats Cid and Dan, Cid beats Bob, Bob
beats Dan, Dan beats Cid. Points: Ann 2, Bob 2, Cid 1, Dan 1. Ann and Bob are tied; Bob won their
game, so Bob is 1st and Ann 2nd. Cid and Dan are tied; Dan won theirs: Dan 3rd, Cid 4th. Ranking by
points alone would give Ann and Bob rank 1 and Cid and Dan rank 3.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.conftest import make_event, next_round, start
from tournaments.models import Event
from tournaments.results import services as result_services
from tournaments.trf.format import parse_trf
from tournaments.trf.io import export_event, export_event_text

pytestmark = pytest.mark.django_db

WINNER = {
    frozenset({"Ann", "Bob"}): "Bob",
    frozenset({"Ann", "Cid"}): "Ann",
    frozenset({"Ann", "Dan"}): "Ann",
    frozenset({"Bob", "Cid"}): "Cid",
    frozenset({"Bob", "Dan"}): "Bob",
    frozenset({"Cid", "Dan"}): "Dan",
}


def play(event: Event, organiser: User, commit: Callable[..., Any]) -> None:
    round_ = start(event, organiser)
    while True:
        for pairing in round_.pairings.exclude(black=None).select_related("white__player", "black__player"):
            white, black = pairing.white.player.display_name, pairing.black.player.display_name  # type: ignore[union-attr]
            code = "1-0" if WINNER[frozenset({white, black})] == white else "0-1"
            result_services.record_result(pairing, organiser, code)
        commit(result_services.close_round, round_, organiser)
        event.refresh_from_db()
        if round_.number == event.rounds:
            return
        round_ = next_round(event, organiser)


def test_exported_ranks_follow_the_standings_with_tie_breaks(
    organiser: User, commit: Callable[..., Any]
) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600", tie_breaks=["DE"])
    play(event, organiser, commit)
    assert event.standings.filter(after_round=3).count() == 4  # the stored standings
    document = export_event(event)
    ranks = {player.name: (player.number, player.points, player.rank) for player in document.players}
    # points in half-points
    assert ranks == {"Ann": (1, 4, 2), "Bob": (2, 4, 1), "Cid": (3, 2, 4), "Dan": (4, 2, 3)}
    # and so in the file's columns 86-89, read back
    again = parse_trf(export_event_text(event))
    assert {p.name: p.rank for p in again.players} == {"Ann": 2, "Bob": 1, "Cid": 4, "Dan": 3}
