"""Issue 13: the import-linter layers contract (pyproject.toml) covers the whole project.
A module left out of every layer is checked by nothing, so a new module must be given its
ring; only the wiring that assembles the rings (app configs, settings, Celery's app, the
embedded runner, the security middleware and the broker transport settings name) stays
outside."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# Composition roots: they import every ring by design, and nothing imports them; and
# middleware, the broker transport, the channel layer and the static storage only the
# settings name; the websocket protocol only the server's command line (Procfile).
WIRING = {
    "avalon_site.settings",
    "avalon_site.celery",
    "avalon_site.embedded",
    "avalon_site.security",
    "avalon_site.broker",
    "avalon_site.task_publish",
    "avalon_site.channel_layer",
    "avalon_site.static_storage",
    "avalon_site.websocket",
    "avalon_site.translations",
    "avalon_site.active_locals",
    "avalon_site.postgresql",
    "avalon_site.postgresql.base",
}
WIRING_SUFFIXES = (".apps",)


def _config() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        config: dict[str, Any] = tomllib.load(f)["tool"]["importlinter"]
    return config


def _modules(roots: list[str]) -> list[str]:
    out = []
    for root in roots:
        for path in (ROOT / root).rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            if "migrations" in rel.parts:
                continue
            name = ".".join(rel.parts).removesuffix(".__init__")
            if name not in roots:
                out.append(name)
    return sorted(out)


def test_every_module_has_its_ring() -> None:
    config = _config()
    roots = list(config["root_packages"])
    [layers] = [c["layers"] for c in config["contracts"] if c["type"] == "layers"]
    placed = [name.strip() for layer in layers for name in layer.split(":")]
    unplaced = [
        module
        for module in _modules(roots)
        if module not in WIRING
        and not module.endswith(WIRING_SUFFIXES)
        and not any(module == p or module.startswith(p + ".") for p in placed)
    ]
    assert unplaced == [], "give these modules their layer in pyproject.toml"
