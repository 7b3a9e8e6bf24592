"""What several benches share: the best rate of a piece of work, the checked perft and replay that
the engine benches time, and, for the benches that run the service in processes of their own
(``streams_bench``, ``stream_capacity``, ``flags_bench``), stopping those processes and reading a
game's event stream; for the benches run against a baseline revision in child processes
(``play_bench``, ``submissions_bench --baseline``), their figures read back and compared. Imported by its name: the bench folder is on the path of every bench; it imports the project
(the registry) only when called, once the bench has put the project on the path.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any


def best_rate(work: Callable[[], int], rounds: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """The best of ``rounds`` runs of ``work`` (which returns the units it did), in units per second
    of ``clock`` (the wall clock, or ``time.process_time`` for the CPU time)."""
    best = 0.0
    for _ in range(rounds):
        started = clock()
        units = work()
        best = max(best, units / max(clock() - started, 1e-9))
    return best


def checked_perft(game: str, depth: int, position: str | None, reference: list[int]) -> int:
    """The leaves of ``game``'s perft to ``depth`` from ``position`` (None: the start), its counts
    checked against the ``reference``."""
    from arbiter import registry  # the bench has put the project on the path by now

    counts = registry.perft(game, depth, position)
    assert counts == reference, (game, counts)
    return counts[-1]


def replayed_plies(texts: Iterable[str], replay: Callable[[str], Any] | None = None) -> int:
    """The plies of the records ``texts``, each replayed by ``replay`` (by default the registry's)
    and found valid."""
    if replay is None:
        from arbiter import registry  # the bench has put the project on the path by now

        replay = registry.replay
    plies = 0
    for text in texts:
        verdict = replay(text)
        assert verdict.valid, verdict.error
        plies += verdict.plies
    return plies


def side_figures(folder: str, side: str) -> dict[str, Any] | None:
    """The figures a ``--baseline`` run's child wrote for ``side`` (``--figures-to``), or None (said)."""
    path = Path(folder) / f"{side}.json"
    if not path.exists():
        print(f"   {side}: no figures")
        return None
    found: dict[str, Any] = json.loads(path.read_text())
    return found


def print_ratios(
    before: dict[str, Any], now: dict[str, Any], baseline: str, names: Iterable[tuple[str, str]], digits: int
) -> None:
    """Each figure ``key`` (named ``name``) of the baseline's side and today's, and their ratio."""
    for key, name in names:
        print(
            f"   {name}: {baseline} {before[key]:.{digits}f}, today {now[key]:.{digits}f}:"
            f" ratio {now[key] / before[key]:.2f}"
        )


def stop_processes(processes: Iterable[subprocess.Popen[bytes]]) -> None:
    """Stop the bench's own processes: asked first, killed after 20 seconds."""
    processes = list(processes)
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()


async def open_events(port: int, game_id: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, int]:
    """Open game ``game_id``'s event stream on the local server at ``port``: its reader, its writer
    and the answer's status (0 when the server gave none)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = (
        f"GET /api/play/{game_id}/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    )
    writer.write(request.encode())
    await writer.drain()
    parts = (await reader.readline()).split()
    return reader, writer, int(parts[1]) if len(parts) > 1 else 0


async def events(reader: asyncio.StreamReader) -> AsyncIterator[tuple[str, str | None]]:
    """The stream's lines as they come, until it ends: ``(kind, None)`` for an event's name,
    ``(kind, data)`` for its data."""
    kind = ""
    while line := await reader.readline():
        text = line.decode(errors="replace").strip()
        if text.startswith("event: "):
            kind = text[7:]
            yield kind, None
        elif text.startswith("data: "):
            yield kind, text[6:]
