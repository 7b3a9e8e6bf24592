"""The Django admin of games and submitted records."""

from django.contrib import admin

from games.models import Game, SubmittedRecord


class SubmittedRecordInline(admin.TabularInline):
    model = SubmittedRecord
    extra = 0
    fields = ("submitted_by", "submitted_at", "status", "error_ply", "error_move", "error_reason", "applied")
    readonly_fields = fields


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "result", "termination", "plies", "verified_at")
    list_filter = ("game", "result")
    inlines = [SubmittedRecordInline]


@admin.register(SubmittedRecord)
class SubmittedRecordAdmin(admin.ModelAdmin):
    list_display = ("game", "submitted_by", "submitted_at", "status", "applied")
    list_filter = ("status", "applied")
