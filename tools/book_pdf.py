"""The built book as one PDF for print (``make pdf``): Debian's Chromium prints each page.

Every page of the table of contents is opened from a server on 127.0.0.1 in headless Chromium
(``/usr/bin/chromium``, driven by Playwright; no browser is downloaded), printed with the book's
print styles (no navigation, no controls: a replay shows its position and the trick tables
around it, an exercise set prints as a worksheet), and the pages are joined with pypdf, each
chapter a bookmark. Nothing is fetched from another host: the printer refuses such requests.

    python tools/book_pdf.py [_build/html] [_build/pdf/ombre.pdf]
"""

from __future__ import annotations

import functools
import http.server
import io
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("OMBRE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def toc_pages() -> list[str]:
    """Every page of the table of contents, as paths of the built HTML (``book/intro.html``), in
    the book's order."""
    import yaml

    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    pages = [toc["root"]]

    def walk(entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            if "file" in entry:
                pages.append(entry["file"])
            walk(entry.get("sections", []))
            walk(entry.get("chapters", []))

    for part in toc.get("parts", []):
        walk(part.get("chapters", []))
    walk(toc.get("chapters", []))
    return [f"{p}.html" for p in pages]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def print_book(html: Path, out: Path) -> int:
    """Print every page of ``html`` into ``out``; the number of PDF pages."""
    from playwright.sync_api import sync_playwright
    from pypdf import PdfReader, PdfWriter

    if not (html / "index.html").is_file():
        raise SystemExit(f"book_pdf: no built book at {html}: run `make build` first")
    writer = PdfWriter()
    with served(html) as origin, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()

        def only_here(route: Any) -> None:
            url = route.request.url
            if url.startswith((origin, "data:", "blob:", "about:")):
                route.continue_()
            else:
                route.abort()

        page.route("**/*", only_here)
        page.emulate_media(media="print", color_scheme="light")
        for path in toc_pages():
            page.goto(f"{origin}/{path}", wait_until="load")
            page.evaluate("document.fonts.ready")
            title = page.title().split("—")[0].split(" | ")[0].strip()
            pdf = page.pdf(
                format="A4",
                margin={"top": "18mm", "bottom": "18mm", "left": "16mm", "right": "16mm"},
                print_background=False,
                outline=False,
            )
            reader = PdfReader(io.BytesIO(pdf))
            start = len(writer.pages)
            for sheet in reader.pages:
                writer.add_page(sheet)
            writer.add_outline_item(title=title, page_number=start)
        browser.close()
    writer.add_metadata({"/Title": "Ombre: The Royal Game", "/Author": "The Ombre editors"})
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as fh:
        writer.write(fh)
    return len(writer.pages)


def main(argv: list[str]) -> int:
    html = Path(argv[0]) if argv else ROOT / "_build" / "html"
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "_build" / "pdf" / "ombre.pdf"
    pages = print_book(html, out)
    print(f"{out}: {pages} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
