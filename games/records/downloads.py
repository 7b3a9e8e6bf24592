"""A game's record as it is downloaded (``/games/<id>/record.txt``, ``GET /api/games/{id}/record/``):
the game's record in its own notation with the tags of what the service knows of it.

Which record: the accepted (verified) one; for a game played on the service that has none yet (in
play), the export of its moves so far (``games.records.writer.record_of``); none for a game with neither (a
result reported without a record). Who may read it: whoever may see the game's page (every game).

The tags, by the record contract (``arbiter.records``, so that the arbiter's reader takes the
downloaded record again and it verifies as the game's): ``Event`` and ``Round`` (with ``Board``)
when the game belongs to an event's round, ``Date`` (the record's own when it writes one, else the
day of the first move played on the service or of the verification, ``????.??.??`` unknown),
``White`` and ``Black`` (the players' names), ``TimeControl`` (the game's clock: ``5+3``, ``3d/15d``;
``-`` a game on the service without a clock, ``?`` unknown), ``Result`` (the game's result, ``*``
none) and ``Termination`` (how it ended: the game's termination code, ``resignation``, ``time``,
``arbiter``, the game's own end). Every tag the record writes besides (``[Game]``, start options,
``Setup``) is kept; a record in a form whose tags are written otherwise (DVONN's Little Golem
form) is given as it was accepted. A game an arbiter decided whose record stops without an ending gets the ending
``arbiter <result>`` the contract writes for an adjudication (when the game can write that result:
GIPF records write no draw); a record whose own result differs from the decided one keeps its own in
``Result`` (its moves give it) and names the decision in ``Decision``.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from arbiter import registry
from arbiter.errors import ArbiterError
from arbiter.records import ARBITER, TAG_RE, UNFINISHED, format_tags, parse_tagged, split_ending
from arbiter.verdict import Termination, Verdict
from games.models import Game
from games.records.writer import record_of

#: PGN's unknown date
UNKNOWN_DATE = "????.??.??"


def record_text(game: Game) -> str | None:
    """The game's record as downloaded, with its tags (the module's docstring); None when it has none."""
    text = _record_of(game)
    if text is None:
        return None
    written, body = split_tags(text)
    verdict = _replayed(text, game.game)
    tags = {**written, **_service_tags(game, written)}
    if verdict is None or not verdict.valid:
        return _tagged(tags, body)  # not the arbiter's to judge again (an accepted record always is)
    own = UNFINISHED if verdict.result is None else str(verdict.result)
    candidates = [_tagged(tags, body)]
    if game.result and own != game.result:
        if verdict.result is None and _ends_without_words(text):  # the contract's adjudication
            candidates.insert(0, _tagged(tags, f"{body.rstrip()} {ARBITER} {game.result}"))
        # the moves give their own result: the decision is named apart
        candidates[-1] = _tagged({**tags, "Result": own, "Decision": game.result}, body)
    verified = next((candidate for candidate in candidates if _verifies(candidate, game.game)), None)
    return verified or text.rstrip("\n") + "\n"  # a form whose tags are written otherwise: as accepted


def _tagged(tags: dict[str, str], body: str) -> str:
    return f"{format_tags(tags)}\n\n{body.strip()}\n"


def filename(game: Game) -> str:
    """The downloaded file's name: ``<event>-r<round>-b<board>-g<number>.txt`` for a game of an
    event, ``game-<id>.txt`` else."""
    place = game.place
    if place.event is None:
        return f"game-{game.pk}.txt"
    return f"{place.event}-r{place.round}-b{place.board}-g{place.number}.txt"


def split_tags(text: str) -> tuple[dict[str, str], str]:
    """A record's tag pairs (``[Name "value"]`` lines before the moves) and the rest of it, as written;
    no tags and the whole text for a record that opens with no tag pair (DVONN's Little Golem form)."""
    lines = text.splitlines()
    cut = next(
        (number for number, line in enumerate(lines) if line.strip() and TAG_RE.match(line.strip()) is None),
        len(lines),
    )
    head = "\n".join(lines[:cut])
    if not head.strip():
        return {}, text
    return parse_tagged(head).tags, "\n".join(lines[cut:])


def _record_of(game: Game) -> str | None:
    if game.record:
        return game.record
    if game.on_service:
        return record_of(game)
    return None


def _replayed(text: str, key: str) -> Verdict | None:
    try:
        return registry.replay(text, key)
    except ArbiterError:
        return None


def _verifies(text: str, key: str) -> bool:
    verdict = _replayed(text, key)
    return verdict is not None and verdict.valid


def _ends_without_words(text: str) -> bool:
    """Whether the record's moves stop with no ending words, or with ``*`` (no result)."""
    _moves, ending = split_ending(parse_tagged(text).tokens)
    return ending in ([], [UNFINISHED])


def _service_tags(game: Game, written: dict[str, str]) -> dict[str, str]:
    tags: dict[str, str] = {}
    place = game.place
    if place.event is not None:
        tags["Event"] = place.event_name
        if place.round is not None:
            tags["Round"] = str(place.round)
        if place.board is not None:
            tags["Board"] = str(place.board)
    if not written.get("Date", "").strip() or written.get("Date") == UNKNOWN_DATE:
        tags["Date"] = _date(game)
    tags["White"] = game.white.display_name
    tags["Black"] = game.black.display_name
    # the game's own clock, else its round's time control (a game played elsewhere), else unknown
    tags["TimeControl"] = game.time_control or place.time_control or ("-" if game.on_service else "?")
    tags["Result"] = game.result or UNFINISHED
    if game.termination:
        tags["Termination"] = game.termination
    elif game.state == Game.State.ANNULLED:
        tags["Termination"] = "annulled"
    elif game.state == Game.State.DECIDED:
        tags["Termination"] = str(Termination.ARBITER)
    return tags


def _date(game: Game) -> str:
    first = game.moves.order_by("ply").values_list("at", flat=True).first() if game.on_service else None
    when: datetime | None = first or game.finished_at or game.verified_at
    if when is None:
        return UNKNOWN_DATE
    return timezone.localdate(when).strftime("%Y.%m.%d")


def has_record(game: Game) -> bool:
    """Whether the game has a record to download (:func:`record_text` is not None)."""
    return bool(game.record) or game.on_service
