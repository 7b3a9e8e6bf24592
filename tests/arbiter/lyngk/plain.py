"""A plain walk of LYNGK, written from the specification's text alone (shared/rules/lyngk.md), sharing
no code with ``arbiter.lyngk``: the cross-check of the engine's counts and decisions.

The board is read off the specification's picture (L-1), each name at its row and column of text;
two points touch when they are two rows apart in one column, or one row apart in the next column.
A line goes on in one of the six steps until it leaves the board. A state is a dict: ``board`` (name
to the stack, bottom to top), ``claims`` ({"w": "..", "b": ".."}), ``won`` (stacks of five won, by
player), ``side`` and ``claimed``. Slow and simple on purpose: every decision list is built in full,
every claim tried by listing the moves it would give.
"""

from __future__ import annotations

PICTURE = """
            c7      e7      g7
                d6      f6
            c6      e6      g6
        b4      d5      f5      h4
            c5      e5      g5
        b3      d4      f4      h3
    a1      c4      e4      g4      i1
        b2      d3      f3      h2
            c3      e3      g3
        b1      d2      f2      h1
            c2      e2      g2
                d1      f1
            c1      e1      g1
"""

#: name -> (column number, row of text from the top)
SPOT: dict[str, tuple[int, int]] = {}
for _row, _line in enumerate(PICTURE.strip("\n").splitlines()):
    for _word in _line.split():
        SPOT[_word] = ("abcdefghi".index(_word[0]), _row)
AT = {place: name for name, place in SPOT.items()}
STEPS = ((0, -2), (0, 2), (1, -1), (1, 1), (-1, -1), (-1, 1))
#: the points in the [Setup] order: a1, b1..b4, c1..c7, ..., i1
ORDER = sorted(SPOT, key=lambda name: (name[0], int(name[1:])))
COLOURS = "IBRGK"


def ray(name: str, step: tuple[int, int]) -> list[str]:
    col, row = SPOT[name]
    out = []
    while True:
        col, row = col + step[0], row + step[1]
        if (col, row) not in AT:
            return out
        out.append(AT[(col, row)])


def legal_stack(stack: str) -> bool:
    colours = [piece for piece in stack if piece != "J"]
    return len(stack) <= 5 and len(colours) == len(set(colours))


def first_met(board: dict[str, str], name: str, empty: str) -> list[str]:
    """The first occupied point along each line from ``name`` (``empty`` counted as empty)."""
    found = []
    for step in STEPS:
        for other in ray(name, step):
            if board[other] and other != empty:
                found.append(other)
                break
    return found


def landings_of(state: dict, name: str, own: str) -> set[str]:
    board = state["board"]
    stack = board[name]
    top = stack[-1]
    result: set[str] = set()
    if top not in own:  # neutral: onto a stack no higher, no LYNGK rule
        for other in first_met(board, name, ""):
            if len(board[other]) <= len(stack) and legal_stack(board[other] + stack):
                result.add(other)
        return result
    used = {name}

    def go(here: str) -> None:
        for other in first_met(board, here, name):
            if board[other][-1] == top:  # a LYNGK point: go on from it, once
                if other not in used:
                    used.add(other)
                    go(other)
            elif legal_stack(board[other] + stack):
                result.add(other)

    go(name)
    return result


def all_moves(state: dict, own: str) -> list[tuple[str, str]]:
    side = state["side"]
    theirs = state["claims"]["b" if side == "w" else "w"]
    out = []
    for name in ORDER:
        stack = state["board"][name]
        if not stack or stack == "J" or stack[-1] in theirs or len(stack) == 5:
            continue
        out += [(name, other) for other in sorted(landings_of(state, name, own))]
    return out


def turn_with_move(state: dict, side: str) -> bool:
    view = {**state, "side": side}
    own = state["claims"][side]
    if all_moves(view, own):
        return True
    if len(own) == 2:
        return False
    taken = state["claims"]["w"] + state["claims"]["b"]
    return any(all_moves(view, own + colour) for colour in COLOURS if colour not in taken)


def decisions(state: dict) -> list[tuple]:
    side = state["side"]
    own = state["claims"][side]
    moves = [("move", a, b) for a, b in all_moves(state, own)]
    if state["claimed"]:
        return moves
    claims = []
    if len(own) < 2:
        taken = state["claims"]["w"] + state["claims"]["b"]
        for colour in COLOURS:
            if colour not in taken and all_moves(state, own + colour):
                claims.append(("claim", colour))
    if moves or claims:
        return claims + moves
    other = "b" if side == "w" else "w"
    return [("pass",)] if turn_with_move(state, other) else []


def play(state: dict, decision: tuple) -> dict:
    side = state["side"]
    other = "b" if side == "w" else "w"
    if decision[0] == "claim":
        claims = {**state["claims"], side: state["claims"][side] + decision[1]}
        return {**state, "claims": claims, "claimed": True}
    if decision[0] == "pass":
        return {**state, "side": other}
    _kind, src, dst = decision
    board = dict(state["board"])
    made = board[dst] + board[src]
    board[src] = ""
    won = {key: list(value) for key, value in state["won"].items()}
    if len(made) == 5 and made[-1] in state["claims"][side]:
        won[side].append(made)
        board[dst] = ""
    else:
        board[dst] = made
    return {**state, "board": board, "won": won, "side": other, "claimed": False}


def start(setup: str) -> dict:
    board = {}
    for token in setup.split():
        name, letter = token.split(":")
        board[name] = letter
    return {
        "board": board,
        "claims": {"w": "", "b": ""},
        "won": {"w": [], "b": []},
        "side": "w",
        "claimed": False,
    }


def perft(state: dict, depth: int) -> int:
    found = decisions(state)
    if depth == 1:
        return len(found)
    return sum(perft(play(state, decision), depth - 1) for decision in found)


def from_position(text: str) -> dict:
    """A state read from the engine's position text (docs/rules.md, LYNGK, "Position text")."""
    _word, side, step, claims, won, board_text = text.split()
    names = iter(ORDER)  # column by column, each from its lower end: the text's order too
    board = {}
    for column in board_text.split("/"):
        for cell in column.split(","):
            board[next(names)] = "" if cell == "." else cell
    white, black = ("" if part == "-" else part for part in claims.split("/"))
    won_w, won_b = ([] if part == "-" else part.split(",") for part in won.split("/"))
    return {
        "board": board,
        "claims": {"w": white, "b": black},
        "won": {"w": won_w, "b": won_b},
        "side": side,
        "claimed": step == "claimed",
    }


def notation(decision: tuple) -> str:
    if decision[0] == "claim":
        return decision[1]
    if decision[0] == "pass":
        return "pass"
    return f"{decision[1]}-{decision[2]}"


def result(state: dict) -> str:
    """The result of a game over (L-12): stacks of five won, then the stacks of 4, 3, 2 and 1 topped
    by one's colours (a stack of five on the board counts for nobody)."""

    def tally(side: str) -> list[int]:
        mine = [len(state["won"][side])]
        for height in (4, 3, 2, 1):
            mine.append(
                sum(
                    1
                    for stack in state["board"].values()
                    if len(stack) == height and stack[-1] in state["claims"][side]
                )
            )
        return mine

    white, black = tally("w"), tally("b")
    if white == black:
        return "1/2-1/2"
    return "1-0" if white > black else "0-1"
