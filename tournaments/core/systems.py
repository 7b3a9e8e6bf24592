"""Pairing systems: what differs between a round robin, a double round robin and a Swiss event (pure).

Rule held here, and only here: every place that treats one pairing system differently from another
asks the event's :class:`PairingSystemSpec` (``Event.system_spec``) what it needs, never the
system's key. A later system (another Swiss variant, a knockout) is one more spec in
:data:`SYSTEMS` plus its engine in :mod:`tournaments.pairing.systems`.
"""

from __future__ import annotations

from dataclasses import dataclass

ROUND_ROBIN = "round-robin"
DOUBLE_ROUND_ROBIN = "double-round-robin"
SWISS_DUTCH = "swiss-dutch"


@dataclass(frozen=True)
class PairingSystemSpec:
    """What an event's pairing system decides, beyond pairing its rounds."""

    key: str
    name: str  # English; ``Event.System`` holds the translated labels
    engine: str  # which engine pairs it (``tournaments.pairing.systems``)
    # Every player meets every other ``cycles`` times on a schedule fixed at the start: the round
    # count follows from the players, the bye is scored only when the organiser chose so, the
    # tie-breaks are C.07's for round robins (no Buchholz family).
    round_robin: bool
    cycles: int = 1
    # Swiss-only habits: the organiser sets the round count; players may enter late and ask for
    # byes ahead; each round is paired as a draft the managers may edit and then publish.
    rounds_set_by_organiser: bool = False
    late_entries: bool = False
    requested_byes: bool = False
    draft_rounds: bool = False
    default_tie_breaks: tuple[str, ...] = ()

    @property
    def pab_always_scored(self) -> bool:
        """The pairing-allocated bye scores its points whatever the organiser chose."""
        return not self.round_robin


_ROUND_ROBIN_TIE_BREAKS = ("DE", "SB", "WON")  # C.07's recommendation for individual round robins

SYSTEMS: dict[str, PairingSystemSpec] = {
    spec.key: spec
    for spec in (
        PairingSystemSpec(
            ROUND_ROBIN,
            "Round robin",
            engine="berger",
            round_robin=True,
            default_tie_breaks=_ROUND_ROBIN_TIE_BREAKS,
        ),
        PairingSystemSpec(
            DOUBLE_ROUND_ROBIN,
            "Double round robin",
            engine="berger",
            round_robin=True,
            cycles=2,
            default_tie_breaks=_ROUND_ROBIN_TIE_BREAKS,
        ),
        PairingSystemSpec(
            SWISS_DUTCH,
            "Swiss (FIDE Dutch)",
            engine="dutch",
            round_robin=False,
            rounds_set_by_organiser=True,
            late_entries=True,
            requested_byes=True,
            draft_rounds=True,
            default_tie_breaks=("BH-C1", "BH", "DE", "SB"),
        ),
    )
}


def system_spec(key: str) -> PairingSystemSpec:
    """The spec of a pairing system key (``Event.pairing_system``); ValueError for an unknown one."""
    try:
        return SYSTEMS[key]
    except KeyError:
        raise ValueError(f"unknown pairing system {key!r}") from None


def systems_with(**wanted: object) -> list[str]:
    """The keys of the systems whose spec has every attribute as ``wanted`` (``draft_rounds=True``)."""
    return [key for key, spec in SYSTEMS.items() if all(getattr(spec, n) == v for n, v in wanted.items())]
