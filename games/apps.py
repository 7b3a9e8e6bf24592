"""The games Django app: games of pairings, submitted records and their verification.

``ready`` registers the games' sweep work (``games.sweep``), and the roles over games
(``games.roles``) with ``accounts.policy``. What an event does to its games (closing a round, a
corrected result) the tournaments app connects on its side (``tournaments.results.pairing_games``).
"""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from config import sweep
        from games import roles  # noqa: F401 - registers the roles over games with the policy
        from games.sweep import sweep_work

        sweep.register(sweep_work)
