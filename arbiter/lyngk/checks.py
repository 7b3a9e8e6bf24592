"""Why a LYNGK decision is refused: each rule's own reason, naming the points, colours and players.

Rules at home here: the order in which a decision is judged and the words of each refusal: the game
over (L-11); a claim (L-5: at the start of a turn, a colour nobody holds, two a player, a move to
follow); a pass (L-10: only without a turn with a move, claims counted, never after a claim); a move
(L-7: a stack of one's own or a neutral colour, never a joker alone nor a stack of five; a landing
met along a line over empty points or through LYNGK points, L-8, never on a LYNGK point; the stack
made legal, L-2; a neutral stack onto one no higher). :func:`check` raises the
:class:`~arbiter.errors.IllegalMoveError`; a decision it passes is one :func:`~arbiter.lyngk.rules.decisions`
lists (the tests compare them on random play).
"""

from __future__ import annotations

from arbiter.errors import PLAYER_MESSAGES, IllegalMoveError, gettext_noop
from arbiter.lyngk.board import NAMES, RAYS
from arbiter.lyngk.position import COLOUR_NAMES, COLOURS, JOKER, MAX_HEIGHT, Board, Position, mask
from arbiter.lyngk.rules import CLAIM, PASS, Decision, game_over, has_move, has_turn


def check(position: Position, decision: Decision) -> None:
    """Raise :class:`IllegalMoveError` with the rule when ``decision`` is refused in ``position``; in a
    game over, every decision is refused with the end as the reason (a claim or a move is judged
    first, the end asked only when it is refused: a legal one means the game goes on)."""
    try:
        if decision.kind == CLAIM:
            _check_claim(position, decision.colour)
        elif decision.kind == PASS:
            _check_pass(position)
        else:
            _check_move(position, decision.src, decision.dst)
    except IllegalMoveError:
        if game_over(position):
            raise IllegalMoveError(
                gettext_noop("the game is over: neither player has a move, claims counted")
            ) from None
        raise


def _check_claim(position: Position, colour: str) -> None:
    me = position.to_move
    player = PLAYER_MESSAGES[me]
    if position.claimed:
        raise IllegalMoveError(
            gettext_noop("{player} has claimed {colour} this turn: one claim a turn, then a move"),
            player=player,
            colour=COLOUR_NAMES[position.claims[me][-1]],
        )
    if colour not in COLOURS:
        raise IllegalMoveError(gettext_noop("a joker is nobody's colour: it cannot be claimed"))
    owner = position.owner(colour)
    if owner is not None:
        raise IllegalMoveError(
            gettext_noop("{colour} is claimed by {owner}"),
            colour=COLOUR_NAMES[colour],
            owner=PLAYER_MESSAGES[owner],
        )
    own = position.claims[me]
    if len(own) >= 2:
        raise IllegalMoveError(
            gettext_noop("a player may claim only two colours: {player} holds {first} and {second}"),
            player=player,
            first=COLOUR_NAMES[own[0]],
            second=COLOUR_NAMES[own[1]],
        )
    other = position.claims[1 - me]
    if not has_move(position.board, own, other) and not has_move(
        position.board, own + colour, other, only=colour
    ):
        raise IllegalMoveError(
            gettext_noop(
                "{player} would have no move after claiming {colour}: a claim must be followed by a move"
            ),
            player=player,
            colour=COLOUR_NAMES[colour],
        )


def _check_pass(position: Position) -> None:
    player = PLAYER_MESSAGES[position.to_move]
    if position.claimed:
        raise IllegalMoveError(
            gettext_noop("a pass never follows a claim: {player} has claimed and must move"), player=player
        )
    if has_turn(position, position.to_move):
        raise IllegalMoveError(
            gettext_noop("{player} has a move (claims counted): a player passes only when he has none"),
            player=player,
        )
    if not has_turn(position, 1 - position.to_move):
        raise IllegalMoveError(gettext_noop("the game is over: neither player has a move, claims counted"))


def _check_stack(position: Position, src: int) -> str:
    """The stack on ``src`` if the player to move may move it, else the reason."""
    stack = position.board[src]
    if not stack:
        raise IllegalMoveError(gettext_noop("there is no stack on {point}"), point=NAMES[src])
    top = stack[-1]
    if top == JOKER:
        raise IllegalMoveError(gettext_noop("a joker alone never moves (on {point})"), point=NAMES[src])
    owner = position.owner(top)
    if owner is not None and owner != position.to_move:
        raise IllegalMoveError(
            gettext_noop("the stack on {point} is topped by {colour}, and {colour} is claimed by {owner}"),
            point=NAMES[src],
            colour=COLOUR_NAMES[top],
            owner=PLAYER_MESSAGES[owner],
        )
    if len(stack) >= MAX_HEIGHT:
        raise IllegalMoveError(
            gettext_noop("the stack of five on {point} never moves: any landing would make six"),
            point=NAMES[src],
        )
    return stack


def _met(board: Board, src: int, top: str | None) -> tuple[set[int], set[int]]:
    """The occupied points a stack from ``src`` meets: (the first met along each line, or through
    LYNGK points of ``top`` when it is the mover's colour; the LYNGK points met)."""
    met: set[int] = set()
    links: set[int] = set()
    todo = [src]
    while todo:
        here = todo.pop()
        for ray in RAYS[here]:
            for point in ray:
                stack = board[point]
                if not stack or point == src:
                    continue
                if top is not None and stack[-1] == top:
                    if point not in links:
                        links.add(point)
                        todo.append(point)
                else:
                    met.add(point)
                break
    return met, links


def _check_move(position: Position, src: int, dst: int) -> None:
    me = position.to_move
    stack = _check_stack(position, src)
    top = stack[-1]
    own = top in position.claims[me]
    board = position.board
    target = board[dst]
    if not target or dst == src:
        raise IllegalMoveError(
            gettext_noop("{dst} is empty: a move ends on an occupied point"), dst=NAMES[dst]
        )
    met, links = _met(board, src, top if own else None)
    if dst in links:
        raise IllegalMoveError(
            gettext_noop(
                "{dst} is topped by {colour}, a LYNGK point for {player}: the move goes on from it and may not stop there"
            ),
            dst=NAMES[dst],
            colour=COLOUR_NAMES[top],
            player=PLAYER_MESSAGES[me],
        )
    if dst not in met:
        template = (
            gettext_noop(
                "{dst} is not on a line from {src} with only empty points between, nor reached through LYNGK points of {colour}"
            )
            if own
            else gettext_noop("{dst} is not on a line from {src} with only empty points between")
        )
        raise IllegalMoveError(template, dst=NAMES[dst], src=NAMES[src], colour=COLOUR_NAMES[top])
    if not own and len(target) > len(stack):
        raise IllegalMoveError(
            gettext_noop(
                "a neutral stack may not land on a higher stack: {src} holds {mine}, {dst} {theirs}"
            ),
            src=NAMES[src],
            dst=NAMES[dst],
            mine=len(stack),
            theirs=len(target),
        )
    if len(stack) + len(target) > MAX_HEIGHT:
        raise IllegalMoveError(
            gettext_noop("a stack may hold at most five pieces: {mine} on {theirs} make {total}"),
            mine=len(stack),
            theirs=len(target),
            total=len(stack) + len(target),
        )
    clash = mask(stack) & mask(target)
    if clash:
        colour = next(letter for index, letter in enumerate(COLOURS) if clash >> index & 1)
        raise IllegalMoveError(
            gettext_noop("a stack may hold each colour once: {colour} is already in it"),
            colour=COLOUR_NAMES[colour],
        )
