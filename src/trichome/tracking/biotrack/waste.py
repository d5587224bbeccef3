"""BioTrack's harvests, waste and destruction as our records.

BioTrack has no harvest batch: `plant_harvest` and `plant_cure` record weights collected
from plants as plant derivatives, one row per inventory type, sharing the action's
transaction id. A Harvest here is one such action's rows. Destruction is scheduled
(`*_destroy_schedule`, which starts the state's waiting period) and later done
(`*_destroy`); plants and lots carry the schedule as `removescheduled`,
`removescheduletime` and `removereason`. Derivative weights are read as grams (the rows
carry no unit).

`InventoryDestruction` is a record of this package until our model has one for inventory
(our PlantWaste covers plants only).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import Any

from trichome.tracking.biotrack.codes import FLOWER_TYPES, WASTE_TYPE, WET_FLOWER_TYPE
from trichome.tracking.biotrack.codes import inventory_type_name as type_name
from trichome.tracking.biotrack.fields import day, flag, ident, ids, moment, number, text
from trichome.tracking.records import Harvest, HarvestWaste, PlantWaste, WasteSource

Row = Mapping[str, Any]


def plant_waste(plant: Row, tz: tzinfo) -> PlantWaste | None:
    """A sync_plant row scheduled for or gone through destruction, as PlantWaste (None for
    other plants). BioTrack records no disposal method and no weight on a plant's
    destruction (waste is weighed apart, with plant_waste_weigh), so `missing()` lists them.
    """
    scheduled = flag(plant.get("removescheduled"))
    if not scheduled and not (flag(plant.get("deleted")) and text(plant.get("removereason"))):
        return None
    when = plant.get("deletetime") if flag(plant.get("deleted")) else None
    return PlantWaste(
        source=WasteSource.PLANT,
        number=text(plant.get("id")),
        method=None,
        weight=0.0,
        unit=None,
        reason=text(plant.get("removereason")),
        plant_batch_id=None,
        plant_batch_name=None,
        plant_count=1,
        day=day(when or plant.get("removescheduletime"), tz),
    )


@dataclass(frozen=True, slots=True)
class InventoryDestruction:
    """An inventory lot scheduled for destruction, or destroyed."""

    label: str
    inventory_type: str | None
    strain: str | None
    product_name: str | None
    quantity: float
    reason: str | None
    scheduled_at: datetime | None
    destroyed: bool

    def may_destroy_on(self, wait_days: int) -> date | None:
        """The first day the lot may be destroyed after a state's waiting period."""
        if self.scheduled_at is None:
            return None
        return date.fromordinal(self.scheduled_at.date().toordinal() + wait_days)


def inventory_destruction(lot: Row, tz: tzinfo) -> InventoryDestruction | None:
    """A sync_inventory row scheduled for or gone through destruction (None otherwise)."""
    scheduled = flag(lot.get("removescheduled"))
    destroyed = flag(lot.get("deleted")) and bool(text(lot.get("removereason")))
    if not scheduled and not destroyed:
        return None
    return InventoryDestruction(
        label=text(lot.get("id")) or "",
        inventory_type=type_name(lot.get("inventorytype")),
        strain=text(lot.get("strain")),
        product_name=text(lot.get("productname")),
        quantity=number(lot.get("remaining_quantity")),
        reason=text(lot.get("removereason")),
        scheduled_at=moment(lot.get("removescheduletime"), tz),
        destroyed=destroyed,
    )


def harvest_waste(derivative: Row, tz: tzinfo) -> HarvestWaste | None:
    """A waste (type 27) sync_plant_derivative row as HarvestWaste (None for other types);
    the harvest is named by the action's transaction id."""
    if ident(derivative.get("inventorytype")) != WASTE_TYPE or flag(derivative.get("deleted")):
        return None
    harvest = ident(derivative.get("transactionid_original")) or ident(
        derivative.get("transactionid")
    )
    return HarvestWaste(
        id=None,
        harvest_id=harvest,
        harvest_name=f"Harvest {harvest}" if harvest else None,
        waste_type=type_name(WASTE_TYPE),
        weight=number(derivative.get("weight")),
        unit="Grams",
        day=day(derivative.get("sessiontime"), tz),
    )


def harvests(
    derivatives: Iterable[Row], tz: tzinfo, plants: Mapping[str, Row] | None = None
) -> list[Harvest]:
    """sync_plant_derivative rows grouped by action into Harvests.

    Wet weight is the flower (types 6 and 29) collected, waste the type-27 weight. BioTrack
    has no packaged, restored or remaining weight, package count, hold, lab state or
    archive date for a harvest: those are 0, False or None. Strains come from `plants`
    (sync_plant rows by barcode) when given.
    """
    groups: dict[int, list[Row]] = {}
    for row in derivatives:
        key = ident(row.get("transactionid_original")) or ident(row.get("transactionid"))
        if key is not None and not flag(row.get("deleted")):
            groups.setdefault(key, []).append(row)
    found = []
    for key, rows in sorted(groups.items()):
        plant_ids = {plant for row in rows for plant in ids(row.get("plantid"))}
        strains = sorted(
            {s for plant in plant_ids if (s := text((plants or {}).get(plant, {}).get("strain")))}
        )
        kinds = {ident(row.get("inventorytype")) for row in rows}
        when = day(min((ident(row.get("sessiontime")) or 0) for row in rows), tz)
        found.append(
            Harvest(
                id=key,
                name=f"Harvest {key}",
                harvest_type="Wet" if WET_FLOWER_TYPE in kinds else None,
                strains=tuple(strains),
                plant_count=len(plant_ids),
                unit="Grams",
                wet_weight=_weight(rows, FLOWER_TYPES),
                waste_weight=_weight(rows, frozenset({WASTE_TYPE})),
                packaged_weight=0.0,
                restored_weight=0.0,
                current_weight=0.0,
                package_count=0,
                started=when,
                finished=when,
                archived=None,
                on_hold=False,
                lab_state=None,
                drying_location=text(rows[0].get("room")),
            )
        )
    return found


def _weight(rows: list[Row], kinds: frozenset[int]) -> float:
    return sum(
        number(row.get("weight")) for row in rows if ident(row.get("inventorytype")) in kinds
    )
