"""The site's VAPID key pair (RFC 8292): the private half signs each push, the public half
(the "application server key") is what browsers subscribe with.

The key comes from settings (VAPID_PRIVATE_KEY in the environment: the raw 32-byte P-256
private key, base64url). Without one, a key is made once and kept in var/ (embedded mode,
tests): created beside the file and linked into place, so processes starting together all
end up with the same key. A browser's subscription is bound to the public key, so changing
the key silently orphans every subscription: keep it as long as the site.
"""

from __future__ import annotations

import base64
import contextlib
import os
import tempfile
from functools import cache
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from py_vapid import Vapid


def b64url(data: bytes) -> str:
    """Unpadded base64url, the encoding of every key in Web Push."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Decode unpadded (or padded) base64url; raises ValueError on anything else."""
    cleaned = text.strip().rstrip("=")
    if not cleaned or any(not (c.isalnum() or c in "-_") for c in cleaned) or not cleaned.isascii():
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(cleaned + "=" * (-len(cleaned) % 4))


def new_private_key() -> str:
    """A fresh private key in the form VAPID_PRIVATE_KEY takes."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


def _stored_key(path: Path) -> str:
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=".vapid-")  # mode 0600
        tmp = Path(name)
        try:
            with os.fdopen(fd, "w") as handle:
                handle.write(new_private_key() + "\n")
            # A hard link refuses to replace: the first process to get here wins, the others
            # read its key below.
            with contextlib.suppress(FileExistsError):
                path.hardlink_to(tmp)
        finally:
            tmp.unlink()
    return path.read_text().strip()


@cache
def _private_key_text() -> str:
    configured = str(settings.WEBPUSH_VAPID_PRIVATE_KEY).strip()
    return configured or _stored_key(Path(settings.WEBPUSH_VAPID_KEY_FILE))


def signer() -> Vapid:
    """The py_vapid signer of our pushes (pywebpush takes it as the private key)."""
    return Vapid.from_raw(_private_key_text().encode("ascii"))


def public_key() -> str:
    """The application server key browsers subscribe with: the uncompressed P-256 point,
    base64url."""
    private = signer().private_key
    point = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(point)


def forget() -> None:
    """Read the key from settings again (tests that change it)."""
    _private_key_text.cache_clear()
