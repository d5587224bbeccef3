"""How the tools reach BioTrack: a state's URL (or the sandbox's), and one client per login.

BioTrack opens a session per licence login, so the clients (each holding its session) are
kept per state, URL, licence, username and password (a digest of it): a caller reuses its
own sessions and never another caller's. The oldest clients are let go past `MAX_CLIENTS`.
"""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from dataclasses import dataclass, field

from trichome.config import Settings
from trichome.metrc.tools import BioTrackAccess
from trichome.tracking.biotrack import BioTrackClient, BioTrackCredentials, BioTrackInputError
from trichome.tracking.biotrack.states import state as biotrack_state

logger = logging.getLogger(__name__)

MAX_CLIENTS = 512
SANDBOX_PATH = "/biotrack/serverjson.asp"


@dataclass(frozen=True, slots=True)
class BioTrackLogin:
    """A BioTrack connection: the state, the licence (or UBI) and a user's login."""

    state: str
    license_number: str
    username: str = field(repr=False)
    password: str = field(repr=False)

    def __post_init__(self) -> None:
        try:
            known = biotrack_state(self.state)
        except KeyError as unknown:
            raise ValueError(str(unknown.args[0])) from None
        object.__setattr__(self, "state", known.code)
        object.__setattr__(self, "license_number", self.license_number.strip())
        # Checks the licence, username and password are there.
        BioTrackCredentials(self.license_number, self.username, self.password)


def biotrack_url(settings: Settings) -> str | None:
    """The URL every state's BioTrack calls go to, or None for each state's own: the
    configured one, else the local sandbox's when the tools use the sandbox."""
    if settings.biotrack_url:
        return settings.biotrack_url
    if settings.uses_sandbox:
        return f"http://{settings.host}:{settings.sandbox_port}{SANDBOX_PATH}"
    return None


class BioTrackClients:
    """BioTrack clients by login, shared by every request of the process."""

    def __init__(self, settings: Settings) -> None:
        self._url = biotrack_url(settings)
        self._clients: OrderedDict[tuple[str, ...], BioTrackClient] = OrderedDict()

    def access(self, login: BioTrackLogin) -> BioTrackAccess:
        """The tools' access for a login (its clients are made on first use).

        Raises:
            BioTrackInputError: the state has no known URL and none is configured.
        """
        if self._url is None and biotrack_state(login.state).url is None:
            raise BioTrackInputError(
                f"No BioTrack API URL is known for {login.state}; set TRICHOME_BIOTRACK_URL "
                "to the URL the state gave you."
            )

        def client(license_number: str) -> BioTrackClient:
            return self.client(login, license_number or login.license_number)

        return BioTrackAccess(login.state, login.license_number, client)

    def client(self, login: BioTrackLogin, license_number: str) -> BioTrackClient:
        """The client of a login for one licence (BioTrack logs in per licence)."""
        digest = hashlib.sha256(login.password.encode()).hexdigest()
        key = (login.state, self._url or "", license_number, login.username, digest)
        found = self._clients.get(key)
        if found is not None:
            self._clients.move_to_end(key)
            return found
        credentials = BioTrackCredentials(license_number, login.username, login.password)
        made = BioTrackClient.for_state(login.state, credentials, url=self._url)
        self._clients[key] = made
        while len(self._clients) > MAX_CLIENTS:
            _, oldest = self._clients.popitem(last=False)
            logger.debug("letting go of the BioTrack client of %s", oldest.license_number)
        return made

    async def aclose(self) -> None:
        """Close every client."""
        for made in self._clients.values():
            await made.aclose()
        self._clients.clear()
