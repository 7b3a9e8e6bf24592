"""Every hand-worked YINSH record of docs/rules.md gets the verdict written under it."""

from __future__ import annotations

import re

from arbiter import registry
from tests.conftest import PROJECT_ROOT


def test_the_hand_worked_records_of_the_rules_get_their_verdicts() -> None:
    text = (PROJECT_ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("## YINSH") : text.index("## TZAAR")]
    found = re.findall(r"```record\n(.*?)```\nVerdict: ([^\n]*)\n", section, re.S)
    assert len(found) == 9
    for record, expected in found:
        verdict = registry.replay(record)
        assert verdict.game in ("yinsh", "yinsh-blitz")
        if verdict.valid:
            ended = "unfinished" if verdict.result is None else f"{verdict.result} by {verdict.termination}"
            assert expected == f"valid, {verdict.plies} plies, {ended}."
        else:
            assert verdict.error is not None and verdict.error.describe() == expected
