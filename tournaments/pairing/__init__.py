"""Pairing: the state of an event after round r-1 in, the pairings of round r out.

Pure functions over the dataclasses in :mod:`tournaments.pairing.state`; no database. The
service layer (:mod:`tournaments.services`) builds the state from stored events and TRF imports
alike, so stored events and ``pair_trf`` go through the same code.
"""

from tournaments.pairing.state import (
    BYE_FULL,
    BYE_HALF,
    BYE_PAIRING_ALLOCATED,
    BYE_ZERO,
    EventState,
    PairedRound,
    PairingError,
    PlayerState,
    RoundEntry,
)

__all__ = [
    "BYE_FULL",
    "BYE_HALF",
    "BYE_PAIRING_ALLOCATED",
    "BYE_ZERO",
    "EventState",
    "PairedRound",
    "PairingError",
    "PlayerState",
    "RoundEntry",
    "pair_round",
]


def pair_round(state: EventState) -> PairedRound:
    """Pair the next round of the event described by ``state`` with its pairing system."""
    from tournaments.pairing import round_robin

    if state.system in (round_robin.ROUND_ROBIN, round_robin.DOUBLE_ROUND_ROBIN):
        return round_robin.pair(state)
    if state.system == "swiss-dutch":
        from tournaments.pairing import dutch

        return dutch.pair(state)
    raise PairingError(f"unknown pairing system '{state.system}'")
