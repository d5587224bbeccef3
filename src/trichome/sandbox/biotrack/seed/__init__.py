"""One deterministic year of a New Mexico cultivator, dispensary and lab, written through the
same actions the API answers (so the seeded data obeys the rules the API enforces).

Every two weeks the cultivator takes clones from a mother plant and plants them; eleven
weeks later it harvests them plant by plant, cures them ten days later, combines the flower
into a lot and sends a sample to the lab. A passed lot loses a little moisture (an
adjustment) and is packaged into eighths (type 28):
part goes to the dispensary on a manifest, which the dispensary receives the next day; a
failed lot is scheduled for destruction and destroyed after the wait. Weekly waste weighs
are destroyed monthly; now and then a sick plant is destroyed. The dispensary sells every
day and refunds now and then. The year ends the day before `as_of`; its last shipment is
still on its way (manifested and sent, not received), one plant scheduled for destruction
six days before the end is still waiting, and the waste weighed since the last monthly
destruction is not yet scheduled.
"""

from __future__ import annotations

import time
from datetime import UTC, date, datetime
from decimal import Decimal
from functools import partial

from trichome.sandbox.biotrack.reference import (
    CULTIVATOR,
    DEFAULT_SEED,
    DISPENSARY,
    LAB,
    LICENSEES,
    LOCATION_TYPES,
    OUTSIDE_VENDORS,
    STATE,
    Licensee,
)
from trichome.sandbox.biotrack.seed.calendar import DAYS, STRAINS
from trichome.sandbox.biotrack.seed.grow import Grower
from trichome.sandbox.biotrack.store import BioTrackStore, Clock


class Year(Grower):
    """The whole year: set-up, the cultivator's batches, the dispensary's days."""

    def run(self) -> None:
        """Every day in order: its scheduled events, then the dispensary's sales."""
        for self.day in range(DAYS):
            for event in self.events.pop(self.day, []):
                event()
            if self.day % 7 == 3:
                self.weigh_waste()
            if self.day % 28 == 10:
                self.destroy_waste()
            self.sell()

    # ------------------------------------------------------------------ set-up

    def set_up(self) -> None:
        """Vendors, labs, rooms, staff and vehicle; mother plants from opening clones."""
        store, tx = self.store, self.store.transaction()
        vendors: list[tuple[str, str, str, int, Licensee | None]] = [
            (x.location, x.ubi, x.name, LOCATION_TYPES[x.kind], x) for x in LICENSEES.values()
        ]
        vendors += [(loc, ubi, name, kind, None) for loc, ubi, name, kind in OUTSIDE_VENDORS]
        for location, ubi, name, kind, licensee in vendors:
            data = {
                "ubi": ubi,
                "name": name,
                "locationtype": kind,
                "state": STATE,
                "address1": licensee.street if licensee else "1 Industrial Way",
                "address2": "",
                "city": licensee.city if licensee else "Albuquerque",
                "zip": licensee.zip if licensee else "87102",
                "producer": int(kind in (1, 4)),
                "processor": int(kind in (4, 7)),
                "retail": int(kind == 8),
                "medical": 1,
            }
            store.insert("vendor", location, location, data, tx, self.start)
            store.opened[location] = self.start
        lab = {
            "name": LAB.name,
            "address1": LAB.street,
            "city": LAB.city,
            "state": STATE,
            "zip": LAB.zip,
        }
        store.insert("qa_lab", LAB.location, LAB.location, lab, tx, self.start)
        rooms = {
            CULTIVATOR: [
                ("plant", "Mother"),
                ("plant", "Veg"),
                ("plant", "Flower A"),
                ("plant", "Flower B"),
                ("plant", "Drying"),
                ("inventory", "Vault"),
                ("inventory", "Quarantine"),
            ],
            DISPENSARY: [("inventory", "Sales Floor"), ("inventory", "Back Stock")],
            LAB: [("inventory", "Intake")],
        }
        for licensee, names in rooms.items():
            for room_kind, name in names:
                answer = self.act(
                    licensee,
                    f"{room_kind}_room_add",
                    name=name,
                    quarantine=int(name == "Quarantine"),
                )
                self.rooms[(licensee.location, name)] = answer["id"]
            for number in (1, 2):
                self.act(
                    licensee,
                    "employee_add",
                    employee_id=f"{licensee.location}-{number}",
                    employee_name=f"{licensee.name.split()[1]} Employee {number}",
                    birthmonth=number + 2,
                    birthday=10 + number,
                    birthyear=1985 + number,
                    hiremonth=1,
                    hireday=number,
                    hireyear=2024,
                )
        self.vehicle = self.act(
            CULTIVATOR,
            "vehicle_add",
            color="White",
            make="Ford",
            model="Transit",
            plate="NM-SBX-1",
            vin="1FTBR1C80MKA00001",
            year=2021,
        )["vehicle_id"]
        for strain in STRAINS:
            clones = self.act(
                CULTIVATOR, "inventory_new", data=[{"invtype": 7, "quantity": 6, "strain": strain}]
            )
            self.mothers[strain] = self.act(
                CULTIVATOR,
                "plant_new",
                room=self.rooms[(CULTIVATOR.location, "Mother")],
                quantity=3,
                strain=strain,
                source=clones["barcode_id"][0],
                mother=1,
            )["barcode_id"]
        for number, day in enumerate(range(2, DAYS, 14)):
            self.at(day, partial(self.plant_batch, number))
        self.at(DAYS - 6, self.leave_waiting)

    # ------------------------------------------------------------------ retail

    def sell(self) -> None:
        stock = [
            key
            for key in self.shelf
            if Decimal(self.store.tables["inventory"][key].data["remaining_quantity"]) >= 2
        ]
        if not stock:
            return
        for _ in range(self.random.randint(6, 16)):
            key = self.random.choice(stock)
            if Decimal(self.store.tables["inventory"][key].data["remaining_quantity"]) < 2:
                continue
            units = self.random.randint(1, 2)
            answer = self.act(
                DISPENSARY,
                "sale_dispense",
                data=[{"barcodeid": key, "quantity": units, "price": f"{units * 38}.00"}],
            )
            self.sales.append(answer["transactionid"])
        if self.day % 10 == 5 and self.sales:
            sale = self.sales[-1]
            line = next(
                row
                for row in self.store.rows("sale", DISPENSARY.location)
                if row.transactionid_original == sale
            )
            self.act(
                DISPENSARY,
                "sale_refund",
                transactionid=sale,
                data=[{"barcodeid": line.data["inventoryid"], "quantity": 1, "price": "38.00"}],
            )
        counted = [
            key
            for key in stock
            if Decimal(self.store.tables["inventory"][key].data["remaining_quantity"]) >= 1
        ]
        if self.day % 30 == 20 and counted:
            self.act(
                DISPENSARY,
                "inventory_adjust",
                data=[
                    {
                        "barcodeid": counted[0],
                        "remove_quantity": 1,
                        "remove_quantity_uom": "each",
                        "type": 1,
                        "reason": "Monthly count: one unit short",
                    }
                ],
            )

    def close(self) -> None:
        """The year's last day: a shipment leaves and is not received before the year ends."""
        self.day = DAYS - 1
        if self.back_stock:
            self.ship([self.back_stock.pop()], receive=False)


def build(
    seed: int = DEFAULT_SEED, as_of: date | None = None, clock: Clock = time.time
) -> BioTrackStore:
    """A store holding one simulated year ending the day before `as_of` (default: today)."""
    store = BioTrackStore(clock, seed)
    year = Year(store, seed, as_of or datetime.now(UTC).date())
    year.set_up()
    year.run()
    year.close()
    return store
