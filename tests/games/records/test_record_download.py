"""A game's record by URL (``/games/{id}/record.txt``) and through the API (``/api/games/{id}/record/``)
for every game: casual games played on the service and games of events, with the tags of what the
service knows (docs/downloads.md), and a downloaded record read again by the arbiter as the game's.

The casual games are played through the HTTP play API as the game contract plays them
(``tests/games/test_game_contract.py``): Ann (White) challenges Bob with a 5+3 clock, two random
legal moves, and the player to move resigns."""

# ruff: noqa: F811 - the contract's fixtures (players, the test games registered) are imported, then used by name

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Player
from arbiter.records import parse_tagged
from games.models import Game, SubmittedRecord
from games.play import arbitration
from tests.conftest import make_event, shared_path, start
from tests.games.test_game_contract import (  # noqa: F401 - the contract's fixtures, used by name
    KEYS,
    _new_game,
    _play_random,
    _state,
    players,
    test_games_registered,
)
from tournaments.models import Event, Pairing

pytestmark = pytest.mark.django_db


def _download(client: Any, game_id: int) -> str:
    answer = client.get(f"/games/{game_id}/record.txt")
    assert answer.status_code == 200, answer.content
    assert answer["Content-Type"] == "text/plain; charset=utf-8"
    text = answer.content.decode()
    api = client.get(f"/api/games/{game_id}/record/")
    assert api.status_code == 200
    assert api.json()["record"] == text and api.json()["game"] == game_id
    return text


def _replayed(text: str, key: str) -> dict[str, Any]:
    """The arbiter's verdict on the text, through ``/api/replay/``."""
    answer = APIClient().post("/api/replay/", {"record": text, "game": key}, format="json")
    assert answer.status_code == 200, answer.json()
    return dict(answer.json())


@pytest.mark.parametrize("key", KEYS)
def test_a_casual_game_resigned_downloads_with_its_tags_and_verifies_again(
    players: dict[str, APIClient], client: Any, key: str
) -> None:
    game_id = _new_game(players, key, time_control="5+3")
    state = _play_random(players, game_id, 2, seed=29)
    loser = state["to_move"]  # White after two moves; in TZAAR Black in the middle of his turn
    assert players[loser].post(f"/api/play/{game_id}/resign/").status_code == 200
    expected = "0-1" if loser == "ann" else "1-0"

    text = _download(client, game_id)
    tags = parse_tagged(text).tags
    today = timezone.localdate().strftime("%Y.%m.%d")
    assert {name: tags.get(name) for name in ("Game", "White", "Black", "Date", "TimeControl")} == {
        "Game": key,
        "White": "Ann",
        "Black": "Bob",
        "Date": today,
        "TimeControl": "5+3",
    }
    assert (tags["Result"], tags["Termination"]) == (expected, "resignation")
    assert "Event" not in tags and "Round" not in tags  # a casual game has neither
    assert text.split()[-1] == "resign"
    verdict = _replayed(text, key)
    assert (verdict["valid"], verdict["result"], verdict["termination"]) == (True, expected, "resignation")
    disposition = client.get(f"/games/{game_id}/record.txt")["Content-Disposition"]
    assert disposition == f'attachment; filename="game-{game_id}.txt"'


@pytest.mark.parametrize("key", KEYS)
def test_a_casual_game_in_play_downloads_its_moves_so_far(
    players: dict[str, APIClient], client: Any, key: str
) -> None:
    game_id = _new_game(players, key)
    _play_random(players, game_id, 2, seed=29)
    text = _download(client, game_id)
    tags = parse_tagged(text).tags
    # no clock: "-"; no result yet: "*", and no termination
    assert (tags["TimeControl"], tags["Result"], "Termination" in tags) == ("-", "*", False)
    verdict = _replayed(text, key)
    assert (verdict["valid"], verdict["result"], verdict["plies"]) == (True, None, 2)


def _adjudicated(players: dict[str, APIClient], result: str) -> int:
    """A casual GIPF basic game adjudicated ``result`` by a superuser (a casual game's only arbiter)
    after two moves: its record stops there with no ending words."""
    game_id = _new_game(players, "gipf-basic")
    _play_random(players, game_id, 2, seed=29)
    referee = User.objects.create_superuser("ref", password="pw-ref-12345")
    arbitration.adjudicate(Game.objects.get(pk=game_id), referee, result, "the players agreed")
    return game_id


def test_an_adjudicated_game_ends_with_the_arbiters_words(players: dict[str, APIClient], client: Any) -> None:
    text = _download(client, _adjudicated(players, "1-0"))
    tags = parse_tagged(text).tags
    assert (tags["Result"], tags["Termination"], "Decision" in tags) == ("1-0", "arbiter", False)
    assert text.split()[-5:] == ["1.", "i2-g2", "a3-b3", "arbiter", "1-0"]
    verdict = _replayed(text, "gipf-basic")
    assert (verdict["valid"], verdict["result"], verdict["termination"]) == (True, "1-0", "arbiter")


def test_a_decided_draw_a_gipf_record_cannot_write_is_named_apart(
    players: dict[str, APIClient], client: Any
) -> None:
    # GIPF's records know no draw ("arbiter 1/2-1/2" is no GIPF ending): the moves stay unfinished
    text = _download(client, _adjudicated(players, "1/2-1/2"))
    tags = parse_tagged(text).tags
    assert (tags["Result"], tags["Decision"], tags["Termination"]) == ("*", "1/2-1/2", "arbiter")
    assert text.split()[-3:] == ["1.", "i2-g2", "a3-b3"]
    verdict = _replayed(text, "gipf-basic")
    assert (verdict["valid"], verdict["result"]) == (True, None)


def test_a_game_of_an_event_names_its_event_round_and_board_and_verifies_again(
    organiser: User, api_client: APIClient, client: Any
) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800", name="Record test", game="gipf-standard")
    start(event, organiser)
    pairing = Pairing.objects.get(round__event=event, round__number=1)
    assert (pairing.white.player.display_name, pairing.black.player.display_name) == ("Ann", "Bob")  # type: ignore[union-attr]
    text = shared_path("records", "gipf", "standard-01.txt").read_text()
    text = text.replace('[White "reference"]', '[White "Ann"]').replace(
        '[Black "reference"]', '[Black "Bob"]'
    )
    api_client.force_authenticate(organiser)
    sent = api_client.post("/api/games/submit/", {"pairing": pairing.pk, "record": text}, format="json")
    assert sent.status_code == 202, sent.json()
    game = Game.objects.get(pairing_game__pairing=pairing)
    assert game.result == "1-0"

    Event.objects.filter(pk=event.pk).update(time_control="90+30")  # the event's clock, its rounds'
    downloaded = _download(client, game.pk)
    tags = parse_tagged(downloaded).tags
    # the reference game: White's 32nd move leaves Black, to move, without a piece in reserve
    assert tags == {
        "Event": "Record test",
        "Round": "1",
        "Board": "1",
        "Date": timezone.localdate().strftime("%Y.%m.%d"),
        "White": "Ann",
        "Black": "Bob",
        "Game": "GIPF standard",
        "TimeControl": "90+30",  # played elsewhere, at its round's time control (the event's)
        "Result": "1-0",
        "Termination": "no-reserve",
    }
    disposition = client.get(f"/games/{game.pk}/record.txt")["Content-Disposition"]
    assert disposition == f'attachment; filename="{event.slug}-r1-b1-g1.txt"'
    # submitted again, the downloaded record passes every check of a submission (round, names)
    again = api_client.post(
        "/api/games/submit/", {"pairing": pairing.pk, "record": downloaded}, format="json"
    )
    assert again.status_code == 202, again.json()
    assert SubmittedRecord.objects.get(pk=again.json()["id"]).status == SubmittedRecord.Status.VALID


def test_a_game_without_a_record_is_a_404_naming_it(organiser: User, client: Any) -> None:
    ann = Player.objects.create(display_name="Ann", handle="ann")
    bob = Player.objects.create(display_name="Bob", handle="bob")
    game = Game.objects.create(game="gipf-basic", white=ann, black=bob, origin=Game.Origin.IMPORTED)
    assert client.get(f"/games/{game.pk}/record.txt").status_code == 404
    answer = APIClient().get(f"/api/games/{game.pk}/record/")
    assert answer.status_code == 404
    assert answer.json()["detail"] == "this game has no accepted record"
    assert APIClient().get(f"/api/games/{game.pk + 1000}/record/").status_code == 404


def test_a_little_golem_record_is_given_as_it_was_accepted(client: Any) -> None:
    # DVONN's Little Golem form writes its tags otherwise ("Event [...]" on the moves' line): tags
    # written before it would make it a tagged record it is not, so it is given unchanged
    text = shared_path("records", "dvonn", "littlegolem-dvonn.mc.2014.may.1.1.txt").read_text()
    ann = Player.objects.create(display_name="Ann", handle="ann")
    bob = Player.objects.create(display_name="Bob", handle="bob")
    # "38. resign": White resigns at his 38th move
    game = Game.objects.create(
        game="dvonn", white=ann, black=bob, origin=Game.Origin.IMPORTED, result="0-1", record=text
    )
    downloaded = _download(client, game.pk)
    assert downloaded == text.rstrip("\n") + "\n"
    verdict = _replayed(downloaded, "dvonn")
    assert (verdict["valid"], verdict["result"], verdict["termination"]) == (True, "0-1", "resignation")
