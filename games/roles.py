"""The roles a signed-in user has over a game, for ``accounts.policy``: its two players (through
their accounts), and the officials of what the game belongs to, as its origin names them
(``games.origins.officials``: an event's organisers and arbiters for a pairing's game)."""

from __future__ import annotations

from accounts.policy import Role, resolver
from games import origins
from games.models import Game


@resolver(Game)
def game_roles(game: Game, user: object) -> set[Role]:
    pk = getattr(user, "pk", None)
    roles = set()
    if pk in origins.officials(game):
        roles.add(Role.OFFICIAL)
    if pk in (game.white.user_id, game.black.user_id):
        roles.add(Role.PLAYER)
    return roles
