"""The rating history chart: the points it must draw, worked by hand (pure)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from tests.tournaments.ratings.test_rated_setting import create_and_play
from tournaments.ratings.chart import ChartPoint, Geometry, chart_coordinates, rating_chart_svg, scale

SVG = "{http://www.w3.org/2000/svg}"


def test_coordinates_by_hand() -> None:
    # 1500, 1520, 1510, 1540: scale 1500..1550. Plot 428 x 130 from (44, 10) (480 x 160, margins
    # left 44, right 8, top 10, bottom 20). x: 44, 44 + 428/3 = 186.7, 44 + 856/3 = 329.3, 472;
    # y = 10 + (1550 - r) / 50 * 130: 140, 88, 114, 36.
    assert scale([1500, 1520, 1510, 1540]) == (1500, 1550)
    assert chart_coordinates([1500, 1520, 1510, 1540]) == [(44, 140), (186.7, 88), (329.3, 114), (472, 36)]


def test_scale_rounds_outwards_and_keeps_50_points() -> None:
    assert scale([1487, 1612]) == (1450, 1650)
    assert scale([1500]) == (1500, 1550)
    assert scale([1500, 1500]) == (1500, 1550)
    # one rating: the middle of the plot, on the bottom line (1500 in 1500..1550)
    assert chart_coordinates([1500]) == [(258, 140)]
    assert chart_coordinates(
        [1450, 1650], Geometry(width=100, height=100, left=0, right=0, top=0, bottom=0)
    ) == [
        (0, 100),
        (100, 0),
    ]


def test_the_svg_draws_those_points() -> None:
    points = [
        ChartPoint(1500, "start: 1500"),
        ChartPoint(1520, "Club <night>, round 1: 1520"),
        ChartPoint(1510, "round 2: 1510"),
        ChartPoint(1540, "round 3: 1540"),
    ]
    svg = rating_chart_svg(points, "GIPF rating history")
    root = ET.fromstring(svg)  # well-formed, names escaped
    assert root.tag == f"{SVG}svg" and root.get("aria-label") == "GIPF rating history"
    assert root.find(f"{SVG}polyline").get("points") == "44,140 186.7,88 329.3,114 472,36"  # type: ignore[union-attr]
    circles = [(c.get("cx"), c.get("cy"), c.find(f"{SVG}title").text) for c in root.iter(f"{SVG}circle")]  # type: ignore[union-attr]
    assert circles == [
        ("44", "140", "start: 1500"),
        ("186.7", "88", "Club <night>, round 1: 1520"),
        ("329.3", "114", "round 2: 1510"),
        ("472", "36", "round 3: 1540"),
    ]
    # grid lines at 1550 (top, y 10) and 1500 (bottom, y 140), labelled
    assert [(t.text, t.get("y")) for t in root.iter(f"{SVG}text")] == [("1550", "10"), ("1500", "140")]
    assert rating_chart_svg([], "empty") == ""
    assert rating_chart_svg(points, "x") == svg.replace("GIPF rating history", "x")
    assert not re.search(r"\d\.\d\d", svg)


@pytest.mark.django_db
def test_the_player_page_draws_the_history(client: Any, organiser: User, commit: Callable[..., Any]) -> None:
    # Ann 1600 beats Bob 1400 in a rated DVONN event: 1600 -> 1610 (worked in test_rated_setting).
    # Scale 1600..1650; x 44 and 472; y 10 + 50/50 * 130 = 140 for 1600, 10 + 40/50 * 130 = 114 for 1610.
    create_and_play(client, organiser, commit, "Rated open", rated=True)
    ann = Player.objects.get(display_name="Ann")
    page = client.get(ann.get_absolute_url()).content.decode()
    assert '<polyline class="history" points="44,140 472,114"' in page
    assert "DVONN rating history" in page
