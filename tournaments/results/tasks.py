"""The Celery tasks of corrected results: the recomputation after one correction (takes its id,
idempotent, re-runnable) and the sweep that queues again the recomputations a lost job left stale."""

from __future__ import annotations

from celery import shared_task

from tournaments.results.recomputation import lost_corrections, recompute_correction


@shared_task(name="tournaments.recompute_correction")
def recompute_correction_task(correction_id: int) -> bool:
    return recompute_correction(correction_id)


@shared_task(name="tournaments.sweep_corrections")
def sweep_corrections_task(older_than_minutes: int = 10) -> int:
    """Queue again every recomputation still stale after ``older_than_minutes``; returns how many."""
    from datetime import timedelta

    lost = lost_corrections(timedelta(minutes=older_than_minutes))
    for correction_id in lost:
        recompute_correction_task.delay(correction_id)
    return len(lost)
