"""The LYNGK board as SVG (docs/rules.md LK-4, LK-8): the 43 points each pickable, stacks bottom to top
with their height and top colour (lettered, jokers told apart), each player's colours and stacks of
five won beside the board, a stack of five left marked, the colours left to claim, and the last move
with its LYNGK chain."""

from __future__ import annotations

import re

from arbiter import registry
from arbiter.engine import PlyTrace, SvgOptions
from tests.arbiter.lyngk.support import S1

START = registry.start("lyngk", {"start": S1})
#: docs/rules.md's record of stacks of five, after 6... K;i1-e3: c7 blue under red, e7 ivory under
#: red, f2 blue, ivory, green, joker, black (a stack of five left), e3 blue under Black's black;
#: White holds blue and has won black, red, ivory, green, blue; Black holds black
FIVES = "1. c1-c2 d1-d2 2. d2-c2 f6-e7 3. B;c2-d3 h2-g3 4. f1-f2 g3-g2 5. c6-c7 g2-f2 6. e4-e5 K;i1-e3"


def _after(moves: str) -> tuple[str, PlyTrace]:
    from tests.arbiter.lyngk.support import record

    view = registry.ply_view(record(moves))
    assert view.last is not None
    return view.position, view.last


def test_every_point_is_drawn_and_pickable() -> None:
    svg = registry.render_svg(START)
    points = re.findall(r'class="point" data-point="([a-i][1-7])"', svg)
    assert len(points) == 43 and len(set(points)) == 43 and "i1" in points and "e7" in points


def test_a_stack_shows_its_pieces_bottom_to_top_its_height_and_its_top() -> None:
    position, _ = _after(FIVES)
    svg = registry.render_svg(position)
    stack = re.search(
        r'<g class="stack" data-stack="e3" data-pieces="BK" data-top="K" data-height="2">(.*?)</g>', svg
    )
    assert stack is not None
    body = stack.group(1)
    assert re.findall(r'class="piece piece-([A-Z])"', body) == ["B", "K"]  # drawn bottom first
    assert 'class="letter letter-K"' in body and ">K</text>" in body  # the top lettered
    assert 'class="height"' in body and ">2</text>" in body
    single = re.search(r'<g class="stack" data-stack="a1" data-pieces="J"[^>]*>(.*?)</g>', svg)
    assert single is not None and 'class="height"' not in single.group(1)
    assert single.group(1).count('class="joker-spot"') == 3  # a joker is mottled, and lettered J


def test_a_stack_of_five_left_is_marked() -> None:
    position, _ = _after(FIVES)
    svg = registry.render_svg(position)
    five = re.search(r'<g class="stack five-stack" data-stack="f2" data-pieces="BIGJK"[^>]*>(.*?)</g>', svg)
    assert five is not None and 'class="five"' in five.group(1) and "counts for nobody" in five.group(1)
    assert svg.count('class="five"') == 1


def test_the_colours_held_the_stacks_won_and_the_colours_left() -> None:
    position, _ = _after(FIVES)
    svg = registry.render_svg(position)
    assert re.findall(r'class="chip" data-holder="(\w+)">', svg) == ["white", "black"]
    assert "White: blue; stacks of five won 1" in svg and "Black: black; stacks of five won 0" in svg
    assert re.findall(r'<g class="won" data-pieces="(\w+)">', svg) == ["KRIGB"]
    assert re.findall(r'data-claim="([A-Z])"', svg) == ["I", "R", "G"]
    assert "nobody&#x27;s yet: ivory, red, green" in svg or "nobody's yet: ivory, red, green" in svg


def test_the_last_move_and_its_chain() -> None:
    position, last = _after(FIVES)
    assert last.path == ("i1", "f2", "e3")
    svg = registry.render_svg(position, SvgOptions(), last)
    assert re.search(r'<path class="last-move chain" d="M[^"]*"/>', svg)
    assert re.findall(r'class="link-mark" data-link="(\w+)"', svg) == ["f2"]
    assert re.findall(r'class="last-mark" data-mark="(\w+)"', svg) == ["i1", "e3"]
    plain = registry.render_svg(position, SvgOptions(highlight=False), last)
    assert 'class="last-move' not in plain and 'class="link-mark' not in plain


def test_a_stack_of_five_won_is_crossed_where_it_was_made() -> None:
    position, last = _after("1. c1-c2 d1-d2 2. d2-c2 f6-e7 3. B;c2-d3")
    assert last.removed == ("d3",)
    svg = registry.render_svg(position, SvgOptions(), last)
    assert 'class="removed"' in svg and 'data-stack="d3"' not in svg


def test_a_claim_rings_its_colour() -> None:
    view = registry.ply_view('[Game "lyngk"]\n[Setup "' + S1 + '"]\n\n1. R;b4-c7 K\n')
    assert view.last is not None and view.last.move == "K"
    svg = registry.render_svg(view.position, SvgOptions(), view.last)
    assert "Black has claimed black: a move follows" in svg
    assert re.search(r'data-holder="black">.*?</g><circle class="last-mark"', svg)


def test_the_board_turns_round_and_is_the_same_text_each_time() -> None:
    svg = registry.render_svg(START)
    flipped = registry.render_svg(START, SvgOptions(flip=True))
    assert svg == registry.render_svg(START) and flipped != svg
    c1 = re.search(r'data-point="c1" cx="([-\d.]+)" cy="([-\d.]+)"', svg)
    c1_flipped = re.search(r'data-point="c1" cx="([-\d.]+)" cy="([-\d.]+)"', flipped)
    assert c1 and c1_flipped
    assert float(c1.group(2)) > 0 > float(c1_flipped.group(2))  # c1 below the centre, then above


def test_the_words_come_from_the_labels_given() -> None:
    words = {
        **registry.board_labels("lyngk"),
        "LYNGK holds": "{player} — {colours} — {count}",
        "White": "Білі",
    }
    svg = registry.render_svg(START, SvgOptions(labels=words))
    assert "Білі — " in svg
