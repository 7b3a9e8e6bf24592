"""The organiser's API, registrations: register one player (in a running Swiss event, a late entry),
a pasted list (with its preview), withdraw one (irreversible: ``confirm``) or undo it, requested
byes. The same services, permission policy and confirmations as the players and byes pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.policy import Action, require
from common.schema import valid
from tournaments import confirmations
from tournaments.api.organiser_serializers import (
    ByeInputSerializer,
    ByeSerializer,
    ListInputSerializer,
    ListPreviewSerializer,
    RegisterInputSerializer,
    WithdrawInputSerializer,
)
from tournaments.api.serializers import RegistrationSerializer
from tournaments.errors import ServiceError
from tournaments.models import ByeRequest, Event, Registration
from tournaments.registration import byes
from tournaments.registration import services as registration_services
from tournaments.registration.withdrawals import undo_withdrawal

REGISTRATION = r"registrations/(?P<handle>[^/]+)"


def registration_of(event: Event, handle: str) -> Registration:
    """The event's registration of the player with this handle (404 otherwise)."""
    return get_object_or_404(
        Registration.objects.select_related("player", "event"), event=event, player__handle=handle
    )


def _running_swiss(event: Event) -> bool:
    return event.status == Event.Status.RUNNING and event.system_spec.late_entries


class RegistrationWrites:
    """Actions of :class:`tournaments.api.views.EventViewSet` on its players."""

    if TYPE_CHECKING:  # the viewset's

        def get_object(self) -> Event: ...

    def _managed_event(self, request: Request) -> Event:
        event = self.get_object()
        require(request.user, Action.MANAGE_EVENT, event)
        return event

    @extend_schema(request=RegisterInputSerializer, responses={201: RegistrationSerializer})
    @action(detail=True, methods=["post"], url_path="registrations")
    def register(self, request: Request, slug: str) -> Response:
        """Register one player by name (a new name creates him; @handle names a stored player); in a
        running Swiss event he joins as a late entry, with byes for the rounds he missed."""
        event = self._managed_event(request)
        data = RegisterInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        name, rating = data.validated_data["name"], data.validated_data.get("rating")
        if _running_swiss(event):
            registration = registration_services.add_late_entry(event, request.user, name, rating)
        else:
            registration = registration_services.register_by_name(event, request.user, name, rating)
        return Response(RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=ListInputSerializer,
        responses={200: ListPreviewSerializer, 201: RegistrationSerializer(many=True)},
    )
    @action(detail=True, methods=["post"], url_path="registrations/list")
    def register_list(self, request: Request, slug: str) -> Response:
        """Register a pasted list, one player a line (at most 1,000; every problem of the list
        named at once, nothing registered then); with `preview` what it would register, 200."""
        event = self._managed_event(request)
        data = valid(ListInputSerializer, request)
        text = data["players"]
        if _running_swiss(event):
            raise ServiceError(_("The event is running: add players one at a time as late entries."))
        if data["preview"]:
            plan = registration_services.preview_list(event, request.user, text)
            return Response(ListPreviewSerializer(plan).data)
        added = registration_services.register_list(event, request.user, text)
        return Response(RegistrationSerializer(added, many=True).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=WithdrawInputSerializer, responses=RegistrationSerializer)
    @action(detail=True, methods=["post"], url_path=f"{REGISTRATION}/withdraw")
    def withdraw(self, request: Request, slug: str, handle: str) -> Response:
        """Withdraw a player from the next unpaired round on (before the start: remove him);
        irreversible but for the undo while that round is not paired: `confirm`."""
        event = self._managed_event(request)
        registration = registration_of(event, handle)
        data = WithdrawInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        asked = confirmations.withdraw(event, registration)
        confirmations.require_confirmed(asked, data.validated_data["confirm"])
        done = registration_services.withdraw(
            registration, request.user, data.validated_data.get("from_round")
        )
        return Response(RegistrationSerializer(done).data)

    @extend_schema(request=None, responses=RegistrationSerializer)
    @action(detail=True, methods=["post"], url_path=f"{REGISTRATION}/undo-withdrawal")
    def undo_withdrawal(self, request: Request, slug: str, handle: str) -> Response:
        """The player plays again (until the round he was withdrawn from is paired)."""
        event = self._managed_event(request)
        registration = undo_withdrawal(registration_of(event, handle), request.user)
        return Response(RegistrationSerializer(registration).data)

    @extend_schema(request=ByeInputSerializer, responses={201: ByeSerializer})
    @action(detail=True, methods=["post"], url_path="byes")
    def bye(self, request: Request, slug: str) -> Response:
        """A requested bye of a Swiss event's player in a round not paired yet (half, full or zero)."""
        event = self._managed_event(request)
        if not event.system_spec.requested_byes:
            raise Http404("only Swiss events have requested byes")
        data = valid(ByeInputSerializer, request)
        registration = registration_of(event, data["player"])
        bye = byes.request_bye(registration, request.user, data["round"], data["kind"])
        return Response(ByeSerializer(bye).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"], url_path=r"byes/(?P<pk>\d+)/cancel")
    def bye_cancel(self, request: Request, slug: str, pk: str) -> Response:
        """Cancel a requested bye (before its round is paired)."""
        event = self._managed_event(request)
        bye = get_object_or_404(
            ByeRequest.objects.select_related("registration__player", "registration__event"),
            pk=int(pk),
            registration__event=event,
        )
        byes.cancel_bye(bye, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
