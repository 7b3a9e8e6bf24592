"""The accounts Django app.

``ready`` connects the notices to the games' ``result_changed`` hook and the sign-in lockout to
Django's ``user_login_failed`` and ``user_logged_in`` signals.
"""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from accounts import lockout, notices
        from games.signals import result_changed

        result_changed.connect(notices.on_result_changed, dispatch_uid="accounts.notices")
        user_login_failed.connect(lockout.on_login_failed, dispatch_uid="accounts.lockout.failed")
        user_logged_in.connect(lockout.on_logged_in, dispatch_uid="accounts.lockout.succeeded")
