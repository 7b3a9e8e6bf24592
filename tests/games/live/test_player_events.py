"""One stream per player (``games.live.player_events``): what Ann and Bob each hear, stored on their own
channel, from a challenge to the end of the game it started, worked by hand: Ann challenges Bob to
DVONN with White; Bob accepts (the game starts, Ann to move); Ann plays c3 (Bob to move); Bob
resigns (both hear the end). A second challenge is declined, a third withdrawn."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Player
from games.live import player_events
from games.play import challenges, service, state

pytestmark = pytest.mark.django_db


def _person(name: str) -> tuple[User, Player]:
    user = User.objects.create_user(name, password=f"pw-{name}-12345")
    return user, Player.objects.create(display_name=name.title(), handle=name, user=user)


def _heard(player: Player, kinds: str = "games") -> list[tuple[str, dict[str, Any]]]:
    """What his stream stored: the games' own events, or (``kinds="notices"``) his notices'."""
    from django_eventstream.models import Event

    stored = Event.objects.filter(channel=player_events.channel_of(player.pk), eid__gt=0).order_by("eid")
    stored = stored.filter(type="notice") if kinds == "notices" else stored.exclude(type="notice")
    return [(event.type, json.loads(json.loads(event.data))) for event in stored]


def test_each_player_hears_his_challenges_games_moves_and_ends(commit: Any) -> None:
    (ann, ann_player), (bob, bob_player) = _person("ann"), _person("bob")
    sent = commit(challenges.challenge, ann, "bob", "dvonn", "3d/15d", False, "white")
    game = commit(challenges.accept, sent, bob)
    commit(service.make_move, game, ann, "c3", 0)
    commit(service.resign, game, bob)
    declined = commit(challenges.challenge, ann, "bob", "dvonn", "", False, "black")
    commit(challenges.decline, declined, bob)
    withdrawn = commit(challenges.challenge, bob, "ann", "dvonn", "", False, "random")
    commit(challenges.withdraw, withdrawn, bob)

    start = {"game": game.pk, "game_key": "dvonn", "white": "ann", "black": "bob", "ply": 0, "move": None}
    ann_heard, bob_heard = _heard(ann_player), _heard(bob_player)
    kinds = [kind for kind, _data in ann_heard]
    assert kinds == [
        "challenge",
        "game-start",
        "your-move",
        "challenge-accepted",
        "game-end",
        "challenge",
        "challenge-declined",
        "challenge",
        "challenge-withdrawn",
    ]
    assert [kind for kind, _data in bob_heard] == [
        "challenge",
        "game-start",
        "challenge-accepted",
        "your-move",
        "game-end",
        "challenge",
        "challenge-declined",
        "challenge",
        "challenge-withdrawn",
    ]
    assert ann_heard[0][1]["challenger"] == "ann" and ann_heard[0][1]["status"] == "open"
    # a casual game starts at once (no starts_at, issue 36), White's first move due within the window
    started = ann_heard[1][1]
    assert started["starts_at"] is None and started["first_move_by"] is not None
    assert {k: v for k, v in started.items() if k not in ("starts_at", "first_move_by")} == {
        **start,
        "to_move": 0,
    }
    assert ann_heard[2][1] == {**start, "to_move": 0}
    assert ann_heard[3][1]["game"] == game.pk and ann_heard[3][1]["status"] == "accepted"
    assert bob_heard[3][1] == {**start, "ply": 1, "move": "c3", "to_move": 1}
    assert bob_heard[4][1]["ending"] == "resign" and ann_heard[4][1] == bob_heard[4][1]
    assert ann_heard[6][1]["challenge"] == declined.pk and ann_heard[8][1]["challenge"] == withdrawn.pk
    # and their notices, each with its kind and his unread count (personal.delivery). Bob: the
    # challenge (1 unread), taken back once he accepts; his move (1), read when the game ends; the
    # second challenge (1), taken back when he declines. Ann: the acceptance, the end Bob made, the
    # refusal, and Bob's challenge to her (taken back when he withdraws it): 1, 2, 3, 4 unread
    assert [(data["kind"], data["unread"]) for _kind, data in _heard(bob_player, "notices")] == [
        ("challenge", 1),
        ("your-move", 1),
        ("challenge", 1),
    ]
    assert [(data["kind"], data["unread"]) for _kind, data in _heard(ann_player, "notices")] == [
        ("challenge", 1),
        ("game-end", 2),
        ("challenge", 3),
        ("challenge", 4),
    ]


def test_only_the_player_himself_follows_his_stream() -> None:
    ann, _player = _person("ann")
    anonymous = Client()
    assert anonymous.get("/api/play/events/").status_code == 401
    assert anonymous.get("/games/my-events/").status_code == 302  # to sign in
    signed_in = Client()
    signed_in.force_login(ann)
    assert signed_in.get("/api/play/events/").status_code == 204  # no streams under WSGI
    assert signed_in.get("/games/my-events/").status_code == 204
    nobody = User.objects.create_user("sam", password="pw-sam-12345")
    signed_in.force_login(nobody)
    assert signed_in.get("/api/play/events/").status_code == 400  # no player of his


def test_the_header_of_a_player_counts_his_moves_from_his_stream() -> None:
    """The header links "My games" with the play API's count of his games to move and his stream;
    the count itself is the API's (``turn=mine``), read by ``static/js/header.js``."""
    ann, ann_player = _person("ann")
    _bob, bob_player = _person("bob")
    state.create_service_game(ann_player, bob_player, "dvonn", "3d/15d")  # Ann to move
    client = Client()
    client.force_login(ann)
    page = client.get("/").content.decode()
    assert 'data-my-moves-url="/api/play/?turn=mine&amp;limit=1"' in page
    assert 'data-events-url="/games/my-events/"' in page and "js/header.js" in page
    assert client.get("/api/play/?turn=mine&limit=1").json()["count"] == 1
