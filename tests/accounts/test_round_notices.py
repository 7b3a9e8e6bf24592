"""A round's players told when it becomes public (``tournaments.pairing.round_notices``): a round
played elsewhere tells each player his board, colour and opponent, and the player with the bye his
bye; a round played on the service tells both players their game has begun, linking it.

Round 1 of a 3-player round robin (Berger): 2-3 on board 1, player 1 (Ann, the top seed by name
when unrated) has the bye; of a 2-player Swiss on the service, Ann (top seed) White against Bob.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Notice, Player
from tests.conftest import make_event, make_swiss, start
from tournaments.pairing import edits

pytestmark = pytest.mark.django_db


def _accounts(event: Any) -> None:
    for player in Player.objects.filter(registrations__event=event):
        player.user = User.objects.create_user(player.handle, password=f"pw-{player.handle}-12345")
        player.save(update_fields=["user"])


def told(handle: str) -> list[tuple[str, str, str]]:
    found = Notice.objects.filter(recipient__username=handle).order_by("pk")
    return list(found.values_list("kind", "text", "link"))


def test_a_round_played_elsewhere_tells_boards_colours_and_the_bye(organiser: User, commit: Any) -> None:
    event = make_event(organiser, "Ann\nBob\nCid", name="Club night")
    _accounts(event)
    round_ = commit(start, event, organiser)
    link = f"/events/{event.slug}/rounds/1/"
    assert told("ann") == [("round-published", "Round 1 of Club night is published: you have a bye", link)]
    assert told("bob") == [
        (
            "round-published",
            "Round 1 of Club night is published: you play Bob – Cid on board 1, with White",
            link,
        )
    ]
    assert told("cid") == [
        (
            "round-published",
            "Round 1 of Club night is published: you play Bob – Cid on board 1, with Black",
            link,
        )
    ]
    assert round_.number == 1 and Notice.objects.count() == 3


def test_a_swiss_round_on_the_service_tells_its_games_start_once_published(
    organiser: User, commit: Any
) -> None:
    event = make_swiss(
        organiser, "Ann 1900\nBob 1800", rounds=1, game="dvonn", play_mode="service", time_control="5+3"
    )
    _accounts(event)
    round_ = commit(start, event, organiser)
    assert Notice.objects.count() == 0  # paired, a draft: nobody told yet
    commit(edits.publish_round, round_, organiser)
    game = Player.objects.get(handle="ann").games_as_white.get()
    ((kind, text, link),) = told("ann")
    assert (kind, link) == ("game-start", f"/games/{game.pk}/")
    assert text.startswith(
        "Round 1 of Dutch Open: your game Ann – Bob (board 1) has begun on the service; you have White. "
        "White's first move is due by "
    )
    assert told("bob")[0][1].startswith(
        "Round 1 of Dutch Open: your game Ann – Bob (board 1) has begun on the service; you have Black"
    )
    notice = Notice.objects.get(recipient__username="bob")
    assert notice.params == {"event": event.slug, "round": 1, "board": 1, "colour": "black", "game": game.pk}
