"""The ZÈRTZ boards: 37 rings (a hexagon of side 4) and 48 rings (the tournament board), their
coordinates and the six directions around a ring.

Coordinates (ZT-3): columns ``a`` … lettered from the left, each numbered from 1 at its bottom; the
37 rings are a1–a4, b1–b5, c1–c6, d1–d7, e1–e6, f1–f5, g1–g4; the 48 rings add one ring on top of
each column a to g and a column h of four rings (h1–h4, h1 level with f2). A ring's pair is
``(x, y)``: ``x`` its column (0 for a), ``y`` its number + max(0, x − 3); its six neighbours, in turn
around it, are (x, y+1), (x+1, y+1), (x+1, y), (x, y−1), (x−1, y−1), (x−1, y).

Rings are bits of one integer (a set of rings is a mask): the ring ``(x, y)`` is bit
``(x + 1) * STRIDE + y``, on a grid with an empty border, so that the neighbour in a direction is
a fixed shift of the bit (:data:`STEPS`, in the order around a ring) and a set of rings moves one
step in a direction by one shift of its mask (:func:`shifted`). Rules at home here: which rings a
board has and which places touch (:class:`Board`); what a ring with no neighbour is, is
:mod:`arbiter.zertz.rules`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

COLUMNS = "abcdefgh"
STRIDE = 10
#: the bit offsets of the six neighbours, in turn around a ring: up, up-right, down-right, down,
#: down-left, up-left ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))
STEPS: tuple[int, ...] = (1, STRIDE + 1, STRIDE, -1, -STRIDE - 1, -STRIDE)


def shifted(mask: int, step: int) -> int:
    """The set of places whose neighbour ``step`` away is in ``mask`` (bit i set when bit i+step is)."""
    return mask >> step if step > 0 else mask << -step


def spread(mask: int) -> int:
    """``mask`` and every place next to one of its places."""
    return (
        mask
        | mask << 1
        | mask >> 1
        | mask << STRIDE
        | mask >> STRIDE
        | mask << (STRIDE + 1)
        | mask >> (STRIDE + 1)
    )


def reached(seeds: int, within: int) -> int:
    """The places of ``within`` joined to a place of ``seeds`` through neighbours in ``within``
    (``seeds`` among them): the groups of ``within`` that hold a seed."""
    found = seeds & within
    while True:
        more = spread(found) & within
        if more == found:
            return found
        found = more


def bit_of(x: int, y: int) -> int:
    return (x + 1) * STRIDE + y


def bits(mask: int) -> list[int]:
    """The bit numbers set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class Board:
    """One board: its rings, column by column from the bottom (``names``), and their bits."""

    rings: int  # 37 or 48
    heights: tuple[int, ...]  # the rings of each column, a first

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(
            f"{COLUMNS[x]}{n}" for x, height in enumerate(self.heights) for n in range(1, height + 1)
        )

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """(x, y) of each ring, in the order of :attr:`names`."""
        return tuple(
            (x, n + max(0, x - 3)) for x, height in enumerate(self.heights) for n in range(1, height + 1)
        )


STANDARD = Board(37, (4, 5, 6, 7, 6, 5, 4))
TOURNAMENT = Board(48, (5, 6, 7, 8, 7, 6, 5, 4))


class Geometry:
    """A board's tables: the bit of each ring name and back, every ring's mask, the columns."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.names = board.names
        self.pairs = board.pairs
        self.bit_by_name: dict[str, int] = {
            name: bit_of(*pair) for name, pair in zip(self.names, self.pairs, strict=True)
        }
        self.name_by_bit: dict[int, str] = {bit: name for name, bit in self.bit_by_name.items()}
        self.pair_by_bit: dict[int, tuple[int, int]] = {bit_of(*pair): pair for pair in self.pairs}
        self.all = sum(1 << bit for bit in self.bit_by_name.values())
        #: the bits of each column, from its bottom
        self.columns: tuple[tuple[int, ...], ...] = tuple(
            tuple(bit_of(x, n + max(0, x - 3)) for n in range(1, height + 1))
            for x, height in enumerate(board.heights)
        )
        #: each column's bits as a slice (first, last + 1): a column's bits are consecutive
        self.spans: tuple[tuple[int, int], ...] = tuple(
            (column[0], column[-1] + 1) for column in self.columns
        )
        assert len(self.names) == board.rings
        assert all(column == tuple(range(low, high)) for column, (low, high) in zip(self.columns, self.spans))

    def names_of(self, mask: int) -> list[str]:
        """The rings of ``mask``, in bit order (column by column, each from its bottom)."""
        return [self.name_by_bit[bit] for bit in bits(mask)]


GEOMETRIES = {37: Geometry(STANDARD), 48: Geometry(TOURNAMENT)}

# h1 is level with f2 (ZT-3): a ring's height on the page is y - x / 2
assert GEOMETRIES[48].pair_by_bit[GEOMETRIES[48].bit_by_name["h1"]] == (7, 5)
