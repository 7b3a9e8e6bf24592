"""The accounts in the Django admin: players, claim codes and notices (read mostly), and the admin's sign-in
with the lockout of ``accounts.lockout``."""

from django.contrib import admin

from accounts.forms import LockoutAdminAuthenticationForm
from accounts.models import ClaimCode, Notice, Player

admin.site.login_form = LockoutAdminAuthenticationForm


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("display_name", "handle", "country", "user")
    search_fields = ("display_name", "handle")
    list_filter = ("country",)


@admin.register(ClaimCode)
class ClaimCodeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("registration", "code", "created_at", "used_at", "used_by")
    readonly_fields = ("registration", "code", "created_at", "used_at", "used_by")
    search_fields = ("registration__player__display_name", "code")


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("recipient", "created_at", "read", "text")
    list_filter = ("read",)
    readonly_fields = ("recipient", "text", "link", "created_at")
