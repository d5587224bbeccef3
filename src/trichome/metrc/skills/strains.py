"""strain_performance: strains compared on yield, lab results, potency and sales.

Each part uses what the licence has: yields from harvests started in the range (growers);
first-test lab outcomes of the packages packaged in the range, from the packages the
licence sees and, for packages it has shipped away (no longer listed), the lab state each
carried on its outgoing manifest (lab-sample manifests excepted); potency from the lab
results of one visible package per source harvest; sales from receipts in the range
(stores). The pass rate counts packages, so a large failed lot weighs by its size.
"""

from __future__ import annotations

import asyncio
from collections import Counter, defaultdict
from datetime import date
from statistics import mean
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.records import (
    FAILED_FIRST_STATES,
    is_sample,
    lab_state,
    label,
    packaged_on,
    plural,
    rounded,
    strain,
)
from trichome.metrc.skills.yields import aggregate, harvest_row
from trichome.tracking import Capability, LabState, Package, Receipt, to_grams
from trichome.tracking.potency import thc_reading
from trichome.tracking.source import FacilitySource

MAX_LAB_LOOKUPS = 60  # lab results are read one package at a time
FLOWER = ("raw plant", "flower", "bud")  # words of a flower test's name, across states


def outcome(state: str) -> str | None:
    """'passed' or 'failed' on the first test, None while untested or pending."""
    if state == LabState.TEST_PASSED:
        return "passed"
    if state in FAILED_FIRST_STATES:
        return "failed"
    return None


async def shipped_outcomes(
    data: FacilitySource, start: date, end: date, seen: set[str]
) -> list[tuple[str, str]]:
    """(strain, outcome) of packages shipped in the range that the licence no longer lists."""
    outgoing, items = await asyncio.gather(data.outgoing(), data.items())
    strains = {str(item.name): item.strain for item in items}
    shipped = [
        t
        for t in outgoing
        if "sample" not in str(t.shipment_type or "").lower()
        and start <= (t.estimated_departure.date() if t.estimated_departure else date.min) <= end
        and t.delivery_id is not None
    ]
    deliveries = await data.delivery_packages([int(t.delivery_id or 0) for t in shipped])
    found: dict[str, tuple[str, str]] = {}
    for rows in deliveries.values():
        for row in rows:
            tag, name = row.label, row.item_strain or strains.get(str(row.item_name))
            result = outcome(row.lab_state)
            if tag not in seen and name and result:
                found[tag] = (str(name), result)
    return list(found.values())


async def potency(
    data: FacilitySource, packages: list[Package]
) -> dict[str, dict[str, list[float]]]:
    """THC levels per strain and test type, from one package per source harvest."""
    chosen: dict[str, Package] = {}
    for package in packages:
        if strain(package) is None or outcome(lab_state(package)) is None:
            continue
        key = ",".join(package.source_harvests) or label(package)
        chosen.setdefault(key, package)
    picked = list(chosen.values())[:MAX_LAB_LOOKUPS]
    results = await asyncio.gather(*(data.lab_results(p) for p in picked))
    levels: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for package, rows in zip(picked, results, strict=True):
        found = thc_reading(rows, percent_only=True)
        if found is not None and found.percent is not None:
            levels[str(strain(package))][found.test_type].append(found.percent)
    return levels


def thc_test_of(levels: dict[str, list[float]]) -> str | None:
    """The test a strain's THC % is read from: flower when there is any, else the commonest."""
    if not levels:
        return None
    flower = [t for t in levels if any(word in t.lower() for word in FLOWER)]
    return max(flower or levels, key=lambda t: len(levels[t]))


def thc_of(levels: dict[str, list[float]]) -> float | None:
    """A strain's mean THC %, from flower tests when there are any, else its other products."""
    test = thc_test_of(levels)
    return rounded(mean(levels[test]), 2) if test else None


def most_potent(rows: dict[str, dict[str, Any]]) -> tuple[str, str, float] | None:
    """The strain with the highest mean THC on one test type, its test and its level.

    Strains are compared on flower tests when any strain has them, else on the commonest
    test, so that a concentrate (70-80 % THC) is never ranked against flower (about 20 %).
    """
    tests = Counter(test for row in rows.values() for test in row["thc_by_test"])
    if not tests:
        return None
    flower = [t for t in tests if any(word in t.lower() for word in FLOWER)]
    test = max(flower or tests, key=lambda t: tests[t])
    tested = [name for name, row in rows.items() if test in row["thc_by_test"]]
    best = max(tested, key=lambda name: rows[name]["thc_by_test"][test])
    return best, test, rows[best]["thc_by_test"][test]


def sales_by_strain(receipts: list[Receipt]) -> dict[str, dict[str, float]]:
    """Revenue, grams, units and lines sold per strain."""
    sold: dict[str, dict[str, float]] = defaultdict(
        lambda: {"revenue": 0.0, "grams": 0.0, "units": 0.0, "lines": 0}
    )
    for receipt in receipts:
        for line in receipt.lines:
            if not line.strain:
                continue
            entry = sold[line.strain]
            entry["revenue"] += line.price
            entry["lines"] += 1
            grams = to_grams(line.quantity, line.unit)
            if grams is None:
                entry["units"] += line.quantity
            else:
                entry["grams"] += grams
    return {
        name: {key: rounded(value, 2) for key, value in entry.items()}
        for name, entry in sold.items()
    }


def best_and_worst(rows: dict[str, dict[str, Any]], key: str) -> tuple[str, str] | None:
    """The strains with the highest and lowest value of a figure (where known)."""
    known = {name: row[key] for name, row in rows.items() if row.get(key) is not None}
    if not known:
        return None
    return max(known, key=lambda n: known[n]), min(known, key=lambda n: known[n])


async def strain_performance(
    data: FacilitySource,
    *,
    start: date,
    end: date,
    min_pass_rate: float = 0.9,
    low_yield_share: float = 0.85,
    include_shipments: bool = True,
) -> SkillResult:
    """Compare strains on yield per plant, wet-to-packaged ratio, lab pass rate, THC and sales."""
    grows, sells = await asyncio.gather(
        data.can(Capability.GROW_PLANTS), data.can(Capability.SELL_TO_CONSUMERS)
    )
    packages, harvests = await asyncio.gather(
        data.packages(inactive_since=start), data.harvests(inactive_since=start)
    )
    visible = packages.everything()
    in_range = [
        p for p in visible if not is_sample(p) and start <= (packaged_on(p) or date.min) <= end
    ]
    outcomes = [(str(strain(p)), o) for p in in_range if strain(p) and (o := outcome(lab_state(p)))]
    if include_shipments:
        outcomes += await shipped_outcomes(data, start, end, {label(p) for p in visible})
    thc = await potency(data, in_range)
    sold = sales_by_strain((await data.receipts(start, end)).sales) if sells else {}
    grown: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for harvest in harvests:
        if start <= (harvest.started or date.min) <= end:
            row = harvest_row(harvest)
            grown[row["strain"]].append(row)
    lab: dict[str, dict[str, int]] = defaultdict(lambda: {"passed": 0, "failed": 0})
    for name, result in outcomes:
        lab[name][result] += 1
    rows: dict[str, dict[str, Any]] = {}
    for name in sorted({*grown, *lab, *thc, *sold}):
        yields = aggregate(grown[name]) if grown.get(name) else None
        tested = lab[name]["passed"] + lab[name]["failed"] if name in lab else 0
        rows[name] = {
            "harvests": yields["harvests"] if yields else 0,
            "plants": yields["plants"] if yields else 0,
            "wet_g_per_plant": yields["wet_g_per_plant"] if yields else None,
            "packaged_g_per_plant": yields["packaged_g_per_plant"] if yields else None,
            "yield_ratio": yields["yield_ratio"] if yields else None,
            "packages_tested": tested,
            "passed_first_test": lab[name]["passed"] if tested else 0,
            "pass_rate": rounded(lab[name]["passed"] / tested, 3) if tested else None,
            "thc_pct": thc_of(thc.get(name, {})),
            "thc_test": thc_test_of(thc.get(name, {})),
            "thc_by_test": {
                test: rounded(mean(values), 2) for test, values in thc.get(name, {}).items()
            },
            "thc_samples": sum(len(values) for values in thc.get(name, {}).values()),
            "sales": sold.get(name),
        }
    findings: list[Finding] = []
    failing = [
        name
        for name, row in rows.items()
        if row["packages_tested"] >= 5 and (row["pass_rate"] or 0) < min_pass_rate
    ]
    for name in failing:
        row = rows[name]
        findings.append(
            Finding(
                severity=Severity.MEDIUM,
                check="low_pass_rate",
                message=(
                    f"{name}: {row['pass_rate']:.0%} of {row['packages_tested']} packages passed "
                    f"their first lab test (below {min_pass_rate:.0%}); review cultivation and "
                    "drying for this strain."
                ),
            )
        )
    per_plant = [r["packaged_g_per_plant"] for r in rows.values() if r["packaged_g_per_plant"]]
    typical = mean(per_plant) if per_plant else None
    weak = [
        name
        for name, row in rows.items()
        if typical
        and row["packaged_g_per_plant"]
        and row["packaged_g_per_plant"] < typical * low_yield_share
    ]
    if weak:
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="low_yield_strain",
                message=(
                    f"Low-yield strains: {', '.join(weak)} packaged under {low_yield_share:.0%} of "
                    f"the average {typical:,.0f} g per plant."
                ),
            )
        )
    tested_total = sum(row["packages_tested"] for row in rows.values())
    passed_total = sum(row["passed_first_test"] for row in rows.values())
    parts = [f"{data.license_number}, {start} to {end}: {plural(len(rows), 'strain')}"]
    if (pair := best_and_worst(rows, "packaged_g_per_plant")) is not None:
        parts.append(
            f"yield best {pair[0]} ({rows[pair[0]]['packaged_g_per_plant']:,.0f} g/plant), "
            f"lowest {pair[1]} ({rows[pair[1]]['packaged_g_per_plant']:,.0f} g/plant)"
        )
    if tested_total:
        overall = f"lab pass rate {passed_total / tested_total:.0%} over {tested_total} packages"
        pair = best_and_worst(rows, "pass_rate")
        if pair is not None and rows[pair[1]]["pass_rate"] < rows[pair[0]]["pass_rate"]:
            overall += f", lowest {pair[1]} ({rows[pair[1]]['pass_rate']:.0%})"
        parts.append(overall)
    if (potent := most_potent(rows)) is not None:
        name, test, level = potent
        parts.append(f"highest THC {name} ({level:g}% in {test.partition(') ')[2] or test})")
    if sold:
        top = max(sold, key=lambda n: sold[n]["revenue"])
        parts.append(f"top seller {top} (${sold[top]['revenue']:,.2f})")
    return SkillResult(
        skill="strain_performance",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={
            "start": start.isoformat(),
            "end": end.isoformat(),
            "min_pass_rate": min_pass_rate,
            "low_yield_share": low_yield_share,
            "include_shipments": include_shipments,
        },
        summary="; ".join(parts) + ".",
        counts={
            "strains": len(rows),
            "harvests": sum(row["harvests"] for row in rows.values()),
            "packages_tested": tested_total,
            "passed_first_test": passed_total,
            "thc_samples": sum(row["thc_samples"] for row in rows.values()),
            "revenue": rounded(sum(entry["revenue"] for entry in sold.values())),
        },
        findings=findings,
        details={"strains": rows, "grows": grows, "sells": sells},
    )
