"""The TZAAR board as SVG: 60 spaces and no centre space, the three types by shape, heights in a badge,
the last turn's two moves."""

from __future__ import annotations

import re

from arbiter import registry
from arbiter.engine import SvgOptions
from tests.arbiter.tzaar.support import position_text

STACKS = {
    "a1": "bT",
    "a2": "bZ",
    "a3": "bO",
    "i1": "wT3",
    "i2": "wZ",
    "i3": "wO",
    "c1": "wO",
    "c5": "bO",
    "d1": "wZ",
}


def test_every_space_is_drawn_and_e5_is_none() -> None:
    svg = registry.render_svg(position_text(STACKS))
    spaces = re.findall(r'class="space" data-space="([a-i][1-9])"', svg)
    assert len(spaces) == 60 and "e5" not in spaces
    assert 'class="centre"' in svg


def test_types_differ_by_shape_and_heights_show_in_a_badge() -> None:
    svg = registry.render_svg(position_text(STACKS))
    tott = re.search(r'<g class="stack black tott" data-space="a3".*?</g>', svg)
    tzarra = re.search(r'<g class="stack black tzarra" data-space="a2".*?</g>', svg)
    tzaar = re.search(
        r'<g class="stack white tzaar" data-space="i1" data-type="tzaar" data-height="3">.*?</g>', svg
    )
    assert tott and tzarra and tzaar
    assert tott.group(0).count("<circle") == 1  # a plain disc
    assert tzarra.group(0).count('class="tzaar-dot"') == 1 and 'class="mark"' not in tzarra.group(0)
    assert (
        'class="mark"' in tzaar.group(0)
        and 'class="badge"' in tzaar.group(0)
        and ">3</text>" in tzaar.group(0)
    )


def test_the_last_turns_two_moves_are_drawn() -> None:
    first = registry.play(position_text(STACKS), "c1xc5")
    second = registry.play(first.position, "pass")
    svg = registry.render_svg(second.position)
    assert svg.count('class="last-move') == 1  # the pass draws nothing, the capture its stroke
    both = registry.play(first.position, "i2+i3")  # White keeps a Tott: c5
    svg = registry.render_svg(both.position, SvgOptions(size=390, flip=True))
    assert 'class="last-move first-move"' in svg and svg.count('class="last-move') == 2
    assert 'width="390"' in svg
