"""A push endpoint is a URL a browser (or anyone with an account) gives us: pushes must not
let it make the worker post inside our network, follow it elsewhere, or read an endless
answer (notifications.push_transport). Against the real stub push service on 127.0.0.1."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from notifications.devices import DeviceError, NewSubscription, device_subscribe
from notifications.models import PushSubscription
from notifications.push import PushMessage, push_send
from notifications.push_transport import MAX_ANSWER_BYTES, PushSession, is_public
from tests.games.conftest import make_user

from .push_service import Browser, PushService

pytestmark = pytest.mark.django_db

MESSAGE = PushMessage(title="Your move", body="Table 1", url="/games/1/", tag="game-1")


def stored(user: Any, endpoint: str) -> None:
    """A subscription already in the table (as if stored before the checks, or by a name
    that resolved elsewhere then)."""
    keys = Browser(endpoint).subscription()["keys"]
    PushSubscription.objects.create(user=user, endpoint=endpoint, **keys)


@pytest.mark.parametrize(
    ("address", "public"),
    [
        ("8.8.8.8", True),
        ("2001:4860:4860::8888", True),
        ("127.0.0.1", False),
        ("10.1.2.3", False),
        ("172.16.0.9", False),
        ("192.168.1.1", False),
        ("169.254.169.254", False),  # cloud metadata
        ("100.64.0.1", False),  # carrier-grade NAT
        ("0.0.0.0", False),
        ("224.0.0.1", False),
        ("::1", False),
        ("fe80::1%eth0", False),
        ("fd00::1", False),
        ("::ffff:127.0.0.1", False),  # IPv4 written in IPv6
    ],
)
def test_only_the_open_internet_is_public(address: str, public: bool) -> None:
    assert is_public(address) is public


def test_a_subscription_naming_a_private_host_is_refused(settings: Any) -> None:
    settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES = False
    me = make_user()
    keys = Browser("https://push.example.net/x").subscription()["keys"]
    for endpoint in (
        "https://127.0.0.1/push/x",
        "https://10.0.0.5:8443/push/x",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::1]/push/x",
        "https://[::ffff:7f00:1]/push/x",
        "https://localhost/push/x",
        "https://admin.localhost./push/x",
    ):
        with pytest.raises(DeviceError):
            device_subscribe(me, NewSubscription(endpoint, **keys))
    assert not PushSubscription.objects.exists()
    device_subscribe(me, NewSubscription("https://fcm.googleapis.com/fcm/send/abc", **keys))
    assert PushSubscription.objects.count() == 1


def test_the_subscribe_page_says_why_and_stores_nothing(settings: Any) -> None:
    settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES = False
    client = Client()
    client.force_login(make_user())
    sub = Browser("https://192.168.0.1/push/x").subscription()
    answer = client.post(
        reverse("push_subscribe"), json.dumps(sub), content_type="application/json"
    )
    assert answer.status_code == 400
    assert answer.json() == {"error": "The browser gave a push address this site cannot use."}
    assert not PushSubscription.objects.exists()


def test_a_name_that_resolves_to_a_private_address_gets_no_push(
    stub: PushService, settings: Any
) -> None:
    """`localhost` passes no literal check at send time: the socket's peer is what counts."""
    settings.WEBPUSH_ALLOW_PRIVATE_ADDRESSES = False  # as in production
    user = make_user()
    stored(user, stub.endpoint("inside").replace("127.0.0.1", "localhost"))
    result = push_send(user, MESSAGE, now=timezone.now())
    assert (result.sent, result.failed) == (0, 1)
    assert stub.to("inside") == []


def test_a_redirect_is_not_followed(stub: PushService) -> None:
    user = make_user()
    stored(user, stub.endpoint("moved"))
    stub.redirect["moved"] = stub.endpoint("elsewhere")
    result = push_send(user, MESSAGE, now=timezone.now())
    assert (result.sent, result.failed) == (0, 1)
    assert len(stub.to("moved")) == 1
    assert stub.to("elsewhere") == []


def test_an_endless_answer_is_read_only_so_far(stub: PushService) -> None:
    stub.talkative.add("chatty")
    answer = PushSession().post(stub.endpoint("chatty"), data=b"{}", timeout=5)
    assert answer.status_code == 201
    assert len(answer.content) == MAX_ANSWER_BYTES
