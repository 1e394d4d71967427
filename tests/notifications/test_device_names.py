"""The short device names of the push settings' list (notifications.devices.device_name):
the first browser and system named in the User-Agent, as a player recognises them."""

from __future__ import annotations

import pytest
from django.utils import translation

from notifications.devices import device_name

CHROME_ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36"
)
EDGE_WINDOWS = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0"
)
SAFARI_IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)
FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"


@pytest.mark.parametrize(
    ("user_agent", "name"),
    [
        (CHROME_ANDROID, "Chrome on Android"),  # Android before Linux, Chrome before Safari
        (EDGE_WINDOWS, "Edge on Windows"),  # Edge before Chrome
        (SAFARI_IPHONE, "Safari on iPhone"),  # iPhone before "Mac OS X"
        (FIREFOX_LINUX, "Firefox on Linux"),
        ("Firefox/128.0", "Firefox"),
        ("(Windows NT 10.0)", "Windows"),
        ("", ""),
    ],
)
def test_the_first_browser_and_system_named(user_agent: str, name: str) -> None:
    with translation.override("en"):
        assert device_name(user_agent) == name
