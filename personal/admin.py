"""The claim codes in the Django admin (read mostly)."""

from django.contrib import admin

from personal.models import ClaimCode


@admin.register(ClaimCode)
class ClaimCodeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("registration", "code", "created_at", "used_at", "used_by")
    readonly_fields = ("registration", "code", "created_at", "used_at", "used_by")
    search_fields = ("registration__player__display_name", "code")
