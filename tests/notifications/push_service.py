"""A stub push service and a stub browser for the web push tests.

`PushService` is a real HTTP server on 127.0.0.1 (a thread) that takes what the site POSTs
to a subscription's endpoint, as a browser vendor's push service would, and answers 201, or
410 for endpoints a test marks as gone, a redirect for those it sends elsewhere, or 201 with
a long body for those it marks as talkative. `Browser` holds a real P-256 key pair and
authentication secret, as a browser's PushManager does: it gives the subscription JSON and
decrypts the pushes (RFC 8291, aes128gcm, with http_ece). The VAPID header of each push is
checked too: an ES256 JWT for the endpoint's origin, signed by the key it names.
"""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


TALK_BYTES = 4 * 1024 * 1024


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """What the stub push service received, and which endpoints it says are gone."""

    port: int = 0
    received: list[Received] = field(default_factory=list)
    gone: set[str] = field(default_factory=set)
    redirect: dict[str, str] = field(default_factory=dict)  # name -> Location
    talkative: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def endpoint(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/push/{name}"

    def to(self, name: str) -> list[Received]:
        with self.lock:
            return [r for r in self.received if r.path == f"/push/{name}"]


@contextmanager
def push_service() -> Iterator[PushService]:
    service = PushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with service.lock:
                service.received.append(
                    Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
            name = self.path.rsplit("/", 1)[-1]
            body = b"x" * TALK_BYTES if name in service.talkative else b""
            if name in service.redirect:
                self.send_response(307)
                self.send_header("Location", service.redirect[name])
            else:
                self.send_response(410 if name in service.gone else 201)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # quiet test output

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()


class Browser:
    """A browser's side of one push subscription: keys made here, pushes decrypted here."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self) -> dict[str, Any]:
        """As PushSubscription.toJSON() gives it."""
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)},
        }

    def read(self, push: Received, server_key: str) -> dict[str, Any]:
        """Check the push's VAPID signature, then decrypt it and parse its JSON."""
        vapid_check(push, self.endpoint, server_key)
        assert push.headers["content-encoding"] == "aes128gcm"
        assert int(push.headers["ttl"]) > 0
        plain = http_ece.decrypt(
            push.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        message: dict[str, Any] = json.loads(plain)
        return message


def vapid_check(push: Received, endpoint: str, server_key: str) -> None:
    """The Authorization header is `vapid t=<JWT>, k=<our public key>`; the JWT is ES256,
    for the endpoint's origin, not expired, and verifies with that key (RFC 8292)."""
    scheme, _, params = push.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(p.strip().split("=", 1) for p in params.split(","))
    assert fields["k"] == server_key
    header, claims, signature = fields["t"].split(".")
    assert json.loads(unb64url(header))["alg"] == "ES256"
    claim = json.loads(unb64url(claims))
    origin = endpoint.split("/push/")[0]
    assert claim["aud"] == origin
    assert claim["sub"].startswith("mailto:")
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(server_key))
    public.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
