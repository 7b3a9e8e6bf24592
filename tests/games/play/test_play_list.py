"""``GET /api/play/``: my games on the service, newest first, paged (``limit``, ``offset``: the API's
one pagination) and filtered by state, whose turn and opponent. Worked by hand: Ann has four games,
in creation order: g1 against Bob (she has White, to move), g2 against Bob (Bob White, to move),
g3 against Cy (she has White and played c3: Cy to move), g4 against Bob, over (she resigned)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from games.play import service, state
from tests.games.play.test_play import api_of

pytestmark = pytest.mark.django_db


def _person(name: str) -> tuple[User, Player]:
    user = User.objects.create_user(name, password=f"pw-{name}-12345")
    return user, Player.objects.create(display_name=name.title(), handle=name, user=user)


def test_my_games_paged_and_filtered_newest_first(django_capture_on_commit_callbacks: Any) -> None:
    (ann, ann_p), (_bob, bob_p), (_cy, cy_p) = _person("ann"), _person("bob"), _person("cy")
    g1 = state.create_service_game(ann_p, bob_p, "dvonn", "3d/15d")
    g2 = state.create_service_game(bob_p, ann_p, "dvonn", "3d/15d")
    g3 = state.create_service_game(ann_p, cy_p, "dvonn", "3d/15d")
    service.make_move(g3, ann, "c3", 0)
    g4 = state.create_service_game(ann_p, bob_p, "dvonn", "")
    service.resign(g4, ann)
    api = api_of(ann, django_capture_on_commit_callbacks)

    def ids(query: str) -> list[int]:
        answer = api.get(f"/api/play/{query}")
        assert answer.status_code == 200, answer.json()
        return [row["id"] for row in answer.json()["results"]]

    assert ids("") == [g4.pk, g3.pk, g2.pk, g1.pk]
    page = api.get("/api/play/?limit=2&offset=1").json()
    assert (page["count"], [row["id"] for row in page["results"]]) == (4, [g3.pk, g2.pk])
    assert page["next"] is not None and page["previous"] is not None
    assert ids("?state=active") == [g3.pk, g2.pk, g1.pk]
    assert ids("?state=finished") == [g4.pk]
    assert ids("?turn=mine") == [g1.pk]
    assert ids("?turn=theirs") == [g3.pk, g2.pk]
    assert ids("?opponent=bob") == [g4.pk, g2.pk, g1.pk]
    assert ids("?opponent=cy&turn=theirs") == [g3.pk]
    assert ids("?opponent=nobody") == []
    refused = api.get("/api/play/?state=sleeping")
    assert refused.status_code == 400 and "sleeping" in refused.json()["detail"]
    assert "active, finished" in refused.json()["detail"]
