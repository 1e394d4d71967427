"""Draw the web app's icons (static/icons/*.png) from the site's emblem (static/img/
emblem.svg: a shield, a round table and a sword), with Pillow.

The emblem's shapes are drawn here at 8 times the size and scaled down (smooth edges, the
same geometry as the SVG's 64-unit box). Icons: the emblem on the header's navy ("any"), the
same inside the safe zone of a maskable icon (the middle 80%), an apple-touch icon, and a
one-colour badge for Android's status bar. Run it after changing the emblem; the PNGs are
committed:  .venv/bin/python scripts/draw_icons.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
# Served at the site's root by WhiteNoise (settings.WHITENOISE_ROOT): /favicon.ico.
ROOT_FILES = Path(__file__).resolve().parents[1] / "root_files"
NAVY, NAVY_DEEP = "#1b2a4a", "#0f1930"
GOLD, GOLD_DARK, PARCHMENT = "#c9a227", "#8a6d16", "#f4ecd8"
SCALE = 8  # supersampling


def _shield(t: float) -> list[tuple[float, float]]:
    """The shield's outline (the SVG's path: two Béziers between straight sides)."""

    def bezier(
        p0: tuple[float, float],
        p1: tuple[float, float],
        p2: tuple[float, float],
        p3: tuple[float, float],
    ) -> list[tuple[float, float]]:
        points = []
        for i in range(1, 33):
            u = i / 32
            x = (1 - u) ** 3 * p0[0] + 3 * (1 - u) ** 2 * u * p1[0] + 3 * (1 - u) * u**2 * p2[0]
            y = (1 - u) ** 3 * p0[1] + 3 * (1 - u) ** 2 * u * p1[1] + 3 * (1 - u) * u**2 * p2[1]
            points.append((x + u**3 * p3[0], y + u**3 * p3[1]))
        return points

    outline = [(32.0, 3.0), (57.0, 9.5), (57.0, 30.0)]
    outline += bezier((57, 30), (57, 46.5), (46, 55.5), (32, 61))
    outline += bezier((32, 61), (18, 55.5), (7, 46.5), (7, 30))
    outline += [(7.0, 9.5)]
    return [(x * t, y * t) for x, y in outline]


def emblem(size: int, *, fill_background: str | None, inset: float) -> Image.Image:
    """The emblem on a square of `size` pixels, its 64-unit box shrunk by `inset` (0..1)."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), fill_background or (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    box = big * (1 - 2 * inset)
    t = box / 64
    off = big * inset

    def at(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x + off, y + off) for x, y in points]

    def circle(cx: float, cy: float, r: float, **kwargs: object) -> None:
        draw.ellipse(
            [(off + (cx - r) * t, off + (cy - r) * t), (off + (cx + r) * t, off + (cy + r) * t)],
            **kwargs,  # type: ignore[arg-type]
        )

    shield = at(_shield(t))
    draw.polygon(shield, fill=NAVY)
    draw.line([*shield, shield[0], shield[1]], fill=GOLD, width=max(1, round(3 * t)), joint="curve")
    circle(32, 29, 12, outline=GOLD, width=max(1, round(2.5 * t)))
    circle(32, 29, 7, outline=GOLD, width=max(1, round(1 * t)))
    sword = [(32, 11), (34, 15), (34, 41), (30, 41), (30, 15)]
    draw.polygon(at([(x * t, y * t) for x, y in sword]), fill=PARCHMENT)
    draw.rounded_rectangle(
        [(off + 23.5 * t, off + 40.5 * t), (off + 40.5 * t, off + 43.7 * t)],
        radius=1.4 * t,
        fill=GOLD,
    )
    draw.rectangle(
        [(off + 30.8 * t, off + 43.5 * t), (off + 33.2 * t, off + 50 * t)], fill=GOLD_DARK
    )
    circle(32, 51.5, 2.4, fill=GOLD)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def badge(size: int) -> Image.Image:
    """A one-colour silhouette (white on transparent): Android draws badges as a mask."""
    shape = emblem(size, fill_background=None, inset=0.04)
    alpha = shape.getchannel("A")
    white = Image.new("RGBA", (size, size), (255, 255, 255, 0))
    white.putalpha(alpha)
    return white


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (48, 72, 96, 144, 192, 256, 384, 512):
        emblem(size, fill_background=NAVY_DEEP, inset=0.06).save(OUT / f"icon-{size}.png")
    for size in (192, 512):
        # Maskable: the launcher may cut the icon to a circle; keep the emblem in the middle 80%.
        emblem(size, fill_background=NAVY_DEEP, inset=0.16).save(OUT / f"maskable-{size}.png")
    emblem(180, fill_background=NAVY_DEEP, inset=0.1).save(OUT / "apple-touch-icon.png")
    badge(96).save(OUT / "badge-96.png")
    # Browsers and feed readers ask /favicon.ico whatever a page's <link rel=icon> says.
    emblem(48, fill_background=NAVY_DEEP, inset=0.06).save(
        ROOT_FILES / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)]
    )


if __name__ == "__main__":
    main()
