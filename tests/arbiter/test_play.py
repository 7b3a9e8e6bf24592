"""The play API (start, legal_moves, play, status) and replay agree: a record replayed gives, ply
after ply, the positions that playing its moves one by one gives, and the status at its end is the
verdict's result and termination. Refusals through ``play`` are the replay's typed errors.

The shared records (../shared/records) and seeded random games of every rule set are played both
ways; the refusals and the statuses of hand-built positions are worked out by hand from the
rulebooks (docs/rules.md).
"""

from __future__ import annotations

import random

import pytest

from arbiter import registry
from arbiter.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidRecordError,
    UnknownGameError,
)
from arbiter.gipf.notation import removal_text
from arbiter.gipf.position import parse_position
from arbiter.gipf.rules import removal_options
from arbiter.play import REMOVAL, Owed, Played
from arbiter.records import format_record, parse_tagged
from tests.arbiter.gipf.support import position as gipf_position
from tests.conftest import shared_path

GAME_TAGS = {
    "gipf-basic": "GIPF basic",
    "gipf-standard": "GIPF standard",
    "gipf-tournament": "GIPF tournament",
    "dvonn": "DVONN",
}
NATURAL = {"no-reserve", "no-gipf-piece", "score"}
GIPF_ENDS = {"1-0", "0-1", "resign", "time", "arbiter", "*"}
EMPTY_DVONN = "dvonn w 0 " + "/".join(",".join("." * n) for n in (9, 10, 11, 10, 9))


def _shared_records() -> list[tuple[str, str]]:
    found = []
    for game in ("gipf", "dvonn"):
        for path in sorted(shared_path("records", game).glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            if "# game" in text:  # a CodeCup file of several games: one record each
                found += [
                    (f"{path.name} game {n}", "# game" + part)
                    for n, part in enumerate(text.split("# game")[1:], 1)
                ]
            else:
                found.append((path.name, text))
    return found


def status_of_mover(position: str) -> int:
    return registry.side_to_move(position)


def _first_ending(position: str, options: tuple[str, ...]) -> Played:
    for option in options:
        try:
            played = registry.play(position, option)
        except InvalidNotationError:  # a removal after which a push is due
            continue
        assert played.status.ended and not played.path
        return played
    raise AssertionError(f"no removal ends the game in {position}")


def _play_along(text: str) -> None:
    """Replay ``text``, then play its plies one by one from the start and compare."""
    verdict, plies = registry.replay_traced(text)
    assert verdict.valid, verdict.error
    position = registry.start(verdict.game)
    for trace in plies:
        assert trace.before == position
        played = registry.play(position, trace.move, ply=trace.ply)
        assert (played.position, played.path, played.removed) == (trace.after, trace.path, trace.removed)
        assert played.before == position
        position = played.position
    assert position == verdict.final_position
    if verdict.game != "dvonn":
        # a record may end with the removal that ends the game, before any push (no ply)
        words = [word for word in parse_tagged(text).tokens if word not in GIPF_ENDS]
        if len(words) == verdict.plies + 1:
            position = registry.play(position, words[-1]).position
    status = registry.status(position)
    if verdict.termination in NATURAL:
        assert (status.result, status.termination) == (verdict.result, verdict.termination)
    elif verdict.termination == "unfinished":
        assert not status.ended and status.to_move == registry.side_to_move(position)


def test_replay_and_play_agree_on_every_shared_record() -> None:
    records = _shared_records()
    assert len(records) >= 31  # 30 GIPF games, the Little Golem game and the CodeCup games
    for name, text in records:
        try:
            _play_along(text)
        except AssertionError as exc:
            raise AssertionError(f"{name}: {exc}") from exc


@pytest.mark.parametrize("game", sorted(GAME_TAGS))
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_replay_and_play_agree_on_random_play(game: str, seed: int) -> None:
    rng = random.Random(seed)
    position = registry.start(game)
    positions, moves = [position], []
    status = registry.status(position)
    while not status.ended and len(moves) < 400:
        options = registry.legal_moves(position)
        if not options:  # only a removal that ends the game is left (GIPF): the first that does
            (owed, *_) = status.owed
            assert owed.player == status.to_move and owed.kind == REMOVAL
            ending = _first_ending(position, owed.options)
            moves.append(ending.move)
            status = ending.status
            break
        chosen = rng.choice(options)
        played = registry.play(position, chosen.notation, ply=len(moves) + 1)
        assert played.position == chosen.position  # play and legal_moves agree
        assert played.move == chosen.notation
        position = played.position
        positions.append(position)
        moves.append(played.move)
        status = played.status
        assert status == registry.status(position)
    if status.ended and game != "dvonn" and len(moves) == len(positions) - 1:
        # over whatever the player to move removes: a record names his removal when he has a choice
        options = removal_options(parse_position(position).board, status_of_mover(position))
        if len(options) > 1 and options[0].removed:
            moves.append(removal_text(options[0]))
    record = format_record({"Game": GAME_TAGS[game]}, moves)
    verdict, plies = registry.replay_traced(record)
    assert verdict.valid, verdict.error
    assert [trace.after for trace in plies] == positions[1:]
    if status.ended:
        assert (verdict.result, verdict.termination, verdict.score) == (
            status.result,
            status.termination,
            status.score,
        )
    else:
        assert verdict.termination == "unfinished"


# ---------------------------------------------------------------- the start


def test_the_start_of_each_game() -> None:
    # the rulebooks: standard GIPF starts with 3 GIPF-pieces each on the corner spots, 12 in reserve
    assert registry.start("gipf-standard") == gipf_position(
        "standard", {"b5": "W", "e2": "W", "h5": "W", "b2": "B", "e8": "B", "h2": "B"}, "w", (12, 12)
    )
    assert registry.start("gipf-tournament") == gipf_position("tournament", {}, "w", (18, 18), start="g/g")
    assert registry.start("dvonn", {}) == EMPTY_DVONN
    # a basic game's handicap: extra pieces in one reserve, as the record's Handicap tag gives them
    assert registry.start("gipf-basic", {"handicap": "Black 3"}) == gipf_position(
        "basic", {"b5": "w", "e2": "w", "h5": "w", "b2": "b", "e8": "b", "h2": "b"}, "w", (12, 15)
    )


def test_a_wrong_start_is_refused_with_a_typed_error() -> None:
    with pytest.raises(UnknownGameError):
        registry.start("chess")
    with pytest.raises(InvalidRecordError, match="a handicap \\(extra pieces\\) is only for basic games"):
        registry.start("gipf-standard", {"handicap": "White 1"})
    with pytest.raises(InvalidOptionError) as caught:
        registry.start("dvonn", {"handicap": "White 1"})
    assert caught.value.params == {"option": "handicap", "game": "dvonn"}
    with pytest.raises(InvalidOptionError, match="the option 'handicap' must be a text"):
        registry.start("gipf-basic", {"handicap": 2})


# ---------------------------------------------------------------- refusals, as a replay gives them


def test_dvonn_refusals_name_the_ply_the_move_and_the_position() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        registry.play(EMPTY_DVONN, "a1-b1", ply=1)
    error = caught.value
    assert error.reason == "a1-b1: placement phase, White must place a DVONN piece (placement 1 of 49)"
    assert (error.ply, error.move, error.position) == (1, "a1-b1", EMPTY_DVONN)
    first = registry.play(EMPTY_DVONN, "E1", ply=1)  # CodeCup spelling; the service writes e1
    assert (first.move, first.path, first.removed) == ("e1", ("e1",), ())
    assert first.status.to_move == 1 and first.status.score == (0, 0)
    with pytest.raises(IllegalMoveError) as caught:
        registry.play(first.position, "e1", ply=2)
    assert caught.value.describe() == "ply 2, move 'e1': e1: the space is already occupied"
    assert caught.value.position == first.position
    with pytest.raises(InvalidNotationError):
        registry.play(EMPTY_DVONN, "z9")


def test_gipf_refusals_are_the_replays() -> None:
    standard = registry.start("gipf-standard")
    with pytest.raises(IllegalMoveError) as caught:
        registry.play(standard, "Ga1-b2", ply=1)
    assert (
        caught.value.reason
        == "in a standard game no GIPF-piece may be brought into play (each starts with 3)"
    )
    assert (caught.value.ply, caught.value.move, caught.value.position) == (1, "Ga1-b2", standard)
    with pytest.raises(
        IllegalMoveError, match="White's first turn in a tournament game must bring a GIPF-piece"
    ):
        registry.play(registry.start("gipf-tournament"), "a1-b2")
    with pytest.raises(InvalidNotationError, match="a push starts on a dot of the outer ring; b2 is not one"):
        registry.play(standard, "b2-b3")


# ---------------------------------------------------------------- what a move leaves open

# Black to move; column e holds w w w . W from e2 up, Black's GIPF-piece is on b2, White's other on h5.
BEFORE_PUSH = gipf_position(
    "standard", {"e2": "w", "e3": "w", "e4": "w", "e6": "W", "b2": "B", "h5": "W"}, "b", (10, 14)
)
# Black's push from e1 moves the chain e2-e4 up to e5: b w w w W on e2-e6, a white row of four with
# Black's piece on e2 joined to it. White removes it at the start of his turn, and may keep his
# GIPF-piece on e6 or take it: two choices, owed by White.
AFTER_PUSH = gipf_position(
    "standard", {"e2": "b", "e3": "w", "e4": "w", "e5": "w", "e6": "W", "b2": "B", "h5": "W"}, "w", (10, 13)
)
WHITES_CHOICE = Owed(0, REMOVAL, ("xe2,e3,e4,e5", "xe2,e3,e4,e5,e6"))


def test_a_push_that_makes_a_row_of_the_opponent_leaves_him_a_choice() -> None:
    played = registry.play(BEFORE_PUSH, "e1-e2", ply=20)
    assert played.position == AFTER_PUSH
    assert played.move == "e1-e5"  # the official spelling: the spot where the chain ends
    assert played.path == ("e1", "e2", "e3", "e4", "e5") and played.removed == ()
    assert played.owed == (WHITES_CHOICE,)
    assert registry.status(AFTER_PUSH).to_move == 0 and not registry.status(AFTER_PUSH).ended
    with pytest.raises(AmbiguousMoveError) as caught:
        registry.play(AFTER_PUSH, "a1-b2", ply=21)
    assert caught.value.options == ["xe2,e3,e4,e5", "xe2,e3,e4,e5,e6"]
    taken = registry.play(AFTER_PUSH, "xe2,e3,e4,e5;a1-b2", ply=21)
    assert taken.removed == ("e2", "e3", "e4", "e5") and taken.owed == ()


# White to move; column e holds w w w W B from e2 up: a white row with White's only GIPF-piece (e5)
# and Black's only one (e6) joined to it. Either may be kept or taken: four ways to remove it.
ROW_OF_BOTH_GIPFS = gipf_position(
    "standard", {"e2": "w", "e3": "w", "e4": "w", "e5": "W", "e6": "B"}, "w", (10, 10)
)


def test_a_removal_alone_is_a_turn_when_it_ends_the_game() -> None:
    status = registry.status(ROW_OF_BOTH_GIPFS)
    assert (status.to_move, status.ended) == (0, False)
    assert status.owed == (
        Owed(0, REMOVAL, ("xe2,e3,e4", "xe2,e3,e4,e5", "xe2,e3,e4,e5,e6", "xe2,e3,e4,e6")),
    )
    # taking Black's GIPF-piece and keeping his own: Black has none left and loses
    won = registry.play(ROW_OF_BOTH_GIPFS, "xe2,e3,e4,e6", ply=30)
    assert (won.move, won.path, won.removed) == ("xe2,e3,e4,e6", (), ("e2", "e3", "e4", "e6"))
    assert (won.status.to_move, won.status.result, won.status.termination) == (None, "1-0", "no-gipf-piece")
    assert won.position == gipf_position("standard", {"e5": "W"}, "b", (13, 10), captured=(2, 0))
    assert registry.status(won.position) == won.status
    # taking both: White removed last and is left without a GIPF-piece: he loses first
    lost = registry.play(ROW_OF_BOTH_GIPFS, "xe2,e3,e4,e5,e6")
    assert (lost.status.result, lost.status.termination) == ("0-1", "no-gipf-piece")
    # keeping both ends nothing: a push must follow
    with pytest.raises(InvalidNotationError, match="'xe2,e3,e4' has no push"):
        registry.play(ROW_OF_BOTH_GIPFS, "xe2,e3,e4", ply=30)


def test_a_player_with_nothing_to_bring_into_play_has_lost() -> None:
    # basic GIPF: White to move with an empty reserve and no row to take back: Black wins
    position = gipf_position("basic", {"b2": "w", "c3": "w", "b5": "b"}, "w", (0, 5), captured=(0, 15))
    status = registry.status(position)
    assert (status.to_move, status.result, status.termination, status.owed) == (None, "0-1", "no-reserve", ())
    with pytest.raises(
        IllegalMoveError, match="the game is over: White has no piece left to bring into play"
    ):
        registry.play(position, "a1-b2", ply=40)
    assert registry.legal_moves(position) == []


def test_a_row_of_gipf_pieces_left_standing_stays_a_choice_of_its_owner() -> None:
    # Black left his row of four GIPF-pieces e2-e5 standing; White is to move. Black may take any
    # of the four GIPF-pieces or none (a row of GIPF-pieces alone may stay): 2^4 = 16 ways, owed by
    # Black while White plays on.
    position = gipf_position(
        "standard", {"e2": "B", "e3": "B", "e4": "B", "e5": "B", "b5": "W"}, "w", (10, 10)
    )
    status = registry.status(position)
    assert (status.to_move, status.ended) == (0, False)
    (owed,) = status.owed
    assert (owed.player, owed.kind, len(owed.options)) == (1, REMOVAL, 16)
    assert {"", "xe2", "xe5", "xe2,e3,e4,e5"} <= set(owed.options)
    played = registry.play(position, "a1-b2", ply=12)
    assert [found.player for found in played.owed] == [1]  # Black, now to move, still chooses
