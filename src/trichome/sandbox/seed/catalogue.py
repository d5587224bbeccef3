"""What the seeded licences grow, make and keep: strains, gummy flavours, rooms, tag pools."""

from __future__ import annotations

from dataclasses import dataclass

from trichome.sandbox.facilities import CULTIVATOR, DISPENSARY, LAB, MA_CULTIVATOR, MANUFACTURER


@dataclass(frozen=True, slots=True)
class StrainProfile:
    """A cultivar the cultivator grows: potency, genetics, yield and shelf price."""

    name: str
    code: str
    thc: float
    cbd: float
    indica: int
    wet_grams: float
    price_per_gram: float


STRAINS = (
    StrainProfile("Blue Dream", "BD", 21.5, 0.1, 40, 640, 8.0),
    StrainProfile("OG Kush", "OGK", 23.0, 0.1, 75, 540, 9.0),
    StrainProfile("Gelato", "GEL", 24.5, 0.1, 55, 560, 10.0),
    StrainProfile("Wedding Cake", "WC", 25.0, 0.1, 60, 590, 10.0),
    StrainProfile("Sour Diesel", "SD", 22.0, 0.2, 10, 620, 8.5),
    StrainProfile("Gorilla Glue #4", "GG4", 26.0, 0.1, 60, 600, 9.5),
    StrainProfile("Jack Herer", "JH", 19.5, 0.2, 45, 630, 7.5),
    StrainProfile("Granddaddy Purple", "GDP", 20.0, 0.1, 80, 520, 8.0),
    StrainProfile("Durban Poison", "DP", 18.5, 0.2, 5, 660, 7.0),
    StrainProfile("Pineapple Express", "PE", 20.5, 0.1, 40, 610, 8.0),
    StrainProfile("Zkittlez", "ZK", 22.5, 0.1, 70, 500, 9.0),
    StrainProfile("Runtz", "RTZ", 24.0, 0.1, 50, 480, 10.5),
)
PROFILES = {profile.name: profile for profile in STRAINS}
# Gummy flavours and how often shoppers pick them; the unpopular one lingers and expires.
FLAVOURS = (
    ("Mixed Berry", 0.35),
    ("Mango", 0.3),
    ("Blue Raspberry", 0.28),
    ("Sour Watermelon", 0.04),
)
LOCATIONS = {
    CULTIVATOR.license_number: (
        "Clone Room",
        "Veg Room A",
        "Veg Room B",
        *(f"Flower Room {n}" for n in range(1, 11)),
        "Dry Room 1",
        "Dry Room 2",
        "Vault",
        "Quarantine",
    ),
    MANUFACTURER.license_number: ("Receiving", "Extraction Lab (C1D1)", "Kitchen", "Vault"),
    DISPENSARY.license_number: ("Receiving", "Sales Floor", "Vault", "Quarantine"),
    LAB.license_number: ("Sample Intake", "Sample Storage"),
}
TAG_PREFIXES = {
    CULTIVATOR.license_number: "0C0021",
    MANUFACTURER.license_number: "0C0022",
    DISPENSARY.license_number: "0C0024",
    LAB.license_number: "0C0025",
    MA_CULTIVATOR.license_number: "0A0004",
}
