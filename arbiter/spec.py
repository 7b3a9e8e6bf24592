"""What a game package declares about itself: one :class:`GameSpec`.

A game is a package (``arbiter/gipf``, ``arbiter/dvonn``) whose ``SPEC`` says everything the rest of
the service needs to know about it: its game keys (one per variant, with the variant's options and
name), its rating family, its natural ends mapped onto the game-free
:class:`arbiter.verdict.Termination`, what a score means (if anything), the words and styling of
its boards, the key to its pieces, its move picker (a script of its package and its words), the name
of its notation and its engine. :mod:`arbiter.registry` collects the specs;
nothing outside a game's package writes its keys.

A spec is cheap to import: the Django side reads the keys, names and families of every game when
it starts (``games.choices``), and a command that never checks a move (``manage.py pair_trf``) has
no use for the rules. So a game names its engine where it is, ``"package.module:Class"``, and
:meth:`GameSpec.load_engine` imports it when a record or a move of the game is first checked (an
engine object given instead is used as it is: a test's game).

Names are English templates marked with :func:`arbiter.errors.gettext_noop`; the edges translate
them (Django's ``makemessages`` finds them).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.resources
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from arbiter.engine import GameEngine
from arbiter.errors import UnknownGameError, gettext_noop
from arbiter.verdict import NAMED, NATURAL, Termination

#: a variant's option values (GIPF's rule set, its own set of potentials)
OptionValue = str | int | bool


@dataclass(frozen=True, eq=False)
class Choice:
    """One value a start option may be agreed with: the value as stored and written (``fixed``) and
    its label (English, marked with ``gettext_noop``: "fixed start")."""

    value: str
    label: str


@dataclass(frozen=True, eq=False)
class StartOption:
    """A start option a variant declares: a text agreed beyond the game key (for an event's games or
    a challenge's game), checked, carried into the game's start and written in its record's tags.

    ``name`` is its name in the stored options (``Game.options``, an event's options), the forms and
    the API (lower-case letters and underscores); ``label``, ``help`` (a game's field),
    ``event_help`` (an event's field: empty there means something else) and ``noun`` (how messages
    name it: "a set of potentials") are English, marked with ``gettext_noop``; ``tag`` is the record
    tag that carries it (``Potentials``); ``max_length`` bounds the text. ``choices``: the values it
    may be agreed with (:class:`Choice`, offered as a choice by the forms and the API, any other
    refused); empty, a free text the engine reads (GIPF with potentials' set of potentials, whose
    sets are no closed list). A value resolved when a game starts (TZAAR's random start and its
    drawn pieces) is stored as the engine resolves it, whatever the choices.

    The engine checks a value (:meth:`arbiter.engine.GameEngine.start` with it: a refusal names what
    is wrong), resolves it when a game starts (:meth:`~arbiter.engine.GameEngine.resolve_options`: a
    value drawn then, such as a random setup, becomes the concrete one, stored with the game), writes
    it in a record's tags (:meth:`~arbiter.engine.GameEngine.option_tags`: by default ``tag`` with the
    value) and reads it back from them (:meth:`~arbiter.engine.GameEngine.tag_options`). Without a
    value agreed, a game starts with the variant's own (:attr:`Variant.options` under ``name``).
    """

    name: str
    label: str
    help: str
    tag: str
    noun: str
    event_help: str = ""
    max_length: int = 100
    choices: tuple[Choice, ...] = ()

    def choice(self, value: str) -> Choice | None:
        """The choice ``value`` is (None when the option has no such choice)."""
        return next((choice for choice in self.choices if choice.value == value), None)


@dataclass(frozen=True, eq=False)
class Variant:
    """One way to play the game, stored as its game key (``Event.game``, ``Game.game``).

    ``options`` are the variant's own values (its rule set, its own set of potentials);
    ``start_options`` the options a game of it may be started with (:class:`StartOption`)."""

    key: str  # lower-case, digits and hyphens, at most 20 characters (the database column)
    name: str  # gettext_noop: "GIPF standard"
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    start_options: tuple[StartOption, ...] = ()


@dataclass(frozen=True, eq=False)
class End:
    """A natural end of the game by its rules: its code (as verdicts and the database write it),
    the game-free termination it is, its name (gettext_noop) and the sentence telling a decided
    game's end (gettext_noop with ``{winner}`` and ``{loser}``, the players' names: "{winner}
    removed the rings needed to win"; empty: the name tells it).

    ``sentences``: the sentences of an end that the final position tells more exactly, by the
    detail the engine reads in it (:meth:`arbiter.engine.GameEngine.end_detail`: TZAAR's "tzarra"
    when the loser's Tzarras are gone); ``sentence`` when the detail is none of them."""

    code: str
    termination: Termination
    name: str
    sentence: str = ""
    sentences: Mapping[str, str] = field(default_factory=dict)

    def sentence_for(self, detail: str) -> str:
        """The sentence of this end where the final position's detail is ``detail``."""
        return self.sentences.get(detail) or self.sentence


@dataclass(frozen=True, eq=False)
class Piece:
    """One line of the key to a game's pieces, shown beside its boards: ``code`` (how the game's
    picker script asks for its picture, ``PlayPage.picture(code)``), ``name`` (English, marked with
    ``gettext_noop``: "Tzarra") and ``drawing``, SVG elements drawn with the classes of the game's
    boards (its ``style``) around (0, 0), within a box of -20 -20 40 40."""

    code: str
    name: str
    drawing: str


@dataclass(frozen=True, eq=False)
class GameSpec:
    """Everything a game declares about itself (see the module's docstring)."""

    name: str  # the game's name ("GIPF"), also its rating family's name
    family: str  # the key of the rating list its games count for
    variants: tuple[Variant, ...]
    ends: tuple[End, ...]
    notation: str  # gettext_noop: the name of its record formats, for help texts and messages
    engine: GameEngine | str  # its engine, or its class's place "package.module:Class" (load_engine)
    score: str | None = (
        None  # gettext_noop with ``{score}`` (white-black): what a score means; None: no score
    )
    labels: Mapping[str, str] = field(default_factory=dict)  # its board words (arbiter.svg.label keys)
    style: str = ""  # its boards' CSS beyond arbiter.svg.STYLE
    # the key to its pieces beside every board of it (Piece); docs/architecture.md, "Adding a game"
    pieces: tuple[Piece, ...] = ()
    # its move picker: the script of its package the game page loads ("package:file.js", served by
    # the service; it fills the hooks of static/js/play.js, PlayPage.register) and the words the
    # script is given (gettext_noop, by the script's keys), in the page's language
    script: str = ""
    picker_words: Mapping[str, str] = field(default_factory=dict)
    usual: str | None = None  # the variant a form offers first (None: the first)
    # its rules allow a draw (DVONN's equal stacks, YINSH's equal rings): its players may agree one
    # (the ending word ``draw`` of arbiter.records, games.play.draws); docs/play.md, draw offers
    draws: bool = False
    _loaded: GameEngine | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        problems = check_spec(self)
        if problems:
            raise ValueError(f"the game spec {self.name!r} is not valid: " + "; ".join(problems))
        if isinstance(self.engine, GameEngine):
            object.__setattr__(self, "_loaded", self.engine)

    def load_engine(self) -> GameEngine:
        """The game's engine, its module imported and the engine made on the first call.

        ValueError when the place names no engine class, or an engine playing other keys than the
        spec's variants (the check a spec with an engine object gets when it is made)."""
        if self._loaded is not None:
            return self._loaded
        assert isinstance(self.engine, str)
        module, _, name = self.engine.partition(":")
        made = getattr(importlib.import_module(module), name, None) if name else None
        if not (isinstance(made, type) and issubclass(made, GameEngine)):
            raise ValueError(f"the game spec {self.name!r} names no engine class at {self.engine!r}")
        engine = made()
        problems = _engine_problems(self, engine)
        if problems:
            raise ValueError(f"the game spec {self.name!r} is not valid: " + "; ".join(problems))
        object.__setattr__(self, "_loaded", engine)
        return engine

    @property
    def keys(self) -> tuple[str, ...]:
        """The game keys of its variants, in the order declared."""
        return tuple(variant.key for variant in self.variants)

    @property
    def usual_key(self) -> str:
        return self.usual or self.variants[0].key

    def variant(self, key: str) -> Variant:
        for variant in self.variants:
            if variant.key == key:
                return variant
        raise UnknownGameError(
            gettext_noop("unknown game '{game}' (known: {known})"), game=key, known=", ".join(self.keys)
        )

    def script_text(self) -> str:
        """The text of its picker script ("" when it declares none); :class:`FileNotFoundError` when
        the file named is not in the package. Read once per process (a package's file does not
        change while it runs)."""
        return _read_script(self.script)[0] if self.script else ""

    def script_digest(self) -> str:
        """A digest of its picker script (16 hexadecimal digits; "" without one): the script's URL
        names it, so that a browser may keep the script as long as it is the same."""
        return _read_script(self.script)[1] if self.script else ""

    def end(self, code: str) -> End | None:
        """The natural end written ``code``, None when it is none of this game's."""
        for end in self.ends:
            if end.code == code:
                return end
        return None


def package_getattr(package: str, spec: GameSpec) -> Callable[[str], Any]:
    """The ``__getattr__`` of a game package (``package`` its ``__name__``) declaring ``spec``:
    ``ENGINE``, its engine (:meth:`GameSpec.load_engine`), and its engine's class by the name its
    place gives (``GipfEngine``), both loaded when first asked for, so that importing the package
    loads its spec only."""
    module, _, name = spec.engine.partition(":") if isinstance(spec.engine, str) else ("", "", "")

    def attribute(wanted: str) -> Any:
        if wanted == "ENGINE":
            return spec.load_engine()
        if name and wanted == name:
            return getattr(importlib.import_module(module), name)
        raise AttributeError(f"module {package!r} has no attribute {wanted!r}")

    return attribute


@functools.lru_cache(maxsize=64)
def _read_script(script: str) -> tuple[str, str]:
    package, _, name = script.partition(":")
    text = importlib.resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return text, hashlib.sha256(text.encode()).hexdigest()[:16]


def check_spec(spec: GameSpec) -> list[str]:
    """What is wrong with a spec (empty when nothing): keys that cannot be stored, ends that are
    not natural terminations or that hide a generic one."""
    problems = []
    keys = spec.keys
    if not keys:
        problems.append("it has no variant")
    if len(set(keys)) != len(keys):
        problems.append("two variants share a key")
    for key in keys:
        if not (0 < len(key) <= 20 and all(c.islower() or c.isdigit() or c == "-" for c in key)):
            problems.append(f"the key {key!r} is not 1 to 20 lower-case letters, digits or hyphens")
    if not 0 < len(spec.family) <= 10:
        problems.append(f"the family {spec.family!r} is not 1 to 10 characters")
    for end in spec.ends:
        if end.termination not in NATURAL:
            problems.append(f"the end {end.code!r} is not a natural termination")
        if end.code in NAMED:
            problems.append(f"the end {end.code!r} is a termination every game names")
    problems += _option_problems(spec)
    problems += _picker_problems(spec)
    if spec.usual is not None and spec.usual not in keys:
        problems.append(f"its usual variant {spec.usual!r} is none of its variants")
    if isinstance(spec.engine, GameEngine):
        problems += _engine_problems(spec, spec.engine)
    return problems


def _option_problems(spec: GameSpec) -> list[str]:
    problems = []
    for variant in spec.variants:
        names = [option.name for option in variant.start_options]
        if len(set(names)) != len(names):
            problems.append(f"two start options of {variant.key!r} share a name")
        for option in variant.start_options:
            if not (option.name and all(c.islower() or c == "_" for c in option.name)):
                problems.append(f"the start option {option.name!r} is not lower-case letters and underscores")
            if not (option.tag[:1].isalpha() and option.tag.isascii() and option.tag.isalnum()):
                problems.append(f"the tag {option.tag!r} of the start option {option.name!r} is no tag name")
            values = [choice.value for choice in option.choices]
            if len(set(values)) != len(values) or not all(values):
                problems.append(f"the choices of the start option {option.name!r} are not distinct values")
    return problems


def _picker_problems(spec: GameSpec) -> list[str]:
    problems = []
    if spec.script:
        package, _, name = spec.script.partition(":")
        if not (package and name.endswith(".js") and "/" not in name and ".." not in name):
            problems.append(f"its script {spec.script!r} is not 'package:file.js'")
    codes = [piece.code for piece in spec.pieces]
    if len(set(codes)) != len(codes):
        problems.append("two pieces of its key share a code")
    return problems


def _engine_problems(spec: GameSpec, engine: GameEngine) -> list[str]:
    if set(engine.games) != set(spec.keys):
        return ["its engine plays other keys than its variants"]
    return []
