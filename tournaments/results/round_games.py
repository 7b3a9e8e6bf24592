"""What closing a round does to its games (:func:`close_games`, called by
:func:`tournaments.results.services.close_round` inside its transaction, before the round is marked
closed): it refuses while a game of the round is disputed or a result submitted without a record
awaits its confirmation, makes its unanswered provisional results official, and ends play on the
service of a game still in play (its pairing's result was set by an official).
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.locking import locked
from games.models import Game, SubmittedRecord
from games.play import carrying
from games.records.confirmation import rests_on_report, stop_play
from tournaments.errors import ServiceError
from tournaments.models import Round


def _boards(games: list[Game]) -> str:
    return ", ".join(
        _("board %(board)s (%(white)s – %(black)s)")
        % {"board": game.pairing_game.pairing.board, "white": game.white, "black": game.black}
        for game in games
    )


def close_games(round_: Round) -> None:
    """Refuse to close a round with a disputed game (``ServiceError``); make its unanswered
    provisional results official."""
    games = list(
        locked(Game.objects.filter(pairing_game__pairing__round=round_))
        .select_related("pairing_game__pairing", "white", "black")
        .order_by("pairing_game__pairing__board", "pairing_game__number")
    )
    disputed = [game for game in games if game.state == Game.State.DISPUTED]
    if disputed:
        raise ServiceError(
            ngettext(
                "a result is disputed on %(boards)s: the arbiter decides before the round closes",
                "results are disputed on %(boards)s: the arbiter decides before the round closes",
                len(disputed),
            )
            % {"boards": _boards(disputed)}
        )
    unconfirmed = [g for g in games if g.state == Game.State.PROVISIONAL and rests_on_report(g)]
    if unconfirmed:
        raise ServiceError(
            ngettext(
                "a result submitted without a record awaits confirmation on %(boards)s: the opponent "
                "confirms it or the arbiter decides before the round closes",
                "results submitted without a record await confirmation on %(boards)s: the opponents "
                "confirm them or the arbiter decides before the round closes",
                len(unconfirmed),
            )
            % {"boards": _boards(unconfirmed)}
        )
    Game.objects.filter(pk__in=[g.pk for g in games if g.state == Game.State.PROVISIONAL]).update(
        state=Game.State.OFFICIAL
    )
    for game in games:  # a result the arbiter set while play went on: play there ends with the round
        stop_play(game)


def carry_ended(round_: Round) -> list[int]:
    """Carry now the results of the round's games ended on time whose results are still to be
    carried (``games.play.carrying``: the flags' second step, queued), under the round's lock the caller
    holds: a round closing between the two steps of an end counts the result (the ids carried)."""
    left = Game.objects.filter(pairing_game__pairing__round=round_).exclude(to_carry="")
    return carrying.carry_all(list(left.order_by("pk").values_list("pk", flat=True)))


# results nobody is left to confirm or decide
FINAL_STATES = (Game.State.OFFICIAL, Game.State.CONFIRMED, Game.State.DECIDED)


def every_result_official(round_: Round) -> bool:
    """Whether every game of the round has its result and it is official: made official, confirmed or
    decided, or played to its end on the service (the arbiter saw every move: no one confirms it)."""
    played_here = SubmittedRecord.objects.filter(
        game=OuterRef("pk"), official=True, kind=SubmittedRecord.Kind.PLAYED
    )
    games = Game.objects.filter(pairing_game__pairing__round=round_)
    settled = Q(state__in=FINAL_STATES) | Q(state=Game.State.PROVISIONAL, played_here=True)
    pending = games.annotate(played_here=Exists(played_here)).filter(Q(result="") | ~settled)
    return games.exists() and not pending.exists()
