"""Settings for the test suite: the environment's settings, with a test-only secret key allowed."""

import os

os.environ.setdefault("DJANGO_TESTING", "1")

from config.settings import *  # noqa: E402,F403
