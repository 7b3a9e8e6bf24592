"""The games Django app: games of pairings, submitted records and their verification.

``ready`` registers the games' sweep work (``games.records.sweep``; ``games.play.clock_sweep``: games
lost on time), the clocks' ticker's work (``games.play.flags``: the flags falling, the time warnings), the roles over games
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

        from common import ticker
        from games.models import Game
        from games.play import flags

        # the clocks' ticker ends the games whose flags have fallen and warns the players whose time is
        # running out (games.play.flags): no task a move
        ticker.register(flags.tick, flags.next_flag)
        ticker.register(flags.warn_tick, flags.next_warning)
        # a game's flag's and time warning's moments, kept by every save of its clock (issue 36)
        from games import models as game_models

        if flags.moments not in game_models.MOMENTS:
            game_models.MOMENTS.append(flags.moments)
        # each player's own stream (games.live.player_events)
        from games.live import player_events
        from games.models import Challenge

        post_save.connect(
            player_events.on_challenge_saved, sender=Challenge, dispatch_uid="player_events.challenge"
        )
        post_save.connect(player_events.on_game_created, sender=Game, dispatch_uid="player_events.game")
        from games.live import game_events

        if player_events.on_game_end not in game_events.END_LISTENERS:
            game_events.END_LISTENERS.append(player_events.on_game_end)
