"""The PÜNCT board as SVG: its 211 spaces, the central hexagon and the three pairs of sides, pieces
as joined dots with the PÜNCT marked, levels and bridges, the hands by kind (the player to move's
pickable), the last turn and a connection. Positions from docs/rules.md (PÜNCT)."""

from __future__ import annotations

import re

from arbiter import registry
from arbiter.engine import SvgOptions
from arbiter.punct.engine import read_position

START = "punct w 0 - T6C2E4M2L2R2 T6C2E4M2L2R2"
#: White's straight piece bridges d5 and f5 over the empty e5 (docs/rules.md)
BRIDGE = "1. T:d5,c4,d4 T:f5,f4,g5 2. E:a5,a6,a7 T:m10,l9,m9 3. a5-d5:e5,f5"
#: ... and White's straight piece lies on his own on f4, f5, f6, level 1
JUMP = "1. C:f5,f4,f6 T:m10,l9,m9 2. E:f10,f9,f8 T:m13,l12,m12 3. f10-f4:f5,f6"
CONNECTED = (
    "1. E:f1,f2,f3 C:e9,e8,e10 2. E:f4,f5,f6 T:e2,d1,e1 3. E:f7,f8,f9 E:h1,i2,j3 "
    "4. E:f10,f11,f12 E:k4,l5,m6 5. L:f13,f14,g15 E:m7,m8,m9 6. R:h16,i16,j17"
)


def _svg(turns: str, **options: object) -> str:
    position = read_position(turns).text() if turns else START
    return registry.render_svg(position, SvgOptions(**options))  # type: ignore[arg-type]


def test_the_board_has_its_211_spaces_its_centre_and_its_sides() -> None:
    svg = _svg("")
    spaces = re.findall(r'class="space" data-space="([a-q]\d+)"', svg)
    assert len(spaces) == len(set(spaces)) == 211 and "a1" not in spaces and "q16" in spaces
    assert svg.count('class="centre-area"') == 1
    assert [svg.count(f'class="side side-{pair}"') for pair in (0, 1, 2)] == [2, 2, 2]
    assert svg == _svg("")  # deterministic


def test_the_hands_show_each_kind_and_the_player_to_move_picks_from_his() -> None:
    svg = _svg("1. E:e5,e4,e3")  # Black to move; White has 3 pieces E left
    assert 'class="hand-piece white kind-E" data-kind="E" data-count="3">' in svg
    assert 'class="hand-piece black kind-T" data-kind="T" data-count="6" data-point="T">' in svg
    assert svg.count("data-point=") == 6  # Black's six kinds, none of White's


def test_a_piece_is_its_dots_joined_its_punct_marked() -> None:
    svg = _svg("1. E:e5,e4,e3")
    piece = re.search(r'<g class="piece white kind-E level-0" data-punct="e5" data-level="0">(.*?)</g>', svg)
    assert piece is not None
    assert piece.group(1).count('class="dot"') == 3 and piece.group(1).count('class="punct-dot"') == 1
    assert 'class="last-mark" data-space="e3"' in svg  # the last turn's spaces


def test_a_bridge_lies_over_what_is_under_it_with_its_level() -> None:
    svg = _svg(BRIDGE)
    assert 'class="piece white kind-E level-1 bridge" data-punct="d5" data-level="1"' in svg
    # the triangles under its ends are covered and drawn before it
    assert svg.index('class="piece white kind-T level-0 covered" data-punct="d5"') < svg.index(
        "level-1 bridge"
    )
    assert 'class="piece black kind-T level-0 covered" data-punct="f5"' in svg
    assert re.search(r'<text class="level" [^>]*>1</text>', svg) and 'class="last-from"' in svg


def test_a_piece_lying_flat_on_others_is_no_bridge() -> None:
    svg = _svg(JUMP)
    assert 'class="piece white kind-E level-1" data-punct="f4"' in svg
    assert 'class="piece white kind-C level-0 covered" data-punct="f5"' in svg


def test_a_connection_is_drawn_through_its_dots() -> None:
    svg = _svg(CONNECTED)
    chain = re.search(r'<path class="connection" d="([^"]+)"', svg)
    assert chain is not None and chain.group(1).count("L") >= 16  # 17 spaces at least, row 1 to row 17
    assert "White has connected two opposite sides" in svg


def test_flipped_and_sized() -> None:
    plain, flipped = _svg("", size=360), _svg("", size=360, flip=True)
    assert plain.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="360"') and plain != flipped
    first = re.search(r'data-space="a2" cx="([-\d.]+)"', plain)
    turned = re.search(r'data-space="a2" cx="([-\d.]+)"', flipped)
    assert first is not None and turned is not None and float(first.group(1)) == -float(turned.group(1))
