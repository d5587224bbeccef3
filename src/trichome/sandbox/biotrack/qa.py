"""QA samples and results: a licensee sends a sample to a lab, the lab files the results,
and the tested item passes or fails (an item that has not passed may not be manifested or
made into a consumer product). A sample's `result` is 0 until tested, then 1 passed, 2 failed.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from trichome.sandbox.biotrack.calls import Call
from trichome.sandbox.biotrack.inputs import (
    amount_in,
    decimal,
    flag,
    identifiers,
    integer,
    nodes,
    shown,
    stored,
    text,
)
from trichome.sandbox.biotrack.inventory import item, take
from trichome.sandbox.biotrack.reference import NOT_ALLOWED, QA_TESTS, QA_TYPES
from trichome.sandbox.biotrack.store import BioTrackError

PENDING, PASSED, FAILED = 0, 1, 2
# The sandbox's own limits (a test at or under each passes); see docs/biotrack-sandbox.md.
LIMITS: dict[str, Decimal] = {
    "moisture": Decimal(15),
    "Stems": Decimal(5),
    "Other": Decimal(2),
    "aerobic_bacteria": Decimal(100000),
    "yeast_and_mold": Decimal(10000),
    "coliforms": Decimal(1000),
    "bile_tolerant": Decimal(1000),
    "e_coli_and_salmonella": Decimal(0),
    "residual_solvent": Decimal(500),
}


def inventory_qa_sample(call: Call) -> dict[str, Any]:
    """Take a sample of a lot or extract for a lab; the item waits for its result."""
    row = item(call, text(call.body, "barcodeid"))
    kind = row.data["inventorytype"]
    if kind not in QA_TYPES:
        raise BioTrackError("You attempted to QA sample an inventory type that cannot be sampled.")
    if row.data.get("_qa") == "passed":
        raise BioTrackError(
            "You attempted to QA sample an inventory item that has already been successfully "
            "tested. It will need to be approved for re-testing."
        )
    lab = call.store.find("qa_lab", text(call.body, "lab_id"))
    if lab is None:
        raise BioTrackError("Please specify the license number of a QA lab as lab_id.")
    quantity = amount_in(call.body, "quantity", "quantity_uom", kind)
    use = flag(call.body, "use")
    take(call, row, quantity)
    sample_id = call.store.barcode()
    record = {
        "inventoryid": sample_id,
        "parentid": row.key,
        "inventorytype": kind,
        "strain": row.data["strain"],
        "quantity": str(quantity),
        "lab_license": lab.key,
        "sample_use": int(use),
        "result": PENDING,
        "test": [],
    }
    call.store.insert("inventory_qa_sample", sample_id, call.location, record, call.tx(), call.now)
    call.store.touch(row, call.tx(), call.now, _qa="pending")
    return {"sample_id": sample_id}


def inventory_qa_sample_void(call: Call) -> dict[str, Any]:
    """Void a sample not tested yet (named by the transaction that took it): the sampled
    amount goes back to the item."""
    tx = integer(call.body, "transactionid")
    for sample in call.store.rows("inventory_qa_sample", call.location):
        if sample.transactionid_original == tx and not sample.deleted:
            if sample.data["result"] != PENDING:
                raise BioTrackError("This sample has already been tested.")
            parent = call.store.tables["inventory"].get(sample.data["parentid"])
            call.store.delete(sample, call.tx(), call.now)
            if parent is not None and not parent.deleted:
                back = stored(parent.data["remaining_quantity"]) + stored(sample.data["quantity"])
                status = None if parent.data.get("_qa") == "pending" else parent.data.get("_qa")
                call.store.touch(
                    parent, call.tx(), call.now, remaining_quantity=shown(back), _qa=status
                )
            return {}
    raise BioTrackError(f"No sample was taken in transaction {tx}.")


def _passes(test: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    kind = integer(test, "type")
    if kind not in QA_TESTS:
        raise BioTrackError(f"test type must be one of {sorted(QA_TESTS)}.")
    recorded: dict[str, Any] = {"type": kind}
    passed = True
    for name in QA_TESTS[kind]:
        if name not in test:
            continue
        value = decimal(test, name, positive=False)
        recorded[name] = str(value)
        if name in LIMITS and value > LIMITS[name]:
            passed = False
    if len(recorded) == 1:
        raise BioTrackError(f"Test type {kind} needs one of: {', '.join(QA_TESTS[kind])}.")
    return recorded, passed


def inventory_qa_sample_results(call: Call) -> dict[str, Any]:
    """A lab files its results for a sample: the sampled item passes or fails."""
    if not call.licensee.lab:
        raise BioTrackError("Only QA Labs may enter results.", NOT_ALLOWED)
    sample = call.store.tables["inventory_qa_sample"].get(text(call.body, "sample_id"))
    if sample is None or sample.deleted or sample.data["lab_license"] != call.location:
        raise BioTrackError("There were no samples found for the specified identifier.")
    if sample.data["result"] != PENDING:
        raise BioTrackError("Results for this sample have already been filed.")
    checked = [_passes(test) for test in nodes(call.body, "test")]
    passed = all(ok for _, ok in checked)
    call.store.touch(
        sample,
        call.tx(),
        call.now,
        result=PASSED if passed else FAILED,
        test=[recorded for recorded, _ in checked],
    )
    parent = call.store.tables["inventory"].get(sample.data["parentid"])
    if parent is not None:
        call.store.touch(parent, call.tx(), call.now, _qa="passed" if passed else "failed")
    return {}


def inventory_qa_check(call: Call) -> dict[str, Any]:
    """The results a lab filed for one of the caller's samples (read only)."""
    sample = call.store.find("inventory_qa_sample", text(call.body, "sample_id"), call.location)
    if sample is None:
        raise BioTrackError("There were no samples found for the specified identifier.")
    if sample.data["result"] == PENDING:
        raise BioTrackError("Test results have not yet been filed.")
    return {"result": sample.data["result"], "test": sample.data["test"]}


def inventory_qa_check_all(call: Call) -> dict[str, Any]:
    """The latest filed QA result of each of the caller's lots named, or of the lot it was
    made from (a received or converted lot carries its source's result, whoever sampled
    it); a lot with none is left out. A lot the caller does not hold is refused (602)."""
    answer = []
    for key in identifiers(call.body):
        lot = call.store.find("inventory", key, call.location)
        if lot is None:
            raise BioTrackError(
                f"The barcode identifier {key} could not be found under the specified license "
                "number."
            )
        sample = _latest_result(call, key)
        if sample is not None:
            answer.append(
                {**sample.document(), "barcode_id": key, "parent_id": sample.data["parentid"]}
            )
    return {"data": answer}


def _latest_result(call: Call, lot: str) -> Any:
    """The latest filed sample of a lot or of its ancestors (a few generations)."""
    inventory = call.store.tables["inventory"]
    key = lot
    for _ in range(5):
        filed = [
            sample
            for sample in call.store.tables["inventory_qa_sample"].values()
            if sample.data["parentid"] == key and sample.data["result"] != PENDING
        ]
        if filed:
            return max(filed, key=lambda sample: sample.transactionid)
        parent = inventory.get(key)
        key = (parent.data.get("parentid") if parent is not None else None) or ""
        if not key:
            return None
    return None


ACTIONS = {
    function.__name__: function
    for function in (
        inventory_qa_sample,
        inventory_qa_sample_void,
        inventory_qa_sample_results,
        inventory_qa_check,
        inventory_qa_check_all,
    )
}
