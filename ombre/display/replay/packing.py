"""The viewer's page data: the steps packed into one small JSON object for ``static/viewer.js``.

A game's positions repeat most of their HTML from one step to the next (a hand loses one card,
a trick gains one), so each distinct piece of HTML is kept once and each step names its pieces
by number; :func:`pack_strings` then shrinks the pieces with a shared dictionary of their
repeated tags and words, which the script expands again.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ombre.display.html import names_isolated

if TYPE_CHECKING:
    from ombre.display.replay.model import ViewerSteps

__all__ = ["pack_steps", "pack_strings", "json_for_script"]


def pack_steps(
    rp: ViewerSteps, regions: Sequence[Sequence[str]], faces: Mapping[str, str], *, start: int
) -> dict[str, object]:
    """The page's data for ``viewer.js``: each step's pieces of HTML (by number) and words, the card faces.

    ``regions`` holds each step's HTML, region by region (the seats, then the trick on the
    table); ``faces`` each card's face by its text (``"As"``, ``"??"`` for a card face down).
    A piece of HTML that several steps share is kept once, and every piece and face is packed
    by :func:`pack_strings`.
    """
    frags: list[str] = []
    index: dict[str, int] = {}

    def frag(text: str) -> int:
        if text not in index:
            index[text] = len(frags)
            frags.append(text)
        return index[text]

    steps_data: list[dict[str, object]] = []
    for st, texts in zip(rp.steps, regions, strict=True):
        steps_data.append(
            {
                "r": [frag(t) for t in texts],
                "a": names_isolated(st.announcement, rp.players),
                "ta": names_isolated(st.summary, rp.players),
                "w": names_isolated(st.position, rp.players),
                "c": st.card_context,
                "h": st.anchor,
                "m": st.to_move,
                "t": st.trick,
                "k": list(st.tricks),
            }
        )
    keys = list(faces)
    words, packed = pack_strings([faces[k] for k in keys] + frags)
    return {
        "v": 1,
        "start": start,
        "done": rp.outcome is not None,
        "ends": list(rp.trick_ends),
        "dict": words,
        "cards": dict(zip(keys, packed[: len(keys)], strict=True)),
        "frags": packed[len(keys) :],
        "steps": steps_data,
    }


def json_for_script(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` left raw.

    >>> print(json_for_script({"a": "</script>&"}))
    {"a":"\\u003c/script\\u003e\\u0026"}
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


_TOKEN_RE = re.compile(r'<[A-Za-z][\w-]*|\s[\w:-]+="[^"]*"|/?>|</[\w-]+>|[^<>\s]+|\s+')
_PUA = re.compile("[\ue000-\uf8ff]")
_PUA_FIRST = 0xE000
_PUA_SIZE = 0x1900


def pack_strings(strings: Sequence[str]) -> tuple[list[str], list[str]]:
    """Shrink many similar HTML strings with a shared dictionary of repeated pieces.

    Each string is cut into tags, attributes and words; every piece that repeats often enough
    to be worth it goes into the dictionary once and is replaced by one private-use character
    (U+E000 onwards; any such character already in the text becomes U+FFFD, so the text
    cannot fake a reference).  ``viewer.js`` expands them again.

    >>> words, packed = pack_strings(['<i class="card">a</i>', '<i class="card">b</i>'])
    >>> words
    [' class="card"']
    >>> [p.replace("\ue000", "#") for p in packed]
    ['<i#>a</i>', '<i#>b</i>']
    """
    clean = [_PUA.sub("\ufffd", s) for s in strings]
    tokenised = [_TOKEN_RE.findall(s) for s in clean]
    for s, toks in zip(clean, tokenised, strict=True):
        assert "".join(toks) == s
    counts: dict[str, int] = {}
    for toks in tokenised:
        for t in toks:
            counts[t] = counts.get(t, 0) + 1
    # a piece of n characters used k times saves about (n - 1) * k - n - 3 characters
    gain = {t: (len(t) - 1) * k - len(t) - 3 for t, k in counts.items()}
    chosen = sorted((t for t in gain if gain[t] > 0), key=lambda t: (-gain[t], t))[:_PUA_SIZE]
    code = {t: chr(_PUA_FIRST + i) for i, t in enumerate(chosen)}
    packed = ["".join(code.get(t, t) for t in toks) for toks in tokenised]
    return chosen, packed
