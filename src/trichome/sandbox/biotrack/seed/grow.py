"""The cultivator's side of the year: batches from clone to packaged eighths, lab tests,
shipments to the dispensary, waste and destruction."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from trichome.sandbox.biotrack.reference import CULTIVATOR, DISPENSARY, LAB
from trichome.sandbox.biotrack.seed.calendar import EIGHTH, PLANTS_PER_BATCH, STRAINS, Calendar


class Grower(Calendar):
    """The cultivator's recurring work."""

    def plant_batch(self, number: int) -> None:
        strain = STRAINS[number % len(STRAINS)]
        mother = self.mothers[strain][number % 3]
        clones = self.act(
            CULTIVATOR,
            "inventory_new",
            data=[
                {"invtype": 7, "quantity": PLANTS_PER_BATCH, "strain": strain, "source_id": mother}
            ],
        )["barcode_id"][0]
        plants = self.act(
            CULTIVATOR,
            "plant_new",
            room=self.room(CULTIVATOR, "Veg"),
            quantity=PLANTS_PER_BATCH,
            strain=strain,
            source=clones,
        )["barcode_id"]
        flower = self.room(CULTIVATOR, "Flower A" if number % 2 else "Flower B")
        self.at(
            self.day + 21, lambda: self.act(CULTIVATOR, "plant_move", room=flower, barcodeid=plants)
        )
        if self.random.random() < 0.3:
            sick = plants.pop()
            self.at(
                self.day + 30,
                lambda: self.act(
                    CULTIVATOR, "plant_destroy_schedule", barcodeid=[sick], reason="Powdery mildew"
                ),
            )
            self.at(self.day + 34, lambda: self.act(CULTIVATOR, "plant_destroy", barcodeid=[sick]))
        self.at(self.day + 77, lambda: self.harvest(plants))

    def harvest(self, plants: list[str]) -> None:
        self.act(CULTIVATOR, "plant_harvest_schedule", barcodeid=plants)
        wet: dict[str, Decimal] = {}
        for plant in plants:
            wet[plant] = Decimal(self.random.randint(400, 700))
            self.act(
                CULTIVATOR,
                "plant_harvest",
                barcodeid=[plant],
                new_room=self.room(CULTIVATOR, "Drying"),
                weights=[
                    {"invtype": 6, "amount": str(wet[plant]), "uom": "g"},
                    {"invtype": 27, "amount": str(self.random.randint(60, 120)), "uom": "g"},
                ],
            )
        self.at(self.day + 10, lambda: self.cure(wet))

    def cure(self, wet: dict[str, Decimal]) -> None:
        flower: list[str] = []
        trim: list[str] = []
        for plant, weight in wet.items():
            made = self.act(
                CULTIVATOR,
                "plant_cure",
                barcodeid=[plant],
                weights=[
                    {
                        "invtype": 6,
                        "amount": str((weight * Decimal("0.22")).quantize(Decimal("0.1"))),
                        "uom": "g",
                    },
                    {"invtype": 9, "amount": str(self.random.randint(20, 40)), "uom": "g"},
                ],
            )["derivatives"]
            flower += [d["barcode_id"] for d in made if d["barcode_type"] == 6]
            trim += [d["barcode_id"] for d in made if d["barcode_type"] == 9]
        self.at(self.day + 1, lambda: self.make_lots(flower, trim))

    def whole(self, barcodes: list[str]) -> list[dict[str, Any]]:
        rows = [self.store.tables["inventory"][key] for key in barcodes]
        return [
            {
                "barcodeid": row.key,
                "remove_quantity": row.data["remaining_quantity"],
                "remove_quantity_uom": "g",
            }
            for row in rows
        ]

    def make_lots(self, flower: list[str], trim: list[str]) -> None:
        lot = self.act(CULTIVATOR, "inventory_create_lot", data=self.whole(flower))["barcode_id"]
        self.act(CULTIVATOR, "inventory_create_lot", data=self.whole(trim))
        sample = self.act(
            CULTIVATOR,
            "inventory_qa_sample",
            barcodeid=lot,
            lab_id=LAB.location,
            quantity=4,
            quantity_uom="g",
            use=1,
        )["sample_id"]
        self.at(self.day + 3, lambda: self.test(lot, sample))

    def test(self, lot: str, sample: str) -> None:
        passed = self.random.random() < 0.88
        moisture = self.random.randint(9, 13) if passed else self.random.randint(16, 19)
        self.act(
            LAB,
            "inventory_qa_sample_results",
            sample_id=sample,
            test=[
                {"type": 1, "moisture": moisture},
                {
                    "type": 2,
                    "THC": round(self.random.uniform(16, 26), 1),
                    "THCA": 0.4,
                    "CBD": 0.1,
                    "Total": 24.0,
                },
                {
                    "type": 4,
                    "aerobic_bacteria": 3000,
                    "yeast_and_mold": 400,
                    "coliforms": 10,
                    "bile_tolerant": 10,
                    "e_coli_and_salmonella": 0,
                },
            ],
        )
        if passed:
            self.at(self.day + 1, lambda: self.package(lot))
        else:
            self.at(
                self.day + 1,
                lambda: self.act(
                    CULTIVATOR,
                    "inventory_destroy_schedule",
                    barcodeid=[lot],
                    reason="Failed QA: moisture",
                ),
            )
            self.at(
                self.day + 5, lambda: self.act(CULTIVATOR, "inventory_destroy", barcodeid=[lot])
            )

    def package(self, lot: str) -> None:
        held = Decimal(self.store.tables["inventory"][lot].data["remaining_quantity"])
        dried = (held * Decimal("0.005")).quantize(Decimal("0.01"))
        self.act(CULTIVATOR, "inventory_adjust", data=[{
            "barcodeid": lot, "remove_quantity": str(dried), "remove_quantity_uom": "g",
            "type": 5, "reason": "Moisture loss in the vault",
        }])  # fmt: skip
        held -= dried
        used = min(held, Decimal(1400))
        units = int(used / EIGHTH)
        made = []
        for share in (units // 2, units - units // 2):
            made.append(
                self.act(
                    CULTIVATOR,
                    "inventory_convert",
                    derivative_type=28,
                    derivative_quantity=share,
                    derivative_quantity_uom="each",
                    derivative_product="Eighth",
                    data=[
                        {
                            "barcodeid": lot,
                            "remove_quantity": str(share * EIGHTH),
                            "remove_quantity_uom": "g",
                        }
                    ],
                )["barcode_id"]
            )
        self.back_stock.append(made[1])
        self.ship([made[0]], receive=True)

    def ship(self, items: list[str], *, receive: bool) -> None:
        manifest = self.act(
            CULTIVATOR,
            "inventory_manifest",
            employee_id=f"{CULTIVATOR.location}-1",
            vehicle_id=self.vehicle,
            location=CULTIVATOR.location,
            stop_overview=[
                {
                    "stop_number": 1,
                    "vendor_license": DISPENSARY.location,
                    "barcodeid": items,
                    "approximate_departure": self.moment + 3600,
                    "approximate_arrival": self.moment + 7200,
                    "approximate_route": "I-25 north to Santa Fe",
                }
            ],
        )["manifest_id"]
        self.act(
            CULTIVATOR,
            "inventory_transfer_outbound",
            manifest_id=manifest,
            data=[{"barcodeid": key, "price": "40.00"} for key in items],
        )
        if receive:
            self.at(self.day + 1, lambda: self.receive(items))

    def receive(self, items: list[str]) -> None:
        data = [
            {
                "barcodeid": key,
                "quantity": self.store.tables["inventory"][key].data["remaining_quantity"],
                "uom": "each",
            }
            for key in items
        ]
        self.act(DISPENSARY, "inventory_transfer_inbound", location=DISPENSARY.location, data=data)
        self.shelf += items

    def weigh_waste(self) -> None:
        weight = self.random.randint(200, 800)
        self.waste.append(
            self.act(
                CULTIVATOR,
                "plant_waste_weigh",
                weight=weight,
                uom="g",
                location=CULTIVATOR.location,
            )["barcode_id"]
        )

    def destroy_waste(self) -> None:
        batch, self.waste = self.waste, []
        if batch:
            self.act(
                CULTIVATOR, "inventory_destroy_schedule", barcodeid=batch, reason="Monthly waste"
            )
            self.at(
                self.day + 4, lambda: self.act(CULTIVATOR, "inventory_destroy", barcodeid=batch)
            )

    def leave_waiting(self) -> None:
        """Schedule one growing plant for destruction and never destroy it."""
        plant = next(
            row.key
            for row in self.store.rows("plant", CULTIVATOR.location)
            if not row.deleted and row.data["state"] == 0 and not row.data["mother"]
            and not row.data["harvestscheduled"] and not row.data["removescheduled"]
        )  # fmt: skip
        self.act(CULTIVATOR, "plant_destroy_schedule", barcodeid=[plant], reason="Hermaphrodite")
