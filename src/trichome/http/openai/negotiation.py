"""Stream or JSON: what a chat-completions caller asked for when it did not say."""

from __future__ import annotations

import re


def _media_ranges(accept: str) -> dict[str, float]:
    ranges: dict[str, float] = {}
    for item in accept.split(","):
        media, *parameters = (part.strip() for part in item.split(";"))
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if media:
            ranges[media.lower()] = max(quality, ranges.get(media.lower(), 0.0))
    return ranges


# Clients that send `stream` only to turn streaming on and otherwise expect OpenAI's
# default, one JSON body, while their Accept header says nothing (`*/*`): the Vercel AI
# SDK, whose user-agent starts with its `ai/<version>` and names its `ai-sdk` packages
# ("ai/7.0.173 ai-sdk-provider-utils/5.0.81 node.js/22", "ai/7.0.173 ai-sdk/provider-utils/4.0.65").
JSON_DEFAULT_AGENTS = re.compile(r"(?:^|\s)ai/\d|\bai-sdk[/-]", re.IGNORECASE)


def wants_stream(stream: bool | None, accept: str | None, user_agent: str | None) -> bool:
    """Whether to answer with Server-Sent Events.

    An explicit `stream` decides. Without it, the Accept header does: `text/event-stream`
    preferred gets a stream, `application/json` preferred gets JSON. A caller that says
    nothing (no Accept, or only wildcards) gets the specification's default, a stream,
    unless its user-agent is a client known to expect JSON in that case.
    """
    if stream is not None:
        return stream
    ranges = _media_ranges(accept or "")
    events = ranges.get("text/event-stream", 0.0)
    json = ranges.get("application/json", 0.0)
    if events > 0 or json > 0:
        return events >= json
    return JSON_DEFAULT_AGENTS.search(user_agent or "") is None


# The agents' own function tools (the calculators) are named so; a client tool of the same
# prefix would be mistaken for one of them.
