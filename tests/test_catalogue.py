"""The Ukrainian catalogue holds every string the code marks for translation.

The strings are found the way docs/languages.md's command finds them: Django's ``makemessages`` run over a
copy of the project's sources (the same folders left out: the virtualenv, the tests, the benches)
into a fresh catalogue in a temporary folder, so the committed one is never rewritten. Each message
it finds (with its context and plural) must have an entry in ``locale/uk/LC_MESSAGES/django.po``;
``tests/test_i18n.py`` checks that each entry is translated.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.test_i18n import PO, ROOT, _po_entries

# What docs/languages.md's makemessages leaves out (--ignore): the virtualenv, the tests, the benches.
SKIPPED = {".venv", "tests", "bench", "locale", ".git", "node_modules", "__pycache__"}


def _keys(po_text: str) -> set[tuple[str, str, str]]:
    """The messages of a catalogue: (context, msgid, msgid_plural), the header left out."""
    return {
        (str(e.get("msgctxt", "")), str(e["msgid"]), str(e.get("msgid_plural", "")))
        for e in _po_entries(po_text)
        if e["msgid"]
    }


def missing_from(catalogue: str, found: str) -> list[tuple[str, str, str]]:
    """The messages of ``found`` (what makemessages wrote) that ``catalogue`` has no entry for."""
    return sorted(_keys(found) - _keys(catalogue))


def test_the_comparison_names_a_message_the_catalogue_lacks() -> None:
    catalogue = 'msgid ""\nmsgstr ""\n\nmsgid "Standings"\nmsgstr "Турнірна таблиця"\n'
    found = (
        'msgid ""\nmsgstr ""\n\n#: a.py:1\nmsgid "Standings"\nmsgstr ""\n\n'
        '#: b.py:2\nmsgid "one game"\nmsgid_plural "%(n)s games"\nmsgstr[0] ""\nmsgstr[1] ""\n'
    )
    assert missing_from(catalogue, found) == [("", "one game", "%(n)s games")]
    assert missing_from(found, found) == []


def _copy_sources(target: Path) -> None:
    for entry in ROOT.iterdir():
        if entry.name in SKIPPED or entry.name.startswith("."):
            continue
        if entry.is_dir():
            shutil.copytree(entry, target / entry.name, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        elif entry.suffix in (".py", ".html", ".txt"):
            shutil.copy2(entry, target / entry.name)


def test_every_string_makemessages_finds_has_an_entry_in_the_ukrainian_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _copy_sources(tmp_path)
    (tmp_path / "locale").mkdir()
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command("makemessages", locale=["uk"], ignore_patterns=sorted(SKIPPED), verbosity=0)
    found = (tmp_path / "locale" / "uk" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    assert len(_keys(found)) > 100  # makemessages found the project's strings
    assert missing_from(PO.read_text(encoding="utf-8"), found) == []
