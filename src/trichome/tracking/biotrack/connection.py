"""The core of the BioTrack client: one action call with its session, re-login on expiry,
typed errors from `success`/`errorcode`, and the transaction-id reads every `sync_*` shares.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from trichome.tracking.biotrack.cursors import (
    SYNC_TABLES,
    CursorStore,
    MemoryCursorStore,
    SyncPage,
    TableCheck,
    TransactionCursor,
    checks_of,
    page_of,
)
from trichome.tracking.biotrack.errors import (
    BioTrackError,
    BioTrackInputError,
    BioTrackSessionExpired,
    error_for_body,
    succeeded,
)
from trichome.tracking.biotrack.sessions import BioTrackCredentials, Session, SessionKeeper
from trichome.tracking.biotrack.transport import BioTrackTransport

logger = logging.getLogger("trichome.biotrack")

BARCODE = re.compile(r"^\d{16}$")
MAX_WINDOWS = 500  # ranged reads of one table in one call


def barcode(value: object, what: str = "barcode") -> str:
    """A 16-digit BioTrack identifier, as text.

    Raises:
        BioTrackInputError: for anything else.
    """
    text = str(value).strip() if isinstance(value, str | int) else ""
    if not BARCODE.match(text):
        raise BioTrackInputError(
            f"A BioTrack {what} is 16 digits; {str(value)[:40]!r} is not.", action=None
        )
    return text


def barcodes(values: Iterable[object], what: str = "barcode") -> list[str]:
    """One or more 16-digit identifiers.

    Raises:
        BioTrackInputError: when none is given or one is not 16 digits.
    """
    listed = [barcode(value, what) for value in values]
    if not listed:
        raise BioTrackInputError(f"At least one {what} is required.")
    return listed


@dataclass(frozen=True, slots=True)
class WriteResult:
    """What a write answered: its transaction id, BioTrack's time, and new identifiers."""

    transaction_id: int | None
    session_time: int | None
    barcodes: tuple[str, ...] = ()
    derivatives: tuple[tuple[str, int | None], ...] = ()  # (barcode, inventory type)
    answer: dict[str, Any] = field(default_factory=dict, repr=False)


def write_result(answer: Mapping[str, Any]) -> WriteResult:
    """A write's answer as a WriteResult (`barcode_id` is sent as one id or a list)."""
    ids = answer.get("barcode_id")
    listed = ids if isinstance(ids, list) else [ids] if ids else []
    derivatives = tuple(
        (str(item.get("barcode_id")), _int(item.get("barcode_type")))
        for item in answer.get("derivatives") or []
        if isinstance(item, Mapping) and item.get("barcode_id")
    )
    return WriteResult(
        transaction_id=_int(answer.get("transactionid")),
        session_time=_int(answer.get("sessiontime")),
        barcodes=tuple(str(item) for item in listed),
        derivatives=derivatives,
        answer=dict(answer),
    )


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip() if value is not None else ""
    return int(text) if text.isdigit() else None


class BioTrackConnection:
    """Calls actions for one licence's login, with its session and transaction cursors."""

    def __init__(
        self,
        transport: BioTrackTransport,
        credentials: BioTrackCredentials,
        *,
        training: bool = False,
        cursors: CursorStore | None = None,
    ) -> None:
        self.transport = transport
        self.training = training
        self.sessions = SessionKeeper(credentials)
        self.cursor = TransactionCursor(
            credentials.license_number, self.sync, self.sync_check, cursors or MemoryCursorStore()
        )

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(url={self.transport.url!r}, "
            f"license_number={self.license_number!r}, training={self.training!r})"
        )

    @property
    def license_number(self) -> str:
        """The licence (company identifier) this client logs in as."""
        return self.sessions.credentials.license_number

    async def aclose(self) -> None:
        """Close the connections."""
        await self.transport.aclose()

    async def login(self) -> Session:
        """Log in now (calls log in by themselves when they need to)."""
        return await self.sessions.current(self._login)

    async def call(
        self, action: str, fields: Mapping[str, Any] | None = None, *, idempotent: bool = False
    ) -> dict[str, Any]:
        """Send one action with the session and return BioTrack's answer when it succeeded.

        An expired session is replaced by a new login and the action sent once more.

        Raises:
            BioTrackError: one of its subclasses, from `success: 0` or from the transport.
        """
        try:
            session = await self.sessions.current(self._login)
            answer = await self._send(action, fields or {}, session, idempotent)
            if succeeded(answer):
                return answer
            error = error_for_body(answer, action=action, license_number=self.license_number)
            if isinstance(error, BioTrackSessionExpired):
                logger.info("BioTrack session expired during %s; logging in again", action)
                session = await self.sessions.renew(session, self._login)
                answer = await self._send(action, fields or {}, session, idempotent)
                if succeeded(answer):
                    return answer
                error = error_for_body(answer, action=action, license_number=self.license_number)
            raise error
        except BioTrackError as error:
            error.redact(self._secrets())
            raise

    async def _send(
        self, action: str, fields: Mapping[str, Any], session: Session, idempotent: bool
    ) -> dict[str, Any]:
        body = self.transport.envelope(
            action, fields, sessionid=session.sessionid, training=self.training
        )
        return await self.transport.post(body, idempotent=idempotent)

    async def _login(self, fields: dict[str, Any]) -> dict[str, Any]:
        logger.info("BioTrack login for licence %s", self.license_number)
        body = self.transport.envelope("login", fields, sessionid=None, training=self.training)
        answer = await self.transport.post(body, idempotent=True)
        if not succeeded(answer):
            raise error_for_body(answer, action="login", license_number=self.license_number)
        return answer

    def _secrets(self) -> tuple[str, ...]:
        session = self.sessions.session
        found = self.sessions.credentials.secrets()
        return (*found, session.sessionid) if session else found

    async def sync(
        self, table: str, *, after: int = 0, until: int | None = None, window: int | None = None
    ) -> SyncPage:
        """The rows of one `sync_<table>` read with a transaction id above `after`.

        With `until` and `window`, reads `transaction_start`…`transaction_end` ranges of
        `window` ids up to `until`; otherwise one read of everything after `after`.

        Raises:
            BioTrackInputError: an unknown table, a negative id or too many ranges.
        """
        if table not in SYNC_TABLES:
            raise BioTrackInputError(
                f"BioTrack has no sync_{table} read; the tables are {', '.join(SYNC_TABLES)}."
            )
        if after < 0 or (window is not None and window < 1):
            raise BioTrackInputError("Transaction ids and windows must be positive.")
        ranges: list[tuple[int, int | None]] = [(after + 1, None)]
        if until is not None and window is not None:
            ranges = [
                (start, min(start + window - 1, until))
                for start in range(after + 1, until + 1, window)
            ]
            if len(ranges) > MAX_WINDOWS:
                raise BioTrackInputError(
                    f"Reading {table} from {after} to {until} in windows of {window} takes "
                    f"{len(ranges)} calls (at most {MAX_WINDOWS}); use a larger window."
                )
        answers = []
        for start, end in ranges:
            fields: dict[str, Any] = {"download": 1, "transaction_start": start}
            if end is not None:
                fields["transaction_end"] = end
            answers.append(await self.call(f"sync_{table}", fields, idempotent=True))
        return page_of(table, after, answers)

    async def sync_check(self, starts: Mapping[str, int]) -> list[TableCheck]:
        """BioTrack's `sync_check` for the given tables and the transaction ids held for them."""
        # BioTrack compares the `sum` of the transaction ids in the window with the one the
        # client holds; a client that holds nothing after its id holds a sum of 0 there.
        data = [
            {"table": table, "transaction_start": start + 1, "sum": 0}
            for table, start in starts.items()
        ]
        answer = await self.call("sync_check", {"download": 0, "data": data}, idempotent=True)
        return checks_of(answer)

    async def nonce_replay(self, nonce: str) -> dict[str, Any]:
        """BioTrack's answer to an earlier request, by that request's nonce (for a write whose
        answer was lost in transit). The nonce is sent as this request's own."""
        return await self.call("nonce_replay", {"nonce": nonce}, idempotent=True)
