"""The arbiter's actions on a game played on the service, in the play API: ``/api/play/<id>/give-time/``,
``/adjudicate/`` and ``/annul/`` (:class:`ArbitrationActions`, mixed into
``games.api.play.ServiceGameViewSet``).

Thin: ``games.play.arbitration`` checks everything; its refusals are answered by the one exception
handler (a non-official 403, a game no longer in play or of a closed round 409, bad input 400).
"""

from __future__ import annotations

from datetime import timedelta

from rest_framework import serializers, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from common.schema import NO_SERVICE_GAME, valid, write_action
from games.api.views import DecisionSerializer
from games.play import arbitration, state
from games.records.confirmation import MAX_REASON_CHARS
from games.results import PLAYED_RESULTS

SIDES = {"white": 0, "black": 1}


class GiveTimeSerializer(serializers.Serializer):
    player = serializers.ChoiceField(choices=list(SIDES), help_text="Whose clock gets the time")
    seconds = serializers.IntegerField(
        min_value=1, max_value=int(arbitration.MAX_GIFT.total_seconds()), help_text="The time given"
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=MAX_REASON_CHARS)


class TimeGivenSerializer(serializers.Serializer):
    player = serializers.CharField()
    seconds = serializers.FloatField()
    white_seconds = serializers.FloatField(allow_null=True, help_text="White's time left now")
    black_seconds = serializers.FloatField(allow_null=True, help_text="Black's time left now")


class AdjudicateSerializer(serializers.Serializer):
    result = serializers.ChoiceField(choices=list(PLAYED_RESULTS))
    reason = serializers.CharField(max_length=MAX_REASON_CHARS, help_text="Why (required)")


class AnnulSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=MAX_REASON_CHARS, help_text="Why (required)")


REFUSED = {
    "bad": "Bad input: the amount, the result, a missing reason",
    "forbidden": "Not an organiser or arbiter of the game's event (a superuser for a game outside events)",
    "missing": NO_SERVICE_GAME,
}


class ArbitrationActions(viewsets.GenericViewSet):
    """The arbiter's actions on one game of ``ServiceGameViewSet`` (its ``get_object``)."""

    @write_action(
        GiveTimeSerializer,
        {200: TimeGivenSerializer},
        **REFUSED,
        conflict="The game is over, has no clock, or its round is closed",
        url_path="give-time",
    )
    def give_time(self, request: Request, pk: str | None = None) -> Response:
        """Give time to one player: added to what he has left."""
        data = valid(GiveTimeSerializer, request)
        amount = timedelta(seconds=data["seconds"])
        given = arbitration.give_time(
            self.get_object(), request.user, SIDES[data["player"]], amount, data["reason"]
        )
        now = state.clocks_at(given.game)
        answer = {
            "player": data["player"],
            "seconds": given.amount.total_seconds(),
            "white_seconds": None if now.white is None else now.white.total_seconds(),
            "black_seconds": None if now.black is None else now.black.total_seconds(),
        }
        return Response(TimeGivenSerializer(answer).data)

    @write_action(
        AdjudicateSerializer,
        {200: DecisionSerializer},
        **REFUSED,
        conflict="The game was annulled, or its round is closed",
    )
    def adjudicate(self, request: Request, pk: str | None = None) -> Response:
        """End the game with a result and a written reason: the arbiter's decision (final)."""
        data = valid(AdjudicateSerializer, request)
        decision = arbitration.adjudicate(self.get_object(), request.user, data["result"], data["reason"])
        return Response(DecisionSerializer(decision).data)

    @write_action(
        AnnulSerializer,
        {200: DecisionSerializer},
        **REFUSED,
        conflict="The game is no longer in play, or its round is closed",
    )
    def annul(self, request: Request, pk: str | None = None) -> Response:
        """Annul the game in play: no result, unrated, no more moves; a pairing's result is then the arbiter's."""
        reason = valid(AnnulSerializer, request)["reason"]
        decision = arbitration.annul(self.get_object(), request.user, reason)
        return Response(DecisionSerializer(decision).data)
