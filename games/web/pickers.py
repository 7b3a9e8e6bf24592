"""Each game's browser code, served from its package: the move picker script its spec declares
(:attr:`arbiter.spec.GameSpec.script`, a file of the game's package such as ``arbiter/yinsh/picker.js``)
and the words the script is given (:attr:`~arbiter.spec.GameSpec.picker_words`, in the page's
language). The key to the pieces beside a board and the script's tag are the template tags'
(``games.templatetags.pickers``).

The shared ``static/js/play.js`` knows no game: it offers the hooks (``PlayPage.register``) that a
game's script fills. The game page loads the script from :func:`script` (same origin, so the
Content-Security-Policy's ``script-src 'self'`` allows it; no script is inline), its URL carrying the
script's digest (``GameSpec.script_digest``) so that a browser may keep it for good. A game without a
script is played with the shared picker alone (its moves' points, the notation on the choices).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from arbiter import registry
from arbiter.errors import UnknownGameError
from arbiter.spec import GameSpec

#: a year: a script's URL names its digest, so a changed script is a new URL
FOREVER = 365 * 24 * 3600


def _spec(game: str) -> GameSpec | None:
    try:
        return registry.spec_for(game)
    except UnknownGameError:
        return None


@require_http_methods(["GET", "HEAD"])
def script(request: HttpRequest, game: str) -> HttpResponse:
    """The picker script of ``game`` (404 for an unknown game or one without a script)."""
    spec = _spec(game)
    if spec is None or not spec.script:
        raise Http404(_("This game has no move picker script."))
    text, digest = spec.script_text(), spec.script_digest()
    response = HttpResponse(text, content_type="text/javascript; charset=utf-8")
    response["ETag"] = f'"{digest}"'
    response["X-Content-Type-Options"] = "nosniff"
    if request.GET.get("v") == digest:
        patch_cache_control(response, public=True, max_age=FOREVER, immutable=True)
    else:
        patch_cache_control(response, public=True, max_age=300)
    return response


def picker_words(game: str) -> dict[str, str]:
    """The words the picker script of ``game`` is given (its spec's ``picker_words``), in the active
    language; the script names the moves and says what a click does with them."""
    spec = _spec(game)
    return {key: _(text) for key, text in spec.picker_words.items()} if spec else {}
