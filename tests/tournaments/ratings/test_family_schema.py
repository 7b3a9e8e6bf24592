"""The API schema's rating families (issue 36): the ``family`` of ``/api/ratings/{family}/`` and of a
player's rating history is enumerated from the registered games, not written as ``gipf`` and
``dvonn`` (YINSH and TZAAR have their own lists: docs/tournaments.md, "Ratings")."""

from __future__ import annotations

import pytest
from django.test import Client

from arbiter import registry

pytestmark = pytest.mark.django_db


def _family_parameter(schema: dict, path: str) -> dict:
    (found,) = [p for p in schema["paths"][path]["get"]["parameters"] if p["name"] == "family"]
    return found


def test_the_schema_enumerates_every_registered_family(client: Client) -> None:
    schema = client.get("/api/schema/", {"format": "json"}).json()
    for path in ("/api/ratings/{family}/", "/api/players/{handle}/rating-history/"):
        enum = _family_parameter(schema, path)["schema"]["enum"]
        assert enum == list(registry.families()), path  # the games registered now, in their order
        assert {"gipf", "dvonn", "yinsh", "tzaar"} <= set(enum), path
    listed = schema["components"]["schemas"]["RatingListEntry"]["properties"]
    assert listed["provisional"]["type"] == "boolean"


def test_a_family_outside_the_registry_is_a_404(client: Client) -> None:
    assert client.get("/api/ratings/chess/").status_code == 404
    assert client.get("/api/ratings/yinsh/").json()["count"] == 0
