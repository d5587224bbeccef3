"""The knowledge base's wire shapes and the OpenAPI parts its routes declare by hand."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from trichome.config import KB_MODEL
from trichome.forum.answers import Citation
from trichome.forum.index import ThreadHit
from trichome.forum.links import page_url
from trichome.http.errors import error_responses
from trichome.http.openai.chat import chat_request_schemas
from trichome.http.openapi import BEARER_AUTH, BEARER_SCHEME, NOT_BLANK

MAX_LIMIT = 50
MAX_OFFSET = 1_000
MAX_QUERY_CHARS = 500
MAX_MESSAGE_CHARS = 4_000
PAGE_URL = (
    "The thread as a page of this knowledge base (`GET /threads/{id}`), readable whether or "
    "not its forum is."
)


class ThreadResult(BaseModel):
    """One matching thread."""

    id: int = Field(description="The thread's id in this knowledge base.")
    title: str
    url: str = Field(description="The thread on its forum.")
    page_url: str = Field(description=PAGE_URL)
    category: str = Field(description="The forum's own category.")
    score: float = Field(description="BM25 relevance (higher is better; not bounded).")
    snippet: str = Field(description="A passage around the matched words, plain text.")
    snippet_html: str = Field(description="The snippet, HTML-escaped, matched words in <mark>.")
    highlights: list[tuple[int, int]] = Field(
        description="[start, end) character offsets of the matched words in `snippet`."
    )
    post_count: int


class ThreadSearch(BaseModel):
    """`GET /api/threads`."""

    object: str = "list"
    query: str
    terms: list[str] = Field(description="The words searched for (common words dropped).")
    total: int = Field(description="Threads matching in all.")
    limit: int
    offset: int
    data: list[ThreadResult]


class CitedThread(BaseModel):
    """A thread an answer cites as [number]."""

    number: int
    id: int
    title: str
    url: str = Field(description="The thread on its forum, as imported.")
    page_url: str = Field(
        description=PAGE_URL + " The post the answer quotes is marked (`?post=n`) and anchored."
    )
    category: str
    score: float


class ChatIn(BaseModel):
    """`POST /api/chat`."""

    model_config = {"extra": "forbid"}

    message: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS)


class ChatOut(BaseModel):
    """An answer with numbered citations and the threads they point at."""

    answer: str = Field(description="Markdown; [n] marks cite `citations[n-1]`.")
    citations: list[CitedThread]
    engine: str = Field(description="`grounded` (offline) or `openai` (an LLM).")


class KbHealth(BaseModel):
    """`GET /api/health`."""

    status: str
    threads: int = Field(description="Threads in the database.")
    indexed: int = Field(description="Threads in the search index.")
    engine: str
    version: str
    timestamp: str
    reasons: list[str]


API_KEY_AUTH = "ApiKeyAuth"
SECURITY_SCHEMES = {
    BEARER_AUTH: BEARER_SCHEME,
    API_KEY_AUTH: {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "An API key, for browsers that cannot send a credentialed request.",
    },
}
# A key is optional everywhere it is read: without one, the client IP's hourly limit applies.
OPTIONAL_KEY: list[dict[str, list[str]]] = [{}, {BEARER_AUTH: []}, {API_KEY_AUTH: []}]


def completion_request_schema(engine: str) -> dict[str, Any]:
    """The chat API's request (as the engine in use honours it) with the knowledge base's
    one model, and a user question."""
    schema = chat_request_schemas(engine)["ChatCompletionRequest"]
    schema["properties"]["model"] = {"const": KB_MODEL}
    schema["properties"]["messages"]["contains"] = {
        "type": "object",
        "required": ["role", "content"],
        "properties": {
            "role": {"const": "user"},
            "content": {
                "anyOf": [
                    {"type": "string", "pattern": NOT_BLANK},
                    {
                        "type": "array",
                        "contains": {
                            "type": "object",
                            "required": ["type", "text"],
                            "properties": {
                                "type": {"const": "text"},
                                "text": {"type": "string", "pattern": NOT_BLANK},
                            },
                        },
                    },
                ]
            },
        },
    }
    return schema


def json_body(schema: dict[str, Any]) -> dict[str, Any]:
    """`openapi_extra` of a route that reads its JSON body itself."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


CHAT_IN_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["message"],
    "properties": {
        "message": {
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_MESSAGE_CHARS,
            "pattern": NOT_BLANK,
            "description": "The question.",
        }
    },
}
COMPLETION_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": (
            "The answer: a chat.completion with `citations` (stream false), or an SSE stream "
            "of chat.completion.chunk events, the one with `finish_reason` carrying "
            "`citations`, ending with `data: [DONE]`."
        ),
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/ChatCompletion"}},
            "text/event-stream": {
                # Before OpenAPI 3.2, the schema of an event stream describes one event.
                "schema": {
                    "type": "object",
                    "required": ["data"],
                    "properties": {"data": {"type": "string"}},
                }
            },
        },
    },
    **error_responses(400, 401, 413, 429, 502, 503, 504),
}


def thread_result(hit: ThreadHit, base_url: str) -> dict[str, Any]:
    """A `ThreadResult` as its JSON object (built directly: ten a search, on the hot path)."""
    return {
        "id": hit.id,
        "title": hit.title,
        "url": hit.url,
        "page_url": page_url(base_url, hit.id),
        "category": hit.category,
        "score": round(hit.score, 4),
        "snippet": hit.snippet.text,
        "snippet_html": hit.snippet.html(),
        "highlights": hit.snippet.highlights,
        "post_count": hit.post_count,
    }


def cited(citation: Citation, base_url: str) -> CitedThread:
    """A citation as the API gives it, with its page on the service at `base_url`."""
    return CitedThread(
        number=citation.number,
        id=citation.thread_id,
        title=citation.title,
        url=citation.url,
        page_url=page_url(base_url, citation.thread_id, citation.post_number),
        category=citation.category,
        score=round(citation.score, 4),
    )
