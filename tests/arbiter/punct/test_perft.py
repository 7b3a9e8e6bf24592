"""Perft of PÜNCT (P-13: one turn a step): the specification's counts from the empty board and its
three positions Q1 to Q3, depths 1 and 2, by the engine and by the plain walk of
tests/arbiter/punct/support.py (its own board and its own reading of the rules); and the two
judges' sets of legal turns compared along random games."""

from __future__ import annotations

import pytest

from arbiter import registry
from arbiter.punct.engine import random_game, read_position
from tests.arbiter.punct import support

#: docs: /work/shared/rules/punct.md, "Counting conventions (perft) and reference counts"
Q1 = """1. T:i4,h4,i5 L:g3,f3,f4 2. i4-q12:p12,q13 E:o14,o13,o12 3. q12-p11:o11,p12 g3-g8:h8,h7
4. M:g5,g4,h6 o14-m12:n13,o14 5. L:p13,q13,q12 L:o16,o15,n14 6. p13-g4:g5,h6 E:n11,m11,l11
7. g4-g5:g6,h7 M:g3,f2,h3 8. L:n9,m9,m10 m12-m11:m10,m9 9. g5-g4:h4,h3 m11-n11:n10,n9
10. g4-m10:l10,l11 M:q10,p9,q11 11. m10-g4:h4,h3 q10-d10:c10,d9 12. M:f11,e10,g11 o16-c4:c3,b2
13. g4-m10:l10,l11 g3-n10:m10,n9 14. g5-i7:h6,j7 c4-c10:d10,d9 15. f11-k11:j11,l12 n10-d10:c10,d9
16. i7-l10:l11,m10 R:c9,b9,a8"""
Q2 = """1. R:h2,g2,f1 M:g3,f2,g4 2. h2-q11:p11,o10 g3-g3:g2,h4 3. M:o11,n11,p12 g3-g5:f5,g4
4. o11-p11:o10,q11 g5-i7:h6,i8 5. p11-i4:i3,j5 i7-e3:d2,f3 6. L:m8,n9,o9 e3-e3:e4,f3
7. q11-o9:n9,m8 e3-o13:n13,o12 8. i4-n9:m8,o9 o13-g5:f4,g6 9. n9-d9:d8,e10 g5-g11:f11,h12
10. d9-n9:m8,o9 C:e9,d8,f10 11. T:l7,k7,l8 e9-k15:j15,l15 12. l7-h7:g6,h6 g11-j11:i10,k11"""
Q3 = """1. T:i4,h4,i5 T:n11,m10,m11 2. i4-f4:e3,e4 L:i16,j16,j15 3. f4-b4:a3,a4 E:c2,b2,a2
4. M:j14,i14,j13 M:i6,h6,i5 5. j14-j3:i2,k3 n11-m10:n10,n11 6. E:i12,j13,k14 i16-o16:o15,n14
7. L:a7,b7,b6 L:m12,m11,l10 8. j3-a3:a2,b4 m10-m6:n6,n7 9. a3-i3:h3,i2 i6-i16:h16,j17
10. a7-j16:k16,k15 C:d10,c9,e11 11. L:i15,j15,j14 R:e3,f3,g4 12. M:e9,d8,e10 M:g6,f5,h6
13. j16-j4:j5,k6 e3-g3:g2,h2 14. e9-n9:n10,o9 m12-m16:l15,k15 15. i12-c6:d7,e8 E:m9,l8,k7
16. j4-j6:j5,i4 E:k13,l14,m15 17. E:n12,o13,p14 k13-j12:k12,l12 18. c6-b6:c7,d8 T:m14,m15,n15
19. C:p9,o8,q10 R:e9,d9,c8 20. n9-n10:m10,o11 m14-q14:p13,q13 21. R:b3,c4,c5 d10-d11:d10,d12
22. i15-i10:j10,j9 E:f11,f10,f9 23. E:k17,l17,m17 C:p10,o9,q11 24. R:d6,e7,e8 o16-k12:k11,j10
25. j6-j2:j3,k4 T:e3,d3,e4 26. T:i5,h4,h5 T:i4,j4,j5 27. T:f6,e6,f7 k12-k9:k10,l11
28. n10-n11:m10,o11 m6-n7:m6,n6 29. i3-a3:a4,b3 n7-n8:m7,n7 30. j2-j10:k10,k9 T:g13,f13,g14
31. E:n16,o16,p16"""
SPEC = {"start": ("", [4_986, 23_841_810]), "Q1": (Q1, [3_066, 9_389_269]), "Q2": (Q2, [4_803, 21_779_094])}
SPEC["Q3"] = (Q3, [1_266, 1_008_303])


@pytest.mark.parametrize("name", list(SPEC))
def test_perft_by_the_engine_equals_the_specification(name: str) -> None:
    turns, counts = SPEC[name]
    assert registry.perft("punct", 2, turns or None) == counts


def test_the_positions_read_as_turns_are_those_the_specification_describes() -> None:
    """Q1: 32 turns, White to move, levels up to 2, two bridged empty spaces, 5 pieces covered; Q2:
    24 turns, White to move, a piece on level 2; Q3: 61 turns, Black to move, 17 of his pieces on
    the board."""
    q1, q2, q3 = (read_position(text) for text in (Q1, Q2, Q3))
    assert (q1.turn, q1.to_move, max(piece[5] for piece in q1.pieces)) == (32, 0, 2)
    assert sum(1 for index in range(len(q1.pieces)) if not q1.free(index)) == 5
    covered = {space for piece in q1.pieces for space in piece[2:5]}
    bridged = [s for s in covered if all(p[5] > 0 for p in q1.pieces if s in p[2:5])]
    assert len(bridged) == 2
    assert (q2.turn, q2.to_move, max(piece[5] for piece in q2.pieces)) == (24, 0, 2)
    assert (q3.turn, q3.to_move, sum(1 for piece in q3.pieces if piece[0] == 1)) == (61, 1, 17)


@pytest.mark.parametrize("name", list(SPEC))
def test_perft_depth_1_by_the_plain_walk_equals_the_specification(name: str) -> None:
    turns, counts = SPEC[name]
    assert support.perft(support.replayed(turns), 1) == counts[0]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SPEC))
def test_perft_depth_2_by_the_plain_walk_equals_the_specification(name: str) -> None:
    turns, counts = SPEC[name]
    assert support.perft(support.replayed(turns), 2) == counts[1]


def _engine_turns(position: str) -> set[str]:
    """The engine's legal turns, each as the plain walk names it (the kind or origin, the PÜNCT's
    space, the three spaces sorted)."""
    out = set()
    for move in registry.legal_moves(position):
        if move.notation == "pass":
            out.add("pass")
            continue
        head, dots = move.notation.split(":")
        punct = head.split("-")[-1] if "-" in head else dots.split(",")[0]
        spaces = ",".join(sorted({punct, *dots.split(",")}))
        out.add(f"{head.split('-')[0]}-{punct}:{spaces}" if "-" in head else f"{head}:{punct}:{spaces}")
    return out


@pytest.mark.parametrize(
    "seed", [3, pytest.param(4, marks=pytest.mark.slow), pytest.param(5, marks=pytest.mark.slow)]
)
def test_the_engine_and_the_plain_walk_allow_the_same_turns_along_random_games(seed: int) -> None:
    """Every ninth turn of a random game (moves taken four times in five when there are any, so
    pieces climb and bridge), the engine's legal turns and the plain walk's are the same set."""
    turns, _end = random_game(seed, moving=0.8)
    position, game = registry.start("punct"), support.Game()
    for ply, turn in enumerate(turns[:100]):
        if ply % 9 == 0:
            plain = {support.notation(game, choice) for choice in support.legal(game)}
            assert _engine_turns(position) == plain, ply
        position = registry.play(position, turn).position
        game = support.play(game, support.taken(game, turn))
