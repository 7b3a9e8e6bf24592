"""``python -m arbiter``: the command line of :mod:`arbiter.cli`."""

import sys

from arbiter.cli import main

sys.exit(main())
