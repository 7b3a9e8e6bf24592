"""A small hand-written TRF file and helpers shared by the TRF tests."""

from __future__ import annotations

from tournaments.trf.format import TrfDocument


def line(number: int, name: str, rating: int, points: str, blocks: list[str]) -> str:
    head = f"001 {number:>4}      {name:<33} {rating:>4}" + " " * 28 + f"{points:>4} {number:>4}  "
    assert len(head) == 91
    return head + "".join(f"{block:<10}" for block in blocks).rstrip()


SMALL = "\n".join(
    [
        "012 Small test",
        line(1, "Ann", 1900, "1.5", ["   3 w 1", "   2 b ="]),
        line(2, "Bob", 1800, "1.5", ["0000 - U", "   1 w ="]),
        line(3, "Cid", 1700, "1.0", ["   1 b 0", "0000 - F"]),
        "XXR 3",
    ]
)


def players_of(document: TrfDocument) -> dict:  # type: ignore[type-arg]
    return {p.number: (p.name, p.rating, p.points, dict(p.rounds)) for p in document.players}
