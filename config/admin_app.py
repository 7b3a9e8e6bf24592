"""The admin app, its modules (each app's ``admin.py``) discovered when the admin is first needed.

Django's default admin config imports every ``admin.py`` when Django starts, and with them the
admin's forms and widgets: a command that never opens the admin (``manage.py pair_trf``) paid for
them. Here they are imported by the site's URLs (``config.urls`` calls ``admin.autodiscover()``)
and by the admin's system checks, which discover them before checking what they registered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.contrib import admin
from django.contrib.admin.apps import SimpleAdminConfig
from django.contrib.admin.checks import check_admin_app, check_dependencies
from django.core import checks


def check_discovered_admin(
    app_configs: Sequence[AppConfig] | None, **kwargs: Any
) -> list[checks.CheckMessage]:
    """Django's checks of the registered model admins, every ``admin.py`` imported first."""
    admin.autodiscover()
    return list(check_admin_app(app_configs, **kwargs))


class AdminConfig(SimpleAdminConfig):
    def ready(self) -> None:
        checks.register(check_dependencies, checks.Tags.admin)
        checks.register(check_discovered_admin, checks.Tags.admin)
