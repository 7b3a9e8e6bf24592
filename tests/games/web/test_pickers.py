"""Each game's browser code in its package (issue 40; ``games.web.pickers``): a game's spec declares its
picker script, the service serves it from the package (same origin, no inline script, a URL naming
its digest kept for good), the game page loads it after the shared ``static/js/play.js`` and shows
the key to the game's pieces beside the board; the shared scripts under ``static/`` name no game.

Checked for every registered game (``arbiter.registry``), so that a game added joins these tests."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from arbiter import registry
from games.play import state
from tests.games.records.test_confirmation import make_board
from tests.games.web.test_play_page import client_of, people

pytestmark = pytest.mark.django_db

__all__ = ["people"]  # the fixture, imported for this module's tests

STATIC = Path(settings.BASE_DIR) / "static"


def _package_file(spec: registry.GameSpec) -> Path:
    """The script's file, found on disk from the spec's words (not through the spec's reader)."""
    import importlib

    package, _, name = spec.script.partition(":")
    return Path(importlib.import_module(package).__file__).parent / name  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [key for key in registry.game_keys() if registry.spec_for(key).script])
def test_every_game_s_picker_script_is_served_from_its_package(game: str) -> None:
    spec = registry.spec_for(game)
    text = _package_file(spec).read_text(encoding="utf-8")
    assert "PlayPage.register" in text  # it fills the shared picker's hooks
    answer = Client().get(f"/games/scripts/{game}.js")
    assert answer.status_code == 200 and answer.content.decode() == text
    assert (
        answer["Content-Type"].startswith("text/javascript") and answer["X-Content-Type-Options"] == "nosniff"
    )
    assert "max-age=300" in answer["Cache-Control"]
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    kept = Client().get(f"/games/scripts/{game}.js?v={digest}")
    assert "immutable" in kept["Cache-Control"] and kept["ETag"] == f'"{digest}"'


def test_no_script_is_served_for_an_unknown_game_or_one_without_a_script() -> None:
    assert Client().get("/games/scripts/chess.js").status_code == 404
    for key in registry.game_keys():
        if not registry.spec_for(key).script:  # played with the shared picker alone
            assert Client().get(f"/games/scripts/{key}.js").status_code == 404


@pytest.mark.parametrize("spec_name", [spec.name for spec in registry.specs()])
def test_the_game_page_loads_its_game_s_script_and_shows_its_key(
    people: dict[str, object], spec_name: str
) -> None:
    spec = next(spec for spec in registry.specs() if spec.name == spec_name)
    game = spec.usual_key
    played = state.create_service_game(people["Ann"], people["Bob"], game, "5+3")  # type: ignore[arg-type]
    answer = client_of(people["ann"]).get(played.get_absolute_url())  # type: ignore[arg-type]
    page = answer.content.decode()
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S)
    assert all(body.strip() == "" for _attrs, body in scripts)  # no inline script
    sources = [re.search(r'src="([^"]+)"', attrs).group(1) for attrs, _body in scripts]  # type: ignore[union-attr]
    if spec.script:
        digest = hashlib.sha256(_package_file(spec).read_bytes()).hexdigest()[:16]
        # the shared picker first, then the game's (both deferred: they run in this order)
        assert sources.index(f"/games/scripts/{game}.js?v={digest}") > sources.index("/static/js/play.js")
    else:
        assert not any(source.startswith("/games/scripts/") for source in sources)
    assert "'unsafe-inline'" not in answer["Content-Security-Policy"].split("script-src")[1].split(";")[0]
    assert f'data-game="{game}"' in page
    for piece in spec.pieces:
        assert f'data-piece-key="{piece.code}"' in page
    assert page.count('data-piece-key="') == len(spec.pieces)


def test_the_key_is_beside_a_verified_record_s_board_too(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    board = make_board(django_capture_on_commit_callbacks)
    board.submit(board.ann, registry.random_record("dvonn", 5, {"White": "Ann", "Black": "Bob"}))
    page = Client().get(board.game().get_absolute_url() + "?ply=3").content.decode()
    assert 'id="board-viewer"' in page
    assert 'data-piece-key="dvonn"' in page and "DVONN piece" in page


@pytest.mark.parametrize("game", registry.game_keys())
def test_every_game_declares_a_key_to_its_pieces(game: str) -> None:
    pieces = registry.spec_for(game).pieces
    assert pieces and all(piece.name and piece.drawing for piece in pieces)


def _game_words() -> set[str]:
    """Every registered game's names (its own, its variants', the names of its pieces and of the kinds
    its picker names: each word written with a capital, "GIPF", "Tzarra"), its family and the head of
    each key: the words no shared script may hold."""
    words: set[str] = set()
    for spec in registry.specs():
        words |= {spec.family.lower(), *(key.split("-")[0] for key in spec.keys)}
        words |= {token.lower() for token in spec.name.split() if len(token) >= 4} - GENERIC
        names = [*(variant.name for variant in spec.variants), *(piece.name for piece in spec.pieces)]
        names += [word for key, word in spec.picker_words.items() if len(key) == 1]  # a kind's name
        for name in names:
            for token in re.split(r"[\s\-–,:;()'’]+", name):
                if len(token) >= 3 and token[:1].isupper() and token.lower() not in GENERIC:
                    words.add(token.lower())
    return words


#: words with a capital that every game's page may speak
GENERIC = {"white", "black", "with"}


def test_no_shared_script_names_a_game() -> None:
    from tests.toygame import SPEC as STONES

    registry.register(STONES)  # a game registered through GAME_PACKAGES joins the list
    try:
        words = _game_words()
    finally:
        registry.unregister(STONES)
    assert {"gipf", "potentials", "dvonn", "yinsh", "tzaar", "tzarra", "tott", "stones"} <= words
    scripts = sorted(STATIC.rglob("*.js"))
    assert scripts
    for script in scripts:
        text = script.read_text(encoding="utf-8").lower()
        named = sorted(word for word in words if re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", text))
        assert not named, f"{script.relative_to(STATIC)} names {named}"
        # no notation either: no board coordinates read (a character class of a board's letters)
        assert not re.search(r"\[a-[a-z]\]", text), f"{script.relative_to(STATIC)} reads a notation"
