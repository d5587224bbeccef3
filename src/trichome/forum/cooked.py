"""Discourse's `cooked` post HTML as readable plain text (standard library only)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK_BREAKS = {
    "p": 2, "div": 1, "h1": 2, "h2": 2, "h3": 2, "h4": 2, "h5": 2, "h6": 2, "table": 2,
    "tr": 1, "aside": 2, "details": 2, "summary": 1, "dl": 2, "dt": 1, "dd": 1, "figure": 2,
}  # fmt: skip
_VOID_TAGS = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "source", "wbr"})
_DROPPED_TAGS = frozenset(
    {"script", "style", "svg", "noscript", "video", "audio", "iframe", "object", "template"}
)
_NOISE_CLASSES = frozenset({"lightbox-wrapper", "quote-controls", "lazy-video-container"})
_SPACES = re.compile(r"\s+")
_BLANK_RUNS = re.compile(r"\n{3,}")


class _CookedText(HTMLParser):
    """Readable text from Discourse's cooked HTML: blocks on their own lines, lists with
    bullets, quotes with "> ", code kept verbatim, images and link previews left out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.pending = 0  # line breaks owed before the next text
        self.quote_depth = 0
        self.lists: list[int | None] = []  # per open list: items so far (ol) or None (ul)
        self.marker = ""  # a list item's bullet, written with its first text
        self.in_pre = 0
        self.skipping: str | None = None  # the dropped element we are inside
        self.skip_depth = 0
        self.links: list[tuple[str, int]] = []  # (href, where its text starts in out)
        self.row_cells = 0

    def _break(self, lines: int) -> None:
        if self.out and not self.marker:  # a paragraph opening a list item stays on its line
            self.pending = max(self.pending, lines)

    def _write(self, text: str, *, verbatim: bool = False) -> None:
        if not self.out or self.pending:
            text = text if verbatim else text.lstrip()
            if not text:
                return
            if self.out:
                self.out.append("\n" * self.pending)
            self.pending = 0
            self.out.append("> " * self.quote_depth + self.marker)
            self.marker = ""
        elif not verbatim and text.startswith(" ") and self.out[-1].endswith(" "):
            text = text[1:]
        if text:
            self.out.append(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping is not None:
            self.skip_depth += tag == self.skipping
            return
        attributes = dict(attrs)
        classes = set((attributes.get("class") or "").split())
        is_preview = tag != "a" and any("onebox" in name for name in classes)
        if tag in _DROPPED_TAGS or is_preview or (classes & _NOISE_CLASSES):
            if source := attributes.get("data-onebox-src"):
                self._break(2)
                self._write(source)
                self._break(2)
            if tag not in _VOID_TAGS:
                self.skipping, self.skip_depth = tag, 1
        elif tag == "br":
            self.pending += 1 if self.out else 0
        elif tag == "hr":
            self._break(2)
        elif tag in ("ul", "ol"):
            self._break(1)
            self.lists.append(0 if tag == "ol" else None)
        elif tag == "li":
            self._break(1)
            count = self.lists[-1] if self.lists else None
            if count is not None:
                self.lists[-1] = count + 1
            bullet = f"{count + 1}. " if count is not None else "- "
            self.marker = "  " * max(0, len(self.lists) - 1) + bullet
        elif tag == "blockquote":
            self._break(2)
            self.quote_depth += 1
        elif tag == "pre":
            self._break(2)
            self.in_pre += 1
        elif tag == "a":
            self.links.append((attributes.get("href") or "", len(self.out)))
        elif tag in ("td", "th"):
            if self.row_cells:
                self._write(" | ")
            self.row_cells += 1
        elif tag in _BLOCK_BREAKS:
            self._break(_BLOCK_BREAKS[tag])
            self.row_cells = 0

    def handle_endtag(self, tag: str) -> None:
        if self.skipping is not None:
            if tag == self.skipping:
                self.skip_depth -= 1
                if self.skip_depth == 0:
                    self.skipping = None
            return
        if tag in ("ul", "ol"):
            if self.lists:
                self.lists.pop()
            self._break(1 if self.lists else 2)
        elif tag == "li":
            self.marker = ""
            self._break(1)
        elif tag == "blockquote":
            self.quote_depth = max(0, self.quote_depth - 1)
            self._break(2)
        elif tag == "pre":
            self.in_pre = max(0, self.in_pre - 1)
            self._break(2)
        elif tag == "a" and self.links:
            href, start = self.links.pop()
            text = "".join(self.out[start:])
            bare = href.split("://", 1)[-1].rstrip("/")
            if href.startswith(("http://", "https://")) and text.strip() and bare not in text:
                self._write(f" ({href})")
        elif tag in _BLOCK_BREAKS:
            self._break(_BLOCK_BREAKS[tag])

    def handle_data(self, data: str) -> None:
        if self.skipping is not None:
            return
        if not self.in_pre:
            self._write(_SPACES.sub(" ", data))
            return
        for index, line in enumerate(data.split("\n")):
            if index and self.out:
                self.pending += 1
            if line:
                self._write(line, verbatim=True)


def cooked_to_text(cooked: str) -> str:
    """A post's cooked HTML as readable plain text (entities unescaped, no images)."""
    parser = _CookedText()
    try:
        parser.feed(cooked)
        parser.close()
    except AssertionError:  # how html.parser rejects some broken <! declarations: keep the rest
        pass
    lines = "".join(parser.out).split("\n")
    return _BLANK_RUNS.sub("\n\n", "\n".join(line.rstrip() for line in lines)).strip("\n")


# --- HTTP: robots.txt, pacing, retries, size limit -----------------------------------------
