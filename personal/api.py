"""The organiser's API of claim codes (``personal.claims``): an event's codes, a new code for one
player (irreversible: the old one stops working, ``confirm``), linking a player to an account by its
user name and removing that link (``confirm``). The same services, policy and questions as the
claim codes page (``personal.views.claim_codes``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from personal import claims
from personal.models import ClaimCode
from tournaments.confirmations import Confirmation, require_confirmed
from tournaments.models import Event, Registration


class ClaimCodeSerializer(serializers.Serializer):
    handle = serializers.CharField(source="registration.player.handle")
    name = serializers.CharField(source="registration.player.display_name")
    pairing_number = serializers.IntegerField(source="registration.pairing_number", allow_null=True)
    code = serializers.CharField(source="display", help_text="As printed, in groups of four")
    used = serializers.BooleanField(source="used_at", help_text="The code has been used")
    account = serializers.CharField(
        source="registration.player.user.username",
        default=None,
        allow_null=True,
        help_text="The linked account",
    )


class ClaimCodeActionSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["regenerate", "link", "unlink"])
    username = serializers.CharField(max_length=150, required=False, help_text="`link`: the account to link")
    confirm = serializers.BooleanField(default=False, help_text="`regenerate` and `unlink` need it")


def _codes(event: Event, user: object) -> list[ClaimCode]:
    return claims.codes_of(event, user)


class ClaimCodesView(APIView):
    """``/api/events/{slug}/claim-codes/``: the event's claim codes (its organisers)."""

    @extend_schema(responses=ClaimCodeSerializer(many=True), operation_id="event_claim_codes_list")
    def get(self, request: Request, slug: str) -> Response:
        event = get_object_or_404(Event, slug=slug)
        return Response(ClaimCodeSerializer(_codes(event, request.user), many=True).data)


class ClaimCodeView(APIView):
    """``/api/events/{slug}/claim-codes/{handle}/``: one player's code: a new one, a link, no link."""

    @extend_schema(
        request=ClaimCodeActionSerializer,
        responses=ClaimCodeSerializer,
        operation_id="event_claim_code_change",
    )
    def post(self, request: Request, slug: str, handle: str) -> Response:
        event = get_object_or_404(Event, slug=slug)
        _codes(event, request.user)  # the right to manage them first, as the page; every code exists then
        registration = get_object_or_404(
            Registration.objects.select_related("player"), event=event, player__handle=handle
        )
        data = ClaimCodeActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        action, confirm = data.validated_data["action"], data.validated_data["confirm"]
        player = registration.player
        if action == "regenerate":
            asked = Confirmation(
                _("Give %(player)s a new claim code?") % {"player": player},
                [_("The old one will no longer work.")],
            )
            require_confirmed(asked, confirm)
            claims.regenerate(registration, request.user)
        elif action == "link":
            if not data.validated_data.get("username"):
                raise serializers.ValidationError(
                    {"username": [_("enter the user name of the account to link")]}
                )
            claims.link(registration, request.user, data.validated_data["username"])
        else:
            if player.user_id is not None:
                asked = Confirmation(
                    _("Remove the link between %(player)s and the account %(account)s?")
                    % {"player": player, "account": player.user},
                    [_("%(player)s is no longer linked to an account.") % {"player": player}],
                )
                require_confirmed(asked, confirm)
            claims.unlink(registration, request.user)
        code = ClaimCode.objects.select_related("registration__player__user").get(registration=registration)
        return Response(ClaimCodeSerializer(code).data)
