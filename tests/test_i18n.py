"""English and Ukrainian: no template string is left out of the translation, every message of the
Ukrainian catalogue is translated, and the pages speak Ukrainian when asked (the switcher's cookie,
the browser's Accept-Language, or the switcher itself).

The template check reads each template's source, drops what translation tags, variables, other tags
and comments hold, and asserts that no letters remain in the text or in the visible attributes
(title, placeholder, aria-label, alt, a button's value). Literal strings that tags and filters show
(``default:"…"``, a badge's label) must be ``_("…")``, and ``pluralize`` is English-only.
"""

from __future__ import annotations

import gettext as gettext_module
import re
from datetime import date
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import formats, translation

from tournaments.templatetags.tournament_tags import tie_break_name, tiebreak

ROOT = Path(settings.BASE_DIR)
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
PO = ROOT / "locale" / "uk" / "LC_MESSAGES" / "django.po"

# Names that are the same in every language, and each language's own name (the switcher's buttons).
NAMES = {"GIPF", "DVONN", "TRF", "CSV", "JSON", "SVG", "API", "REST", "English", "Українська"}
LETTER = re.compile(r"[^\W\d_]")
VISIBLE_ATTRIBUTES = {"title", "placeholder", "aria-label", "alt"}
LITERAL_ELEMENTS = {"code", "pre", "kbd", "samp"}  # program text (a header, a command) is not translated

COMMENTS = re.compile(r"{#.*?#}|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", re.S)
BLOCK_TRANSLATE = re.compile(r"{%\s*blocktrans(?:late)?\b.*?%}.*?{%\s*endblocktrans(?:late)?\s*%}", re.S)
SCRIPTS = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
CLASSES = re.compile(r'\bclass="[^"{%]*(?:{{[^}]*}}[^"{%]*)*"')  # class names are never shown
TAG = re.compile(r"{%(.*?)%}", re.S)
VARIABLE = re.compile(r"{{(.*?)}}", re.S)
LITERAL = re.compile(r"""(_\()?("[^"]*"|'[^']*')""")
LANGUAGE_CODE = re.compile(r"[a-z]{2}(-[a-z]{2,4})?")  # {{ LANGUAGE_CODE|default:'en' }} shows no word
SHOWN_BY_FILTER = re.compile(r"""\|\s*(default|default_if_none|yesno)\s*:\s*("[^"]*"|'[^']*')""")
# Tags whose string arguments are names of templates, URLs, blocks or comparisons, never shown.
SILENT_TAGS = {
    "url", "static", "include", "extends", "load", "block", "if", "elif", "with", "for", "translate",
    "trans", "csrf_token", "cycle", "now", "get_available_languages", "get_language_info", "endif",
}  # fmt: skip


def has_words(text: str) -> bool:
    words = re.findall(r"[^\W\d_][\w'’-]*", text)
    return any(word not in NAMES for word in words)


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.literal = 0

    def handle_data(self, data: str) -> None:
        if has_words(data) and not self.literal:
            self.found.append(data.strip())

    def handle_endtag(self, tag: str) -> None:
        if tag in LITERAL_ELEMENTS and self.literal:
            self.literal -= 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in LITERAL_ELEMENTS:
            self.literal += 1
        values = dict(attrs)
        for name, value in attrs:
            shown = name in VISIBLE_ATTRIBUTES or (
                name == "value" and tag == "input" and values.get("type") in {"submit", "button"}
            )
            if shown and value and has_words(value):
                self.found.append(f"{name}={value!r}")


def untranslated(source: str) -> list[str]:
    """The user-visible strings of a template source that are not marked for translation."""
    found: list[str] = []
    source = COMMENTS.sub(" ", source)
    source = BLOCK_TRANSLATE.sub(" ", source)
    source = SCRIPTS.sub(" ", source)
    source = CLASSES.sub(" ", source)
    for match in VARIABLE.finditer(source):
        body = match.group(1)
        for _filter, literal in SHOWN_BY_FILTER.findall(body):
            if has_words(literal) and not LANGUAGE_CODE.fullmatch(literal.strip("\"'")):
                found.append(f"{{{{{body.strip()}}}}}")
        if "pluralize" in body:
            found.append(f"{{{{{body.strip()}}}}} (pluralize is English-only: use blocktranslate count)")
        if LITERAL.fullmatch(body.strip()) and has_words(body):
            found.append(f"{{{{{body.strip()}}}}}")
    for match in TAG.finditer(source):
        body = match.group(1).strip()
        name = body.split()[0] if body.split() else ""
        if name in SILENT_TAGS or name.startswith("end"):
            continue
        literals = LITERAL.findall(body)
        if name == "status_badge":
            literals = literals[1:]  # the first names the badge's colour
        for marked, literal in literals:
            if not marked and has_words(literal):
                found.append(f"{{% {body} %}}")
    text = TAG.sub(" ", VARIABLE.sub(" ", source))
    parser = _Visible()
    parser.feed(text)
    parser.close()
    return found + parser.found


def test_the_checker_finds_untranslated_text_and_accepts_translated_text() -> None:
    assert untranslated("<p>Standings</p>") == ["Standings"]
    assert untranslated('<a title="Next round">→</a>') == ["title='Next round'"]
    assert untranslated('{{ x|default:"none" }}') and untranslated('{% status_badge "x" "Draft" %}')
    assert untranslated("{{ n }} round{{ n|pluralize }}")
    assert untranslated('<input type="submit" value="Save">')
    assert not untranslated('<p>{% translate "Standings" %} {{ event.name }}</p>')
    assert not untranslated("{% blocktranslate %}Round {{ n }}{% endblocktranslate %}")
    assert not untranslated('<p>GIPF · DVONN · TRF</p>{% status_badge "error" _("Pairing failed") %}')
    assert not untranslated('{# a note #}<script>let x = "word";</script>{{ x|default:"–" }}')
    assert not untranslated("<html lang=\"{{ LANGUAGE_CODE|default:'en' }}\">") and untranslated(
        '{{ x|default:"none" }}'
    )
    assert not untranslated("<code>Authorization: Token</code>") and untranslated("<code>x</code> words")


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT / "templates")))
def test_every_template_string_is_marked_for_translation(template: Path) -> None:
    assert untranslated(template.read_text(encoding="utf-8")) == []


def _po_entries(text: str) -> list[dict[str, str | bool]]:
    entries = []
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if line.strip()]
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        fields: dict[str, str] = {}
        key = ""
        for line in lines:
            if line.startswith("#"):
                continue
            head = re.match(r'(msgid|msgid_plural|msgstr(?:\[\d+\])?|msgctxt) "(.*)"$', line)
            if head:
                key = head.group(1)
                fields[key] = head.group(2)
            elif line.startswith('"') and key:
                fields[key] += line[1:-1]
        if "msgid" in fields:
            entries.append({**fields, "fuzzy": fuzzy})
    return entries


def _unescape(text: str) -> str:
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def test_every_message_has_a_ukrainian_translation() -> None:
    entries = [e for e in _po_entries(PO.read_text(encoding="utf-8")) if e["msgid"]]
    assert len(entries) > 100
    missing = [
        e["msgid"]
        for e in entries
        if e["fuzzy"]
        or not all(value for key, value in e.items() if isinstance(key, str) and key.startswith("msgstr"))
    ]
    assert missing == []
    plural = [e for e in entries if "msgid_plural" in e]
    assert all("msgstr[2]" in e for e in plural)  # Ukrainian has three plural forms


def test_the_compiled_catalogue_is_current() -> None:
    """The committed .mo says what the .po says (run compilemessages after editing the .po)."""
    with PO.with_suffix(".mo").open("rb") as handle:
        catalogue = gettext_module.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    for entry in _po_entries(PO.read_text(encoding="utf-8")):
        if not entry["msgid"] or entry["fuzzy"]:
            continue
        key = f"{entry['msgctxt']}\x04{entry['msgid']}" if "msgctxt" in entry else entry["msgid"]
        key = _unescape(str(key))
        if "msgid_plural" in entry:
            assert catalogue.get((key, 0)) == _unescape(str(entry["msgstr[0]"])), key
        else:
            assert catalogue.get(key) == _unescape(str(entry["msgstr"])), key
    with translation.override("uk"):
        assert translation.gettext("Standings") == "Турнірна таблиця"
        assert translation.gettext("Events") != "Events"


def test_every_tie_break_has_its_name_in_both_languages() -> None:
    """The pages' names are the registry's (FIDE C.07) in English, and Ukrainian ones otherwise."""
    from tournaments.standings.compute import TIE_BREAKS

    with translation.override("en-gb"):
        assert {code: tie_break_name(code) for code in TIE_BREAKS} == TIE_BREAKS
    with translation.override("uk"):
        assert tie_break_name("BH-C1") == "Бухгольц без 1 найгіршого"
        assert all(tie_break_name(code) != name for code, name in TIE_BREAKS.items())


DEMO = "gipf-club-championship"


@pytest.fixture
def demo(transactional_db: None) -> None:
    from django.core.management import call_command

    call_command("demo", "--known-passwords", verbosity=0)


def _game_url() -> str:
    from games.models import Game

    game = Game.objects.filter(verified_at__isnull=False).order_by("pk").first()
    assert game is not None
    return game.get_absolute_url()


def test_the_pages_speak_ukrainian_when_asked(demo: None) -> None:
    cookie = Client()
    cookie.cookies[settings.LANGUAGE_COOKIE_NAME] = "uk"
    browser = {"HTTP_ACCEPT_LANGUAGE": "uk-UA,uk;q=0.9,en;q=0.5"}
    pages = {
        "/": ["Турніри", "Гравці", "Кругова система"],
        f"/events/{DEMO}/standings/": ["Турнірна таблиця", "Очки", "Місце"],
        _game_url(): ["Ходи", "Дошка", "Перевернути дошку"],
    }
    for client, headers in ((cookie, {}), (Client(), browser)):
        for url, words in pages.items():
            response = client.get(url, **headers)
            assert response.status_code == 200, url
            html = response.content.decode()
            assert '<html lang="uk">' in html, url
            for word in words:
                assert word in html, (url, word)
            assert ">Standings<" not in html and ">Events<" not in html, url


def test_dates_and_numbers_follow_the_language() -> None:
    day = date(2026, 11, 23)
    with translation.override("uk"):
        assert formats.date_format(day) == "23 листопада 2026 р."
        assert formats.number_format(Decimal("1.5"), 1) == "1,5"
        assert tiebreak(Decimal("27.25"), "BH") == "27,25"  # a tie-break value on the standings
    with translation.override("en-gb"):
        assert formats.date_format(day) == "23 Nov 2026"
        assert tiebreak(Decimal("27.25"), "BH") == "27.25"


def test_english_by_default_and_the_switcher_remembers_the_choice(demo: None) -> None:
    client = Client()
    html = client.get("/").content.decode()
    assert '<html lang="en-gb">' in html and ">Events<" in html
    assert 'name="language" value="uk"' in html  # the switcher: a plain form, no JavaScript
    response = client.post("/i18n/setlang/", {"language": "uk", "next": f"/events/{DEMO}/standings/"})
    assert response.status_code == 302 and response["Location"] == f"/events/{DEMO}/standings/"
    html = client.get(f"/events/{DEMO}/standings/").content.decode()
    assert '<html lang="uk">' in html and "Турнірна таблиця" in html
    assert 'name="language" value="en-gb"' in html
