"""The medical store's member patients (Metrc v2 Patients Add), written after the year has run
so that nothing else in it moves.

The medical store (facilities.MEDICAL_STORE, Metrc sandbox licence CO-9) is the one seeded
licence whose facility type may keep member patients (`CanHaveMemberPatients`) and sell to
patients and caregivers. It registered, through the year, the patients the caregivers of the
sandbox's registry buy for (caregivers.py) and one more who buys alone and whose
recommendation exempts them from the sales limits (`CanSpecifyPatientSalesLimitExemption`).
Each patient's state card runs a year from a few days before they registered. The values are
the sandbox's own; the allowances are kept for the patient's status (GetStatusesByPatient).
It keeps no stock and has sold nothing: its records are its patients.
"""

from __future__ import annotations

from datetime import timedelta

from trichome.sandbox import patients
from trichome.sandbox.facilities import MEDICAL_STORE
from trichome.sandbox.seed.year import Year

# (patient licence number, days after the year began that they registered, recommended
# plants, recommended smokable ounces, exempt from the sales limits)
REGISTERED = (
    ("PT-CO-000201", 40, 6, 2.0, False),
    ("PT-CO-000202", 40, 6, 2.0, False),
    ("PT-CO-000203", 175, 12, 8.0, False),
    ("PT-CO-000206", 290, 24, 8.0, True),
)
CARD_DAYS = 365
ALLOWED = {
    "FlowerOuncesAllowed": 2.0,
    "ThcOuncesAllowed": 0.0,
    "ConcentrateOuncesAllowed": 0.28,
    "InfusedOuncesAllowed": 0.0,
}


def register(year: Year) -> None:
    """The store's patients, in the order they registered."""
    for number, after, plants, smokable, exempt in REGISTERED:
        day = year.first_day + timedelta(days=after)
        starts = day - timedelta(days=3)
        values = {
            "LicenseNumber": number,
            "RegistrationDate": day.isoformat(),
            "LicenseEffectiveStartDate": starts.isoformat(),
            "LicenseEffectiveEndDate": (starts + timedelta(days=CARD_DAYS - 1)).isoformat(),
            "RecommendedPlants": plants,
            "RecommendedSmokableQuantity": smokable,
            "HasSalesLimitExemption": exempt,
            "OtherFacilitiesCount": 0,
            **ALLOWED,
        }
        year.add(patients.patient(MEDICAL_STORE, values), year.at(day, 11))
