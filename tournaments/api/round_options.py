"""The organiser's API, a round's own game options: one start for every board of a round
(``GET`` and ``POST /api/events/{slug}/rounds/{n}/game-options/``), over the event's options.

The same service as the event's options (``tournaments.events.game_options``): an option the event's
game declares, checked by its engine, resolved when set (a random start drawn then, the same for
every board), refused once the round is public. Only the event's managers read them: a start drawn
in advance is not the players' to see before the round's games exist.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.policy import Action, require
from common.schema import valid
from tournaments.api.serializers import GameOptionsSerializer
from tournaments.events.game_options import round_options_of, set_round_options
from tournaments.models import Event


class RoundOptions:
    """The action of :class:`tournaments.api.views.EventViewSet` on a round's own game options."""

    if TYPE_CHECKING:  # the viewset's

        def get_object(self) -> Event: ...

    @extend_schema(
        request=GameOptionsSerializer,
        responses={
            200: GameOptionsSerializer,
            400: OpenApiResponse(
                description="An option the event's game does not take, or a value its engine refuses "
                "(named), no option named, a round the event does not have, a public round"
            ),
            401: OpenApiResponse(description="Not signed in"),
            403: OpenApiResponse(description="Not an organiser or arbiter of the event"),
        },
    )
    @action(detail=True, methods=["get", "post"], url_path=r"rounds/(?P<number>\d+)/game-options")
    def round_game_options(self, request: Request, slug: str, number: str) -> Response:
        """Round ``number``'s own start options, over the event's, for every board of the round (a
        start given, or ``random``: drawn now, once for all its boards); an empty value clears one.
        Set until the round is public, before it is paired too."""
        event = self.get_object()
        if request.method == "GET":
            require(request.user, Action.MANAGE_EVENT, event)
            return Response(round_options_of(event, int(number)))
        data = valid(GameOptionsSerializer, request)
        return Response(set_round_options(event, int(number), request.user, dict(data)))
