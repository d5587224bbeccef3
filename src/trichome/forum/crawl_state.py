"""Where a forum's crawl stands (phase, listing page, queued topics, high-water mark), as saved
in `kb_crawls` so an interrupted crawl resumes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from trichome.forum.corpus import CorpusError, parse_time


@dataclass(slots=True)
class CrawlState:
    """Where a forum's crawl stands, as saved in `kb_crawls`."""

    phase: str = "listing"  # then "topics", then "done"
    next_page: int = 0
    queue: list[int] = field(default_factory=list)
    mark: datetime | None = None  # the newest bump seen by the last complete crawl
    newest: datetime | None = None  # the newest bump seen by this crawl so far

    @classmethod
    def resume(cls, saved: dict[str, Any] | None) -> tuple[CrawlState, bool]:
        """The state to go on from, and whether it continues an unfinished crawl."""
        if not saved:
            return cls(), False
        try:
            mark = parse_time(saved["mark"], "mark") if saved.get("mark") else None
            newest = parse_time(saved["newest"], "newest") if saved.get("newest") else mark
        except CorpusError:
            return cls(), False  # unreadable: start over, as on a first crawl
        phase, page, queue = saved.get("phase"), saved.get("next_page"), saved.get("queue")
        if (
            phase in ("listing", "topics")
            and isinstance(page, int)
            and isinstance(queue, list)
            and all(isinstance(topic_id, int) for topic_id in queue)
        ):
            return cls(phase, page, queue, mark, newest), True
        return cls(mark=mark, newest=mark), False

    def to_json(self) -> dict[str, Any]:
        """The JSON saved for this state."""
        return {
            "phase": self.phase,
            "next_page": self.next_page,
            "queue": self.queue,
            "mark": self.mark.isoformat() if self.mark else None,
            "newest": self.newest.isoformat() if self.newest else None,
        }
