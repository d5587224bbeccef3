"""The last-modified span a skill's reads of inactive records cover, and the sales-date margin.

Metrc's inactive lists (GET /packages/v2/inactive, /harvests/v2/inactive, /plants/v2/inactive,
/processing/v2/inactive) take lastModifiedStart and lastModifiedEnd and nothing else to narrow
them (bruno Packages/GetInactivePackages, Harvests/GetInactiveHarvests, Plants/GetInactivePlants,
ProcessingJob/GetInactiveProcessingJob; the same in all 28 states' Postman collections). A
record that went inactive on or after a day was last modified on or after it, so a skill asking
about a period reads the inactive records last modified from the period's first day to now, in
the client's 24-hour windows (`MetrcClient.list`), rather than the licence's whole history. The
end is now, not the period's last day: a record finished within the period may have changed
since.

The package adjustments and plant and plant-batch waste lists take no date at all (bruno
Packages/GetAdjustments, Plants/GetPlantsWaste, PlantBatches/GetPlantBatchesWaste: licenseNumber,
pageNumber and pageSize only), so those are read whole, in pages, and the skills keep the days
they ask about.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

# Metrc's timestamps are UTC and a licence's days local (UTC-12..+14): bounds reach this far
# beyond a range's ends, so no record of the range's first or last local day is missed.
ZONE_MARGIN = timedelta(hours=14)


def modified_span(
    since: date, today: date, now: datetime | None = None
) -> tuple[datetime, datetime]:
    """From the start of `since` (less the zone margin) to the end of the caller's today, and
    never past now: the last-modified span that holds every record changed from `since` on."""
    start = datetime.combine(since, time(0), UTC) - ZONE_MARGIN
    end = datetime.combine(today + timedelta(days=1), time(0), UTC) + ZONE_MARGIN
    end = min(end, now or datetime.now(UTC))
    return start, max(start, end)
