"""One BioTrack request: a JSON POST to the state's URL, retried only where that is safe.

Every call is a POST of one JSON object carrying `"API": "4.0"`, the `action`, the
`sessionid` (except for login), `"training": 1` in training mode and a `nonce` unique to
the request. BioTrack answers HTTP 200 with JSON whether or not the action succeeded; the
caller reads `success`. Nothing of a body is logged: they hold passwords and session ids.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from trichome.tracking.biotrack.errors import (
    BioTrackConnectionError,
    BioTrackError,
    BioTrackServerError,
)

logger = logging.getLogger("trichome.biotrack")

API_VERSION = "4.0"
# BioTrack's servers expect this (non-standard) content type, as integrators report.
CONTENT_TYPE = "text/JSON"
# Failures before any byte of the request left: safe to retry even for writes.
NOTHING_SENT: tuple[type[httpx.TransportError], ...] = (
    httpx.ConnectError,
    httpx.ConnectTimeout,
    httpx.PoolTimeout,
)
Sleep = Callable[[float], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Retry:
    """Attempts and exponential backoff with jitter for the failures that may be retried."""

    attempts: int = 3
    base_delay: float = 0.5
    max_delay: float = 8.0

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ValueError("attempts must be at least 1.")

    def backoff(self, attempt: int) -> float:
        """The wait after failed attempt `attempt` (1-based): half fixed, half random."""
        delay = min(self.max_delay, self.base_delay * 2.0 ** (attempt - 1))
        return delay / 2 + delay / 2 * random.random()


def new_nonce() -> str:
    """A random nonce for one request."""
    return secrets.token_hex(20)


class BioTrackTransport:
    """Posts action objects to one BioTrack URL."""

    def __init__(
        self,
        url: str,
        *,
        timeout: float = 60.0,
        retry: Retry | None = None,
        sleep: Sleep | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        nonce: Callable[[], str] = new_nonce,
        user_agent: str = "trichome-biotrack",
    ) -> None:
        self.url = url
        self.retry = retry or Retry()
        self._sleep: Sleep = sleep or asyncio.sleep
        self._nonce = nonce
        self._http = httpx.AsyncClient(
            timeout=httpx.Timeout(timeout, connect=min(timeout, 15.0)),
            transport=transport,
            headers={"Accept": "application/json", "User-Agent": user_agent},
            follow_redirects=False,  # never carry a password elsewhere
        )

    async def aclose(self) -> None:
        """Close the connections."""
        await self._http.aclose()

    def envelope(
        self,
        action: str,
        fields: Mapping[str, Any],
        *,
        sessionid: str | None,
        training: bool,
        nonce: str | None = None,
    ) -> dict[str, Any]:
        """The JSON object for one action."""
        body: dict[str, Any] = {"API": API_VERSION, "action": action, **fields}
        if sessionid is not None:
            body["sessionid"] = sessionid
        if training:
            body["training"] = 1
        # nonce_replay names the earlier request's nonce as its own, as integrators send it.
        body.setdefault("nonce", nonce or self._nonce())
        return body

    async def post(self, body: dict[str, Any], *, idempotent: bool) -> dict[str, Any]:
        """Post one action object and return the answer object.

        Raises:
            BioTrackConnectionError: not reachable, or failed where retrying was unsafe.
            BioTrackServerError: an HTTP error status, or an answer that is not a JSON object.
        """
        action = str(body.get("action"))
        attempt = 0
        while True:
            attempt += 1
            if attempt > 1 and action != "nonce_replay":  # a retry is another request
                body = {**body, "nonce": self._nonce()}
            try:
                response = await self._http.post(
                    self.url,
                    content=json.dumps(body).encode(),
                    headers={"Content-Type": CONTENT_TYPE},
                )
            except httpx.TransportError as failure:
                retryable = idempotent or isinstance(failure, NOTHING_SENT)
                error: BioTrackError = BioTrackConnectionError(
                    _connection_message(action, failure, attempt, retryable, body.get("nonce")),
                    action=action,
                )
            else:
                if response.status_code == 200:
                    return _parse(response, action)
                retryable = idempotent and response.status_code >= 500
                error = BioTrackServerError(
                    f"BioTrack answered {action} with HTTP {response.status_code}"
                    + (f" after {attempt} attempts" if attempt > 1 else "")
                    + ". Try again later.",
                    action=action,
                    status=response.status_code,
                )
            if not retryable or attempt >= self.retry.attempts:
                raise error
            delay = self.retry.backoff(attempt)
            logger.warning(
                "BioTrack %s failed (%s); retrying in %.2f s (attempt %d of %d)",
                action, type(error).__name__, delay, attempt + 1, self.retry.attempts,
            )  # fmt: skip
            await self._sleep(delay)


def _parse(response: httpx.Response, action: str) -> dict[str, Any]:
    text = response.content.decode("utf-8", "replace").strip()
    # Integrators report a header line leaking into BioTrack's body; drop it if present.
    if text.lower().startswith("content-type:"):
        text = text.split("\n", 1)[1].strip() if "\n" in text else ""
    try:
        data = json.loads(text) if text else None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise BioTrackServerError(
            f"BioTrack answered {action} with HTTP 200 but not with a JSON object.",
            action=action,
            status=200,
        )
    return data


def _connection_message(
    action: str, failure: httpx.TransportError, attempt: int, retried: bool, nonce: Any
) -> str:
    problem = f"{type(failure).__name__}: {failure}".rstrip(": ")
    if not retried:
        return (
            f"The connection to BioTrack failed during {action} ({problem}). The request had "
            "been sent, so BioTrack may or may not have applied it; check the records (or "
            f"replay nonce {nonce}) before sending it again."
        )
    tries = f" after {attempt} attempts" if attempt > 1 else ""
    return f"Could not reach BioTrack for {action}{tries} ({problem}). Try again later."
