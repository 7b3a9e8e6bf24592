"""What the games' replays share: a replay under way (:class:`Run`: the position reached, the plies
played, the moves as written, the tracer, and one ply played on it) and the judging of a record's
ending words against the rules' end (:func:`judge_status`, :func:`judge_end`), both by the record
contract's :func:`arbiter.records.judge_ending`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from arbiter.engine import PlyTrace, Tracer
from arbiter.errors import (
    ArbiterError,
    InvalidRecordError,
    Message,
    UnknownGameError,
    UnreadableRecordError,
    gettext_noop,
)
from arbiter.play import Status
from arbiter.records import (
    GAME_TAG,
    NONE,
    RESULT,
    RESULT_WORDS,
    UNFINISHED,
    check_result_tag,
    has_tag_block,
    judge_ending,
    key_of_game_tag,
    parse_tagged,
    read_ending,
    split_ending,
    tagged_game,
)
from arbiter.verdict import Result, TerminationCode, Verdict


class Written(Protocol):
    """A position of a game: its text, and who is to move."""

    @property
    def to_move(self) -> int: ...

    def text(self) -> str: ...


P = TypeVar("P", bound=Written)


class Moved(Protocol):
    """One ply played: the position after it, the points it went through and those whose pieces it
    took off."""

    @property
    def position(self) -> Any: ...

    @property
    def path(self) -> tuple[str, ...]: ...

    @property
    def removed(self) -> tuple[str, ...]: ...


class Ply(Moved, Protocol):
    """One ply played, with the move as the record writes it."""

    def notation(self) -> str: ...


@dataclass
class Run(Generic[P]):
    """A replay under way: the position reached, the plies played, their moves as written, and the
    tracer told of each."""

    position: P
    plies: int = 0
    moves: list[str] = field(default_factory=list)
    trace: Tracer | None = None

    def advance(self, before: P, ply: Ply) -> None:
        """Take the ply played from ``before``: its position, its number, its move, its trace."""
        self.position = ply.position
        self.plies += 1
        written = ply.notation()
        self.moves.append(written)
        if self.trace is not None:
            self.trace(
                PlyTrace(self.plies, written, before.text(), self.position.text(), ply.path, ply.removed)
            )


def judge_status(
    run: Run[Any], words: list[str], status: Status, results: Sequence[str] = RESULT_WORDS
) -> tuple[Result | None, TerminationCode]:
    """The result and termination of a record whose run reached a position of ``status`` and whose
    ending words are ``words`` (``results``: the results the game knows): the rules' end or the
    words' (the record contract's); a refusal names the words as the record's next ply."""
    natural = None
    if status.ended:
        assert status.result is not None and status.termination is not None
        natural = (status.result, status.termination)
    try:
        return judge_ending(read_ending(words, results), run.position.to_move, natural)
    except ArbiterError as exc:
        raise exc.at(ply=run.plies + 1, move=" ".join(words), position=run.position.text()) from None


class Ended(Protocol):
    """How a game ended by its rules: its code and its winner (None: a draw)."""

    @property
    def code(self) -> str: ...

    @property
    def winner(self) -> int | None: ...


E = TypeVar("E", bound=Ended)


def judge_end(
    words: list[str], to_move: int, end: E | None, described: Callable[[E], Message]
) -> tuple[Result | None, TerminationCode]:
    """The result and how the game ended, from the ending words written after the last turn and the
    rules' end there (``end``, None while play goes on; ``described``: that end in words), in a
    position where ``to_move`` is to move; :class:`InvalidRecordError` when the words give another
    result."""
    written = read_ending(words)
    if end is None:
        return judge_ending(written, to_move, None)
    result = Result.DRAW if end.winner is None else Result.won_by(end.winner)
    if not (written.kind in (NONE, UNFINISHED) or (written.kind == RESULT and written.result == result)):
        raise InvalidRecordError(
            gettext_noop(
                "the record ends with '{word}' but the game is over ({end}), so the result is {result}"
            ),
            word=written.text,
            end=described(end),
            result=str(result),
        )
    return judge_ending(written, to_move, (result, end.code))


@dataclass(frozen=True)
class TaggedReplay(Generic[P]):
    """The replay of a game of one key whose records are the service's tagged format with its start
    in the tags (LYNGK, TZAAR): the game's key and the names a ``[Game]`` tag may give it, its
    messages (``gettext_noop``: ``refusal`` of another key, with ``{game}``; ``unreadable``, a text
    that is none of its records; ``other_tag``, a Game tag naming another game, with ``{game_tag}``),
    its start read from the tags (``fallback``: the position a refused start leaves, None for
    none), a turn played on a run (its token, whether it is the record's last), the result and
    termination the run's end and ending words give, and what a score is in a position."""

    key: str
    names: dict[str, str]
    refusal: str
    unreadable: str
    other_tag: str
    start: Callable[[dict[str, str]], P]
    fallback: P | None
    play_turn: Callable[[Run[P], str, bool], None]
    ending: Callable[[Run[P], list[str]], tuple[Result | None, TerminationCode]]
    score: Callable[[P], tuple[int, int] | None] = lambda position: None

    def claims(self, text: str) -> bool:
        """A tagged record whose Game tag names the game."""
        return has_tag_block(text) and tagged_game(text, self.names) == self.key

    def replay(self, text: str, game: str | None = None, trace: Tracer | None = None) -> Verdict:
        """The record's verdict (``game`` forces the key); errors in the record are in the verdict."""
        if game is not None and game != self.key:
            template = self.refusal  # marked where the game declares it
            raise UnknownGameError(template, game=game)
        if not self.claims(text) and not (game == self.key and has_tag_block(text)):
            template = self.unreadable
            raise UnreadableRecordError(template)
        record = parse_tagged(text)
        run = None if self.fallback is None else Run(self.fallback, trace=trace)
        try:
            run = Run(self.start(record.tags), trace=trace)
            return self._replay(record.tags, record.tokens, run)
        except ArbiterError as exc:
            return Verdict(
                game=self.key,
                valid=False,
                plies=0 if run is None else run.plies,
                error=exc,
                final_position=None if run is None else run.position.text(),
                tags=record.tags,
                moves=[] if run is None else run.moves,
            )

    def _replay(self, tags: dict[str, str], tokens: list[str], run: Run[P]) -> Verdict:
        written = tags.get(GAME_TAG)
        if written is not None and key_of_game_tag(written, self.names) != self.key:
            template = self.other_tag
            raise InvalidRecordError(template, game_tag=repr(written))
        turns, words = split_ending(tokens)
        for number, token in enumerate(turns):
            self.play_turn(run, token, number == len(turns) - 1)
        result, termination = self.ending(run, words)
        check_result_tag(tags, None if result is None else str(result))
        return Verdict(
            game=self.key,
            valid=True,
            result=result,
            termination=termination,
            plies=run.plies,
            final_position=run.position.text(),
            tags=tags,
            moves=run.moves,
            score=self.score(run.position),
        )


def opened_verdict(
    tags: dict[str, str],
    game: str | None,
    games: Sequence[str],
    named: Callable[[str], str | None],
    names: Mapping[str, str],
    foreign: str,
    unnamed: str,
) -> Verdict:
    """The verdict a record of a game of several keys (YINSH, ZÈRTZ) opens with: the key it is
    replayed as, ``game`` when given, else the one its Game tag names (``named``: a tag's key, None
    for none of the game's), and its error when the Game tag names another key than ``game``
    (``names``: each key's name). ``foreign`` (``gettext_noop``, with ``{game}``) refuses a
    ``game`` that is none of ``games``, ``unnamed`` a record whose Game tag names none of them."""
    if game is not None and game not in games:
        template = foreign  # marked where the game declares it
        raise UnreadableRecordError(template, game=game)
    tag_game = named(tags.get(GAME_TAG, ""))
    if game is None and tag_game is None:
        template = unnamed
        raise UnreadableRecordError(template)
    key = game or tag_game or games[0]
    verdict = Verdict(game=key, valid=False, tags=dict(tags))
    if GAME_TAG in tags and tag_game != key:
        verdict.error = InvalidRecordError(
            gettext_noop('the Game tag says "{tag}" but the record is replayed as {game}'),
            tag=tags[GAME_TAG],
            game=names[key],
        )
    return verdict


def play_tokens(
    verdict: Verdict,
    position: P,
    tokens: list[str],
    play: Callable[[P, str, int], Moved],
    written: Callable[[Any, str], str],
    trace: Tracer | None,
) -> P | None:
    """Play a record's turns (``tokens``, one a ply) from ``position`` onto ``verdict``: its plies,
    its moves (``written``: a ply's move as played, from its step and its token) and its final
    position, each ply traced; the position reached, or None when a ply is refused (its error in
    the verdict, the final position the one before it)."""
    before = position.text()
    verdict.final_position = before
    for token in tokens:
        ply = verdict.plies + 1
        try:
            step = play(position, token, ply)
        except ArbiterError as exc:
            verdict.error = exc
            return None
        after = step.position.text()
        move = written(step, token)
        if trace is not None:
            trace(PlyTrace(ply, move, before, after, step.path, step.removed))
        position, before = step.position, after
        verdict.plies = ply
        verdict.moves.append(move)
        verdict.final_position = before
    return position
