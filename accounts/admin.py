"""The accounts in the Django admin: players and notices (read mostly), and the admin's sign-in
with the lockout of ``accounts.lockout``."""

from django.contrib import admin

from accounts.forms import LockoutAdminAuthenticationForm
from accounts.models import Notice, Player

admin.site.login_form = LockoutAdminAuthenticationForm


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("display_name", "handle", "country", "user")
    search_fields = ("display_name", "handle")
    list_filter = ("country",)


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("recipient", "created_at", "read", "text")
    list_filter = ("read",)
    readonly_fields = ("recipient", "text", "link", "created_at")
