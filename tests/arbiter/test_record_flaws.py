"""A refusal that names the flaw (issue 41 item 6): a record that is one game's but for one flaw is
refused as that game's record, naming the line and the flaw, for every registered game (a test-only
game registered as a package too: the mechanism is the registry's and ``arbiter.records``', no
game's own). The flaws: a line after the record's end, a comment never closed, a broken tag line, no
``[Game]`` tag. A TZAAR ``[Setup "random"]`` is told about its setup; control characters are shown
escaped by the command line and the API.

Every record starts as a game's own random record (``registry.random_record``, valid); the flaw is
put on a line this test knows, and the expected line numbers are counted here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter import records, registry
from arbiter.cli import main
from arbiter.errors import ArbiterError, UnreadableRecordError
from tests.toygame import SPEC as STONES

KEYS = registry.game_keys()


@pytest.fixture
def stones() -> Iterator[None]:
    registry.register(STONES)
    try:
        yield
    finally:
        registry.unregister(STONES)


def _ended(key: str) -> list[str]:
    """A valid record of ``key`` as lines, ending with its ending words (``*`` added if it had none)."""
    text = registry.random_record(key, 11)
    assert registry.replay(text).valid
    lines = text.rstrip("\n").splitlines()
    _moves, ending = records.split_ending(records.parse_tagged(text).tokens)
    if not ending:
        lines[-1] += " *"
    return lines


def _first_move_line(lines: list[str]) -> int:
    """The 0-based index of the first line of moves (after the tag block and its blank line)."""
    return next(i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("["))


def _refusal(text: str) -> str:
    """What the registry says of ``text``: its error, refused as unreadable or as invalid."""
    try:
        verdict = registry.replay(text)
    except UnreadableRecordError as refused:
        return refused.describe()
    assert not verdict.valid and verdict.error is not None, text
    return verdict.error.describe()


def _names(key: str) -> set[str]:
    spec = registry.spec_for(key)
    return {variant.name for variant in spec.variants}


@pytest.mark.parametrize("key", KEYS)
def test_a_line_after_the_records_end_is_named(key: str) -> None:
    lines = _ended(key)
    said = _refusal("\n".join([*lines, "", "hello world", ""]))
    assert f"line {len(lines) + 2}: 'hello world' follows the record's end" in said, said


@pytest.mark.parametrize("key", KEYS)
def test_a_comment_never_closed_is_named_with_its_line_and_game(key: str) -> None:
    lines = _ended(key)
    at = _first_move_line(lines)
    lines[at] = "{ a note " + lines[at]
    said = _refusal("\n".join(lines))
    assert f"but for line {at + 1}: the comment '{{ a note" in said and "never closed" in said, said
    assert any(f"a {name} record" in said for name in _names(key)), said


@pytest.mark.parametrize("key", KEYS)
def test_a_broken_tag_line_is_named_with_its_line_and_game(key: str) -> None:
    lines = _ended(key)
    at = next(i for i, line in enumerate(lines) if line.startswith("[") and not line.startswith("[Game"))
    broken = lines[at][:-2]  # its closing quote and bracket lost
    lines[at] = broken
    said = _refusal("\n".join(lines))
    assert f"but for line {at + 1}: malformed tag pair: {broken!r}" in said, said
    assert any(f"a {name} record" in said for name in _names(key)), said


@pytest.mark.parametrize("key", KEYS)
def test_a_record_without_its_game_tag_is_told_which_tag_to_write(key: str) -> None:
    lines = [line for line in _ended(key) if not line.startswith("[Game ")]
    try:
        verdict = registry.replay("\n".join(lines))
    except UnreadableRecordError as refused:
        said = refused.describe()
        suggested = re.search(r'write \[Game "([^"]+)"\] before the moves', said)
        assert suggested is not None, said
        # the game it is, or a variant of it with the same moves (YINSH and YINSH blitz)
        assert registry.spec_for(suggested.group(1)) is registry.spec_for(key), said
    else:  # a game whose records say what they are without the tag (GIPF's): read as its own
        assert verdict.valid and registry.spec_for(verdict.game) is registry.spec_for(key)


def test_a_text_of_no_game_is_still_no_record_of_any_known_game() -> None:
    for text in ("hello world\nthis is no record", '[Event "x"\n1. zz yy'):
        with pytest.raises(UnreadableRecordError, match="not a record of any known game"):
            registry.replay(text)


def test_a_game_registered_as_a_package_gets_the_same_refusals(stones: None) -> None:
    """Stones (tests/toygame) has no word of its own on these flaws."""
    record = ['[Game "stones"]', '[White "Ann"]', "", "1. 3 3 2. 2 1 0-1"]  # Black took the last stone
    assert registry.replay("\n".join(record)).valid
    said = _refusal("\n".join([*record, "junk"]))
    assert said == "line 5: 'junk' follows the record's end '0-1': nothing may follow it", said
    broken = [record[0], '[White "Ann]', *record[2:]]
    assert "a Stones record but for line 2: malformed tag pair" in _refusal("\n".join(broken))


def test_a_tzaar_setup_that_is_a_word_is_told_about_the_setup() -> None:
    lines = _ended("tzaar")
    for word, expected in (
        ("random", "a record of a random start lists its 60 pieces in its Setup tag"),
        ("standard", "the Setup tag is fixed, placement or the 60 pieces (a1:wO …), not 'standard'"),
    ):
        text = "\n".join(re.sub(r'^\[Setup "[^"]*"\]$', f'[Setup "{word}"]', line) for line in lines)
        said = _refusal(text)
        assert said == expected and "not a space" not in said, said


def test_control_characters_are_shown_escaped_by_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _ended("dvonn")
    at = _first_move_line(lines)
    lines[at] = lines[at].replace("1. ", "1. \x00\u202e", 1)
    record = tmp_path / "record.txt"
    record.write_text("\n".join(lines), encoding="utf-8")
    main(["replay", str(record)])
    out = capsys.readouterr().out
    assert "\\x00\\u202e" in out and "\x00" not in out and "\u202e" not in out, out


def test_an_errors_quoted_text_is_escaped_wherever_it_is_shown() -> None:
    error = ArbiterError("'{word}' is no move", ply=3, move="a\x01b", position="x", word="a\x01b")
    assert (error.move, error.params["word"]) == ("a\\x01b", "a\\x01b")
    assert error.describe() == "ply 3, move 'a\\x01b': 'a\\x01b' is no move"
    assert error.at(move="\x07") is error and error.move == "a\\x01b"  # known already: kept
