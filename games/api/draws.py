"""Draw offers in the play API: ``/api/play/<id>/offer-draw/``, ``/accept-draw/`` and
``/decline-draw/`` (:class:`DrawActions`, mixed into ``games.api.play.ServiceGameViewSet``).

Thin: ``games.play.draws`` checks everything; its refusals are answered by the one exception handler
(a non-player 403, a game whose rules allow no draw 400, a game over or no offer to answer 409).
"""

from __future__ import annotations

from rest_framework import serializers, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from common.schema import NO_SERVICE_GAME, write_action
from games.models import DrawOffer
from games.play import draws, endings

SIDE_NAMES = ("white", "black")


class DrawOfferSerializer(serializers.Serializer):
    """One draw offer and what became of it, with the game's result once it ended."""

    game = serializers.IntegerField(source="game_id")
    offered_by = serializers.SerializerMethodField(help_text="white or black")
    ply = serializers.IntegerField(help_text="The moves played when it was offered")
    status = serializers.ChoiceField(
        choices=DrawOffer.Status.choices, help_text="open, accepted, declined or lapsed"
    )
    result = serializers.CharField(
        source="game.result", help_text="The game's result (1/2-1/2 once accepted)"
    )
    ending = serializers.SerializerMethodField(help_text='How the game ended, in words ("" while in play)')

    def get_offered_by(self, offer: DrawOffer) -> str:
        return SIDE_NAMES[offer.side]

    def get_ending(self, offer: DrawOffer) -> str:
        return endings.ending(offer.game)


REFUSED = {
    "bad": "The game's rules allow no draw",
    "forbidden": "Not a player of the game",
    "missing": NO_SERVICE_GAME,
}


NO_OFFER = "The game is over, or no offer of the opponent stands"


class DrawActions(viewsets.GenericViewSet):
    """The players' draw offers in one game of ``ServiceGameViewSet`` (its ``get_object``)."""

    @write_action(
        None,
        {201: DrawOfferSerializer},
        **REFUSED,
        conflict="The game is over, the player's offer stands already, or his last one was answered at "
        "this move",
        url_path="offer-draw",
    )
    def offer_draw(self, request: Request, pk: str | None = None) -> Response:
        """Offer a draw (in a game whose rules allow one); offering while the opponent's offer stands
        accepts it. The offer lapses when the opponent moves."""
        made = draws.offer(self.get_object(), request.user)
        made.game.refresh_from_db()
        return Response(DrawOfferSerializer(made).data, status=201)

    @write_action(None, {200: DrawOfferSerializer}, **REFUSED, conflict=NO_OFFER, url_path="accept-draw")
    def accept_draw(self, request: Request, pk: str | None = None) -> Response:
        """Accept the opponent's draw offer: the game ends ½–½ at once, official, drawn by agreement."""
        taken = draws.accept(self.get_object(), request.user)
        taken.game.refresh_from_db()
        return Response(DrawOfferSerializer(taken).data)

    @write_action(None, {200: DrawOfferSerializer}, **REFUSED, conflict=NO_OFFER, url_path="decline-draw")
    def decline_draw(self, request: Request, pk: str | None = None) -> Response:
        """Decline the opponent's draw offer: play goes on."""
        return Response(DrawOfferSerializer(draws.decline(self.get_object(), request.user)).data)
