"""The seeded year: deterministic, realistic in size and variety, and internally consistent."""

from __future__ import annotations

import asyncio
import hashlib
from collections import Counter, defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

import orjson
import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from tests.conftest import database_for
from tests.sandbox.conftest import AS_OF, CULTIVATOR, DISPENSARY, LAB, MANUFACTURER
from tests.support.servers import trichome, trichome_env
from trichome.sandbox.seed import build
from trichome.sandbox.store import Record


def digest(records: list[Record]) -> str:
    hashed = hashlib.sha256()
    for record in records:
        hashed.update(
            orjson.dumps(
                [
                    record.id,
                    record.license,
                    record.kind,
                    record.state,
                    record.label,
                    record.name,
                    record.partner,
                    record.last_modified.isoformat(),
                    record.data,
                ],
                option=orjson.OPT_SORT_KEYS,
            )
        )
    return hashed.hexdigest()


@pytest.fixture(scope="module")
def year() -> list[Record]:
    return build(8002, AS_OF)


def test_the_same_seed_builds_the_same_year_and_another_seed_another() -> None:
    first, again, other = build(7, AS_OF), build(7, AS_OF), build(8, AS_OF)
    assert digest(first) == digest(again)
    assert digest(first) != digest(other)


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def test_seeding_twice_with_the_cli_stores_the_same_rows(backend: str, tmp_path: Path) -> None:
    with database_for(backend, tmp_path) as url:
        env = trichome_env(tmp_path, url)
        dumps = []
        for _ in range(2):
            result = trichome("metrc", "seed", "--seed", "7", "--as-of", AS_OF.isoformat(), env=env)
            assert "seeded the sandbox with seed 7" in result.stdout
            assert "receipt" in result.stdout and "package" in result.stdout
            dumps.append(_dump(url))
        assert dumps[0] == dumps[1]
        assert len(dumps[0]) == len(build(7, AS_OF))


def _dump(url: str) -> list[tuple[object, ...]]:
    async def read() -> list[tuple[object, ...]]:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as connection:
                rows = await connection.execute(
                    sa.text(
                        "SELECT id, license, kind, state, label, name, partner_license, data "
                        "FROM sandbox_objects ORDER BY id"
                    )
                )
                return [(*row[:-1], _as_json(row[-1])) for row in rows]
        finally:
            await engine.dispose()

    return asyncio.run(read())


def _as_json(value: object) -> bytes:
    data = orjson.loads(value) if isinstance(value, str | bytes) else value
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)


def test_sizes_are_those_of_a_real_year(year: list[Record]) -> None:
    kinds = Counter(record.kind for record in year)
    transactions = sum(len(r.data["Transactions"]) for r in year if r.kind == "receipt")
    assert kinds["package"] >= 2000
    assert kinds["receipt"] >= 30_000
    assert transactions >= 50_000
    assert kinds["plant"] >= 5000 and kinds["harvest"] >= 40
    assert kinds["transfer"] >= 300 and kinds["labresult"] >= 5000
    sale_days = {r.data["SalesDateTime"][:10] for r in year if r.kind == "receipt"}
    assert len(sale_days) >= 350  # the store sells every day but Christmas
    first = min(sale_days)
    assert date.fromisoformat(first) <= AS_OF - timedelta(days=355)
    assert max(sale_days) == (AS_OF - timedelta(days=1)).isoformat()


def test_the_year_holds_what_a_compliance_review_looks_for(year: list[Record]) -> None:
    packages = [r for r in year if r.kind == "package"]
    live = [p for p in packages if p.state in ("active", "onhold") and p.data["Quantity"] > 0]
    states = Counter(p.data["LabTestingState"] for p in packages)
    assert states["TestFailed"] > 0 and states["RetestPassed"] > 0
    assert any(p.data["RemediationDate"] for p in packages)
    # Each producer treats failed lots as its facility type may (as in Metrc's sandbox): the
    # cultivation decontaminates, the manufacturer remediates.
    grown = [p for p in packages if p.license == CULTIVATOR]
    assert any(p.data["DecontaminationDate"] for p in grown)
    assert not any(p.data["RemediationDate"] for p in grown)
    held = {p.license for p in packages if p.state == "onhold" and p.data["IsOnHold"]}
    assert {CULTIVATOR, DISPENSARY} <= held

    def days_left(package: Record) -> int | None:
        expires = package.data["ExpirationDate"]
        return (date.fromisoformat(expires) - AS_OF).days if expires else None

    store = [p for p in live if p.license == DISPENSARY]
    assert any((days_left(p) or 1) < 0 for p in store)  # expired, still on the books
    assert any(0 <= (days_left(p) or -1) <= 30 for p in store)  # expiring soon
    transfers = [r for r in year if r.kind == "transfer"]
    assert sum(1 for t in transfers if t.state == "rejected") >= 2
    overdue = [
        t
        for t in transfers
        if t.state == "pending"
        and datetime.fromisoformat(t.data["EstimatedArrivalDateTime"]).date() < AS_OF
    ]
    assert overdue and overdue[0].partner == DISPENSARY
    kinds = Counter(record.kind for record in year)
    for kind in ("plantwaste", "plantbatchwaste", "harvestwaste", "packageadjustment"):
        assert kinds[kind] > 0, kind
    reasons = {r.data["AdjustmentReasonName"] for r in year if r.kind == "packageadjustment"}
    assert {"Drying", "Scale Variance", "Waste"} <= reasons
    assert any(r.kind == "processingjob" and r.state == "inactive" for r in year)
    assert any(p.license == LAB for p in packages)
    assert any(p.license == MANUFACTURER and p.state == "active" for p in packages)
    phases = Counter(r.state for r in year if r.kind == "plant")
    assert phases["vegetative"] > 0 and phases["flowering"] > 0 and phases["inactive"] > 0


def test_quantities_add_up(year: list[Record]) -> None:
    packages = {r.label: r for r in year if r.kind == "package"}
    for package in packages.values():
        assert package.data["Quantity"] >= 0, package.label
        if package.data["IsFinished"]:
            assert package.data["Quantity"] == 0 and package.state == "inactive"
    # What the store received, less what it sold (in receipts and deliveries) and adjusted,
    # is what it holds.
    received: dict[str, float] = {}
    for delivery in (r for r in year if r.kind == "delivery" and r.partner == DISPENSARY):
        for entry in delivery.data["_Packages"]:
            if entry["ShipmentPackageState"] == "Accepted":
                received[entry["PackageLabel"]] = entry["ReceivedQuantity"]
    moved: dict[str, float] = defaultdict(float)
    for receipt in (r for r in year if r.kind == "receipt"):
        assert receipt.data["TotalPrice"] == pytest.approx(
            sum(line["TotalPrice"] for line in receipt.data["Transactions"])
        )
        if not receipt.data["ArchivedDate"]:  # open or finalized: a sale
            for line in receipt.data["Transactions"]:
                moved[line["PackageLabel"]] -= line["QuantitySold"]
    # A sales delivery is a sale of its own, in no receipt; a voided one gave its back.
    for delivery in (r for r in year if r.kind == "salesdelivery"):
        if delivery.data["SalesDeliveryState"] != "Voided":
            for line in delivery.data["Transactions"]:
                moved[line["PackageLabel"]] -= line["QuantitySold"]
    for adjustment in (
        r for r in year if r.kind == "packageadjustment" and r.license == DISPENSARY
    ):
        moved[adjustment.data["PackageLabel"]] += adjustment.data["AdjustmentQuantity"]
    assert len(received) > 1000
    for label, quantity in received.items():
        assert packages[label].data["Quantity"] == pytest.approx(
            quantity + moved[label], abs=1e-3
        ), label
    # A harvest's weight is its wet weight less waste and what was packaged.
    for harvest in (r for r in year if r.kind == "harvest"):
        data = harvest.data
        expected = data["TotalWetWeight"] - data["TotalWasteWeight"] - data["TotalPackagedWeight"]
        assert data["CurrentWeight"] == pytest.approx(expected, abs=0.1)
        assert data["CurrentWeight"] >= 0
