"""The base of `FacilityData`: one licence's reads for one skill run, each list fetched at most
once, every read after the licence check, inactive lists only as far back as asked."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import date
from typing import Any, TypeVar, cast

from trichome.metrc.client import MetrcClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.skills.windows import modified_span
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem
from trichome.tracking import Capability, Employee, Facility
from trichome.tracking.metrc import inventory

Record = dict[str, Any]

T = TypeVar("T")


class FacilityReads:
    """What every read of a skill run shares: the licence check, one fetch per list, the
    caller's clock and keys, and inactive lists bounded by last-modified dates."""

    def __init__(self, metrc: MetrcAccess, license_number: str, as_of: date) -> None:
        self.metrc = metrc
        self.license_number = license_number
        self.as_of = as_of
        self._loads: dict[Any, asyncio.Future[Any]] = {}

    async def _once(self, key: Any, load: Callable[[], Awaitable[T]]) -> T:
        future = self._loads.get(key)
        if future is None:

            async def checked() -> T:
                # Every list waits for the licence check, so a wrong licence is one clear
                # ToolProblem rather than a 401 from whichever list came first.
                if key != "facility":
                    await self.facility()
                return await load()

            future = asyncio.ensure_future(checked())
            self._loads[key] = future
        return cast(T, await future)

    @property
    def today(self) -> date:
        """The caller's today (as_of may be an earlier day)."""
        return self.metrc.as_of()

    @property
    def _client(self) -> MetrcClient:
        return self.metrc.client

    @property
    def _keys(self) -> MetrcCredentials | None:
        return self.metrc.credentials

    # The facility -------------------------------------------------------------------------------

    async def facility(self) -> Facility:
        """The licence's facility (name, type, capabilities).

        Raises:
            ToolProblem: the keys do not reach this licence.
        """

        async def load() -> Facility:
            facilities: list[Record] = await self._client.facilities(credentials=self._keys)
            for found in facilities:
                if inventory.license_of(found) == self.license_number:
                    return inventory.facility(found)
            known = ", ".join(str(inventory.license_of(f)) for f in facilities)
            raise ToolProblem(
                f"These Metrc keys do not reach licence {self.license_number}. "
                f"They reach: {known or 'no facility'}."
            )

        return await self._once("facility", load)

    async def can(self, capability: Capability) -> bool:
        """Whether the facility type has a capability (grow plants, sell to consumers...)."""
        return (await self.facility()).can(capability)

    async def employees(self) -> list[Employee]:
        """The facility's employees and their own licences."""

        async def load() -> list[Employee]:
            found = await self._client.employees(self.license_number, credentials=self._keys)
            return [inventory.employee(record) for record in found]

        return await self._once("employees", load)

    async def _inactive(
        self, key: str, read: Callable[..., Awaitable[list[Record]]], since: date | None
    ) -> list[Record]:
        """An inactive list's records last modified from `since` to now (none without one)."""
        if since is None:
            return []

        async def load() -> list[Record]:
            start, end = modified_span(since, self.today)
            return await read(
                self.license_number,
                last_modified_start=start,
                last_modified_end=end,
                credentials=self._keys,
            )

        return await self._once((key, since), load)
