"""The people's schema: players (and the account a player is linked to), and the notices to users and
their preferences (written through ``accounts.notices.notify``; a registration's claim code is
``personal.models.ClaimCode``).

``Player`` keeps its table ``tournaments_player`` from the time it lived in ``tournaments``: its rows
and every key to it stay as they are (migration ``0002_player``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """A person who plays, in events or on the service; at most one per account (``user``)."""

    display_name = models.CharField(max_length=120)
    handle = models.SlugField(max_length=60, unique=True, help_text="Unique short name, e.g. 'k.brouwer'")
    country = models.CharField(max_length=3, blank=True, help_text="Country code, e.g. NED")
    fide_id = models.PositiveBigIntegerField(
        null=True, blank=True, unique=True, help_text="FIDE-style identification number (TRF), when known"
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_player"
        ordering = ["display_name"]

    def __str__(self) -> str:
        return self.display_name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:player-detail", args=[self.handle])


class Notice(models.Model):
    """Something a user is told: on his notices page, in the header's count, on his player's own
    stream and by e-mail where he has an address (``accounts.notices.notify``, the one way a notice
    is written; ``personal.delivery`` carries it to every channel once it is committed)."""

    # Its kind (``accounts.notices.KINDS``: what it is about, and what his preferences mute by e-mail).
    YOUR_MOVE, TIME_WARNING = "your-move", "time-warning"
    CHALLENGE = "challenge"  # a challenge sent to him or answered (``personal.challenge_notices``)
    # An event's (``tournaments.telling.notices``): a round with his game (or bye) published, with its
    # start; a game of his lost by forfeit (no first move within the grace: ``games.play``); to the
    # organisers, a step the event took by itself, the autopilot stopped (why), a webhook failing.
    ROUND_PUBLISHED, FORFEIT = "round-published", "forfeit"
    AUTOPILOT, AUTOPILOT_STOPPED, WEBHOOK_FAILING = "autopilot", "autopilot-stopped", "webhook-failing"

    class Delivery(models.TextChoices):
        """How far its delivery went (``personal.delivery``): the database remembers what is owed."""

        NEW = "new", _("Not delivered yet")
        MAIL = "mail", _("Its e-mail is owed")
        DONE = "done", _("Delivered")

    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    text = models.TextField()
    link = models.CharField(max_length=300, blank=True, help_text=_("A page of the site, e.g. the game's"))
    created_at = models.DateTimeField(auto_now_add=True)
    read = models.BooleanField(default=False)
    kind = models.CharField(max_length=20, blank=True, help_text=_("What it is about, e.g. your-move"))
    params = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("What it names, for programs: the game's id, the event, the round"),
    )
    delivery = models.CharField(max_length=4, choices=Delivery.choices, default=Delivery.NEW)
    emailed_at = models.DateTimeField(null=True, blank=True, help_text=_("When it went out by e-mail"))

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["recipient", "read"], name="notice_recipient_read"),
            # the sweep's look for the notices whose delivery is still owed (few, if any)
            models.Index(fields=["created_at"], condition=~Q(delivery="done"), name="notice_to_deliver"),
        ]

    def __str__(self) -> str:
        return f"notice to {self.recipient}: {self.text[:40]}"


class NoticePreference(models.Model):
    """What a user wants of his notices: their language, and which kinds come by e-mail."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_preference"
    )
    language = models.CharField(
        max_length=10,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=_("The language of his notices and their e-mails; empty: the site's default"),
    )
    emails = models.BooleanField(default=True, help_text=_("Notices come by e-mail at all"))
    email_off = models.JSONField(
        default=list, blank=True, help_text=_("The kinds of notice that never come by e-mail")
    )

    def __str__(self) -> str:
        return f"notice preference of {self.user}"

    def emails_kind(self, kind: str) -> bool:
        """Whether a notice of ``kind`` comes to him by e-mail."""
        return self.emails and kind not in (self.email_off or [])


class ApiToken(models.Model):
    """A named API token of a user (``accounts.tokens``), with its scope: ``play`` (playing and
    reading: the writes under ``/api/play/``, ``/api/games/``, ``/api/vacation/``) or ``all``.
    Only the key's SHA-256 is stored: the key is shown once, when the token is created. The account
    page's one token (DRF's ``authtoken``) stays, with the scope ``all``."""

    class Scope(models.TextChoices):
        PLAY = "play", _("Play only")
        ALL = "all", _("Everything the account may do")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    scope = models.CharField(max_length=4, choices=Scope.choices, default=Scope.PLAY)
    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the key, in hex")
    prefix = models.CharField(max_length=8, help_text="The key's first characters, to tell tokens apart")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "name"], name="api_token_name_once_per_user")]
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"API token {self.name} of {self.user}"


class BotAccount(models.Model):
    """An account that a program plays with: its owner says so, and every page naming it shows it."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bot")
    since = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"bot account {self.user}"
