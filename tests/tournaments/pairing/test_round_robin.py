"""Round robins against the FIDE Berger tables (C.05 Annex 1), 3 to 16 players, colours included.

The expected tables are built here independently of the code under test, the way the Berger
rules describe them by hand: round 1 pairs 1–n, 2–(n-1), …; each next round adds n/2 to every
number except n (modulo n-1, in 1..n-1), keeps the boards in order and the colours of each
board, and moves n to the other colour. Odd counts use the dummy number n+1 for the bye.
"""

from __future__ import annotations

import pytest

from tournaments.core.codes import BYE_PAIRING_ALLOCATED
from tournaments.core.errors import PairingError
from tournaments.pairing.round_robin import berger_table, rounds_for
from tournaments.pairing.state import EventState, PlayerState
from tournaments.pairing.systems import pair_round


def hand_made_berger(players: int) -> list[list[tuple[int, int]]]:
    n = players + players % 2
    rounds = [[(i, n + 1 - i) for i in range(1, n // 2 + 1)]]
    for number in range(2, n):
        step = []
        for white, black in rounds[-1]:
            moved = [x if x == n else (x - 1 + n // 2) % (n - 1) + 1 for x in (white, black)]
            if n in moved:
                other = moved[0] if moved[1] == n else moved[1]
                step.append((n, other) if number % 2 == 0 else (other, n))
            else:
                step.append((moved[0], moved[1]))
        rounds.append(step)
    return rounds


def with_byes(players: int, table: list[list[tuple[int, int]]]) -> list[list[tuple[int, int | None]]]:
    dummy = players + 1
    result: list[list[tuple[int, int | None]]] = []
    for boards in table:
        games: list[tuple[int, int | None]] = [b for b in boards if dummy not in b]
        games += [(w if b == dummy else b, None) for w, b in boards if dummy in (w, b)]
        result.append(games)
    return result


def test_hand_made_table_matches_the_published_six_player_table() -> None:
    # FIDE C.05 Annex 1, 5 or 6 players, written out.
    assert hand_made_berger(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@pytest.mark.parametrize("players", range(3, 17))
def test_single_round_robin_matches_berger_tables(players: int) -> None:
    expected = hand_made_berger(players)
    if players % 2:
        expected_with_byes = with_byes(players, expected)
        assert berger_table(players) == expected_with_byes
    else:
        assert berger_table(players) == expected


@pytest.mark.parametrize("players", range(3, 17))
def test_every_pair_meets_once_and_colours_balance(players: int) -> None:
    table = berger_table(players)
    assert len(table) == rounds_for(players) == players + players % 2 - 1
    met = [tuple(sorted((w, b))) for boards in table for w, b in boards if b is not None]
    assert len(met) == len(set(met)) == players * (players - 1) // 2
    for player in range(1, players + 1):
        whites = sum(1 for boards in table for w, b in boards if w == player and b is not None)
        blacks = sum(1 for boards in table for w, b in boards if b == player)
        assert abs(whites - blacks) <= 1


@pytest.mark.parametrize("players", range(3, 17))
def test_double_round_robin(players: int) -> None:
    table_rounds = hand_made_berger(players)
    first = list(table_rounds)
    first[-2], first[-1] = first[-1], first[-2]  # the last two rounds of the first cycle swapped
    second = [[(b, w) for w, b in boards] for boards in table_rounds]  # the table again, colours reversed
    expected = first + second
    if players % 2:
        expected = with_byes(players, expected)  # type: ignore[assignment]
    table = berger_table(players, cycles=2)
    assert table == expected
    # Nobody plays the same colour three rounds running across the cycle boundary.
    middle = len(table) // 2
    for player in range(1, players + 1):
        colours = []
        for boards in table[middle - 2 : middle + 2]:
            for white, black in boards:
                if black is not None and player in (white, black):
                    colours.append("w" if player == white else "b")
        runs = "".join(colours)
        assert "www" not in runs and "bbb" not in runs, (players, player, runs)


def state(players: int, round_to_pair: int, system: str = "round-robin") -> EventState:
    return EventState(
        system=system,
        players=[PlayerState(number=n, name=f"P{n}") for n in range(1, players + 1)],
        round_to_pair=round_to_pair,
        total_rounds=rounds_for(players),
    )


def test_pair_round_gives_the_bye_to_the_dummy_numbers_opponent() -> None:
    paired = pair_round(state(5, 1))
    assert paired.pairs == [(2, 5), (3, 4)]
    assert paired.byes == [(1, BYE_PAIRING_ALLOCATED)]
    assert paired.as_reference_text() == "3\n2 5\n3 4\n1 0"


def test_pair_round_refuses_a_round_beyond_the_table() -> None:
    with pytest.raises(PairingError, match="round 6 does not exist"):
        pair_round(state(6, 6))


def test_pair_round_needs_two_players() -> None:
    with pytest.raises(PairingError):
        pair_round(state(1, 1))
