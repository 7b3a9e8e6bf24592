"""Games declare themselves: the registry lists the built-in specs, and a game registered at run time
(``tests/arbiter/fake_game.py``) is listed, replayed and offered by the CLI like the built-in ones."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from arbiter import dvonn, gipf, registry
from arbiter.cli import build_parser, main
from arbiter.errors import UnknownGameError
from arbiter.spec import Choice, End, GameSpec, Piece, StartOption, Variant
from arbiter.verdict import Termination
from tests.arbiter import fake_game


@pytest.fixture
def pebbles() -> Iterator[GameSpec]:
    with fake_game.registered() as spec:
        yield spec


def test_the_registry_lists_the_built_in_games() -> None:
    # first the built-in games (the test settings may register more after them)
    assert registry.specs()[:2] == (gipf.SPEC, dvonn.SPEC)
    assert registry.game_keys()[:4] == ("gipf-basic", "gipf-standard", "gipf-tournament", "dvonn")
    assert list(registry.game_names().items())[:4] == [
        ("gipf-basic", "GIPF basic"),
        ("gipf-standard", "GIPF standard"),
        ("gipf-tournament", "GIPF tournament"),
        ("dvonn", "DVONN"),
    ]
    assert list(registry.families().items())[:2] == [("gipf", "GIPF"), ("dvonn", "DVONN")]
    assert registry.games_of("gipf") == [
        "gipf-basic",
        "gipf-standard",
        "gipf-tournament",
        "gipf-pot-standard",  # GIPF with potentials, rated in the GIPF family (docs/rules.md, P-26)
        "gipf-pot-tournament",
        "gipf-ult-standard",
        "gipf-ult-tournament",
    ]
    assert registry.default_game() == "gipf-standard"
    # the GIPF rule sets as variant options (rules summary: basic, standard, tournament)
    assert [v.options for v in gipf.SPEC.variants] == [
        {"rules": "basic"},
        {"rules": "standard"},
        {"rules": "tournament"},
    ]
    assert gipf.SPEC.score is None and dvonn.SPEC.score == "stack score {score}"


def test_a_game_registered_at_run_time_is_listed_everywhere(pebbles: GameSpec) -> None:
    assert registry.specs()[-1] is pebbles
    assert registry.game_keys()[-1] == "pebbles"
    assert registry.game_names()["pebbles"] == "Pebbles"
    assert registry.families()["pebbles"] == "Pebbles"
    assert registry.family_of("pebbles") == "pebbles"
    assert registry.termination_of("last-pebble") is Termination.GOAL
    # 5 pebbles: White takes 2, Black 2, White the last one
    verdict = registry.replay("pebbles 2 2 1")
    assert verdict.valid and verdict.result == "1-0" and verdict.termination == "last-pebble"
    # the play API goes to its engine too: White takes 2 of the 5, Black is to move
    played = registry.play(registry.start("pebbles"), "2")
    assert played.position == "pebbles 3 1" and registry.status(played.position).to_move == 1
    assert "pebbles" in _choices_of_game_option("replay")


def test_a_registered_game_goes_away_when_unregistered(pebbles: GameSpec) -> None:
    registry.unregister(pebbles)
    try:
        assert "pebbles" not in registry.game_keys()
        with pytest.raises(UnknownGameError):
            registry.spec_for("pebbles")
    finally:
        registry.register(pebbles)


def test_the_cli_replays_a_registered_game(pebbles: GameSpec, tmp_path, capsys) -> None:
    record = tmp_path / "game.txt"
    record.write_text("pebbles 1 1 1 2\n")
    assert main(["replay", str(record), "--game", "pebbles"]) == 0
    out = capsys.readouterr().out
    # 5 pebbles: 1, 1, 1 leave 2 and Black takes both
    assert "valid Pebbles record: 4 plies" in out and "result: 0-1 (last-pebble)" in out


def test_a_key_is_registered_once() -> None:
    clash = GameSpec(
        name="Pebbles again",
        family="pebbles",
        variants=(Variant("pebbles", "Pebbles"),),
        ends=(),
        notation="",
        engine=fake_game.PebblesEngine(),
    )
    registry.register(fake_game.SPEC)
    try:
        with pytest.raises(ValueError, match="already registered"):
            registry.register(clash)
        assert registry.register(fake_game.SPEC) is fake_game.SPEC  # the same spec again: no change
        assert registry.game_keys().count("pebbles") == 1
    finally:
        registry.unregister(fake_game.SPEC)


def test_a_spec_that_cannot_be_stored_is_refused() -> None:
    engine = fake_game.PebblesEngine()
    with pytest.raises(ValueError, match="not 1 to 20 lower-case"):
        GameSpec("Pebbles", "pebbles", (Variant("Pebbles", "Pebbles"),), (), "", engine)
    with pytest.raises(ValueError, match="not a natural termination"):
        end = End("pebbles-resigned", Termination.RESIGNATION, "")
        GameSpec("Pebbles", "pebbles", (Variant("pebbles", "Pebbles"),), (end,), "", engine)
    with pytest.raises(ValueError, match="a termination every game names"):
        end = End("time", Termination.GOAL, "")
        GameSpec("Pebbles", "pebbles", (Variant("pebbles", "Pebbles"),), (end,), "", engine)
    with pytest.raises(ValueError, match="engine plays other keys"):
        GameSpec("Pebbles", "pebbles", (Variant("stones", "Stones"),), (), "", engine)


def test_register_package_takes_the_spec_of_a_dotted_path() -> None:
    assert registry.register_package("tests.arbiter.fake_game") is fake_game.SPEC
    registry.unregister(fake_game.SPEC)
    with pytest.raises(ValueError, match="declares no game"):
        registry.register_package("arbiter.verdict")


def _choices_of_game_option(command: str) -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    game = next(a for a in sub.choices[command]._actions if a.dest == "game")  # type: ignore[index]
    return list(game.choices or [])


def test_a_spec_names_its_engine_by_its_place_and_loads_it_when_first_asked() -> None:
    spec = GameSpec(
        "Pebbles",
        "pebbles",
        (Variant("pebbles", "Pebbles"),),
        (),
        "",
        "tests.arbiter.fake_game:PebblesEngine",
    )
    assert spec._loaded is None  # made without importing or making the engine
    engine = spec.load_engine()
    assert isinstance(engine, fake_game.PebblesEngine) and spec.load_engine() is engine
    # the built-in games name theirs the same way: the registry loads one when it is asked for
    assert isinstance(gipf.SPEC.engine, str) and isinstance(dvonn.SPEC.engine, str)
    assert registry.engine_for("dvonn") is dvonn.SPEC.load_engine() is dvonn.ENGINE


def test_a_spec_whose_place_holds_no_fitting_engine_is_refused_when_loaded() -> None:
    for place in (
        "tests.arbiter.fake_game:KEY",
        "tests.arbiter.fake_game",
        "tests.arbiter.fake_game:Nothing",
    ):
        spec = GameSpec("Pebbles", "pebbles", (Variant("pebbles", "Pebbles"),), (), "", place)
        with pytest.raises(ValueError, match="names no engine class"):
            spec.load_engine()
    # the check an engine object gets when its spec is made: the engine plays other keys
    stones = GameSpec(
        "Stones", "stones", (Variant("stones", "Stones"),), (), "", "tests.arbiter.fake_game:PebblesEngine"
    )
    with pytest.raises(ValueError, match="engine plays other keys"):
        stones.load_engine()


def test_a_spec_s_picker_script_and_key_are_checked() -> None:
    engine = fake_game.PebblesEngine()
    variant = (Variant("pebbles", "Pebbles"),)
    with pytest.raises(ValueError, match="is not 'package:file.js'"):
        GameSpec("Pebbles", "pebbles", variant, (), "", engine, script="tests/arbiter/picker.js")
    with pytest.raises(ValueError, match="is not 'package:file.js'"):
        GameSpec("Pebbles", "pebbles", variant, (), "", engine, script="tests.arbiter:../x.js")
    with pytest.raises(ValueError, match="two pieces of its key share a code"):
        GameSpec(
            "Pebbles", "pebbles", variant, (), "", engine, pieces=(Piece("p", "a", ""), Piece("p", "b", ""))
        )
    option = StartOption(
        "start", "Start", "", "Start", "a start", choices=(Choice("a", "A"), Choice("a", "B"))
    )
    with pytest.raises(ValueError, match="are not distinct values"):
        GameSpec(
            "Pebbles", "pebbles", (Variant("pebbles", "Pebbles", start_options=(option,)),), (), "", engine
        )


def test_a_spec_reads_its_picker_script_from_its_package() -> None:
    from pathlib import Path

    import arbiter.yinsh

    spec = registry.spec_for("yinsh")
    on_disk = (Path(arbiter.yinsh.__file__).parent / "picker.js").read_text(encoding="utf-8")
    assert spec.script == "arbiter.yinsh:picker.js" and spec.script_text() == on_disk
    assert (
        GameSpec(
            "Pebbles", "pebbles", (Variant("pebbles", "P"),), (), "", fake_game.PebblesEngine()
        ).script_text()
        == ""
    )
