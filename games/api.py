"""REST API for games: verified games, record submission, and a stateless replay check."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from arbiter import registry
from arbiter.errors import ArbiterError
from games import services
from games.models import Game, SubmittedRecord
from tournaments.models import Pairing


class GameSerializer(serializers.ModelSerializer):
    event = serializers.CharField(source="pairing.round.event.slug", read_only=True)
    round = serializers.IntegerField(source="pairing.round.number", read_only=True)
    board = serializers.IntegerField(source="pairing.board", read_only=True)
    white = serializers.CharField(source="white.handle", read_only=True)
    black = serializers.CharField(source="black.handle", read_only=True)

    class Meta:
        model = Game
        fields = [
            "id",
            "event",
            "round",
            "board",
            "number",
            "game",
            "white",
            "black",
            "result",
            "termination",
            "plies",
            "score",
            "record",
            "verified_at",
        ]


class SubmittedRecordSerializer(serializers.ModelSerializer):
    error = serializers.SerializerMethodField()

    class Meta:
        model = SubmittedRecord
        fields = ["id", "game", "status", "submitted_at", "applied", "note", "error", "verdict"]

    def get_error(self, record: SubmittedRecord) -> dict[str, object] | None:
        if record.status != SubmittedRecord.Status.INVALID:
            return None
        return {"ply": record.error_ply, "move": record.error_move or None, "reason": record.error_reason}


class SubmitSerializer(serializers.Serializer):
    pairing = serializers.PrimaryKeyRelatedField(queryset=Pairing.objects.all())
    game_number = serializers.IntegerField(default=1, min_value=1, max_value=2)
    record = serializers.CharField(max_length=services.MAX_RECORD_CHARS, trim_whitespace=False)


class ReplaySerializer(serializers.Serializer):
    record = serializers.CharField(max_length=services.MAX_RECORD_CHARS, trim_whitespace=False)
    game = serializers.ChoiceField(choices=sorted(registry.GAME_NAMES), required=False)


class GameViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Game.objects.select_related("pairing__round__event", "white", "black")
    serializer_class = GameSerializer

    @extend_schema(request=SubmitSerializer, responses={202: SubmittedRecordSerializer})
    @action(detail=False, methods=["post"])
    def submit(self, request: Request) -> Response:
        """Submit a record for a pairing's game; the arbiter verifies it (in a Celery task)."""
        data = SubmitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            record = services.submit_record(
                data.validated_data["pairing"],
                request.user,
                data.validated_data["record"],
                data.validated_data["game_number"],
            )
        except PermissionDenied as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
        except services.GameServiceError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(SubmittedRecordSerializer(record).data, status=status.HTTP_202_ACCEPTED)


class SubmittedRecordViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = SubmittedRecord.objects.all()
    serializer_class = SubmittedRecordSerializer


@extend_schema(request=ReplaySerializer, responses={200: dict})
@api_view(["POST"])
@permission_classes([AllowAny])
def replay(request: Request) -> Response:
    """Replay a record without storing it: the arbiter's verdict as ``python -m arbiter replay --json``."""
    data = ReplaySerializer(data=request.data)
    data.is_valid(raise_exception=True)
    try:
        verdict = registry.replay(data.validated_data["record"], data.validated_data.get("game"))
    except ArbiterError as exc:
        return Response({"valid": False, "error": exc.to_json()}, status=status.HTTP_400_BAD_REQUEST)
    return Response(verdict.to_json())
