"""Shared fixtures. Reference material lives in ../shared beside the project root."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("SHARED_DIR", PROJECT_ROOT.parent / "shared"))


def shared_path(*parts: str) -> Path:
    """A path inside ../shared; skips the test with a clear message when it is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"reference material not found: {path} (../shared is absent in this checkout)")
    return path


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"reference material not found: {SHARED} (../shared is absent in this checkout)")
    return SHARED
