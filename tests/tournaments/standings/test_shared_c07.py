"""The C.07 cases of ../shared/standings/: every expected value of its README, computed here.

The README's table names a file and player, the tie-breaks and the expected values (``BH / SB``
with ``12 / 7``) and the article behind them; ``manage.py standings_trf FILE --tie-breaks
BH,BH-C1,SB,SB-C1,KS --json`` must give each one. The test skips when ../shared is absent.
"""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

from django.core.management import call_command

ROW = re.compile(r"^\|\s*(s\d+\.trf)\s+#(\d+)\s*\|\s*([A-Z0-9/ -]+?)\s*\|\s*([0-9.\s/]+?)\s*\|")
# The README's rows as written when these tests were made: the parse must find at least these.
KNOWN = {
    ("s2.trf", 1, "SB-C1"): 9.0,  # 14.1.1, 16.5.1
    ("s1.trf", 6, "BH"): 12.0,  # 16.4, 16.4.1
    ("s1.trf", 6, "SB"): 7.0,
    ("s1.trf", 2, "BH"): 14.0,  # 16.2.4, 16.3.1
    ("s10.trf", 1, "KS"): 2.0,  # 9.2
    ("s11.trf", 5, "KS"): 3.0,  # 9.2
}


def expected_values(readme: str) -> dict[tuple[str, int, str], float]:
    values = {}
    for line in readme.splitlines():
        match = ROW.match(line)
        if match is None:
            continue
        name, player, codes, numbers = match.groups()
        for code, value in zip(codes.split("/"), numbers.split("/"), strict=True):
            values[(name, int(player), code.strip())] = float(value)
    return values


def computed(path: Path) -> dict[int, dict[str, object]]:
    out = StringIO()
    call_command("standings_trf", str(path), "--tie-breaks", "BH,BH-C1,SB,SB-C1,KS", "--json", stdout=out)
    return {row["number"]: row for row in json.loads(out.getvalue())}


def test_every_expected_value_of_the_shared_cases(shared: Path) -> None:
    folder = shared / "standings"
    expected = expected_values((folder / "README.md").read_text(encoding="utf-8"))
    assert KNOWN.items() <= expected.items()
    results = {name: computed(folder / "c07" / name) for name in {name for name, _, _ in expected}}
    got = {(name, player, code): results[name][player][code] for name, player, code in expected}
    assert got == expected
