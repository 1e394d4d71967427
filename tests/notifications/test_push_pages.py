"""The pages of web push and of the installable app (issue 16): the notification settings
page, its JSON endpoints (bad input: 400 and nothing stored), removing a device, the push
kinds form; the manifest (valid, icons real PNGs of the sizes it says) and the service
worker at the root."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from notifications.models import OptOut, PushSubscription
from tests.games.conftest import make_user
from tests.games.page_play import logged_in

from .push_service import Browser

pytestmark = pytest.mark.django_db

CHROME_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36"


def post_json(client: Client, name: str, data: object) -> tuple[int, dict[str, object]]:
    body = data if isinstance(data, str) else json.dumps(data)
    response = client.post(
        reverse(name), body, content_type="application/json", HTTP_USER_AGENT=CHROME_UA
    )
    return response.status_code, response.json()


def test_a_browser_subscribes_and_unsubscribes_itself(settings) -> None:
    settings.WEBPUSH_ALLOW_HTTP = False
    me = make_user()
    client = logged_in(me)
    page = client.get(reverse("notifications_push"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "No device receives your notifications yet." in html
    assert 'data-push-key="' in html
    sub = Browser("https://push.example.net/send/one").subscription()
    assert post_json(client, "push_subscribe", sub) == (201, {"device": "Chrome on Linux"})
    row = PushSubscription.objects.get(user=me)
    assert (row.endpoint, row.p256dh, row.auth) == (sub["endpoint"], *sub["keys"].values())
    html = client.get(reverse("notifications_push")).content.decode()
    assert "Chrome on Linux" in html
    assert json.dumps([sub["endpoint"]]) in html  # the page's script knows this device
    other = logged_in(make_user())
    assert post_json(other, "push_unsubscribe", {"endpoint": sub["endpoint"]}) == (
        200,
        {"removed": 0},
    )
    assert post_json(client, "push_unsubscribe", {"endpoint": sub["endpoint"]}) == (
        200,
        {"removed": 1},
    )
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "[]",
        {"endpoint": "https://push.example.net/x"},
        {"endpoint": 7, "keys": {"p256dh": "a", "auth": "b"}},
        {"endpoint": "http://push.example.net/x", "keys": "KEYS"},  # filled in below
        {"endpoint": "https://push.example.net/x", "keys": {"p256dh": "nope", "auth": "nope"}},
        "x" * 9000,
    ],
)
def test_bad_subscriptions_are_refused_and_change_nothing(settings, body) -> None:
    settings.WEBPUSH_ALLOW_HTTP = False
    client = logged_in(make_user())
    if isinstance(body, dict) and body.get("keys") == "KEYS":
        body = {**body, "keys": Browser("https://x.example").subscription()["keys"]}
    status, answer = post_json(client, "push_subscribe", body)
    assert status == 400
    assert isinstance(answer["error"], str)
    assert answer["error"]
    assert not PushSubscription.objects.exists()


def test_the_pages_need_a_login_and_a_post() -> None:
    anonymous = Client()
    page = anonymous.get(reverse("notifications_push"))
    assert page.status_code == 302
    assert "/accounts/login/" in page["Location"]
    assert anonymous.post(reverse("push_subscribe"), "{}", "application/json").status_code == 302
    client = logged_in(make_user())
    assert client.get(reverse("push_subscribe")).status_code == 405


def test_a_device_is_removed_from_the_list_only_by_its_owner() -> None:
    me, other = make_user(), make_user()
    row = PushSubscription.objects.create(
        user=me, endpoint="https://push.example.net/a", p256dh="k", auth="a", device="Phone"
    )
    url = reverse("push_device_remove", args=[row.pk])
    page = logged_in(other).post(url, follow=True)
    assert "That device was already removed." in page.content.decode()
    assert PushSubscription.objects.filter(pk=row.pk).exists()
    page = logged_in(me).post(url, follow=True)
    assert "That device no longer receives notifications." in page.content.decode()
    assert not PushSubscription.objects.exists()


def test_the_kinds_of_push_are_chosen_on_the_page() -> None:
    me = make_user()
    client = logged_in(me)
    response = client.post(reverse("notifications_push"), {"turn": "on", "game_over": "on"})
    assert response.status_code == 302
    assert list(OptOut.objects.filter(user=me).values_list("kind", "channel")) == [
        ("deadline", "push")
    ]
    assert me.deadline_warnings  # the email switch is untouched
    html = client.get(reverse("notifications_push")).content.decode()
    assert 'name="deadline" id="id_deadline"' in html
    assert 'name="turn" id="id_turn" checked' in html


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_makes_the_site_installable(client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Avalon Tables"
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        path = Path(settings.BASE_DIR, "static", icon["src"].removeprefix("/static/"))
        width, height = png_size(path)
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    home = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in home
    assert png_size(Path(settings.BASE_DIR, "static/icons/apple-touch-icon.png")) == (180, 180)


def test_the_service_worker_is_served_from_the_root(client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    assert 'addEventListener("push"' in body
    assert "/static/icons/icon-192.png" in body


def test_the_settings_page_and_the_manifest_speak_french() -> None:
    me = make_user()
    me.language = "fr"
    me.save()
    client = logged_in(me)
    html = client.get(reverse("notifications_push")).content.decode()
    for french in (
        "Notifications du navigateur",
        "Activer les notifications sur cet appareil",
        "Cet appareil ne reçoit pas les notifications.",
        "Aucun appareil ne reçoit encore vos notifications.",
        "Prévenez-moi quand",
    ):
        assert french in html
    assert "Turn on notifications" not in html
    manifest = Client(HTTP_ACCEPT_LANGUAGE="fr").get("/manifest.webmanifest").json()
    assert manifest["lang"] == "fr"
    assert manifest["description"].startswith("Des tables de jeu en ligne")
