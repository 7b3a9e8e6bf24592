"""The Dutch adapter on hand-made states: byes, absences, forbidden pairs, refusals, and the
one place where caissify-pairings 0.5.0 is wrong (the rank used by colour rules E.4/E.5)."""

from __future__ import annotations

import pytest
from caissify_pairings.engines.dutch import DutchEngine

from tournaments.core.errors import PairingError
from tournaments.pairing.dutch import RankedColourEngine, _scores_before, engine_player
from tournaments.pairing.state import EventState, PlayerState, RoundEntry
from tournaments.pairing.systems import pair_round


def player(
    number: int, points: int = 0, history: list[RoundEntry] | None = None, **extra: object
) -> PlayerState:
    return PlayerState(
        number=number, name=f"P{number}", rating=2000 - number, points=points, history=history or [], **extra
    )


def swiss(players: list[PlayerState], round_to_pair: int, total: int = 5, **extra: object) -> EventState:
    return EventState(
        system="swiss-dutch", players=players, round_to_pair=round_to_pair, total_rounds=total, **extra
    )


def game(opponent: int, colour: str, code: str) -> RoundEntry:
    return RoundEntry(opponent, colour, code)


def test_round_one_pairs_top_half_against_bottom_half_and_gives_the_last_the_bye() -> None:
    paired = pair_round(swiss([player(n) for n in range(1, 8)], 1))
    assert paired.pairs == [(1, 4), (5, 2), (3, 6)]
    assert paired.byes == [(7, "pab")]
    assert paired.as_reference_text() == "4\n1 4\n5 2\n3 6\n7 0"


def test_top_seed_colour_black_flips_round_one() -> None:
    paired = pair_round(swiss([player(n) for n in range(1, 5)], 1, top_seed_colour="black"))
    assert paired.pairs == [(3, 1), (2, 4)]


def test_unavailable_players_are_not_paired_and_requested_byes_come_back() -> None:
    players = [player(n) for n in range(1, 7)]
    players[0].available, players[0].absent_code = False, "H"  # half-point bye
    players[1].available, players[1].absent_code = False, "Z"  # known absence
    players[2].available = False  # withdrawn: nothing at all
    paired = pair_round(swiss(players, 1))
    # 4, 5 and 6 are left: 4 meets 5 and 6 gets the pairing-allocated bye. In round 1, E.5
    # counts the players present (as the reference engine does; see the test of round 1 with an
    # absent player): 4 is the first of them, so he gets the initial colour, White.
    assert paired.pairs == [(4, 5)]
    assert paired.byes == [(6, "pab"), (1, "half"), (2, "zero")]
    assert 3 not in [n for pair in paired.pairs for n in pair] + [n for n, _ in paired.byes]


def test_forbidden_pair_is_never_paired() -> None:
    players = [player(n) for n in range(1, 5)]
    plain = pair_round(swiss(players, 1))
    assert (1, 3) in plain.pairs
    paired = pair_round(swiss(players, 1, forbidden_pairs=[(3, 1)]))
    assert all({1, 3} != set(pair) for pair in paired.pairs)
    # the next best: 1-4 and 2-3, colours by pairing number (odd: the initial colour, white)
    assert paired.pairs == [(1, 4), (3, 2)] and paired.byes == []


def test_pairing_allocated_bye_goes_to_someone_who_had_none() -> None:
    # Round 2 of three players: 3 had the bye in round 1, so it goes to the lowest score that can
    # have it: 2 (0 points). 1 had White, so 3 gets White.
    players = [
        player(1, 2, [game(2, "w", "1")]),
        player(2, 0, [game(1, "b", "0")]),
        player(3, 2, [RoundEntry(None, None, "U")]),
    ]
    paired = pair_round(swiss(players, 2, total=3))
    assert paired.byes == [(2, "pab")] and paired.pairs == [(3, 1)]
    # A forfeit win also counts as a win without play.
    players[2].history = [game(9, "w", "+")]
    paired = pair_round(swiss(players, 2, total=3))
    assert paired.byes == [(2, "pab")] and paired.pairs == [(3, 1)]


def test_no_valid_pairing_is_reported_as_such() -> None:
    players = [player(1, 2, [game(2, "w", "1")]), player(2, 0, [game(1, "b", "0")])]
    with pytest.raises(PairingError, match="no valid pairing exists"):
        pair_round(swiss(players, 2, total=3))
    with pytest.raises(PairingError, match="no valid pairing exists"):
        pair_round(swiss([player(1, available=False), player(2, available=False)], 1))


def test_forfeits_do_not_count_as_games_for_colours_or_rematches() -> None:
    players = [player(1, 2, [game(2, "w", "+")]), player(2, 0, [game(1, "b", "-")])]
    paired = pair_round(swiss(players, 2, total=3))
    # they may meet again: the game was not played; with no colour history, 1 (odd) has White
    assert paired.pairs == [(1, 2)] and paired.byes == []
    snapshot = engine_player(players[0], swiss(players, 2), _scores_before(swiss(players, 2)))
    assert snapshot["color_hist"] == [] and snapshot["forfeit_win_count"] == 1
    assert snapshot["float_history"] == ["down"]


def test_library_ranks_by_pairing_number_in_colour_rule_e4_and_we_rank_by_score() -> None:
    """Reference corpus t04-p9-r6-d0, round 5: players 1 and 3 both played w-b-w-b, so both prefer
    white mildly and E.1-E.3 do not decide. E.4 grants the higher ranked player's preference, and
    the higher ranked (A.2: score first) is 3 with 4 points against 1's 3 points: 3 gets white.
    caissify-pairings compares pairing numbers only and gives white to 1."""
    history_1 = [game(5, "w", "1"), game(6, "b", "0"), game(8, "w", "1"), game(2, "b", "1")]
    history_3 = [game(7, "w", "1"), game(9, "b", "1"), game(6, "w", "1"), game(5, "b", "1")]
    state = swiss([player(1, 6, history_1), player(3, 8, history_3)], 5, total=6)
    before = _scores_before(state)
    snapshots = [engine_player(p, state, before) for p in state.players]
    for engine_class, white in ((DutchEngine, 1), (RankedColourEngine, 3)):
        engine = engine_class(players=snapshots, previous_pairings=set(), round_number=5, total_rounds=6)
        p1, p3 = engine._player_map[1], engine._player_map[3]
        assert engine._assign_colors(p1, p3)[0].id == white
    assert pair_round(state).pairs == [(3, 1)]


def test_round_one_colours_alternate_by_board_when_a_player_is_absent() -> None:
    """Round 1 of five, number 2 absent (zero-point bye): the four present players are split
    1 3 | 4 5, boards 1-4 and 3-5. E.5 as the reference engine reads it in round 1 numbers the
    players present: 1 is first (odd: the initial colour, White), 3 is second (even: Black). The
    large corpus has such rounds (round 1 of t24-p200-r9-d10, with number 8 absent)."""
    players = [player(n) for n in range(1, 6)]
    players[1] = player(2, available=False, absent_code="Z")
    paired = pair_round(swiss(players, 1))
    assert paired.pairs == [(1, 4), (5, 3)]
    assert paired.byes == [(2, "zero")]
