"""Piles: a test-only game with a start option resolved when a game starts, registered through the
``GAME_PACKAGES`` setting by the game contract test (``tests/games/test_game_contract.py``) to show
that a game's options need no shared code (the shape TZAAR's ``start`` option has: a value drawn
when the game starts, stored with the game and carried by its record in a tag of its own).

Stones taken from one pile, one to three a turn (White first); whoever takes the last stone wins. Its
start option ``pile``: ``fixed`` (nine stones, the variant's own) or ``random``, which the engine
resolves when a game is created into ``random <n>`` (``n`` drawn from 5 to 15 with the game's seed).
A position is ``piles <left> <to move>``; a move is the number taken. Its record is the service's
tagged format (``arbiter.records``): ``[Game "piles"]``, ``[Pile "random"]`` and the drawn count in
``[Setup "12"]``; without ``[Pile]``, the fixed pile::

    [Game "piles"]
    [Pile "random"]
    [Setup "12"]
    1. 3 3 2. 3 3 resign
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from arbiter.engine import LegalMove, PlyTrace, StartOptions, SvgOptions
from arbiter.errors import (
    IllegalMoveError,
    InvalidNotationError,
    InvalidOptionError,
    UnknownGameError,
    gettext_noop,
)
from arbiter.play import Played
from arbiter.records import format_record, game_tag
from arbiter.spec import End, GameSpec, StartOption, Variant
from arbiter.verdict import Termination
from tests.toygame.takeaway import LAST_STONE, MOST, TakeAwayEngine

KEY = "piles"
NAMES = {KEY: "Piles"}
FIXED, RANDOM = "fixed", "random"
FIXED_PILE, SMALLEST, LARGEST = 9, 5, 15

PILE = StartOption(
    name="pile",
    label=gettext_noop("Pile"),
    help=gettext_noop("fixed or random"),
    tag="Pile",
    noun=gettext_noop("a pile"),
)


def _stones(value: str) -> int:
    """The stones of a pile option's value: ``fixed``, or ``random <n>`` as resolved."""
    words = value.split()
    if words == [FIXED]:
        return FIXED_PILE
    if len(words) == 2 and words[0] == RANDOM and words[1].isdigit() and SMALLEST <= int(words[1]) <= LARGEST:
        return int(words[1])
    raise InvalidOptionError(gettext_noop("the pile is fixed or random, not {value}"), value=value[:40])


class PilesEngine(TakeAwayEngine):
    games = (KEY,)
    key, names, options = KEY, NAMES, (PILE,)
    not_a_position = gettext_noop("not a piles position: {text}")
    not_a_record = gettext_noop("not a piles record")

    def resolve_options(self, variant: str, options: Mapping[str, str], seed: int) -> dict[str, str]:
        resolved = dict(options)
        if resolved.get(PILE.name) == RANDOM:  # drawn now, stored with the game
            resolved[PILE.name] = f"{RANDOM} {random.Random(seed).randint(SMALLEST, LARGEST)}"
        return resolved

    def option_tags(
        self, variant: str, options: Mapping[str, str], declared: Sequence[StartOption]
    ) -> dict[str, str]:
        value = options.get(PILE.name)
        if value is None:
            return {}
        words = value.split()
        return {"Pile": words[0], **({"Setup": words[1]} if len(words) == 2 else {})}

    def tag_options(
        self, variant: str, tags: Mapping[str, str], declared: Sequence[StartOption]
    ) -> dict[str, str]:
        if "Pile" not in tags:
            return {}
        return {PILE.name: " ".join([tags["Pile"], *([tags["Setup"]] if "Setup" in tags else [])])}

    def start(self, variant: str, options: StartOptions | None = None) -> str:
        if variant != KEY:
            raise UnknownGameError(
                gettext_noop("unknown game '{game}' (known: {known})"), game=variant, known=KEY
            )
        unknown = sorted(set(options or {}) - {PILE.name})
        if unknown:
            raise InvalidOptionError(
                gettext_noop("unknown option '{option}' for {game}"), option=unknown[0], game=KEY
            )
        return f"{KEY} {_stones(str((options or {}).get(PILE.name, FIXED)))} 0"

    def legal_moves(self, position: str) -> list[LegalMove]:
        left, to_move = self.read(position)
        return [LegalMove(str(n), f"{KEY} {left - n} {1 - to_move}") for n in range(1, min(MOST, left) + 1)]

    def play(self, position: str, move: str, *, ply: int | None = None) -> Played:
        left, to_move = self.read(position)
        if not move.isdigit():
            raise InvalidNotationError(
                gettext_noop("a move is the number of stones taken"), ply=ply, move=move, position=position
            )
        if not 1 <= int(move) <= min(MOST, left):
            raise IllegalMoveError(
                gettext_noop("take 1 to {most} stones"), ply=ply, move=move, position=position, most=MOST
            )
        after = f"{KEY} {left - int(move)} {1 - to_move}"
        return Played(position, after, move, (), (), self.status(after))

    def render_svg(self, position: str, options: SvgOptions, last: PlyTrace | None = None) -> str:
        left, _to_move = self.read(position)
        stones = "".join(f'<circle cx="{20 + 30 * n}" cy="20" r="12"/>' for n in range(left))
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="{options.size}" height="40">{stones}</svg>'

    def random_record(self, game: str, seed: int, tags: dict[str, str] | None = None) -> str:
        chooser, position, moves = random.Random(seed), self.start(KEY), []
        while not self.status(position).ended:
            move = chooser.choice(self.legal_moves(position))
            moves.append(move.notation)
            position = move.position
        return format_record({**(tags or {}), **game_tag(KEY)}, moves)


SPEC = GameSpec(
    name="Piles",
    family="piles",
    variants=(Variant(KEY, gettext_noop("Piles"), {PILE.name: FIXED}, start_options=(PILE,)),),
    ends=(End(LAST_STONE, Termination.GOAL, gettext_noop("took the last stone")),),
    notation=gettext_noop("piles records"),
    engine=PilesEngine(),
)
