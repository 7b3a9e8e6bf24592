"""The board of GIPF with potentials as SVG (arbiter/gipf/potentials/svg.py, docs/rules.md P-12): each loaded piece with
its kind's letter, used potentials, stacks (height, owner of each layer, the top), neutralised
pieces, and the key below the board.

The positions are written by hand in the position text of docs/rules.md ("Position text"), and the
expected marks are read off them by hand: ``Tz.W`` is column b from b2 up, so b2 holds a white loaded
TAMSK piece and b3 a black loaded ZÈRTZ piece; ``(wdD)`` on c3 is a white basic piece under a black
DVONN-potential under a white one (height 3, White's on top); ``(BP)`` on e5 a black GIPF-piece
neutralised by a white PÜNCT-potential.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from arbiter import registry
from arbiter.engine import PlyTrace, SvgOptions
from arbiter.gipf.potentials import parse_position
from arbiter.gipf.potentials.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"
#: columns b..h bottom up: b2 T, b3 z, b5 W | c3 (wdD), c4 U, c6 y | d4 u | e2 W, e5 (BP), e8 B |
#: g3 D, g4 p | h2 B, h3 Y, h5 W
EVERY_PIECE = (
    "gipf-pot-standard Tz.W/.(wdD)U.y/..u.../W..(BP)..B/....../.Dp../BY.W w reserve=8/9 captured=0/0 "
    "set=T3Z3D3Y3P3/T3Z3D3Y3P3 hand=T2Z2D1Y2P2/T3Z2D2Y2P1"
)


def _svg(position: str, last: PlyTrace | None = None, **options: object) -> ET.Element:
    text = render_svg(parse_position(position), SvgOptions(**options), last)  # type: ignore[arg-type]
    return ET.fromstring(text)


def _classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def _pieces(root: ET.Element) -> dict[str, ET.Element]:
    """The piece groups by spot (the board's own pieces, not the key's)."""
    return {
        g.get("data-spot", ""): g
        for g in root.iter(f"{NS}g")
        if "piece" in _classes(g) and g.get("data-spot")
    }


def _letters(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text") if "kind" in _classes(t)]


def test_loaded_pieces_show_their_kind_by_letter_and_ring() -> None:
    pieces = _pieces(_svg(EVERY_PIECE))
    loaded = {spot: g for spot, g in pieces.items() if "loaded" in _classes(g)}
    expected = {
        "b2": ("white", "T"),
        "b3": ("black", "Z"),
        "c6": ("black", "Y"),
        "g3": ("white", "D"),
        "g4": ("black", "P"),
        "h3": ("white", "Y"),
    }
    assert {
        spot: (next(iter(_classes(g) & {"white", "black"})), g.get("data-kind")) for spot, g in loaded.items()
    } == expected
    for spot, (_, kind) in expected.items():
        group = loaded[spot]
        assert f"kind-{kind.lower()}" in _classes(group)
        assert _letters(group) == [kind]  # the letter, not the colour alone, tells the kind
        assert [c for c in group.iter(f"{NS}circle") if "ring" in _classes(c)]


def test_used_potentials_are_diamonds_of_their_owners_colour() -> None:
    pieces = _pieces(_svg(EVERY_PIECE))
    used = {spot: g for spot, g in pieces.items() if "used" in _classes(g)}
    assert {spot: _classes(g) & {"white", "black"} for spot, g in used.items()} == {
        "c4": {"white"},
        "d4": {"black"},
    }
    for group in used.values():
        assert group.find(f"{NS}polygon") is not None and group.find(f"{NS}circle") is None


def test_stacks_show_height_each_layers_owner_and_kind_and_the_neutralised_piece_below() -> None:
    pieces = _pieces(_svg(EVERY_PIECE))
    stacks = {spot: g for spot, g in pieces.items() if "stack" in _classes(g)}
    assert set(stacks) == {"c3", "e5"}
    c3, e5 = stacks["c3"], stacks["e5"]
    # c3: a white basic piece, a black DVONN-potential on it, a white one on top
    assert (c3.get("data-stack"), c3.get("data-height"), c3.get("data-owners")) == ("wdD", "3", "wbw")
    assert "white" in _classes(c3)  # the top's colour: the spot counts as White's
    layers = [g for g in c3.iter(f"{NS}g") if "layer" in _classes(g)]
    assert [(_classes(g) & {"white", "black"}, g.get("data-kind"), _letters(g)) for g in layers] == [
        ({"black"}, "D", ["D"]),
        ({"white"}, "D", ["D"]),
    ]
    # e5: a black GIPF-piece neutralised by a white PÜNCT-potential
    assert (e5.get("data-stack"), e5.get("data-height"), e5.get("data-owners")) == ("BP", "2", "bw")
    for stack, bottom_kind, bottom_colour, height in (
        (c3, "basic", "white", "3"),
        (e5, "gipf", "black", "2"),
    ):
        bottoms = [g for g in stack.iter(f"{NS}g") if "bottom" in _classes(g)]
        assert len(bottoms) == 1
        assert {"piece", bottom_kind, bottom_colour, "neutralised"} <= _classes(bottoms[0])
        assert [c for c in stack.iter(f"{NS}circle") if "neutralised-mark" in _classes(c)]
        assert [t.text for t in stack.iter(f"{NS}text") if "height" in _classes(t)] == [height]


def test_gipf_pieces_and_the_counts_beside_the_board() -> None:
    root = _svg(EVERY_PIECE)
    pieces = _pieces(root)
    gipf = {spot: _classes(g) & {"white", "black"} for spot, g in pieces.items() if "gipf" in _classes(g)}
    assert gipf == {"b5": {"white"}, "e2": {"white"}, "h5": {"white"}, "e8": {"black"}, "h2": {"black"}}
    info = [t.text for t in root.iter(f"{NS}text") if "info" in _classes(t)]
    # the black GIPF-piece under White's PÜNCT on e5 does not count (2, not 3)
    assert info == [
        "White to move",
        "White: reserve 8",
        "captured 0, GIPF-pieces 3",
        "potentials in hand T2Z2D1Y2P2",
        "Black: reserve 9",
        "captured 0, GIPF-pieces 2",
        "potentials in hand T3Z2D2Y2P1",
    ]


def test_the_key_names_each_mark_with_its_shape() -> None:
    root = _svg(EVERY_PIECE)
    legends = [g for g in root.iter(f"{NS}g") if "legend" in _classes(g)]
    assert len(legends) == 1
    key = legends[0]
    words = [t.text for t in key.iter(f"{NS}text") if "legend-text" in _classes(t)]
    assert words == [
        "loaded piece, its kind",
        "used potential",
        "stack and its height",
        "neutralised (faded)",
    ]
    assert _letters(key) == ["Z", "D"]  # a loaded ZÈRTZ piece, a DVONN-potential on a piece
    assert key.find(f"{NS}polygon") is not None  # the diamond of a used potential
    assert [c for c in key.iter(f"{NS}circle") if "neutralised-mark" in _classes(c)]
    assert root.get("class") == "board-tall"  # the numbers and key below: the page keeps it narrow


def test_the_words_come_from_the_labels_given() -> None:
    labels = {"legend used": "використаний потенціал", "White": "Білі", "to move": "{player} ходять"}
    root = _svg(EVERY_PIECE, labels=labels)
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "використаний потенціал" in texts and "Білі ходять" in texts


def test_a_potentials_move_is_marked_from_its_spot_to_where_it_landed() -> None:
    # White's ZÈRTZ on b2 jumped Black's GIPF-piece on c3 and landed on d4 (docs/rules.md's first record)
    after = (
        "gipf-pot-standard wp.W/.B.../..U.../W.....B/....../...../B..W b reserve=11/11 captured=0/0 "
        "set=T3Z3D3Y3P3/T3Z3D3Y3P3 hand=T3Z2D3Y3P3/T3Z3D3Y3P2"
    )
    last = PlyTrace(3, "Z:b2-d4", after, after, ("b2", "d4"), ())
    root = _svg(after, last)
    marks = [c for c in root.iter(f"{NS}circle") if "last-mark" in _classes(c)]
    assert [c.get("data-point") for c in marks] == ["b2"]
    assert [p for p in root.iter(f"{NS}path") if "last-move" in _classes(p)]
    pieces = _pieces(root)
    assert "used" in _classes(pieces["d4"]) and "basic" in _classes(pieces["b2"])


def test_the_drawing_is_the_same_every_time_and_flipping_turns_it() -> None:
    position = parse_position(EVERY_PIECE)
    first = render_svg(position, SvgOptions())
    assert render_svg(position, SvgOptions()) == first
    flipped = ET.fromstring(render_svg(position, SvgOptions(flip=True)))
    straight = ET.fromstring(first)

    def centre(root: ET.Element, spot: str) -> tuple[float, float]:
        disc = _pieces(root)[spot].find(f"{NS}circle")
        assert disc is not None
        return float(disc.get("cx") or "nan"), float(disc.get("cy") or "nan")

    x, y = centre(straight, "b2")
    assert (x, y) != (0, 0) and centre(flipped, "b2") == (-x, -y)


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
