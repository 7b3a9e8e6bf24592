"""The record of a game played on the service, written from its stored moves: what the played
submission holds (``games.play.carrying``), the record an arbiter's stop leaves (``games.play.service``)
and the download of a game still in play (``games.records.downloads``).

The rules at home here: the record is an export of the stored moves in the game's own notation by
the record contract (``arbiter.records``): the ``[Game]`` tag its key, the start options' tags, the
moves grouped in the game's turns (TZAAR's two moves a turn), each turn numbered by who began it, and
the ending words. Who made each move is read from the positions before them (the start with the
game's options, then each stored position), the one way the pages number them too
(``games.web.boards``).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter import registry
from arbiter.records import Ending, format_record, game_tag
from games import options as game_options
from games.models import Game


def record_of(game: Game, ending: Ending | None = None) -> str:
    """The game's record in its own notation, an export of its stored moves by the record contract
    (``arbiter.records``): the tags (``[Game]`` its key, its start options' tags), the moves played,
    the ending words (a result when the rules ended it, ``resign`` or ``time``; none while unended)."""
    tags = {
        **game_tag(game.game),
        "Site": "the service",
        "White": game.white.display_name,
        "Black": game.black.display_name,
        **game_options.record_tags(game.game, game.options),
    }
    moves = list(game.moves.order_by("ply").values_list("notation", "position"))
    movers, continues = service_movers(game, moves)
    # a record's turn: the moves its game groups in one (TZAAR's two), numbered by who began it
    turns = registry.turns(game.game, [notation for notation, _position in moves])
    starters = [mover for mover, more in zip(movers, continues, strict=True) if not more]
    return format_record(tags, turns, (ending.text if ending else "") or None, movers=starters)


def _service_befores(game: Game, moves: Sequence[tuple[str, str]]) -> list[str]:
    befores = [game_options.start(game.game, game.options), *(position for _notation, position in moves)]
    return befores[: len(moves)]


def service_movers(game: Game, moves: Sequence[tuple[str, str]]) -> tuple[list[int], list[bool]]:
    """Who made each move of a game on the service, and which moves continue their mover's turn,
    from the positions before them (``moves`` are ``(notation, position after)`` in order)."""
    befores = _service_befores(game, moves)
    notations = [notation for notation, _position in moves]
    return [registry.side_to_move(before) for before in befores], registry.continues(game.game, notations)
