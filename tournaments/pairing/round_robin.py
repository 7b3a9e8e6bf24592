"""Round robin and double round robin by the FIDE Berger tables (C.05 Annex 1).

The base table comes from ``caissify_pairings`` (its ``berger_round``). On top of it:
odd player counts pair the highest number's opponent with a bye (the dummy number); in a double
round robin the last two rounds of the first cycle are played in the reverse order, and the
second cycle plays the table in its own order with every colour reversed, so that nobody gets
the same colour three rounds running across the cycle boundary (see docs/rules.md).
"""

from __future__ import annotations

from caissify_pairings.engines.round_robin import berger_round

from tournaments.core.codes import BYE_PAIRING_ALLOCATED
from tournaments.core.errors import PairingError
from tournaments.core.systems import system_spec
from tournaments.pairing.state import EventState, PairedRound


def table_size(players: int) -> int:
    """The Berger table used for ``players`` players (a dummy number makes it even)."""
    return players + (players % 2)


def rounds_for(players: int, cycles: int = 1) -> int:
    return (table_size(players) - 1) * cycles


def berger_table(players: int, cycles: int = 1) -> list[list[tuple[int, int | None]]]:
    """Every round: ``(white, black)`` pairing numbers; ``black`` None is the bye (dummy number)."""
    if players < 2:
        raise PairingError("a round robin needs at least 2 players")
    if cycles not in (1, 2):
        raise PairingError("a round robin has one or two cycles")
    size = table_size(players)
    tables = [berger_round(size, number) for number in range(1, size)]
    rounds = list(tables)
    if cycles == 2:
        if len(rounds) >= 2:
            rounds[-2], rounds[-1] = rounds[-1], rounds[-2]
        # The second cycle is the table in its own order with every colour reversed.
        rounds += [[(black, white) for white, black in table] for table in tables]
    result: list[list[tuple[int, int | None]]] = []
    for table in rounds:
        boards: list[tuple[int, int | None]] = []
        bye: tuple[int, int | None] | None = None
        for white, black in table:
            if size != players and size in (white, black):
                bye = (black if white == size else white, None)
            else:
                boards.append((white, black))
        if bye is not None:
            boards.append(bye)
        result.append(boards)
    return result


def pair(state: EventState) -> PairedRound:
    """Pair ``state.round_to_pair`` from the Berger table over the event's pairing numbers."""
    cycles = system_spec(state.system).cycles
    numbers = sorted(player.number for player in state.players)
    if numbers != list(range(1, len(numbers) + 1)):
        raise PairingError("round robin pairing numbers must run from 1 without gaps")
    table = berger_table(len(numbers), cycles)
    if not 1 <= state.round_to_pair <= len(table):
        raise PairingError(
            f"round {state.round_to_pair} does not exist: this round robin has {len(table)} rounds"
        )
    unavailable = {player.number for player in state.players if not player.available}
    paired = PairedRound()
    for white, black in table[state.round_to_pair - 1]:
        if black is None:
            if white not in unavailable:
                paired.byes.append((white, BYE_PAIRING_ALLOCATED))
            continue
        # A withdrawn player's scheduled game is not played: his opponent is left without a game,
        # and the organiser records it (a forfeit win in round robins, as the tables are fixed).
        paired.pairs.append((white, black))
    return paired
