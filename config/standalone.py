"""Management commands that run without Django's app registry (issue 32 item 10).

``django.setup()`` imports every installed app's models (and with them Django's ORM, about 0.12 s
of CPU), the apps' ``ready()`` registrations and the logging configuration: 0.25 s of a 0.37 s
``manage.py pair_trf``, which reads one file, pairs it in memory and prints the pairs, with no
model, database, URL or task. ``manage.py`` hands such a command to :func:`run`, which runs it on
the settings alone; every other command, and these through ``call_command`` or
``execute_from_command_line``, run as Django runs them.

A command listed here must not touch the app registry (models, the database, the URLs, translated
text): it would fail with ``AppRegistryNotReady``. ``tests/tournaments/trf/test_pair_trf_imports.py``
runs each through ``manage.py`` and checks it prints what it prints through Django's own path.
Its text is not translated here (no catalogue is read before the apps are loaded): it prints
English, as Django's path prints it with ``LANGUAGE_CODE`` ``en-gb``.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

# the command's name -> its module (Django finds commands through the apps, not loaded here)
COMMANDS = {"pair_trf": "tournaments.management.commands.pair_trf"}


def run(argv: Sequence[str]) -> bool:
    """Run ``argv``'s command if it is one of :data:`COMMANDS`; False (nothing done) for any other."""
    if len(argv) < 2 or argv[1] not in COMMANDS:
        return False
    from django.utils import translation

    command = importlib.import_module(COMMANDS[argv[1]]).Command()
    translation.deactivate_all()  # the messages' own (English) text: no catalogue without the apps
    command.run_from_argv(list(argv))
    return True
