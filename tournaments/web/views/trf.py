"""TRF files: an event's download (``trf.io.trf_download``, which the API serves too) and the import."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from accounts.errors import attempt
from tournaments.core.errors import TrfError
from tournaments.models import Event
from tournaments.trf.io import TrfDownload, import_event, trf_download
from tournaments.web.forms.trf import TrfImportForm
from tournaments.web.views.common import event_page, sentence


def trf_file(download: TrfDownload) -> HttpResponse:
    """A TRF file as an attachment (the page's and the API's)."""
    response = HttpResponse(download.text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{download.filename}"'
    return response


@require_GET
@event_page(action=None)
def trf_export(request: HttpRequest, event: Event) -> HttpResponse:
    """The event as a FIDE TRF-2026 file, served as a download (a file that cannot be written: 409)."""
    exported = attempt(lambda: trf_download(event, request.user))
    if exported.refused or exported.value is None:
        return HttpResponse(f"{exported.reason}\n", status=409, content_type="text/plain")
    return trf_file(exported.value)


@login_required
def trf_import(request: HttpRequest) -> HttpResponse:
    """Create a running event from a TRF file; the user becomes its organiser. All or nothing."""
    status = 200
    if request.method == "POST":
        form = TrfImportForm(request.POST, request.FILES)
        if form.is_valid():
            data = form.cleaned_data
            imported = attempt(
                lambda: import_event(
                    data["file"],
                    request.user,
                    game=data["game"],
                    total_rounds=data["total_rounds"],
                    choices=data["match_players"],
                )
            )
            if isinstance(imported.error, TrfError):
                where = f"Line {imported.error.line}: " if imported.error.line else "The file: "
                form.add_error("file", f"{where}{imported.error.reason}. Nothing was stored.")
            elif imported.refused or (event := imported.value) is None:
                form.add_error(None, f"{sentence(imported.reason)} Nothing was stored.")
            else:
                players = event.registrations.count()
                messages.success(
                    request,
                    _("%(name)s imported: %(players)s players, %(rounds)s rounds stored.")
                    % {"name": event.name, "players": players, "rounds": event.round_set.count()},
                )
                return redirect(event)
        status = 400
    else:
        form = TrfImportForm()
    return render(request, "tournaments/swiss_trf_import.html", {"form": form}, status=status)
