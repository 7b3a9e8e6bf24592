"""Settings for the test suite: the environment's settings, with a test-only secret key allowed."""

import os

os.environ.setdefault("DJANGO_TESTING", "1")

from config.settings import *  # noqa: E402,F403

# The test client speaks plain HTTP: no redirect to HTTPS, cookies over HTTP (production keeps both).
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
