"""The tournaments' ``manage.py`` commands, in ``commands``."""
