"""Settings for Avalon Tables, read from the environment (12-factor).

Two modes from one codebase:
- embedded default (no DATABASE_URL / REDIS_URL): SQLite, in-process channel layer,
  Celery tasks run inside the site's process, email written to files under var/mail;
- production: DATABASE_URL + REDIS_URL select PostgreSQL, channels-redis and a Redis broker
  for a separate Celery worker and beat.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF

from avalon_site.redis_options import quiet_connections

# Lets admin.ModelAdmin[Model] and other django-stubs generics be subscripted at runtime.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("AVALON_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", default=True)
# The embedded default needs no secret; production must set SECRET_KEY (check --deploy says so).
SECRET_KEY = os.environ.get("SECRET_KEY", "embedded-insecure-key-set-SECRET_KEY-in-production")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
CSRF_FAILURE_VIEW = "avalon_site.errors.csrf_failure"  # htmx: reload for a fresh token
# The benchmarks' floor endpoint (benchmarks/floor.py) is mounted only when this is on.
BENCH_FLOOR = env_bool("AVALON_BENCH_FLOOR", default=False)
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

REDIS_URL = os.environ.get("REDIS_URL", "")
EMBEDDED = not REDIS_URL

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "django_htmx",
    "channels",
    "django_celery_beat",
    "allauth",
    "allauth.account",
    "accounts",
    "games.apps.GamesConfig",
    "moderation.apps.ModerationConfig",
    "clock.apps.ClockConfig",
    "notifications.apps.NotificationsConfig",
    "ratings.apps.RatingsConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "avalon_site.security.CSPMiddleware",  # django-csp's, its header built once
    "avalon_site.security.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before CommonMiddleware (Django's order): the language of the
    # request from the cookie set by the header's switch, else Accept-Language, else English.
    "django.middleware.locale.LocaleMiddleware",
    # Django's CommonMiddleware, except an API POST without its slash (not redirected).
    "avalon_site.middleware.ApiAwareCommonMiddleware",
    # A view whose database failed under it answers 503 + Retry-After, not 500 (R13).
    "avalon_site.middleware.DatabaseUnavailableMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserTimeZoneMiddleware",
    # A signed-in player's profile language overrides what LocaleMiddleware chose.
    "accounts.middleware.UserLanguageMiddleware",
    "moderation.middleware.IpSightingMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "avalon_site.urls"

TEMPLATES = [
    {
        # Django's, each page render's context freed as it ends (avalon_site.templating).
        "BACKEND": "avalon_site.templating.DjangoTemplates",
        "NAME": "django",  # the alias Django's own backend has (engines["django"])
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "avalon_site.context_processors.site",
                "moderation.context_processors.moderation",
            ],
        },
    },
]

WSGI_APPLICATION = "avalon_site.wsgi.application"
ASGI_APPLICATION = "avalon_site.asgi.application"

# PostgreSQL connections are pooled in each process (Django's psycopg pool) in production
# (DEBUG=0), so no request pays for a new connection; DB_POOL=0 turns it off (then
# DB_CONN_MAX_AGE keeps connections open instead, where the server allows: WSGI).
# DB_POOL_MAX bounds each process's connections (web and Celery processes each hold a pool).
DB_POOL = env_bool("DB_POOL", default=not DEBUG)
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=0 if DB_POOL else int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, its timestamps loaded in C (issue 14: avalon_site.postgresql.base).
    DATABASES["default"]["ENGINE"] = "avalon_site.postgresql"
if DB_POOL and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": int(os.environ.get("DB_POOL_MAX", "4")),
        "timeout": 10,
    }
# Prepared statements (DB_PREPARED, on by default with PostgreSQL): a statement a pooled
# connection runs for the fifth time is prepared on the server, which then skips parsing and
# planning it (issue 14, B1). Only statements bound on the server take part: the site's own
# hot ones (games.prepared: a move's reads and its combined write) always, the ORM's only
# with DB_SERVER_BINDING. Off (DB_PREPARED=0) behind PgBouncer in transaction mode before
# 1.21, or from 1.21 without max_prepared_statements (docs/deploy.md).
DB_PREPARED = env_bool("DB_PREPARED", default=True)
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 5 if DB_PREPARED else None
# Server-side parameter binding for every ORM query, opt-in (DB_SERVER_BINDING=1): psycopg
# sends the values apart from the statement instead of quoting them into its text, so the
# ORM's statements are prepared too (DB_PREPARED). Django's own caveat: a parameter in a
# SELECT list and a GROUP BY is not recognised as the same value (ticket 34255).
DB_SERVER_BINDING = env_bool("DB_SERVER_BINDING", default=False)
if DB_SERVER_BINDING and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = True
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several request threads and the in-process task runner share one file: wait for locks.
    DATABASES["default"].setdefault("OPTIONS", {})
    # A fresh clone has no var/ yet; SQLite cannot create the directory itself.
    Path(str(DATABASES["default"]["NAME"])).parent.mkdir(parents=True, exist_ok=True)
    DATABASES["default"]["OPTIONS"].update({"timeout": 20, "transaction_mode": "IMMEDIATE"})
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

# --- Accounts (django-allauth) --------------------------------------------------------------
# Log in with username or email; signup asks for both; nobody plays before verifying the email
# (accounts.permissions.verified_required / IsVerified). Enumeration-safe signup and reset.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True  # confirming the address signs you in (issue 11)
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = 3
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Avalon Tables] "
ACCOUNT_FORMS = {
    "login": "accounts.forms.AvalonLoginForm",
    "signup": "accounts.forms.AvalonSignupForm",
}
ACCOUNT_CHANGE_EMAIL = True  # one address per player; a change is verified first
ACCOUNT_RATE_LIMITS = {
    # 5 failed logins per account per 5 minutes, 10 per minute per IP.
    "login_failed": "10/m/ip,5/300s/key",
    "login": "30/m/ip",
    "signup": "20/m/ip",
    "change_password": "5/m/user",
    "manage_email": "10/m/user",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
    "confirm_email": "1/180s/key",
}

# --- Languages (issue 12) ------------------------------------------------------------------
# A signed-in player's profile language (accounts.User.language), else the language cookie
# of the header's switch, else the browser's Accept-Language, else English. URLs carry no
# language prefix: one address per page, shared links work in either language.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français")]
# The site's catalogue (templates, accounts, notifications...) and the How to play pages';
# the games app's catalogue (games/locale) is found as an installed app's.
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "games/presentation/rules/locale"]
# The switch's cookie outlives the session, so a visitor keeps a language after logging out.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
# Files served at the site's root by WhiteNoise: robots.txt, favicon.ico.
WHITENOISE_ROOT = BASE_DIR / "root_files"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "avalon_site.static_storage.StaticStorage"
        )
    },
}

SITE_ID = 1
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Channels -----------------------------------------------------------------------------
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis, receiving with one reader per process (avalon_site/channel_layer.py).
            "BACKEND": "avalon_site.channel_layer.ChannelLayer",
            # redis-py 8 reads with a 5 s socket timeout by default, the same as the 5 s
            # blocking pop channels-redis waits on: every socket quiet for 5 s crashed its
            # consumer (django/channels_redis#422). Wait longer than the pop; a Redis that
            # hangs is still noticed. tests/reliability/test_several_processes.py caught it.
            # redis-py refuses a command past the pool's max_connections (100 by default)
            # instead of waiting: 1,000 sockets joining their groups at once (a restart, the
            # B7 benchmark) failed by hundreds. Each socket's join or leave holds one briefly.
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_timeout": 15,
                        "max_connections": int(os.environ.get("CHANNEL_LAYER_CONNECTIONS", "1000")),
                    }
                ]
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# A game page's socket re-joins its group and catches up from the database this often: the
# layer forgets groups when Redis restarts, and drops what it cannot deliver (R2). So this
# bounds how long an open page can lag behind after such a loss (one primary-key read each).
GAME_SOCKET_HEARTBEAT_SECONDS = float(os.environ.get("GAME_SOCKET_HEARTBEAT_SECONDS", "15"))

# --- Cache (rate limits, sessions' helpers): shared by all web processes in production -------
# Nothing in the cache is the truth (sessions and games live in the database), so an
# unreachable Redis reads as an empty cache instead of failing the request (django-redis's
# IGNORE_EXCEPTIONS), and the rate limiters let requests through meanwhile (fail open).
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "avalon",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": 1,
                "SOCKET_TIMEOUT": 1,
                "CONNECTION_POOL_KWARGS": quiet_connections(),
            },
        }
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Celery -------------------------------------------------------------------------------
# Embedded: tasks run eagerly in the site's process and an in-process scheduler fires the
# beat schedule (avalon_site/embedded.py). Production: Redis broker, separate worker and beat.
CELERY_BROKER_URL = REDIS_URL or "memory://"
if REDIS_URL:
    # kombu's Redis transport, reusing one client per channel to publish (avalon_site.broker).
    CELERY_BROKER_TRANSPORT = "avalon_site.broker:Transport"
CELERY_TASK_ALWAYS_EAGER = EMBEDDED
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# Time controls (issues 7 and 14): a sweep every second, which also sleeps until each
# deadline falling due before the next run (clock.sweeper.sweep_for); runs in several
# workers share a burst of deadlines (SKIP LOCKED claims).
CLOCK_SWEEP_PERIOD = 1.0
# Games one sweep batch claims and applies in one transaction; the batches of a burst are
# shared by this many sweep tasks (about one per worker process: CELERY_CONCURRENCY). A
# batch's fixed cost (its claim, ten statements, its commit, its task) is shared by more
# timeouts at 40 than at 20: about a fifth less CPU a timeout (worker and PostgreSQL), and a
# burst of 1,000 cleared in 0.95-1.74 s against 2.00-2.24 s in the same minutes
# (benchmarks/RESULTS.md, twenty-sixth pass). A player's move on a game in a batch waits
# for it: ~40 ms of work on an idle machine.
CLOCK_SWEEP_BATCH = int(os.environ.get("CLOCK_SWEEP_BATCH", "40"))
CLOCK_SWEEP_FANOUT = int(
    os.environ.get("CLOCK_SWEEP_FANOUT", os.environ.get("CELERY_CONCURRENCY", "2"))
)
# The notification tasks of a change go after the sweeps in a worker's queue (Redis
# priorities: 0, the default, first; 9 last), so a burst of timeouts is applied before its
# emails are sent; the outbox's relay, which hands those over, between the two (during a
# burst it ran between the batches, 25-45 ms of a worker's CPU each time).
CELERY_TASK_ROUTES = {
    "notifications.relay": {"priority": 3},
    "notifications.game_changed": {"priority": 6},
    "notifications.games_changed": {"priority": 6},
}
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # A run that waited too long in the queue is dropped: one running, or the next, finds
    # the same overdue seats.
    "clock-sweep": {
        "task": "clock.sweep",
        "schedule": CLOCK_SWEEP_PERIOD,
        "options": {"expires": 5},
    },
    # The games whose changes owe notices, handed to one task (notifications.outbox).
    "notifications-relay": {
        "task": "notifications.relay",
        "schedule": 1.0,
        "options": {"expires": 5},
    },
    # Deadline warnings, notices held back by quiet hours, daily digests.
    "notifications-flush": {
        "task": "notifications.flush",
        "schedule": 60.0,
        "options": {"expires": 120},
    },
}
# Seconds a bot at the table waits before its move (human-like; 0 plays at once, as in tests).
# Rated games in a season a player needs to be on that season's leaderboard (ratings.seasons).
RATINGS_SEASON_MIN_GAMES = int(os.environ.get("RATINGS_SEASON_MIN_GAMES", "5"))
BOT_MOVE_DELAY_SECONDS = float(os.environ.get("BOT_MOVE_DELAY_SECONDS", "4"))
# Hours before a deadline when a warning email goes out (never more than half the period).
NOTIFY_DEADLINE_WARNING_HOURS = float(os.environ.get("NOTIFY_DEADLINE_WARNING_HOURS", "6"))
# Local hour at which a player's daily digest goes out.
NOTIFY_DIGEST_HOUR = int(os.environ.get("NOTIFY_DIGEST_HOUR", "8"))

# Moderation: forget IP sightings past the privacy note's retention, once a day.
CELERY_BEAT_SCHEDULE["moderation-ip-sightings-purge"] = {
    "task": "moderation.ip_sightings_purge",
    "schedule": 24 * 60 * 60,
}
# Presence rows of a server process that crashed (their sockets stopped the heartbeat).
CELERY_BEAT_SCHEDULE["games-presence-purge"] = {
    "task": "games.presence_purge",
    "schedule": 5 * 60.0,
    "options": {"expires": 600},
}

# --- Email --------------------------------------------------------------------------------
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("EMAIL_HOST")
    else "django.core.mail.backends.filebased.EmailBackend",
)
EMAIL_FILE_PATH = VAR_DIR / "mail"
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=False)
DEFAULT_FROM_EMAIL = os.environ.get(
    "DEFAULT_FROM_EMAIL", "Avalon Tables <noreply@avalon-tables.local>"
)

# --- Web push (issue 16) ---------------------------------------------------------------------
# The VAPID key pair signs every push (RFC 8292); browsers subscribe with its public half, so
# every web and worker process must use the same key: production sets VAPID_PRIVATE_KEY (the
# raw 32-byte key, base64url: `manage.py vapid_key` prints a new one). Without it a key is
# made once into var/ (embedded mode, tests), see notifications.vapid.
WEBPUSH_VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
WEBPUSH_VAPID_KEY_FILE = VAR_DIR / "vapid_private.key"
# Push services may write to this address about our pushes (the VAPID "sub" claim).
WEBPUSH_VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:webmaster@avalon-tables.local")
# Seconds to wait for a push service, and how long it keeps a push for an offline device.
WEBPUSH_TIMEOUT_SECONDS = float(os.environ.get("WEBPUSH_TIMEOUT_SECONDS", "10"))
WEBPUSH_TTL_SECONDS = int(os.environ.get("WEBPUSH_TTL_SECONDS", str(12 * 60 * 60)))
# Browsers' push services are https; plain http endpoints are taken only in DEBUG (tests' stub
# push service), so a subscription cannot make the worker post to any http address.
WEBPUSH_ALLOW_HTTP = env_bool("WEBPUSH_ALLOW_HTTP", default=DEBUG)
# An endpoint is a URL a browser gave us: pushes go to public addresses only (checked on the
# connected socket), so nobody can make the worker post inside our network. DEBUG (the tests'
# stub push service on 127.0.0.1) lifts it.
WEBPUSH_ALLOW_PRIVATE_ADDRESSES = env_bool("WEBPUSH_ALLOW_PRIVATE_ADDRESSES", default=DEBUG)

# --- DRF ----------------------------------------------------------------------------------
REST_FRAMEWORK = {
    # The token first: DRF answers a request without credentials with the first scheme's
    # challenge, so a client is told 401 and `WWW-Authenticate: Token` (with the session
    # first it was a bare 403). A session still works, CSRF token included.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's token scheme, reading the verified email and sanctions in the same query.
        "games.api.authentication.PlayerTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_THROTTLE_CLASSES": ["games.api.throttles.ScopedRateLimit"],
    # JSON with a nesting limit; forms for the browsable pages of DRF itself.
    "DEFAULT_PARSER_CLASSES": [
        "games.api.parsers.DepthLimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "games.api.schema.ApiSchema",
}
RATELIMIT_FAIL_OPEN = True  # django-ratelimit, when the cache cannot count (see CACHES)
# Requests per user (per address when anonymous) and scope; "moves" is the move endpoint,
# "api" every other API call. Raise them for benchmarks or bot hosts.
# Chat flood control: lines per player, whatever the table and the door (games.services.chat).
CHAT_RATE = os.environ.get("CHAT_RATE", "15/30s") or None  # empty: no limit
API_RATE_LIMITS = {
    "api": os.environ.get("API_RATE_API", "1200/m"),
    "moves": os.environ.get("API_RATE_MOVES", "300/m"),
}
API_DESCRIPTION = """Open tables, play moves and read games on Avalon Tables.

**Authentication.** Either a token, `Authorization: Token <key>` (each player finds theirs on
their profile page), or the site's session cookie with its CSRF token in `X-CSRFToken` on
every POST. Without credentials, or with an unknown token: 401 and `WWW-Authenticate: Token`.
Playing needs a verified email address and no sanction in force (else 403).

**Errors.** Every refusal has one shape, `{"error": {"code", "message", "field"?,
"current_seq"?, "rule"?}}`: `code` is stable for programs, `message` is for people in the
caller's language (their profile's, else `Accept-Language`), `field` names the input at
fault. A body field the operation does not name is refused (400), as is a field a move
does not have. 400 malformed input, 401 no credentials, 403 not allowed, 404 no such object (or
one the caller may not see: a private table and its game), 409 the state does not allow it
now (a stale `expected_seq`, with `current_seq`; not your turn; the game is over; the table
is full or started), 413 a body too large, 415 not JSON, 422 a move the rules refuse,
429 too many requests and 503 retry later (both with `Retry-After`).

**Moves.** POST `{"expected_seq": <the feed's seq>, "move": <one of legal_moves>}` to
`/api/games/{id}/moves/`. A move sent against an older seq is refused (409 `stale_seq`,
nothing changes): read the game again. To retry safely after a lost answer, send the same
`idempotency_key` (or `Idempotency-Key` header): the move is applied once and the repeat
answers as the first did.

**Lists.** `/api/tables/`, `/api/games/watch/` and `/api/games/` (your games: those in play
first, the ones waiting for your move ahead, then those over, newest first) are paged
(`page`, `page_size`); the body is a plain list, `X-Total-Count` counts every item and `Link`
gives the `prev` and `next` pages. An unknown filter value is a 400 naming it.

**Live updates.** The game's websocket, `/ws/games/{id}/?format=json` (signed in by the
session cookie, or by `Authorization: Token <key>` on the handshake; a browser's Origin must
be the site's, a token handshake may send none), pushes
`{"type": "update", "game": <feed>, "events": [...]}` to each seat after every move, as
that seat may see it; send `{"type": "hello", "seq": N}` to receive
what came after N, and play with `{"type": "move", "expected_seq", "move",
"idempotency_key"?}` (errors come back as `{"type": "error", "status", "error": {...}}`). A
socket answers a burst of 30 frames, then 5 a second; beyond, a 429 `rate_limited`.
Or poll `GET /api/games/{id}/`, or the log after a seq, `/api/games/{id}/events/?after=<seq>`.
"""
SPECTACULAR_SETTINGS = {
    "TITLE": "Avalon Tables API",
    "DESCRIPTION": API_DESCRIPTION,
    "VERSION": "1.0.0",
    # Swagger UI is served from our own static files (drf-spectacular-sidecar), not a CDN, so
    # /api/docs/ works under the site's Content-Security-Policy and offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Browser security headers -----------------------------------------------------------------
# Content-Security-Policy (django-csp): only our own origin may provide scripts, styles,
# images, fonts and connections; no inline script, no inline event handler, no eval, no
# style attribute. Pages pass data to static/js/site.js through data-* attributes and size
# bars with classes (static/css/site.css). 'self' in connect-src also matches ws:/wss: of the
# same host and port (CSP Level 3; the browser tests check the live websocket pages).
# data: images: Swagger UI (/api/docs/) draws its icons as data: SVG in its stylesheet.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# Sent by SecurityMiddleware (these are Django's defaults, spelt out so they are not lost).
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
# avalon_site.security.PermissionsPolicyMiddleware: the site needs none of these features.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    name: []
    for name in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}

# --- Production hardening (active when DEBUG=0) -------------------------------------------
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
