"""The production static storage keeps each URL once made (avalon_site.static_storage,
issue 14): the same answer as WhiteNoise's manifest storage, read once, and Django's own
unhashed answer under DEBUG."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import override_settings
from whitenoise.storage import CompressedManifestStaticFilesStorage

from avalon_site.static_storage import StaticStorage


def storages(tmp_path: Path) -> tuple[StaticStorage, CompressedManifestStaticFilesStorage]:
    manifest = {"paths": {"css/site.css": "css/site.0123abcd.css"}, "version": "1.1"}
    (tmp_path / "staticfiles.json").write_text(json.dumps(manifest))
    options = {"location": str(tmp_path), "base_url": "/static/"}
    return StaticStorage(**options), CompressedManifestStaticFilesStorage(**options)


@override_settings(DEBUG=False)
def test_a_kept_url_is_the_manifest_storages_own_and_is_looked_up_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept, plain = storages(tmp_path)
    assert kept.url("css/site.css") == plain.url("css/site.css") == "/static/css/site.0123abcd.css"
    assert kept.url("css/site.css#top") == plain.url("css/site.css#top")
    monkeypatch.setattr(kept, "stored_name", lambda name: pytest.fail("looked up again"))
    assert kept.url("css/site.css") == "/static/css/site.0123abcd.css"


@override_settings(DEBUG=False)
def test_a_file_missing_from_the_manifest_still_fails_every_time(tmp_path: Path) -> None:
    kept, _ = storages(tmp_path)
    for _ in range(2):
        with pytest.raises(ValueError, match="Missing staticfiles manifest entry"):
            kept.url("css/missing.css")


def test_under_debug_the_url_is_unhashed_and_not_mixed_with_the_hashed_one(tmp_path: Path) -> None:
    kept, _ = storages(tmp_path)
    with override_settings(DEBUG=False):
        assert kept.url("css/site.css") == "/static/css/site.0123abcd.css"
    with override_settings(DEBUG=True):
        assert kept.url("css/site.css") == "/static/css/site.css"
