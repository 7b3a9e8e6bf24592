"""The DVONN board as SVG (arbiter.dvonn.svg through the registry): 49 spaces with coordinates,
stacks with height, owner colour and DVONN mark on the right spaces, the highlight of the last
move, the flip, and the stacks of the Little Golem game checked against its position text."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from arbiter import registry
from arbiter.engine import SvgOptions
from tests.arbiter.dvonn.support import ALL_SPACES, LG_FILE, ROWS, read
from tests.conftest import shared_path

NS = {"s": "http://www.w3.org/2000/svg"}


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


def stacks(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-space", ""): el for el in classed(root, "stack")}


def position_text(board: dict[str, str], side: str = "w", placed: int = 49) -> str:
    rows = [",".join(board.get(f"{col}{row}", ".") for col in cols) for row, cols in ROWS.items()]
    return f"dvonn {side} {placed} {'/'.join(rows)}"


# a small stacking-phase position: three DVONN pieces, stacks linked to them
BOARD = {"f3": "d", "e3": "wbw", "g3": "db", "d3": "b", "c3": "d", "h3": "w", "i3": "b", "e2": "ww"}
TEXT = position_text(BOARD)


def draw(text: str, **options: object) -> ET.Element:
    return ET.fromstring(registry.render_svg(text, SvgOptions(**options)))  # type: ignore[arg-type]


def test_the_board_has_49_spaces_and_its_coordinates() -> None:
    root = draw(TEXT)
    spaces = classed(root, "space")
    assert len(spaces) == 49
    assert sorted(el.get("data-space", "") for el in spaces) == sorted(ALL_SPACES)
    labels = sorted(el.text or "" for el in classed(root, "coord"))
    assert labels == sorted([*"abcdefghijk", *"12345"])


def test_stacks_show_owner_height_and_dvonn_piece() -> None:
    found = stacks(draw(TEXT))
    assert set(found) == set(BOARD)
    assert found["e3"].get("class") == "stack white"
    assert (found["e3"].get("data-height"), found["e3"].get("data-dvonn")) == ("3", "no")
    assert found["e3"].findtext("s:text", namespaces=NS) == "3"
    assert found["g3"].get("class") == "stack black"
    assert found["g3"].get("data-dvonn") == "yes"
    assert len(classed(found["g3"], "dvonn-mark")) == 1
    assert found["f3"].get("class") == "stack dvonn"
    assert found["d3"].findtext("s:text", namespaces=NS) is None  # a single piece has no number


def _centre(stack: ET.Element) -> tuple[float, float]:
    circle = stack.find("s:circle", NS)
    assert circle is not None
    return float(circle.get("cx", "nan")), float(circle.get("cy", "nan"))


def test_stacks_sit_on_their_spaces_and_flip_turns_them_round() -> None:
    # f3 is the centre, 44 units between neighbours; rows 1 and 5 span the same width, so a column
    # slants: one row down is half a space to the right (e2 below and right of e3)
    found = stacks(draw(TEXT))
    assert _centre(found["f3"]) == (0, 0)
    assert _centre(found["e3"]) == (-44, 0)
    assert _centre(found["e2"]) == pytest.approx((-22, 22 * math.sqrt(3)), abs=0.01)
    flipped = stacks(draw(TEXT, flip=True))
    assert _centre(flipped["e3"]) == (44, 0)
    assert _centre(flipped["e2"]) == pytest.approx((22, -22 * math.sqrt(3)), abs=0.01)


def test_the_last_move_marks_from_and_to_and_the_pieces_it_removed() -> None:
    text = shared_path(*LG_FILE)
    record = read(text)
    view = registry.ply_view(record, 55)
    assert view.last is not None and view.last.path == ("d4", "d3")
    root = ET.fromstring(registry.render_svg(view.position, SvgOptions(), view.last))
    assert [m.get("data-space") for m in classed(root, "last-mark")] == ["d4", "d3"]
    assert len(classed(root, "last-move")) == 1
    plain = ET.fromstring(registry.render_svg(view.position, SvgOptions()))
    assert not classed(plain, "last-mark") and not classed(plain, "last-move")
    # a placement marks its one space
    first = registry.ply_view(record, 1)
    assert first.last is not None and first.last.path == ("g2",)
    # the game's removals are reported and crossed where they happen
    removals = [registry.ply_view(record, ply) for ply in range(50, registry.ply_view(record).plies + 1)]
    with_removals = [v for v in removals if v.last is not None and v.last.removed]
    assert with_removals, "the Little Golem game removes pieces"
    shown = with_removals[0]
    assert shown.last is not None
    svg = ET.fromstring(registry.render_svg(shown.position, SvgOptions(), shown.last))
    assert len(classed(svg, "removed")) == len(shown.last.removed)
    assert not set(shown.last.removed) & set(stacks(svg))


def test_every_position_of_the_little_golem_game_is_drawn_stack_for_stack() -> None:
    record = read(shared_path(*LG_FILE))
    last = registry.ply_view(record).plies
    for ply in (0, 10, 49, 60, last):
        view = registry.ply_view(record, ply)
        root = ET.fromstring(registry.render_svg(view.position, SvgOptions(), view.last))
        drawn = {name: (el.get("data-height"), el.get("class")) for name, el in stacks(root).items()}
        rows = view.position.split()[3].split("/")
        expected = {}
        for (row, cols), cells in zip(ROWS.items(), rows, strict=True):
            for col, cell in zip(cols, cells.split(","), strict=True):
                if cell != ".":
                    kind = {"w": "white", "b": "black", "d": "dvonn"}[cell[-1]]
                    expected[f"{col}{row}"] = (str(len(cell)), f"stack {kind}")
        assert drawn == expected, ply
    assert registry.render_svg(view.position) == registry.render_svg(view.position)
