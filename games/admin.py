"""The Django admin of games, submitted records, disputes and decisions: all read-only.

A game's result changes only through the services (submissions, confirmation, the arbiter's
decision, the correction of a closed round), never here.
"""

from django.contrib import admin

from games.models import Decision, Dispute, Game, SubmittedRecord
from tournaments.admin import ReadOnlyAdmin


class SubmittedRecordInline(admin.TabularInline):
    model = SubmittedRecord
    extra = 0
    fields = (
        "submitted_by",
        "submitted_at",
        "submitted_from",
        "status",
        "error_ply",
        "error_move",
        "error_reason",
        "applied",
        "official",
    )
    readonly_fields = fields


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "game", "result", "state", "termination", "plies", "verified_at")
    list_filter = ("game", "result", "state")
    inlines = [SubmittedRecordInline]


@admin.register(SubmittedRecord)
class SubmittedRecordAdmin(ReadOnlyAdmin):
    list_display = ("game", "submitted_by", "submitted_at", "submitted_from", "status", "applied", "official")
    list_filter = ("status", "applied", "official")


@admin.register(Dispute)
class DisputeAdmin(ReadOnlyAdmin):
    """Disputes are opened and closed by the services only: read-only here."""

    list_display = ("game", "opened_by", "opened_at", "decision")
    readonly_fields = ("game", "opened_by", "submission", "reason", "decision")


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    """The arbiter's decisions are a log: read-only here."""

    list_display = ("game", "kind", "result", "decided_by", "decided_at")
    list_filter = ("kind",)
    readonly_fields = ("game", "decided_by", "kind", "submission", "result", "reason")
