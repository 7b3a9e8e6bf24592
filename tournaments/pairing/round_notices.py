"""Every player of a round is told when it becomes public (issue 36): the moment its pairings are
published (a Swiss round) or stored (a round robin's), by :func:`tell_on_commit`, called by
``tournaments.pairing.publication.create_round_games``.

The rules at home here:

* each player with an account gets one notice, in his language, on every channel he has
  (``accounts.notices.notify``: his notices, his stream, the header's count, an e-mail): in a round
  played on the service, ``game-start`` ("your game … has begun", when the first move is due,
  linking the game); else ``round-published`` (his board, colour and opponent, linking the game
  where it exists, else the round); a bye, ``round-published`` too;
* the notices are written once the round's transaction commits (the games and their links exist
  then), in one transaction, and delivered together (``accounts.notices.together``); a failure is
  logged, never the publication's.
"""

from __future__ import annotations

from datetime import UTC
from functools import partial

from django.db import transaction
from django.utils import formats
from django.utils.translation import gettext as _

from accounts.notices import GAME_START, ROUND_PUBLISHED, notify, together
from tournaments.models import Pairing, PlayMode, Round
from tournaments.rounds import play_mode


def tell_on_commit(round_: Round) -> None:
    """Tell the round's players, once the transaction that made it public commits."""
    round_id = round_.pk
    transaction.on_commit(lambda: tell(round_id), robust=True)


def tell(round_id: int) -> int:
    """Write the notices of round ``round_id``'s publication; how many."""
    round_ = Round.objects.select_related("event").get(pk=round_id)
    mode = play_mode(round_)
    pairings = (
        round_.pairings.select_related("white__player", "black__player")
        .prefetch_related("games")
        .order_by("board")
    )
    written = 0
    with transaction.atomic(), together():
        for pairing in pairings:
            written += _tell_pairing(round_, pairing, mode)
    return written


def _tell_pairing(round_: Round, pairing: Pairing, mode: str) -> int:
    event = round_.event
    place = {"round": round_.number, "event": event.name}
    params = {"event": event.slug, "round": round_.number, "board": pairing.board}
    white = pairing.white.player
    if pairing.black is None:  # a bye
        found = notify(
            [white.user_id],
            ROUND_PUBLISHED,
            lambda: _("Round %(round)s of %(event)s is published: you have a bye") % place,
            round_.get_absolute_url(),
            {**params, "bye": True},
        )
        return len(found)
    black = pairing.black.player
    games = sorted(pairing.games.all(), key=lambda game: game.pk)
    game = games[0] if games else None
    link = game.get_absolute_url() if game is not None else round_.get_absolute_url()
    written = 0
    for player, colour in ((white, "white"), (black, "black")):
        words = {
            **place,
            "white": white,
            "black": black,
            "board": pairing.board,
        }
        kind = GAME_START if mode == PlayMode.SERVICE and game is not None else ROUND_PUBLISHED
        found = notify(
            [player.user_id],
            kind,
            partial(_sentence, kind, words, colour, game),
            link,
            {**params, "colour": colour, "game": game.pk if game is not None else None},
        )
        written += len(found)
    return written


def _sentence(kind: str, words: dict[str, object], colour: str, game: object) -> str:
    """The notice's sentence in the active language."""
    words = {**words, "colour": _("White") if colour == "white" else _("Black")}
    if kind == ROUND_PUBLISHED:
        return (
            _(
                "Round %(round)s of %(event)s is published: you play %(white)s – %(black)s on board %(board)s, with %(colour)s"
            )
            % words
        )
    text = (
        _(
            "Round %(round)s of %(event)s: your game %(white)s – %(black)s (board %(board)s) has begun on the service; you have %(colour)s"
        )
        % words
    )
    due = getattr(game, "first_move_by", None)
    if due is not None:
        text += ". " + _("White's first move is due by %(due)s (UTC)") % {
            "due": formats.date_format(due.astimezone(UTC), "DATETIME_FORMAT")
        }
    return text
