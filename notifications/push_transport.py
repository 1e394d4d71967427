"""The HTTP client our pushes go out through.

A push subscription's endpoint is a URL the player's browser gave us, so anyone can make the
worker POST to an address of their choosing. Three limits keep that from reaching inside our
own network (server-side request forgery) or tying up a worker:
- only public addresses: checked on the socket actually connected, after DNS, so a name
  that resolves (or is rebound) to 127.0.0.1, 10.x or 169.254.169.254 is refused too;
- no redirects: a push service answers a push, it does not send us elsewhere;
- a bounded answer: we read at most `MAX_ANSWER_BYTES` of the body (pywebpush reads it).

settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES lifts the first limit for a push service on this
machine (the tests' stub; embedded mode in DEBUG).
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

import requests
from django.conf import settings
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import NewConnectionError

MAX_ANSWER_BYTES = 16 * 1024


def is_public(address: str) -> bool:
    """Whether an IP address is one of the open Internet's (not loopback, private,
    link-local, shared, reserved or multicast), IPv4 written in IPv6 included."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def names_a_private_host(url: str) -> bool:
    """Whether a URL's host is, as written, a non-public address or a local name. What a
    name resolves to is checked when a push connects (`PushSession`)."""
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return not is_public(host)
    except ValueError:
        return False  # a name, not an address


class _PublicOnly:
    """Mixed into urllib3's connections: refuse a socket whose peer is not public."""

    def _new_conn(self) -> socket.socket:
        sock: socket.socket = super()._new_conn()  # type: ignore[misc]
        peer = sock.getpeername()[0]
        if not settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES and not is_public(peer):
            sock.close()
            raise NewConnectionError(self, f"refused: {peer} is not a public address")  # type: ignore[arg-type]
        return sock


class _HTTPConnection(_PublicOnly, HTTPConnection):
    pass


class _HTTPSConnection(_PublicOnly, HTTPSConnection):
    pass


class _HTTPPool(HTTPConnectionPool):
    ConnectionCls = _HTTPConnection


class _HTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _HTTPSConnection


class _PublicOnlyAdapter(HTTPAdapter):
    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"http": _HTTPPool, "https": _HTTPSPool}


class PushSession(requests.Session):
    """A requests session for pywebpush: public addresses only, no redirects, no proxy from
    the environment (the peer check would see the proxy), a bounded answer."""

    def __init__(self) -> None:
        super().__init__()
        self.trust_env = False
        adapter = _PublicOnlyAdapter(max_retries=0)
        self.mount("http://", adapter)
        self.mount("https://", adapter)

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs["allow_redirects"] = False
        kwargs["stream"] = True
        response = super().request(*args, **kwargs)
        try:
            body = response.raw.read(MAX_ANSWER_BYTES, decode_content=True)
        finally:
            response.close()
        # What requests would have read itself, cut to the bound (its documented cache).
        response._content = body
        return response
