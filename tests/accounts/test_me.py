"""``GET /api/me/`` (issue 30): what waits for me, so a bot does not post to learn it. Ann and Bob
play a DVONN game on the service (White, Ann, moves first) and a pairing of a round robin whose
result Ann reported; Bob has a challenge from Ann; Olga runs the event."""

from __future__ import annotations

from typing import Any

import pytest

from games.play import challenges, state
from tests.games.records.test_confirmation import WHITE_WINS, make_board

pytestmark = pytest.mark.django_db


def test_what_waits_for_each(django_capture_on_commit_callbacks: Any, api_client: Any) -> None:
    board = make_board(django_capture_on_commit_callbacks)
    ann, bob = board.pairing.white.player, board.pairing.black.player
    casual = state.create_service_game(ann, bob, "dvonn", "")
    board.run(challenges.challenge, board.ann, bob.handle, "dvonn")
    board.submit(board.ann, WHITE_WINS)  # provisional until Bob answers

    def me(user: Any) -> dict[str, Any]:
        api_client.force_authenticate(user)
        answer = api_client.get("/api/me/")
        assert answer.status_code == 200
        return answer.json()

    ann_sees, bob_sees, olga_sees = me(board.ann), me(board.bob), me(board.olga)
    assert [g["id"] for g in ann_sees["my_move"]] == [casual.pk] and bob_sees["my_move"] == []
    assert ann_sees["awaiting_my_confirmation"] == [] and len(bob_sees["awaiting_my_confirmation"]) == 1
    assert [c["challenger"] for c in bob_sees["challenges_received"]] == [ann.handle]
    assert ann_sees["challenges_received"] == []
    assert [(r["event"], r["number"], r["can_pair_next"]) for r in olga_sees["next_rounds"]] == [
        (board.event.slug, 1, False)
    ]
    assert [r["event"] for r in ann_sees["next_rounds"]] == [board.event.slug]
    assert all(value == [] for value in me(board.sam).values())
    api_client.force_authenticate(None)
    assert api_client.get("/api/me/").status_code == 401
