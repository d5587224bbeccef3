"""One web search and the pages it leads to: query, results, then the best pages read."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from trichome.config import Settings
from trichome.websearch.errors import SearchError
from trichome.websearch.fetcher import FetchError, Page, PageFetcher, build_page_cache
from trichome.websearch.providers import (
    SearchProvider,
    build_search_provider,
)
from trichome.websearch.results import SearchResult

logger = logging.getLogger(__name__)

MAX_QUERY_CHARS = 400
# Search results read per page wanted: some pages refuse, time out or say nothing.
CANDIDATES_PER_PAGE = 2
# A query that names none of these gets "cannabis" added, so results stay on the trade.
_ON_TOPIC = re.compile(
    r"\b(?:cannabis|marijuana|marihuana|hemp|thc|cbd|thca|cannabinoids?|terpenes?|dispensar\w*|"
    r"metrc|weed|edibles?|vapes?|pre-?rolls?|flower|cultivat\w*)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Reading:
    """A page the search led to: read (`page`) or not (`error`)."""

    url: str
    page: Page | None = None
    error: str | None = None


@dataclass(slots=True)
class Research:
    """What one search found and read."""

    query: str
    results: list[SearchResult] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)
    error: str | None = None  # the search itself failed

    @property
    def pages(self) -> list[Page]:
        """The pages read, in the search's order."""
        return [reading.page for reading in self.readings if reading.page is not None]


def search_query(question: str) -> str:
    """The query sent to the provider: the question, kept on the cannabis trade."""
    query = " ".join(question.split())
    if not _ON_TOPIC.search(query):
        query = f"{query} cannabis"
    return query[:MAX_QUERY_CHARS]


class WebResearcher:
    """Searches with the configured provider and reads the best results' pages."""

    def __init__(
        self, settings: Settings, provider: SearchProvider | None, fetcher: PageFetcher
    ) -> None:
        self.provider = provider
        self.fetcher = fetcher
        self._results = settings.search_results
        self._pages = settings.search_pages

    @property
    def configured(self) -> bool:
        """Whether a search provider is configured."""
        return self.provider is not None

    async def search(self, question: str, *, fresh: bool) -> Research:
        """Search for the question; a failed search is reported in `error`, not raised."""
        research = Research(search_query(question))
        if self.provider is None:
            research.error = "web search is not configured"
            return research
        try:
            research.results = await self.provider.search(
                research.query, limit=self._results, fresh=fresh
            )
        except SearchError as error:
            logger.warning("web search failed: %s", error)
            research.error = str(error)
        return research

    async def read(self, research: Research) -> None:
        """Read the best results' pages until `search_pages` of them read well."""
        candidates = [result.url for result in research.results]
        wanted = self._pages
        position = 0
        while wanted and position < len(candidates):
            batch = candidates[position : position + wanted * CANDIDATES_PER_PAGE]
            position += len(batch)
            outcomes = await self.fetcher.fetch_many(batch)
            for url, outcome in zip(batch, outcomes, strict=True):
                if isinstance(outcome, FetchError):
                    research.readings.append(Reading(url, error=str(outcome)))
                elif wanted:
                    research.readings.append(Reading(url, page=outcome))
                    wanted -= 1

    async def aclose(self) -> None:
        """Close the provider's and the fetcher's connections."""
        if self.provider is not None:
            await self.provider.aclose()
        await self.fetcher.aclose()


def build_web_researcher(settings: Settings) -> WebResearcher:
    """The configured provider (or none) and a fetcher with the configured cache."""
    fetcher = PageFetcher(settings, cache=build_page_cache(settings))
    return WebResearcher(settings, build_search_provider(settings), fetcher)
