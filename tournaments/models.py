"""The schema of events: events (their games' options in ``event_options``), registrations, rounds,
pairings (their games in ``game_links``), Swiss bye rules and requests, publication and audit of
rounds, standings, rating lists (settings per family), ratings and rating changes. Points are stored
as integer half-points everywhere (a win worth 1 point is 2). Besides the fields, only what a row
says of itself lives here: :attr:`Round.is_draft` (the one definition of a draft round) and
:meth:`PairingQuerySet.visible_to` (the one query for what a user may see)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.policy import Role, play_only, roles_of
from common.fields import done_by
from games.choices import game_name, validate_game
from games.models import Game
from games.play.clocks import validate_time_control
from tournaments.autopilot_models import (  # noqa: F401 - the autopilot's models, exported here
    AutopilotStep,
    Webhook,
    WebhookDelivery,
)
from tournaments.core import systems
from tournaments.core.codes import (
    BYE_FULL,
    BYE_HALF,
    BYE_PAIRING_ALLOCATED,
    BYE_ZERO,
    PointSystem,
    format_points,
)
from tournaments.event_options import EventGameOptions as EventGameOptions  # its model, exported here
from tournaments.game_links import PairingGame
from tournaments.rating_models import (  # noqa: F401 - the rating lists' models, exported here
    CasualPeriod,
    Rating,
    RatingChange,
    RatingList,
)


class PlayMode(models.TextChoices):
    """Where a round's games are played (both: on the service, or elsewhere and submitted)."""

    ELSEWHERE = "elsewhere", _("Played elsewhere, records submitted")
    SERVICE = "service", _("Played on the service")
    BOTH = "both", _("On the service or elsewhere")


class Event(models.Model):
    class System(models.TextChoices):
        ROUND_ROBIN = systems.ROUND_ROBIN, _("Round robin")
        DOUBLE_ROUND_ROBIN = systems.DOUBLE_ROUND_ROBIN, _("Double round robin")
        SWISS_DUTCH = systems.SWISS_DUTCH, _("Swiss (FIDE Dutch)")

    class Status(models.TextChoices):
        CREATED = "created", _("Registration open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    # The one-time key of the form that created the event: the same form sent twice (a double
    # click, a retry, twenty at once) creates one event (events/services.create_event).
    creation_key = models.CharField(max_length=32, null=True, blank=True, unique=True, editable=False)
    game = models.CharField(max_length=20, validators=[validate_game])  # a registered game key
    pairing_system = models.CharField(max_length=24, choices=System.choices, default=System.ROUND_ROBIN)
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Number of rounds (derived for round robins when the event starts)"
    )
    games_per_pairing = models.PositiveSmallIntegerField(
        default=1, choices=[(1, _("1 game")), (2, _("2-game match, colours swapped"))]
    )
    win_points = models.PositiveSmallIntegerField(default=2, help_text="Half-points for a win")
    draw_points = models.PositiveSmallIntegerField(default=1, help_text="Half-points for a draw")
    loss_points = models.PositiveSmallIntegerField(default=0, help_text="Half-points for a loss")
    bye_points = models.PositiveSmallIntegerField(
        default=2, help_text="Half-points for a pairing-allocated bye"
    )
    round_robin_bye_scored = models.BooleanField(
        default=False,
        help_text="Round robins with an odd number of players: the bye scores the pairing-allocated "
        "bye's points (unscored by default)",
    )
    tie_breaks = models.JSONField(
        default=list, blank=True, help_text="Ordered list of FIDE C.07 tie-break codes"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CREATED)
    top_seed_colour = models.CharField(
        max_length=5,
        blank=True,
        choices=[("white", _("White")), ("black", _("Black"))],
        help_text="Colour of pairing number 1 in round 1 (recorded when round 1 is paired)",
    )
    rated = models.BooleanField(default=True, help_text="The games of this event count for the rating lists")
    unrecorded_results = models.BooleanField(
        default=False,
        help_text="A game's players and the event's officials may submit a result without a record "
        "(a player's needs the opponent's or an arbiter's confirmation)",
    )
    rate_unrecorded = models.BooleanField(
        default=False,
        help_text="Games whose result rests on a result submitted without a record count for the "
        "rating lists (unrated by default)",
    )
    # Where the rounds' games are played unless a round says otherwise, and their time control there.
    play_mode = models.CharField(max_length=10, choices=PlayMode.choices, default=PlayMode.ELSEWHERE)
    time_control = models.CharField(max_length=20, blank=True, validators=[validate_time_control])
    vacations = models.BooleanField(default=True, help_text="Vacations pause its correspondence clocks")
    close_rounds_by_itself = models.BooleanField(
        default=False,
        help_text="A round closes by itself when its last game ends on the service and every game's "
        "result is official (tournaments.results.round_closing)",
    )
    # The autopilot (``tournaments.autopilot``): the steps an event takes by itself, and its games' start.
    auto_pair = models.BooleanField(default=False, help_text="Pair and publish the next round by itself")
    auto_pair_delay = models.PositiveIntegerField(
        default=60, help_text="Seconds between a round's close and the next round's pairing by itself"
    )
    auto_finish = models.BooleanField(default=False, help_text="Finish by itself after the last round")
    all_rounds_at_once = models.BooleanField(
        default=False, help_text="A correspondence round robin: every round's games start at the start"
    )
    autopilot_paused = models.BooleanField(default=False, help_text="The organiser paused the autopilot")
    autopilot_stopped = models.CharField(
        max_length=1000, blank=True, help_text="Why the autopilot stopped (empty: it runs)"
    )
    round_times = models.JSONField(
        default=list, blank=True, help_text="When each round's games start (ISO 8601, round 1 first)"
    )
    first_move_grace = models.PositiveIntegerField(
        null=True, blank=True, help_text="Seconds for each first move of a game (empty: the service's)"
    )
    webhook_secret = models.CharField(max_length=64, blank=True, help_text="Signs its webhooks (HMAC-SHA256)")
    location = models.CharField(max_length=200, blank=True)
    start_date = models.DateField(null=True, blank=True)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organised_events", blank=True)
    arbiters = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="arbitrated_events", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(games_per_pairing__in=[1, 2]), name="event_games_per_pairing_1_or_2"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:event-detail", args=[self.slug])

    @property
    def system_spec(self) -> systems.PairingSystemSpec:
        """What the event's pairing system decides (round count, late entries, byes, drafts)."""
        return systems.system_spec(self.pairing_system)

    @property
    def game_name(self) -> str:
        """The event's game in the active language ("GIPF standard")."""
        return game_name(self.game)

    @property
    def point_system(self) -> PointSystem:
        """What results and byes are worth in this event (half-points).

        The one place the bye of a round robin with an odd number of players is scored: nothing
        unless the organiser chose to score it (``round_robin_bye_scored``).
        """
        pab = self.bye_points if self.system_spec.pab_always_scored or self.round_robin_bye_scored else 0
        return PointSystem(win=self.win_points, draw=self.draw_points, loss=self.loss_points, pab=pab)

    def current_round(self) -> Round | None:
        return self.round_set.order_by("-number").first()


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey("accounts.Player", on_delete=models.PROTECT, related_name="registrations")
    pairing_number = models.PositiveIntegerField(null=True, blank=True)
    rating = models.IntegerField(
        null=True, blank=True, help_text="Rating at the start of the event; empty: unrated"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="First round the player is no longer paired in"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # the unrated after the rated (SQLite and PostgreSQL put NULL at opposite ends otherwise)
        ordering = ["pairing_number", F("rating").desc(nulls_last=True), "player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_once_per_event"),
            models.UniqueConstraint(
                fields=["event", "pairing_number"],
                condition=Q(pairing_number__isnull=False),
                name="registration_unique_pairing_number",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"

    @property
    def withdrawn(self) -> bool:
        return self.status == self.Status.WITHDRAWN

    def is_active_in(self, round_number: int) -> bool:
        return self.withdrawn_from_round is None or round_number < self.withdrawn_from_round


class RoundQuerySet(models.QuerySet["Round"]):
    def drafts(self) -> RoundQuerySet:
        """Swiss rounds paired but not yet published: the draft the arbiter may still edit."""
        return self.filter(DRAFT_ROUNDS)


# A draft round, as a query (see Round.is_draft for one row).
DRAFT_ROUNDS = Q(
    event__pairing_system__in=systems.systems_with(draft_rounds=True),
    status="paired",
    publication__isnull=True,
)


class Round(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        PAIRED = "paired", _("Paired")
        CLOSED = "closed", _("Closed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    paired_at = models.DateTimeField(null=True, blank=True)
    pairing_error = models.TextField(blank=True, help_text="Why the last pairing attempt failed")
    pairing_progress = models.PositiveSmallIntegerField(default=0, help_text="Percent done while pairing")
    closed_at = models.DateTimeField(null=True, blank=True)
    # Where this round's games are played and their time control (empty: the event's), its deadline.
    play_mode = models.CharField(max_length=10, choices=PlayMode.choices, blank=True)
    time_control = models.CharField(max_length=20, blank=True, validators=[validate_time_control])
    deadline = models.DateTimeField(null=True, blank=True, help_text="When its games should be over")
    starts_at = models.DateTimeField(
        null=True, blank=True, help_text="When its games on the service start (set when it is published)"
    )
    # Work still to do, written in the transaction that makes it necessary and cleared by the task
    # that does it; ``tournaments.sweep`` re-enqueues what a lost task left behind.
    pairing_requested_at = models.DateTimeField(
        null=True, blank=True, help_text="When the pairing was (last) requested while the round is pending"
    )
    pairing_started_at = models.DateTimeField(
        null=True, blank=True, help_text="When a worker began the pairing"
    )
    standings_stale_since = models.DateTimeField(
        null=True, blank=True, help_text="Standings to recompute after this round (empty: up to date)"
    )
    ratings_stale_since = models.DateTimeField(
        null=True, blank=True, help_text="Ratings to apply for this round (empty: up to date)"
    )

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:round-detail", args=[self.event.slug, self.number])

    @property
    def is_published(self) -> bool:
        return hasattr(self, "publication")  # the reverse one-to-one raises when absent

    @property
    def is_draft(self) -> bool:
        """A Swiss round paired but not published: shown to its event's managers only."""
        return (
            self.event.system_spec.draft_rounds
            and self.status == self.Status.PAIRED
            and not self.is_published
        )


class PairingQuerySet(models.QuerySet["Pairing"]):
    def with_games(self) -> PairingQuerySet:
        """With their games read in order (game 1 first), each with its link (``pairing.games.all``)."""
        games = Game.objects.select_related("pairing_game", "white", "black")
        return self.prefetch_related(models.Prefetch("games", games.order_by("pairing_game__number")))

    def visible_to(self, user: object) -> PairingQuerySet:
        """The pairings ``user`` may see: those of draft rounds only for their event's managers (the
        officials of ``accounts.policy``'s ``MANAGE_EVENT``, as a query)."""
        roles = roles_of(user)
        if Role.SUPERUSER in roles:
            return self
        drafts = Round.objects.drafts()
        if Role.SIGNED_IN in roles and not play_only(user):  # a play token reads as a player
            drafts = drafts.exclude(Q(event__organisers=user) | Q(event__arbiters=user))
        return self.exclude(round__in=drafts)


class Pairing(models.Model):
    """One board of a round: two registrations, or one with a bye.

    ``results`` holds one result code per game of the pairing (``"1-0"``, ``"0-1"``,
    ``"1/2-1/2"``, ``"+/-"``, ``"-/+"``, ``"-/-"``), separated by spaces; game 1 has the colours of
    the pairing, game 2 of a match the colours swapped. Scores are in half-points.
    """

    class Bye(models.TextChoices):
        NONE = "", _("No bye")
        PAIRING_ALLOCATED = BYE_PAIRING_ALLOCATED, _("Pairing-allocated bye")
        HALF = BYE_HALF, _("Half-point bye")
        FULL = BYE_FULL, _("Full-point bye")
        ZERO = BYE_ZERO, _("Zero-point bye")

    class Source(models.TextChoices):
        NONE = "", _("No result yet")
        VERIFIED = "verified", _("Verified game record")
        REPORTED = "reported", _("Reported")
        FORFEIT = "forfeit", _("Forfeit")
        BYE = "bye", _("Bye")
        ARBITER = "arbiter", _("Arbiter decision")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField()
    # RESTRICT: a registration with pairings cannot be deleted on its own, only with its event.
    white = models.ForeignKey(Registration, on_delete=models.RESTRICT, related_name="pairings_as_white")
    black = models.ForeignKey(
        Registration, on_delete=models.RESTRICT, related_name="pairings_as_black", null=True, blank=True
    )
    bye = models.CharField(max_length=5, choices=Bye.choices, blank=True, default="")
    results = models.CharField(max_length=40, blank=True, default="")
    white_score = models.PositiveSmallIntegerField(null=True, blank=True)
    black_score = models.PositiveSmallIntegerField(null=True, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)
    games = models.ManyToManyField(Game, through=PairingGame, related_name="+")  # in order: with_games

    objects = PairingQuerySet.as_manager()

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="pairing_unique_board"),
            models.UniqueConstraint(fields=["round", "white"], name="pairing_white_once_per_round"),
            models.UniqueConstraint(
                fields=["round", "black"],
                condition=Q(black__isnull=False),
                name="pairing_black_once_per_round",
            ),
            models.CheckConstraint(
                condition=(Q(black__isnull=True) & ~Q(bye="")) | (Q(black__isnull=False) & Q(bye="")),
                name="pairing_bye_iff_no_black",
            ),
        ]

    def __str__(self) -> str:
        if self.black_id is None:
            return f"{self.white.player} bye"
        return f"{self.white.player} - {self.black.player}"  # type: ignore[union-attr]

    @property
    def has_result(self) -> bool:
        return self.white_score is not None

    @property
    def is_bye(self) -> bool:
        return self.black_id is None

    @property
    def result_codes(self) -> list[str]:
        return self.results.split()

    def result_display(self) -> str:
        if self.is_bye:
            return f"{self.get_bye_display()} ({format_points(self.white_score)})"
        if not self.has_result:
            return ""
        return f"{format_points(self.white_score)} – {format_points(self.black_score)}"


class ForbiddenPair(models.Model):
    """Two registrations the organiser does not want paired (same club, same family)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="forbidden_pairs")
    first = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=120, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "first", "second"], name="forbidden_pair_once"),
        ]

    def __str__(self) -> str:
        return f"{self.first.player} / {self.second.player}"


class Standing(models.Model):
    """The standings of an event after a round, computed by a Celery task when a round closes."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standings")
    after_round = models.PositiveSmallIntegerField()
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="standings")
    rank = models.PositiveIntegerField()
    points = models.PositiveIntegerField(help_text="Half-points")
    tie_breaks = models.JSONField(default=dict, help_text="C.07 code -> value as a decimal string")
    games = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["event", "after_round", "rank", "registration__pairing_number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "after_round", "registration"], name="standing_once"),
        ]

    def __str__(self) -> str:
        return f"{self.registration.player}: {self.rank}"


class SwissSettings(models.Model):
    """How a Swiss event handles requested byes and late entries (defaults when absent)."""

    class LateEntryBye(models.TextChoices):
        ZERO = "zero", _("Zero-point byes")
        HALF = "half", _("Half-point byes")

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="swiss_settings")
    max_half_byes = models.PositiveSmallIntegerField(
        default=1, help_text="Half-point byes a player may request over the event"
    )
    half_bye_refused_rounds = models.JSONField(
        default=list, blank=True, help_text="Round numbers in which half-point byes are refused"
    )
    late_entry_bye = models.CharField(
        max_length=5,
        choices=LateEntryBye.choices,
        default=LateEntryBye.ZERO,
        help_text="What a late entrant scores for the rounds played before joining",
    )

    def __str__(self) -> str:
        return f"Swiss settings of {self.event}"


class ByeRequest(models.Model):
    """A player known not to play in a round: not paired, scored as the bye of ``kind``."""

    class Kind(models.TextChoices):
        HALF = BYE_HALF, _("Half-point bye")
        FULL = BYE_FULL, _("Full-point bye")
        ZERO = BYE_ZERO, _("Zero-point bye (absent)")

    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="bye_requests"
    )
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=5, choices=Kind.choices)
    created_by = done_by(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round_number", "registration__pairing_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "round_number"], name="bye_request_once_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration.player}: {self.get_kind_display()} in round {self.round_number}"


class RoundPublication(models.Model):
    """A paired round made public: from then on its pairings can no longer be edited by hand."""

    round = models.OneToOneField("tournaments.Round", on_delete=models.CASCADE, related_name="publication")
    published_by = done_by(blank=True)
    published_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.round} published"


class PairingAudit(models.Model):
    """One hand edit of a round's pairings: who, when, the boards before and after, rules broken."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="pairing_audits")
    user = done_by(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(default=dict, help_text='{"pairs": [[w, b], ...], "byes": [[n, kind], ...]}')
    after = models.JSONField(default=dict)
    violations = models.JSONField(default=list, blank=True, help_text="Pairing rules the edit breaks")
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["round", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.round}: edit by {self.user or 'unknown'} at {self.created_at:%Y-%m-%d %H:%M}"


class ResultCorrection(models.Model):
    """A result changed in a closed round by an arbiter or organiser: who, when, before, after, why.

    ``recomputed_at`` stays empty until the background job has recomputed the standings of the
    round and every later one and the ratings from its rating period on: until then those figures
    are stale (``tournaments.results.corrections.stale_corrections``).
    """

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="corrections")
    corrected_by = done_by(blank=True)
    corrected_at = models.DateTimeField(auto_now_add=True)
    old_results = models.CharField(max_length=40, blank=True)
    old_white_score = models.PositiveSmallIntegerField(null=True, blank=True)
    old_black_score = models.PositiveSmallIntegerField(null=True, blank=True)
    old_source = models.CharField(max_length=10, blank=True)
    new_results = models.CharField(max_length=40)
    new_white_score = models.PositiveSmallIntegerField()
    new_black_score = models.PositiveSmallIntegerField()
    reason = models.TextField()
    recomputed_at = models.DateTimeField(
        null=True, blank=True, help_text="When standings and ratings were recomputed (empty: still to do)"
    )

    class Meta:
        ordering = ["corrected_at", "pk"]

    def __str__(self) -> str:
        return f"{self.pairing.round}, board {self.pairing.board}: {self.old_results} → {self.new_results}"

    def old_display(self) -> str:
        return f"{format_points(self.old_white_score)} – {format_points(self.old_black_score)}"

    def new_display(self) -> str:
        return f"{format_points(self.new_white_score)} – {format_points(self.new_black_score)}"


class TieBreakChange(models.Model):
    """The tie-break list of an event changed after its start by an arbiter: who, when, before,
    after, why (the stored standings were recomputed with the new list at once)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tie_break_changes")
    changed_by = done_by(blank=True)
    changed_at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(default=list, help_text="C.07 codes before the change")
    after = models.JSONField(default=list, help_text="C.07 codes after the change")
    reason = models.TextField()

    class Meta:
        ordering = ["changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.event}: {', '.join(self.before)} → {', '.join(self.after)}"
