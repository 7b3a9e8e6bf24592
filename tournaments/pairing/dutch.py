"""FIDE Dutch system (C.04.3) over :class:`EventState`, through ``caissify_pairings``.

The library's ``DutchEngine`` does the pairing. This module only translates: the event's
history becomes the engine's per-player snapshot (score, colours of played games, floats,
bye eligibility, previous opponents), and the engine's answer is checked against the absolute
criteria before it is returned, so a broken fallback inside the engine can never reach the
database. Pure: no database access.

Translation rules (see docs/pairing.md):

* only games played over the board count for colours and for "already met" (forfeits and
  byes are unplayed, FIDE C.04.3 and the TRF conventions);
* a round without a game is a downfloat when it gave the player more than a loss (PAB, full
  or half-point bye, forfeit win), no float otherwise (forfeit loss, zero-point bye);
* a player who already had an unplayed round worth a win (PAB, full-point bye, forfeit win)
  cannot get the pairing-allocated bye (C.04.1 d);
* forbidden pairs are handed to the engine as if the two had already met;
* in round 1 the colour rule E.5 reads the higher player's place among the players paired,
  not his pairing number: with a player absent the colours alternate board by board.

The library's maximum-weight matchings run on the compiled matcher when it is built
(:mod:`tournaments.pairing.matching`; networkx is the fallback).

Two corrections to the library (0.5.0), in :class:`RankedColourEngine`: round 1 honours
forbidden pairs, and in the colour rules E.4 and E.5 "the higher ranked
player" is the one ranked higher by A.2 -- more points first, then the lower pairing number --
while the library compares pairing numbers only. :class:`RankedColourEngine` fixes that; the
reference corpus (tests/tournaments/test_dutch_corpus.py) has rounds that need it, and
tests/tournaments/test_dutch.py shows the library's answer next to the corrected one.
"""

from __future__ import annotations

from typing import Any, cast

from caissify_pairings.engines.dutch import DutchEngine, DutchPlayer

from tournaments.core.codes import (
    BYE_OF_LETTER,
    BYE_PAIRING_ALLOCATED,
    REQUESTED_BYE_LETTERS,
    is_unplayed_win,
)
from tournaments.core.errors import PairingError
from tournaments.pairing.checks import check_engine_output, forbidden_pairs, met_pairs
from tournaments.pairing.matching import current_calls, with_selected_matcher
from tournaments.pairing.state import EventState, PairedRound, PlayerState, RoundEntry


class RankedColourEngine(DutchEngine):  # type: ignore[misc]  # the library has no type hints
    """The library's Dutch engine with two corrections.

    * "higher ranked" in the colour rules means A.2's rank (points, then pairing number);
    * round 1 honours forbidden pairs: the library splits the field in halves without looking
      at them, so when the split holds a forbidden pair the round is paired as one bracket by the
      library's general (later-round) procedure instead.

    Its maximum-weight matchings run on the selected matcher (``matching.py``: the compiled one
    when built, networkx otherwise); the library's code is otherwise unchanged.
    """

    _pair_iterative_mwm = with_selected_matcher(DutchEngine._pair_iterative_mwm)
    _pair_bracket_mwm = with_selected_matcher(DutchEngine._pair_bracket_mwm)
    _pair_global_mwm = with_selected_matcher(DutchEngine._pair_global_mwm)

    def _generate_first_round_pairings(
        self, eligible: list[DutchPlayer]
    ) -> list[tuple[DutchPlayer, DutchPlayer]]:
        pairs: list[tuple[DutchPlayer, DutchPlayer]] = super()._generate_first_round_pairings(eligible)
        if all(self._can_pair(a, b) for a, b in pairs):
            return pairs
        matched: list[tuple[DutchPlayer, DutchPlayer]]
        matched, _ = self._pair_iterative_mwm(list(eligible))
        return matched

    def _assign_colors(self, p1: DutchPlayer, p2: DutchPlayer) -> tuple[DutchPlayer, DutchPlayer]:
        higher, lower = sorted((p1, p2), key=lambda p: (-p.score, p.pairing_number))
        if self.round_number == 1 and not higher.color_hist and not lower.color_hist:
            # E.5 in round 1: the players are numbered among those paired, so with somebody
            # absent the colours still alternate board by board (the reference engine's reading;
            # the large corpus has such rounds, e.g. round 1 of t24-p200-r9-d10).
            present = sorted(player.pairing_number for player in self._players)
            gets_initial = (present.index(higher.pairing_number) + 1) % 2 == 1
            higher_white = (self.initial_color == "white") == gets_initial
            return (higher, lower) if higher_white else (lower, higher)
        if higher.pairing_number < lower.pairing_number:
            return cast(tuple[DutchPlayer, DutchPlayer], super()._assign_colors(p1, p2))
        if not higher.color_hist and not lower.color_hist:
            # E.5: nobody has a colour history; the higher ranked player's own pairing number
            # decides: odd gets the initial colour, even the other one.
            gets_initial = higher.pairing_number % 2 == 1
            higher_white = (self.initial_color == "white") == gets_initial
            return (higher, lower) if higher_white else (lower, higher)
        # E.1-E.4 only ask which of the two is higher ranked: let the library answer with the
        # pairing numbers swapped for the moment, so its "lower number" is the higher ranked.
        p1.pairing_number, p2.pairing_number = p2.pairing_number, p1.pairing_number
        try:
            return cast(tuple[DutchPlayer, DutchPlayer], super()._assign_colors(p1, p2))
        finally:
            p1.pairing_number, p2.pairing_number = p2.pairing_number, p1.pairing_number


def entry_points(entry: RoundEntry, state: EventState) -> int:
    """Half-points a history entry gave, in the event's point system."""
    return state.point_system.letter_points(entry.code, entry.opponent is not None)


def _scores_before(state: EventState) -> dict[int, list[int]]:
    """For every player, the half-points held before each round (index 0 = before round 1)."""
    table: dict[int, list[int]] = {}
    for player in state.players:
        running, row = 0, [0]
        for entry in player.history:
            running += entry_points(entry, state)
            row.append(running)
        table[player.number] = row
    return table


def engine_player(player: PlayerState, state: EventState, before: dict[int, list[int]]) -> dict[str, Any]:
    """The snapshot the library's Dutch engine expects for one player."""
    colours: list[str] = []
    floats: list[str] = []
    byes = forfeit_wins = 0
    for index, entry in enumerate(player.history):
        code = entry.code.upper()
        if entry.played and entry.opponent is not None:
            colours.append("white" if entry.colour == "w" else "black")
            mine = before[player.number][index]
            theirs = before.get(entry.opponent, [0] * (index + 1))[index]
            floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
            continue
        floats.append("down" if entry_points(entry, state) > state.loss_points else "none")
        if code == "+":
            forfeit_wins += 1
        elif is_unplayed_win(code, entry.opponent is not None):
            byes += 1
    return {
        "id": player.number,
        "name": player.name,
        "score": player.points / 2,
        "rating": player.rating,
        "starting_number": player.number,
        "pairing_number": player.number,
        "color_hist": colours,
        "float_history": floats,
        "bye_count": byes,
        "forfeit_win_count": forfeit_wins,
    }


def expected_matcher_calls(players: int, score_groups: int) -> int:
    """About how many matchings the library's bracket loop runs: one per pair finalised and two
    per score group (measured: 68 at 100 players in 9 groups, 143 at 250, 264 at 500)."""
    return players // 2 + 2 * score_groups


def pair(state: EventState) -> PairedRound:
    """Pair ``state.round_to_pair`` by the FIDE Dutch system.

    Unavailable players are left out; those with a requested bye (``absent_code`` H, F or Z)
    come back as byes of that kind after the boards and the pairing-allocated bye.
    """
    available = [player for player in state.players if player.available]
    requested = [
        (player.number, BYE_OF_LETTER[player.absent_code.upper()])
        for player in state.players
        if not player.available and player.absent_code.upper() in REQUESTED_BYE_LETTERS
    ]
    if not available:
        raise PairingError("no valid pairing exists: no player is available in this round")
    played = met_pairs(state)
    forbidden = forbidden_pairs(state)
    before = _scores_before(state)
    calls = current_calls()
    if calls is not None:  # somebody follows the progress: tell them how many matchings to expect
        calls.expected = expected_matcher_calls(len(available), len({p.points for p in available}))
    engine = RankedColourEngine(
        players=[engine_player(player, state, before) for player in available],
        previous_pairings=played | forbidden,
        round_number=state.round_to_pair,
        total_rounds=max(state.total_rounds, state.round_to_pair),
        bye_value=state.bye_points / 2,
        initial_color="black" if state.top_seed_colour == "black" else "white",
    )
    try:
        output = engine.generate_pairings()
    except PairingError:
        raise
    except Exception as exc:  # the library failing is reported, never a stuck round
        raise PairingError(f"the Dutch engine failed: {exc}") from exc
    paired = PairedRound()
    for row in output:
        if row.get("black_id") is None:
            paired.byes.append((row["white_id"], BYE_PAIRING_ALLOCATED))
        else:
            paired.pairs.append((row["white_id"], row["black_id"]))
    check_engine_output(state, paired, {player.number for player in available})
    paired.byes.extend(requested)
    return paired
