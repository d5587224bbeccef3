"""What a certificate of analysis reports: the analytes a parser recognises by their names
(as labs print them), each with its category and the unit results of it come in, and the
units themselves, written as labs write them and reduced to one spelling each."""

from __future__ import annotations

import re
from dataclasses import dataclass

CANNABINOIDS = "cannabinoids"
MOISTURE = "moisture"
PESTICIDES = "pesticides"
HEAVY_METALS = "heavy_metals"
MICROBIALS = "microbials"
MYCOTOXINS = "mycotoxins"
SOLVENTS = "residual_solvents"
# Contaminants: a failed one keeps the batch from sale (the findings' "critical").
CONTAMINANTS = frozenset({PESTICIDES, HEAVY_METALS, MICROBIALS, MYCOTOXINS, SOLVENTS})


@dataclass(frozen=True, slots=True)
class AnalyteKind:
    """One analyte: its key, the name answers use, its category, and how labs name it."""

    key: str
    name: str
    category: str
    pattern: str


def _kind(key: str, name: str, category: str, pattern: str) -> AnalyteKind:
    return AnalyteKind(key, name, category, pattern)


KINDS: tuple[AnalyteKind, ...] = (
    # Totals before their parts: "Total THC" is not "THC".
    _kind("total_thc", "Total THC", CANNABINOIDS, r"total\s+(?:thc|δ-?9-?thc|delta-?9-?thc)"),
    _kind("total_cbd", "Total CBD", CANNABINOIDS, r"total\s+cbd"),
    _kind("total_cannabinoids", "Total cannabinoids", CANNABINOIDS, r"total\s+cannabinoids"),
    _kind("thca", "THCA", CANNABINOIDS, r"thca(?:-a)?|thc-?a|δ-?9-?thca"),
    _kind(
        "d9_thc", "Delta-9 THC", CANNABINOIDS, r"(?:δ|d|delta)[\s-]?9[\s-]?thc|Δ9-?thc|thc(?!\w)"
    ),
    _kind("d8_thc", "Delta-8 THC", CANNABINOIDS, r"(?:δ|d|delta)[\s-]?8[\s-]?thc"),
    _kind("cbda", "CBDA", CANNABINOIDS, r"cbda|cbd-?a"),
    _kind("cbd", "CBD", CANNABINOIDS, r"cbd(?!\w)"),
    _kind("cbga", "CBGA", CANNABINOIDS, r"cbga"),
    _kind("cbg", "CBG", CANNABINOIDS, r"cbg(?!\w)"),
    _kind("cbn", "CBN", CANNABINOIDS, r"cbn(?!\w)"),
    _kind("cbc", "CBC", CANNABINOIDS, r"cbc(?!\w)"),
    _kind("thcv", "THCV", CANNABINOIDS, r"thcv"),
    _kind("water_activity", "Water activity", MOISTURE, r"water\s+activity(?:\s*\(aw\))?"),
    _kind("moisture", "Moisture", MOISTURE, r"moisture(?:\s+content)?"),
    _kind("arsenic", "Arsenic", HEAVY_METALS, r"(?:inorganic\s+)?arsenic(?:\s*\(as\))?"),
    _kind("cadmium", "Cadmium", HEAVY_METALS, r"cadmium(?:\s*\(cd\))?"),
    _kind("lead", "Lead", HEAVY_METALS, r"lead(?:\s*\(pb\))?"),
    _kind("mercury", "Mercury", HEAVY_METALS, r"mercury(?:\s*\(hg\))?"),
    _kind(
        "stec",
        "Shiga toxin-producing E. coli",
        MICROBIALS,
        r"stec(?:\s+e\.?\s*coli)?|shiga[\s-]toxin[\s-]producing\s+e\.?\s*coli",
    ),
    _kind("salmonella", "Salmonella", MICROBIALS, r"salmonella(?:\s+spp\.?)?"),
    _kind("e_coli", "E. coli", MICROBIALS, r"(?:generic\s+)?e\.?\s*coli"),
    _kind(
        "aspergillus",
        "Aspergillus",
        MICROBIALS,
        r"aspergillus(?:\s+(?:flavus|fumigatus|niger|terreus|spp\.?))?",
    ),
    _kind(
        "btgn",
        "Bile-tolerant gram-negative bacteria",
        MICROBIALS,
        r"(?:total\s+)?bile[\s-]tolerant\s+gram[\s-]negative(?:\s+bacteria)?|btgn",
    ),
    _kind(
        "yeast_mold", "Total yeast and mold", MICROBIALS, r"(?:total\s+)?yeast\s+(?:and|&)\s+mou?ld"
    ),
    _kind("coliforms", "Total coliforms", MICROBIALS, r"(?:total\s+)?coliforms?"),
    _kind(
        "aerobic",
        "Total aerobic count",
        MICROBIALS,
        r"total\s+aerobic(?:\s+(?:plate\s+)?(?:count|bacteria))?",
    ),
    _kind(
        "total_aflatoxins",
        "Total aflatoxins",
        MYCOTOXINS,
        r"total\s+aflatoxins?(?:\s*\(b1,?\s*b2,?\s*g1,?\s*g2\))?|aflatoxins?\s+\(total\)",
    ),
    _kind("ochratoxin_a", "Ochratoxin A", MYCOTOXINS, r"ochratoxin(?:\s+a)?"),
    _kind("butane", "Butane", SOLVENTS, r"(?:n-)?butane"),
    _kind("propane", "Propane", SOLVENTS, r"propane"),
    _kind("ethanol", "Ethanol", SOLVENTS, r"ethanol"),
    _kind("acetone", "Acetone", SOLVENTS, r"acetone"),
    _kind("hexane", "Hexane", SOLVENTS, r"(?:n-)?hexane"),
    _kind("benzene", "Benzene", SOLVENTS, r"benzene"),
    _kind("isopropanol", "Isopropyl alcohol", SOLVENTS, r"isopropanol|isopropyl\s+alcohol"),
    _kind("myclobutanil", "Myclobutanil", PESTICIDES, r"myclobutanil"),
    _kind("bifenazate", "Bifenazate", PESTICIDES, r"bifenazate"),
    _kind("imidacloprid", "Imidacloprid", PESTICIDES, r"imidacloprid"),
    _kind("abamectin", "Abamectin", PESTICIDES, r"abamectin"),
    _kind("spinosad", "Spinosad", PESTICIDES, r"spinosad"),
    _kind("pyrethrins", "Pyrethrins", PESTICIDES, r"pyrethrins?"),
    _kind("piperonyl_butoxide", "Piperonyl butoxide", PESTICIDES, r"piperonyl\s+butoxide"),
    _kind("chlorpyrifos", "Chlorpyrifos", PESTICIDES, r"chlorpyrifos"),
    _kind("daminozide", "Daminozide", PESTICIDES, r"daminozide"),
    _kind("paclobutrazol", "Paclobutrazol", PESTICIDES, r"paclobutrazol"),
    _kind("bifenthrin", "Bifenthrin", PESTICIDES, r"bifenthrin"),
    _kind("carbaryl", "Carbaryl", PESTICIDES, r"carbaryl"),
)
BY_KEY = {kind.key: kind for kind in KINDS}
# An analyte's name at the start of a line (after a bullet or a number), as a whole word.
ANALYTE_AT_START = re.compile(
    r"^[\s\u2022*\-\u2013\d.)]*(?:"
    + "|".join(f"(?P<{kind.key}>{kind.pattern})" for kind in KINDS)
    + r")(?![\w])",
    re.IGNORECASE,
)

# Units as labs write them, reduced to one spelling; equal units share it (1 ppm = 1 ug/g =
# 1 mg/kg; 1 ppb = 1 ug/kg).
UNITS = {
    "%": "%",
    "mg/g": "mg/g",
    "ug/g": "ug/g",
    "µg/g": "ug/g",
    "μg/g": "ug/g",
    "ppm": "ug/g",
    "mg/kg": "ug/g",
    "ug/kg": "ug/kg",
    "µg/kg": "ug/kg",
    "μg/kg": "ug/kg",
    "ppb": "ug/kg",
    "cfu/g": "cfu/g",
    "aw": "aw",
    "a_w": "aw",
    "mg/ml": "mg/ml",
    "mg/serving": "mg/serving",
    "mg/unit": "mg/unit",
}
# The unit a category's results come in when the certificate prints none.
DEFAULT_UNITS = {
    CANNABINOIDS: "%",
    MOISTURE: "%",
    PESTICIDES: "ug/g",
    HEAVY_METALS: "ug/g",
    MICROBIALS: "cfu/g",
    MYCOTOXINS: "ug/kg",
    SOLVENTS: "ug/g",
}


def unit_of(token: str) -> str | None:
    """A unit token's one spelling, or None when it is not a unit."""
    return UNITS.get(token.strip("()[],;:").lower())
