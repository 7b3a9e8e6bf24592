"""The Django admin of games, their moves on the service, submitted records, disputes, decisions and
challenges to casual games: all read-only.

A game's result changes only through the services (submissions, confirmation, the arbiter's
decision, the correction of a closed round), never here. :class:`ReadOnlyAdmin` is the read-only
admin of every results model (the tournaments' admin uses it too).
"""

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from games.models import (
    Challenge,
    Decision,
    Dispute,
    DrawOffer,
    Game,
    Move,
    SubmittedRecord,
    TimeGiven,
    Vacation,
)

SERVICES_ONLY = _(
    "Read-only: results change only through the round pages or the API (enter results while the "
    "round is open; a closed round's result is corrected with a reason, which recomputes standings "
    "and ratings)."
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, never written: no add, change or delete, and a note saying where changes are made."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        messages.info(request, SERVICES_ONLY)
        return super().changelist_view(request, extra_context)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        messages.info(request, SERVICES_ONLY)
        return super().change_view(request, object_id, form_url, extra_context)


# The most rows an admin inline formset reads (registrations of an event, boards of a round, ...).
MAX_INLINE_FORMS = 500


class BoundedInline(admin.TabularInline):  # type: ignore[type-arg]
    """An inline whose formset reads at most :data:`MAX_INLINE_FORMS` forms whatever the posted
    ``TOTAL_FORMS`` says (Django's default bound is max_num + 1,000). Every inline of the admin is one."""

    max_num = MAX_INLINE_FORMS

    def get_formset(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        kwargs.setdefault("absolute_max", MAX_INLINE_FORMS)
        return super().get_formset(request, obj, **kwargs)


class SubmittedRecordInline(BoundedInline):
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


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    """The moves of games played on the service are played through ``games.play.service`` only: read-only here."""

    list_display = ("game", "ply", "notation", "by", "at", "clock_after")
    readonly_fields = ("game", "ply", "notation", "position", "by", "at", "clock_after")


@admin.register(TimeGiven)
class TimeGivenAdmin(ReadOnlyAdmin):
    """Time given by an arbiter (``games.play.arbitration``) is a log: read-only here."""

    list_display = ("game", "side", "amount", "given_by", "given_at")
    readonly_fields = ("game", "side", "amount", "given_by", "given_at", "reason")


@admin.register(Vacation)
class VacationAdmin(ReadOnlyAdmin):
    """Players start and end their vacations themselves (``games.play.vacations``): read-only here."""

    list_display = ("player", "started_at", "ends_at")
    readonly_fields = ("player", "started_at", "ends_at")


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyAdmin):
    """Challenges are sent, answered and withdrawn through ``games.play.challenges`` only: read-only here."""

    list_display = ("challenger", "challenged", "game", "time_control", "rated", "status", "created_at")
    list_filter = ("status", "game")


@admin.register(DrawOffer)
class DrawOfferAdmin(ReadOnlyAdmin):
    """Draw offers are made, answered and lapse through ``games.play.draws`` only: read-only here."""

    list_display = ("game", "side", "ply", "status", "offered_at", "answered_at")
    list_filter = ("status",)
    readonly_fields = ("game", "side", "ply", "status", "offered_at", "answered_at")
