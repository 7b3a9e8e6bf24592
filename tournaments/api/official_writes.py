"""The organiser's API, officials: the event's organisers and arbiters read, an account appointed or
taken off (``tournaments.events.officials``), as on the officials page: reading them is the
managers' (``Action.MANAGE_EVENT``), changing them the organisers' (``Action.APPOINT_OFFICIALS``),
checked before the input is read; an event keeps one organiser. No confirmation: the page asks none
(an appointment is undone by a removal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.policy import Action, require
from common.schema import valid
from tournaments.events import officials
from tournaments.models import Event


class OfficialsSerializer(serializers.Serializer):
    """The event's officials by account name, in alphabetical order."""

    organisers = serializers.ListField(child=serializers.CharField())
    arbiters = serializers.ListField(child=serializers.CharField())


class OfficialInputSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, help_text="The account name of the person")
    role = serializers.ChoiceField(choices=officials.OFFICIAL_ROLES)


def officials_of(event: Event) -> dict[str, list[str]]:
    return {
        "organisers": list(event.organisers.order_by("username").values_list("username", flat=True)),
        "arbiters": list(event.arbiters.order_by("username").values_list("username", flat=True)),
    }


class OfficialWrites:
    """Actions of :class:`tournaments.api.views.EventViewSet` on its officials."""

    if TYPE_CHECKING:  # the viewset's

        def get_object(self) -> Event: ...

    @extend_schema(
        responses={
            200: OfficialsSerializer,
            401: OpenApiResponse(description="Not signed in"),
            403: OpenApiResponse(description="Not an organiser or arbiter of the event"),
        }
    )
    @action(detail=True, methods=["get"], url_path="officials", pagination_class=None)
    def officials(self, request: Request, slug: str) -> Response:
        """The event's organisers and arbiters (its organisers and arbiters may read them)."""
        event = self.get_object()
        require(request.user, Action.MANAGE_EVENT, event)
        return Response(officials_of(event))

    @extend_schema(
        request=OfficialInputSerializer,
        responses={
            201: OfficialsSerializer,
            400: OpenApiResponse(description="No such account, or already an official of that role"),
            403: OpenApiResponse(description="Not an organiser of the event"),
        },
    )
    @officials.mapping.post
    def appoint_official(self, request: Request, slug: str) -> Response:
        """An organiser appoints an account an organiser or an arbiter of the event; the answer is
        the officials now."""
        event, username, role = self._appointment(request)
        officials.add_official(event, request.user, username, role)
        return Response(officials_of(event), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=OfficialInputSerializer,
        responses={
            200: OfficialsSerializer,
            400: OpenApiResponse(
                description="Not an official of that role, or the event's last organiser (one stays)"
            ),
            403: OpenApiResponse(description="Not an organiser of the event"),
        },
    )
    @action(detail=True, methods=["post"], url_path="officials/remove")
    def remove_official(self, request: Request, slug: str) -> Response:
        """An organiser takes an organiser or an arbiter off the event (the last organiser stays);
        the answer is the officials now."""
        event, username, role = self._appointment(request)
        officials.remove_official(event, request.user, username, role)
        return Response(officials_of(event))

    def _appointment(self, request: Request) -> tuple[Event, str, str]:
        """The event, once its organiser is checked, and the account and role the request names."""
        event = self.get_object()
        require(request.user, Action.APPOINT_OFFICIALS, event)
        data = valid(OfficialInputSerializer, request)
        return event, data["username"], data["role"]
