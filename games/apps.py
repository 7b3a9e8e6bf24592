"""The games Django app: games of pairings, submitted records and their verification.

``ready`` connects the games' part of closing a round (``games.confirmation.on_round_closing``) to
the results service's ``round_closing`` hook.
"""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games.confirmation import on_round_closing
        from tournaments.results.signals import round_closing

        round_closing.connect(on_round_closing, dispatch_uid="games.on_round_closing")
