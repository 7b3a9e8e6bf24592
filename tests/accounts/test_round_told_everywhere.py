"""Issue 36 on the embedded default (SQLite, tasks run in the request, e-mail to Django's memory
backend), through the API alone (``tests/accounts/round_scenario.py``): when round 1 of a 6-player
YINSH Swiss played on the service is published, every player has, by the time the publication is
answered, a notice ``round-published`` in his language (his board, colour and opponent, when his
game starts: ``tournaments.telling.notices``), a ``game-start`` and a ``notice`` event stored on
his own stream (what it sends him, or sends when he reconnects), the header's count, and an e-mail
in his language with a working one-click unsubscribe; a forged unsubscribe link is refused.

Expected words are the catalogue's (locale/uk): "ваша партія починається о" is "your game starts at".
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlparse

import pytest
from django.core import mail
from django.test import override_settings
from django_eventstream.models import Event

from accounts.models import NoticePreference, Player
from games.live import player_events
from tests.accounts import round_scenario as scenario
from tests.conftest import CommittingAPIClient

pytestmark = pytest.mark.django_db


class ClientSite:
    """The API through Django's test client, each request's commit run."""

    def __init__(self, capture: Any) -> None:
        self.capture = capture

    def call(
        self, method: str, path: str, body: dict[str, Any] | None = None, token: str = ""
    ) -> tuple[int, Any]:
        client = CommittingAPIClient(self.capture)
        if token:
            client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        answer = (
            getattr(client, method.lower())(path, body, format="json")
            if body is not None
            else getattr(client, method.lower())(path)
        )
        return answer.status_code, answer.json() if answer.content else None


def _once(condition: Any) -> None:
    assert condition()  # the pairing task ran in the request that started the event


@override_settings(NOTICE_EMAILS=True, SITE_URL="http://testserver")
def test_a_published_round_reaches_every_player_on_every_channel(
    django_capture_on_commit_callbacks: Any, client: Any
) -> None:
    site = ClientSite(django_capture_on_commit_callbacks)
    made = scenario.paired_round(site, _once)
    mail.outbox.clear()
    scenario.publish(site, made)
    players = {player.handle: player for player in Player.objects.filter(handle__in=scenario.HANDLES)}
    sent = {message.to[0]: message for message in mail.outbox}
    assert sorted(sent) == sorted(f"{handle}@example.org" for handle in scenario.HANDLES)
    for handle in scenario.HANDLES:
        ukrainian = handle in scenario.UKRAINIAN
        (notice,) = scenario.notices_of(site, made, handle)
        assert notice["kind"] == "round-published" and not notice["read"]
        assert notice["link"] == f"/games/{notice['params']['game']}/"
        assert ("ваша партія починається о" if ukrainian else "your game starts at") in notice["text"]
        # his own stream: the game's start and the notice, stored for it
        stored = Event.objects.filter(channel=player_events.channel_of(players[handle].pk), eid__gt=0)
        heard = {event.type: json.loads(json.loads(event.data)) for event in stored}
        assert heard["game-start"]["game"] == notice["params"]["game"]
        assert (heard["notice"]["notice"], heard["notice"]["unread"]) == (notice["id"], 1)
        # the header's count
        count = site.call("GET", "/api/notices/?unread=true&limit=1", None, made.tokens[handle])[1]["count"]
        assert count == 1
        # the e-mail: in his language, the List-Unsubscribe headers, the same link in the body
        message = sent[f"{handle}@example.org"]
        prefix = "Турніри проєкту GIPF: " if ukrainian else "GIPF project tournaments: "
        assert message.subject.startswith(prefix) and notice["text"] in message.body
        stop = message.extra_headers["List-Unsubscribe"].strip("<>")
        assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert stop in message.body and stop.startswith("http://testserver/accounts/unsubscribe/")
        assert f"http://testserver/games/{notice['params']['game']}/" in message.body
    # Ann unsubscribes from the e-mails of games starting, with the link of hers: one POST
    stop = sent["ann@example.org"].extra_headers["List-Unsubscribe"].strip("<>")
    path = urlparse(stop).path
    asked = client.get(path)
    assert (
        asked.status_code == 200
        and "Stop the e-mails of the kind “A round with your game is published (when it starts)”?"
        in asked.content.decode()
    )
    done = client.post(path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert done.status_code == 200 and 'id="unsubscribed"' in done.content.decode()
    ann = NoticePreference.objects.get(user__username="ann")
    assert (ann.email_off, ann.emails) == (["round-published"], True)
    # a link whose signature was changed is refused, and changes nothing
    forged = path[:-3] + ("A" if path[-3] != "A" else "B") + path[-2:]
    assert client.get(forged).status_code == 400 and client.post(forged).status_code == 400
    bob = NoticePreference.objects.get(user__username="bob")
    assert (bob.email_off, bob.emails) == ([], True)
