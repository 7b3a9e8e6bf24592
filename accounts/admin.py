"""The accounts in the Django admin: players and notices (read mostly), and the admin's sign-in
with the lockout of ``accounts.lockout``."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse

from accounts.forms import LockoutAdminAuthenticationForm, answer_locked_out
from accounts.models import Notice, Player

admin.site.login_form = LockoutAdminAuthenticationForm
_admin_login = admin.site.login


def login_with_lockout(request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
    """The admin's sign-in answering a locked-out name or address 429 with ``Retry-After``, as the
    site's sign-in does (the admin's own view answers every refused form 200)."""
    response = _admin_login(request, extra_context)
    form = (getattr(response, "context_data", None) or {}).get("form")
    return answer_locked_out(response, form)


admin.site.login = login_with_lockout  # type: ignore[method-assign]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("display_name", "handle", "country", "user")
    search_fields = ("display_name", "handle")
    list_filter = ("country",)


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("recipient", "created_at", "kind", "read", "delivery", "text")
    list_filter = ("read", "kind", "delivery")
    readonly_fields = ("recipient", "kind", "text", "link", "params", "created_at", "delivery", "emailed_at")
