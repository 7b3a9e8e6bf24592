"""Writing SVG documents for the board renderers (:mod:`arbiter.gipf.svg`, :mod:`arbiter.dvonn.svg`).

Rules at home here: the output is deterministic, byte for byte: attributes in the order given,
numbers rounded to two decimals with trailing zeros cut (``-0`` written ``0``), text escaped; no
randomness, no clock, no ids beyond the ones the renderers name. Every game shares the colours of
:data:`STYLE` so that their boards look alike; a game adds its own rules (its spec's ``style``).

The words on a board come from :data:`LABELS` (English, ``{name}`` placeholders, marked for
translation) and from its game's own words (its spec's ``labels``, merged in by its renderer); an
edge passes the same keys translated in :attr:`arbiter.engine.SvgOptions.labels`.
"""

from __future__ import annotations

from collections.abc import Mapping
from xml.sax.saxutils import escape, quoteattr

from arbiter.errors import gettext_noop

Attr = tuple[str, str | int | float]

#: the CSS of every board, whatever the game; class names are the renderers' vocabulary (tests look for them)
STYLE = (
    ".board{fill:#f3e2bd;stroke:#6b4f2a;stroke-width:1.5}"
    ".line{stroke:#6b4f2a;stroke-width:1}"
    ".coord{fill:#5a4630;font:12px sans-serif;text-anchor:middle;dominant-baseline:central}"
    ".info{fill:#2b2b2b;font:13px sans-serif}"
    ".white{fill:#fbfbf6;stroke:#222;stroke-width:1.5}"
    ".black{fill:#222;stroke:#000;stroke-width:1.5}"
    ".last-move{fill:none;stroke:#1e88e5;stroke-width:3;stroke-linecap:round;opacity:.8}"
    ".last-mark{fill:none;stroke:#1e88e5;stroke-width:3}"
    ".removed{stroke:#e53935;stroke-width:3;stroke-linecap:round}"
)


#: the words on every game's boards, by key; the English defaults. Only words true of every game:
#: the players and whose turn it is. A player's own pieces (GIPF's reserve and captures) are not
#: every game's: in ZÈRTZ the players own no pieces and share one pool; such words are a game's own
#: (its spec's ``labels``)
LABELS: dict[str, str] = {
    "White": gettext_noop("White"),
    "Black": gettext_noop("Black"),
    "to move": gettext_noop("{player} to move"),
    "game over": gettext_noop("game over"),
}


def label(labels: Mapping[str, str] | None, key: str, **params: str | int) -> str:
    """The words ``key`` in the given labels (English from :data:`LABELS` where a key is missing;
    a renderer merges its game's own words into ``labels``)."""
    template = (labels or {}).get(key) or LABELS[key]
    return template.format(**params)


def player_label(labels: Mapping[str, str] | None, player: int) -> str:
    """A player's side (0 White, 1 Black) in the given labels: who moves first, whatever pieces he
    plays with (in LYNGK the colours he claims)."""
    return label(labels, ("White", "Black")[player])


def num(value: float) -> str:
    """A coordinate as written: two decimals at most, no trailing zeros, never ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _value(value: str | int | float) -> str:
    if isinstance(value, float):
        return num(value)
    return str(value)


def element(tag: str, attrs: list[Attr], text: str | None = None) -> str:
    """One element with its attributes in the given order; ``text`` is escaped."""
    parts = [tag] + [f"{name}={quoteattr(_value(value))}" for name, value in attrs]
    head = " ".join(parts)
    if text is None:
        return f"<{head}/>"
    return f"<{head}>{escape(text)}</{tag}>"


def group(attrs: list[Attr], children: list[str]) -> str:
    head = " ".join(["g"] + [f"{name}={quoteattr(_value(value))}" for name, value in attrs])
    return f"<{head}>" + "".join(children) + "</g>"


def stylesheet(style: str = "") -> str:
    """The text of a board's ``<style>`` element: :data:`STYLE`, then the game's own CSS."""
    return STYLE + style


def document(
    width: int,
    view: tuple[float, float, float, float],
    title: str,
    body: list[str],
    style: str = "",
    css_class: str = "",
) -> str:
    """The whole SVG: ``width`` pixels wide, height from the view box's proportions; ``style`` is the
    game's own CSS, after :data:`STYLE`; ``css_class`` a class of the ``<svg>`` for the page's CSS
    (``board-tall``: a board taller than wide, kept narrower on wide screens)."""
    x, y, w, h = view
    height = round(width * h / w)
    head = element(
        "svg",
        [
            ("xmlns", "http://www.w3.org/2000/svg"),
            ("width", width),
            ("height", height),
            ("viewBox", f"{num(x)} {num(y)} {num(w)} {num(h)}"),
            ("role", "img"),
            *([("class", css_class)] if css_class else []),
        ],
    )[:-2]
    return (
        f"{head}>"
        + element("title", [], title)
        + f"<style>{stylesheet(style)}</style>"
        + "".join(body)
        + "</svg>\n"
    )


def mark(css_class: str, data: str, name: str, x: float, y: float, r: float) -> str:
    """A circle of radius ``r`` about ``(x, y)`` marking a point: its class, then its attribute
    ``data`` naming the point for the page's scripts and tests."""
    return element("circle", [("class", css_class), (data, name), ("cx", x), ("cy", y), ("r", r)])


def cross(x: float, y: float, r: float) -> str:
    """The mark of a removed piece: an X of half-width ``r``."""
    d = f"M{num(x - r)} {num(y - r)}L{num(x + r)} {num(y + r)}M{num(x - r)} {num(y + r)}L{num(x + r)} {num(y - r)}"
    return element("path", [("class", "removed"), ("d", d)])


def check_size(size: int) -> int:
    """Board widths from 120 to 2000 pixels."""
    if not 120 <= size <= 2000:
        raise ValueError(f"the board size must be 120 to 2000 pixels, not {size}")
    return size
