"""purchase_limit_check: adult-use sales held against the state's per-sale caps.

Each line of a receipt is weighed as flower, concentrate or an infused product from its
category and its quantity (a counted item by the unit weight or THC its item declares: on
the receipt line, or for the weight, the licence's item of that name),
and each sale against the state's caps (`metrc/data/purchase_limits.toml`, every figure
tied to the knowledge-pack fact whose sources state it). Patients' and caregivers' sales
are left out: their limits are supplies over days, not caps on one sale.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import MappingProxyType
from typing import Any

from trichome.knowledge.packs import load_packs
from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.facility import require
from trichome.metrc.skills.records import plural, rounded
from trichome.metrc.skills.waste import item_weights
from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking import Capability, Receipt, Sale, to_grams
from trichome.tracking.source import FacilitySource

LIMITS_FILE = Path(__file__).resolve().parent.parent / "data" / "purchase_limits.toml"
ADULT_USE = frozenset({"consumer", "nonresidentconsumer"})
TOLERANCE = 1e-6  # Metrc keeps four decimals
# Category words, checked in this order: the first kind whose word is in the name wins.
KIND_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("exempt", ("topical", "non-edible", "nonedible", "seed", "clone", "plant", "immature")),
    (
        "concentrate",
        ("concentrate", "extract", "vape", "cartridge", "wax", "shatter", "rosin", "resin",
         "distillate", "kief", "hash", "dab"),
    ),
    (
        "infused",
        ("edible", "infused", "tincture", "capsule", "beverage", "drink", "gumm", "chocolate",
         "ingestible"),
    ),
    ("flower", ("bud", "flower", "shake", "trim", "pre-roll", "preroll", "pre roll", "usable")),
)  # fmt: skip
KINDS = ("flower", "concentrate", "infused")
UNITS = {"flower": "g", "concentrate": "g", "infused": "mg THC"}


@dataclass(frozen=True, slots=True)
class StateLimit:
    """One state's caps on an adult-use sale."""

    state: str
    fact: str
    window: str
    combined: bool
    caps: dict[str, float]  # flower / concentrate grams, infused mg THC
    total_grams: float | None
    not_checked: str


@functools.cache
def state_limits() -> dict[str, StateLimit]:
    """The states' caps, by two-letter code."""
    raw = tomllib.loads(LIMITS_FILE.read_text(encoding="utf-8"))["states"]
    limits = {}
    for code, entry in raw.items():
        caps = {
            kind: float(entry[key])
            for kind, key in (
                ("flower", "flower_grams"),
                ("concentrate", "concentrate_grams"),
                ("infused", "infused_thc_mg"),
            )
            if key in entry
        }
        limits[code] = StateLimit(
            state=code,
            fact=entry["fact"],
            window=entry["window"],
            combined=bool(entry["combined"]),
            caps=caps,
            total_grams=float(entry["total_grams"]) if "total_grams" in entry else None,
            not_checked=entry.get("not_checked", ""),
        )
    return limits


# No item's unit weight to fall back on.
NO_WEIGHTS: Mapping[str, float] = MappingProxyType({})


def kind_of(category: str | None) -> str | None:
    """Flower, concentrate, infused or exempt, from a Metrc category name (None: unknown)."""
    name = (category or "").lower()
    for kind, words in KIND_WORDS:
        if any(word in name for word in words):
            return kind
    return None


def amount_of(line: Sale, kind: str, weights: Mapping[str, float] = NO_WEIGHTS) -> float | None:
    """A line's amount in its kind's measure (None when neither the receipt nor the item
    gives it). A counted line without its item's unit weight on the receipt takes the one
    the licence's item of that name declares (`weights`)."""
    if kind == "infused":
        return line.quantity * line.unit_thc_mg if line.unit_thc_mg is not None else None
    grams = to_grams(line.quantity, line.unit)
    if grams is not None:
        return grams
    unit_weight = line.unit_weight_grams or weights.get(line.product_name or "")
    return line.quantity * unit_weight if unit_weight else None


def _needs_item_weight(line: Sale) -> bool:
    """A counted flower or concentrate line whose receipt does not give its unit weight."""
    return (
        kind_of(line.category) in ("flower", "concentrate")
        and to_grams(line.quantity, line.unit) is None
        and line.unit_weight_grams is None
    )


@dataclass(frozen=True, slots=True)
class Basket:
    """One sale's amounts by kind, and the lines that could not be measured."""

    receipt: Receipt
    amounts: dict[str, float]
    unmeasured: list[Sale]

    @classmethod
    def of(cls, receipt: Receipt, weights: Mapping[str, float] = NO_WEIGHTS) -> Basket:
        amounts = dict.fromkeys(KINDS, 0.0)
        unmeasured = []
        for line in receipt.lines:
            kind = kind_of(line.category)
            if kind == "exempt":
                continue
            amount = amount_of(line, kind, weights) if kind is not None else None
            if kind is None or amount is None:
                unmeasured.append(line)
            else:
                amounts[kind] += amount
        return cls(receipt, amounts, unmeasured)

    def breaches(self, limit: StateLimit) -> list[str]:
        """What this sale puts over the state's caps, in words (empty: within them)."""
        found = []
        if limit.combined:
            share = sum(self.amounts[kind] / cap for kind, cap in limit.caps.items())
            if share > 1 + TOLERANCE:
                found.append(f"{share:.0%} of the limit once its equivalents are added up")
        else:
            for kind, cap in limit.caps.items():
                if self.amounts[kind] > cap + TOLERANCE:
                    found.append(
                        f"{rounded(self.amounts[kind], 3)} {UNITS[kind]} {kind}, over "
                        f"{rounded(cap, 3)} {UNITS[kind]}"
                    )
            weighed = self.amounts["flower"] + self.amounts["concentrate"]
            if limit.total_grams is not None and weighed > limit.total_grams + TOLERANCE:
                found.append(
                    f"{rounded(weighed, 3)} g of flower and concentrate together, over "
                    f"{rounded(limit.total_grams, 3)} g"
                )
        return found

    def shown(self) -> str:
        """The sale's amounts, in words."""
        parts = [
            f"{rounded(self.amounts[kind], 3)} {UNITS[kind]} {kind}"
            for kind in KINDS
            if self.amounts[kind] > 0
        ]
        return ", ".join(parts) or "nothing measurable"


@functools.cache
def sources_of(fact_id: str) -> tuple[dict[str, str], ...]:
    """The sources of the knowledge-pack fact a state's caps come from."""
    for pack in load_packs():
        for fact in pack.facts:
            if fact.id == fact_id:
                return tuple(
                    {"title": source.title, "url": source.url, "section": source.section}
                    for source in fact.sources
                )
    return ()


def limit_for(state: str) -> StateLimit:
    """A state's caps.

    Raises:
        ToolProblem: no caps are recorded for the state.
    """
    code = state.strip().upper()
    limits = state_limits()
    if code not in limits:
        raise ToolProblem(
            f"No per-sale caps are recorded for {state!r}; purchase_limit_check knows "
            f"{', '.join(sorted(limits))}. Check the state regulator's rules for the others."
        )
    return limits[code]


def sale_row(basket: Basket, breaches: list[str]) -> dict[str, Any]:
    """A sale over the caps."""
    receipt = basket.receipt
    return {
        "receipt": receipt.number or str(receipt.id),
        "day": receipt.day.isoformat(),
        "amounts": {kind: rounded(basket.amounts[kind], 3) for kind in KINDS},
        "breaches": breaches,
        "packages": [line.package_label for line in receipt.lines],
    }


async def purchase_limit_check(
    data: FacilitySource, *, state: str, start: date, end: date
) -> SkillResult:
    """Hold every adult-use sale of a range against the state's per-sale caps."""
    limit = limit_for(state)
    await require(data, Capability.SELL_TO_CONSUMERS, "sell to consumers")
    receipts = await data.receipts(start, end)
    adult = [r for r in receipts.sales if (r.customer_type or "").lower() in ADULT_USE]
    weights: Mapping[str, float] = {}
    if any(_needs_item_weight(line) for receipt in adult for line in receipt.lines):
        weights = item_weights(await data.items())
    baskets = [Basket.of(receipt, weights) for receipt in adult]
    over = [(b, found) for b in baskets if (found := b.breaches(limit))]
    unmeasured = [line for basket in baskets for line in basket.unmeasured]
    findings = [
        Finding(
            severity=Severity.HIGH,
            check="over_purchase_limit",
            message=(
                f"Receipt {row['receipt']} on {row['day']} sold {basket.shown()}: "
                f"{'; '.join(found)} ({limit.state}, per {limit.window})."
            ),
            packages=row["packages"],
        )
        for basket, found in over
        for row in [sale_row(basket, found)]
    ]
    if unmeasured:
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="unmeasured_lines",
                message=(
                    f"{plural(len(unmeasured), 'sale line')} could not be weighed (a category "
                    "that is not flower, concentrate or an infused product, or a counted item "
                    "whose item declares no unit weight or THC): check them by hand."
                ),
                packages=sorted({line.package_label for line in unmeasured}),
            )
        )
    skipped = len(receipts.sales) - len(adult)
    summary = (
        f"{data.license_number}, {start} to {end}: {plural(len(adult), 'adult-use sale')} "
        f"held against {limit.state}'s caps, {len(over)} over"
        + (f"; {plural(skipped, 'patient sale')} left out" if skipped else "")
        + "."
    )
    return SkillResult(
        skill="purchase_limit_check",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={"state": limit.state, "start": start, "end": end},
        summary=summary,
        counts={
            "sales_checked": len(adult),
            "sales_over_limit": len(over),
            "patient_sales_left_out": skipped,
            "lines_unmeasured": len(unmeasured),
        },
        findings=findings,
        details={
            "rule": {
                "state": limit.state,
                "window": limit.window,
                "combined": limit.combined,
                "caps": {kind: rounded(cap, 3) for kind, cap in limit.caps.items()},
                "total_grams": rounded(limit.total_grams, 3) if limit.total_grams else None,
                "fact": limit.fact,
                "not_checked": limit.not_checked,
                "sources": list(sources_of(limit.fact)),
            },
            "over_limit": [sale_row(basket, found) for basket, found in over],
        },
    )
