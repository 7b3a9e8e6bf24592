"""Who may do what: the one permission policy of the service.

:func:`can` answers ``can(user, action, obj)`` and :func:`require` raises
:class:`~accounts.errors.PermissionRefused` (carrying the action) where it answers no;
:class:`Permissions` asks both about several actions reading the user's roles once. The rule is one
table, :data:`ALLOWED`: each :class:`Action` and the :class:`Role` s that may take it. A user's roles
over an object come from the resolver its app registered for the object's model (:func:`resolver`:
``tournaments.events.roles`` for events, rounds, pairings, registrations, byes and forbidden pairs,
``games.roles`` for games and challenges); being signed in, a superuser or anonymous is decided here, once.

What an object's *state* allows (a closed round, an event without unrecorded results) is not
here: the services check it and say why.

An API token has a scope (``Scope``): every API operation needs one, given by the one table
:data:`SCOPES` (read by the token authentication, ``accounts.api``, and shown in the API's schema,
``config.openapi``). A request made with a ``play`` token also has none of the official roles here
(:func:`roles_of`): it plays and reads as a player, whatever the account may do elsewhere.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

from django.utils.translation import gettext_lazy as _

from accounts.errors import PermissionRefused


class Role(enum.Enum):
    ANONYMOUS = "anonymous"
    SIGNED_IN = "signed in"
    SUPERUSER = "superuser"
    ORGANISER = "organiser"
    ARBITER = "arbiter"
    OFFICIAL = (
        "official"  # of what a game belongs to (its origin's officials: an event's organisers and arbiters)
    )
    PLAYER = "player"  # of a pairing or game, through the player's account
    CHALLENGER = "challenger"  # of a challenge to a casual game, through the player's account
    CHALLENGED = "challenged"  # the player a challenge is sent to, through his account


class Action(enum.StrEnum):
    CREATE_EVENT = "create event"
    MANAGE_EVENT = "manage event"  # settings, players, byes, rounds, pairings, results, corrections
    APPOINT_OFFICIALS = "appoint officials"
    MANAGE_CLAIM_CODES = "manage claim codes"
    CHANGE_TIE_BREAKS = "change tie-breaks"  # of a started event
    MANAGE_WEBHOOKS = "manage webhooks"  # an event's URLs, its secret and their deliveries
    SUBMIT_RECORD = "submit record"
    REPORT_RESULT = "report result"  # a result without a record
    ANSWER_RESULT = "answer result"  # confirm or dispute a provisional result
    DECIDE_RESULT = "decide result"
    CLAIM_PLAYER = "claim player"
    PLAY_MOVE = "play move"  # a move, or resigning, in a game played on the service
    WATCH_GAME = "watch game"  # follow a game played on the service live (its event stream)
    GIVE_TIME = "give time"  # to a player of a game played on the service
    ANNUL_GAME = "annul game"  # a game played on the service: no result, unrated
    CHALLENGE_PLAYER = "challenge player"  # to a casual game on the service
    ANSWER_CHALLENGE = "answer challenge"  # accept or decline it
    WITHDRAW_CHALLENGE = "withdraw challenge"


SUPERUSER, ORGANISER, ARBITER, PLAYER = Role.SUPERUSER, Role.ORGANISER, Role.ARBITER, Role.PLAYER
OFFICIALS = frozenset({SUPERUSER, ORGANISER, ARBITER, Role.OFFICIAL})


class Scope(enum.StrEnum):
    """What an API token may do (``accounts.models.ApiToken.Scope``, the same values)."""

    PLAY = "play"  # move, answer challenges and offers, submit and answer one's records, read
    ALL = "all"  # whatever the account may do


PLAY, ALL = Scope.PLAY, Scope.ALL

# The scope each API operation needs, by its route's name and its method (HEAD as GET; OPTIONS, a
# description, needs none). An operation not here needs ALL (tests/accounts/test_token_scopes.py fails
# on one). A play token moves, answers challenges and offers, submits and answers its games' records,
# and reads what a player reads; it never organises, arbitrates nor reads claim codes.
SCOPES: dict[tuple[str, str], Scope] = {
    # reading what anyone or a player reads
    ("api:event-list", "GET"): PLAY,
    ("api:event-detail", "GET"): PLAY,
    ("api:event-crosstable", "GET"): PLAY,
    ("api:event-rounds", "GET"): PLAY,
    ("api:event-round", "GET"): PLAY,
    ("api:event-standings", "GET"): PLAY,
    ("api:event-trf", "GET"): PLAY,
    ("api:pairing-detail", "GET"): PLAY,
    ("api:player-list", "GET"): PLAY,
    ("api:player-detail", "GET"): PLAY,
    ("api:player-rating-history", "GET"): PLAY,
    ("api:rating-list", "GET"): PLAY,
    ("api:game-list", "GET"): PLAY,
    ("api:game-detail", "GET"): PLAY,
    ("api:game-record", "GET"): PLAY,
    ("api:game-submissions", "GET"): PLAY,
    ("api:record-list", "GET"): PLAY,
    ("api:record-detail", "GET"): PLAY,
    ("api:service-game-list", "GET"): PLAY,
    ("api:service-game-detail", "GET"): PLAY,
    ("api:service-game-events", "GET"): PLAY,
    ("api:service-game-player-events", "GET"): PLAY,
    ("api:challenge-list", "GET"): PLAY,
    ("api:challenge-detail", "GET"): PLAY,
    ("api:me", "GET"): PLAY,
    ("api:me-bot", "GET"): PLAY,
    ("api:vacation", "GET"): PLAY,
    ("api:tokens", "GET"): PLAY,
    ("api:schema", "GET"): PLAY,
    ("api:docs", "GET"): PLAY,
    ("api:replay", "POST"): PLAY,  # replays a record, stores nothing
    # a token is created and revoked with the account's password, not with a token
    ("api:tokens", "POST"): PLAY,
    ("api:token-revoke", "POST"): PLAY,
    # playing: moves, the end of one's game, offers, takebacks, challenges, one's vacation
    ("api:service-game-move", "POST"): PLAY,
    ("api:service-game-resign", "POST"): PLAY,
    ("api:service-game-abort", "POST"): PLAY,
    ("api:service-game-offer-draw", "POST"): PLAY,
    ("api:service-game-accept-draw", "POST"): PLAY,
    ("api:service-game-decline-draw", "POST"): PLAY,
    ("api:service-game-takeback", "POST"): PLAY,
    ("api:service-game-takeback-accept", "POST"): PLAY,
    ("api:service-game-takeback-decline", "POST"): PLAY,
    ("api:challenge-list", "POST"): PLAY,
    ("api:challenge-accept", "POST"): PLAY,
    ("api:challenge-decline", "POST"): PLAY,
    ("api:challenge-withdraw", "POST"): PLAY,
    ("api:vacation", "POST"): PLAY,
    ("api:vacation-end", "POST"): PLAY,
    # one's games' records and the answers to their results
    ("api:game-submit", "POST"): PLAY,
    ("api:game-confirm", "POST"): PLAY,
    ("api:game-dispute", "POST"): PLAY,
    # arbitrating
    ("api:service-game-give-time", "POST"): ALL,
    ("api:service-game-adjudicate", "POST"): ALL,
    ("api:service-game-annul", "POST"): ALL,
    ("api:game-decide", "POST"): ALL,
    ("api:pairing-result", "POST"): ALL,
    ("api:pairing-correct", "POST"): ALL,
    # organising, and reading what only officials read
    ("api:event-list", "POST"): ALL,
    ("api:event-event-settings", "POST"): ALL,
    ("api:event-game-options", "POST"): ALL,
    # a round's own start, drawn in advance: not the players' to read before its games exist
    ("api:event-round-game-options", "GET"): ALL,
    ("api:event-round-game-options", "POST"): ALL,
    ("api:event-play", "POST"): ALL,
    ("api:event-swiss-settings", "POST"): ALL,
    ("api:event-tie-breaks", "POST"): ALL,
    ("api:event-start", "POST"): ALL,
    ("api:event-finish", "POST"): ALL,
    ("api:event-register", "POST"): ALL,
    ("api:event-register-list", "POST"): ALL,
    ("api:event-withdraw", "POST"): ALL,
    ("api:event-undo-withdrawal", "POST"): ALL,
    ("api:event-bye", "POST"): ALL,
    ("api:event-bye-cancel", "POST"): ALL,
    ("api:event-pair-next", "POST"): ALL,
    ("api:event-round-close", "POST"): ALL,
    ("api:event-round-deadline", "POST"): ALL,
    ("api:event-round-pairings", "POST"): ALL,
    ("api:event-round-play", "POST"): ALL,
    ("api:event-round-publish", "POST"): ALL,
    ("api:event-round-results", "POST"): ALL,
    ("api:event-round-retry", "POST"): ALL,
    ("api:event-officials", "GET"): ALL,
    ("api:event-officials", "POST"): ALL,
    ("api:event-remove-official", "POST"): ALL,
    ("api:event-forbidden-pairs", "GET"): ALL,
    ("api:event-forbidden-pairs", "POST"): ALL,
    # the autopilot and the event's webhooks (tournaments.autopilot): an organiser's, read and written
    ("api:event-autopilot", "GET"): ALL,
    ("api:event-autopilot", "POST"): ALL,
    ("api:event-pause-autopilot", "POST"): ALL,
    ("api:event-resume-autopilot", "POST"): ALL,
    ("api:event-webhooks", "GET"): ALL,
    ("api:event-webhooks", "POST"): ALL,
    ("api:event-remove-webhook", "POST"): ALL,
    ("api:event-new-webhook-secret", "POST"): ALL,
    ("api:event-webhook-deliveries", "GET"): ALL,
    ("api:event-remove-forbidden-pair", "POST"): ALL,
    ("api:claim-codes", "GET"): ALL,
    ("api:claim-code", "POST"): ALL,
    # one's notices: read and marked read by any token (a bot's too); their preferences need all
    ("api:notices", "GET"): PLAY,
    ("api:notices-read", "POST"): PLAY,
    ("api:notice-preferences", "GET"): PLAY,
    ("api:notice-preferences", "POST"): ALL,
    # the account itself: its sign-up, its player claimed by code, its own settings
    ("api:signup", "POST"): ALL,
    ("api:claim", "POST"): ALL,
    ("api:me-bot", "POST"): ALL,
}

# Roles a request made with a ``play`` token never has (it plays and reads as a player).
NOT_WITH_A_PLAY_TOKEN = frozenset({SUPERUSER, ORGANISER, ARBITER, Role.OFFICIAL})


def scope_needed(route: str, method: str) -> Scope | None:
    """The scope the API operation at ``route`` (``namespace:name``) needs with ``method``; None for
    OPTIONS (a description of the operation). Not in :data:`SCOPES`: ``ALL``."""
    method = "GET" if method.upper() == "HEAD" else method.upper()
    if method == "OPTIONS":
        return None
    return SCOPES.get((route, method), ALL)


def allows(scope: str, route: str, method: str) -> bool:
    """Whether a token of ``scope`` may call the operation at ``route`` with ``method``."""
    needed = scope_needed(route, method)
    return scope == ALL or needed is None or needed == PLAY


def play_only(user: object) -> bool:
    """Whether ``user`` acts through a ``play`` token in this request (``accounts.api`` marks it)."""
    return getattr(user, "api_scope", ALL) == PLAY


# The rule: who may take each action.
ALLOWED: dict[Action, frozenset[Role]] = {
    Action.CREATE_EVENT: frozenset({Role.SIGNED_IN}),
    Action.MANAGE_EVENT: OFFICIALS,
    Action.APPOINT_OFFICIALS: frozenset({SUPERUSER, ORGANISER}),
    Action.MANAGE_CLAIM_CODES: frozenset({SUPERUSER, ORGANISER}),
    Action.CHANGE_TIE_BREAKS: frozenset({SUPERUSER, ARBITER}),
    Action.MANAGE_WEBHOOKS: frozenset({SUPERUSER, ORGANISER}),
    Action.SUBMIT_RECORD: OFFICIALS | {PLAYER},
    Action.REPORT_RESULT: OFFICIALS | {PLAYER},
    Action.ANSWER_RESULT: frozenset({PLAYER}),
    Action.DECIDE_RESULT: OFFICIALS,
    Action.CLAIM_PLAYER: frozenset({Role.SIGNED_IN}),
    Action.PLAY_MOVE: frozenset({PLAYER}),
    # games on the service are public: players and spectators, signed in or not, follow them
    Action.WATCH_GAME: frozenset({Role.ANONYMOUS, Role.SIGNED_IN, PLAYER} | OFFICIALS),
    Action.GIVE_TIME: OFFICIALS,
    Action.ANNUL_GAME: OFFICIALS,
    Action.CHALLENGE_PLAYER: frozenset({Role.SIGNED_IN}),
    Action.ANSWER_CHALLENGE: frozenset({Role.CHALLENGED}),
    Action.WITHDRAW_CHALLENGE: frozenset({Role.CHALLENGER}),
}

# What a refusal says (rendered at the edge, in the request's language).
REFUSALS: dict[Action, object] = {
    Action.CREATE_EVENT: _("sign in to create an event"),
    Action.MANAGE_EVENT: _("only the event's organisers and arbiters may change it"),
    Action.APPOINT_OFFICIALS: _("only the event's organisers may appoint or remove officials"),
    Action.MANAGE_CLAIM_CODES: _("only the event's organisers may see, print or change its claim codes"),
    Action.CHANGE_TIE_BREAKS: _("only the event's arbiters may change its tie-breaks once it has started"),
    Action.MANAGE_WEBHOOKS: _("only the event's organisers may see or change its webhooks"),
    Action.SUBMIT_RECORD: _(
        "only the two players and the event's organisers and arbiters may submit records"
    ),
    Action.REPORT_RESULT: _(
        "only the two players and the event's organisers and arbiters may submit results"
    ),
    Action.ANSWER_RESULT: _("only the players of this game may confirm or dispute its result"),
    Action.DECIDE_RESULT: _("only the event's organisers and arbiters decide results"),
    Action.CLAIM_PLAYER: _("sign in to claim a player"),
    Action.PLAY_MOVE: _("only the two players of this game may play it"),
    Action.WATCH_GAME: _("this game may not be followed"),
    Action.GIVE_TIME: _(
        "only the event's organisers and arbiters (a superuser outside events) may give time"
    ),
    Action.ANNUL_GAME: _(
        "only the event's organisers and arbiters (a superuser outside events) may annul a game"
    ),
    Action.CHALLENGE_PLAYER: _("sign in to challenge a player"),
    Action.ANSWER_CHALLENGE: _("only the challenged player may accept or decline this challenge"),
    Action.WITHDRAW_CHALLENGE: _("only the challenger may withdraw this challenge"),
}

Resolver = Callable[[Any, Any], set[Role]]
R = TypeVar("R", bound=Resolver)
_RESOLVERS: dict[type, Resolver] = {}


def resolver(model: type) -> Callable[[R], R]:
    """Register ``function(obj, user) -> roles`` as the roles of a signed-in user over a ``model``."""

    def register(function: R) -> R:
        _RESOLVERS[model] = function
        return function

    return register


def roles_of(user: object, obj: object = None) -> set[Role]:
    """Every role ``user`` has over ``obj`` (over nothing in particular when ``obj`` is None)."""
    if not getattr(user, "is_authenticated", False):
        return {Role.ANONYMOUS}
    roles = {Role.SIGNED_IN}
    if getattr(user, "is_superuser", False):
        roles.add(SUPERUSER)
    if obj is not None:
        roles |= _resolver_of(obj)(obj, user)
    if play_only(user):
        roles -= NOT_WITH_A_PLAY_TOKEN
    return roles


def _resolver_of(obj: object) -> Resolver:
    for cls in type(obj).__mro__:
        if cls in _RESOLVERS:
            return _RESOLVERS[cls]
    raise TypeError(f"no roles are registered for {type(obj).__name__}")


class Permissions:
    """What ``user`` may do with ``obj``, asked about several actions: the user's roles over it are
    read once, at the first question that needs them (a submission asks whether its sender may
    submit, then whether he is an official)."""

    def __init__(self, user: object, obj: object = None) -> None:
        self.user, self.obj = user, obj
        self._roles: set[Role] | None = None

    def can(self, action: Action) -> bool:
        """Whether the user may take ``action`` on the object."""
        allowed = ALLOWED[action]
        user = self.user
        if (
            SUPERUSER in allowed
            and getattr(user, "is_superuser", False)
            and getattr(user, "is_authenticated", False)
            and not play_only(user)
        ):
            return True  # no question to the database
        if self._roles is None:
            self._roles = roles_of(user, self.obj)
        return bool(self._roles & allowed)

    def require(self, action: Action, message: object = None) -> None:
        """Raise :class:`PermissionRefused` (with the action's refusal, or ``message``) unless the user may."""
        if not self.can(action):
            raise PermissionRefused(action, message or REFUSALS[action])


def can(user: object, action: Action, obj: object = None) -> bool:
    """Whether ``user`` may take ``action`` on ``obj``."""
    return Permissions(user, obj).can(action)


def require(user: object, action: Action, obj: object = None, message: object = None) -> None:
    """Raise :class:`PermissionRefused` (with the action's refusal, or ``message``) unless ``user`` may."""
    Permissions(user, obj).require(action, message)
