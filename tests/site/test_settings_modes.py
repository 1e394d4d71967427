"""Settings load in both modes (each in a fresh interpreter with its own environment), and
`check --deploy` is clean with DEBUG=0."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, django
django.setup()
from django.conf import settings as s
print(json.dumps({
    "embedded": s.EMBEDDED,
    "db_engine": s.DATABASES["default"]["ENGINE"],
    "db_name": str(s.DATABASES["default"]["NAME"]),
    "channel_layer": s.CHANNEL_LAYERS["default"]["BACKEND"],
    "eager": s.CELERY_TASK_ALWAYS_EAGER,
    "broker": s.CELERY_BROKER_URL,
    "cache": s.CACHES["default"]["BACKEND"],
    "email": s.EMAIL_BACKEND,
    "debug": s.DEBUG,
    "static_storage": s.STORAGES["staticfiles"]["BACKEND"],
    "prepare_threshold": s.DATABASES["default"].get("OPTIONS", {}).get("prepare_threshold", -1),
    "server_side_binding": s.DATABASES["default"].get("OPTIONS", {}).get("server_side_binding"),
}))
"""

SERVICE_VARS = (
    "DATABASE_URL",
    "REDIS_URL",
    "DEBUG",
    "SECRET_KEY",
    "EMAIL_HOST",
    "EMAIL_BACKEND",
    "DB_PREPARED",
    "DB_SERVER_BINDING",
)


def clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARS}
    env.update(DJANGO_SETTINGS_MODULE="avalon_site.settings", AVALON_VAR_DIR=str(tmp_path), **extra)
    return env


def load(env: dict[str, str]) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_embedded_mode_without_service_urls(tmp_path: Path) -> None:
    s = load(clean_env(tmp_path))
    assert s["embedded"] is True
    assert s["db_engine"] == "django.db.backends.sqlite3"
    assert s["db_name"] == str(tmp_path / "db.sqlite3")
    assert s["channel_layer"] == "channels.layers.InMemoryChannelLayer"
    assert s["eager"] is True
    assert s["broker"] == "memory://"
    assert str(s["cache"]).endswith("LocMemCache")
    assert s["email"] == "django.core.mail.backends.filebased.EmailBackend"
    assert s["debug"] is True


def production_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return clean_env(
        tmp_path,
        DATABASE_URL="postgres://avalon:pw@db.internal:5432/avalon",
        REDIS_URL="redis://cache.internal:6379/0",
        EMAIL_HOST="smtp.internal",
        DEBUG="0",
        SECRET_KEY="x" * 60,
        **extra,
    )


def test_production_mode_with_service_urls(tmp_path: Path) -> None:
    s = load(production_env(tmp_path))
    assert s["embedded"] is False
    assert s["db_engine"] == "avalon_site.postgresql"  # Django's, timestamps loaded in C
    assert s["channel_layer"] == "avalon_site.channel_layer.ChannelLayer"
    assert s["eager"] is False
    assert s["broker"] == "redis://cache.internal:6379/0"
    assert s["cache"] == "django_redis.cache.RedisCache"
    assert s["email"] == "django.core.mail.backends.smtp.EmailBackend"
    assert s["debug"] is False
    assert s["static_storage"] == "avalon_site.static_storage.StaticStorage"
    # Statements bound on the server are prepared from their fifth run (issue 14, B1); the
    # ORM's own stay bound by the client unless DB_SERVER_BINDING says otherwise.
    assert s["prepare_threshold"] == 5
    assert s["server_side_binding"] is None


def test_prepared_statements_can_be_turned_off(tmp_path: Path) -> None:
    """Behind PgBouncer in transaction mode (before 1.21): DB_PREPARED=0 (docs/deploy.md)."""
    assert load(production_env(tmp_path, DB_PREPARED="0"))["prepare_threshold"] is None


def test_check_deploy_is_clean(tmp_path: Path) -> None:
    env = clean_env(
        tmp_path,
        DEBUG="0",
        SECRET_KEY="k3y-" + "Zq8vR2mW5tY7uI9oP1aS3dF6gH8jK0lX4cV6bN" * 2,
        ALLOWED_HOSTS="avalon.example.org",
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues" in out.stdout
