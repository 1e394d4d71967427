"""ASGI entry point: HTTP through Django, websockets through Channels.

The lifespan protocol (sent by uvicorn at start and stop) starts the embedded-mode beat
(avalon_site/embedded.py); in production it does nothing, beat is a separate process.
"""

from __future__ import annotations

import os

from avalon_site.serving import sync_chain_asgi_application, warm_up

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "avalon_site.settings")
# Django's ASGI handler with the middleware chain run in one hop to the request's thread.
django_asgi_app = sync_chain_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import re_path  # noqa: E402

from accounts.middleware import SocketLanguageMiddleware  # noqa: E402
from accounts.socket_auth import SocketTokenMiddleware, TokenOrOriginValidator  # noqa: E402
from avalon_site.embedded import LifespanApp  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402


def _load_clients() -> None:
    """Build the cache and channel-layer clients now, in one thread: their libraries (redis,
    django-redis, channels-redis) are imported on first use, and two request threads doing
    that at once can meet a half-initialised module (an ImportError, a 500) on a fresh
    process (seen in tests/reliability/test_web_killed.py after a restart under load)."""
    from channels.layers import get_channel_layer
    from django.core.cache import caches

    caches["default"].get("avalon:warm-up")
    get_channel_layer()


class RefuseUnknownSocket(AsyncWebsocketConsumer):  # type: ignore[misc]
    """A websocket to no route: refused at the handshake (the client sees 403), where
    Channels' router would raise and the server answer 500 with a traceback in the log."""

    async def connect(self) -> None:
        await self.close(code=4404)


_load_clients()
warm_up()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": TokenOrOriginValidator(
            AuthMiddlewareStack(
                SocketTokenMiddleware(
                    SocketLanguageMiddleware(
                        URLRouter(
                            [*websocket_urlpatterns, re_path(r"", RefuseUnknownSocket.as_asgi())]
                        )
                    )
                )
            )
        ),
        "lifespan": LifespanApp(),
    }
)
