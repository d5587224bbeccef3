"""The web search package's errors: a search that failed, and a page that was not read.

SearchError     the search provider could not be reached or gave no usable answer
FetchError      a page that was not read
  FetchRefused  not ours to read (scheme, credentials, port, address, content type)
  FetchFailed   reading it went wrong (no such host, timeout, HTTP error, too large)
"""

from __future__ import annotations


class SearchError(Exception):
    """A search that failed; `str()` is a short reason safe to log or show (never the key)."""


class FetchError(Exception):
    """A page that was not read; `str(error)` is a short reason, never the page's content."""


class FetchRefused(FetchError):
    """The page is not ours to read: its scheme, credentials, port, address or content type,
    or too many redirects."""


class FetchFailed(FetchError):
    """Reading the page went wrong: no such host, timeout, HTTP error, too large, no text."""
