"""The ZÈRTZ board as SVG: the rings left (the board shrinking), marbles told apart by their letter, the
pool and the captures with how far each player is from a goal, the last turn; and the command line.

The game drawn is ZT-15's example (worked by hand): White puts black marbles on d1, c3 and d7 and
white ones on g2 and f3; Black a white one on b2; Black's b2 jumps the black c3 to d4, then his g2
marble jumps f3 to e4 and d4 to c3. Six rings are removed (g1, a3, a1, f5, b5, f1): 31 are left;
on them black marbles on d1 and d7 and a white one on c3. The pool holds 3 white, 8 grey, 7 black;
Black's captures 2 white, 1 black: two white marbles from the goal of four white, White none of it."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from arbiter import registry
from arbiter.cli import main
from arbiter.engine import SvgOptions
from tests.arbiter.zertz.support import position_text

EXAMPLE = (
    '[Game "zertz-standard"]\n\n1. Bd1,g1 Wb2,a3 2. Bc3,a1 xb2Bd4 3. Bd7,f5 Wg2,b5 4. Wf3,f1 xg2We4Wc3 *\n'
)


def _rings(svg: str) -> list[str]:
    return re.findall(r'<circle class="ring(?: free)?" data-point="([a-h][1-8])"', svg)


def test_the_start_draws_every_ring_and_the_whole_pool() -> None:
    svg = registry.render_svg(registry.start("zertz-standard"))
    ET.fromstring(svg)
    assert len(_rings(svg)) == 37 and "data-marble" not in svg.split('class="tray-line')[0]
    assert 'data-pool="6/8/10"' in svg
    # the nearest goal of nothing captured: four white marbles (ZT-1)
    assert svg.count('data-from-goal="4"') == 2 and "4 from a goal" in svg
    blitz = registry.render_svg(registry.start("zertz-blitz"))
    assert 'data-pool="5/7/9"' in blitz and blitz.count('data-from-goal="3"') == 2
    assert len(_rings(registry.render_svg(registry.start("zertz-tournament")))) == 48


def test_the_board_shrinks_and_marbles_are_told_apart_by_their_letter() -> None:
    view = registry.ply_view(EXAMPLE)
    svg = registry.render_svg(view.position, SvgOptions(), view.last)
    rings = _rings(svg)
    assert len(rings) == 31 and not {"g1", "a3", "a1", "f5", "b5", "f1"} & set(rings)
    marbles = re.findall(
        r'<g class="marble (\w+)" data-marble="([WGB])" data-ring="(\w+)">.*?>([WGB])</text></g>', svg
    )
    assert sorted(marbles) == [
        ("black", "B", "d1", "B"),
        ("black", "B", "d7", "B"),
        ("white", "W", "c3", "W"),
    ]
    assert 'data-pool="3/8/7"' in svg
    assert 'data-player="black" data-captures="2/0/1" data-from-goal="2"' in svg
    assert 'data-player="white" data-captures="0/0/0" data-from-goal="4"' in svg


def test_the_last_turn_a_chain_its_path_and_the_marbles_jumped() -> None:
    view = registry.ply_view(EXAMPLE)
    svg = registry.render_svg(view.position, SvgOptions(), view.last)
    assert svg.count('class="last-move"') == 1  # g2, e4, c3: one path
    assert 'data-mark="c3"' in svg
    assert svg.count('class="removed"') == 2  # the marbles jumped on f3 and d4 crossed
    unmarked = registry.render_svg(view.position, SvgOptions(highlight=False), view.last)
    assert 'class="last-move"' not in unmarked and 'class="removed"' not in unmarked


def test_the_last_turn_a_placement_its_ring_and_the_ring_removed() -> None:
    view = registry.ply_view(EXAMPLE, 7)  # Wf3,f1
    svg = registry.render_svg(view.position, SvgOptions(), view.last)
    assert 'data-mark="f3"' in svg and 'data-gone="f1"' in svg and 'class="removed"' not in svg
    # a placement that claims: filling g2 fills the group g1-g2, which White claims; d4 is removed
    start = position_text("zertz-standard", ["g1", "g2", "d4", "d5"], ["Wg1"])
    played = registry.play(start, "Gg2,d4")
    assert (played.path, played.removed) == (("g2", "d4"), ("g1", "g2"))
    svg = registry.render_svg(played.position, SvgOptions(), _trace(start, played))
    assert all(f'data-gone="{ring}"' in svg for ring in ("g1", "g2", "d4"))
    assert svg.count('class="removed"') == 2 and _rings(svg) == ["d5"]


def _trace(before: str, played: object) -> object:
    from arbiter.engine import PlyTrace

    return PlyTrace(1, played.move, before, played.position, played.path, played.removed)  # type: ignore[attr-defined]


def test_flipped_turned_half_round_and_words_from_the_labels() -> None:
    start = registry.start("zertz-standard")
    plain = registry.render_svg(start)
    flipped = registry.render_svg(start, SvgOptions(flip=True))
    d1 = re.compile(r'data-point="d1" cx="(-?[\d.]+)" cy="(-?[\d.]+)"')
    (x, y), (fx, fy) = d1.search(plain).groups(), d1.search(flipped).groups()  # type: ignore[union-attr]
    assert float(y) > 0 and float(fy) == -float(y) and float(fx) == -float(x)
    words = registry.render_svg(start, SvgOptions(labels={"ZERTZ pool": "пул", "White": "Білі"}))
    assert ">пул</text>" in words and "Білі" in words


def test_the_cli_replays_draws_and_counts_zertz(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(EXAMPLE, encoding="utf-8")
    assert main(["replay", str(record), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["valid"], data["game"], data["plies"], data["result"]) == (True, "zertz-standard", 8, None)
    assert main(["svg", str(record), "--ply", "4"]) == 0
    assert len(_rings(capsys.readouterr().out)) == 34  # g1, a3, a1 removed by then
    assert main(["perft", "--game", "zertz-blitz", "--depth", "1"]) == 0
    assert capsys.readouterr().out.split() == ["1", "1944"]
    position = registry.ply_view(EXAMPLE).position
    assert main(["perft", "--game", "zertz-standard", "--depth", "1", "--position", position]) == 0
    assert main(["moves", "--position", position, "--json"]) == 0
    out = capsys.readouterr().out.split("\n", 1)
    moves = json.loads(out[1])
    assert int(out[0].split()[1]) == len(moves) and all(move["move"][0] in "WGBx" for move in moves)
    bad = tmp_path / "bad.txt"
    bad.write_text(EXAMPLE.replace("xb2Bd4", "Wa2,b1"), encoding="utf-8")
    assert main(["replay", str(bad), "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert (error["ply"], error["move"], error["reason"]) == (
        4,
        "Wa2,b1",
        "a capture is possible: the turn must capture",
    )


def test_the_cli_names_the_three_keys(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["perft", "--help"])
    text = capsys.readouterr().out
    assert all(key in text for key in ("zertz-standard", "zertz-blitz", "zertz-tournament"))
