"""Request bodies for packages, lab results and sales receipts, in Metrc v2's shapes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from trichome.metrc.serialize import MetrcBody

Day = date | str  # a date, or text already in YYYY-MM-DD


@dataclass(frozen=True, kw_only=True, slots=True)
class PackageIngredient(MetrcBody):
    """Quantity taken from a source package (by label)."""

    package: str
    quantity: float
    unit_of_measure: str


@dataclass(frozen=True, kw_only=True, slots=True)
class PackageCreate(MetrcBody):
    """A new package from source packages: tag, location and item by name (v2)."""

    tag: str
    quantity: float
    unit_of_measure: str
    actual_date: Day
    ingredients: Sequence[PackageIngredient | Mapping[str, Any]]
    item: str | None = None  # None with use_same_item=True
    location: str | None = None
    sublocation: str | None = None
    note: str | None = None
    patient_license_number: str | None = None
    is_production_batch: bool | None = None
    production_batch_number: str | None = None
    product_requires_remediation: bool | None = None
    use_same_item: bool | None = None
    expiration_date: Day | None = None
    sell_by_date: Day | None = None
    use_by_date: Day | None = None
    required_lab_test_batches: Sequence[str] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PackageAdjustment(MetrcBody):
    """A signed change of a package's quantity, with a reason from package_adjust_reasons()."""

    label: str
    quantity: float
    unit_of_measure: str
    adjustment_reason: str
    adjustment_date: Day
    reason_note: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PackageMove(MetrcBody):
    """Move a package (by label) to a location by name."""

    label: str
    location: str
    move_date: Day
    sublocation: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PackageFinish(MetrcBody):
    """Finish (close) an empty package: its quantity must already be 0."""

    label: str
    actual_date: Day


@dataclass(frozen=True, kw_only=True, slots=True)
class PackageRemediation(MetrcBody):
    """Remediate a package that failed testing."""

    package_label: str
    remediation_method_name: str
    remediation_date: Day
    remediation_steps: str


@dataclass(frozen=True, kw_only=True, slots=True)
class LabTestResult(MetrcBody):
    """One analyte's result; LabTestTypeName from lab_test_types()."""

    lab_test_type_name: str
    quantity: float
    passed: bool
    notes: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class LabTestRecord(MetrcBody):
    """The results for one package (Label is the package's label)."""

    label: str
    result_date: datetime | date | str
    results: Sequence[LabTestResult | Mapping[str, Any]]
    document_file_name: str | None = None
    document_file_base64: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class SalesTransaction(MetrcBody):
    """One package sold on a receipt."""

    package_label: str
    quantity: float
    unit_of_measure: str
    total_amount: float
    price: float | None = None
    excise_tax: float | None = None
    sales_tax: float | None = None
    discount_amount: float | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class SalesReceipt(MetrcBody):
    """A receipt. SalesDateTime is the facility's local time: any time zone is dropped."""

    sales_date_time: datetime | str = field(metadata={"local_time": True})
    sales_customer_type: str
    transactions: Sequence[SalesTransaction | Mapping[str, Any]]
    id: int | None = None  # set to update an existing receipt
    external_receipt_number: str | None = None
    patient_license_number: str | None = None
    caregiver_license_number: str | None = None
    identification_method: str | None = None
