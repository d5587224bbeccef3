"""Token estimates for usage reports.

Exact BPE vocabularies (tiktoken) are downloaded at run time, which this service must
never need, so usage is estimated: about one token per 4 characters of a word, one per
punctuation mark, and OpenAI's per-message framing overhead. Upstream counts, when an
upstream reports them, replace these estimates.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_PIECES = re.compile(r"\w+|[^\w\s]")
MESSAGE_OVERHEAD = 3
REPLY_PRIMING = 3


def estimate_tokens(text: str) -> int:
    """Approximate BPE tokens of a text."""
    return sum((len(piece) + 3) // 4 for piece in _PIECES.findall(text))


def estimate_prompt_tokens(contents: Iterable[str]) -> int:
    """Approximate prompt tokens of a list of message contents, framing included."""
    return sum(estimate_tokens(content) + MESSAGE_OVERHEAD for content in contents) + REPLY_PRIMING
