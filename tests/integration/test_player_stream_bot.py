"""Two bots play a whole correspondence game from their player streams alone (``games.live.player_events``),
through uvicorn on PostgreSQL: no request of theirs but answers to an event. Ann's bot challenges Bob
(GIPF standard, 3d/15d, Ann White); Bob's bot accepts when it hears the challenge; each bot plays its
next move when it hears ``your-move`` (the move of a recorded game: 24 plies, Black wins, no
reserve), and both hear ``game-end``.
"""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rest_framework.authtoken.models import Token

from arbiter import registry
from games.models import Game
from tests.integration.conftest import wait_for
from tests.integration.event_streams import open_stream, stream_events
from tests.integration.test_flags_on_time import _player
from tests.integration.test_streams import _free_port, _uvicorn

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def site() -> Iterator[int]:
    port = _free_port()
    server = _uvicorn(port)
    try:
        yield port
    finally:
        server.terminate()
        server.wait(10)


class Bot:
    """A player's bot: reads his stream on a thread and answers each event with ``on_event``."""

    def __init__(self, port: int, handle: str) -> None:
        self.port = port
        self.token = Token.objects.create(user=_player(handle).user).key
        self.heard: list[tuple[str, dict[str, Any]]] = []
        self.requests = 0
        self.opened = threading.Event()
        self.on_event: Callable[[str, dict[str, Any]], None] = lambda kind, data: None
        self.sock = open_stream(port, "/api/play/events/", 120, f"Authorization: Token {self.token}\r\n")
        threading.Thread(target=self._read, daemon=True).start()

    def post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        self.requests += 1
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=json.dumps(body or {}).encode(),
            headers={"Authorization": f"Token {self.token}", "Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read())  # type: ignore[no-any-return]

    def _read(self) -> None:
        for kind, _id, data in stream_events(self.sock, self.opened.set):
            if kind not in ("stream-open", "keep-alive"):
                event = json.loads(data)
                self.heard.append((kind, event))
                self.on_event(kind, event)

    def close(self) -> None:
        self.sock.close()


def test_two_bots_play_a_correspondence_game_from_their_player_streams(site: int) -> None:
    _verdict, plies = registry.replay_traced(registry.random_record("gipf-standard", 2), "gipf-standard")
    moves = [ply.move for ply in plies]
    ann, bob = Bot(site, "ann"), Bot(site, "bob")
    assert ann.opened.wait(30) and bob.opened.wait(30)
    errors: list[BaseException] = []

    def player(bot: Bot, handle: str) -> Callable[[str, dict[str, Any]], None]:
        def answer(kind: str, event: dict[str, Any]) -> None:
            try:
                if kind == "challenge" and event["challenged"] == handle:
                    bot.post(f"/api/play/challenges/{event['challenge']}/accept/")
                elif kind == "your-move":
                    ply = event["ply"]
                    bot.post(f"/api/play/{event['game']}/move/", {"move": moves[ply], "expected_ply": ply})
            except BaseException as exc:  # noqa: BLE001 - reported by the test
                errors.append(exc)

        return answer

    ann.on_event, bob.on_event = player(ann, "ann"), player(bob, "bob")
    ann.post(
        "/api/play/challenges/",
        {"opponent": "bob", "game": "gipf-standard", "time_control": "3d/15d", "colour": "white"},
    )
    wait_for(
        lambda: (
            errors
            or (any(k == "game-end" for k, _ in ann.heard) and any(k == "game-end" for k, _ in bob.heard))
        ),
        timeout=180,
        what="both bots to hear the end of the game",
    )
    assert errors == []
    game = Game.objects.get()
    assert (game.moves.count(), game.finished_at is not None) == (len(moves), True)
    assert registry.status(game.position).ended  # the rules ended it at the recorded game's last move
    # every request of the bots answered an event: the challenge, the acceptance, one per move
    your_moves = [e for bot in (ann, bob) for k, e in bot.heard if k == "your-move"]
    assert len(your_moves) == len(moves) and ann.requests + bob.requests == 2 + len(moves)
    for bot in (ann, bob):
        bot.close()
