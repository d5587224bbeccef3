"""The BioTrack client: BioTrack's legacy action API (`serverjson.asp`) for one licence.

    client = BioTrackClient.for_state("NM", credentials, training=True)
    page = await client.cursor.read_new("sale")        # every sale row since last time
    receipts = mapping.receipts(page.records, tz=client.tz)
    await client.plant_destroy_schedule(["6033…"], "Male plants")

Calls log in on first use and once more when BioTrack says the session expired; failures
raise the typed errors of `trichome.tracking.biotrack.errors`.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

import httpx

from trichome.tracking.biotrack.cursors import CursorStore
from trichome.tracking.biotrack.errors import BioTrackInputError
from trichome.tracking.biotrack.sessions import BioTrackCredentials
from trichome.tracking.biotrack.states import state
from trichome.tracking.biotrack.transport import BioTrackTransport, Retry, Sleep
from trichome.tracking.biotrack.writes import BioTrackWrites


class BioTrackClient(BioTrackWrites):
    """Reads and writes of one BioTrack licence (see the module docstring)."""

    tz: ZoneInfo = ZoneInfo("UTC")

    @classmethod
    def for_state(
        cls,
        code: str,
        credentials: BioTrackCredentials,
        *,
        url: str | None = None,
        training: bool = False,
        cursors: CursorStore | None = None,
        timeout: float = 60.0,
        retry: Retry | None = None,
        sleep: Sleep | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> BioTrackClient:
        """A client for a state's BioTrack system (`url` overrides the state's, e.g. a sandbox).

        Raises:
            BioTrackInputError: an unknown state, or one without a known URL and none given.
        """
        try:
            system = state(code)
        except KeyError as unknown:
            raise BioTrackInputError(str(unknown.args[0])) from None
        target = url or system.url
        if not target:
            raise BioTrackInputError(
                f"No BioTrack API URL is known for {system.name}; pass the URL the state gave you."
            )
        client = cls(
            BioTrackTransport(
                target, timeout=timeout, retry=retry, sleep=sleep, transport=transport
            ),
            credentials,
            training=training,
            cursors=cursors,
        )
        client.tz = system.tz
        return client
