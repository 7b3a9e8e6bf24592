"""The games Django app: games of pairings, submitted records and their verification."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"
