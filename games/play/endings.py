"""How a game ended, in words: "Anna Vermeer resigned", "Kris Burm lost on time", "Drawn by agreement".

The rule at home here: the one wording of a game's end, in the active language, for every place
that tells it (the game page, the notices to its players, the round page, "My games", the API's
``ending`` of a game). It reads the game's result and termination:

* an end every game names: a resignation ("{loser} resigned"), time ("{loser} lost on time"), an
  event's game lost by forfeit ("{loser} lost by forfeit: no first move within 3 minutes"), a draw
  agreed ("Drawn by agreement", ``games.play.draws``), an arbiter's adjudication ("Adjudicated by
  the arbiter: {result}"); an annulled game ("Annulled by the arbiter");
* a natural end by the game's rules: the sentence its spec declares for it
  (:attr:`arbiter.spec.End.sentence`, "{winner} removed the rings needed to win"), or the one its
  final position tells more exactly (:attr:`arbiter.spec.End.sentences` by the engine's
  ``end_detail``: "{loser} had no Tzarra left on top of a stack"; the position is the game's as it
  stands on the service, else its verified record's last); a natural end that came out a draw, or
  one declared without a sentence: its name ("Drawn: stack totals at the end");
* no result yet: "" (nothing to tell).

The names are the players' (``Player.display_name``), the loser of a resignation or time the
player the result says lost.
"""

from __future__ import annotations

from datetime import timedelta
from functools import lru_cache

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbiter import registry
from arbiter.errors import ArbiterError
from arbiter.spec import End
from arbiter.verdict import Result, Termination
from games.choices import termination_name
from games.models import Game
from games.play.clocks import parse, start_window
from games.results import BLACK_FORFEIT_WIN, WHITE_FORFEIT_WIN

# The termination of an event's game whose side to move made no first move within its window
# (``games.play.ends.forfeit``): a forfeit, ``+/-`` or ``-/+``.
FORFEIT = "forfeit"


def _sides(game: Game) -> tuple[object, object] | None:
    """(winner, loser) of a decided result (a forfeit's too), None for a draw or no result."""
    if game.result in (Result.WHITE_WINS, WHITE_FORFEIT_WIN):
        return game.white, game.black
    if game.result in (Result.BLACK_WINS, BLACK_FORFEIT_WIN):
        return game.black, game.white
    return None


@lru_cache(maxsize=256)
def _record_end(record: str, key: str) -> str:
    """The final position of a verified record ("" when it cannot be read)."""
    try:
        return registry.replay(record, key).final_position or ""
    except ArbiterError:
        return ""


def _sentence(end: End, game: Game) -> str:
    """The end's sentence as the game's final position tells it."""
    if not end.sentences:
        return end.sentence
    position = game.position or (_record_end(game.record, game.game) if game.record else "")
    try:
        detail = registry.end_detail(position) if position else ""
    except ArbiterError:
        detail = ""
    return end.sentence_for(detail)


def ending(game: Game) -> str:
    """How ``game`` ended, as one sentence in the active language ("" while it has no result)."""
    if game.state == Game.State.ANNULLED:
        return _("Annulled by the arbiter")
    if not game.result:
        return ""
    sides = _sides(game)
    names = {"winner": str(sides[0]), "loser": str(sides[1])} if sides else {}
    code = game.termination
    if code == Termination.AGREEMENT:
        return _("Drawn by agreement")
    if code == Termination.RESIGNATION and sides:
        return _("%(loser)s resigned") % names
    if code == Termination.TIME and sides:
        return _("%(loser)s lost on time") % names
    if code == FORFEIT and sides:
        window = game.first_move_window or start_window(parse(game.time_control))
        return _("%(loser)s lost by forfeit: no first move within %(grace)s") % {
            **names,
            "grace": grace_text(window),
        }
    if code == Termination.ARBITER:
        return _("Adjudicated by the arbiter: %(result)s") % {"result": game.result}
    end = registry.end_of(code, game.game) if code else None
    if end is not None and end.sentence and sides:
        return capfirst(_(_sentence(end, game)).format(**names))
    if not code:
        return ""
    if sides is None:
        return _("Drawn: %(end)s") % {"end": termination_name(code, game.game)}
    return capfirst(termination_name(code, game.game))


def result_line(game: Game) -> str:
    """The result with its ending: "1-0 · Anna Vermeer resigned" ("" while it has no result)."""
    told = ending(game)
    if not game.result:
        return told
    return f"{game.result} · {told}" if told else game.result


def grace_text(span: timedelta) -> str:
    """A first move's grace as people say it, to the second: "3 minutes", "1 day 2 hours", "30 seconds"."""
    total = max(int(span.total_seconds()), 0)
    days, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = []
    if days:
        parts.append(ngettext("%(n)s day", "%(n)s days", days) % {"n": days})
    if hours:
        parts.append(ngettext("%(n)s hour", "%(n)s hours", hours) % {"n": hours})
    if minutes:
        parts.append(ngettext("%(n)s minute", "%(n)s minutes", minutes) % {"n": minutes})
    if seconds or not parts:
        parts.append(ngettext("%(n)s second", "%(n)s seconds", seconds) % {"n": seconds})
    return " ".join(parts)
