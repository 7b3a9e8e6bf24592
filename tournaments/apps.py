"""The tournaments Django app (one app, cut into packages by concern: docs/architecture.md, ``tournaments``).

``ready`` registers the pairing origin of games (``tournaments.results.pairing_origin``: an event's
games and the pairing holding them) with the games app, the rating of casual games whose result
changed (``tournaments.ratings.casual_results``) with the games' ``result_changed``, the
tournaments' sweep work (``tournaments.sweep``) with the sweep (``common.sweep``), the autopilot
(``tournaments.autopilot``: its steps' hook, disputes, its sweep) and the webhooks' sweep, and the
roles over events (``tournaments.events.roles``) with ``accounts.policy``.
"""

from datetime import datetime
from typing import Any

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from common import sweep
        from games import origins
        from games.models import Game
        from games.signals import result_changed
        from tournaments.events import roles  # noqa: F401 - registers the roles over events with the policy
        from tournaments.models import Pairing
        from tournaments.ratings import casual_results
        from tournaments.results import round_closing
        from tournaments.results.deadlines import sweep_work as deadline_work
        from tournaments.results.pairing_origin import PairingOrigin
        from tournaments.signals import step_taken
        from tournaments.sweep import sweep_work

        origins.register(str(Game.Origin.PAIRING), PairingOrigin(), holder=Pairing)
        result_changed.connect(casual_results.on_result_changed, dispatch_uid="tournaments.casual_ratings")
        result_changed.connect(round_closing.on_result_changed, dispatch_uid="tournaments.round_closing")
        sweep.register(sweep_work)
        sweep.register(deadline_work)
        # the autopilot (issue 36): its next step after each step, a dispute, the sweep; the webhooks
        step_taken.connect(autopilot_step, dispatch_uid="tournaments.autopilot")
        result_changed.connect(autopilot_dispute, dispatch_uid="tournaments.autopilot.disputes")
        sweep.register(autopilot_sweep)
        sweep.register(webhooks_sweep)
        sweep.register_on_request(sweep_corrections)


def sweep_corrections() -> object:
    """The corrections' sweep on a request (embedded default); its task module, and Celery with it,
    loaded when it first runs, not when the app is."""
    from tournaments.results.tasks import sweep_corrections_task

    return sweep_corrections_task()


# The autopilot's and the webhooks' hooks: their modules (the services and Celery with them) loaded
# when they first run, not when the app is (``manage.py pair_trf`` loads no web stack).


def autopilot_step(sender: object, **kwargs: Any) -> None:
    from tournaments.autopilot import steps

    steps.on_step_taken(sender, **kwargs)


def autopilot_dispute(sender: object, **kwargs: Any) -> None:
    from tournaments.autopilot import steps

    steps.on_result_changed(sender, **kwargs)


def autopilot_sweep(now: datetime) -> dict[str, list[int]]:
    from tournaments.autopilot import steps

    return steps.sweep_work(now)


def webhooks_sweep(now: datetime) -> dict[str, list[int]]:
    from tournaments.telling import webhooks

    return webhooks.sweep_work(now)
