"""The board of GIPF with potentials: loaded pieces, used potentials, stacks and neutralised pieces
are told apart by shape and letter (docs/rules.md, P-12), not by colour alone."""

from __future__ import annotations

import re

from arbiter import registry
from arbiter.engine import PlyTrace

# White: a loaded TAMSK piece on e4, a used potential on f5, a stack e5 = White's loaded PÜNCT under
# Black's PÜNCT under White's PÜNCT, a black GIPF-piece on d5 neutralised by White's PÜNCT, a black
# loaded DVONN piece on e7 neutralised by White's DVONN. Black: a loaded PÜNCT piece on c5.
POSITION = (
    "gipf-pot-standard B..W/.dbp./..w(BP)../W.T(PpP).(dD)B/...U../...../B..W b reserve=9/6 "
    "captured=0/0 set=T6D6P6/D6P6 hand=T4D5P3/D4P3"
)


def _group(svg: str, spot: str) -> str:
    """The class of the piece on ``spot`` and what it draws (a stack's layers included)."""
    start = svg.index(f'data-spot="{spot}"')
    other = re.compile(rf'data-spot="(?!{spot}")')
    end = other.search(svg, start)
    head = svg.rfind('<g class="', 0, start)
    found = re.match(r'<g class="([^"]*)"', svg[head:])
    assert found
    return found.group(1) + " | " + svg[start : end.start() if end else len(svg)]


def test_each_kind_of_piece_has_its_own_shape_and_letter() -> None:
    svg = registry.render_svg(POSITION)
    assert _group(svg, "e4").startswith("piece loaded white kind-t | ")
    assert ">T</text>" in _group(svg, "e4") and 'class="ring"' in _group(svg, "e4")
    assert _group(svg, "c5").startswith("piece loaded black kind-p | ")
    assert _group(svg, "f5").startswith("piece used white | ")
    assert 'data-stack="PpP"' in svg and 'data-stack="BP"' in svg and 'data-stack="dD"' in svg
    stack = _group(svg, "e5")
    assert 'class="piece stack white"' in svg.split('data-spot="e5"')[0][-60:]  # the colour of its top
    assert stack.count(">P</text>") == 3  # the loaded piece's letter and one per potential on it
    assert "piece loaded white kind-p neutralised" in stack
    neutralised = _group(svg, "d5")
    assert "piece gipf black neutralised" in neutralised and ">P</text>" in neutralised
    assert "neutralised" in _group(svg, "e7") and ">D</text>" in _group(svg, "e7")
    assert "potentials in hand T4D5P3" in svg and "potentials in hand D4P3" in svg
    assert "captured 0, GIPF-pieces 3" in svg  # Black: b2, e8, h2; d5 is neutralised


def test_the_board_turns_round_and_marks_the_last_move() -> None:
    last = PlyTrace(1, "P:d5-d4", POSITION, POSITION, ("d5", "d4"), ())
    flipped = registry.render_svg(POSITION, registry.SvgOptions(flip=True), last)
    assert 'class="last-move"' in flipped and flipped != registry.render_svg(POSITION)
