"""A player's games: his pairings in published rounds, and what each one waits for from him.

The rule at home here: what a game needs from its player. A game in play on the service: *play* it
there; nothing recorded yet in an open round: *submit* the record; a provisional result the opponent submitted: *answer* it (confirm or
dispute); his own provisional result: the opponent answers; a disputed game: the arbiter decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.translation import gettext as _

from games.confirmation import can_answer
from games.decisions import state_label
from games.models import Game
from personal.claims import player_of
from tournaments.core.codes import outcome
from tournaments.models import Pairing, Round

SUBMIT, ANSWER, WAIT_OPPONENT, WAIT_ARBITER, DONE = "submit", "answer", "wait-opponent", "wait-arbiter", ""
PLAY = "play"


@dataclass
class GameLine:
    number: int
    game: Game | None
    action: str
    label: str


@dataclass
class PairingLine:
    pairing: Pairing
    colour: str
    opponent: object
    lines: list[GameLine] = field(default_factory=list)
    mine: int | None = None  # the player's score, half-points
    theirs: int | None = None
    outcome: str = ""  # won, lost, drawn (tournaments.core.codes.outcome)

    @property
    def needs_action(self) -> bool:
        return any(line.action in (SUBMIT, ANSWER, PLAY) for line in self.lines)


def _line(number: int, game: Game | None, round_open: bool, user: object) -> GameLine:
    if game is not None and game.on_service and not game.state and round_open:
        if game.finished_at is None:
            return GameLine(number, game, PLAY, _("Play it on the service"))
        return GameLine(number, game, DONE, _("Played: its record is being verified"))
    if game is None or not game.state:
        if round_open:
            return GameLine(number, game, SUBMIT, _("Submit the record"))
        return GameLine(number, game, DONE, _("No result"))
    if game.state == Game.State.PROVISIONAL and round_open:
        if can_answer(game, user):
            return GameLine(number, game, ANSWER, _("Confirm or dispute the result"))
        return GameLine(number, game, WAIT_OPPONENT, _("Waiting for your opponent to confirm"))
    if game.state == Game.State.DISPUTED:
        return GameLine(number, game, WAIT_ARBITER, _("Disputed: waiting for the arbiter"))
    return GameLine(number, game, DONE, state_label(game))


def games_of_user(user: object) -> list[PairingLine]:
    """The pairings of the user's player (newest first) with what each game needs from him."""
    player = player_of(user)
    if player is None:
        return []
    pairings = (
        Pairing.objects.visible_to(user)
        .filter(Q(white__player=player) | Q(black__player=player))
        .select_related("round__event", "white__player", "black__player")
        .with_games()
        .order_by("-round__event__created_at", "-round__number", "board")
    )
    result = []
    for pairing in pairings:
        white = pairing.white.player_id == player.pk
        opponent = (pairing.black.player if white else pairing.white.player) if pairing.black else None
        line = PairingLine(pairing, _("White") if white else _("Black"), opponent)
        line.mine, line.theirs = (
            (pairing.white_score, pairing.black_score)
            if white
            else (pairing.black_score, pairing.white_score)
        )
        line.outcome = outcome(line.mine, line.theirs) if pairing.black_id is not None else ""
        if pairing.black_id is not None:
            round_open = pairing.round.status == Round.Status.PAIRED
            games = {game.pairing_game.number: game for game in pairing.games.all()}
            for game in games.values():
                game.pairing_game.pairing = pairing  # the prefetched pairing, for can_answer's round check
            for number in range(1, pairing.round.event.games_per_pairing + 1):
                line.lines.append(_line(number, games.get(number), round_open, user))
        result.append(line)
    return result
