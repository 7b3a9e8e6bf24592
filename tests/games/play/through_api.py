"""A game on the service played through the play API as its players play it: each turn its own
request by the player the game says is to move."""

from __future__ import annotations

import random
from typing import Any

from games.models import Game
from tests.conftest import token_client


def clients_of(people: dict[str, Any], capture: Any) -> dict[str, Any]:
    """Ann's and Bob's API clients (``people``: their accounts by username), their requests' tasks run."""
    return {"ann": token_client(people["ann"], capture), "bob": token_client(people["bob"], capture)}


def play_to_the_end(game: Game, clients: dict[str, Any], seed: int, start: int, within: int) -> list[str]:
    """Random legal turns (of ``random.Random(seed)``) from ply ``start``, each its own request, until
    the game is over, before ply ``within``; the turns played. ``clients`` by username."""
    rng = random.Random(seed)
    played: list[str] = []
    for ply in range(start, within):
        seen = clients["ann"].get(f"/api/play/{game.pk}/").json()
        if seen["finished_at"] is not None:
            return played
        assert seen["ply"] == ply and seen["legal_moves"]
        move = rng.choice(seen["legal_moves"])
        answer = clients[seen["to_move"]].post(
            f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply}
        )
        assert answer.status_code == 201, answer.json()
        played.append(move)
    raise AssertionError("the game did not end")
