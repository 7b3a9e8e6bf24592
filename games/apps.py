"""The games Django app: games of pairings, submitted records and their verification.

``ready`` registers the games' sweep work (``games.records.sweep``; ``games.play.clock_sweep``: games lost on time), each flag's task (``games.play.flags``), the roles over games
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
        from games.play.clock_sweep import sweep_work as clock_work
        from games.play.clock_sweep import warning_work
        from games.records.sweep import sweep_work

        sweep.register(sweep_work)
        sweep.register(clock_work)
        sweep.register(warning_work)
        register_game_packages(getattr(settings, "GAME_PACKAGES", ()))
        from django.db.models.signals import post_save

        from games.models import Game
        from games.play import flags
        from games.signals import move_played

        # each flag's task, scheduled when a game starts and after every move (games.play.flags)
        move_played.connect(flags.on_move, dispatch_uid="games.play.flags.on_move")
        # the moment of a game's time warning, kept by every save of its clock (issue 36)
        from games import models as game_models

        if flags.warning_due not in game_models.WARNING_DUE:
            game_models.WARNING_DUE.append(flags.warning_due)
        post_save.connect(flags.on_created, sender=Game, dispatch_uid="games.play.flags.on_created")
        # each player's own stream (games.live.player_events)
        from games.live import player_events
        from games.models import Challenge

        post_save.connect(
            player_events.on_challenge_saved, sender=Challenge, dispatch_uid="player_events.challenge"
        )
        post_save.connect(player_events.on_game_created, sender=Game, dispatch_uid="player_events.game")
        move_played.connect(player_events.on_move, dispatch_uid="player_events.move")
        from games.live import game_events

        if player_events.on_game_end not in game_events.END_LISTENERS:
            game_events.END_LISTENERS.append(player_events.on_game_end)
        # a draw offer lapses when the player it was made to moves (games.play.draws)
        from games.play import draws

        move_played.connect(draws.on_move, dispatch_uid="games.play.draws.on_move")
