"""The tournaments Django app (one app, cut into packages by concern; see README's "What is where").

``ready`` registers the pairing origin of games (``tournaments.results.origin``) with the games app,
and the tournaments' sweep work (``tournaments.sweep``) with the sweep (``config.sweep``), and the roles over
events (``tournaments.events.roles``) with ``accounts.policy``.
"""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from config import sweep
        from games import origins
        from games.models import Game
        from tournaments.events import roles  # noqa: F401 - registers the roles over events with the policy
        from tournaments.results.origin import PairingOrigin
        from tournaments.results.tasks import sweep_corrections_task
        from tournaments.sweep import sweep_work

        origins.register(str(Game.Origin.PAIRING), PairingOrigin())
        sweep.register(sweep_work)
        sweep.register_on_request(sweep_corrections_task)
