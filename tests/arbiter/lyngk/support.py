"""What the LYNGK tests share: the specification's three starts (shared/rules/lyngk.md, "Counting
conventions"), records from a start, and a verdict told in the words docs/rules.md uses."""

from __future__ import annotations

from arbiter import registry

#: the specification's starts, as [Setup] values
S1 = (
    "a1:J b1:I b2:B b3:G b4:R c1:I c2:R c3:B c4:I c5:I c6:R c7:B d1:B d2:G d3:K d4:J d5:K d6:K e1:I e2:B "
    "e3:B e4:G e5:R e6:G e7:I f1:I f2:B f3:I f4:G f5:G f6:R g1:K g2:G g3:J g4:R g5:R g6:K g7:K h1:G h2:K "
    "h3:B h4:R i1:K"
)
S2 = (
    "a1:R b1:G b2:R b3:K b4:G c1:I c2:I c3:J c4:R c5:B c6:B c7:K d1:B d2:K d3:G d4:K d5:R d6:G e1:G e2:G "
    "e3:R e4:K e5:I e6:B e7:G f1:G f2:I f3:R f4:R f5:R f6:I g1:J g2:I g3:B g4:B g5:B g6:K g7:I h1:K h2:J "
    "h3:B h4:K i1:I"
)
S3 = (
    "a1:B b1:I b2:K b3:R b4:B c1:B c2:G c3:B c4:I c5:J c6:J c7:R d1:G d2:R d3:G d4:B d5:K d6:R e1:R e2:K "
    "e3:R e4:K e5:K e6:B e7:I f1:G f2:R f3:G f4:B f5:I f6:G g1:K g2:J g3:G g4:K g5:I g6:B g7:I h1:K h2:I "
    "h3:G h4:R i1:I"
)
#: the specification's counts from S1, S2 and S3, depths 1 to 3
SPEC_COUNTS = {
    S1: [161, 24_620, 3_535_607],
    S2: [158, 23_666, 3_322_014],
    S3: [175, 28_907, 4_467_900],
}

#: from S1, a drawn game (no stack of five won; stacks of 4, 3 and 2 topped by each player's
#: colours: 2, 1 and 1 each: every tie-break equal, L-12)
DRAWN = [
    "d5-c5",
    "h4-g6",
    "f5-e5",
    "h1-h2",
    "e6-e7",
    "c1-c2",
    "e1-d1",
    "f2-f3",
    "b4-b3",
    "d1-d2",
    "d6-c7",
    "K",
    "e4-d3",
    "h3-g4",
    "c5-c6",
    "c2-c3",
    "c3-d3",
    "g5-i1",
    "c4-d4",
    "d4-b2",
    "h2-g4",
    "b2-a1",
    "e2-f1",
    "f3-g3",
    "G",
    "c7-e7",
    "R",
    "e3-g2",
    "f4-f6",
    "f1-f6",
    "f6-g7",
    "d2-g1",
    "g3-i1",
    "I",
    "b1-b3",
]
#: from S1, docs/rules.md's whole game: 0-1 at the first tie-break
WON_BY_BLACK = [
    "c4-d3",
    "h3-g5",
    "b4-b3",
    "e3-d2",
    "c6-d5",
    "e6-e7",
    "g5-i1",
    "e5-f5",
    "f2-f3",
    "h2-g3",
    "e2-f1",
    "c5-d4",
    "b3-d3",
    "g7-f6",
    "G",
    "f4-d5",
    "e1-d1",
    "I",
    "h1-f1",
    "f3-g4",
    "g4-g3",
    "c2-c3",
    "c1-c3",
    "h4-g6",
    "d5-a1",
    "B",
    "b2-a1",
    "b1-c7",
    "R",
    "i1-e4",
    "d4-f5",
    "g1-g2",
    "f6-e7",
    "pass",
    "f5-d6",
]


def record(moves: str, setup: str = S1, tags: str = "") -> str:
    """A LYNGK record of ``moves`` from ``setup`` (S1 by default)."""
    return f'[Game "lyngk"]\n[Setup "{setup}"]\n{tags}\n{moves}\n'


def described(text: str) -> str:
    """The verdict of a record as docs/rules.md writes it."""
    verdict = registry.replay(text)
    if verdict.valid:
        ending = "unfinished." if verdict.result is None else f"{verdict.result}, {verdict.termination}."
        return f"valid, {verdict.plies} plies, {ending}"
    assert verdict.error is not None
    return verdict.error.describe()
