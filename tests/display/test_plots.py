"""The figures on a phone: a phone-sized drawing beside the desktop one, with the same alt text."""

from __future__ import annotations

import io
import re

from PIL import Image

from ombre.display.plots import PHONE_MEDIA, STYLE, convergence_plot
from ombre.engine.probability import EVENTS, simulate


def _width(png: bytes) -> int:
    return int(Image.open(io.BytesIO(png)).size[0])


def test_a_phone_gets_a_narrower_figure_whose_labels_stay_legible() -> None:
    event = EVENTS["all-matadors"]
    plot = convergence_plot(
        simulate(event, trials=2000, seed=3), event.exact, "being dealt all three matadors"
    )
    desktop, phone = plot.png(), plot.png(phone=True)
    assert phone == plot.png(phone=True)  # reproducible bytes
    # a 390 px phone shows about 358 px of figure: the labels (font.size points at savefig.dpi) keep
    # at least 10 px there; the desktop figure's would shrink to about 7 px
    label_px = STYLE["font.size"] * STYLE["savefig.dpi"] / 72
    assert label_px * 358 / _width(phone) >= 10 > label_px * 358 / _width(desktop)
    # drawing the phone figure leaves the figure itself as it was
    assert plot.png() == desktop and plot.figure.get_size_inches().tolist() == [6.4, 3.6]
    page = plot.html()
    sources = re.findall(r'<source media="([^"]+)" srcset="data:image/png;base64,', page)
    assert sources == [PHONE_MEDIA]
    assert page.count("<img ") == 1 and 'alt="Line chart: the simulated chance' in page
    assert page.index("<source") < page.index("<img ")  # the browser reads the sources first


def test_a_plot_s_markup_is_well_formed_xml() -> None:
    # the EPUB's pages are XHTML: an unclosed <source> swallows the <img> after it (EPUBCheck RSC-005)
    from xml.etree import ElementTree

    event = EVENTS["all-matadors"]
    plot = convergence_plot(simulate(event, trials=200, seed=1), event.exact, "all three matadors")
    figure = ElementTree.fromstring(plot.html())
    picture = figure.find("picture")
    assert picture is not None and [child.tag for child in picture] == ["source", "img"]
