#!/usr/bin/env python
import gc
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings
    from django.core.management import execute_from_command_line

    # A settings error (SECRET_KEY unset) is told as it is, before a command's checks fail on its
    # consequences (Django runs its checks in no fixed order).
    settings.INSTALLED_APPS  # noqa: B018
    from config import standalone

    # A command that needs the settings only (pair_trf) runs without loading the apps: config.standalone.
    if not standalone.run(sys.argv):
        execute_from_command_line(sys.argv)
    # Everything the command loaded exits with the process: out of the garbage collector's sight,
    # the interpreter's exit does not walk it (its collections took 0.1 s of CPU after Django's start).
    gc.freeze()


if __name__ == "__main__":
    main()
