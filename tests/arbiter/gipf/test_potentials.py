"""GIPF with potentials (ZÈRTZ, YINSH, the options and records; DVONN, PÜNCT and TAMSK in
test_potentials_stacks_tamsk.py): hand-worked positions for every rule,
allowed and refused; the decisions P-n of docs/rules.md; notation and replay round trips."""

from __future__ import annotations

import pytest

from arbiter.errors import IllegalMoveError, InvalidNotationError, InvalidOptionError
from arbiter.gipf.board import SPOT_INDEX
from arbiter.gipf.position import CLOSED
from arbiter.gipf.potentials import (
    GAME,
    VARIANTS,
    Position,
    format_position,
    parse_position,
    parse_sets,
    removal_options,
    sets_text,
)
from arbiter.verdict import Result

STANDARD = "gipf-pot-standard"
TOURNAMENT = "gipf-pot-tournament"


def board(**spots: str) -> tuple[str, ...]:
    cells = ["."] * 37
    for name, piece in spots.items():
        cells[SPOT_INDEX[name]] = piece
    return tuple(cells)


def position(
    spots: dict[str, str],
    *,
    to_move: int = 0,
    reserve: tuple[int, int] = (12, 12),
    captured: tuple[int, int] = (0, 0),
    hand: tuple[str, str] = ("Z6", "Z6"),
    sets: tuple[str, str] = ("Z6", "Z6"),
) -> str:
    text = (
        f"{STANDARD} {'/'.join(['....', '.....', '......', '.......', '......', '.....', '....'])} "
        f"w reserve={reserve[0]}/{reserve[1]} captured={captured[0]}/{captured[1]} "
        f"set={sets[0]}/{sets[1]} hand={hand[0]}/{hand[1]}"
    )
    empty = parse_position(text)
    pos = Position(empty.rules, board(**spots), to_move, reserve, captured, empty.sets, empty.hand)
    pos = Position(
        pos.rules, pos.board, to_move, reserve, captured, parse_position(text).sets, parse_position(text).hand
    )
    return format_position(parse_position(format_position(pos)))


def refused(position_text: str, move: str) -> IllegalMoveError | InvalidNotationError:
    with pytest.raises((IllegalMoveError, InvalidNotationError)) as caught:
        GAME.play(position_text, move, ply=7)
    error = caught.value
    assert isinstance(error, (IllegalMoveError, InvalidNotationError))
    assert error.ply == 7 and error.move == move
    return error


# ---------------------------------------------------------------- options (P-1, P-11, P-12)


def test_the_variants_are_offered_with_their_options_and_rated_in_the_gipf_family() -> None:
    from arbiter import registry

    keys = [STANDARD, TOURNAMENT, "gipf-ult-standard", "gipf-ult-tournament"]
    assert [v.key for v in VARIANTS] == keys
    assert [v.options["rules"] for v in VARIANTS] == ["standard", "tournament"] * 2
    assert [v.options["potentials"] for v in VARIANTS] == ["T6 Z6 D6 Y6 P6"] * 2 + ["T3 Z3 D3 Y3 P3"] * 2
    assert set(keys) <= set(registry.game_keys())  # offered wherever a game is chosen (P-12)
    assert {registry.family_of(key) for key in keys} == {"gipf"}  # P-26
    assert registry.games_of("gipf")[:3] == ["gipf-basic", "gipf-standard", "gipf-tournament"]
    assert registry.game_names()["gipf-ult-tournament"] == "Ultimate GIPF tournament"


def test_the_registry_starts_plays_and_replays_the_variant() -> None:
    from arbiter import registry

    start = registry.start(STANDARD)  # the key's own set: every kind, 6 of each (P-24)
    assert start.endswith(" set=T6Z6D6Y6P6/T6Z6D6Y6P6 hand=T6Z6D6Y6P6/T6Z6D6Y6P6")
    assert registry.start(STANDARD, {"potentials": "White Z6; Black Y3"}).endswith(" hand=Z6/Y3")
    ultimate = registry.start("gipf-ult-tournament")
    assert ultimate.endswith(" set=T3Z3D3Y3P3/T3Z3D3Y3P3 hand=T3Z3D3Y3P3/T3Z3D3Y3P3 start=g/g")
    with pytest.raises(InvalidOptionError):  # the preset allows no other set (P-25)
        registry.start("gipf-ult-standard", {"potentials": "Z6"})
    played = registry.play(start, "Da1-b2")
    assert played.move == "Da1-c3" and registry.status(played.position).to_move == 1
    record = '[Game "Ultimate GIPF standard"]\n[Result "*"]\n\n1. Pa1-c3 Pa3-b3 2. P:b2-c3=G *\n'
    verdict = registry.replay(record)
    assert verdict.valid and verdict.game == "gipf-ult-standard" and verdict.plies == 3
    assert not registry.replay(record, "gipf-pot-standard").valid  # the Game tag contradicts the key
    wrong = record.replace('[Result "*"]', '[Potentials "Z6"]\n[Result "*"]')
    assert not registry.replay(wrong).valid  # Ultimate GIPF is 3 of each kind
    assert registry.perft("gipf-pot-tournament", 2) == [42, 1764]


def test_sets_same_for_both_or_each_his_own() -> None:
    assert parse_sets("Z6 Y6") == ({"Z": 6, "Y": 6}, {"Z": 6, "Y": 6})
    assert parse_sets("White Z3; Black Y4 Z5") == ({"Z": 3}, {"Y": 4, "Z": 5})
    assert parse_sets("White none; Black Y3") == ({}, {"Y": 3})
    assert sets_text(parse_sets("White Z3; Black Y4 Z5")) == "White Z3; Black Z5 Y4"
    assert sets_text(parse_sets("Y6 Z6")) == "Z6 Y6"


@pytest.mark.parametrize(
    ("text", "template"),
    [
        ("Z2", "a player has 3 to 6 {kind}-potentials, not {count}"),
        ("Z7", "a player has 3 to 6 {kind}-potentials, not {count}"),
        ("none", "a game with potentials needs at least one potential"),
        ("Z6 Z3", "the {kind}-potentials are named twice"),
        ("Q6", "'{word}' is not a kind and count of potentials like Z6 (kinds T, Z, D, Y, P)"),
        ("White Z6", "'{word}' is not a kind and count of potentials like Z6 (kinds T, Z, D, Y, P)"),
        ("White Z6; White Y6", "each player's potentials are written 'White Z6 Y6; Black Y3', not '{text}'"),
    ],
)
def test_sets_refused(text: str, template: str) -> None:
    with pytest.raises(InvalidOptionError) as caught:
        GAME.start(STANDARD, {"potentials": text})
    assert caught.value.template == template


def test_the_start_needs_its_option_and_no_other() -> None:
    with pytest.raises(InvalidOptionError):
        GAME.start(STANDARD)
    with pytest.raises(InvalidOptionError):
        GAME.start(STANDARD, {"potentials": "Z6", "handicap": "White 2"})
    with pytest.raises(InvalidOptionError):
        GAME.start("gipf-standard", {"potentials": "Z6"})


# ---------------------------------------------------------------- bringing pieces in (P-2, P-3)


def test_a_loaded_piece_comes_in_like_any_piece_and_takes_one_piece_of_the_reserve() -> None:
    start = GAME.start(STANDARD, {"potentials": "Z6 Y3"})
    played = GAME.play(start, "Za1-b2")
    assert played.move == "Za1-c3"  # the chain's end, as GIPF writes it
    after = parse_position(played.position)
    assert after.board[SPOT_INDEX["b2"]] == "Z" and after.board[SPOT_INDEX["c3"]] == "B"
    assert after.reserve == (11, 12)
    assert after.hand == ((("Z", 5), ("Y", 3)), (("Z", 6), ("Y", 3)))


def test_a_basic_piece_brought_in_loses_the_potentials_not_yet_in_play() -> None:
    start = GAME.start(STANDARD, {"potentials": "Z6"})
    after = GAME.play(start, "a1-b2").position
    assert " hand=-/Z6" in after
    after = GAME.play(after, "Zi5-h5").position  # Black keeps his
    error = refused(after, "Za2-b3")
    assert error.template.startswith("{player} has no {kind}-potential left")
    GAME.play(after, "a2-b3")  # a basic piece is still fine


def test_a_kind_the_player_does_not_have_is_refused() -> None:
    start = GAME.start(STANDARD, {"potentials": "White Z3; Black Y3"})
    assert refused(start, "Ya1-b2").template == "{player} plays without {kind}-potentials"


def test_tournament_gipf_pieces_first_then_loaded_pieces_and_no_gipf_piece_after_them() -> None:
    start = GAME.start(TOURNAMENT, {"potentials": "Z6"})
    assert refused(start, "Za1-b2").template.endswith("must bring a GIPF-piece into play")
    pos = GAME.play(start, "Ga1-b2").position
    pos = GAME.play(pos, "Gi5-h5").position
    pos = GAME.play(pos, "Za2-b3").position  # White: loaded after a GIPF-piece
    assert parse_position(pos).start[0] == CLOSED
    pos = GAME.play(pos, "Gi4-h4").position
    error = refused(pos, "Ga3-b4")
    assert (
        error.template
        == "{player} has brought a loaded or basic piece into play: no more GIPF-pieces for him"
    )


# ---------------------------------------------------------------- using a potential (P-4, P-5)

ZERTZ = position(
    {"b5": "W", "e2": "W", "h5": "W", "e5": "Z", "e7": "w", "b2": "B", "h2": "B", "c6": "B", "e6": "b"},
    reserve=(10, 11),
    hand=("Z5", "Z6"),
)


def test_a_zertz_potential_jumps_the_pieces_next_to_it_and_lands_on_the_first_empty_spot() -> None:
    played = GAME.play(ZERTZ, "Z:e5-e8")
    after = parse_position(played.position)
    assert after.board[SPOT_INDEX["e5"]] == "w"  # the basic piece stays, plain
    assert after.board[SPOT_INDEX["e8"]] == "U"  # the used potential, no power
    assert after.board[SPOT_INDEX["e6"]] == "b" and after.board[SPOT_INDEX["e7"]] == "w"  # jumped, stay
    assert after.reserve == (10, 11) and after.to_move == 1
    assert played.move == "Z:e5-e8" and played.path == ("e5", "e8")


@pytest.mark.parametrize("move", ["Z:e5-e7", "Z:e5-e6", "Z:e5-e4", "Z:e5-f5"])
def test_a_zertz_jump_elsewhere_is_refused(move: str) -> None:
    assert refused(ZERTZ, move).template.startswith("a ZÈRTZ-potential jumps along a line")


def test_the_legal_zertz_jumps_are_the_hand_counted_ones() -> None:
    uses = [move for move in GAME.legal_moves(ZERTZ) if ":" in move]
    assert uses == ["Z:e5-e8"]  # e6 is the only occupied neighbour


def test_a_potential_is_used_only_from_a_loaded_piece_of_the_mover() -> None:
    assert refused(ZERTZ, "Z:e7-e8").template == "{spot} holds no loaded {kind} piece of {player}"
    assert refused(ZERTZ, "Y:e5-e4").template == "{spot} holds no loaded {kind} piece of {player}"


def test_a_potential_is_never_used_on_the_turn_it_comes_in() -> None:
    start = GAME.start(STANDARD, {"potentials": "Z6"})
    error = refused(start, "Za1-b2;Z:b2-d4")
    assert error.template == "two moves in one turn '{text}'"


YINSH = position(
    {
        "b5": "W",
        "e2": "W",
        "h5": "W",
        "e3": "w",
        "e4": "w",
        "g5": "Y",
        "b2": "B",
        "h2": "B",
        "e8": "B",
        "d4": "b",
    },
    reserve=(9, 11),
    hand=("Y5", "Y6"),
    sets=("Y6", "Y6"),
)


def test_a_yinsh_slide_completing_a_row_is_removed_by_the_mover_the_used_potential_out_of_the_game() -> None:
    with pytest.raises(Exception) as caught:
        GAME.play(YINSH, "Y:g5-e5")  # two ways to remove: the GIPF-piece e2 kept or taken
    assert caught.value.__class__.__name__ == "AmbiguousMoveError"
    played = GAME.play(YINSH, "Y:g5-e5;xe3,e4,e5")
    after = parse_position(played.position)
    assert after.reserve == (11, 11)  # e3 and e4 back; the used potential is out of the game
    assert after.board[SPOT_INDEX["g5"]] == "w" and after.board[SPOT_INDEX["e5"]] == "."
    assert after.board[SPOT_INDEX["e2"]] == "W"
    taken = parse_position(GAME.play(YINSH, "Y:g5-e5;xe2,e3,e4,e5").position)
    assert taken.reserve == (13, 11)


@pytest.mark.parametrize("move", ["Y:g5-c3", "Y:g5-d4", "Y:g5-b2", "Y:g5-h5"])
def test_a_yinsh_potential_may_not_pass_or_land_on_a_piece(move: str) -> None:
    assert refused(YINSH, move).template.startswith("a YINSH-potential moves along a line")


def test_the_legal_yinsh_slides_are_the_hand_counted_ones() -> None:
    uses = sorted(move.split(";")[0] for move in GAME.legal_moves(YINSH) if ":" in move)
    # g5's six lines (g7, h6 and i4 are dots): up g6; up-right h5 holds a piece; right h4; down g4, g3,
    # g2; down-left f5, e5, then d4 holds a piece; left f6, e7, d7
    hand = ["g6", "h4", "g4", "g3", "g2", "f5", "e5", "f6", "e7", "d7"]
    assert sorted(set(uses)) == sorted(f"Y:g5-{spot}" for spot in hand)


# ---------------------------------------------------------------- removals (P-6, P-7, P-9)


def test_a_loaded_piece_in_a_row_may_stay_and_when_taken_its_basic_piece_comes_back() -> None:
    cells = board(e2="W", e3="Z", e4="w", e5="U", b2="B")
    options = {tuple(sorted(o.removed)): (o.returned, o.captured) for o in removal_options(cells, 0)}
    e = [SPOT_INDEX[s] for s in ("e2", "e3", "e4", "e5")]
    assert options == {
        (e[2], e[3]): (1, 0),  # the basic piece e4 back; the used potential e5 out of the game
        (e[1], e[2], e[3]): (2, 0),  # the loaded piece's basic piece back too, its potential out
        (e[0], e[2], e[3]): (3, 0),
        (e[0], e[1], e[2], e[3]): (4, 0),
    }


def test_a_row_of_gipf_pieces_and_loaded_pieces_may_be_left_whole() -> None:
    cells = board(e2="W", e3="Z", e4="Y", e5="W", b2="B")
    assert frozenset() in {o.removed for o in removal_options(cells, 0)}


def test_opponent_pieces_in_the_row_are_captured_a_used_potential_of_his_is_not() -> None:
    cells = board(e2="w", e3="w", e4="w", e5="w", e6="u", e7="z", b2="B")
    options = {tuple(sorted(o.removed)): (o.returned, o.captured) for o in removal_options(cells, 0)}
    run = [SPOT_INDEX[s] for s in ("e2", "e3", "e4", "e5", "e6")]
    assert options == {tuple(run): (4, 0), (*run, SPOT_INDEX["e7"]): (4, 1)}


# ---------------------------------------------------------------- the end of the game (P-10)


def test_an_empty_reserve_is_no_loss_while_a_potential_can_move() -> None:
    spots = {"b5": "W", "e2": "W", "h5": "W", "e5": "Z", "e6": "b", "b2": "B", "h2": "B", "e8": "B"}
    alive = position(
        spots, reserve=(0, 11), captured=(0, 11), hand=("-", "Z6"), sets=("Z1" if False else "Z6", "Z6")
    )
    assert GAME.status(alive).to_move == 0
    assert GAME.legal_moves(alive) == ["Z:e5-e7"]
    stuck = position({**spots, "e6": ".", "d7": "b"}, reserve=(0, 11), captured=(0, 11), hand=("-", "Z6"))
    status = GAME.status(stuck)
    assert status.result == Result.BLACK_WINS and status.termination == "no-reserve"


def test_no_gipf_piece_loses_as_in_gipf() -> None:
    pos = position({"e5": "Z", "b2": "B"}, reserve=(12, 12), captured=(0, 5), hand=("Z5", "Z6"))
    status = GAME.status(pos)
    assert status.result == Result.BLACK_WINS and status.termination == "no-gipf-piece"


# ---------------------------------------------------------------- notation and records (P-13)


def test_the_notation_is_read_back_unchanged() -> None:
    for move in ["Za1-c3", "a1-b2", "Y:g5-e5;xe3,e4,e5", "xe2,e3;Z:e5-e8", "Z:e5-e8;xZe5,Ge2"]:
        from arbiter.gipf.potentials import parse_turn

        assert parse_turn(move)


RECORD = """[Game "GIPF standard with potentials"]
[Potentials "White Z6; Black Y3"]
[Result "*"]
1. Za1-c3 Yi5-h5 2. a2-b3 *
"""


def test_a_record_is_replayed_and_a_refused_move_names_its_ply() -> None:
    verdict = GAME.replay(RECORD)
    assert verdict.valid and verdict.plies == 3 and verdict.result is None
    bad = GAME.replay(RECORD.replace("2. a2-b3", "2. Za2-b3 Za1-b2"))
    assert not bad.valid and bad.error is not None
    assert bad.error.ply == 4 and bad.error.move == "Za1-b2"
    assert bad.error.template == "{player} plays without {kind}-potentials"


def test_a_zertz_potential_jumps_gipf_pieces_and_used_potentials_but_needs_a_landing_spot() -> None:
    spots = {"b5": "W", "e2": "W", "h5": "W", "e5": "Z", "e6": "B", "e7": "u", "b2": "B", "h2": "B"}
    pos = position(spots, reserve=(11, 12), hand=("Z5", "Z5"))
    assert [move for move in GAME.legal_moves(pos) if ":" in move] == ["Z:e5-e8"]
    full = position({**spots, "e8": "b"}, reserve=(11, 11), hand=("Z5", "Z5"))
    assert [move for move in GAME.legal_moves(full) if ":" in move] == []  # the run reaches e9, a dot
    assert refused(full, "Z:e5-e8").template.startswith("a ZÈRTZ-potential jumps along a line")


def test_the_hand_worked_records_of_the_rules_get_their_verdicts() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("## GIPF with potentials") : text.index("## DVONN")]
    found = re.findall(r"```record\n(.*?)```\nVerdict: ([^\n]*)\n", section, re.S)
    assert len(found) == 13
    for record, expected in found:
        verdict = GAME.replay(record)
        if verdict.valid:
            assert expected == f"valid, {verdict.plies} plies, unfinished."
        else:
            assert verdict.error is not None and verdict.error.describe() == expected
