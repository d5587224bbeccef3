"""Web search results: one found page, reading it from a provider's fields, and merging
several rankings into one (duplicates found by canonical URL, reciprocal-rank fusion)."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from email.utils import parsedate_to_datetime
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

# Reciprocal-rank fusion constant. Smaller than the customary 60 because the lists are short
# (at most 20), so a result's position still matters next to how many lists agree on it.
RRF_K = 10

TRACKING_PARAMS = frozenset(
    {
        "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "fbclid", "msclkid", "yclid", "twclid",
        "igshid", "mc_cid", "mc_eid", "mkt_tok", "ref", "ref_src", "referrer", "_ga", "_gl",
        "_hsenc", "_hsmi", "__hsfp", "__hssc", "__hstc", "hsctatracking", "srsltid", "spm",
        "oly_anon_id", "oly_enc_id", "vero_id", "wickedid", "rb_clickid", "s_cid",
    }
)  # fmt: skip
TRACKING_PREFIXES = ("utm_", "pk_", "mtm_")
DEFAULT_PORTS = {"http": 80, "https": 443}
TAG = re.compile(r"<[^>]*>")
SPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class SearchResult:
    """One page a search found."""

    url: str
    title: str
    snippet: str
    score: float  # 0..1 rank score after merging (1 for the best result)
    published: date | None = None
    engines: tuple[str, ...] = field(default=())


def clean_text(text: str) -> str:
    """`text` without HTML tags, entities decoded, whitespace collapsed."""
    return SPACE.sub(" ", html.unescape(TAG.sub("", text))).strip()


def parse_published(value: object) -> date | None:
    """A publication date from ISO, `YYYY-MM-DD`, RFC 2822 or `March 1, 2025`; else None."""
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    try:
        return datetime.fromisoformat(text).date()
    except ValueError:
        pass
    if re.match(r"\d{4}-\d{2}-\d{2}", text):
        try:
            return date.fromisoformat(text[:10])
        except ValueError:
            return None
    try:
        return parsedate_to_datetime(text).date()
    except (TypeError, ValueError, IndexError):
        pass
    for layout in ("%B %d, %Y", "%b %d, %Y", "%d %B %Y"):
        try:
            return datetime.strptime(text, layout).date()
        except ValueError:
            continue
    return None


def canonical_url(url: str) -> str:
    """`url` reduced for de-duplication: no `www.`, default port, fragment, trailing slash or
    tracking parameters; lower-case scheme and host; query sorted."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return text
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").removeprefix("www.")
    if ":" in host:
        host = f"[{host}]"
    if port is not None and port != DEFAULT_PORTS.get(scheme):
        host = f"{host}:{port}"
    query = urlencode(sorted(_without_tracking(parts.query)))
    return urlunsplit((scheme, host, parts.path.rstrip("/"), query, ""))


def merge_results(batches: Sequence[Sequence[SearchResult]], *, limit: int) -> list[SearchResult]:
    """The results of several rankings as one: duplicates merged, best first, scores 0..1.

    Pages are the same when their `canonical_url`s are. A merged page keeps its best-ranked
    URL (tracking parameters removed), the first real title, the longest snippet and every
    engine. Ranking is reciprocal-rank fusion: each batch is a ranking, and a page earns
    1 / (RRF_K + position) from it, again for each repeat in the same batch that brings an
    engine not yet counted (SearXNG lists a URL's variants found by different engines apart).
    Scores are divided by the best one. Non-http(s) URLs are dropped.
    """
    merged: dict[str, _Merging] = {}
    for batch in batches:
        credited: dict[str, set[str]] = {}
        for position, result in enumerate(batch):
            if not _is_web_url(result.url):
                continue
            key = canonical_url(result.url)
            page = merged.get(key)
            if page is None:
                page = merged[key] = _Merging(result, order=len(merged))
            else:
                page.absorb(result)
            engines = credited.setdefault(key, set())
            if not engines or not engines.issuperset(result.engines):
                page.score += 1.0 / (RRF_K + position)
            engines.update(result.engines)
    ranked = sorted(merged.values(), key=lambda page: (-page.score, page.order))
    if not ranked or limit < 1:
        return []
    best = ranked[0].score
    return [page.result(page.score / best) for page in ranked[:limit]]


@dataclass(slots=True)
class _Merging:
    first: SearchResult
    order: int
    score: float = 0.0
    title: str = ""
    snippet: str = ""
    published: date | None = None
    engines: dict[str, None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.title = self.first.title
        self.snippet = self.first.snippet
        self.published = self.first.published
        self.engines = dict.fromkeys(self.first.engines)

    def absorb(self, other: SearchResult) -> None:
        if self.title in ("", _host(self.first.url)) and other.title != _host(other.url):
            self.title = other.title or self.title
        if len(other.snippet) > len(self.snippet):
            self.snippet = other.snippet
        self.published = self.published or other.published
        self.engines.update(dict.fromkeys(other.engines))

    def result(self, score: float) -> SearchResult:
        url = self.first.url
        parts = urlsplit(url)
        kept = _without_tracking(parts.query)
        if len(kept) < len(parse_qsl(parts.query, keep_blank_values=True)):
            url = urlunsplit(parts._replace(query=urlencode(kept)))
        return SearchResult(
            url, self.title, self.snippet, round(score, 6), self.published, tuple(self.engines)
        )


def _without_tracking(query: str) -> list[tuple[str, str]]:
    return [
        (name, value)
        for name, value in parse_qsl(query, keep_blank_values=True)
        if name.lower() not in TRACKING_PARAMS and not name.lower().startswith(TRACKING_PREFIXES)
    ]


def _host(url: str) -> str:
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return ""
    return host.removeprefix("www.")


def _is_web_url(url: str) -> bool:
    try:
        parts = urlsplit(url)
        return parts.scheme.lower() in DEFAULT_PORTS and bool(parts.hostname)
    except ValueError:
        return False


def result_from_fields(
    url: object, title: object, snippet: object, published: object, engines: tuple[str, ...]
) -> SearchResult | None:
    """A result from a provider's fields; None without an http(s) URL."""
    if not isinstance(url, str) or not url.strip():
        return None
    url = url.strip()
    if not _is_web_url(url):
        return None
    text = clean_text(title) if isinstance(title, str) else ""
    return SearchResult(
        url=url,
        title=text or _host(url),
        snippet=clean_text(snippet) if isinstance(snippet, str) else "",
        score=0.0,
        published=parse_published(published),
        engines=engines,
    )
