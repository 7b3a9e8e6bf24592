"""What every tie-break reads, and FIDE C.07 section 16 (unplayed rounds) and 15.2 (pure, no database).

:class:`RoundScore` is one player's round as the stored event and a TRF file alike describe it;
:class:`Field` holds every player's rounds and answers the questions of section 16:

- which rounds were played (16.1; in a round robin a forfeit is a regular game, 15.2);
- which unplayed rounds are voluntary (16.1.2): requested half- and zero-point byes, absences, forfeit
  losses and the rounds after a withdrawal; a pairing-allocated bye, a full-point bye and a forfeit
  win are not;
- an opponent's *adjusted score* (16.2, 16.3): every round with the points awarded, except a
  requested bye or an absence followed by nothing but unplayed rounds, or in the last round
  (16.2.5), which counts as a draw (:meth:`Field.counts_as_draw`);
- the *dummy opponent* of a player's own unplayed round (16.4): the player's own score, capped at
  the scheduled opponent's adjusted score for a forfeit (16.4.1) and at a draw in every round for
  the other unplayed rounds (16.4.2) (:meth:`Field.dummy_score`);
- what a cut removes (14.1, 16.5): the contribution of the lowest-scored opponent, a voluntarily
  unplayed round's first when it is not lower, is described by :class:`Contribution`.

Points are integer half-points (``PointSystem`` of :mod:`tournaments.core.codes`); bye letters
are that module's too. docs/standings.md says what each rule rests on.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from tournaments.core.codes import (
    BYE_HALF,
    BYE_LETTERS,
    BYE_OF_LETTER,
    BYE_ZERO,
    PointSystem,
    first_named_is_white,
    is_unplayed_win,
)

ABSENCE = BYE_LETTERS[BYE_ZERO]  # the letter of a round without a result: a zero-point bye


@dataclass(frozen=True)
class RoundScore:
    """One player's round.

    ``opponent`` is the player named in the pairing (a game or a forfeit), None for a bye or an
    absence; ``forfeit`` marks a game not played over the board; ``won`` that the player scored
    more than the opponent; ``bye`` the TRF letter of a round without opponent (U, H, F, Z);
    ``withdrawn`` a round after the player left the event; ``games`` the player's letter per game
    of a 2-game match (``1`` ``=`` ``0`` ``+`` ``-``), game 1 in ``colour``, game 2 swapped.
    """

    round: int
    player: int
    points: int
    opponent: int | None = None
    won: bool = False
    colour: str = ""  # "w", "b", or "" without an opponent
    forfeit: bool = False
    bye: str = ""
    withdrawn: bool = False
    games: tuple[str, ...] = ()

    @property
    def bye_kind(self) -> str:
        """The bye kind of a round without opponent (``BYE_KINDS`` of the codes), "" otherwise."""
        return "" if self.opponent is not None else BYE_OF_LETTER.get(self.bye.upper(), "")


@dataclass(frozen=True)
class Contribution:
    """One round's term of a Buchholz-like sum and the score of the opponent (or dummy) behind it.

    A cut (14.1) removes the term of the opponent with the lowest ``score``, among equally low
    ones the lowest ``value``; the term of a voluntarily unplayed round (``vur``) goes first when
    it is not lower than that one (16.5.1, ``tiebreaks.cut_one``).
    """

    value: int
    vur: bool
    score: int


@dataclass
class Field:
    """Every player's rounds 1..``rounds`` (missing rounds filled in as absences) and totals."""

    players: list[int]
    rounds: int
    by_player: dict[int, dict[int, RoundScore]]
    points: PointSystem = field(default_factory=PointSystem)
    round_robin: bool = False
    ratings: dict[int, int] = field(default_factory=dict)
    games_per_pairing: int = 1
    cycles: int = 1  # 2 in a double round robin: how often two players are due to meet
    memo: dict[str, dict[int, int]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def build(
        cls,
        players: list[int],
        scores: list[RoundScore],
        rounds: int,
        points: PointSystem | None = None,
        round_robin: bool = False,
        ratings: dict[int, int] | None = None,
        games_per_pairing: int = 1,
        cycles: int = 1,
    ) -> Field:
        by_player: dict[int, dict[int, RoundScore]] = {player: {} for player in players}
        for score in scores:
            if score.player in by_player and 1 <= score.round <= rounds:
                by_player[score.player][score.round] = score
        for player, entries in by_player.items():
            withdrawn = False
            for number in range(1, rounds + 1):
                entry = entries.get(number)
                if entry is None:
                    entries[number] = RoundScore(number, player, 0, bye=ABSENCE, withdrawn=withdrawn)
                elif entry.withdrawn:
                    withdrawn = True
        return cls(
            players=list(players),
            rounds=rounds,
            by_player=by_player,
            points=points or PointSystem(),
            round_robin=round_robin,
            ratings=dict(ratings or {}),
            games_per_pairing=games_per_pairing,
            cycles=cycles,
        )

    def entries(self, player: int) -> list[RoundScore]:
        return [self.by_player[player][number] for number in range(1, self.rounds + 1)]

    @cached_property
    def totals(self) -> dict[int, int]:
        return {player: sum(e.points for e in self.entries(player)) for player in self.players}

    # ------------------------------------------------------------------ section 16

    def played(self, entry: RoundScore) -> bool:
        """A game against an opponent: over the board, or any forfeit in a round robin (15.2)."""
        return entry.opponent is not None and (not entry.forfeit or self.round_robin)

    def voluntary(self, entry: RoundScore) -> bool:
        """A voluntarily unplayed round (16.1.2): not played, and not given to the player.

        Requested half- and zero-point byes, absences, the rounds after a withdrawal and forfeit
        losses are; a pairing-allocated bye, a full-point bye (16.2.1) and a forfeit win are not.
        """
        if self.played(entry):
            return False
        if entry.opponent is not None:  # a forfeit (Swiss): the loser did not come
            return not entry.won
        return not is_unplayed_win(entry.bye, has_opponent=False)  # a PAB, a full-point bye

    def counts_as_draw(self, entry: RoundScore) -> bool:
        """16.2.5: a requested bye or an absence (the rounds after a withdrawal too) followed by
        nothing but unplayed rounds, or in the last round; its opponents count it as a draw (16.3.2)."""
        if entry.opponent is not None or entry.bye_kind not in (BYE_HALF, BYE_ZERO):
            return False
        later = self.entries(entry.player)[entry.round :]
        return not any(self.played(other) for other in later)

    def draw_value(self) -> int:
        return self.points.draw * self.games_per_pairing

    def round_maximum(self) -> int:
        return self.points.win * self.games_per_pairing

    @cached_property
    def adjusted(self) -> dict[int, int]:
        """16.3: a player's score as his opponents' tie-breaks see it.

        Every round counts with the points awarded (16.3.1: byes given by the pairing or the
        organiser, forfeits either way, a requested bye followed by a game), except the rounds of
        16.2.5 (:meth:`counts_as_draw`), which count as draws (16.3.2). In a round robin every
        round counts as it was scored (15.2), so the score is the total.
        """
        if self.round_robin:
            return dict(self.totals)
        return {
            player: sum(
                self.draw_value() if self.counts_as_draw(entry) else entry.points
                for entry in self.entries(player)
            )
            for player in self.players
        }

    def dummy_score(self, entry: RoundScore, scores: dict[int, int] | None = None) -> int:
        """16.4: the dummy opponent of the player's own unplayed round ``entry`` has the player's
        own score, capped at the scheduled opponent's adjusted score for a forfeit (16.4.1) and at
        a draw in every round for any other unplayed round (16.4.2)."""
        scores = self.adjusted if scores is None else scores
        own = self.totals[entry.player]
        if entry.opponent is not None:
            return min(own, scores[entry.opponent])
        return min(own, self.draw_value() * self.rounds)

    def opponent_terms(
        self, player: int, scores: dict[int, int] | None = None
    ) -> list[tuple[RoundScore, int]]:
        """(round, opponent's score) for every round that enters an opponent-score tie-break.

        Played rounds give the opponent's adjusted score (16.3); in a Swiss event an unplayed
        round gives the dummy opponent (16.4); in a round robin a round without a game is left
        out (there is no opponent, 15.2).
        """
        scores = self.adjusted if scores is None else scores
        terms = []
        for entry in self.entries(player):
            if self.played(entry):
                terms.append((entry, scores[entry.opponent or 0]))
            elif not self.round_robin:
                terms.append((entry, self.dummy_score(entry, scores)))
        return terms

    # ------------------------------------------------------------------ FB: the last round drawn

    @cached_property
    def fore(self) -> Field:
        """The same field with every player's last round evaluated as a draw (Fore Buchholz)."""
        last = self.rounds
        by_player = {
            player: {
                number: (
                    replace(entry, points=self.draw_value(), won=False, games=())
                    if number == last and entry.opponent is not None
                    else entry
                )
                for number, entry in entries.items()
            }
            for player, entries in self.by_player.items()
        }
        return replace(self, by_player=by_player)

    # ------------------------------------------------------------------ games of a round

    def games(self, entry: RoundScore) -> list[tuple[str, str]]:
        """(colour, letter) of each game of the round the player had an opponent in."""
        if entry.opponent is None:
            return []
        letters = entry.games or (self._letter(entry),)
        other = {"w": "b", "b": "w"}
        return [
            (entry.colour if first_named_is_white(index) else other.get(entry.colour, ""), letter)
            for index, letter in enumerate(letters)
        ]

    def _letter(self, entry: RoundScore) -> str:
        if entry.forfeit:
            return "+" if entry.won else "-"
        if entry.won:
            return "1"
        opponent = self.by_player.get(entry.opponent or 0, {}).get(entry.round)
        if opponent is not None and opponent.points == entry.points:
            return "="
        return "0"

    def opponent_points(self, entry: RoundScore) -> int:
        """What the opponent scored in the same round (0 without an opponent)."""
        if entry.opponent is None:
            return 0
        other = self.by_player.get(entry.opponent, {}).get(entry.round)
        return other.points if other is not None else 0
