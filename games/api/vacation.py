"""REST API of a player's vacation (``/api/vacation/``): see it, start it, end it.

Thin: ``games.play.vacations`` checks everything; a refusal (already on vacation, not on one, no days
left, an account without a player) is answered by the one exception handler.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.play import clocks, vacations


class VacationSerializer(serializers.Serializer):
    on_vacation = serializers.BooleanField()
    started_at = serializers.DateTimeField(allow_null=True, help_text="The current vacation's start")
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="When the current vacation ends at the latest"
    )
    left_seconds = serializers.FloatField(help_text="What is left of this year's vacation days, in seconds")
    year = serializers.IntegerField()
    days_a_year = serializers.IntegerField()


def _answer(state: vacations.VacationState, code: int = status.HTTP_200_OK) -> Response:
    current = state.current
    data = {
        "on_vacation": current is not None,
        "started_at": None if current is None else current.started_at,
        "ends_at": None if current is None else current.ends_at,
        "left_seconds": state.left.total_seconds(),
        "year": state.year,
        "days_a_year": clocks.VACATION_DAYS,
    }
    return Response(VacationSerializer(data).data, status=code)


REFUSED = {
    400: OpenApiResponse(description="The account is not linked to a player"),
    401: OpenApiResponse(description="Not signed in"),
}


class VacationView(APIView):
    """My vacation: it pauses my correspondence clocks where the game's event allows vacations."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: VacationSerializer, **REFUSED})
    def get(self, request: Request) -> Response:
        """Whether I am on vacation, and what is left of this year's days."""
        return _answer(vacations.state_for(request.user))

    @extend_schema(
        request=None,
        responses={
            201: VacationSerializer,
            **REFUSED,
            409: OpenApiResponse(description="Already on vacation, or no days left this year"),
        },
    )
    def post(self, request: Request) -> Response:
        """Start a vacation now (it lasts at most the days left this year)."""
        vacations.start(request.user)
        return _answer(vacations.state_for(request.user), status.HTTP_201_CREATED)


class VacationEndView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: VacationSerializer, **REFUSED, 409: OpenApiResponse(description="Not on vacation")},
    )
    def post(self, request: Request) -> Response:
        """End my vacation now; the days not used stay mine for this year."""
        vacations.end(request.user)
        return _answer(vacations.state_for(request.user))
