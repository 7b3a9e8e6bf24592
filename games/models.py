"""Games (of an event's pairings, played on the service or imported), the records submitted for them,
disputes and arbiter decisions.

The schema of the trust rules: every submission is kept (``SubmittedRecord``), at most one is
official per game (a partial unique constraint), a game's result has a ``state`` (provisional,
confirmed, official, disputed, decided), and disputes and decisions are rows that are never
rewritten. The rules themselves live in ``games.records.confirmation`` and ``games.records.decisions``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from arbiter import registry
from arbiter.errors import ArbiterError
from common.fields import done_by
from games import messages, origins
from games.choices import game_name, score_text, validate_game

# The moments a game's clock keeps (``games.play.flags.moments``: its flag's, :attr:`Game.flag_at`, and its
# warning's, :attr:`Game.warn_at`), put here by ``GamesConfig.ready``: the floor imports nothing of play.
MOMENTS: list[Callable[[Game], None]] = []


class Game(models.Model):
    """One game: of a pairing (a 2-game match has games 1 and 2, colours swapped in game 2), played on
    the service outside any event, or an imported record (``origin``). What it belongs to holds the
    link to it and says where it stands (``games.origins``: its place, the order of games)."""

    class Origin(models.TextChoices):
        PAIRING = "pairing", _("A pairing of an event")
        SERVICE = "service", _("Played on the service")
        IMPORTED = "imported", _("Imported record")

    class State(models.TextChoices):
        NONE = "", _("No result yet")
        PROVISIONAL = "provisional", _("Provisional: awaiting the opponent")
        CONFIRMED = "confirmed", _("Confirmed by the opponent")
        OFFICIAL = "official", _("Official")
        DISPUTED = "disputed", _("Disputed: awaiting the arbiter")
        DECIDED = "decided", _("Decided by the arbiter")
        ANNULLED = "annulled", _("Annulled by the arbiter: no result, unrated")
        ABORTED = "aborted", _("Aborted: not started, no result")

    origin = models.CharField(max_length=10, choices=Origin.choices, default=Origin.PAIRING)
    game = models.CharField(max_length=20, validators=[validate_game])  # a registered game key
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="games_as_white")
    black = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="games_as_black")
    result = models.CharField(
        max_length=10, blank=True, help_text="1-0, 0-1 or 1/2-1/2 from the verified record"
    )
    termination = models.CharField(max_length=20, blank=True)
    plies = models.PositiveIntegerField(default=0)
    score = models.CharField(
        max_length=20,
        blank=True,
        help_text="The score, white-black, in games that give one (DVONN: stack totals)",
    )
    record = models.TextField(blank=True, help_text="The accepted (verified) record")
    verified_at = models.DateTimeField(null=True, blank=True)
    state = models.CharField(max_length=12, choices=State.choices, blank=True, default="")
    confirmed_by = done_by(blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # A game played on the service (``games.play.service``): its clock, its position, whose time runs.
    on_service = models.BooleanField(
        default=False,
        help_text="Played move by move on the service (a casual game, or a game of a round played there)",
    )
    rated = models.BooleanField(default=True)
    time_control = models.CharField(
        max_length=20, blank=True, help_text="5+3 (Fischer), 3d/15d (correspondence) or empty (no clock)"
    )
    position = models.TextField(blank=True, help_text="The position now, for a game played on the service")
    white_time = models.DurationField(
        null=True, blank=True, help_text="White's time left when his clock last stopped"
    )
    black_time = models.DurationField(
        null=True, blank=True, help_text="Black's time left when his clock last stopped"
    )
    turn_started = models.DateTimeField(
        null=True, blank=True, help_text="When the player to move's clock started"
    )
    finished_at = models.DateTimeField(null=True, blank=True, help_text="When play on the service ended")
    # Before both sides have moved (``games.play.aborts``): no clock runs; the next first move is due by then.
    first_move_by = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the game is aborted (an event's: lost by forfeit) without a first move",
    )
    # An event's game (issue 36): when it starts (no move before; its first move due within the window
    # from then), and the window each first move has (the event's grace; empty: the service's by clock).
    starts_at = models.DateTimeField(null=True, blank=True, help_text="When the game starts: no move before")
    first_move_window = models.DurationField(
        null=True,
        blank=True,
        help_text="How long each first move may wait (empty: the service's by its clock)",
    )
    # A takeback asked (``games.play.takebacks``): by which side (0 White, 1 Black), at which ply.
    takeback_side = models.PositiveSmallIntegerField(null=True, blank=True)
    takeback_ply = models.PositiveIntegerField(null=True, blank=True)
    # The start options it is played with (``games.options``: those its game's spec declares, as its
    # event or challenge agreed them and resolved when it was created); empty: the game key's own start.
    options = models.JSONField(default=dict, blank=True)
    warned_ply = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The ply at which the player to move was warned of his time running out",
    )
    # A game ended on time whose result is still to be carried to what it rests on (``games.play.carrying``:
    # its played record, its origin's result, the notices): the ending's words (``time``); "" once done.
    to_carry = models.CharField(
        max_length=20,
        blank=True,
        default="",
        help_text="The ending of a game ended on the service whose result is still to be carried",
    )
    # Kept with the position and the clock (:meth:`save`, a move): whose turn, and the moments the clocks'
    # ticker acts on, indexed (:data:`MOMENTS`): the flag's, and when the player to move is warned
    to_move = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Whose move it is (0, 1)")
    flag_at = models.DateTimeField(null=True, blank=True, help_text="When the player to move's flag falls")
    warn_at = models.DateTimeField(
        null=True, blank=True, help_text="When the player to move is to be warned of his time running low"
    )

    class Meta:
        indexes = [
            # the sweep's look for the games whose result is still to be carried (few, if any)
            models.Index(fields=["id"], condition=~Q(to_carry=""), name="game_to_carry"),
            models.Index(fields=["flag_at"], condition=Q(flag_at__isnull=False), name="game_flag_at"),
            models.Index(fields=["warn_at"], condition=Q(warn_at__isnull=False), name="game_warn_at"),
        ]

    #: what the clock's moments (:data:`MOMENTS`) are computed from: a save changing one computes them
    CLOCK_FIELDS = {"turn_started", "white_time", "black_time", "finished_at", "plies", "position", "to_move"}
    CLOCK_FIELDS |= {"time_control", "warned_ply", "on_service", "first_move_by"}

    def __str__(self) -> str:
        place = self.place
        if place.event is None:  # a game on the service or an imported record
            return f"{self.white} – {self.black} ({self.get_origin_display()})"
        return f"{self.white} – {self.black} ({place.event_name} round {place.round}, board {place.board})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Saved with who is to move (:attr:`to_move`: the status of a position of a game in play saved)
        and its clock's moments (:data:`MOMENTS`) when its clock (:attr:`CLOCK_FIELDS`) changed."""
        fields, in_play = kwargs.get("update_fields"), self.on_service and not self.finished_at
        if in_play and self.position and (fields is None or "position" in fields):
            try:
                self.to_move = registry.status(self.position).to_move
            except ArbiterError:  # a position no engine reads: nobody to move
                self.to_move = None
        if MOMENTS and (fields is None or self.CLOCK_FIELDS & {*fields}):
            MOMENTS[0](self)
            kwargs["update_fields"] = None if fields is None else {*fields, "to_move", "flag_at", "warn_at"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("games:game-detail", args=[self.pk])

    @property
    def place(self) -> origins.Place:
        """Where the game stands: its event, round, board and number there (``games.origins``)."""
        return origins.place(self)

    @property
    def game_name(self) -> str:
        """The game's name in the active language ("GIPF standard")."""
        return game_name(self.game)

    @property
    def score_text(self) -> str:
        """The score with what it means in the game's spec ("stack score 9-7")."""
        return score_text(self.game, self.score)


class SubmittedRecord(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Awaiting verification")
        VALID = "valid", _("Valid")
        INVALID = "invalid", _("Invalid")

    class Kind(models.TextChoices):
        RECORD = "record", _("Game record")
        RESULT = "result", _("Result without a record")
        PLAYED = "played", _("Record of the game played on the service")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    submitted_from = models.GenericIPAddressField(null=True, blank=True, help_text="The sender's address")
    by_official = models.BooleanField(
        default=False, help_text="Submitted by an organiser or arbiter of the event"
    )
    # A result without a record (``games.records.reports``) keeps its result in ``verdict["result"]``, its
    # ``text`` empty and its status valid: confirmation and decisions treat it like a verified record.
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.RECORD)
    text = models.TextField(blank=True)
    submitted_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    verdict = models.JSONField(null=True, blank=True)
    error_ply = models.PositiveIntegerField(null=True, blank=True)
    error_move = models.TextField(blank=True, help_text="The move as written (any length)")
    error_reason = models.TextField(blank=True)
    applied = models.BooleanField(default=False, help_text="The verified result was applied to the pairing")
    note = models.TextField(blank=True, help_text="Why the result was or was not applied")
    official = models.BooleanField(default=False, help_text="The submission the game's result rests on")

    # Set by ``submit_record`` when the same text was submitted before (not stored).
    repeated = False

    class Meta:
        ordering = ["-submitted_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"], condition=Q(official=True), name="one_official_submission_per_game"
            )
        ]

    def __str__(self) -> str:
        return f"record for {self.game} ({self.get_status_display()})"

    def error_message(self) -> str:
        """Where and why the record was refused, in the active language."""
        prefix = messages.where(self.error_ply, self.error_move)
        return (prefix + ": " if prefix else "") + self.reason_message()

    def reason_message(self) -> str:
        """Why the record was refused, in the active language (the arbiter's reason translated)."""
        return messages.arbiter_message(self)


class Dispute(models.Model):
    """An objection to a game's result: the opponent's, or a later valid record with another outcome."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="disputes")
    opened_by = done_by(blank=True)
    opened_at = models.DateTimeField(auto_now_add=True)
    submission = models.ForeignKey(
        SubmittedRecord, on_delete=models.SET_NULL, null=True, blank=True, related_name="disputes"
    )
    reason = models.TextField()
    decision = models.ForeignKey(
        "Decision", on_delete=models.SET_NULL, null=True, blank=True, related_name="disputes"
    )

    class Meta:
        ordering = ["opened_at", "pk"]

    def __str__(self) -> str:
        return f"dispute on {self.game}"


class Decision(models.Model):
    """The arbiter's final word on a game: one submission made official, or a result with a reason."""

    class Kind(models.TextChoices):
        SUBMISSION = "submission", _("Submission made official")
        FORFEIT = "forfeit", _("Forfeit")
        ADJUDICATION = "adjudication", _("Adjudication")
        BOTH_LOSE = "both-lose", _("Both lose")
        OTHER = "other", _("Other")
        ANNULMENT = "annulment", _("Annulment")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="decisions")
    decided_by = done_by()
    decided_at = models.DateTimeField(auto_now_add=True)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    submission = models.ForeignKey(
        SubmittedRecord, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    result = models.CharField(max_length=10, help_text="The game's result code after the decision")
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-decided_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} on {self.game}: {self.result}"


class Move(models.Model):
    """One move of a game played on the service, as the arbiter wrote it, and the mover's clock after it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField(help_text="1 for the first move")
    notation = models.TextField(help_text="In the game's record notation, as the arbiter writes it")
    position = models.TextField(help_text="The position after the move")
    by = done_by()
    at = models.DateTimeField()
    clock_after = models.DurationField(null=True, blank=True, help_text="The mover's time left after it")
    clock_before = models.DurationField(
        null=True, blank=True, help_text="The mover's time left when he made it (a takeback gives it back)"
    )

    class Meta:
        ordering = ["game", "ply"]
        constraints = [models.UniqueConstraint(fields=["game", "ply"], name="one_move_per_game_ply")]

    def __str__(self) -> str:
        return f"{self.game_id}: {self.ply}. {self.notation}"


class Vacation(models.Model):
    """Days away that pause a player's correspondence clocks (``games.play.vacations``; the arithmetic in
    ``games.play.clocks``): from ``started_at`` to ``ends_at``, which the player may bring forward."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="vacations")
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField(
        help_text="When it ends: at its start the year's vacation days left, earlier when the player ends it"
    )

    class Meta:
        ordering = ["-started_at", "-pk"]
        indexes = [models.Index(fields=["player", "ends_at"], name="vacation_player_ends")]

    def __str__(self) -> str:
        return f"vacation of {self.player} from {self.started_at:%Y-%m-%d %H:%M}"


class TimeGiven(models.Model):
    """An arbiter's gift of time to one player of a game played on the service (``games.play.arbitration``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="time_given")
    side = models.PositiveSmallIntegerField(choices=[(0, _("White")), (1, _("Black"))])
    amount = models.DurationField()
    given_by = done_by()
    given_at = models.DateTimeField()
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["given_at", "pk"]

    def __str__(self) -> str:
        return f"{self.amount} given on {self.game_id}"


class Challenge(models.Model):
    """One player's challenge to another to a casual game on the service (``games.play.challenges``)."""

    class Status(models.TextChoices):
        OPEN = "open", _("Awaiting an answer")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    class Colour(models.TextChoices):
        WHITE = "white", _("White")
        BLACK = "black", _("Black")
        RANDOM = "random", _("Random")

    challenger = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="challenges_sent")
    challenged = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="challenges_received",
        null=True,
        blank=True,
        help_text="Empty: an open challenge, which any other player with an account may accept",
    )
    open_to_all = models.BooleanField(
        default=False, help_text="Sent to no one: the first other player to accept it plays (challenged then)"
    )
    game = models.CharField(max_length=20, validators=[validate_game])  # a registered game key
    time_control = models.CharField(max_length=20, blank=True)
    rated = models.BooleanField(default=False)
    colour = models.CharField(
        max_length=6, choices=Colour.choices, default=Colour.RANDOM, help_text="The challenger's colour"
    )
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text="The game's start options (games.options), as its game's spec declares them",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    played = models.OneToOneField(
        Game,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="challenge",
        help_text="The game created when the challenge was accepted",
    )

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        challenged = self.challenged if self.challenged_id else "anyone"  # an open challenge
        return f"{self.challenger} challenges {challenged} ({self.get_status_display()})"

    @property
    def game_name(self) -> str:
        return game_name(self.game)

    @property
    def shown_options(self) -> list[dict[str, str]]:
        """The start options its game declares, each with its label and the value agreed ("" : the
        variant's own; ``games.options.shown``)."""
        from games import options as game_options  # the registry's declarations, read when shown

        return game_options.shown(self.game, self.options or {})


class DrawOffer(models.Model):
    """A player's offer of a draw in a game played on the service whose rules allow one
    (``games.play.draws``): open until the opponent accepts or declines it, or moves (it lapses)."""

    class Status(models.TextChoices):
        OPEN = "open", _("Offered")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        LAPSED = "lapsed", _("Lapsed")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="draw_offers")
    side = models.PositiveSmallIntegerField(
        choices=[(0, _("White")), (1, _("Black"))], help_text="Who offered it"
    )
    ply = models.PositiveIntegerField(help_text="The moves played when it was offered")
    offered_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-offered_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"], condition=Q(status="open"), name="one_open_draw_offer_per_game"
            )
        ]

    def __str__(self) -> str:
        return f"draw offer in {self.game_id} ({self.status})"
