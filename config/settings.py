"""Settings, all from the environment.

Nothing set gives the embedded default: a SQLite file in the project folder and Celery in eager
mode (tasks run in the web process). ``DATABASE_URL=postgres://...`` switches to PostgreSQL and
``CELERY_BROKER_URL=redis://...`` to Redis with real Celery workers.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config import lazy_eventstream as _lazy_eventstream

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG or os.environ.get("DJANGO_TESTING"):
        SECRET_KEY = "development-only-secret-key-not-for-production"  # noqa: S105
    else:
        raise ImproperlyConfigured("SECRET_KEY must be set in the environment when DEBUG is off")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# Production (DEBUG off) is served over HTTPS: plain HTTP is redirected, browsers are told to keep
# to HTTPS (HSTS) and cookies travel over HTTPS only. Each setting can be changed from the
# environment; behind a reverse proxy that terminates TLS, SECURE_PROXY_SSL_HEADER=1 trusts its
# "X-Forwarded-Proto: https" header (only set it when the proxy always sets or strips that header).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS") or ("0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
if env_bool("SECURE_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "config.admin_app.AdminConfig",  # the admin, its admin.py modules imported with the URLs
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from our static files: /api/docs/ works offline
    "rest_framework.authtoken",
    "django_eventstream",  # the live games' stored events (games.live.game_events), its two tables; loaded lazily below
    "tournaments",
    "games",
    "accounts",
    "personal",  # a person's own pages and notices, above games and tournaments (accounts: the people, below)
]

# django-eventstream's HTTP stack is loaded when an event is stored or a stream served, not at start-up.
_lazy_eventstream.install()

# Game packages registered beyond the built-in games of arbiter.registry (dotted paths of packages
# declaring a SPEC, arbiter.spec.GameSpec, comma-separated); games.apps registers them when Django
# starts, and `python -m arbiter` reads the same variable (arbiter.registry.packages_from).
GAME_PACKAGES: list[str] = env_list("GAME_PACKAGES")

MIDDLEWARE = [
    # When the request arrived (common.arrival): a move is judged then, not after its wait in the server.
    "common.arrival.ArrivalMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Bad input (NUL characters, undecodable or too deeply nested bodies) is a 400 before any view.
    "config.middleware.RequestGuardMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the switcher's cookie, else the browser's Accept-Language, else English.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A refused permission or a missing object raised by any page: the 403 or 404 page (config.errors).
    "config.errors.ServiceErrorMiddleware",
    # Record submissions, result entry and claim attempts from the pages: the API's rates, 429 above.
    "accounts.middleware.SubmissionThrottleMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Content-Security-Policy (django-csp): CONTENT_SECURITY_POLICY below, each policy built once a process.
    "config.middleware.PolicyOnceMiddleware",
    # ...whose style-src also allows each registered game's board stylesheet, by its hash.
    "games.web.middleware.BoardStylesPolicyMiddleware",
    # Embedded default only (eager tasks, no beat): now and then a request sweeps for lost work.
    "common.sweep.SweepOnRequestMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "personal.context_processors.account",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# On PostgreSQL each process (a gunicorn worker, a Celery worker's process) keeps its connection for
# DB_CONN_MAX_AGE seconds instead of opening one, and the server a process, for every request and
# task (that took about a third of a verification); it is checked before it is used again, so a
# restarted server costs a new connection, not an error. SQLite opens a file: 0 (one per request).
_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE") or ("600" if _POSTGRES else "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a competing writer instead of failing at once ("database is locked"). The journal is
    # a write-ahead log, synced at checkpoints (docs/configuration.md, "The embedded database"): pages
    # read while a move is written, and a commit costs no file created, synced and deleted (that was
    # half of a move's CPU).
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    DATABASES["default"]["OPTIONS"]["init_command"] = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Request bodies: Django's defaults, stated (config.middleware names them when a request is over).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000

# Content-Security-Policy (django-csp): everything from the site itself, no inline script or style
# attribute; the one inline style is a board's SVG stylesheet (one per registered game), allowed by
# its hash (games.web.middleware). Swagger UI (/api/docs/) loads its start-up script as a file.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],  # and each game's board stylesheet by its hash (games.web.middleware)
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LANGUAGE_CODE = "en-gb"
# English and Ukrainian; the Ukrainian catalogue is locale/uk/LC_MESSAGES/django.po (its .mo is committed).
LANGUAGES = [("en-gb", "English"), ("uk", "Українська")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:event-list"
LOGOUT_REDIRECT_URL = "tournaments:event-list"

# E-mail: printed on the console unless EMAIL_HOST names an SMTP server. Notices are e-mailed to
# users with an address when NOTICE_EMAILS is on (by default when an SMTP server is configured).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT") or "587")
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = 20
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "tournaments@localhost")
NOTICE_EMAILS = env_bool("NOTICE_EMAILS", bool(EMAIL_HOST))
# The site's address for links in e-mails, e.g. https://tournaments.example.org
SITE_URL = os.environ.get("SITE_URL", "")

# Sign-in lockout (accounts.lockout): failures of one user name from one address, failures from one
# address, and how long a lock lasts. Counted in the cache (CACHE_URL; per process without it).
SIGN_IN_FAILURE_LIMIT = int(os.environ.get("SIGN_IN_FAILURE_LIMIT") or "5")
SIGN_IN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("SIGN_IN_ADDRESS_FAILURE_LIMIT") or "20")
SIGN_IN_LOCKOUT_MINUTES = int(os.environ.get("SIGN_IN_LOCKOUT_MINUTES") or "15")
# Failures of one user name from anywhere that lock it out from addresses it never signed in from.
SIGN_IN_ACCOUNT_FAILURE_LIMIT = int(os.environ.get("SIGN_IN_ACCOUNT_FAILURE_LIMIT") or "100")
# How many reverse proxies of ours stand before the service (common.client): the client's address is
# read from X-Forwarded-For through that many, never further; 0 ignores the header.
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES") or "0")
# Redis inside a request (the cache, the live events' publisher, the broker queueing a task after the
# commit) fails fast (common.redis_faults): one attempt, REDIS_TIMEOUT seconds at most to connect and
# to answer, and a server that failed is refused at once by every client of the process for
# REDIS_RETRY_AFTER seconds (read by common.redis_faults) before it is tried again.
REDIS_TIMEOUT = float(os.environ.get("REDIS_TIMEOUT") or "0.25")
if os.environ.get("CACHE_URL", "").startswith(("redis://", "rediss://")):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["CACHE_URL"],
            "OPTIONS": {
                "pool_class": "common.redis_faults.FailFastPool",
                "socket_connect_timeout": REDIS_TIMEOUT,
                "socket_timeout": REDIS_TIMEOUT,
            },
        }
    }

# Live games (games.live.game_events, django-eventstream): the game pages and /api/play/{id}/events/ stream server-sent
# events when an ASGI server (uvicorn) serves them; a WSGI server answers 204 and the pages poll.
# EVENTS_REDIS_URL=redis://... carries the events from every process (gunicorn, workers) to the ASGI
# processes' streams; without it only the streams of the publishing process hear them.
# Every event is stored in the database first (django-eventstream's model storage, kept 24 hours), so a
# stream that reconnects with Last-Event-ID gets the events it missed, on SQLite and PostgreSQL alike.
EVENTSTREAM_STORAGE_CLASS = "django_eventstream.storage.DjangoModelStorage"
# The streams one ASGI process serves at once (games.live.streams): one more is answered 503 with Retry-After.
# An open stream holds no database connection and no thread while it waits (a coroutine and its
# socket: docs/performance.md "Streams one process holds"); config.limits raises the process's limit of
# open files for them at start, or lowers this to what the hard limit allows.
EVENT_STREAMS_MAX = int(os.environ.get("EVENT_STREAMS_MAX") or "10000")
# Opening a stream reads the database (authentication, the game, the stored events): at most this many
# streams of a process open at once (games.live.stream_gate), the others wait as coroutines (no thread, no
# connection), at most EVENT_STREAMS_OPEN_WAIT seconds (then 503). 0: no bound. And the threads that read
# the stored events for the open streams (each read's connection closed after it): together the most
# connections a process's streams take, whatever arrives at once (docs/deployment.md, "The connection budget").
EVENT_STREAMS_OPENING = int(os.environ.get("EVENT_STREAMS_OPENING") or "8")
EVENT_STREAMS_OPEN_WAIT = float(os.environ.get("EVENT_STREAMS_OPEN_WAIT") or "300")
EVENT_STREAMS_READERS = int(os.environ.get("EVENT_STREAMS_READERS") or "4")
# The other requests one ASGI process runs at once (each in a thread with a connection of its own,
# config.asgi); the others wait in the event loop. 0: no bound.
ASGI_REQUESTS_AT_ONCE = int(os.environ.get("ASGI_REQUESTS_AT_ONCE") or "12")
EVENTS_REDIS_URL = os.environ.get("EVENTS_REDIS_URL", "")
if EVENTS_REDIS_URL:
    from urllib.parse import urlsplit

    _events = urlsplit(EVENTS_REDIS_URL)
    if _events.scheme not in ("redis", "rediss"):
        raise ImproperlyConfigured("EVENTS_REDIS_URL must be a redis:// or rediss:// address")
    from common import redis_faults as _redis_faults

    # django-eventstream's publisher, redis.Redis(**EVENTSTREAM_REDIS): a move is never held up by a
    # Redis that does not answer (games.live logs the failure; the event is stored and sent later)
    EVENTSTREAM_REDIS = {"connection_pool": _redis_faults.pool(EVENTS_REDIS_URL, REDIS_TIMEOUT)}

# Celery: eager (in-process) unless a broker is configured.
_BROKER = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not _BROKER
CELERY_BROKER_URL = _BROKER or "memory://localhost/"
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", _BROKER or None)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True  # nothing reads task results: the database holds the outcome
# Fault tolerance: a task is acknowledged once it has run, so a worker killed in the middle gives it
# back; the database's marks and the sweep (common/sweep.py) cover the rest.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fix-up closes a worker's database connection after every task unless this many
# tasks may share it: the connection's age and health decide instead, as for a web request
# (DB_CONN_MAX_AGE above; config/celery.py), and the fix-up only closes it after this many tasks.
CELERY_DB_REUSE_MAX = 1000
# Time limits in seconds: soft (the task stops and records why), hard = soft + the margin (killed).
PAIRING_TIME_LIMIT = int(os.environ.get("PAIRING_TIME_LIMIT", "1800"))
STANDINGS_TIME_LIMIT = int(os.environ.get("STANDINGS_TIME_LIMIT", "600"))
VERIFY_TIME_LIMIT = int(os.environ.get("VERIFY_TIME_LIMIT", "60"))
SWEEP_TIME_LIMIT = 120
TASK_HARD_LIMIT_MARGIN = 30
CELERY_TASK_SOFT_TIME_LIMIT = 300  # any task without limits of its own
CELERY_TASK_TIME_LIMIT = CELERY_TASK_SOFT_TIME_LIMIT + TASK_HARD_LIMIT_MARGIN
# An unacknowledged task goes back to the queue after this long: longer than every hard limit (a
# running task is never handed out twice), and no longer than that needs (the sweep is faster).
_LONGEST_HARD_LIMIT = (
    max(PAIRING_TIME_LIMIT, STANDINGS_TIME_LIMIT, VERIFY_TIME_LIMIT, 300) + TASK_HARD_LIMIT_MARGIN
)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": _LONGEST_HARD_LIMIT + 60,
    # a request: REDIS_TIMEOUT (a worker waits longer for an answer: config/celery.py)
    "socket_connect_timeout": REDIS_TIMEOUT,
    "socket_timeout": REDIS_TIMEOUT,
}
if _BROKER.startswith(("redis://", "rediss://")):
    # kombu's Redis transport whose connections fail fast (common.redis_faults)
    CELERY_BROKER_TRANSPORT = "common.redis_faults:BrokerTransport"
# A request whose broker is down must not wait: one attempt and one more at once (a pooled connection
# the server closed), no back-off; then the sweep takes over (the database marks the work owed).
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0,
    "interval_max": 0,
}
# A game on the service starts when both sides have made their first move (games.play.aborts): each first
# move is due within this many seconds (a live time control; correspondence and no clock), else a
# casual game is aborted without a result and an event's game is lost by forfeit by the side to move
# (an event may set its own grace: Event.first_move_grace, tournaments.autopilot.start).
GAME_START_LIVE = int(os.environ.get("GAME_START_LIVE", "180"))
GAME_START_CORRESPONDENCE = int(os.environ.get("GAME_START_CORRESPONDENCE", str(7 * 86400)))
# An event's webhooks (tournaments.autopilot.webhooks): each POST waits WEBHOOK_TIMEOUT seconds at
# most; an address on a loopback, private, link-local or reserved network is refused unless
# WEBHOOKS_ALLOW_PRIVATE (the tests' local receiver; never on a public service).
WEBHOOK_TIMEOUT = float(os.environ.get("WEBHOOK_TIMEOUT", "5"))
WEBHOOKS_ALLOW_PRIVATE = env_bool("WEBHOOKS_ALLOW_PRIVATE", False)
# The sweep: every SWEEP_INTERVAL seconds (Celery beat; on the embedded default, on a request), it
# queues again the work marked stale for more than SWEEP_GRACE seconds.
SWEEP_INTERVAL = int(os.environ.get("SWEEP_INTERVAL", "60"))
SWEEP_GRACE = int(os.environ.get("SWEEP_GRACE", "60"))
# The clocks' ticker (common.ticker, in Celery beat's process): it sleeps until the next flag's moment,
# looking again at least every TICK_POLL seconds for a moment written meanwhile (docs/play.md, "Flags").
TICK_POLL = float(os.environ.get("TICK_POLL", "0.25"))

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "config.openapi.ServiceAutoSchema",
    # Token first: its WWW-Authenticate header makes DRF answer anonymous writes 401, not 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.api.ScopedTokenAuthentication",
        "accounts.api.CheckedSessionAuthentication",
        "accounts.api.LockoutBasicAuthentication",
    ],
    "EXCEPTION_HANDLER": "config.errors.api_exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["accounts.api.SubmissionThrottle", "accounts.api.ChallengeOpponentThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "submissions": os.environ.get("SUBMISSION_RATE") or "30/min",
        "claims": os.environ.get("CLAIM_RATE") or "10/hour",
        "replays": os.environ.get("REPLAY_RATE") or "60/min",
        "tokens": os.environ.get("TOKEN_RATE") or "10/min",
        "signups": os.environ.get("SIGNUP_RATE") or "10/hour",
        "challenges": os.environ.get("CHALLENGE_RATE") or "60/hour",
        "challenge_opponents": os.environ.get("CHALLENGE_OPPONENT_RATE") or "10/hour",
    },
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "common.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 100,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "GIPF project tournament service API",
    "DESCRIPTION": (
        "Events, pairings, standings, crosstables, games and ratings for GIPF and DVONN.\n\n"
        "**Authentication.** Reading needs none. Writing needs an account: send "
        "`Authorization: Token <key>` with the token created on your account page (/accounts/me/), "
        "or use the site's sign-in session (with its CSRF token), or HTTP Basic. An anonymous write "
        "is answered 401 with `WWW-Authenticate: Token`; a signed-in user who may not do it, 403.\n\n"
        "**Throttling.** Record submissions and result entry are limited per user (scope "
        "`submissions`, 30 a minute unless the server sets SUBMISSION_RATE), and `/api/replay/` per "
        "user or, anonymous, per address (scope `replays`, 60 a minute unless REPLAY_RATE); after "
        "repeated failed sign-ins a user name or address is locked out for a while. All are answered "
        "429 with a "
        "`Retry-After` header and a message giving the time to wait."
    ),
    "VERSION": "1.0.0",
    # The interactive docs load Swagger UI from drf-spectacular-sidecar's static files, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name per choice set where several models call a field "status" or "game".
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "games.choices.game_choices",
        "EventStatusEnum": "tournaments.models.Event.Status",
        "RegistrationStatusEnum": "tournaments.models.Registration.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "RecordStatusEnum": "games.models.SubmittedRecord.Status",
        "SubmissionKindEnum": "games.models.SubmittedRecord.Kind",
        "DecisionKindEnum": "games.models.Decision.Kind",
        "PlayedResultEnum": "games.results.PLAYED_RESULTS",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # a Redis failure in one line, without its traceback (common.redis_faults.BriefFailures)
    "filters": {"brief_redis_failures": {"()": "common.redis_faults.BriefFailures"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["brief_redis_failures"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
