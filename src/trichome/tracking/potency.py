"""THC potency from lab results, whatever a state calls its test types.

A lab result row (GET /labtests/v2/results) carries the test's name in `TestTypeName` and its
level in `TestResultLevel`; the names are each state's own (GET /labtests/v2/types). Spellings
met across states:
- Metrc's documented example of GET /labtests/v2/types: bare "THC" and "THCa";
- "THC (%) Raw Plant Material", "THCA (%) Raw Plant Material", "THC (mg/serving) Infused
  Edible" (the sandbox's Colorado-style names);
- "Total THC (%) Raw Plant Material", "Total THC (mg/g) R&D Testing (Infused)"
  (Massachusetts, as the F8ai/metrc-mcp field notes and public lab-data code record);
- "Total Delta-9 THC (%) Mandatory Cannabinoid % and Totals", "Delta-9 THC (%) Mandatory
  Cannabinoid % and Totals", "Δ9-THC", "TOTAL THC" (Missouri licences' results as read by
  public code).
The unit is the text in the name's first parentheses when it has one ("%", "mg/g",
"mg/serving", "mg/unit"); a bare name has none, and its level is taken as a percentage only
when it can be one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from trichome.tracking.records import LabResult


class Potency(StrEnum):
    """Which THC figure a test reports."""

    TOTAL_THC = "total_thc"  # THCA × 0.877 + delta-9 THC, as the lab reports it
    THC = "thc"  # delta-9 THC, or a state's plain "THC"
    THCA = "thca"


# Preferred first when a package's results report more than one.
PREFERENCE = (Potency.TOTAL_THC, Potency.THC, Potency.THCA)

# Names are matched lowercased, so the Greek capital delta is δ here.
_DELTA9 = re.compile(r"(?:delta|δ|\bd)[\s-]*9[\s-]*")
_OTHER = re.compile(r"thcv|delta[\s-]*8|δ8|\bd8|\bcbd|\bcbn|\bcbg|\bhhc")
_THCA = re.compile(r"\bthc[\s-]?a\b")
_THC = re.compile(r"\bthc\b")


@dataclass(frozen=True, slots=True)
class PotencyReading:
    """One potency figure read from a lab result row."""

    kind: Potency
    level: float
    unit: str  # "%", "mg/g", "mg/serving", ... or "" when the name names none
    test_type: str

    @property
    def percent(self) -> float | None:
        """The level as a percentage, when the unit is one (a bare name's level up to 100)."""
        if self.unit == "%":
            return self.level
        if not self.unit and 0 <= self.level <= 100:
            return self.level
        return None


def unit_of(test_type: str) -> str:
    """The unit in a test's name: 'THC (%) Raw Plant Material' gives '%'; none gives ''."""
    return test_type.partition("(")[2].partition(")")[0].strip()


def potency_kind(test_type: str) -> Potency | None:
    """Which THC figure a test type reports, or None when it reports no THC figure."""
    name = test_type.partition("(")[0].strip().lower()
    name = _DELTA9.sub("", name)
    if not name or _OTHER.search(name):
        return None
    if _THCA.search(name):
        return Potency.THCA
    if not _THC.search(name):
        return None
    return Potency.TOTAL_THC if "total" in name else Potency.THC


def reading(row: LabResult) -> PotencyReading | None:
    """The THC figure a lab result row reports, if it reports one with a level."""
    kind = potency_kind(row.test_type)
    if kind is None or row.level is None:
        return None
    return PotencyReading(kind, row.level, unit_of(row.test_type), row.test_type)


def thc_reading(rows: list[LabResult], *, percent_only: bool = False) -> PotencyReading | None:
    """A package's THC figure: total THC when reported, else THC, else THCA."""
    found = [r for row in rows if (r := reading(row)) is not None]
    if percent_only:
        found = [r for r in found if r.percent is not None]
    for kind in PREFERENCE:
        for candidate in found:
            if candidate.kind == kind:
                return candidate
    return None
