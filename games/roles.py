"""The roles a signed-in user has over a game, for ``accounts.policy``: its two players (through
their accounts), and the officials of what the game belongs to, as its origin names them
(``games.origins.officials``: an event's organisers and arbiters for a pairing's game); over a
challenge to a casual game: its challenger and the player challenged (through their accounts), over
an open one any other player with an account as the player challenged."""

from __future__ import annotations

from accounts.models import Player
from accounts.policy import Role, resolver
from games import origins
from games.models import Challenge, Game


@resolver(Game)
def game_roles(game: Game, user: object) -> set[Role]:
    pk = getattr(user, "pk", None)
    roles = set()
    if pk in origins.officials(game):
        roles.add(Role.OFFICIAL)
    if pk in (game.white.user_id, game.black.user_id):
        roles.add(Role.PLAYER)
    return roles


@resolver(Challenge)
def challenge_roles(challenge: Challenge, user: object) -> set[Role]:
    pk = getattr(user, "pk", None)
    roles = set()
    if pk is not None and pk == challenge.challenger.user_id:
        roles.add(Role.CHALLENGER)
    if challenge.challenged_id is None:  # an open challenge not taken: any other player may accept it
        mine = Player.objects.filter(user_id=pk).values_list("pk", flat=True).first() if pk else None
        if mine is not None and mine != challenge.challenger_id:
            roles.add(Role.CHALLENGED)
    elif pk is not None and pk == challenge.challenged.user_id:
        roles.add(Role.CHALLENGED)
    return roles
