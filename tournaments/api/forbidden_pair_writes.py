"""The organiser's API, forbidden pairs of a Swiss event: two players the pairing never pairs (same
club, same family), listed, added and removed with the pairing's services
(``tournaments.pairing.services``) as on the forbidden pairs page: an event's organisers and
arbiters (``Action.MANAGE_EVENT``, checked before the input is read), a Swiss event's only (404
otherwise, as the page). No confirmation: the page asks none (a pair added is removed again)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.policy import Action, require
from common.schema import valid
from tournaments.models import Event, ForbiddenPair, Registration
from tournaments.pairing.services import add_forbidden_pair, remove_forbidden_pair
from tournaments.web.views.common import id_or_404

MAX_REASON = ForbiddenPair._meta.get_field("reason").max_length


class ForbiddenPairSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    first = serializers.CharField(source="first.player.handle", help_text="The first player's handle")
    second = serializers.CharField(source="second.player.handle", help_text="The second player's handle")
    reason = serializers.CharField(allow_blank=True)


class ForbiddenPairInputSerializer(serializers.Serializer):
    first = serializers.CharField(max_length=100, help_text="A registered player's handle")
    second = serializers.CharField(max_length=100, help_text="Another registered player's handle")
    reason = serializers.CharField(
        max_length=MAX_REASON, required=False, allow_blank=True, default="", help_text="E.g. same club"
    )

    def _registration(self, handle: str) -> Registration:
        found = (
            Registration.objects.select_related("player", "event")
            .filter(event=self.context["event"], player__handle=handle.strip())
            .first()
        )
        if found is None:
            raise serializers.ValidationError(
                _("no player '%(handle)s' is registered in this event") % {"handle": handle.strip()}
            )
        return found

    def validate_first(self, value: str) -> Registration:
        return self._registration(value)

    def validate_second(self, value: str) -> Registration:
        return self._registration(value)


def _pairs(event: Event) -> list[ForbiddenPair]:
    return list(event.forbidden_pairs.select_related("first__player", "second__player").order_by("pk"))


class ForbiddenPairWrites:
    """Actions of :class:`tournaments.api.views.EventViewSet` on a Swiss event's forbidden pairs."""

    if TYPE_CHECKING:  # the viewset's

        def get_object(self) -> Event: ...

    def _swiss_managed(self, request: Request) -> Event:
        event = self.get_object()
        require(request.user, Action.MANAGE_EVENT, event)
        if not event.system_spec.requested_byes:  # the Swiss events, as the page's event_page(swiss=True)
            raise Http404(_("only Swiss events have forbidden pairs"))
        return event

    @extend_schema(
        responses={
            200: ForbiddenPairSerializer(many=True),
            401: OpenApiResponse(description="Not signed in"),
            403: OpenApiResponse(description="Not an organiser or arbiter of the event"),
            404: OpenApiResponse(description="No such event, or not a Swiss event"),
        }
    )
    @action(detail=True, methods=["get"], url_path="forbidden-pairs", pagination_class=None)
    def forbidden_pairs(self, request: Request, slug: str) -> Response:
        """The Swiss event's forbidden pairs, in the order they were added."""
        event = self._swiss_managed(request)
        return Response(ForbiddenPairSerializer(_pairs(event), many=True).data)

    @extend_schema(
        request=ForbiddenPairInputSerializer,
        responses={
            201: ForbiddenPairSerializer,
            400: OpenApiResponse(
                description="A player not registered (named in `fields`), the same player twice, or "
                "a pair already forbidden"
            ),
        },
    )
    @forbidden_pairs.mapping.post
    def add_forbidden_pair(self, request: Request, slug: str) -> Response:
        """Two players the pairing will not pair, with a reason (same club, same family)."""
        event = self._swiss_managed(request)
        data = valid(ForbiddenPairInputSerializer, request, event=event)
        pair = add_forbidden_pair(
            event,
            request.user,
            data["first"],
            data["second"],
            data["reason"],
        )
        return Response(ForbiddenPairSerializer(pair).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: ForbiddenPairSerializer(many=True)})
    @action(
        detail=True, methods=["post"], url_path=r"forbidden-pairs/(?P<pk>\d+)/remove", pagination_class=None
    )
    def remove_forbidden_pair(self, request: Request, slug: str, pk: str) -> Response:
        """The two players may be paired again; the answer is the forbidden pairs left."""
        event = self._swiss_managed(request)
        pair = get_object_or_404(
            ForbiddenPair.objects.select_related("first__player", "second__player", "event"),
            pk=id_or_404(pk),
            event=event,
        )
        remove_forbidden_pair(pair, request.user)
        return Response(ForbiddenPairSerializer(_pairs(event), many=True).data)
