"""``bench/submissions_bench.py --baseline [REV]``: issue 43's targets decided from the stack's
figures (at least 200 verifications a second per worker process, at most 10 ms of the web workers'
CPU a submission; figures picked by hand on each side of each bound), each side's child given the
run's options, and a baseline run without PostgreSQL and Redis refused with a message."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from tests.conftest import shared_path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HEAD = (
    "issue 43's targets (>= 200 verifications a second per worker process,"
    " <= 10 ms of web CPU a submission): "
)


@pytest.mark.parametrize(
    ("per_process", "web_ms", "verdict"),
    [
        (200.0, 10.0, "met"),
        (351.2, 4.3, "met"),
        (199.9, 10.0, "NOT met: 199.9 verifications a second per worker process"),
        (200.0, 10.1, "NOT met: 10.1 ms of web CPU a submission"),
        (
            55.0,
            23.5,
            "NOT met: 55.0 verifications a second per worker process, 23.5 ms of web CPU a submission",
        ),
    ],
)
def test_the_targets_are_met_only_at_both_bounds(per_process: float, web_ms: float, verdict: str) -> None:
    assert load("submissions_baseline").target_line(per_process, web_ms) == HEAD + verdict


def options(**given: object) -> SimpleNamespace:
    chosen: dict[str, object] = dict(web=False, seconds=10.0, rate=20.0, backlog=400, redis_db=13)
    chosen |= dict(web_workers=4, concurrency=2, quick=False, profile=False)
    return SimpleNamespace(**(chosen | given))


def test_each_side_runs_the_stack_bench_of_its_own_tree_with_the_runs_options() -> None:
    tree = Path("/tmp/tree")
    command = load("submissions_baseline").side_command(
        options(), tree, "postgres://d", "redis://r", "f.json"
    )
    assert command[1] == "/tmp/tree/bench/submissions_bench.py"
    assert "--web" not in command and "--quick" not in command
    pairs = dict(zip(command[2::2], command[3::2], strict=True))
    assert pairs == {
        "--seconds": "10.0",
        "--rate": "20.0",
        "--backlog": "400",
        "--redis-db": "13",
        "--web-workers": "4",
        "--concurrency": "2",
        "--database-url": "postgres://d",
        "--broker-url": "redis://r",
        "--figures-to": "f.json",
    }


def test_the_web_side_alone_keeps_its_flag_and_drops_the_steady_phase() -> None:
    command = load("submissions_baseline").side_command(
        options(web=True, quick=True), Path("/t"), "postgres://d", "redis://r", "f.json"
    )
    assert "--web" in command and "--quick" in command
    assert "--seconds" not in command and "--rate" not in command


def test_a_baseline_run_without_postgresql_and_redis_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shared_path("records", "gipf")
    monkeypatch.syspath_prepend(str(BENCH))
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    bench = load("submissions_bench")
    assert bench.main(["--baseline", "--database-url", "sqlite:///nothing.sqlite3"]) == 1
    assert "--baseline runs the stack: no PostgreSQL and Redis given" in capsys.readouterr().out
