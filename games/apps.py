"""The games Django app: games of pairings, submitted records and their verification.

``ready`` registers the games' sweep work (``games.sweep``; ``games.clock_sweep``: games lost on time), the roles over games
(``games.roles``) with ``accounts.policy``, and the game packages the ``GAME_PACKAGES`` setting names
(beyond the built-in games of :mod:`arbiter.registry`). What an event does to its games (closing a
round, a corrected result) the tournaments app does on its side by direct calls
(``tournaments.results.round_games``, ``corrected_games``).
"""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from django.conf import settings

        from common import sweep
        from games import roles  # noqa: F401 - registers the roles over games with the policy
        from games.choices import register_game_packages
        from games.clock_sweep import sweep_work as clock_work
        from games.clock_sweep import warning_work
        from games.sweep import sweep_work

        sweep.register(sweep_work)
        sweep.register(clock_work)
        sweep.register(warning_work)
        register_game_packages(getattr(settings, "GAME_PACKAGES", ()))
