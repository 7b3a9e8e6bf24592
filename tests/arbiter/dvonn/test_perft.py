"""DVONN perft against the reference counts in ../shared/perft/README.md."""

from __future__ import annotations

import pytest

from arbiter.dvonn import ENGINE
from tests.arbiter.dvonn.support import lg_start_position, position_text
from tests.conftest import PROJECT_ROOT, shared_path


def test_placement_perft_from_the_empty_board() -> None:
    # every empty space is a placement: 49, 49*48, 49*48*47
    assert ENGINE.perft("dvonn", 3) == [49, 49 * 48, 49 * 48 * 47]


def test_perft_is_zero_where_the_game_is_over() -> None:
    over = position_text({"a1": "bw", "b1": "d", "b2": "wb", "i1": "d", "k5": "d"})
    assert ENGINE.perft("dvonn", 2, over) == [0, 0]


def test_a_forced_pass_counts_as_one_move() -> None:
    stuck = position_text({"c3": "w", "b3": "d", "d3": "b", "c2": "b", "c4": "b", "d4": "d", "b2": "d"})
    assert ENGINE.perft("dvonn", 1, stuck) == [1]


def test_perft_after_the_little_golem_placements_shallow() -> None:
    shared_path("perft", "README.md")
    assert ENGINE.perft("dvonn", 3, lg_start_position()) == [43, 1765, 78940]


@pytest.mark.slow
def test_perft_after_the_little_golem_placements_depth_4() -> None:
    shared_path("perft", "README.md")
    assert ENGINE.perft("dvonn", 4, lg_start_position()) == [43, 1765, 78940, 3502964]


@pytest.mark.slow
def test_bench_script_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    path = PROJECT_ROOT / "bench" / "dvonn_bench.py"
    spec = importlib.util.spec_from_file_location("dvonn_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([]) == 0
    out = capsys.readouterr().out
    assert "perft d4: 3502964 leaves" in out and "[ok]" in out
