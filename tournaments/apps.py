"""The tournaments Django app (one app, cut into packages by concern; see README's "What is where").

``ready`` registers the pairing origin of games and the pairing as what holds games
(``tournaments.results.pairing_games``) with the games app and connects what an event does with its games (a game finished, a round closing, a corrected
result), the rating of casual games whose result changed (``tournaments.ratings.casual_results``),
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
        from games.signals import game_finished, result_changed
        from tournaments.events import roles  # noqa: F401 - registers the roles over events with the policy
        from tournaments.models import Pairing
        from tournaments.pairing.signals import round_published
        from tournaments.ratings import casual_results
        from tournaments.results import pairing_games
        from tournaments.results.deadlines import sweep_work as deadline_work
        from tournaments.results.signals import result_corrected, round_closing
        from tournaments.sweep import sweep_work

        origins.register(str(Game.Origin.PAIRING), pairing_games.PairingOrigin())
        origins.register_holder(Pairing, pairing_games.PairingHolder())
        game_finished.connect(pairing_games.on_game_finished, dispatch_uid="tournaments.on_game_finished")
        round_closing.connect(pairing_games.on_round_closing, dispatch_uid="tournaments.on_round_closing")
        round_published.connect(
            pairing_games.on_round_published, dispatch_uid="tournaments.on_round_published"
        )
        result_corrected.connect(
            pairing_games.on_result_corrected, dispatch_uid="tournaments.on_result_corrected"
        )
        result_changed.connect(casual_results.on_result_changed, dispatch_uid="tournaments.casual_ratings")
        sweep.register(sweep_work)
        sweep.register(deadline_work)
        sweep.register_on_request(sweep_corrections)


def sweep_corrections() -> object:
    """The corrections' sweep on a request (embedded default); its task module, and Celery with it,
    loaded when it first runs, not when the app is."""
    from tournaments.results.tasks import sweep_corrections_task

    return sweep_corrections_task()
