"""The arbiter's reasons as templates: each error keeps its English ``reason`` and also the
``template`` (marked with ``gettext_noop``) and ``params`` an edge translates; the words on the
boards come from ``arbiter.svg.LABELS`` or the labels an edge passes.

Expected reasons are written out by hand from the rules (a DVONN space taken twice, White makes
the first placement), not taken from the code.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

from arbiter import registry
from arbiter.errors import (
    AmbiguousMoveError,
    ArbiterError,
    InvalidPositionError,
    Message,
    gettext_noop,
)
from arbiter.svg import LABELS

ARBITER = Path(__file__).resolve().parents[2] / "arbiter"
TWICE = '[Game "DVONN"]\n[White "Ann"]\n[Black "Bob"]\n\n1. a1 b1 2. c1 d1 3. e1 e1\n'
EMPTY_DVONN_BOARD = "/".join(",".join("." * n) for n in (9, 10, 11, 10, 9))


def test_gettext_noop_marks_and_returns_its_argument() -> None:
    assert gettext_noop("{spot}: taken") == "{spot}: taken"


def test_a_refused_move_keeps_its_english_reason_and_gives_template_and_params() -> None:
    verdict = registry.replay(TWICE)
    error = verdict.error
    assert error is not None and error.ply == 6 and error.move == "e1"
    assert error.reason == "e1: the space is already occupied"
    assert error.template == "{name}: the space is already occupied"
    assert error.params == {"name": "e1"}
    assert verdict.to_json()["error"] == {
        "ply": 6,
        "move": "e1",
        "reason": "e1: the space is already occupied",
        "kind": "illegal-move",
        "template": "{name}: the space is already occupied",
        "params": {"name": "e1"},
    }
    assert error.describe() == "ply 6, move 'e1': e1: the space is already occupied"


def test_a_player_colour_is_a_nested_message() -> None:
    try:
        registry.legal_moves(f"dvonn b 0 {EMPTY_DVONN_BOARD}")
    except InvalidPositionError as exc:
        error = exc
    else:
        raise AssertionError("Black to make the first placement was accepted")
    assert error.reason == "White makes placement 1"
    assert error.to_json()["params"] == {"player": {"template": "White", "params": {}}, "number": 1}


def test_the_options_of_an_ambiguous_move_wrap_its_reason() -> None:
    what = Message(gettext_noop("{player}'s rows"), {"player": Message("White")})
    error = AmbiguousMoveError(
        gettext_noop("the record does not say how to remove {what}"), options=["xa1", "xb2"], what=what
    )
    assert error.reason == "the record does not say how to remove White's rows (options: xa1; xb2)"
    assert error.template == "{reason} (options: {options})"
    data = error.to_json()
    assert data["params"] == {
        "reason": {
            "template": "the record does not say how to remove {what}",
            "params": {
                "what": {
                    "template": "{player}'s rows",
                    "params": {"player": {"template": "White", "params": {}}},
                }
            },
        },
        "options": "xa1; xb2",
    }


def test_a_text_with_stray_braces_stays_as_it_is() -> None:
    assert ArbiterError("a { b").reason == "a { b"


def marked_templates() -> list[tuple[str, int, str]]:
    """Each text the arbiter marks with ``gettext_noop``: its file's name, its line and the text."""
    found = []
    for path in sorted(ARBITER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "gettext_noop"
            ):
                first = node.args[0]
                assert len(node.args) == 1 and isinstance(first, ast.Constant), (path, node.lineno)
                assert isinstance(first.value, str), (path, node.lineno)
                found.append((path.name, node.lineno, first.value))
    return found


def test_every_arbiter_error_is_raised_with_a_marked_template() -> None:
    """No f-string or plain text reaches an error: each is a gettext_noop template (or a Message)."""
    unmarked = []
    for path in sorted(ARBITER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            # a ValueError is a programming error; an AttributeError a package's lazy attribute protocol
            if (
                not node.func.id.endswith("Error")
                or node.func.id in ("ValueError", "AttributeError")
                or not node.args
            ):
                continue
            first = node.args[0]
            marked = (
                isinstance(first, ast.Call)
                and getattr(first.func, "id", "") in ("gettext_noop", "_piece_refusal")
            ) or (isinstance(first, ast.Name) and first.id == "template")  # chosen among marked ones
            if not marked and path.name != "errors.py":
                unmarked.append(f"{path.relative_to(ARBITER)}:{node.lineno}")
    assert unmarked == []
    templates = marked_templates()
    assert len(templates) > 100
    for name, line, template in templates:
        fields = [field for _, field, _, _ in string.Formatter().parse(template) if field is not None]
        assert all(field.isidentifier() for field in fields), (name, line, template)


def test_the_board_words_come_from_the_labels() -> None:
    record = registry.random_record("gipf-standard", 3)
    position = registry.replay(record).final_position
    assert position is not None
    english = registry.render_svg(position)
    assert "to move" in english and ": reserve " in english
    assert english == registry.render_svg(position, registry.SvgOptions(labels=LABELS))
    labels = {
        "White": "Wh",
        "Black": "Bl",
        "to move": "move: {player}",
        "reserve": "{player} has {count} in hand",
    }
    other = registry.render_svg(position, registry.SvgOptions(labels=labels))
    assert "move: Wh" in other or "move: Bl" in other
    assert "Wh has " in other and "Bl has " in other and "White" not in other and "Black" not in other
    assert "captured " in other and "GIPF position, " in other  # a key not given stays English
    dvonn = registry.render_svg(
        registry.replay(TWICE).final_position or "",
        registry.SvgOptions(
            labels={"placement": "P{number} {player}", "DVONN state": "{state} | {white}:{black}"}
        ),
    )
    assert "P6 Black | " in dvonn
