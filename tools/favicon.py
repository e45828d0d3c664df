"""Write the book's favicon: a spade in the book's ink on a paper tile, as SVG and as ICO.

The glyph is DejaVu Sans's U+2660 (shipped with matplotlib), so both files come from one outline:
``book/_static/favicon.svg`` (the pages' icon, sharp at any size) and ``book/_extra/favicon.ico``
(16, 32 and 48 pixels, at the site's root for browsers and tools that ask for /favicon.ico).

    python tools/favicon.py      # rewrites both files; commit them
"""

from __future__ import annotations

import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from matplotlib.font_manager import FontProperties  # noqa: E402
from matplotlib.path import Path as MplPath  # noqa: E402
from matplotlib.textpath import TextPath  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PAPER, INK = "#fbf8ef", "#1d1a16"  # --ombre-paper and --ombre-ink of book/_static/ombre.css
SIZE = 32  # the SVG's view box, in its own units
MARGIN = 4


def spade() -> MplPath:
    """The spade's outline, scaled and centred in a SIZE x SIZE box with y pointing down."""
    path = TextPath((0, 0), "\u2660", size=1, prop=FontProperties(family="DejaVu Sans"))
    box = path.get_extents()
    scale = (SIZE - 2 * MARGIN) / max(box.width, box.height)
    dx = (SIZE - box.width * scale) / 2 - box.x0 * scale
    dy = (SIZE - box.height * scale) / 2 + box.y1 * scale
    vertices = [(x * scale + dx, dy - y * scale) for x, y in path.vertices]
    return MplPath(vertices, path.codes)


def svg_path(path: MplPath) -> str:
    letters = {MplPath.MOVETO: "M", MplPath.LINETO: "L", MplPath.CURVE3: "Q", MplPath.CURVE4: "C"}
    parts: list[str] = []
    for points, code in path.iter_segments(simplify=False):
        if code == MplPath.CLOSEPOLY:
            parts.append("Z")
            continue
        coords = " ".join(f"{v:.2f}".rstrip("0").rstrip(".") for v in points)
        parts.append(letters[code] + coords)
    return "".join(parts)


def write_svg(path: MplPath) -> Path:
    out = ROOT / "book" / "_static" / "favicon.svg"
    out.write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}">'
        f'<rect width="{SIZE}" height="{SIZE}" rx="6" fill="{PAPER}"/>'
        f'<path fill="{INK}" d="{svg_path(path)}"/></svg>\n',
        encoding="utf-8",
    )
    return out


def write_ico(path: MplPath) -> Path:
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch, PathPatch
    from PIL import Image

    fig = plt.figure(figsize=(1, 1), dpi=48 * 4)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, SIZE)
    ax.set_ylim(SIZE, 0)
    ax.axis("off")
    ax.add_patch(FancyBboxPatch((0, 0), SIZE, SIZE, boxstyle="round,pad=0,rounding_size=6", color=PAPER))
    ax.add_patch(PathPatch(path, color=INK, lw=0))
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", transparent=True)
    plt.close(fig)
    out = ROOT / "book" / "_extra" / "favicon.ico"
    Image.open(buffer).convert("RGBA").save(out, sizes=[(16, 16), (32, 32), (48, 48)])
    return out


if __name__ == "__main__":
    outline = spade()
    for written in (write_svg(outline), write_ico(outline)):
        print(f"{written.relative_to(ROOT)} {written.stat().st_size} bytes")
