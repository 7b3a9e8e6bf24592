"""The notices' floor: a notice sent by e-mail, for every app that tells people something
(``personal.notices``: a result of one's game; ``tournaments.results.deadlines``: a round past its
deadline). The notices themselves are ``accounts.models.Notice``.

The rule at home here: one e-mail per address, its subject in the recipient's language, the notice's
link made absolute with ``SITE_URL``; a failed sending is logged and never raised (the notice page
still has it), so that nothing is undone for it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.utils import translation
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)


def send_emails(addresses: Iterable[str], text: str, link: str, language: str | None = None) -> int:
    """One e-mail per address (its subject in ``language``, the active one without it); a failure
    is logged, never raised. The number sent."""
    base = getattr(settings, "SITE_URL", "").rstrip("/")
    body = f"{text}\n\n{base}{link}\n" if base else f"{text}\n\n{link}\n"
    with translation.override(language or translation.get_language()):
        subject = _("GIPF project tournaments: a result of your game")
    sent = 0
    for address in addresses:
        try:
            sent += send_mail(subject, body, None, [address])
        except Exception:  # any transport error: the notice page still has it
            logger.exception("the notice e-mail to %s could not be sent", address)
    return sent
