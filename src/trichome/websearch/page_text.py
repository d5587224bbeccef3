"""A fetched page's main text and title: its bytes decoded, the text extracted (trafilatura for
HTML), and paragraphs kept apart."""

from __future__ import annotations

import codecs
import html
import logging
import re
from collections.abc import Iterable

import charset_normalizer
import httpx
import trafilatura

from trichome.websearch.errors import FetchFailed

logger = logging.getLogger(__name__)
# trafilatura warns with a page's whole URL (query string and all) when it finds no text;
# our own log line names the host only.
logging.getLogger("trafilatura").setLevel(logging.ERROR)

_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([\w.:-]+)""", re.IGNORECASE)
_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)


def _decode(body: bytes, charset: str | None, media_type: str) -> str:
    if (
        charset is None
        and media_type != "text/plain"
        and (meta := _META_CHARSET.search(body[:4096]))
    ):
        charset = meta.group(1).decode("ascii", "replace")
    if charset is not None:
        try:
            return body.decode(codecs.lookup(charset).name, errors="replace")
        except LookupError:
            pass
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        best = charset_normalizer.from_bytes(body).best()
        return str(best) if best is not None else body.decode("utf-8", errors="replace")


def _paragraphs(lines: Iterable[str]) -> str:
    """One paragraph per line becomes paragraphs apart by blank lines; table rows stay together."""
    blocks: list[str] = []
    in_table = False
    for raw in lines:
        line = raw.strip()
        if not line:
            in_table = False
            continue
        row = line.startswith("|")
        if row and in_table:
            blocks[-1] += "\n" + line
        else:
            blocks.append(line)
        in_table = row
    return "\n\n".join(blocks)


def _plain_paragraphs(text: str) -> str:
    paragraphs = re.split(r"\n\s*\n", text.replace("\r\n", "\n").replace("\r", "\n"))
    cleaned = ("\n".join(line.rstrip() for line in p.strip("\n").splitlines()) for p in paragraphs)
    return "\n\n".join(p for p in cleaned if p.strip())


def readable_text(
    body: bytes, media_type: str, charset: str | None, url: httpx.URL
) -> tuple[str, str | None]:
    """The page's main text and title (CPU-bound: run in a worker thread).

    Raises:
        FetchFailed: no readable text.
    """
    document = _decode(body, charset, media_type)
    if media_type == "text/plain":
        text, title = _plain_paragraphs(document), None
    else:
        try:
            extracted = trafilatura.extract(
                document,
                url=str(url),
                output_format="txt",
                include_comments=False,
                include_tables=True,
                favor_precision=True,
            )
            # The whole page, when trafilatura finds no main text (a very short page).
            text = _paragraphs((extracted or trafilatura.html2txt(document)).splitlines())
            title = trafilatura.extract_metadata(document, default_url=str(url)).title
        except Exception as error:  # a parser failing on hostile markup is the page's problem
            logger.info("could not parse the page from %s: %s", url.host, type(error).__name__)
            raise FetchFailed(f"could not parse the page from {url.host}") from None
        if not title and (found := _TITLE.search(document)):
            title = " ".join(html.unescape(found.group(1)).split())
    if not text:
        raise FetchFailed(f"no readable text at {url.host}")
    return text, title or None
