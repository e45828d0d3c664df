"""The book as an EPUB (``make epub``): each page's body made XHTML, the interactive parts left out.

Sphinx's epub builder writes the HTML pages as XHTML files, but the notebooks' outputs are HTML5
(boolean attributes, ``&`` in scripts, inline SVG in HTML syntax), which an EPUB reader refuses.
Each body is parsed as HTML and written again as XML; scripts and the controls that need them
(buttons, forms, the live engine) are left out, since an e-reader runs no Python; the card
pictures stay, each with its text alternative (``role="img"`` and ``aria-label``). The JavaScript,
the fonts and the widget files of the HTML book are not copied into the EPUB.

>>> xhtml_body('<p hidden>A &rarr; B<br></p><button>x</button><script>1 && 2</script>')
'<p hidden="">A → B<br/></p>'
>>> xhtml_body('<svg viewBox="0 0 2 3"><text textLength="4">K</text></svg>')
'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 3"><text textLength="4">K</text></svg>'
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sphinx.application import Sphinx

SVG_NS = "http://www.w3.org/2000/svg"

#: SVG's mixed-case attribute names, which an HTML parser lowers
_SVG_CASE = {
    "viewbox": "viewBox",
    "textlength": "textLength",
    "lengthadjust": "lengthAdjust",
    "preserveaspectratio": "preserveAspectRatio",
}
#: what needs a script or a kernel, left out of the EPUB
_INTERACTIVE = {"script", "button", "form", "input", "select", "textarea", "template", "noscript", "iframe"}
_INTERACTIVE_CLASSES = {"om-controls", "om-jump", "om-keys", "om-nojs", "om-live", "ombre-live"}
# the notebooks in JupyterLite live beside the HTML book, not in the EPUB
_INTERACTIVE_CLASSES.add("ombre-lite-link")
#: a code cell's hidden source (the reader of an e-book has no use for it)
_HIDDEN_SOURCE = "above-input"
#: attributes that name other elements of the page by id
_ID_REFS = ("aria-labelledby", "aria-describedby", "aria-controls", "aria-owns", "for")


def _is_interactive(el: Any) -> bool:
    if el.tag in _INTERACTIVE:
        return True
    if el.tag == "details" and _HIDDEN_SOURCE in (el.get("class") or "").split():
        return True
    if el.tag == "link" or (el.tag == "style" and el.getparent() is not None):
        return False
    classes = set((el.get("class") or "").split())
    return bool(classes & _INTERACTIVE_CLASSES) or el.get("type") == "application/json"


def _local_xhtml(href: str) -> str:
    """A link to another page of the book, made for the EPUB's ``.xhtml`` files."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or not parts.path.endswith(".html"):
        return href
    return href.replace(".html", ".xhtml", 1)


def xhtml_body(body: str, styles: list[str] | None = None) -> str:
    """``body`` (HTML) as XHTML, without its scripts and interactive controls.

    Inline ``<style>`` elements (not allowed in an XHTML body) are taken out; their CSS is added
    to ``styles`` when it is given, for the page's head.
    """
    from lxml import etree, html

    root = html.fragment_fromstring(body, create_parent="div")
    for el in [el for el in root.iter() if isinstance(el.tag, str) and _is_interactive(el)]:
        el.drop_tree()
    for el in [el for el in root.iter() if el.tag == "style"]:
        if styles is not None and el.text and el.text not in styles:
            styles.append(el.text)
        el.drop_tree()
    ids = {el.get("id") for el in root.iter() if isinstance(el.tag, str) and el.get("id")}
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for low, proper in _SVG_CASE.items():
            if low in el.attrib:
                el.set(proper, el.attrib.pop(low))
        for attr in _ID_REFS:
            if attr in el.attrib and not set(el.attrib[attr].split()) <= ids:
                del el.attrib[attr]
        if el.tag == "a" and el.get("href"):
            el.set("href", _local_xhtml(el.attrib["href"]))
        if el.tag == "p" and el.getparent() is not None and el.getparent().tag == "summary":
            el.tag = "span"  # a summary holds phrasing content only
    parts = [etree.tostring(child, method="xml", encoding="unicode", with_tail=True) for child in root]
    out = (root.text or "") + "".join(parts)
    # SVG drawn inline keeps its own namespace in XHTML
    return re.sub(r"<svg(?![^>]*\bxmlns=)", f'<svg xmlns="{SVG_NS}"', out)


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if app.builder.name != "epub":
        return
    context["script_files"] = []
    # myst-nb's stylesheet is written for the web book only
    context["css_files"] = [c for c in context.get("css_files", []) if "mystnb." not in str(c)]
    if "body" not in context:
        return
    styles: list[str] = []
    context["body"] = xhtml_body(context["body"], styles)
    if styles:
        # EPUB's CSS checker refuses rem in a font shorthand; em is the same size at the root
        css = re.sub(r"(\d)rem\b", r"\1em", "\n".join(styles))
        context["metatags"] = context.get("metatags", "") + f"\n<style>{css}</style>"


def _woff2(app: Sphinx) -> None:
    # EPUB 3 lists font/woff2 among its core media types; Sphinx's epub builder does not
    if app.builder.name == "epub":
        app.builder.media_types = {**app.builder.media_types, ".woff2": "font/woff2"}  # type: ignore[attr-defined]


def _no_web_files(app: Sphinx) -> None:
    # the widget manager and the site's favicon are for the web book only (the fonts stay)
    if app.builder.name != "epub":
        return
    app.config.html_extra_path = []
    root = Path(app.confdir)
    widgets = root / "vendor" / "static" / "widgets"
    # the fonts' licences are for the web book's copies (the OFL lets a document embed a font)
    licences = [f"_static/fonts/{f.name}" for f in (root / "vendor" / "static" / "fonts").glob("*.txt")]
    app.config.epub_exclude_files = [
        *app.config.epub_exclude_files,
        *licences,
        *(f"_static/{f.relative_to(widgets.parent).as_posix()}" for f in widgets.rglob("*") if f.is_file()),
    ]


def declare_svg(opf: str, outdir: Path) -> str:
    """The package document with ``properties="svg"`` on each page that draws inline SVG (EPUB 3
    requires it; Sphinx's epub builder does not write it).

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "a.xhtml").write_text("<svg/>"), (d / "b.xhtml").write_text("x")
    >>> opf = declare_svg('<item id="1" href="a.xhtml" media-type="application/xhtml+xml" />'
    ...                   '<item id="2" href="b.xhtml" media-type="application/xhtml+xml" />', d)
    >>> opf.count('properties="svg"'), opf.index('properties') < opf.index("b.xhtml")
    (1, True)
    """

    def item(m: re.Match[str]) -> str:
        page = outdir / m.group(1)
        if page.is_file() and "<svg" in page.read_text(encoding="utf-8"):
            return m.group(0)[: -len(" />")] + ' properties="svg" />'
        return m.group(0)

    return re.sub(r'<item id="[^"]+" href="([^"]+\.xhtml)" media-type="application/xhtml\+xml" />', item, opf)


def same_ids(opf: str, ids: dict[str, str]) -> str:
    """The spine pointing at the manifest's item for each page, once.

    Sphinx's epub builder names the book's ``notebooks/`` page relative to the first page
    (``book/../notebooks/...``) in the spine, gives that name an id of its own that the manifest
    lacks, and lists the page again at the end as not in the reading order.

    >>> opf = '<item id="e1" href="n/a.xhtml" /><itemref idref="e2" /><itemref idref="e1" linear="no" />'
    >>> same_ids(opf, {"n/a.xhtml": "e1", "b/../n/a.xhtml": "e2"})
    '<item id="e1" href="n/a.xhtml" /><itemref idref="e1" />'
    """
    for name, ident in ids.items():
        real = ids.get(posixpath.normpath(name))
        if real is not None and real != ident:
            opf = opf.replace(f'<itemref idref="{ident}" />', f'<itemref idref="{real}" />')
            opf = opf.replace(f'<itemref idref="{real}" linear="no" />', "")
    return opf


def without_has(css: str) -> str:
    r"""The stylesheet without its ``:has()`` rules, which EPUB's CSS checker cannot read (they
    only match the web theme's dark mode).

    >>> without_has("a { x: 1 }\nhtml .b:has([class*=c]) {\n  y: 2;\n}\np { z: 3 }")
    'a { x: 1 }\np { z: 3 }'
    """
    return re.sub(r"[^{}]*:has\([^{}]*\{[^{}]*\}", "", css)


def _finish(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.name != "epub":
        return
    opf = Path(app.outdir) / "content.opf"
    text = same_ids(opf.read_text(encoding="utf-8"), app.builder.id_cache)  # type: ignore[attr-defined]
    # myst-nb's stylesheet is for its web output (and EPUB's CSS checker cannot read it)
    for name in [f for f in app.builder.files if f.startswith("_static/mystnb.")]:  # type: ignore[attr-defined]
        app.builder.files.remove(name)  # type: ignore[attr-defined]
        text = re.sub(rf'\s*<item id="[^"]+" href="{re.escape(name)}"[^>]*/>', "", text)
    opf.write_text(declare_svg(text, Path(app.outdir)), encoding="utf-8")
    css = Path(app.outdir) / "_static" / "ombre.css"
    if css.is_file():
        css.write_text(without_has(css.read_text(encoding="utf-8")), encoding="utf-8")
    app.builder.build_epub()  # type: ignore[attr-defined]  # zipped again, as mended


def _version(app: Sphinx, config: Any) -> None:
    # EPUB 3 wants a version; the package's is the book's
    if not config.version:
        from ombre import __version__

        config.version = config.release = __version__


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _version)
    app.connect("builder-inited", _woff2)
    app.connect("builder-inited", _no_web_files)
    app.connect("html-page-context", _page, priority=999)
    app.connect("build-finished", _finish)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
