"""A person's choices for his notices (``NoticePreference``): their language, and which kinds come by
e-mail; set on the account page and by ``/api/notices/preferences/``, the same rules for both.

The rules at home here:

* the language of his notices and their e-mails: the one he chose (account page, API), else the one
  he last chose on the site's language switcher while signed in, else the one the site spoke to him
  in when he signed in (stored then when he had none), else the site's default (``LANGUAGE_CODE``);
  a language the site does not speak is refused (a form error, a 400);
* e-mails: all on by default; he turns e-mail off altogether, or kind by kind
  (``accounts.notices.KINDS``; a kind the site does not know is refused); a one-click unsubscribe
  link of an e-mail turns its kind off (``personal.emails.unsubscribe``). His notices page, his
  stream and the header's count tell him of every kind whatever he chose.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.errors import AccountError
from accounts.models import NoticePreference
from accounts.notices import KINDS, language_of
from common.locking import locked

__all__ = ["language_of", "preferences_of", "set_preferences", "set_language", "remember_language"]


def _language(code: str) -> str:
    """``code`` when it is one of the site's languages, else ""."""
    return code if code in dict(settings.LANGUAGES) else ""


def preferences_of(user: Any) -> dict[str, Any]:
    """His choices: ``language``, ``emails`` (on at all), ``email_off`` (the kinds muted) and, for
    each kind the site knows, whether it comes by e-mail (``email_kinds``)."""
    found = NoticePreference.objects.filter(user_id=getattr(user, "pk", None)).first()
    emails = True if found is None else found.emails
    off = [] if found is None else list(found.email_off or [])
    return {
        "language": (found.language if found else "") or settings.LANGUAGE_CODE,
        "emails": emails,
        "email_off": off,
        "email_kinds": {kind: kind not in off for kind in KINDS},
    }


def set_preferences(
    user: Any,
    language: str | None = None,
    emails: bool | None = None,
    email_off: Iterable[str] | None = None,
) -> NoticePreference:
    """Change what is given (None: left as it is), all or nothing: a language or a kind the site
    does not know is refused (:class:`AccountError`, nothing changed)."""
    if language is not None and not _language(language):
        raise AccountError(_("choose one of the site's languages for your notices"))
    muted: list[str] | None = None
    if email_off is not None:
        muted = sorted({str(kind) for kind in email_off})
        unknown = [kind for kind in muted if kind not in KINDS]
        if unknown:
            raise AccountError(
                _("there is no kind of notice “%(kind)s”: the kinds are %(kinds)s")
                % {"kind": unknown[0][:40], "kinds": ", ".join(KINDS)}
            )
    with transaction.atomic():
        preference, _created = NoticePreference.objects.get_or_create(user_id=user.pk)
        preference = locked(NoticePreference.objects.filter(pk=preference.pk)).get()
        if language is not None:
            preference.language = language
        if emails is not None:
            preference.emails = emails
        if muted is not None:
            preference.email_off = muted
        preference.save()
    return preference


def set_language(user: Any, language: str) -> NoticePreference:
    """The user's choice of language for his notices."""
    return set_preferences(user, language=language)


def remember_language(user: Any, language: str, keep: bool = False) -> None:
    """The language the user reads the site in becomes his notices' (the language switcher), or only
    when he has none yet (``keep``: his sign-in). A language the site does not speak is ignored."""
    if getattr(user, "pk", None) is None or not _language(language):
        return
    if not keep:
        NoticePreference.objects.update_or_create(user_id=user.pk, defaults={"language": language})
        return
    preference, _created = NoticePreference.objects.get_or_create(user_id=user.pk)
    if not preference.language:
        NoticePreference.objects.filter(pk=preference.pk, language="").update(language=language)


def on_signed_in(sender: object, request: Any, user: Any, **kwargs: object) -> None:
    """Receiver of ``user_logged_in``: a user without a language for his notices gets the one the
    site speaks to him in (the language switcher's cookie, else his browser's)."""
    remember_language(user, getattr(request, "LANGUAGE_CODE", "") or "", keep=True)
