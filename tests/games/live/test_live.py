"""Live updates of games played on the service (``games.live.game_events``): an event published after each
stored move and at the end of play, never turning a move into an error; the stream of a game for
its page and the API (a 204 from a server that serves no streams, server-sent events under ASGI).

The events' contents are worked by hand: a DVONN game with a 5+3 clock, White's first move c3 at
once (five minutes and the three-second increment: 303 seconds left; Black's five minutes untouched).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.test import AsyncClient, Client
from rest_framework.authtoken.models import Token

from games.live import batch, game_events
from games.models import Game, Move
from games.play import service
from games.play import state as play_state
from games.play.errors import IllegalMove
from tests.games.play.timing import people_named


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    return people_named("Ann", "Bob", email=False)


@pytest.fixture
def frozen() -> Any:
    """``timezone.now`` standing still: the clocks read exactly what the time control gives."""
    from datetime import UTC, datetime

    at = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    with mock.patch("django.utils.timezone.now", return_value=at):
        yield at


@pytest.mark.usefixtures("clocks_from_creation")  # a running clock, not the first moves
@pytest.mark.django_db
def test_a_stored_move_and_the_end_of_play_are_published_after_commit(
    people: dict[str, Any], frozen: Any, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    """A move's events are stored in the move's own transaction (docs/play.md "Live events") and
    sent to the streams only once it commits: nothing sent before."""
    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    channel = f"game-{game.pk}"
    with mock.patch("games.live.fanout.hub.deliver_all") as delivered:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            service.make_move(game, people["ann"], "c3", 0)
        delivered.assert_not_called()  # nobody hears of the move before it is committed
        for callback in callbacks:
            callback()
        ((items,),) = [c.args for c in delivered.call_args_list]
    assert [(item.channel, item.kind) for item in items if item.channel == channel] == [(channel, "move")]
    assert _told(channel) == [
        (
            "move",
            {
                "game": game.pk,
                "ply": 1,
                "move": "c3",
                "to_move": 1,
                "white_seconds": 303.0,
                "black_seconds": 300.0,
                "over": False,
            },
        )
    ]
    with django_capture_on_commit_callbacks(execute=True):
        service.resign(game, people["bob"])  # Black, to move, resigns
    ((kind, data),) = [(kind, data) for kind, data in _told(channel) if kind == "end"]
    assert data == {
        "game": game.pk,
        "ply": 1,
        "move": None,
        "to_move": None,
        "white_seconds": 303.0,
        "black_seconds": 300.0,
        "over": True,
        "ending": "resign",
        "result": "1-0",  # Black, to move, resigned: White wins
        "winner": 0,
        "how": "resignation",
    }


def _told(channel: str) -> list[tuple[str, dict[str, Any]]]:
    """The events stored for ``channel``'s streams, in order (the library stores the JSON text of
    their JSON text)."""
    from django_eventstream.models import Event as StoredEvent

    stored = StoredEvent.objects.filter(channel=channel).exclude(type="").order_by("eid")
    return [(event.type, json.loads(json.loads(event.data))) for event in stored]


@pytest.mark.django_db(transaction=True)
def test_a_moves_events_are_unseen_until_it_commits_and_gone_with_a_rollback(people: dict[str, Any]) -> None:
    """Stored with the move: before the move commits another connection sees no event of it (nor
    the move); a move whose transaction rolls back leaves no event, sent or stored; a refused move
    (illegal, c9 is off the DVONN board) stores and sends none."""
    import threading

    from django.db import connection, transaction

    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    channel = f"game-{game.pk}"
    seen: list[object] = []

    def look() -> None:  # another connection, while the move's transaction is open
        try:
            seen.append((_told(channel), Move.objects.filter(game=game).count()))
        except Exception as exc:  # noqa: BLE001 - a locked table is unseen too
            seen.append(type(exc).__name__)
        finally:
            connection.close()

    class Undone(Exception):
        pass

    with mock.patch("games.live.fanout.hub.deliver_all") as delivered:
        with pytest.raises(Undone), transaction.atomic():
            service.make_move(game, people["ann"], "c3", 0)
            other = threading.Thread(target=look)
            other.start()
            other.join()
            raise Undone
        delivered.assert_not_called()
        assert seen in (
            [([], 0)],  # PostgreSQL: the committed state only
            ["OperationalError"],  # SQLite: the tables the transaction writes are locked for others
        )
        assert _told(channel) == [] and not Move.objects.filter(game=game).exists()
        with pytest.raises(IllegalMove):
            service.make_move(game, people["ann"], "c9", 0)
        delivered.assert_not_called()
        assert _told(channel) == []
        service.make_move(game, people["ann"], "c3", 0)  # committed: stored and sent once
        assert [t for t, _data in _told(channel)] == ["move"]
        assert [i.kind for c in delivered.call_args_list for i in c.args[0] if i.channel == channel] == [
            "move"
        ]


@pytest.mark.django_db(transaction=True)
def test_a_broker_that_is_down_never_turns_a_move_into_an_error(people: dict[str, Any]) -> None:
    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    client = Client()
    client.force_login(people["ann"])
    with mock.patch("games.live.batch._send", side_effect=ConnectionError("Redis is down")) as send:
        answer = client.post(f"/games/{game.pk}/move/", {"move": "c3", "expected_ply": "0"})
    assert send.called
    assert answer.status_code == 302
    assert list(Move.objects.filter(game=game).values_list("notation", flat=True)) == ["c3"]


@pytest.mark.django_db
def test_a_server_without_streams_answers_204_so_the_page_polls(people: dict[str, Any]) -> None:
    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    anonymous = Client()
    assert anonymous.get(f"/games/{game.pk}/events/").status_code == 204
    token = Token.objects.create(user=people["bob"])
    answer = anonymous.get(
        f"/api/play/{game.pk}/events/",
        HTTP_AUTHORIZATION=f"Token {token.key}",
        HTTP_ACCEPT="text/event-stream",
    )
    assert answer.status_code == 204
    # only a game played on the service has a stream
    other = Game.objects.create(
        game="dvonn", white=people["Ann"], black=people["Bob"], origin=Game.Origin.IMPORTED
    )
    assert anonymous.get(f"/games/{other.pk}/events/").status_code == 404
    assert anonymous.get(f"/api/play/{other.pk}/events/", HTTP_ACCEPT="application/json").status_code == 404
    page = anonymous.get(game.get_absolute_url()).content.decode()
    assert f'data-stream-url="/games/{game.pk}/events/"' in page


async def _next_chunk(stream: Any) -> str:
    return (await asyncio.wait_for(stream.__anext__(), timeout=10)).decode()


@pytest.mark.django_db(transaction=True)
def test_the_stream_under_asgi_carries_the_opponents_move(people: dict[str, Any]) -> None:
    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    token = Token.objects.create(user=people["bob"])

    async def follow(url: str, **headers: str) -> str:
        response = await AsyncClient().get(url, **headers)
        assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
        stream = response.streaming_content
        assert "event: stream-open" in await _next_chunk(stream)
        waiting = asyncio.ensure_future(_next_chunk(stream))  # the stream waits for the next event
        await asyncio.sleep(0.2)
        await sync_to_async(service.make_move)(game, people["ann"], "c3", 0)
        return await waiting

    for url, headers in [
        (f"/games/{game.pk}/events/", {}),  # a spectator's page
        (
            f"/api/play/{game.pk}/events/",
            {"HTTP_AUTHORIZATION": f"Token {token.key}", "HTTP_ACCEPT": "text/event-stream"},
        ),
    ]:
        Move.objects.filter(game=game).delete()
        Game.objects.filter(pk=game.pk).update(position=service.registry.start("dvonn"), plies=0, to_move=0)
        game.refresh_from_db()
        chunk = asyncio.run(follow(url, **headers))
        assert "event: move\n" in chunk, chunk
        assert '"ply": 1, "move": "c3", "to_move": 1' in chunk


def test_the_api_schema_describes_the_stream() -> None:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/play/{id}/events/"]["get"]
    assert "text/event-stream" in operation["responses"]["200"]["content"]
    assert "204" in operation["responses"] and "move" in operation["description"]
    assert game_events.channel_of(7) == "game-7"


@pytest.mark.usefixtures("clocks_from_creation")  # a running clock, not the first moves
@pytest.mark.django_db
def test_the_arbiters_actions_reach_the_stream_like_a_move(
    people: dict[str, Any], frozen: Any, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    """Worked by hand, the clock standing still: a minute given to White (to move, 300 seconds
    left) makes 360, sent as ``clock``; annulling the game then ends it (``end``, ``annulled``) with
    the clocks as they stood. In a second game White plays c3 (303 seconds left); the adjudication
    1-0 ends it (``end``, ending ``1-0``, ply 1)."""
    from datetime import timedelta

    from games.play import arbitration

    root = User.objects.create_superuser("root", password="pw-root-12345")  # a casual game's official
    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    state = {"game": game.pk, "ply": 0, "move": None, "white_seconds": 300.0, "black_seconds": 300.0}
    with mock.patch("django_eventstream.send_event") as send:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            arbitration.give_time(game, root, 0, timedelta(seconds=60), "a lost connection")
        send.assert_not_called()  # nothing before the gift is committed
        for callback in callbacks:
            callback()
        send.assert_called_once_with(
            f"game-{game.pk}", "clock", {**state, "white_seconds": 360.0, "to_move": 0, "over": False}
        )
        send.reset_mock()
        with django_capture_on_commit_callbacks(execute=True):
            arbitration.annul(game, root, "The players are the same person")
        send.assert_called_once_with(
            f"game-{game.pk}",
            "end",
            {
                **state,
                "white_seconds": 360.0,
                "to_move": None,
                "over": True,
                "ending": "annulled",
                "result": "",
                "winner": None,
                "how": "annulled",
            },
        )
        send.reset_mock()
        other = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
        service.make_move(other, people["ann"], "c3", 0)
        send.reset_mock()
        with django_capture_on_commit_callbacks(execute=True):
            arbitration.adjudicate(other, root, "1-0", "Black stopped answering")
        send.assert_called_once_with(
            f"game-{other.pk}",
            "end",
            {
                "game": other.pk,
                "ply": 1,
                "move": None,
                "to_move": None,
                "white_seconds": 303.0,
                "black_seconds": 300.0,
                "over": True,
                "ending": "1-0",
                "result": "1-0",
                "winner": 0,
                "how": "arbiter",
            },
        )


def _moves_in(chunk: str) -> list[tuple[str, int, str, int]]:
    """The ``move`` events of a chunk of the stream as (id, ply, move, to_move), in order."""
    import json

    found = []
    for block in chunk.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if lines.get("event") == "move":
            data = json.loads(lines["data"])
            found.append((lines["id"], data["ply"], data["move"], data["to_move"]))
    return found


@pytest.mark.django_db(transaction=True)
def test_a_stream_reconnecting_with_its_last_event_id_gets_the_moves_it_missed_in_order(
    people: dict[str, Any],
) -> None:
    """A bot follows the game through the API and hears c3 (the channel's first event: id 1); its
    connection drops; Bob plays d3 and Ann e3 meanwhile. Reconnecting with ``Last-Event-ID`` it gets
    both, in order (ids 2 and 3), before anything live. The game page then shows ply 3 and starts
    its stream from event 3: Bob's f3, played between the page and its stream, is replayed too."""
    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    token = Token.objects.create(user=people["bob"])
    api = f"/api/play/{game.pk}/events/"
    headers = {"Authorization": f"Token {token.key}", "Accept": "text/event-stream"}
    channel = f"game-{game.pk}"

    async def first_connection() -> str:
        response = await AsyncClient().get(api, headers=headers)
        assert response.status_code == 200
        stream = response.streaming_content
        assert "event: stream-open" in await _next_chunk(stream)
        waiting = asyncio.ensure_future(_next_chunk(stream))
        await asyncio.sleep(0.2)
        await sync_to_async(service.make_move)(game, people["ann"], "c3", 0)
        chunk = await waiting
        await stream.aclose()  # the connection drops
        return chunk

    heard = _moves_in(asyncio.run(first_connection()))
    assert heard == [(f"{channel}:1", 1, "c3", 1)]
    service.make_move(game, people["bob"], "d3", 1)
    service.make_move(game, people["ann"], "e3", 2)

    async def reconnect(url: str, more: dict[str, str]) -> str:
        response = await AsyncClient().get(url, headers=more)
        assert response.status_code == 200
        return await _next_chunk(response.streaming_content)  # stream-open and the missed events

    chunk = asyncio.run(reconnect(api, {**headers, "Last-Event-ID": heard[0][0]}))
    assert "event: stream-open" in chunk and "stream-reset" not in chunk
    assert _moves_in(chunk) == [(f"{channel}:2", 2, "d3", 0), (f"{channel}:3", 3, "e3", 1)]

    page = Client().get(game.get_absolute_url()).content.decode()
    assert 'data-ply="3"' in page and f'data-stream-from="{channel}:3"' in page
    service.make_move(game, people["bob"], "f3", 3)
    chunk = asyncio.run(reconnect(f"/games/{game.pk}/events/?lastEventId={channel}:3", {}))
    assert _moves_in(chunk) == [(f"{channel}:4", 4, "f3", 0)]


@pytest.mark.django_db(transaction=True)
def test_events_are_kept_24_hours_and_an_older_id_resets_the_stream(people: dict[str, Any]) -> None:
    """Worked by hand: c3 and d3 stored (ids 1 and 2), then c3 put 25 hours back and d3 23 hours.
    Storing e3 (id 3) a minute later (events are pruned at most once a minute) prunes what is older
    than 24 hours: c3 (and the channel's mark 0) go, d3 and e3 stay. A stream resuming from d3 gets e3; one resuming from c3 is told ``stream-reset``."""
    from datetime import timedelta

    from django.utils import timezone
    from django_eventstream.models import Event as StoredEvent

    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    channel = f"game-{game.pk}"
    service.make_move(game, people["ann"], "c3", 0)
    service.make_move(game, people["bob"], "d3", 1)
    stored = StoredEvent.objects.filter(channel=channel)
    assert list(stored.order_by("eid").values_list("eid", "type")) == [(0, ""), (1, "move"), (2, "move")]
    now = timezone.now()
    stored.filter(eid__lte=1).update(created=now - timedelta(hours=25))
    stored.filter(eid=2).update(created=now - timedelta(hours=23))
    with mock.patch("django.utils.timezone.now", return_value=now + batch.PRUNE_EVERY):
        service.make_move(game, people["ann"], "e3", 2)  # a minute on: events are pruned again
    assert list(stored.order_by("eid").values_list("eid", flat=True)) == [2, 3]

    async def resume(last: int) -> str:
        response = await AsyncClient().get(
            f"/games/{game.pk}/events/", headers={"Last-Event-ID": f"{channel}:{last}"}
        )
        return await _next_chunk(response.streaming_content)

    assert _moves_in(asyncio.run(resume(2))) == [(f"{channel}:3", 3, "e3", 1)]
    chunk = asyncio.run(resume(1))
    assert "event: stream-reset\n" in chunk and _moves_in(chunk) == []


@pytest.mark.django_db(transaction=True)
def test_a_storage_that_fails_never_turns_a_move_into_an_error(
    people: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """The database refuses to store the event (after the move committed): the move stands, from
    the page (302) and from the API (201), and the failure is logged."""
    from django.db import OperationalError
    from django_eventstream.models import Event as StoredEvent

    game = play_state.create_service_game(people["Ann"], people["Bob"], "dvonn", "5+3")
    client = Client()
    client.force_login(people["ann"])
    token = Token.objects.create(user=people["bob"])
    failing = mock.patch("games.live.batch._store", side_effect=OperationalError("database is locked"))
    with failing as store, caplog.at_level("WARNING", logger="games.live.game_events"):
        answer = client.post(f"/games/{game.pk}/move/", {"move": "c3", "expected_ply": "0"})
        api = Client().post(
            f"/api/play/{game.pk}/move/",
            {"move": "d3", "expected_ply": 1},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {token.key}",
        )
    stored = [channel for c in store.call_args_list for channel, _kind, _data in c.args[0]]
    assert [channel for channel in stored if channel.startswith("game-")] == [f"game-{game.pk}"] * 2
    assert (answer.status_code, api.status_code) == (302, 201)
    assert list(Move.objects.filter(game=game).order_by("ply").values_list("notation", flat=True)) == [
        "c3",
        "d3",
    ]
    assert not StoredEvent.objects.filter(channel=f"game-{game.pk}").exists()
    assert [r.getMessage() for r in caplog.records if r.name == "games.live.game_events"] == [
        f"the live event move of game {game.pk} was not published"
    ] * 2
