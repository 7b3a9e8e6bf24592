"""The GIPF board as SVG (arbiter.gipf.svg through the registry): hand-checked facts about what is
drawn where, the GIPF-piece / basic piece markup, the highlight of the last move, the flip, and the
pieces of positions of the shared records checked against their position text."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from arbiter import registry
from arbiter.engine import SvgOptions
from tests.arbiter.gipf.support import COLUMN_SPOTS, position, record
from tests.conftest import shared_path

NS = {"s": "http://www.w3.org/2000/svg"}
ROOT3 = math.sqrt(3)


def draw(text: str, **options: object) -> ET.Element:
    svg = registry.render_svg(text, SvgOptions(**options))  # type: ignore[arg-type]
    return ET.fromstring(svg)


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


def piece_at(root: ET.Element, spot: str) -> ET.Element:
    found = [el for el in classed(root, "piece") if el.get("data-spot") == spot]
    assert len(found) == 1, spot
    return found[0]


def centre(piece: ET.Element) -> tuple[float, float]:
    circles = piece.findall("s:circle", NS)
    xs = [float(c.get("cx", "nan")) for c in circles]
    ys = [float(c.get("cy", "nan")) for c in circles]
    return sum(xs) / len(xs), sum(ys) / len(ys)


STANDARD_START = position(
    "standard", {"b5": "W", "e2": "W", "h5": "W", "b2": "B", "e8": "B", "h2": "B"}, "w", (12, 12)
)


def test_the_board_has_24_dots_37_spots_21_lines_and_its_coordinates() -> None:
    root = draw(STANDARD_START)
    assert len(classed(root, "dot")) == 24
    assert len(classed(root, "spot")) == 37
    assert len(classed(root, "line")) == 21
    labels = sorted(el.text or "" for el in classed(root, "coord"))
    assert labels == sorted([*"abcdefghi", *"123456789"])
    assert {el.get("data-point") for el in classed(root, "dot")} >= {"a1", "a5", "e1", "e9", "i1", "i5"}
    assert root.find("s:title", NS) is not None


def test_pieces_sit_on_their_spots_and_gipf_pieces_are_stacks_of_two() -> None:
    root = draw(STANDARD_START)
    # e5 is the centre, 40 units between points; e2 is 3 below it, b5 three columns left, 1.5 up
    assert centre(piece_at(root, "e2")) == pytest.approx((0, 120))
    assert centre(piece_at(root, "b5")) == pytest.approx((-3 * 20 * ROOT3, -60), abs=0.01)
    gipf = piece_at(root, "e2")
    assert gipf.get("class") == "piece gipf white"
    assert len(gipf.findall("s:circle", NS)) == 2
    assert piece_at(root, "e8").get("class") == "piece gipf black"
    basic = draw(position("basic", {"e5": "w", "c3": "b"}, "w", (10, 11)))
    assert piece_at(basic, "e5").get("class") == "piece basic white"
    assert len(piece_at(basic, "e5").findall("s:circle", NS)) == 1
    assert centre(piece_at(basic, "e5")) == (0, 0)
    assert piece_at(basic, "c3").get("class") == "piece basic black"
    info = " ".join(el.text or "" for el in classed(basic, "info"))
    assert "White: reserve 10" in info and "Black: reserve 11" in info and "captured 0" in info


def test_flip_turns_the_board_half_round() -> None:
    root = draw(STANDARD_START, flip=True)
    assert centre(piece_at(root, "e2")) == pytest.approx((0, -120))
    assert centre(piece_at(root, "b5")) == pytest.approx((3 * 20 * ROOT3, 60), abs=0.01)


def test_the_last_move_and_its_removals_are_highlighted_only_when_asked() -> None:
    moves = "1. a3-b3 i3-h3 2. a3-b3 i3-h3 3. a3-b3 i3-h3 4. a3-b3;xb3,c3,d3,e3"
    text = record(moves)
    view = registry.ply_view(text, 7)
    assert view.last is not None and view.last.path == ("a3", "b3", "c3", "d3", "e3")
    assert view.last.removed == ("b3", "c3", "d3", "e3")
    assert view.mover == 0
    svg = registry.render_svg(view.position, SvgOptions(), view.last)
    root = ET.fromstring(svg)
    marks = classed(root, "last-mark")
    assert [m.get("data-point") for m in marks] == ["a3"]
    assert len(classed(root, "last-move")) == 1
    assert len(classed(root, "removed")) == 4
    assert not classed(root, "piece") or all(p.get("data-spot") != "b3" for p in classed(root, "piece"))
    plain = ET.fromstring(registry.render_svg(view.position, SvgOptions()))
    assert (
        not classed(plain, "last-mark") and not classed(plain, "removed") and not classed(plain, "last-move")
    )
    off = ET.fromstring(registry.render_svg(view.position, SvgOptions(highlight=False), view.last))
    assert not classed(off, "last-mark")


def test_output_is_deterministic_xml_of_the_asked_width() -> None:
    first = registry.render_svg(STANDARD_START, SvgOptions(size=300, title="a <game> & more"))
    assert first == registry.render_svg(STANDARD_START, SvgOptions(size=300, title="a <game> & more"))
    root = ET.fromstring(first)
    assert root.get("width") == "300"
    assert root.findtext("s:title", namespaces=NS) == "a <game> & more"
    with pytest.raises(ValueError):
        registry.render_svg(STANDARD_START, SvgOptions(size=50))


def _pieces_of_text(position_text: str) -> dict[str, str]:
    board = position_text.split()[1].split("/")
    out = {}
    for (letter, size), column in zip(COLUMN_SPOTS.items(), board, strict=True):
        assert len(column) == size
        for row, char in enumerate(column, start=2):
            if char != ".":
                out[f"{letter}{row}"] = char
    return out


KIND = {"w": "piece basic white", "b": "piece basic black", "W": "piece gipf white", "B": "piece gipf black"}


@pytest.mark.parametrize("name", ["basic-01.txt", "standard-03.txt", "tournament-05.txt"])
def test_positions_of_the_shared_records_are_drawn_piece_for_piece(name: str) -> None:
    text = shared_path("records", "gipf", name).read_text(encoding="utf-8")
    last = registry.ply_view(text).plies
    for ply in sorted({0, 1, last // 2, last}):
        view = registry.ply_view(text, ply)
        root = ET.fromstring(registry.render_svg(view.position, SvgOptions(), view.last))
        drawn = {el.get("data-spot"): el.get("class") for el in classed(root, "piece")}
        expected = {spot: KIND[char] for spot, char in _pieces_of_text(view.position).items()}
        assert drawn == expected, (name, ply)
