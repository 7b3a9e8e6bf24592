"""Stones: a test-only game, registered from the test settings to show that a game is one package.

Nine stones lie on the table; the players (White first) take one, two or three in turn, and whoever
takes the last stone wins. A position is ``stones <left> <to move>``; a move is the number taken.
Its record is the service's tagged format and meets its contract (``arbiter.records``: the
``[Game]`` tag holds the key, the ending words are read by ``read_ending`` and ``judge_ending``)::

    [Game "stones"]
    [White "Ann"]
    [Black "Bob"]
    1. 3 3 2. 2 1

Its board is the row of stones left, each a point (``s1`` the leftmost); a move's point is the first
stone it takes, so that a player takes stones by clicking on the board: its picker script
(``tests/toygame/picker.js``, declared by ``script`` like a built-in game's) says what a click takes
and shows it before it is sent, and its key (``pieces``) names the stone.

Nothing outside the tests names this game: the service learns of it from ``GAME_PACKAGES`` alone.
"""

from __future__ import annotations

from arbiter.engine import LegalMove, PlyTrace, StartOptions, SvgOptions
from arbiter.errors import IllegalMoveError, InvalidNotationError, UnknownGameError, gettext_noop
from arbiter.play import Played
from arbiter.records import format_record, game_tag
from arbiter.spec import End, GameSpec, Piece, Variant
from arbiter.verdict import Termination
from tests.toygame.takeaway import LAST_STONE, MOST, TakeAwayEngine

KEY = "stones"
NAMES = {KEY: "Stones"}
STONES = 9


class StonesEngine(TakeAwayEngine):
    games = (KEY,)
    key, names = KEY, NAMES
    not_a_position = gettext_noop("not a stones position: {text}")
    not_a_record = gettext_noop("not a stones record")

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        if variant != KEY:
            raise UnknownGameError(
                gettext_noop("unknown game '{game}' (known: {known})"), game=variant, known=KEY
            )
        return f"{KEY} {STONES} 0"

    def legal_moves(self, position: str) -> list[LegalMove]:
        left, to_move = self.read(position)
        if left == 0:
            return []
        # a move's point: the first stone it takes (the stones taken are the last ones of the row)
        return [
            LegalMove(str(n), f"{KEY} {left - n} {1 - to_move}", (f"s{left - n + 1}",))
            for n in range(1, min(MOST, left) + 1)
        ]

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        left, to_move = self.read(position)
        if not move.isdigit():
            raise InvalidNotationError(
                gettext_noop("a move is the number of stones taken"), ply=ply, move=move, position=position
            )
        if left == 0:
            raise IllegalMoveError(gettext_noop("the game is over"), ply=ply, move=move, position=position)
        taken = int(move)
        if not 1 <= taken <= min(MOST, left):
            raise IllegalMoveError(
                gettext_noop("take 1 to {most} stones"),
                ply=ply,
                move=move,
                position=position,
                most=min(MOST, left),
            )
        after = f"{KEY} {left - taken} {1 - to_move}"
        return Played(position, after, move, (), (), self.status(after))

    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        left, _to_move = self.read(position)
        stones = "".join(
            f'<circle class="stone" data-point="s{n + 1}" cx="{20 + 30 * n}" cy="20" r="12"/>'
            for n in range(left)
        )
        view = f'viewBox="0 0 {30 * STONES + 10} 40"'
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="{options.size}" {view}>{stones}</svg>'

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        position, moves, state = self.start(KEY), [], seed
        while not self.status(position).ended:
            state = (state * 1103515245 + 12345) % 2**31
            choices = self.legal_moves(position)
            move = choices[state % len(choices)]
            moves.append(move.notation)
            position = move.position
        return format_record({**(tags or {}), **game_tag(KEY)}, moves)


SPEC = GameSpec(
    name="Stones",
    family="stones",
    variants=(Variant(KEY, gettext_noop("Stones"), {"stones": STONES}),),
    ends=(End(LAST_STONE, Termination.GOAL, gettext_noop("took the last stone")),),
    notation=gettext_noop("stones records"),
    engine=StonesEngine(),
    pieces=(Piece("stone", gettext_noop("stone"), '<circle class="stone" cx="0" cy="0" r="12"/>'),),
    script="tests.toygame:picker.js",
    picker_words={
        "take": gettext_noop("Click a stone: it and every stone right of it are taken (one to three)."),
        "target": gettext_noop("take {count} from here"),
        "said": gettext_noop("{count} taken, {left} left"),
    },
)
