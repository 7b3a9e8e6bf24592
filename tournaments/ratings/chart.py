"""A player's rating history in one family as a line chart in SVG (pure, no database).

The chart's points are the rating before the first change and after each change, in the order the
rounds closed, spaced evenly from left to right; the vertical scale runs from the lowest rating
rounded down to a multiple of 50 to the highest rounded up (50 points at least), each bound drawn
as a labelled grid line. Coordinates are rounded to 0.1 so the output is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

STEP = 50


@dataclass(frozen=True)
class ChartPoint:
    rating: int
    label: str  # the point's tooltip, e.g. "Club night, round 3: 1520"


@dataclass(frozen=True)
class Geometry:
    width: int = 480
    height: int = 160
    left: int = 44  # room for the rating labels
    right: int = 8
    top: int = 10
    bottom: int = 20

    @property
    def plot_width(self) -> int:
        return self.width - self.left - self.right

    @property
    def plot_height(self) -> int:
        return self.height - self.top - self.bottom


def scale(ratings: list[int]) -> tuple[int, int]:
    """(low, high): the lowest rating rounded down, the highest up, to multiples of 50; at least 50 apart."""
    low = min(ratings) // STEP * STEP
    high = -(-max(ratings) // STEP) * STEP
    return (low, high) if high > low else (low, low + STEP)


def chart_coordinates(ratings: list[int], geometry: Geometry = Geometry()) -> list[tuple[float, float]]:
    """(x, y) of each rating, rounded to 0.1: evenly spaced, the highest rating at the top."""
    if not ratings:
        return []
    low, high = scale(ratings)
    count = len(ratings)
    coordinates = []
    for index, rating in enumerate(ratings):
        x = (
            geometry.left + geometry.plot_width / 2
            if count == 1
            else geometry.left + index * geometry.plot_width / (count - 1)
        )
        y = geometry.top + (high - rating) / (high - low) * geometry.plot_height
        coordinates.append((round(x, 1), round(y, 1)))
    return coordinates


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def rating_chart_svg(points: list[ChartPoint], title: str, geometry: Geometry = Geometry()) -> str:
    """The chart as an SVG element ('' without points); ``title`` names it for screen readers."""
    if not points:
        return ""
    ratings = [point.rating for point in points]
    low, high = scale(ratings)
    coordinates = chart_coordinates(ratings, geometry)
    g = geometry
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rating-chart" viewBox="0 0 {g.width} {g.height}" '
        f'width="{g.width}" height="{g.height}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    for value in (high, low):
        level = _number(g.top + (high - value) / (high - low) * g.plot_height)
        parts.append(
            f'<line class="grid" x1="{g.left}" y1="{level}" x2="{g.width - g.right}" y2="{level}" '
            'stroke="#ccc" stroke-width="1"/>'
        )
        parts.append(
            f'<text class="axis" x="{g.left - 6}" y="{level}" text-anchor="end" dominant-baseline="middle" '
            f'font-size="11" fill="#666">{value}</text>'
        )
    line = " ".join(f"{_number(x)},{_number(y)}" for x, y in coordinates)
    parts.append(f'<polyline class="history" points="{line}" fill="none" stroke="#2a6f97" stroke-width="2"/>')
    for point, (x, y) in zip(points, coordinates):
        parts.append(
            f'<circle class="point" cx="{_number(x)}" cy="{_number(y)}" r="3" fill="#2a6f97">'
            f"<title>{escape(point.label)}</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)
