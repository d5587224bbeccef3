"""A BioTrack login and the session it opens, kept out of reprs and logs.

BioTrack's legacy API logs in with the licence's company identifier (`license_number`,
the UBI), a username and a password, and answers with a `sessionid` that later calls carry
and that expires after a while. One `SessionKeeper` holds the session of one login,
opens it on first use and replaces it when BioTrack says it has expired.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from trichome.tracking.biotrack.errors import BioTrackLoginError


@dataclass(frozen=True, slots=True)
class BioTrackCredentials:
    """The licence's company identifier and a BioTrack user's username and password."""

    license_number: str
    username: str = field(repr=False)
    password: str = field(repr=False)

    def __post_init__(self) -> None:
        if not self.license_number.strip():
            raise ValueError("The BioTrack licence number (UBI) is required.")
        if not self.username or not self.password:
            raise ValueError("Both the BioTrack username and the password are required.")

    def __repr__(self) -> str:
        return (
            f"BioTrackCredentials(license_number={self.license_number!r}, "
            "username=<hidden>, password=<hidden>)"
        )

    __str__ = __repr__

    def login_fields(self) -> dict[str, str]:
        """The fields of a `login` action."""
        return {
            "license_number": self.license_number,
            "username": self.username,
            "password": self.password,
        }

    def secrets(self) -> tuple[str, ...]:
        """Strings that must never appear in a message or a log line."""
        return (self.password, self.username)


@dataclass(frozen=True, slots=True)
class Session:
    """An open session: its id (a secret) and BioTrack's time when it opened (epoch seconds)."""

    sessionid: str = field(repr=False)
    opened: int | None = None
    admin: bool | None = None

    def __repr__(self) -> str:
        return f"Session(sessionid=<hidden>, opened={self.opened!r}, admin={self.admin!r})"


Login = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]


class SessionKeeper:
    """Opens a session on first use and replaces it on expiry, one login at a time."""

    def __init__(self, credentials: BioTrackCredentials) -> None:
        self.credentials = credentials
        self._session: Session | None = None
        self._lock = asyncio.Lock()
        self.logins = 0  # how many times this keeper has logged in

    def __repr__(self) -> str:
        state = "open" if self._session else "closed"
        return f"SessionKeeper(license_number={self.credentials.license_number!r}, {state})"

    @property
    def session(self) -> Session | None:
        """The open session, if any."""
        return self._session

    async def current(self, login: Login) -> Session:
        """The open session, logging in first when there is none."""
        async with self._lock:
            if self._session is None:
                self._session = await self._login(login)
            return self._session

    async def renew(self, expired: Session, login: Login) -> Session:
        """A new session in place of `expired` (another caller may already have renewed it)."""
        async with self._lock:
            if self._session is None or self._session.sessionid == expired.sessionid:
                self._session = await self._login(login)
            return self._session

    def forget(self) -> None:
        """Drop the session (the next call logs in again)."""
        self._session = None

    async def _login(self, login: Login) -> Session:
        answer = await login(self.credentials.login_fields())
        sessionid = answer.get("sessionid")
        if not isinstance(sessionid, str) or not sessionid:
            raise BioTrackLoginError(
                "BioTrack accepted the login but sent no session id.",
                action="login",
                license_number=self.credentials.license_number,
            )
        self.logins += 1
        opened = answer.get("time")
        admin = answer.get("admin")
        return Session(
            sessionid=sessionid,
            opened=int(opened) if isinstance(opened, int | str) and str(opened).isdigit() else None,
            admin=str(admin) == "1" if admin is not None else None,
        )
