"""The accounts Django app.

``ready`` connects the notices to the games' ``result_changed``, ``move_played`` and
``time_running_out`` hooks (and the play notices' e-mails to the embedded default's sweep) and the sign-in lockout
(and the notices' language, kept at sign-in) to Django's ``user_login_failed`` and ``user_logged_in`` signals.
"""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from accounts import lockout, notices, play_notices
        from config import sweep
        from games.signals import move_played, result_changed, time_running_out

        result_changed.connect(notices.on_result_changed, dispatch_uid="accounts.notices")
        move_played.connect(play_notices.on_move_played, dispatch_uid="accounts.play_notices.move")
        time_running_out.connect(play_notices.on_time_running_out, dispatch_uid="accounts.play_notices.time")
        sweep.register_on_request(play_notices.send_play_emails)  # beat sends them on its schedule
        user_login_failed.connect(lockout.on_login_failed, dispatch_uid="accounts.lockout.failed")
        user_logged_in.connect(lockout.on_logged_in, dispatch_uid="accounts.lockout.succeeded")
        user_logged_in.connect(play_notices.on_signed_in, dispatch_uid="accounts.play_notices.language")
