"""Where a cited thread links: its forum when a reader can open it, else its page here.

The sample corpus and many imports come from forums a reader cannot reach (a made-up host,
a private board, a forum that has closed). A citation to one of those would be a dead
link, so answers link the thread's own page on the knowledge base instead.
"""

from __future__ import annotations

from urllib.parse import urlsplit

# Hosts reserved for examples and tests (RFC 2606, RFC 6761): no reader can open them.
RESERVED_SUFFIXES = (".example", ".test", ".invalid", ".localhost")


def is_public_url(url: str) -> bool:
    """Whether a thread's forum address is one a reader could open (http(s), a real host)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower().rstrip(".")
    if parts.scheme not in ("http", "https") or not host or "." not in host:
        return False
    return not host.endswith(RESERVED_SUFFIXES) and host not in ("example.com", "example.org")


def page_url(base_url: str, thread_id: int, post_number: int | None = None) -> str:
    """The address of a thread's page on this service (`base_url` ends with `/`), with the
    post `post_number` marked and scrolled to."""
    address = f"{base_url}threads/{thread_id}"
    if post_number is None:
        return address
    return f"{address}?post={post_number}#post-{post_number}"


def citation_link(url: str, thread_id: int, post_number: int | None, pages: str | None) -> str:
    """The link an answer gives a cited thread: its forum address when a reader can open
    it, otherwise (when the service's base address `pages` is known) its page here."""
    if pages is None or is_public_url(url):
        return url
    return page_url(pages, thread_id, post_number)
