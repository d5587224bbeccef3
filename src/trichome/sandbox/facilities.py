"""The sandbox's licences, as GET /facilities/v2/ lists them, and what each may do.

Five copy licences of Metrc's own Colorado sandbox (the retail cultivation CO-21, products
manufacturer CO-22, store CO-24 and testing lab CO-25, and the medical store CO-9, where
patients are kept); a sixth, the cultivator MA-4 of Metrc's Massachusetts sandbox, is served
only when the sandbox is told it is in Massachusetts (`served`). Each facility type's
flags are the ones Metrc's sandbox gives that licence, as F8ai/metrc-mcp recorded them by
probing it on 2026-02-23 (`scripts/facility-capabilities.json`); a flag not listed true is
false. The sandbox enforces the flags its writes and reads need (services/sandbox/rules.py
`require`: 401 naming the flag), so a licence may do here what it may do there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# FacilityType's fields, in the order of Metrc's example (ThunkMetrc bruno Facilities/
# GetFacilities). Four are limits, not flags (null in the example, and here).
_FIELDS = """
IsMedical IsRetail IsHemp RestrictHarvestPlantRestoreTimeHours TotalMemberPatientsAllowed
RestrictWholesalePriceEditDays RestrictPlantBatchAdjustmentTimeHours CanGrowPlants
CanCreateOpeningBalancePlantBatches CanClonePlantBatches CanTagPlantBatches
CanAssignLocationsToPlantBatches PlantsRequirePatientAffiliation
PlantBatchesCanContainMotherPlants CanUpdatePlantStrains CanTrackVegetativePlants
CanCreateImmaturePlantPackagesFromPlants CanPackageVegetativePlants CanPackageWaste
CanReportHarvestSchedules CanSubmitHarvestsForTesting CanRequireHarvestSampleLabTestBatches
CanReportStrainProperties CanCreateOpeningBalancePackages CanCreateDerivedPackages
CanAssignLocationsToPackages CanUpdateLocationsOnPackages PackagesRequirePatientAffiliation
CanCreateTradeSamplePackages CanDonatePackages CanSubmitPackagesForTesting
CanCreateProcessValidationPackages CanRequirePackageSampleLabTestBatches
CanReturnPackageQuantity CanRequestProductRemediation
CanRemediatePackagesWithFailedLabResults CanRequestProductDecontamination
CanDecontaminatePackagesWithFailedLabResults CanInfuseProducts CanRecordProcessingJobs
CanRecordProductForDestruction CanDestroyProduct CanTestPackages TestsRequireLabSample
CanTransferFromExternalFacilities CanSellToConsumers CanSellToPatients
CanSellToExternalPatients CanSellToCaregivers RetailSalesToNonResidentConsumer AdvancedSales
SalesRequirePatientNumber SalesRequireExternalPatientNumber
SalesRequireExternalPatientIdentificationMethod SalesRequireCaregiverNumber
SalesRequireCaregiverPatientNumber CanDeliverSalesToConsumers
DeliverySalesToNonResidentConsumer SalesDeliveryAllowPlannedRoute SalesDeliveryAllowAddress
SalesDeliveryAllowCity SalesDeliveryAllowState SalesDeliveryAllowCounty
SalesDeliveryAllowZip SalesDeliveryRequireZone EnableExternalIdentifier
SalesDeliveryRequireConsumerId CanDeliverSalesToPatients SalesDeliveryRequirePatientNumber
SalesDeliveryRequireRecipientName IsSalesDeliveryHub CanHaveMemberPatients
CanReportPatientCheckIns CanSpecifyPatientSalesLimitExemption
CanReportPatientsAdverseResponses RetailerDelivery RetailerDeliveryAllowTradeSamples
RetailerDeliveryAllowDonations RetailerDeliveryRequirePrice
RetailerDeliveryAllowPartialPackages CanCreatePartialPackages
CanAdjustSourcePackagesWithPartials CanReportOperationalExceptions CanReportAdulteration
CanDownloadProductLabel CanReceiveAssociateProductLabel CanUseComplianceLabel
CanTrackFinishedGoods CanOnlyReceiveFinishedGoods CanViewSourcePackages EnableSublocations
TaxExemptReportingFeesFacilityType TaxExemptTagOrdersFacilityType CanAccessCatalog
CanTrackMotherPlantsAsGrowthPhase CanManageItemBrands
"""
FACILITY_TYPE_FIELDS = tuple(_FIELDS.split())
LIMITS = frozenset(name for name in FACILITY_TYPE_FIELDS if name.startswith(("Restrict", "Total")))

REMEDIATES = "CanRemediatePackagesWithFailedLabResults"
DECONTAMINATES = "CanDecontaminatePackagesWithFailedLabResults"


@dataclass(frozen=True, slots=True)
class Facility:
    """A licence in the sandbox and what its facility type may do."""

    license_number: str
    name: str
    license_type: str
    role: str
    capabilities: frozenset[str]

    @property
    def state(self) -> str:
        """The state whose Metrc holds the licence (CO for SF-SBX-CO-21-8002)."""
        return self.license_number.split("-")[2]

    @property
    def code(self) -> str:
        """The licence's number in Metrc's sandbox (21 for SF-SBX-CO-21-8002)."""
        return self.license_number.split("-")[3]

    def can(self, capability: str) -> bool:
        """Whether the facility type has a capability flag."""
        return capability in self.capabilities

    def document(self) -> dict[str, Any]:
        """The facility as GET /facilities/v2/ returns it (bruno Facilities/GetFacilities)."""
        # The user holding the sandbox's keys is each facility's manager, not its owner: the
        # second of its employees (services/sandbox/routes/reference.py `_employees`).
        employee = f"EMP-{self.code}-002"
        return {
            "FacilityId": int(self.code),
            "HireDate": "2025-01-02",
            "IsOwner": False,
            "IsManager": True,
            "IsFinancialContact": False,
            "Email": None,
            "Occupations": [],
            "Name": self.name,
            "Alias": self.name,
            "DisplayName": self.name,
            "CredentialedDate": "2025-01-02",
            "SupportActivationDate": None,
            "SupportExpirationDate": None,
            "FacilityType": {
                field: None if field in LIMITS else field in self.capabilities
                for field in FACILITY_TYPE_FIELDS
            },
            "License": {
                "Number": self.license_number,
                "EmployeeLicenseNumber": employee,
                "StartDate": "2025-01-01",
                "EndDate": "2027-12-31",
                "LicenseType": self.license_type,
            },
            "AllowTransferOfOnHoldPackages": None,
            "AllowTransferOfOnRecallPackages": None,
        }


def _flags(names: str) -> frozenset[str]:
    flags = frozenset(names.split())
    assert flags <= set(FACILITY_TYPE_FIELDS) - LIMITS, flags - set(FACILITY_TYPE_FIELDS)
    return flags


# What every one of the four may do in Metrc's sandbox: retail (not medical) licences that
# place packages in locations and sublocations, report strain properties and take the
# delivery address fields.
_EVERY = """
IsRetail CanAssignLocationsToPackages CanUpdateLocationsOnPackages CanReportStrainProperties
CanRequirePackageSampleLabTestBatches CanSubmitPackagesForTesting EnableSublocations
SalesDeliveryAllowPlannedRoute SalesDeliveryAllowAddress SalesDeliveryAllowCity
SalesDeliveryAllowState SalesDeliveryAllowCounty SalesDeliveryAllowZip
"""
# Product that fails testing: the cultivation decontaminates and may not remediate, the
# manufacturer remediates and may not decontaminate; both may mark product as requiring
# remediation; the store and the lab do neither.
CULTIVATOR = Facility(
    "SF-SBX-CO-21-8002",
    "Sandbox Retail Cultivation",
    "Retail Cultivation",
    "cultivator",
    _flags(
        _EVERY
        + """CanGrowPlants CanCreateOpeningBalancePlantBatches CanUpdatePlantStrains
        CanTrackVegetativePlants CanPackageVegetativePlants CanReportHarvestSchedules
        CanCreateDerivedPackages CanCreateProcessValidationPackages CanRequestProductRemediation
        CanDecontaminatePackagesWithFailedLabResults"""
    ),
)
MANUFACTURER = Facility(
    "SF-SBX-CO-22-8002",
    "Sandbox Retail MIP",
    "Retail Marijuana Products Manufacturer",
    "manufacturer",
    _flags(
        _EVERY
        + """CanCreateDerivedPackages CanCreateProcessValidationPackages CanInfuseProducts
        CanRequestProductRemediation CanRemediatePackagesWithFailedLabResults"""
    ),
)
DISPENSARY = Facility(
    "SF-SBX-CO-24-8002",
    "Sandbox Retail Store",
    "Retail Store",
    "dispensary",
    _flags(
        _EVERY
        + """CanCreateDerivedPackages CanSellToConsumers AdvancedSales CanDeliverSalesToConsumers
        SalesDeliveryRequireConsumerId SalesDeliveryRequireRecipientName IsSalesDeliveryHub"""
    ),
)
LAB = Facility(
    "SF-SBX-CO-25-8002",
    "Sandbox Retail Testing Lab",
    "Retail Testing Lab",
    "lab",
    _flags(
        _EVERY
        + """CanTestPackages CanTransferFromExternalFacilities CanReportOperationalExceptions
        CanReportAdulteration"""
    ),
)
# The medical store CO-9 ("Sandbox Medical Marijuana Store"): with the three MMC licences
# (CO-13 to CO-15), the Colorado licences of Metrc's sandbox that may keep member patients and
# sell to patients and caregivers. No licence probed may report patient check-ins, take
# retailer deliveries or package waste: those flags are false on all of them. Its flags are
# the ones listed true for it; it is medical, not retail.
MEDICAL_STORE = Facility(
    "SF-SBX-CO-9-8002",
    "Sandbox Medical Marijuana Store",
    "Medical Marijuana Store",
    "medical_store",
    _flags(
        """IsMedical CanReportStrainProperties CanCreateDerivedPackages
        CanAssignLocationsToPackages CanUpdateLocationsOnPackages CanSubmitPackagesForTesting
        CanRequirePackageSampleLabTestBatches CanSellToPatients CanSellToExternalPatients
        CanSellToCaregivers AdvancedSales SalesRequirePatientNumber SalesDeliveryAllowPlannedRoute
        SalesDeliveryAllowAddress SalesDeliveryAllowCity SalesDeliveryAllowState
        SalesDeliveryAllowCounty SalesDeliveryAllowZip CanDeliverSalesToPatients
        SalesDeliveryRequirePatientNumber IsSalesDeliveryHub CanHaveMemberPatients
        CanSpecifyPatientSalesLimitExemption CanReportOperationalExceptions EnableSublocations"""
    ),
)
# The cultivator MA-4 ("Sandbox Marijuana Cultivator", SF-SBX-MA-4-3301), which F8ai/metrc-mcp
# seeds as Massachusetts' cultivator (docs/sandbox-limitations.md). Only Massachusetts licences
# of Metrc's sandbox may track mother plants as a growth phase; of those, it is the one
# F8ai/metrc-mcp ran the whole cultivation lifecycle on. Its licence type is not in the probe:
# it is its name without "Sandbox", as for CO-21.
MA_CULTIVATOR = Facility(
    "SF-SBX-MA-4-3301",
    "Sandbox Marijuana Cultivator",
    "Marijuana Cultivator",
    "cultivator",
    _flags(
        """IsRetail CanGrowPlants CanAssignLocationsToPlantBatches CanUpdatePlantStrains
        CanTrackVegetativePlants CanReportStrainProperties CanCreateDerivedPackages
        CanAssignLocationsToPackages CanUpdateLocationsOnPackages CanCreateTradeSamplePackages
        CanSubmitPackagesForTesting CanRequirePackageSampleLabTestBatches CanReturnPackageQuantity
        CanRemediatePackagesWithFailedLabResults CanDownloadProductLabel
        CanReceiveAssociateProductLabel CanUseComplianceLabel EnableSublocations
        CanTrackMotherPlantsAsGrowthPhase"""
    ),
)
# The seeded year's Colorado licences, served whatever state the sandbox is told it is in
# (the setting names the state for the operations Metrc has in some states only).
FACILITIES: dict[str, Facility] = {
    facility.license_number: facility
    for facility in (CULTIVATOR, MANUFACTURER, DISPENSARY, LAB, MEDICAL_STORE)
}
# Every licence the sandbox keeps records of, whichever state it is told it is in.
KNOWN: dict[str, Facility] = {**FACILITIES, MA_CULTIVATOR.license_number: MA_CULTIVATOR}


def served(state: str) -> dict[str, Facility]:
    """The licences the user holds in the sandbox told it is in `state`: Colorado's five,
    and Massachusetts' cultivator in MA (a Metrc user's licences are in one state's Metrc)."""
    return {**FACILITIES, **{k: f for k, f in KNOWN.items() if f.state == state}}
