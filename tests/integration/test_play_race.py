"""Moves racing on PostgreSQL: fifty identical moves sent at once give one move, and both players
sending moves for the same plies at once give one legal sequence (issue 19's concurrency check).

Every request names the ply it expects; the game's row is locked while a move is checked and stored,
so exactly one request per ply is played and the others get 409 (stale ply) or 403 (not your move).
Nothing else is stored and no request answers 500.
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from arbiter import registry
from games.models import Game, Move
from games.play.state import create_service_game
from tests.integration.test_concurrency import at_once, logged_in

pytestmark = pytest.mark.integration

KEY = "dvonn"  # its first plies are placements: any empty space is a legal move


def players() -> tuple[User, User, Game]:
    ann, bob = (User.objects.create_user(name, password=f"pw-{name}-12345") for name in ("ann", "bob"))
    white = Player.objects.create(display_name="Ann", handle="ann", user=ann)
    black = Player.objects.create(display_name="Bob", handle="bob", user=bob)
    return ann, bob, create_service_game(white, black, KEY, "5+3")


def test_fifty_identical_moves_at_once_give_one_move(transactional_db: None) -> None:
    ann, _bob, game = players()
    client = logged_in(ann)
    move = registry.legal_moves(game.position)[0].notation

    def send(_index: int) -> int:
        payload = {"move": move, "expected_ply": 0}
        return client.post(f"/api/play/{game.pk}/move/", payload, content_type="application/json").status_code

    codes = Counter(at_once(50, send))
    assert codes == {201: 1, 409: 49}, codes
    assert list(Move.objects.filter(game=game).values_list("ply", "notation")) == [(1, move)]
    game.refresh_from_db()
    assert game.plies == 1


def test_both_players_racing_give_one_legal_sequence(transactional_db: None) -> None:
    ann, bob, game = players()
    clients = {0: logged_in(ann), 1: logged_in(bob)}
    position = game.position

    # each round: both players send a different placement for the same ply, ten times each; the
    # placements are the empty spaces of the stored position, so every move sent by the player to
    # move is legal and the only refusals are a stale ply (409) or the wrong player (403)
    for ply in range(6):
        game.refresh_from_db()
        spaces = [move.notation for move in registry.legal_moves(game.position)]

        def send(index: int, ply: int = ply, spaces: list[str] = spaces) -> int:
            payload = {"move": spaces[index % len(spaces)], "expected_ply": ply}
            url = f"/api/play/{game.pk}/move/"
            return clients[index % 2].post(url, payload, content_type="application/json").status_code

        codes = Counter(at_once(20, send))
        assert codes[201] == 1 and codes[500] == 0, codes
        assert set(codes) <= {201, 403, 409}, codes

    stored = list(Move.objects.filter(game=game).order_by("ply"))
    assert [move.ply for move in stored] == [1, 2, 3, 4, 5, 6]
    # the stored moves are one legal sequence from the start, each by the player whose turn it was
    for move in stored:
        assert move.by_id == (ann.pk if registry.side_to_move(position) == 0 else bob.pk)
        position = registry.play(position, move.notation, ply=move.ply).position
        assert move.position == position
