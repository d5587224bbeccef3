"""The shapes of the package tools' results (MCP publishes them as outputSchemas)."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.results import Count, Paging, QuantityTotals, shape

PackageFlag = Literal["OnHold", "Finished", "InTransit", "TestingSample", "RequiresRemediation"]


@shape
class Package(TypedDict):
    """A package in brief: what it holds, where, and its lab-testing state."""

    Id: NotRequired[int]
    Label: NotRequired[str]
    Item: NotRequired[Annotated[str, Field(description="The item's name.")]]
    Category: NotRequired[Annotated[str, Field(description="The item's product category.")]]
    Strain: NotRequired[Annotated[str, Field(description="The item's strain.")]]
    Quantity: NotRequired[float]
    UnitOfMeasureName: NotRequired[str]
    LocationName: NotRequired[str]
    PackagedDate: NotRequired[str]
    LabTestingState: NotRequired[str]
    ExpirationDate: NotRequired[str]
    SellByDate: NotRequired[str]
    UseByDate: NotRequired[str]
    SourceHarvestNames: NotRequired[
        Annotated[str, Field(description="The source harvests' names, comma-separated.")]
    ]
    FinishedDate: NotRequired[str]
    Flags: NotRequired[
        Annotated[list[PackageFlag], Field(description="The package's flags that are set.")]
    ]


@shape
class PackageDetail(Package):
    """A package in full: also its sources, lab result expiry and where it came from."""

    PackageType: NotRequired[str]
    SourcePackageLabels: NotRequired[
        Annotated[str, Field(description="The source packages' labels, comma-separated.")]
    ]
    LabTestingStateDate: NotRequired[str]
    LabTestResultExpirationDateTime: NotRequired[str]
    ProductionBatchNumber: NotRequired[str]
    RemediationDate: NotRequired[str]
    Note: NotRequired[str]
    ItemFromFacilityLicenseNumber: NotRequired[str]
    ReceivedFromFacilityLicenseNumber: NotRequired[str]
    ReceivedFromFacilityName: NotRequired[str]
    ReceivedFromManifestNumber: NotRequired[str]
    ReceivedDateTime: NotRequired[str]
    ArchivedDate: NotRequired[str]
    LastModified: NotRequired[str]


@shape
class PackagePage(Paging):
    """A page of a facility's packages."""

    license_number: str
    quantity_totals: QuantityTotals
    items: list[Package]


@shape
class PackageFound(TypedDict):
    """One package of a licence."""

    license_number: str
    package: PackageDetail


@shape
class Adjustment(TypedDict):
    """A package adjustment: a signed quantity change with its reason."""

    PackageLabel: NotRequired[str]
    ItemName: NotRequired[str]
    AdjustmentQuantity: NotRequired[
        Annotated[float, Field(description="The change, signed (negative: removed).")]
    ]
    AdjustmentUnitOfMeasureName: NotRequired[str]
    AdjustmentReasonName: NotRequired[str]
    AdjustmentNote: NotRequired[str]
    AdjustmentDate: NotRequired[str]
    AdjustedByUserName: NotRequired[str]


@shape
class AdjustmentPage(Paging):
    """A page of a facility's package adjustments, newest first."""

    license_number: str
    quantity_totals: QuantityTotals
    items: list[Adjustment]


@shape
class AdjustmentReason(TypedDict):
    """A reason a package may be adjusted for."""

    Name: NotRequired[str]
    RequiresNote: NotRequired[bool]
    RequiresWasteWeight: NotRequired[bool]


@shape
class AdjustmentReasons(TypedDict):
    """The reasons a facility may give when adjusting a package."""

    total: Count
    items: list[AdjustmentReason]
