"""Which of Metrc v2's reads are paged, and which take last-modified dates.

Taken from the query parameters of every GET in the v2 folders of Metrc's Postman collections
for 28 states (github.com/thunkier/ThunkMetrc, specs/source/scraped/postman/{state}.json, the
union over states), checked against the per-operation docs (specs/generated/bruno): each read
below lists `pageNumber` and `pageSize` ("Pagination is currently disabled by default. You can
enable pagination on this query by specifying a value that does not exceed 20"), and those in
`DATED` also `lastModifiedStart` and `lastModifiedEnd`. The sales receipts take
`salesDateStart`/`salesDateEnd` too (OcelliSolutions/OpenMetrc open-metrc-swagger-v2.yaml,
GetSaleReceiptActive/Inactive), which the collections omit. A read missing here takes neither:
the client sends it no paging, and the sandbox ignores dates on a read not in `DATED`.
"""

from __future__ import annotations

from trichome.metrc.operations import path_shape

# Paged and filtered by last-modified dates.
DATED = frozenset(
    path_shape(path)
    for path in (
        "/additivestemplates/v2/active",
        "/harvests/v2/active",
        "/harvests/v2/inactive",
        "/harvests/v2/onhold",
        "/items/v2/active",
        "/locations/v2/active",
        "/packages/v2/active",
        "/packages/v2/inactive",
        "/packages/v2/intransit",
        "/packages/v2/labsamples",
        "/packages/v2/onhold",
        "/packages/v2/transferred",
        "/plantbatches/v2/active",
        "/plantbatches/v2/inactive",
        "/plants/v2/additives",
        "/plants/v2/flowering",
        "/plants/v2/inactive",
        "/plants/v2/mother",
        "/plants/v2/mother/inactive",
        "/plants/v2/mother/onhold",
        "/plants/v2/onhold",
        "/plants/v2/vegetative",
        "/processing/v2/active",
        "/processing/v2/inactive",
        "/processing/v2/jobtypes/active",
        "/processing/v2/jobtypes/inactive",
        "/sales/v2/deliveries/active",
        "/sales/v2/deliveries/inactive",
        "/sales/v2/deliveries/retailer/active",
        "/sales/v2/deliveries/retailer/inactive",
        "/sales/v2/receipts/active",
        "/sales/v2/receipts/inactive",
        "/strains/v2/active",
        "/sublocations/v2/active",
        "/transfers/v2/hub",
        "/transfers/v2/incoming",
        "/transfers/v2/outgoing",
        "/transfers/v2/templates/outgoing",
    )
)

# Paged, with no date filter.
UNDATED = frozenset(
    path_shape(path)
    for path in (
        "/additivestemplates/v2/inactive",
        "/employees/v2",
        "/harvests/v2/waste",
        "/harvests/v2/waste/types",
        "/items/v2/brands",
        "/items/v2/categories",
        "/items/v2/inactive",
        "/labtests/v2/batches",
        "/labtests/v2/results",
        "/labtests/v2/types",
        "/locations/v2/inactive",
        "/locations/v2/types",
        "/packages/v2/adjust/reasons",
        "/packages/v2/adjustments",
        "/patients/v2/active",
        "/plantbatches/v2/types",
        "/plantbatches/v2/waste",
        "/plants/v2/waste",
        "/plants/v2/waste/methods/all",
        "/plants/v2/waste/reasons",
        "/plants/v2/waste/{id}/package",
        "/plants/v2/waste/{id}/plant",
        "/sales/v2/deliveries/returnreasons",
        "/strains/v2/inactive",
        "/sublocations/v2/inactive",
        "/transfers/v2/deliveries/package/{id}/requiredlabtestbatches",
        "/transfers/v2/deliveries/{id}/packages",
        "/transfers/v2/deliveries/{id}/packages/wholesale",
        "/transfers/v2/deliveries/{id}/transporters",
        "/transfers/v2/deliveries/{id}/transporters/details",
        "/transfers/v2/rejected",
        "/transfers/v2/templates/outgoing/deliveries/{id}/packages",
        "/transfers/v2/templates/outgoing/deliveries/{id}/transporters",
        "/transfers/v2/templates/outgoing/{id}/deliveries",
        "/transfers/v2/types",
        "/transfers/v2/{id}/deliveries",
        "/transporters/v2/drivers",
        "/transporters/v2/vehicles",
    )
)

PAGED = DATED | UNDATED


def _shape(path: str) -> str:
    """A concrete path's shape: numeric segments become `{}` (`/x/v2/12/y` -> `/x/v2/{}/y`)."""
    parts = path_shape(path.split("?", 1)[0]).split("/")
    return "/".join("{}" if part.isdigit() else part for part in parts)


def paged(path: str) -> bool:
    """Whether Metrc documents pageNumber and pageSize for a read (path concrete or template)."""
    return _shape(path) in PAGED


def dated(path: str) -> bool:
    """Whether Metrc documents lastModifiedStart and lastModifiedEnd for a read."""
    return _shape(path) in DATED
