"""The round page and the arbiter's queue follow their games live (``tournaments.results.following``,
static/js/follow.js): each names one stream of the games of its rounds still in play on the
service, and the page stops naming it once they have ended. Under the test client (a WSGI server)
the stream answers 204, which tells the page to ask again every few seconds instead; who may open
the queue's stream is who may open the queue. The browser side: tests/browser/test_following_in_a_browser.py.

Round 1 of a 4-player round robin, unrated players by name: Ann-Dan on board 1, Bob-Cid on board 2
(tests/tournaments/results/test_rounds_on_service.py); a resignation is the loss of the player to move.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.live import game_events
from games.play import service
from tests.conftest import make_event, start
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts

pytestmark = pytest.mark.django_db


def test_the_round_page_and_the_queue_follow_the_games_in_play(
    organiser: User, stranger: User, django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(organiser, "", name="Live night", game="gipf-standard", play_mode="service")
    users = players_with_accounts(event, organiser, ["Ann", "Bob", "Cid", "Dan"])
    round_ = start(event, organiser)
    first, second = games_of_round(round_)
    round_url = f"/events/{event.slug}/rounds/1/"
    queue_url = f"/games/events/{event.slug}/queue/"
    stream = f"{round_url}events/"
    queue_stream = f"{queue_url}events/"

    anyone = Client()
    page = anyone.get(round_url).content.decode()
    assert f'data-follow-url="{stream}"' in page and "js/follow.js" in page
    # the stream starts after the last event each game has stored: none yet
    assert f'data-follow-from="{game_events.resume_id_of([first.pk, second.pk])}"' in page
    assert anyone.get(stream).status_code == 204  # no stream under WSGI: the page asks again instead

    officials = Client()
    officials.force_login(organiser)
    queue = officials.get(queue_url).content.decode()
    assert f'data-follow-url="{queue_stream}"' in queue
    assert officials.get(queue_stream).status_code == 204
    nosy = Client()
    nosy.force_login(stranger)
    assert nosy.get(queue_stream).status_code == 403  # as the queue itself
    assert anyone.get(queue_stream).status_code == 302  # sign in first

    with django_capture_on_commit_callbacks(execute=True):
        service.resign(first, users["Ann"])  # White to move at ply 0
    page = anyone.get(round_url).content.decode()
    assert "data-follow-url" in page  # board 2 is still in play
    with django_capture_on_commit_callbacks(execute=True):
        service.resign(second, users["Bob"])
    page = anyone.get(round_url).content.decode()
    assert "data-follow-url" not in page and "js/follow.js" not in page
    assert "data-follow-url" not in officials.get(queue_url).content.decode()
    assert anyone.get(stream).status_code == 204  # nothing left to follow
