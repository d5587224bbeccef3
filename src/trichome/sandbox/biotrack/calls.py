"""One action being answered: who calls, what they sent, and when; with the checks every
rule shares (the caller's own location, its rooms, the destruction wait)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from trichome.sandbox.biotrack.inputs import integer, text
from trichome.sandbox.biotrack.reference import NOT_ALLOWED, SESSION, Licensee
from trichome.sandbox.biotrack.store import BioTrackError, BioTrackStore, Row


@dataclass(slots=True)
class Call:
    """An action of one licensee at Unix time `now` (the seed passes simulated times)."""

    store: BioTrackStore
    licensee: Licensee
    body: dict[str, Any]
    now: int
    _tx: int | None = None

    @property
    def location(self) -> str:
        return self.licensee.location

    @property
    def transaction_id(self) -> int | None:
        """The transaction this call wrote in, if it wrote anything."""
        return self._tx

    def tx(self) -> int:
        """The call's transaction id (one per call, taken on its first write)."""
        if self._tx is None:
            self._tx = self.store.transaction()
        return self._tx

    def own_location(self, name: str = "location", *, required: bool = False) -> str:
        """The `location` the request names, which must be the session's own.

        Raises:
            BioTrackError: another licensee's location (code 63, as BioTrack answers).
        """
        given = text(self.body, name, required=required)
        if given and given != self.location:
            raise BioTrackError("You provided an invalid location license number.", SESSION)
        return self.location

    def require(self, allowed: bool, what: str) -> None:
        """Refuse an action the licensee's type may not take (code 200)."""
        if not allowed:
            raise BioTrackError(f"Your license type may not {what}.", NOT_ALLOWED)

    def room(self, table: str, value: Any, name: str = "room") -> str:
        """A room id of the caller's own (plant_room or inventory_room)."""
        room_id = str(integer({name: value}, name))
        if self.store.find(table, room_id, self.location) is None:
            kind = "plant" if table == "plant_room" else "inventory"
            raise BioTrackError(f"You did not specify a valid {kind} room ({room_id}).")
        return room_id

    def default_room(self, table: str = "inventory_room") -> str:
        """The location's first live room of a kind (where collected items land)."""
        for row in self.store.rows(table, self.location):
            if not row.deleted and not row.data.get("quarantine"):
                return row.key
        raise BioTrackError("Your license has no room to put the items in.")

    def schedule_destruction(self, rows: list[Row], what: str) -> None:
        """Start the destruction wait of each row (override skips ones already waiting)."""
        reason = text(self.body, "reason")
        extended = text(self.body, "reason_extended", required=False)
        override = integer(self.body, "override", default=0) == 1
        waiting = [row for row in rows if row.data.get("removescheduled")]
        if waiting and not override:
            raise BioTrackError(
                f"The {what} {waiting[0].key} has already been scheduled for destruction."
            )
        for row in rows:
            if row.data.get("removescheduled"):
                continue
            self.store.touch(
                row,
                self.tx(),
                self.now,
                removescheduled=1,
                removescheduletime=self.now,
                removereason=reason,
                removereason_extended=extended,
            )

    def unschedule_destruction(self, rows: list[Row], what: str) -> None:
        """Cancel the destruction wait of each row."""
        for row in rows:
            if not row.data.get("removescheduled"):
                raise BioTrackError(f"The {what} {row.key} is not scheduled for destruction.")
        for row in rows:
            self.store.touch(row, self.tx(), self.now, removescheduled=0, removescheduletime=None)

    def check_destroyable(self, rows: list[Row], what: str) -> None:
        """Every row scheduled, and its wait over.

        Raises:
            BioTrackError: a row not scheduled, or still inside the state's waiting period.
        """
        wait = self.store.destroy_wait_hours * 3600
        for row in rows:
            scheduled = row.data.get("removescheduletime")
            if not row.data.get("removescheduled") or scheduled is None:
                raise BioTrackError(f"The {what} {row.key} has not been scheduled for destruction.")
            ready = int(scheduled) + wait
            if self.now < ready:
                when = datetime.fromtimestamp(ready, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
                raise BioTrackError(
                    f"The {what} {row.key} is still in its {self.store.destroy_wait_hours}-hour "
                    f"waiting period and may not be destroyed before {when}."
                )
