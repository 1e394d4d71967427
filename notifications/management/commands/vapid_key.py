"""`manage.py vapid_key`: a new VAPID private key for VAPID_PRIVATE_KEY, and its public half
(the application server key browsers subscribe with). Set it once, before the first browser
subscribes: a new key orphans every subscription made with the old one."""

from __future__ import annotations

from typing import Any

from cryptography.hazmat.primitives import serialization
from django.core.management.base import BaseCommand
from py_vapid import Vapid

from notifications.vapid import b64url, new_private_key


class Command(BaseCommand):
    help = "Print a new VAPID key pair for web push (VAPID_PRIVATE_KEY)."

    def handle(self, *args: Any, **options: Any) -> None:
        private = new_private_key()
        public = Vapid.from_raw(private.encode()).private_key.public_key()
        point = public.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.stdout.write(f"VAPID_PRIVATE_KEY={private}\n# public key: {b64url(point)}")
