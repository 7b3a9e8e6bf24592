"""The accounts Django app: the people (players and the account linked to each), the permission
policy, the project's errors and the sign-in lockout; with ``common``, the floor below games and
tournaments (it imports neither, nor the pages of a person above them in ``personal``).

``ready`` connects the sign-in lockout to Django's ``user_login_failed`` and ``user_logged_in`` signals,
and gives the sweep the throttles' buckets nobody counted in for a day to forget (``accounts.throttles``).
"""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from accounts import lockout
        from accounts.throttles import forget_buckets
        from common import sweep

        sweep.register(forget_buckets)

        user_login_failed.connect(lockout.on_login_failed, dispatch_uid="accounts.lockout.failed")
        user_logged_in.connect(lockout.on_logged_in, dispatch_uid="accounts.lockout.succeeded")
