"""The interactive API docs work without the internet: Swagger UI comes from our static files."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_the_api_docs_load_swagger_ui_from_our_own_static_files(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/api/docs/").content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    scripts = [source for source in sources if source.endswith(".js")]
    assert scripts, "the docs page loads Swagger UI's scripts"
    assert [source for source in sources if source.startswith(("http://", "https://", "//"))] == []
    for script in scripts:
        path = script.split("?")[0].removeprefix("/static/")
        assert finders.find(path), f"{script} is not one of the project's static files"
