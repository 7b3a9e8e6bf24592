"""The organiser's API, the autopilot and the webhooks (issue 36): the autopilot's settings, state
and log, pausing and resuming it (its organisers and arbiters: ``Action.MANAGE_EVENT``); the
event's webhooks, their secret and every delivery with its status (its organisers:
``Action.MANAGE_WEBHOOKS``). The same services as the autopilot and webhooks pages
(``tournaments.autopilot.services``, ``tournaments.telling.webhooks``); the right is checked before
the input is read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.policy import Action, require
from common.schema import valid
from tournaments.autopilot import services
from tournaments.models import AutopilotStep, Event, Webhook, WebhookDelivery
from tournaments.telling import webhooks
from tournaments.web.views.common import id_or_404


class AutopilotInputSerializer(serializers.Serializer):
    """The autopilot's settings to change (those not sent keep their value)."""

    auto_pair = serializers.BooleanField(required=False)
    auto_pair_delay = serializers.IntegerField(min_value=0, max_value=7 * 86400, required=False)
    auto_finish = serializers.BooleanField(required=False)
    all_rounds_at_once = serializers.BooleanField(required=False, help_text="Before the start only")
    first_move_grace = serializers.IntegerField(
        min_value=10,
        max_value=30 * 86400,
        required=False,
        allow_null=True,
        help_text="Seconds; null: the service's",
    )
    round_times = serializers.ListField(
        child=serializers.CharField(max_length=40, allow_blank=True), max_length=50, required=False
    )


class AutopilotStepSerializer(serializers.ModelSerializer):
    class Meta:
        model = AutopilotStep
        fields = ["kind", "round_number", "text", "created_at"]


class AutopilotSerializer(serializers.Serializer):
    auto_pair = serializers.BooleanField()
    auto_pair_delay = serializers.IntegerField()
    auto_finish = serializers.BooleanField()
    all_rounds_at_once = serializers.BooleanField()
    first_move_grace = serializers.IntegerField(allow_null=True)
    round_times = serializers.ListField(child=serializers.CharField())
    paused = serializers.BooleanField(source="autopilot_paused", help_text="Paused by an official")
    stopped = serializers.CharField(
        source="autopilot_stopped", allow_blank=True, help_text="Why it stopped (empty: it runs)"
    )
    steps = serializers.SerializerMethodField(help_text="The steps it took, latest first (100 at most)")

    def get_steps(self, event: Event) -> list[dict[str, Any]]:
        return AutopilotStepSerializer(services.log_of(event), many=True).data  # type: ignore[no-any-return]


class WebhookSerializer(serializers.ModelSerializer):
    class Meta:
        model = Webhook
        fields = ["id", "url", "created_at"]


class WebhooksSerializer(serializers.Serializer):
    secret = serializers.CharField(
        help_text="Signs every message: `X-Gipf-Signature: sha256=` and the HMAC-SHA256 of the body in hex"
    )
    webhooks = WebhookSerializer(many=True)


class WebhookInputSerializer(serializers.Serializer):
    url = serializers.CharField(max_length=500, help_text="http:// or https://, a public address")


class DeliverySerializer(serializers.ModelSerializer):
    url = serializers.CharField(source="webhook.url")

    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "url",
            "kind",
            "status",
            "attempts",
            "response_status",
            "error",
            "created_at",
            "next_attempt_at",
            "delivered_at",
            "body",
        ]


REFUSED = {
    401: OpenApiResponse(description="Not signed in"),
    403: OpenApiResponse(description="Not an official of the event (webhooks: not an organiser)"),
}


class AutopilotWrites:
    """Actions of :class:`tournaments.api.views.EventViewSet` on the autopilot and the webhooks."""

    request: Request

    if TYPE_CHECKING:  # the viewset's

        def get_object(self) -> Event: ...

        def paginate_queryset(self, queryset: Any) -> Any: ...

        def get_paginated_response(self, data: Any) -> Response: ...

    def _managed(self, request: Request, right: Action = Action.MANAGE_EVENT) -> Event:
        event = self.get_object()
        require(request.user, right, event)
        return event

    @extend_schema(responses={200: AutopilotSerializer, **REFUSED})
    @action(detail=True, methods=["get"])
    def autopilot(self, request: Request, slug: str) -> Response:
        """The autopilot's settings, whether it is paused or stopped (and why), and its steps."""
        return Response(AutopilotSerializer(self._managed(request)).data)

    @extend_schema(
        request=AutopilotInputSerializer,
        responses={
            200: AutopilotSerializer,
            400: OpenApiResponse(
                description="A bad round time or grace, every round at once outside a correspondence round "
                "robin on the service or after the start, a finished event"
            ),
            **REFUSED,
        },
    )
    @autopilot.mapping.post
    def set_autopilot(self, request: Request, slug: str) -> Response:
        """Change the autopilot's settings while the event is not finished; the fields not sent keep
        their value. What is due then is taken at once."""
        event = self._managed(request)
        data = valid(AutopilotInputSerializer, request)
        event = services.set_autopilot(event, request.user, dict(data))
        return Response(AutopilotSerializer(event).data)

    @extend_schema(request=None, responses={200: AutopilotSerializer, **REFUSED})
    @action(detail=True, methods=["post"], url_path="autopilot/pause")
    def pause_autopilot(self, request: Request, slug: str) -> Response:
        """Pause the autopilot: it takes no step until it is resumed."""
        return Response(AutopilotSerializer(services.pause(self._managed(request), request.user)).data)

    @extend_schema(request=None, responses={200: AutopilotSerializer, **REFUSED})
    @action(detail=True, methods=["post"], url_path="autopilot/resume")
    def resume_autopilot(self, request: Request, slug: str) -> Response:
        """Resume the autopilot, paused or stopped: it takes at once whatever is due."""
        return Response(AutopilotSerializer(services.resume(self._managed(request), request.user)).data)

    def _webhooks(self, event: Event) -> Response:
        hooks = list(event.webhooks.order_by("pk"))
        secret = webhooks.secret_of(event) if hooks else event.webhook_secret
        return Response(WebhooksSerializer({"secret": secret, "webhooks": hooks}).data)

    @extend_schema(responses={200: WebhooksSerializer, **REFUSED})
    @action(detail=True, methods=["get"], url_path="webhooks", pagination_class=None)
    def webhooks(self, request: Request, slug: str) -> Response:
        """The event's webhooks and their secret (its organisers)."""
        return self._webhooks(self._managed(request, Action.MANAGE_WEBHOOKS))

    @extend_schema(
        request=WebhookInputSerializer,
        responses={
            201: WebhooksSerializer,
            400: OpenApiResponse(
                description="Not an http(s) URL, a loopback or private address, the same URL twice, more "
                "than 5 webhooks"
            ),
            **REFUSED,
        },
    )
    @webhooks.mapping.post
    def add_webhook(self, request: Request, slug: str) -> Response:
        """Add a URL: from now on it receives a signed JSON POST at each step of the event (a round
        paired, published, closed; a result official; the event finished)."""
        event = self._managed(request, Action.MANAGE_WEBHOOKS)
        data = valid(WebhookInputSerializer, request)
        webhooks.add_webhook(event, request.user, data["url"])
        answer = self._webhooks(Event.objects.get(pk=event.pk))
        answer.status_code = status.HTTP_201_CREATED
        return answer

    @extend_schema(request=None, responses={200: WebhooksSerializer, **REFUSED})
    @action(detail=True, methods=["post"], url_path=r"webhooks/(?P<pk>\d+)/remove", pagination_class=None)
    def remove_webhook(self, request: Request, slug: str, pk: str) -> Response:
        """Remove a webhook (its deliveries with it); the answer is the webhooks left."""
        event = self._managed(request, Action.MANAGE_WEBHOOKS)
        hook = get_object_or_404(Webhook.objects.select_related("event"), pk=id_or_404(pk), event=event)
        webhooks.remove_webhook(hook, request.user)
        return self._webhooks(event)

    @extend_schema(request=None, responses={200: WebhooksSerializer, **REFUSED})
    @action(detail=True, methods=["post"], url_path="webhooks/secret", pagination_class=None)
    def new_webhook_secret(self, request: Request, slug: str) -> Response:
        """Replace the secret: the messages from now on are signed with the new one."""
        event = self._managed(request, Action.MANAGE_WEBHOOKS)
        webhooks.new_secret(event, request.user)
        return self._webhooks(Event.objects.get(pk=event.pk))

    @extend_schema(responses={200: DeliverySerializer(many=True), **REFUSED})
    @action(detail=True, methods=["get"], url_path="webhooks/deliveries")
    def webhook_deliveries(self, request: Request, slug: str) -> Response:
        """Every message to the event's webhooks, latest first, with its status, attempts, the last
        answer or error, and its body as sent; paged."""
        event = self._managed(request, Action.MANAGE_WEBHOOKS)
        page = self.paginate_queryset(webhooks.deliveries_of(event, request.user))
        return self.get_paginated_response(DeliverySerializer(page, many=True).data)
