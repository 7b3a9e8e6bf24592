"""The arbiter's words in Ukrainian: a refused record's reason on its page and in the API, the
stored verdict's template and params (an older verdict without them shows its English reason),
every template the arbiter marks has a Ukrainian translation, and the board SVG's labels.

The DVONN board of ``test_confirmation`` (Ann White, Bob Black). ``e1`` placed twice is refused at
ply 6, "move 3, Black"; the Ukrainian texts are the catalogue's hand translations.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from arbiter import registry
from arbiter.errors import InvalidPositionError
from games.messages import arbiter_description, arbiter_message
from games.models import SubmittedRecord
from tests.arbiter.test_messages import marked_templates
from tests.games.records.test_confirmation import BLACK_WINS, Board, make_board
from tests.games.web.test_board_pages import REFUSED

pytestmark = pytest.mark.django_db

UK_REASON = "e1: клітинку вже зайнято"
EN_REASON = "e1: the space is already occupied"


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """A request in Ukrainian leaves Ukrainian active in the thread; the next test expects English."""
    yield
    translation.deactivate()


@pytest.fixture
def board(django_capture_on_commit_callbacks: Callable[..., Any]) -> Board:
    return make_board(django_capture_on_commit_callbacks)


def _page(record: SubmittedRecord, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    return client.get(reverse("games:record-detail", args=[record.pk])).content.decode()


def test_a_refused_record_page_gives_the_reason_in_ukrainian_with_the_move_as_written(board: Board) -> None:
    record = board.submit(board.ann, REFUSED)
    assert record.status == "invalid" and record.error_reason == EN_REASON
    html = _page(record, "uk")
    assert UK_REASON in html and EN_REASON not in html
    assert "хід 3, Чорні" in html
    # the board before the refused move speaks Ukrainian too: placement 6 of 49, Black to place
    assert "розстановка 6 з 49, ставлять Чорні; рахунок: Білі" in html
    english = _page(record, "en")
    assert EN_REASON in english and UK_REASON not in english
    assert "placement 6 of 49, Black to place; score White" in english


def test_the_game_page_lists_the_refusal_in_ukrainian(board: Board) -> None:
    board.submit(board.ann, REFUSED)
    html = Client(HTTP_ACCEPT_LANGUAGE="uk").get(board.game().get_absolute_url()).content.decode()
    assert "напівхід 6, хід &#x27;e1&#x27;: " + UK_REASON in html


def test_the_api_gives_the_reason_in_the_requested_language(board: Board) -> None:
    record = board.submit(board.ann, REFUSED)
    url = f"/api/records/{record.pk}/"
    uk = APIClient().get(url, HTTP_ACCEPT_LANGUAGE="uk").json()
    assert uk["error"] == {"ply": 6, "move": "e1", "reason": UK_REASON}
    assert uk["verdict"]["error"]["template"] == "{name}: the space is already occupied"
    assert uk["verdict"]["error"]["params"] == {"name": "e1"}
    en = APIClient().get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    assert en["error"] == {"ply": 6, "move": "e1", "reason": EN_REASON}


def test_the_replay_api_adds_the_message_in_the_requested_language() -> None:
    response = APIClient().post("/api/replay/", {"record": REFUSED}, format="json", HTTP_ACCEPT_LANGUAGE="uk")
    assert response.status_code in (200, 400)
    error = response.json()["error"]
    assert error["reason"] == EN_REASON and error["message"] == UK_REASON
    unreadable = APIClient().post(
        "/api/replay/", {"record": "hello there"}, format="json", HTTP_ACCEPT_LANGUAGE="uk"
    )
    assert (
        unreadable.json()["error"]["message"]
        == "це не запис жодної відомої гри (GIPF чи DVONN чи YINSH чи TZAAR чи ZÈRTZ чи LYNGK чи PÜNCT)"
    )


def test_an_unreadable_record_keeps_its_template_in_the_verdict(board: Board) -> None:
    record = board.submit(board.ann, "hello there")
    assert record.status == "invalid"
    assert record.error_reason == "not a DVONN record (tagged, Little Golem or CodeCup format)"
    assert "це не запис DVONN (з тегами, у форматі Little Golem чи CodeCup)" in _page(record, "uk")


def test_an_older_verdict_without_a_template_shows_its_english_reason(board: Board) -> None:
    record = board.submit(board.ann, REFUSED)
    assert isinstance(record.verdict, dict)
    error = record.verdict["error"]
    del error["template"], error["params"]
    SubmittedRecord.objects.filter(pk=record.pk).update(verdict=record.verdict)
    record.refresh_from_db()
    with translation.override("uk"):
        assert record.reason_message() == EN_REASON
    assert EN_REASON in _page(record, "uk")


def test_a_nested_player_colour_is_translated() -> None:
    board_text = "/".join(",".join("." * n) for n in (9, 10, 11, 10, 9))
    with pytest.raises(InvalidPositionError) as caught:
        registry.legal_moves(f"dvonn b 0 {board_text}")
    with translation.override("uk"):
        assert arbiter_message(caught.value) == "розстановку 1 роблять Білі"
        assert arbiter_message(caught.value.to_json()) == "розстановку 1 роблять Білі"
    with translation.override("en"):
        assert arbiter_message(caught.value) == "White makes placement 1"
    error = registry.replay(REFUSED).error
    assert error is not None
    with translation.override("uk"):
        assert arbiter_description(error) == "напівхід 6, хід 'e1': " + UK_REASON


def _marked_templates() -> list[str]:
    return sorted({text for _file, _line, text in marked_templates()})


def _fields(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def test_every_arbiter_template_has_a_ukrainian_translation_with_the_same_placeholders() -> None:
    templates = _marked_templates()
    assert len(templates) > 100
    untranslated, broken = [], []
    with translation.override("uk"):
        for template in templates:
            ukrainian = translation.gettext(template)
            if ukrainian == template:
                untranslated.append(template)
            elif _fields(ukrainian) != _fields(template):
                broken.append(template)
    assert untranslated == [] and broken == []


def test_the_svg_url_and_the_game_page_draw_ukrainian_labels(board: Board) -> None:
    board.submit(board.ann, BLACK_WINS)
    game = board.game()
    url = reverse("games:board-svg", args=[game.pk])
    plies = registry.replay(BLACK_WINS).plies
    final = Client(HTTP_ACCEPT_LANGUAGE="uk").get(url).content.decode()
    assert "партію закінчено; рахунок: Білі " in final and ", Чорні " in final
    placing = Client(HTTP_ACCEPT_LANGUAGE="uk").get(url + "?ply=3").content.decode()
    assert "розстановка 4 з 49, ставлять Чорні" in placing and "to place" not in placing
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url + "?ply=3").content.decode()
    assert "placement 4 of 49, Black to place; score White" in english
    page = Client(HTTP_ACCEPT_LANGUAGE="uk").get(game.get_absolute_url() + f"?ply={plies}").content.decode()
    assert "партію закінчено; рахунок: Білі " in page
