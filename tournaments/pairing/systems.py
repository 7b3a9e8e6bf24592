"""Which engine pairs an event: each pairing system's spec names its engine (pure)."""

from __future__ import annotations

from collections.abc import Callable

from tournaments.core.errors import PairingError
from tournaments.core.systems import SYSTEMS
from tournaments.pairing import dutch, round_robin
from tournaments.pairing.state import EventState, PairedRound

ENGINES: dict[str, Callable[[EventState], PairedRound]] = {
    "berger": round_robin.pair,
    "dutch": dutch.pair,
}


def pair_round(state: EventState) -> PairedRound:
    """Pair the next round of the event described by ``state`` with its pairing system's engine."""
    spec = SYSTEMS.get(state.system)
    if spec is None:
        raise PairingError(f"unknown pairing system '{state.system}'")
    return ENGINES[spec.engine](state)
