"""Medical caregivers in the sandbox: the state's registry that Metrc's GetStatusByCaregiver
reads (`GET /caregivers/v2/status/{caregiverLicenseNumber}`).

Metrc has no operation that registers a caregiver: the state's medical programme does, and
the API only looks one up. The sandbox therefore holds a small registry of its own, with the
licence's validity and the patients it may buy for. The answer follows Metrc's documented
example (ThunkMetrc bruno CaregiversStatus/GetCaregiversStatusByCaregiverLicenseNumber):
`{CaregiverLicenseNumber, Active, Patients}`, Patients being patient licence numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any


@dataclass(frozen=True, slots=True)
class Caregiver:
    """A caregiver licence: when it is valid, whether the state revoked it, its patients."""

    license_number: str
    starts: date
    ends: date
    patients: tuple[str, ...]
    revoked: bool = False

    def active(self, today: date) -> bool:
        """Whether the licence lets the caregiver buy on `today`."""
        return not self.revoked and self.starts <= today <= self.ends

    def status(self, today: date) -> dict[str, Any]:
        """GetStatusByCaregiver's answer."""
        return {
            "CaregiverLicenseNumber": self.license_number,
            "Active": self.active(today),
            "Patients": list(self.patients),
        }


# The sandbox's own licence numbers (its patient numbers follow the same pattern): one
# caregiver for two patients, one for one, one whose licence lapsed and one revoked.
_CAREGIVERS = (
    Caregiver(
        "CG-CO-000101", date(2025, 3, 1), date(2030, 2, 28), ("PT-CO-000201", "PT-CO-000202")
    ),
    Caregiver("CG-CO-000102", date(2025, 9, 15), date(2030, 9, 14), ("PT-CO-000203",)),
    Caregiver("CG-CO-000103", date(2024, 1, 10), date(2025, 1, 9), ("PT-CO-000204",)),
    Caregiver("CG-CO-000104", date(2025, 6, 1), date(2030, 5, 31), ("PT-CO-000205",), revoked=True),
)
REGISTRY = {caregiver.license_number: caregiver for caregiver in _CAREGIVERS}


def lookup(license_number: str) -> Caregiver | None:
    """A caregiver by licence number, as written or in any case and spacing."""
    wanted = license_number.strip().upper()
    return REGISTRY.get(wanted)
