"""The personal Django app: what a person sees of his own, above games and tournaments (claims,
notices, play notices, my games, the account pages); ``accounts`` below holds the people themselves.

``ready`` connects the delivery of notices (``personal.delivery``) to ``accounts.notices.created``
and to a notice's save, with its sweep; the notices to the games' ``result_changed``,
``move_played`` and ``time_running_out`` hooks, to the ends of games (``games.live.END_LISTENERS``)
and to a challenge's save; and the notices' language, kept at sign-in, to Django's
``user_logged_in`` signal.
"""

from django.apps import AppConfig


class PersonalConfig(AppConfig):
    name = "personal"
    verbose_name = "Personal"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_save

        from accounts import notices as notices_floor
        from accounts.models import Notice
        from common import sweep
        from games.live import game_events as live
        from games.models import Challenge, DrawOffer, Game
        from games.signals import move_played, result_changed, time_running_out
        from personal import challenge_notices, delivery, notices, play_notices, preferences

        # the one delivery of every notice, whoever wrote it
        notices_floor.created.connect(delivery.on_created, dispatch_uid="personal.delivery.created")
        post_save.connect(delivery.on_saved, sender=Notice, dispatch_uid="personal.delivery.saved")
        sweep.register(delivery.sweep_work)
        # what writes notices
        result_changed.connect(notices.on_result_changed, dispatch_uid="personal.notices")
        move_played.connect(play_notices.on_move_played, dispatch_uid="personal.play_notices.move")
        time_running_out.connect(play_notices.on_time_running_out, dispatch_uid="personal.play_notices.time")
        post_save.connect(play_notices.on_draw_offer_saved, sender=DrawOffer, dispatch_uid="personal.draws")
        post_save.connect(play_notices.on_game_saved, sender=Game, dispatch_uid="personal.takebacks")
        if play_notices.on_games_ended not in live.END_LISTENERS:
            live.END_LISTENERS.append(play_notices.on_games_ended)
        post_save.connect(
            challenge_notices.on_challenge_saved, sender=Challenge, dispatch_uid="personal.challenge_notices"
        )
        user_logged_in.connect(preferences.on_signed_in, dispatch_uid="personal.play_notices.language")
