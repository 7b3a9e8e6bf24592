"""The points a click picks for YINSH turns, and the board drawn as SVG: 85 named points, rings
and markers of both colours, the rings removed beside the board, the last turn's path and flips,
the rows the player to move has to take."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from arbiter import registry
from arbiter.engine import SvgOptions
from tests.arbiter.yinsh.support import ALL_POINTS, position
from tests.arbiter.yinsh.test_rules import FOR_BLACK, JUMP, SIX


def points(pos: str) -> dict[str, tuple[str, ...]]:
    return {move.notation: move.points for move in registry.legal_moves(pos)}


def test_the_points_of_yinsh_turns() -> None:
    assert points(registry.start("yinsh"))["f6"] == ("f6",)
    assert points(JUMP)["e2-e8"] == ("e2", "e8")
    # the move, the row by its two end markers (lower end first), the ring removed
    assert points(SIX)["e2-e4;xc3-g3;rk9"] == ("e2", "e4", "c3", "g3", "k9")
    after = registry.play(FOR_BLACK, "e3-e5").position
    assert points(after)["xb4-f4;rj5;j9-j11"] == ("b4", "f4", "j5", "j9", "j11")


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


def draw(text: str, last: object = None, **options: object) -> ET.Element:
    svg = registry.render_svg(text, SvgOptions(**options), last)  # type: ignore[arg-type]
    return ET.fromstring(svg)


def test_every_point_is_drawn_and_named() -> None:
    root = draw(registry.start("yinsh"))
    named = sorted(el.get("data-point", "") for el in classed(root, "point"))
    assert named == sorted(ALL_POINTS) and len(named) == 85


def test_rings_markers_and_the_rings_removed() -> None:
    text = position(W=["e2", "k8"], B=["j5", "j6", "j7", "j8"], w=["e5", "e7"], b=["e6"], removed="3-1")
    root = draw(text)
    assert {
        el.get("data-piece") for el in classed(root, "ring-w") if "ring" in el.get("class", "").split()
    } >= {
        "e2",
        "k8",
    }
    markers = {el.get("data-piece"): el.get("class") for el in classed(root, "marker")}
    assert markers == {"e5": "marker white", "e7": "marker white", "e6": "marker black"}
    removed = classed(root, "removed-ring")
    assert len(removed) == 4  # three White, one Black beside the board
    assert len([el for el in removed if "ring-w" in el.get("class", "")]) == 3


def test_the_last_turn_shows_its_path_flips_and_the_rows_to_take() -> None:
    verdict, plies = registry.replay_traced(
        '[Game "YINSH"]\n\n1. e5 e6 2. f5 f6 3. g5 g6 4. h5 h6 5. i5 i6 6. e5-e4 e6-e8 7. f5-f4 f6-f7 8. e4-e7\n'
    )
    assert verdict.valid
    last = plies[-1]
    root = draw(last.after, last)
    assert len(classed(root, "last-move")) == 1
    assert {el.get("data-flipped") for el in classed(root, "flipped")} == {"e5", "e6"}
    # Black has the row b4..f4 to take after White's e3-e5
    after = registry.play(FOR_BLACK, "e3-e5")
    assert len(classed(draw(after.position), "row-taken")) == 1
    assert classed(draw(JUMP), "row-taken") == []


def test_the_board_turns_round() -> None:
    plain = draw(registry.start("yinsh"))
    flipped = draw(registry.start("yinsh"), flip=True)
    a2 = [el for el in classed(plain, "point") if el.get("data-point") == "a2"][0]
    a2_flipped = [el for el in classed(flipped, "point") if el.get("data-point") == "a2"][0]
    assert float(a2.get("cx", "0")) == -float(a2_flipped.get("cx", "0")) < 0
