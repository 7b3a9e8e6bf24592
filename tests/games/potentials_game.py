"""A game of GIPF with potentials written by hand from the rules (docs/rules.md, "GIPF with
potentials"), with every kind of potential move, and what its board shows after each ply.

Standard rules, Ultimate GIPF's sets (3 of each kind, each player). At the start White's GIPF-pieces
stand on b5, e2, h5 and Black's on b2, e8, h2. Four pushes from a1 along a1-b2-c3-d4-e5 carry
White's loaded TAMSK piece onto e5, Black's loaded DVONN piece between White's pieces, so no row:

- ply 1 ``Ta1-c3``: White's loaded TAMSK piece on b2, Black's GIPF-piece pushed to c3;
- ply 2 ``Da1-d4``: Black's loaded DVONN piece on b2, the TAMSK piece to c3, the GIPF-piece to d4;
- ply 3 ``Ya1-e5``: White's loaded YINSH piece on b2, d on c3, T on d4, Black's GIPF-piece on e5;
- ply 4 ``Pi3-h3``: Black's loaded PÜNCT piece on h3 (next to his GIPF-piece on h2);
- ply 5 ``Za1-f5;T:a3-b3``: White's loaded ZÈRTZ piece on b2, Y c3, d d4, T onto e5 by White's own
  push (P-6), Black's GIPF-piece to f5; the TAMSK-potential leaves e5 (a white basic piece stays)
  and is pushed in from a3 onto b3 as a used potential (P-23);
- ply 6 ``D:d4-e5``: Black's DVONN-potential leaves d4 (a black basic piece stays) and covers the
  white basic piece on e5: the stack ``wd``, Black's on top;
- ply 7 ``Z:b2-g5``: White's ZÈRTZ-potential jumps c3, d4, e5 and f5 (both colours, a stack among
  them) and lands on g5, the first empty spot; b2 keeps a white basic piece;
- ply 8 ``Yc7-c6``: Black's loaded YINSH piece on c6;
- ply 9 ``Pg1-g2``: White's loaded PÜNCT piece on g2, next to Black's GIPF-piece on h2;
- ply 10 ``Y:c6-e6``: Black's YINSH-potential slides c6-d6-e6 over empty spots;
- ply 11 ``P:g2-h2=G``: White's PÜNCT converts Black's GIPF-piece on h2 (captured, 2 of White's
  reserve make a white GIPF-piece there; the potential is out of the game): White's captures 2;
- ply 12 ``P:h3-h2``: Black's PÜNCT neutralises that white GIPF-piece: the stack ``Wp``.
"""

from __future__ import annotations

MOVES = (
    "1. Ta1-c3 Da1-d4 2. Ya1-e5 Pi3-h3 3. Za1-f5;T:a3-b3 D:d4-e5 4. Z:b2-g5 Yc7-c6 "
    "5. Pg1-g2 Y:c6-e6 6. P:g2-h2=G P:h3-h2"
)
PLIES = 12

#: after each ply, spots and the class words of what stands there (a piece's group on the board)
MARKS: dict[int, dict[str, str]] = {
    0: {"b2": "piece gipf black", "b5": "piece gipf white"},
    1: {"b2": "piece loaded white kind-t", "c3": "piece gipf black"},
    2: {"b2": "piece loaded black kind-d", "c3": "piece loaded white kind-t", "d4": "piece gipf black"},
    3: {
        "b2": "piece loaded white kind-y",
        "c3": "piece loaded black kind-d",
        "d4": "piece loaded white kind-t",
    },
    4: {"h3": "piece loaded black kind-p", "e5": "piece gipf black"},
    5: {
        "b2": "piece loaded white kind-z",
        "e5": "piece basic white",
        "b3": "piece used white",
        "f5": "piece gipf black",
    },
    6: {"e5": "piece stack black", "d4": "piece basic black"},
    7: {"g5": "piece used white", "b2": "piece basic white", "e5": "piece stack black"},
    8: {"c6": "piece loaded black kind-y"},
    9: {"g2": "piece loaded white kind-p"},
    10: {"e6": "piece used black", "c6": "piece basic black"},
    11: {"h2": "piece gipf white", "g2": "piece basic white"},
    12: {"h2": "piece stack black", "h3": "piece basic black"},
}
#: the stacks after each ply that has one: spot -> (bottom first as the position text writes it, height)
STACKS: dict[int, dict[str, tuple[str, int]]] = {
    6: {"e5": ("wd", 2)},
    12: {"e5": ("wd", 2), "h2": ("Wp", 2)},
}
#: where the mark of the last move starts when a potential moved: the spot it left
POTENTIAL_MOVES = {6: "d4", 7: "b2", 10: "c6", 11: "g2", 12: "h3"}


def record(white: str = "Ann", black: str = "Bob", winner: str | None = None) -> str:
    """The game as a record: unfinished (``*``) when ``winner`` is None; won by ``black`` when White,
    to move after ply 12, resigns (0-1); won by ``white`` when Black resigns after ply 11 (1-0)."""
    moves, result = MOVES + " *", "*"
    if winner == "black":
        moves, result = MOVES + " resign", "0-1"
    elif winner == "white":
        moves, result = MOVES.rsplit(" ", 1)[0] + " resign", "1-0"
    return (
        f'[Game "GIPF standard with potentials"]\n[Potentials "Ultimate"]\n'
        f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{moves}\n'
    )


#: refused at ply 3 (docs/rules.md): a DVONN-potential may not land on a GIPF-piece; the board before
#: it shows White's loaded DVONN piece on b2 and Black's GIPF-piece on c3
REFUSED_MOVES = "1. Da1-c3 a3-b3 2. D:b2-c3"
REFUSED_MARKS = {"b2": "piece loaded white kind-d", "c3": "piece gipf black", "b3": "piece basic black"}


def refused_record(white: str = "Ann", black: str = "Bob") -> str:
    return (
        f'[Game "GIPF standard with potentials"]\n[Potentials "D6"]\n'
        f'[White "{white}"]\n[Black "{black}"]\n[Result "*"]\n\n{REFUSED_MOVES} *\n'
    )
