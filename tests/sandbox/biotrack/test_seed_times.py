"""The seeded BioTrack year keeps New Mexico's clock: its working days start at 08:00 in
America/Denver (daylight saving included), not at 08:00 UTC (01:00 or 02:00 there)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from trichome.sandbox.biotrack.seed import build

DENVER = ZoneInfo("America/Denver")
AS_OF = date(2026, 11, 21)


def test_seeded_actions_happen_in_new_mexico_working_hours() -> None:
    store = build(as_of=AS_OF)
    times = [
        datetime.fromtimestamp(row.sessiontime, DENVER)
        for table in ("sale", "plant", "inventory")
        for row in store.tables[table].values()
    ]
    assert times
    assert min(t.hour for t in times) >= 8  # nothing before the state's 08:00
    assert max(t.date() for t in times) < AS_OF
    summer = [t for t in times if t.month == 7]
    winter = [t for t in times if t.month == 1]
    # the first action of a day is at 08:00 local in both seasons (UTC-6 and UTC-7)
    assert min(t.hour * 60 + t.minute for t in summer) == 8 * 60
    assert min(t.hour * 60 + t.minute for t in winter) == 8 * 60
