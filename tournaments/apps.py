"""The tournaments Django app (one app, cut into packages by concern; see README's "What is where")."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"
