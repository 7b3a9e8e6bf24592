"""The organiser's API, rounds: pair the next one, retry a failed pairing, edit a draft round's
boards (with a preview), publish it, enter a whole round's results, close it.

The same services, permission policy and confirmations as the round pages
(``tournaments.web.views.rounds``); one board's result, a correction, the deadline and where a round
is played are the older operations of ``tournaments.api.views``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.shortcuts import get_object_or_404
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
    EditCheckSerializer,
    PairingEditSerializer,
    RoundResultsSerializer,
)
from tournaments.api.serializers import PairingSerializer, RoundSerializer
from tournaments.errors import ServiceError
from tournaments.models import Event, Pairing, Round
from tournaments.pairing import edits
from tournaments.pairing.services import pair_next_round, retry_pairing
from tournaments.results.services import close_round, record_round

ROUND = r"rounds/(?P<number>\d+)"


def round_of(event: Event, number: str) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event=event, number=int(number))


class RoundWrites:
    """Actions of :class:`tournaments.api.views.EventViewSet` on its rounds."""

    if TYPE_CHECKING:  # the viewset's

        def get_object(self) -> Event: ...

    def _managed_round(self, request: Request, number: str) -> Round:
        event = self.get_object()
        round_ = round_of(event, number)
        require(request.user, Action.MANAGE_EVENT, event)
        return round_

    @extend_schema(request=None, responses={202: RoundSerializer})
    @action(detail=True, methods=["post"], url_path="rounds/next")
    def pair_next(self, request: Request, slug: str) -> Response:
        """Create the next round and pair it in the background (`status` `pending` until then);
        a Swiss round is then a draft, seen by the event's managers only, until it is published."""
        event = self.get_object()
        require(request.user, Action.MANAGE_EVENT, event)
        round_ = pair_next_round(event, request.user)
        return Response(RoundSerializer(round_).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(request=None, responses={202: RoundSerializer})
    @action(detail=True, methods=["post"], url_path=f"{ROUND}/retry")
    def round_retry(self, request: Request, slug: str, number: str) -> Response:
        """Pair a round again whose pairing failed."""
        round_ = retry_pairing(self._managed_round(request, number), request.user)
        return Response(RoundSerializer(round_).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(request=PairingEditSerializer, responses={200: EditCheckSerializer, 201: RoundSerializer})
    @action(detail=True, methods=["post"], url_path=f"{ROUND}/pairings")
    def round_pairings(self, request: Request, slug: str, number: str) -> Response:
        """Replace a draft round's boards by hand (logged with the rules they break); with
        `preview` the check alone, 200, nothing saved."""
        round_ = self._managed_round(request, number)
        data = valid(PairingEditSerializer, request)
        pairs = [(int(w), int(b)) for w, b in data["pairs"]]
        byes = [(int(n), str(kind)) for n, kind in data["byes"] if str(n).isdigit()]
        if data["preview"]:
            if refusal := edits.edit_refusal(round_):
                raise ServiceError(refusal)
            check = edits.preview_edit(round_, pairs, byes)
            return Response(EditCheckSerializer(check).data)
        edits.edit_pairings(round_, request.user, pairs, byes, data["reason"])
        return Response(RoundSerializer(round_of(round_.event, number)).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=ConfirmSerializer, responses=RoundSerializer)
    @action(detail=True, methods=["post"], url_path=f"{ROUND}/publish")
    def round_publish(self, request: Request, slug: str, number: str) -> Response:
        """Publish a draft round's pairings (irreversible: `confirm`); a round played on the
        service gets its games."""
        round_ = self._managed_round(request, number)
        data = valid(ConfirmSerializer, request)
        confirmations.require_confirmed(confirmations.publish_round(round_), data["confirm"])
        edits.publish_round(round_, request.user)
        return Response(RoundSerializer(round_of(round_.event, number)).data)

    @extend_schema(request=RoundResultsSerializer, responses=PairingSerializer(many=True))
    @action(detail=True, methods=["post"], url_path=f"{ROUND}/results")
    def round_results(self, request: Request, slug: str, number: str) -> Response:
        """Enter the results of several boards of an open round, all or none (as the round page's form)."""
        round_ = self._managed_round(request, number)
        data = valid(RoundResultsSerializer, request)
        boards = {p.board: p for p in round_.pairings.select_related("white__player", "black__player")}
        changes: list[tuple[Pairing, str | list[str]]] = []
        for item in data["results"]:
            pairing = boards.get(item["board"])
            if pairing is None or pairing.is_bye:
                raise serializers.ValidationError(
                    {
                        "results": [
                            _("Round %(number)s has no game on board %(board)s.")
                            % {"number": round_.number, "board": item["board"]}
                        ]
                    }
                )
            changes.append((pairing, item["result"].split()))
        saved = record_round(round_, request.user, changes)
        return Response(PairingSerializer(saved, many=True).data)

    @extend_schema(request=ConfirmSerializer, responses=RoundSerializer)
    @action(detail=True, methods=["post"], url_path=f"{ROUND}/close")
    def round_close(self, request: Request, slug: str, number: str) -> Response:
        """Close a round whose every board has a result (irreversible: `confirm`): its results
        become final, its standings are stored and its games rated."""
        round_ = self._managed_round(request, number)
        data = valid(ConfirmSerializer, request)
        confirmations.require_confirmed(confirmations.close_round(round_), data["confirm"])
        close_round(round_, request.user)
        return Response(RoundSerializer(round_of(round_.event, number)).data)
