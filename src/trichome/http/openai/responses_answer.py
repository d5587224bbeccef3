"""An answer with web search written as OpenAI's Responses: the `response` object, or its
event stream from `response.created` to `response.completed` (or `.incomplete`/`.failed`).

`metadata` says whether the web was searched and why (`search`, `search_reason`,
`search_detail`, `retrieval_confidence`, `confidence_threshold`), after the caller's keys.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from trichome.answering.outcome import Outcome
from trichome.db.models import utcnow
from trichome.http.errors import invalid_request, unavailable
from trichome.http.openai.answer import upstream_api_error
from trichome.http.openai.responses import ResponsesRequest, text_format
from trichome.http.openai.responses_output import (
    EventWriter,
    response_object,
    usage_object,
)
from trichome.http.state import Clock, IdFactory, random_id
from trichome.llm.base import TextDelta, UpstreamError
from trichome.websearch.answer import (
    Answered,
    PagesRead,
    Plan,
    SearchAnswerer,
    Searched,
)
from trichome.websearch.compose import Citation
from trichome.websearch.research import Reading, Research, search_query

logger = logging.getLogger(__name__)
SOURCES_INCLUDE = "web_search_call.action.sources"


@dataclass(slots=True)
class _Output:
    """The response's output items as they are built, and their wire forms."""

    body: ResponsesRequest
    new_id: Callable[[str], str]
    items: list[dict[str, Any]] = field(default_factory=list)

    def search_call(self, research: Research | None, status: str) -> dict[str, Any]:
        action: dict[str, Any] = {"type": "search"}
        if research is not None:
            action["query"] = research.query
            action["queries"] = [research.query]
            if SOURCES_INCLUDE in (self.body.include or ()):
                action["sources"] = [{"type": "url", "url": r.url} for r in research.results]
        return {
            "id": self.new_id("ws"),
            "type": "web_search_call",
            "status": status,
            "action": action,
        }

    def page_call(self, reading: Reading) -> dict[str, Any]:
        return {
            "id": self.new_id("ws"),
            "type": "web_search_call",
            "status": "completed" if reading.page is not None else "failed",
            "action": {"type": "open_page", "url": reading.url},
        }


def _annotation(citation: Citation) -> dict[str, Any]:
    return {
        "type": "url_citation",
        "url": citation.url,
        "title": citation.title,
        "start_index": citation.start_index,
        "end_index": citation.end_index,
    }


def _message(
    message_id: str, text: str, citations: tuple[Citation, ...], status: str
) -> dict[str, Any]:
    return {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "status": status,
        "content": [_text_part(text, citations)],
    }


def _text_part(text: str, citations: tuple[Citation, ...]) -> dict[str, Any]:
    return {
        "type": "output_text",
        "text": text,
        "annotations": [_annotation(c) for c in citations],
        "logprobs": [],
    }


@dataclass(slots=True)
class ResponseCall:
    """One request's fixed parts: what every response object and event repeats."""

    body: ResponsesRequest
    plan: Plan
    model: str
    threshold: float
    outcome: Outcome
    # The service's id factory and clock (fixed in tests, so whole outputs can be compared).
    ids: IdFactory = random_id
    clock: Clock = utcnow
    response_id: str = ""
    created_at: int = 0

    def __post_init__(self) -> None:
        self.response_id = self.response_id or self.new_id("resp")
        self.created_at = self.created_at or self.now()

    def new_id(self, kind: str) -> str:
        """A fresh id such as `resp_…`, `msg_…` or `ws_…`."""
        return self.ids(f"{kind}_")

    def now(self) -> int:
        """The clock in Unix seconds."""
        return int(self.clock().timestamp())

    def metadata(self, status: str) -> dict[str, str]:
        decision = self.plan.decision
        return (self.body.metadata or {}) | {
            "agent": self.plan.prepared.agent.name,
            "search": status,
            "search_reason": decision.why.value,
            "search_detail": decision.detail[:512],
            "retrieval_confidence": f"{decision.confidence:.2f}",
            "confidence_threshold": f"{self.threshold:.2f}",
        }

    def response(
        self,
        status: str,
        output: list[dict[str, Any]],
        search_status: str,
        *,
        usage: dict[str, Any] | None = None,
        error: dict[str, str] | None = None,
    ) -> dict[str, Any]:
        return response_object(
            self.body,
            response_id=self.response_id,
            created_at=self.created_at,
            model=self.model,
            status=status,
            output=list(output),
            metadata=self.metadata(search_status),
            usage=usage,
            completed_at=self.now() if status == "completed" else None,
            error=error,
            incomplete_reason="max_output_tokens" if status == "incomplete" else None,
        )


async def whole_response(
    call: ResponseCall, answerer: SearchAnswerer
) -> tuple[dict[str, Any], bool]:
    """The finished response object, and whether the notes went out with it.

    Raises:
        UpstreamError: the answer engine failed.
    """
    output = _Output(call.body, call.new_id)
    answered: Answered | None = None
    async for event in answerer.run(call.plan):
        if isinstance(event, Searched):
            status = "failed" if event.research.error else "completed"
            output.items.append(output.search_call(event.research, status))
        elif isinstance(event, PagesRead):
            output.items.extend(map(output.page_call, event.readings))
        elif isinstance(event, Answered):
            answered = event
    assert answered is not None  # run always ends with Answered
    status = _final_status(answered)
    output.items.append(_message(call.new_id("msg"), answered.text, answered.citations, status))
    usage = usage_object(answered.usage.prompt_tokens, answered.usage.completion_tokens)
    response = call.response(status, output.items, answered.status.value, usage=usage)
    return response, answered.notes_sent


def _final_status(answered: Answered) -> str:
    """`incomplete` when the answer stopped at max_output_tokens, else `completed`."""
    return "incomplete" if answered.finish_reason == "length" else "completed"


def structured_format(body: ResponsesRequest, engine: str) -> dict[str, Any] | None:
    """The `text.format` the answer must follow, if the engine can honour it.

    Raises:
        ApiError: 400 `unsupported_parameter` for a JSON format on the offline engine.
    """
    response_format = text_format(body)
    if response_format is not None and engine == "grounded":
        raise invalid_request(
            "Structured output on /v1/responses needs an LLM engine (TRICHOME_ENGINE=openai): "
            "the offline engine composes its answer from its sources and the pages it read. "
            'Chat completions answer {"type": "json_object"} offline.',
            code="unsupported_parameter",
            param="text.format",
        )
    return response_format


async def response_stream(call: ResponseCall, answerer: SearchAnswerer) -> AsyncIterator[bytes]:
    """The Responses event stream, from `response.created` to `response.completed`."""
    emit = EventWriter()
    output = _Output(call.body, call.new_id)
    search_status = call.plan.status.value
    yield emit("response.created", response=call.response("in_progress", [], search_status))
    yield emit("response.in_progress", response=call.response("in_progress", [], search_status))
    events = answerer.run(call.plan)
    search_index: int | None = None
    message_id = call.new_id("msg")
    message_index: int | None = None
    text: list[str] = []
    try:
        if call.plan.searches:
            search_index = len(output.items)
            query = Research(search_query(call.plan.prepared.request.question))
            item = output.search_call(query, "in_progress")
            output.items.append(item)
            yield emit("response.output_item.added", output_index=search_index, item=item)
            for phase in ("in_progress", "searching"):
                yield emit(
                    f"response.web_search_call.{phase}",
                    output_index=search_index,
                    item_id=item["id"],
                )
        async for event in events:
            if isinstance(event, Searched) and search_index is not None:
                status = "failed" if event.research.error else "completed"
                done = output.search_call(event.research, status) | {
                    "id": output.items[search_index]["id"]
                }
                output.items[search_index] = done
                if status == "completed":
                    yield emit(
                        "response.web_search_call.completed",
                        output_index=search_index,
                        item_id=done["id"],
                    )
                yield emit("response.output_item.done", output_index=search_index, item=done)
            elif isinstance(event, PagesRead):
                for reading in event.readings:
                    page = output.page_call(reading)
                    index = len(output.items)
                    output.items.append(page)
                    started = page | {"status": "in_progress"}
                    yield emit("response.output_item.added", output_index=index, item=started)
                    yield emit(
                        "response.web_search_call.in_progress",
                        output_index=index,
                        item_id=page["id"],
                    )
                    if page["status"] == "completed":
                        yield emit(
                            "response.web_search_call.completed",
                            output_index=index,
                            item_id=page["id"],
                        )
                    yield emit("response.output_item.done", output_index=index, item=page)
            elif isinstance(event, TextDelta | Answered):
                if message_index is None:
                    message_index = len(output.items)
                    started = _message(message_id, "", (), "in_progress") | {"content": []}
                    yield emit(
                        "response.output_item.added", output_index=message_index, item=started
                    )
                    yield emit(
                        "response.content_part.added",
                        item_id=message_id,
                        output_index=message_index,
                        content_index=0,
                        part=_text_part("", ()),
                    )
                if isinstance(event, TextDelta):
                    text.append(event.text)
                    yield emit(
                        "response.output_text.delta",
                        item_id=message_id,
                        output_index=message_index,
                        content_index=0,
                        delta=event.text,
                        logprobs=[],
                    )
                    continue
                for number, citation in enumerate(event.citations):
                    yield emit(
                        "response.output_text.annotation.added",
                        item_id=message_id,
                        output_index=message_index,
                        content_index=0,
                        annotation_index=number,
                        annotation=_annotation(citation),
                    )
                part = _text_part(event.text, event.citations)
                yield emit(
                    "response.output_text.done",
                    item_id=message_id,
                    output_index=message_index,
                    content_index=0,
                    text=event.text,
                    logprobs=[],
                )
                yield emit(
                    "response.content_part.done",
                    item_id=message_id,
                    output_index=message_index,
                    content_index=0,
                    part=part,
                )
                status = _final_status(event)
                message = _message(message_id, event.text, event.citations, status)
                output.items.append(message)
                yield emit("response.output_item.done", output_index=message_index, item=message)
                usage = usage_object(event.usage.prompt_tokens, event.usage.completion_tokens)
                final = call.response(status, output.items, event.status.value, usage=usage)
                # Settled before the last event goes out: a settlement that fails fails it.
                await call.outcome.succeeded(event.notes_sent)
                yield emit(f"response.{status}", response=final)
                return
    except Exception as error:
        await call.outcome.failed()
        if isinstance(error, UpstreamError):
            failure = upstream_api_error(error)
            reason = {"code": failure.code or "upstream_error", "message": failure.message}
        elif (outage := unavailable(error)) is not None:
            reason = {"code": outage.code, "message": outage.message}
        else:
            logger.exception("response stream failed")
            reason = {"code": "server_error", "message": "The answer failed mid-stream."}
        failed = call.response("failed", output.items, search_status, error=reason)
        yield emit("response.failed", response=failed)
    finally:
        await events.aclose()  # type: ignore[attr-defined]
