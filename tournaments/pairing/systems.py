"""Which engine pairs an event: the one place where round robins and Swiss events differ (pure)."""

from __future__ import annotations

from tournaments.pairing import dutch, round_robin
from tournaments.pairing.state import EventState, PairedRound, PairingError

ROUND_ROBIN_SYSTEMS = (round_robin.ROUND_ROBIN, round_robin.DOUBLE_ROUND_ROBIN)
SWISS_DUTCH = "swiss-dutch"


def pair_round(state: EventState) -> PairedRound:
    """Pair the next round of the event described by ``state`` with its pairing system."""
    if state.system in ROUND_ROBIN_SYSTEMS:
        return round_robin.pair(state)
    if state.system == SWISS_DUTCH:
        return dutch.pair(state)
    raise PairingError(f"unknown pairing system '{state.system}'")
