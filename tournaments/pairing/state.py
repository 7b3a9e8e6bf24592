"""The data a pairing engine sees: players with their round history, and what it returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.core.codes import BYE_PAIRING_ALLOCATED, PLAYED_LETTERS, PointSystem


@dataclass(frozen=True)
class RoundEntry:
    """One round of a player's history, as a TRF round block sees it.

    ``code`` is the TRF result letter: ``1`` ``=`` ``0`` played; ``+`` ``-`` forfeit win or
    loss; ``U`` pairing-allocated bye; ``H`` half-point bye; ``F`` full-point bye; ``Z`` zero-point
    bye or absent. ``colour`` is ``"w"``, ``"b"`` or ``None`` (no game on the board).
    """

    opponent: int | None
    colour: str | None
    code: str

    @property
    def played(self) -> bool:
        """A game was actually played over the board (forfeits and byes are not)."""
        return self.opponent is not None and self.code in PLAYED_LETTERS


@dataclass
class PlayerState:
    number: int  # pairing number
    name: str
    rating: int = 0
    points: int = 0  # half-points, including byes
    history: list[RoundEntry] = field(default_factory=list)
    available: bool = True  # to be paired in the round being paired
    absent_code: str = ""  # for an unavailable player: the bye letter to record (H, F, Z)


@dataclass
class EventState:
    system: str  # "round-robin", "double-round-robin", "swiss-dutch"
    players: list[PlayerState]
    round_to_pair: int
    total_rounds: int
    top_seed_colour: str = "white"  # colour of pairing number 1 in round 1
    forbidden_pairs: list[tuple[int, int]] = field(default_factory=list)
    win_points: int = 2
    draw_points: int = 1
    loss_points: int = 0
    bye_points: int = 2  # pairing-allocated bye

    @property
    def point_system(self) -> PointSystem:
        return PointSystem(
            win=self.win_points, draw=self.draw_points, loss=self.loss_points, pab=self.bye_points
        )

    def player(self, number: int) -> PlayerState:
        for candidate in self.players:
            if candidate.number == number:
                return candidate
        raise KeyError(number)


@dataclass
class PairedRound:
    """Boards in order: ``pairs`` are ``(white, black)`` pairing numbers; then the byes."""

    pairs: list[tuple[int, int]] = field(default_factory=list)
    byes: list[tuple[int, str]] = field(default_factory=list)  # (pairing number, bye kind)

    def as_reference_text(self) -> str:
        """The reference engines' output: pair count, ``white black`` lines, ``N 0`` for the PAB."""
        lines = [str(len(self.pairs) + sum(1 for _, kind in self.byes if kind == BYE_PAIRING_ALLOCATED))]
        lines += [f"{white} {black}" for white, black in self.pairs]
        lines += [f"{number} 0" for number, kind in self.byes if kind == BYE_PAIRING_ALLOCATED]
        return "\n".join(lines)
