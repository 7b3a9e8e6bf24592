"""The games Django app: games of pairings, submitted records and their verification.

``ready`` connects the games' part of closing a round (``games.confirmation.on_round_closing``) to
the results service's ``round_closing`` hook, and the games' part of a corrected result
(``games.corrections.on_result_corrected``) to its ``result_corrected`` hook, and registers the
games' sweep work (``games.sweep``), and the roles over games (``games.roles``) with ``accounts.policy``.
"""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from config import sweep
        from games import roles  # noqa: F401 - registers the roles over games with the policy
        from games.confirmation import on_round_closing
        from games.corrections import on_result_corrected
        from games.sweep import sweep_work
        from tournaments.results.signals import result_corrected, round_closing

        round_closing.connect(on_round_closing, dispatch_uid="games.on_round_closing")
        result_corrected.connect(on_result_corrected, dispatch_uid="games.on_result_corrected")
        sweep.register(sweep_work)
