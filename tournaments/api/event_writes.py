"""The organiser's API, events: create one (with an idempotency key), its settings before the
start, its tie-breaks once started (the arbiters'), its Swiss settings, starting and finishing it.

The same services, the same permission policy (``accounts.policy``, checked before the input is
read, as the pages' ``event_page`` does) and the same confirmations (``tournaments.confirmations``)
as the organiser's pages; the settings go through the event form, the one home of their rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.policy import Action, require
from common.schema import valid
from tournaments import confirmations
from tournaments.api.organiser_serializers import (
    ConfirmSerializer,
    EventInputSerializer,
    StartInputSerializer,
    SwissSettingsSerializer,
    TieBreakChangeSerializer,
)
from tournaments.api.serializers import EventSerializer, RoundSerializer
from tournaments.events.services import (
    create_event,
    created_with,
    finish_event,
    start_event,
    update_event_settings,
)
from tournaments.events.tiebreaks import change_tie_breaks
from tournaments.integrity import AlreadyExists
from tournaments.models import Event
from tournaments.registration import byes
from tournaments.web.forms.events import POINT_FIELDS, TIE_BREAK_SLOTS, EventForm


def form_data(fields: dict[str, Any]) -> dict[str, Any]:
    """The API's event fields as the event form's data (tie-breaks in slots, booleans as the
    checkboxes send them: absent when false)."""
    data = {key: value for key, value in fields.items() if key != "tie_breaks" and value is not None}
    for slot, code in enumerate(fields.get("tie_breaks") or [], start=1):
        data[f"tie_break_{slot}"] = code
    if isinstance(data.get("round_times"), list):  # the form's lines
        data["round_times"] = "\n".join(str(time) for time in data["round_times"])
    for key, value in list(data.items()):
        if value is False:
            del data[key]
    return data


def validated_event_fields(fields: dict[str, Any]) -> dict[str, object]:
    """The event form's checks on the fields; its errors are the API's 400, field by field."""
    form = EventForm(form_data(fields))
    if not form.is_valid():
        errors = {
            (
                "tie_breaks"
                if key.startswith("tie_break_")
                else key
                if key != "__all__"
                else "non_field_errors"
            ): [str(message) for message in messages]
            for key, messages in form.errors.items()
        }
        raise serializers.ValidationError(errors)
    return form.event_fields()


def current_fields(event: Event) -> dict[str, Any]:
    """An event's settings as the API's fields (a settings change sends only what changes)."""
    initial = EventForm.initial_for(event)
    fields = {key: value for key, value in initial.items() if not key.startswith("tie_break_")}
    fields["tie_breaks"] = list(event.tie_breaks)[:TIE_BREAK_SLOTS]
    return fields


class EventWrites:
    """Actions of :class:`tournaments.api.views.EventViewSet` that change an event."""

    request: Request

    if TYPE_CHECKING:  # the viewset's

        def get_object(self) -> Event: ...

    def _answer(self, event: Event, code: int = status.HTTP_200_OK) -> Response:
        return Response(EventSerializer(event, context={"request": self.request}).data, status=code)

    @extend_schema(
        request=EventInputSerializer,
        responses={201: EventSerializer, 200: EventSerializer},
        description="Create an event, its creator its organiser (as the new-event page). Required: "
        "`name`, `game`, `pairing_system` (and `rounds` for a Swiss event). With an idempotency key "
        "(`creation_key` or the `Idempotency-Key` header) the same request sent again answers the "
        "event it created, 200, and creates nothing more.",
    )
    def create(self, request: Request) -> Response:
        require(request.user, Action.CREATE_EVENT)
        data = valid(EventInputSerializer, request)
        fields = dict(data)
        key = fields.pop("creation_key", None) or request.headers.get("Idempotency-Key", "").strip() or None
        if key is not None:
            if len(key) != 32 or any(c not in "0123456789abcdef" for c in key):
                raise serializers.ValidationError(
                    {"creation_key": [_("An idempotency key is 32 hexadecimal digits (0-9, a-f).")]}
                )
            earlier = created_with(request.user, key)
            if earlier is not None:
                return self._answer(earlier)
        for name in POINT_FIELDS:
            fields.setdefault(name, EventForm.base_fields[name].initial)
        fields.setdefault("games_per_pairing", 1)
        fields.setdefault("rated", True)
        fields.setdefault("vacations", True)
        fields.setdefault("auto_pair_delay", 60)
        try:
            event = create_event(request.user, creation_key=key, **validated_event_fields(fields))
        except AlreadyExists:
            # the same key sent at the same moment: the request that won created it, answered again
            earlier = created_with(request.user, key) if key is not None else None
            if earlier is None:
                raise
            return self._answer(earlier)
        return self._answer(event, status.HTTP_201_CREATED)

    @extend_schema(request=EventInputSerializer, responses=EventSerializer)
    @action(detail=True, methods=["post"], url_path="settings")
    def event_settings(self, request: Request, slug: str) -> Response:
        """Change the settings of an event not started yet (as its settings page): the fields not
        sent keep their value."""
        event = self.get_object()
        require(request.user, Action.MANAGE_EVENT, event)
        data = valid(EventInputSerializer, request)
        fields = {**current_fields(event), **data}
        fields.pop("creation_key", None)
        event = update_event_settings(event, request.user, validated_event_fields(fields))
        return self._answer(event)

    @extend_schema(request=TieBreakChangeSerializer, responses=EventSerializer)
    @action(detail=True, methods=["post"], url_path="tie-breaks")
    def tie_breaks(self, request: Request, slug: str) -> Response:
        """Change a started event's tie-breaks, with a reason (its arbiters; logged, the stored
        standings recomputed). Before the start they are a setting."""
        event = self.get_object()
        require(request.user, Action.CHANGE_TIE_BREAKS, event)
        data = valid(TieBreakChangeSerializer, request)
        change_tie_breaks(event, request.user, data["tie_breaks"], data["reason"])
        return self._answer(Event.objects.get(pk=event.pk))

    @extend_schema(request=SwissSettingsSerializer, responses=SwissSettingsSerializer)
    @action(detail=True, methods=["post"], url_path="swiss-settings")
    def swiss_settings(self, request: Request, slug: str) -> Response:
        """A Swiss event's bye rules (as its Swiss settings page); the fields not sent keep their value."""
        event = self.get_object()
        require(request.user, Action.MANAGE_EVENT, event)
        data = valid(SwissSettingsSerializer, request)
        saved = byes.update_settings(event, request.user, **data)
        return Response(
            SwissSettingsSerializer(
                {
                    "max_half_byes": saved.max_half_byes,
                    "half_bye_refused_rounds": saved.half_bye_refused_rounds,
                    "late_entry_bye": saved.late_entry_bye,
                    "bye_points": Event.objects.get(pk=event.pk).bye_points,
                }
            ).data
        )

    @extend_schema(request=StartInputSerializer, responses={202: RoundSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request: Request, slug: str) -> Response:
        """Start the event: round 1 is created and paired in the background (its `status` is
        `pending` until then; read it again at `/api/events/{slug}/rounds/1/`)."""
        event = self.get_object()
        require(request.user, Action.MANAGE_EVENT, event)
        data = valid(StartInputSerializer, request)
        colour = data["top_seed_colour"]
        round_ = start_event(event, request.user, None if colour == "lot" else colour)
        return Response(RoundSerializer(round_).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(request=ConfirmSerializer, responses=EventSerializer)
    @action(detail=True, methods=["post"])
    def finish(self, request: Request, slug: str) -> Response:
        """Finish the event (irreversible: `confirm`): the standings after the last closed round
        are the final ones."""
        event = self.get_object()
        require(request.user, Action.MANAGE_EVENT, event)
        data = valid(ConfirmSerializer, request)
        confirmations.require_confirmed(confirmations.finish_event(event), data["confirm"])
        return self._answer(finish_event(event, request.user))
