"""What a corrected result of a closed round does to its games (:func:`correct_games`, called by
:func:`tournaments.results.corrections.correct_result` inside its transaction): each game's official
result agrees with the corrected pairing.

A game whose result changes is set the way an arbiter's decision with a result sets it
(``games.records.decisions``): the result with no record behind it, no submission official, state
``DECIDED``, a :class:`~games.models.Decision` row naming the correction and its reason, open
disputes closed by it, and the players told through ``games.signals.result_changed`` (kind
``decided``). A game whose result is unchanged is left alone.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Decision, Game
from games.records.confirmation import lock_game
from games.records.decisions import settle
from games.records.services import games_of
from games.results import DOUBLE_FORFEIT, FORFEITS
from games.signals import DECIDED, result_changed
from tournaments.models import Pairing

_KIND = {DOUBLE_FORFEIT: Decision.Kind.BOTH_LOSE}


def correct_games(pairing: Pairing, codes: list[str], user: object, reason: str) -> None:
    """Set each game of the (locked) pairing whose result differs from its corrected code."""
    for game, code in zip(games_of(pairing), codes, strict=False):
        game = lock_game(game.pk)
        if game.result == code:
            continue
        game.result, game.termination, game.plies, game.score, game.record = code, "", 0, "", ""
        decision = settle(
            game,
            None,
            decided_by=user if getattr(user, "is_authenticated", False) else None,
            kind=_KIND.get(code, Decision.Kind.FORFEIT if code in FORFEITS else Decision.Kind.OTHER),
            reason=_("Result corrected after the round closed: %(reason)s") % {"reason": reason},
        )
        result_changed.send(
            sender=Game, game=game, kind=DECIDED, actor=decision.decided_by, detail=decision.reason
        )
