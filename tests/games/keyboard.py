"""Playing a game page with the keyboard only (issue 12), and the other seats through the
REST API: the helpers of tests/games/test_browser_keyboard.py.

`KeyboardSeat` moves the focus with Tab (and Shift+Tab), ticks with Space, moves between
radio buttons with the arrows and submits with Enter; it never clicks. It checks on the way
that the focused control shows where the focus is (an outline or a ring). `ApiSeats` plays
every other pending seat's first legal move over HTTP with each user's API token, so the
keyboard page learns of them over its websocket, as from people at other screens.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from .live_site import last_json, site_shell

# The focused element, if it matches the selector; and whether it shows a focus mark.
FOCUSED = """(selector) => {
  const el = document.activeElement;
  if (!el || !el.matches(selector)) return null;
  const style = getComputedStyle(el);
  const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  return {ring: ring || style.boxShadow !== "none", text: (el.innerText || el.value || "").trim()};
}"""


def api_tokens(site: tuple[str, Path], usernames: list[str]) -> dict[str, str]:
    """An API token per user, made in the site's database."""
    _, mail_dir = site
    code = (
        "import json\n"
        "from rest_framework.authtoken.models import Token\n"
        "from accounts.models import User\n"
        f"names = {usernames!r}\n"
        "print(json.dumps({n: Token.objects.get_or_create(user=User.objects.get(username=n))"
        "[0].key for n in names}))"
    )
    tokens: dict[str, str] = last_json(site_shell(mail_dir, code))
    return tokens


class ApiSeats:
    """The seats of a game played through the REST API, one token per user."""

    def __init__(self, base: str, game_id: int, tokens: dict[str, str]) -> None:
        self.url = f"{base}/api/games/{game_id}/"
        self.tokens = tokens
        self.seat_of = {name: self.feed(name)["my_seat"] for name in tokens}

    def _call(self, name: str, url: str, body: dict[str, Any] | None = None) -> Any:
        request = urllib.request.Request(
            url,
            data=json.dumps(body).encode() if body is not None else None,
            headers={
                "Authorization": f"Token {self.tokens[name]}",
                "Content-Type": "application/json",
            },
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def feed(self, name: str) -> dict[str, Any]:
        feed: dict[str, Any] = self._call(name, self.url)
        return feed

    def play_others(self, keyboard: str) -> int:
        """Every pending seat but the keyboard's plays its first legal move, one at a time;
        returns the seq after them."""
        feed = self.feed(keyboard)
        while feed["status"] == "playing":
            others = [
                name
                for name, seat in self.seat_of.items()
                if name != keyboard and seat in feed["pending_seats"]
            ]
            if not others:
                break
            mover = self.feed(others[0])
            move = mover["legal_moves"][0]
            self._call(others[0], self.url + "moves/", {"move": move, "expected_seq": mover["seq"]})
            feed = self.feed(keyboard)
        return int(feed["seq"])


class KeyboardSeat:
    """A game page driven by the keyboard alone."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.presses = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def focused(self, selector: str) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.page.evaluate(FOCUSED, selector)
        return found

    def tab_to(self, selector: str, limit: int = 120) -> dict[str, Any]:
        """Press Tab until the focus is on an element matching `selector`; it must show
        its focus."""
        for _ in range(limit):
            found = self.focused(selector)
            if found is not None:
                assert found["ring"], f"the focus on {selector} is not visible"
                return found
            self.press("Tab")
        raise AssertionError(f"Tab never reached {selector}")
