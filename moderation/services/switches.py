"""The site switches: pause table creation, set the banner. Audited like any action."""

from __future__ import annotations

from django.db import transaction

from accounts.models import User
from moderation.models import SiteSwitches

from .audit import audit_record


def site_switches_update(
    *, by: User, stop_table_creation: bool, banner: str, reason: str = ""
) -> SiteSwitches:
    with transaction.atomic():
        switches = SiteSwitches.load()
        before = {"stop_table_creation": switches.stop_table_creation, "banner": switches.banner}
        switches.stop_table_creation = stop_table_creation
        switches.banner = banner.strip()
        switches.save()
        audit_record(
            actor=by,
            action="site_switches_update",
            obj=switches,
            reason=reason,
            details={
                "before": before,
                "after": {"stop_table_creation": stop_table_creation, "banner": switches.banner},
            },
        )
    return switches
