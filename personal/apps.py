"""The personal Django app: what a person sees of his own, above games and tournaments (claims,
notices, play notices, my games, the account pages); ``accounts`` below holds the people themselves.

``ready`` connects the notices to the games' ``result_changed``, ``move_played`` and
``time_running_out`` hooks and to a challenge's save (and the play notices' e-mails to the embedded default's sweep) and the
notices' language, kept at sign-in, to Django's ``user_logged_in`` signal.
"""

from django.apps import AppConfig


class PersonalConfig(AppConfig):
    name = "personal"
    verbose_name = "Personal"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_save

        from common import sweep
        from games.models import Challenge
        from games.signals import move_played, result_changed, time_running_out
        from personal import challenge_notices, notices, play_notices

        result_changed.connect(notices.on_result_changed, dispatch_uid="personal.notices")
        move_played.connect(play_notices.on_move_played, dispatch_uid="personal.play_notices.move")
        time_running_out.connect(play_notices.on_time_running_out, dispatch_uid="personal.play_notices.time")
        sweep.register_on_request(play_notices.send_play_emails)  # beat sends them on its schedule
        post_save.connect(
            challenge_notices.on_challenge_saved, sender=Challenge, dispatch_uid="personal.challenge_notices"
        )
        user_logged_in.connect(play_notices.on_signed_in, dispatch_uid="personal.play_notices.language")
