"""django-eventstream's package, loaded when first used, not when Django starts (issue 32 item 10).

Its package imports its whole HTTP stack on import (gripcontrol, pubcontrol, requests: about a
fifth of a management command's start-up), although only its two tables are needed to start: the
events are stored and the streams served when a move is played or a stream opened (``games.live.game_events``,
``games.live.streams``). :func:`install` (called by the settings, before Django loads the apps) puts the
package in ``sys.modules`` without running its ``__init__``; its app config, models and migrations
load as usual, and the first name asked of the package (``send_event``, ``get_current_event_id``)
runs the ``__init__`` then.
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from typing import Any

NAME = "django_eventstream"


def install() -> None:
    """Register the package, its ``__init__`` deferred to the first attribute asked of it."""
    if NAME in sys.modules:
        return
    spec = importlib.util.find_spec(NAME)
    if spec is None or spec.loader is None:
        return  # not installed: Django's own error names it when it loads the app
    package = importlib.util.module_from_spec(spec)
    # Threads asking at once (a uvicorn process's first requests, each in its thread) wait for the
    # one that runs the __init__; the package's own imports during it see no name yet.
    lock = threading.RLock()
    state = {"loaded": False, "loading": False}

    def __getattr__(name: str) -> Any:  # noqa: N807 - a module's __getattr__ (PEP 562)
        if name.startswith("__"):
            raise AttributeError(f"module {NAME!r} has no attribute {name!r}")
        with lock:
            if not state["loaded"]:
                if state["loading"]:  # the __init__ itself, in this thread
                    raise AttributeError(f"module {NAME!r} has no attribute {name!r}")
                state["loading"] = True
                try:
                    spec.loader.exec_module(package)  # type: ignore[union-attr]
                finally:
                    state["loading"] = False
                state["loaded"] = True
                package.__dict__.pop("__getattr__", None)
        try:
            return package.__dict__[name]
        except KeyError:
            raise AttributeError(f"module {NAME!r} has no attribute {name!r}") from None

    setattr(package, "__getattr__", __getattr__)  # noqa: B010 - a module's __getattr__, set from outside
    sys.modules[NAME] = package
