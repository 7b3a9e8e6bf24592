"""Pairing the next round of a TRF file, straight from the document (pure, no database).

:func:`state_from_document` reads the file as the import would store it and
:func:`tournaments.pairing.history.build_state` would read it back: each game's letters become
a result code and its scores in the file's point system, byes keep their kind, rounds without a
line are absences (Z), a line that stops early is a withdrawal, a final round of H/F/Z entries
holds the byes requested for the round to pair. ``manage.py pair_trf`` and the reference corpus
use it; the test suite checks it against the database path on the corpus.
"""

from __future__ import annotations

from tournaments.core.codes import (
    BYE_LETTERS,
    BYE_OF_LETTER,
    BYE_ZERO,
    CODE_OF_LETTERS,
    PointSystem,
    round_letters,
)
from tournaments.core.errors import TrfError
from tournaments.core.systems import SWISS_DUTCH
from tournaments.pairing.state import EventState, PairedRound, PlayerState, RoundEntry
from tournaments.pairing.systems import pair_round
from tournaments.trf.format import TrfDocument, TrfRound, outline_of, parse_trf


def _game_entry(
    document: TrfDocument, points: PointSystem, number: int, round_number: int, entry: TrfRound
) -> tuple[RoundEntry, int]:
    """The player's history entry for a game and the half-points it gave him."""
    opponent = entry.opponent or 0
    try:
        other = document.player(opponent).rounds[round_number]
    except KeyError as exc:
        raise TrfError(0, f"player {number}'s opponent in round {round_number} has no entry") from exc
    white, black = (entry.code, other.code) if entry.colour == "w" else (other.code, entry.code)
    code = CODE_OF_LETTERS[(white, black)]
    white_score, black_score = points.pairing_scores([code])
    white_letter, black_letter = round_letters([code], white_score, black_score)
    if entry.colour == "w":
        return RoundEntry(opponent, "w", white_letter), white_score
    return RoundEntry(opponent, "b", black_letter), black_score


def state_from_document(document: TrfDocument, total_rounds: int | None = None) -> EventState:
    """The state a pairing engine sees before the file's next round. Raises TrfError."""
    outline = outline_of(document, total_rounds)
    played = outline.played
    number = played + 1
    for round_number in range(1, played + 1):
        if any(
            (entry := player.rounds.get(round_number)) is not None and entry.is_game and entry.code == ""
            for player in document.players
        ):
            raise TrfError(0, f"round {round_number} has games without a result: it must be finished first")
    if outline.rounds and number > outline.rounds:
        raise TrfError(0, f"all {outline.rounds} rounds have been played: there is no round to pair")
    # What the stored event keeps of the file's point system (an absence always scores 0).
    points = PointSystem(
        win=document.points.win, draw=document.points.draw, loss=document.points.loss, pab=document.points.pab
    )
    absent = RoundEntry(None, None, BYE_LETTERS[BYE_ZERO])
    players = []
    for player in sorted(document.players, key=lambda p: p.number):
        history, total = [], 0
        for round_number in range(1, played + 1):
            entry = player.rounds.get(round_number)
            if entry is None:
                history.append(absent)
            elif entry.is_game:
                game, score = _game_entry(document, points, player.number, round_number, entry)
                history.append(game)
                total += score
            else:
                kind = BYE_OF_LETTER[entry.code]
                history.append(RoundEntry(None, None, BYE_LETTERS[kind]))
                total += points.bye_score(kind)
        gone_from = outline.withdrawn_from(player)
        state = PlayerState(
            number=player.number,
            name=player.name[:120],
            rating=player.rating,
            points=total,
            history=history,
            available=gone_from is None or number < gone_from,
        )
        requested = outline.requested.get(player.number)
        if requested is not None and state.available:
            state.available = False
            state.absent_code = requested.code
        players.append(state)
    return EventState(
        system=SWISS_DUTCH,
        players=players,
        round_to_pair=number,
        total_rounds=outline.rounds,
        top_seed_colour=outline.top_seed_colour or "white",
        forbidden_pairs=list(document.forbidden_pairs),
        win_points=points.win,
        draw_points=points.draw,
        loss_points=points.loss,
        bye_points=points.pab,
    )


def pair_next_round(text: str, total_rounds: int | None = None) -> PairedRound:
    """Pair the next round of the TRF file ``text``. Raises TrfError or PairingError."""
    return pair_round(state_from_document(parse_trf(text), total_rounds))
