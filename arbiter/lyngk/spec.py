"""LYNGK as the service knows it: one game, its rating list, its natural end, its start, its boards.

Cheap to import (its key, name, end, start option, the boards' words and CSS): the engine is named by
its place and loaded when a LYNGK record or move is first checked
(:meth:`arbiter.spec.GameSpec.load_engine`).
"""

from __future__ import annotations

from arbiter.errors import gettext_noop
from arbiter.spec import End, GameSpec, Piece, StartOption, Variant
from arbiter.verdict import Termination

#: the game key of LYNGK (one game: the stack-of-6 variant is not offered, L-13) and its name
GAME = "lyngk"
NAME = "LYNGK"
#: the natural end (L-11, L-12): neither player has a move; the stacks decide
STACKS = "stacks"

#: the CSS of LYNGK boards beyond the shared one (arbiter.svg.STYLE): the five colours and the joker,
#: each piece also lettered, so that no colour is told by its colour alone
STYLE = (
    ".point{fill:#6b4f2a}"
    ".piece{stroke:#3a2a16;stroke-width:1.2}"
    ".piece-I{fill:#f3ead2}.piece-B{fill:#1f5fae}.piece-R{fill:#c62828}"
    ".piece-G{fill:#2e7d32}.piece-K{fill:#1d1d1d}"
    ".piece-J{fill:#ffffff;stroke:#7a6a55;stroke-dasharray:2.5 1.5}"
    ".joker-spot{fill:#9e9484;stroke:none}"
    ".letter{font:bold 11px sans-serif;text-anchor:middle;dominant-baseline:central;stroke:none}"
    ".letter-I,.letter-J{fill:#3a2a16}.letter-B,.letter-R,.letter-G,.letter-K{fill:#fff}"
    ".height{fill:#ffd54f;stroke:#3a2a16;stroke-width:1}"
    ".height-text{font:bold 10px sans-serif;fill:#3a2a16;stroke:none;text-anchor:middle;dominant-baseline:central}"
    ".lyngk-info{font-size:12px}"
    ".five{fill:none;stroke:#6b4f2a;stroke-width:2;stroke-dasharray:4 3}"
    ".chain{fill:none;stroke:#1e88e5;stroke-width:3;stroke-dasharray:7 4;stroke-linecap:round;opacity:.85}"
    ".link-mark{fill:none;stroke:#1e88e5;stroke-width:2;stroke-dasharray:3 2}"
    ".chip-none{fill:none;stroke:#9e9484;stroke-dasharray:3 2}"
)
#: the words on LYNGK boards beyond the shared ones (arbiter.svg.LABELS); the English defaults
LABELS: dict[str, str] = {
    "LYNGK title": gettext_noop("LYNGK position, {player} to move"),
    "LYNGK claimed": gettext_noop("{player} has claimed {colour}: a move follows"),
    "LYNGK holds": gettext_noop("{player}: {colours}; stacks of five won {count}"),
    "LYNGK no colour": gettext_noop("no colour yet"),
    "LYNGK left": gettext_noop("nobody's yet: {colours}"),
    "LYNGK none left": gettext_noop("Four colours held: the fifth stays neutral"),
    "LYNGK five": gettext_noop("stack of five, neutral: it stays and counts for nobody"),
    "LYNGK ivory": gettext_noop("ivory"),
    "LYNGK blue": gettext_noop("blue"),
    "LYNGK red": gettext_noop("red"),
    "LYNGK green": gettext_noop("green"),
    "LYNGK black": gettext_noop("black"),
    "LYNGK joker": gettext_noop("joker"),
}

#: the start (L-4): random, drawn when a game is made (``resolve_options``: stored as ``random`` and
#: the 43 placements), or the placements an organiser gives; written in the record's ``[Setup]`` tag
START = StartOption(
    name="start",
    label=gettext_noop("Start"),
    help=gettext_noop("random, or the 43 placements of a start (a1:J b1:I …); empty: random"),
    tag="Setup",
    noun=gettext_noop("a start"),
    event_help=gettext_noop(
        "random, or the 43 placements (a1:J b1:I …) for every board (empty: each game's record states its start; a game on the service starts random)"
    ),
    max_length=420,
)


def _disc(letter: str, y: int = 0) -> str:
    """A piece of the key as the board draws it (arbiter/lyngk/svg.py): its colour and its letter."""
    spots = ""
    if letter == "J":  # mottled
        spots = "".join(
            f'<circle class="joker-spot" cx="{x}" cy="{dy}" r="2"/>' for x, dy in ((-6, -5), (6, -6), (1, 7))
        )
    return f'<circle class="piece piece-{letter}" cx="0" cy="{y}" r="14"/>{spots}'


def _lettered(letter: str) -> str:
    return f'<g class="stack">{_disc(letter)}<text class="letter letter-{letter}" x="0" y="0">{letter}</text></g>'


#: the key to LYNGK's pieces beside its boards: each colour by its letter, the joker, a stack
PIECES = (
    Piece("I", gettext_noop("ivory: I"), _lettered("I")),
    Piece("B", gettext_noop("blue: B"), _lettered("B")),
    Piece("R", gettext_noop("red: R"), _lettered("R")),
    Piece("G", gettext_noop("green: G"), _lettered("G")),
    Piece("K", gettext_noop("black: K"), _lettered("K")),
    Piece("J", gettext_noop("joker: J, white and mottled"), _lettered("J")),
    Piece(
        "stack",
        gettext_noop("a stack: its top piece, the pieces below peeking out, its height in yellow"),
        f'<g class="stack">{_disc("B", 6)}{_disc("R", 3)}{_disc("G")}'
        '<text class="letter letter-G" x="0" y="0">G</text>'
        '<circle class="height" cx="12" cy="-12" r="7"/><text class="height-text" x="12" y="-12">3</text></g>',
    ),
)

#: the words of its move picker (arbiter/lyngk/picker.js, by the script's keys); the English defaults.
#: A colour is named by its letter's key, as a claim is written (LK-2).
PICKER_WORDS: dict[str, str] = {
    "I": gettext_noop("ivory"),
    "B": gettext_noop("blue"),
    "R": gettext_noop("red"),
    "G": gettext_noop("green"),
    "K": gettext_noop("black"),
    "J": gettext_noop("joker"),
    "claim or move": gettext_noop(
        "Claim a colour with its button below, or click a stack to move: one topped by your colour or a neutral one."
    ),
    "claim only": gettext_noop("Claim a colour with its button below."),
    "from": gettext_noop("Click a stack to move: one topped by your colour or a neutral one."),
    "to": gettext_noop("Click where the stack lands: the lit points."),
    "pass": gettext_noop("No move is left to you: pass."),
    "target from": gettext_noop("move the stack on {point} ({colour} on top, {height} high)"),
    "target to": gettext_noop("land on {point}: a stack of {total}"),
    "claim": gettext_noop("claim {colour}"),
    "claim detail": gettext_noop("stacks it tops: {count}"),
    "said claim": gettext_noop("{colour} claimed: a move of yours follows"),
    "said stack": gettext_noop("a stack of {height} topped by {colour} from {from} onto {to}: {total} high"),
    "said piece": gettext_noop("a single piece ({colour}) from {from} onto {to}: {total} high"),
    "said pass": gettext_noop("pass"),
}

SPEC = GameSpec(
    name=NAME,
    family="lyngk",
    variants=(Variant(GAME, NAME, {START.name: "random"}, start_options=(START,)),),
    ends=(
        End(
            STACKS,
            Termination.SCORE,
            gettext_noop("no move left, stacks counted"),
            gettext_noop(
                "Neither player could move: {winner} won on the stacks (more stacks of five won, or as many and more high stacks of his colours on the board)"
            ),
        ),
    ),
    notation=gettext_noop("LYNGK records (tag pairs, the start in [Setup], turns like R;c3-d4)"),
    engine="arbiter.lyngk.engine:LyngkEngine",
    score=gettext_noop("stacks of five won {score}"),
    labels=LABELS,
    style=STYLE,
    pieces=PIECES,
    script="arbiter.lyngk:picker.js",
    picker_words=PICKER_WORDS,
    draws=True,  # every tie-break equal is a draw (L-12)
)
