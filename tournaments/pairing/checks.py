"""The pairing rules a round's boards must keep, for engine output and hand edits alike (pure).

:func:`check_pairings` lists every rule a proposed set of boards breaks (a hand edit is stored
with its breaches in the audit, unless a problem makes it impossible to store);
:func:`check_engine_output` refuses an engine answer that breaks an absolute criterion
(C.04.3 C1-C3: every available player once, no rematch, no forbidden pair, at most one
pairing-allocated bye, and not to a player who already had an unplayed win). Both read the
history through the same helpers, so "already met" and "already had a bye" have one home here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.core.codes import BYE_KINDS, BYE_LETTERS, BYE_PAIRING_ALLOCATED, is_unplayed_win
from tournaments.core.errors import PairingError
from tournaments.pairing.state import EventState, PairedRound, PlayerState


@dataclass
class EditCheck:
    """What a proposed set of boards breaks. ``blocking`` problems make it impossible to store."""

    violations: list[str] = field(default_factory=list)
    blocking: list[str] = field(default_factory=list)


def pair_key(first: int, second: int) -> tuple[int, int]:
    return (min(first, second), max(first, second))


def met_pairs(state: EventState) -> set[tuple[int, int]]:
    """Pairs of players who have played each other over the board (forfeits and byes do not count)."""
    return {
        pair_key(player.number, entry.opponent)
        for player in state.players
        for entry in player.history
        if entry.played and entry.opponent is not None
    }


def forbidden_pairs(state: EventState) -> set[tuple[int, int]]:
    return {pair_key(a, b) for a, b in state.forbidden_pairs}


def had_unplayed_win(player: PlayerState) -> bool:
    """The player already had a bye or a win without play, so no pairing-allocated bye (C.04.1 d)."""
    return any(is_unplayed_win(entry.code, entry.opponent is not None) for entry in player.history)


def _colours(player: PlayerState) -> list[str]:
    return [entry.colour or "" for entry in player.history if entry.played]


def check_pairings(state: EventState, pairs: list[tuple[int, int]], byes: list[tuple[int, str]]) -> EditCheck:
    """List the pairing rules that boards ``pairs`` + ``byes`` break for the round in ``state``."""
    check = EditCheck()
    known = {player.number for player in state.players}
    seen: dict[int, int] = {}
    for number in [n for pair in pairs for n in pair] + [n for n, _ in byes]:
        seen[number] = seen.get(number, 0) + 1
    for number, count in sorted(seen.items()):
        if number not in known:
            check.blocking.append(f"player {number} is not in the event")
        elif count > 1:
            check.blocking.append(f"player {number} appears {count} times")
    for _number, kind in byes:
        if kind not in BYE_KINDS:
            check.blocking.append(f"'{kind}' is not a bye kind")
    for white, black in pairs:
        if white == black:
            check.blocking.append(f"player {white} is paired with himself")
    if check.blocking:
        return check
    for player in state.players:
        if player.number not in seen and (player.available or player.absent_code):
            check.violations.append(f"player {player.number} ({player.name}) is missing")
        if player.number in seen and not player.available and not player.absent_code:
            check.violations.append(f"player {player.number} ({player.name}) has withdrawn but is paired")
    met = met_pairs(state)
    forbidden = forbidden_pairs(state)
    for white, black in pairs:
        key = pair_key(white, black)
        if key in met:
            check.violations.append(f"{white} - {black}: rematch, they have already played each other")
        if key in forbidden:
            check.violations.append(f"{white} - {black}: a forbidden pair")
        for number, colour in ((white, "w"), (black, "b")):
            colours = _colours(state.player(number)) + [colour]
            name = "white" if colour == "w" else "black"
            if len(colours) >= 3 and colours[-1] == colours[-2] == colours[-3]:
                check.violations.append(f"{number} gets {name} a third time in a row")
            difference = colours.count("w") - colours.count("b")
            if abs(difference) > 2:
                check.violations.append(f"{number} would have a colour difference of {difference:+d}")
    pabs = [number for number, kind in byes if kind == BYE_PAIRING_ALLOCATED]
    if len(pabs) > 1:
        check.violations.append(f"more than one pairing-allocated bye ({', '.join(map(str, pabs))})")
    for number in pabs:
        if had_unplayed_win(state.player(number)):
            check.violations.append(
                f"{number} gets a pairing-allocated bye but already had a bye or a win without play"
            )
    for number, kind in byes:
        player = state.player(number)
        if kind != BYE_PAIRING_ALLOCATED and BYE_LETTERS.get(kind) != player.absent_code:
            check.violations.append(f"{number} gets a {kind} bye nobody asked for")
    return check


def check_engine_output(state: EventState, paired: PairedRound, available: set[int]) -> None:
    """Refuse an engine answer that breaks an absolute criterion (C.04.3 C1-C3): raise PairingError."""
    seen: list[int] = [n for pair in paired.pairs for n in pair] + [n for n, _ in paired.byes]
    if sorted(seen) != sorted(available):
        raise PairingError(
            "no valid pairing exists: the engine could not pair every available player exactly once"
        )
    met = met_pairs(state)
    forbidden = forbidden_pairs(state)
    for white, black in paired.pairs:
        key = pair_key(white, black)
        if key in met:
            raise PairingError(f"no valid pairing exists without a rematch ({white} - {black} already met)")
        if key in forbidden:
            raise PairingError(f"no valid pairing exists without the forbidden pair {white} - {black}")
    if len(paired.byes) > 1:
        raise PairingError("no valid pairing exists: it would need more than one pairing-allocated bye")
    if len(available) % 2 == 1 and state.round_to_pair > 1:
        ((number, _),) = paired.byes
        if had_unplayed_win(state.player(number)):
            raise PairingError(
                f"no valid pairing exists: the only possible pairing-allocated bye goes to {number}, "
                "who already had a bye or a win without play"
            )
