"""Certificates of analysis in three labs' layouts are read into their analytes, their totals
are worked out by the calculators, and their results are checked against the state's limits
from the packs: the failing analytes are found, with severities and the limit's source."""

from __future__ import annotations

import pytest

from tests.documents.coa_samples import (
    CALIFORNIA_FLOWER,
    COLORADO_HEMP,
    UTAH_FLOWER,
    UTAH_GUMMY,
    WASHINGTON_FLOWER,
)
from trichome.documents.coa import ABSENT, NOT_DETECTED, PRESENT, parse_certificate
from trichome.documents.coa_check import check_certificate, load_limits
from trichome.documents.extract import extract_text
from trichome.documents.types import PDF
from trichome.knowledge.packs import load_packs
from trichome.knowledge.retrieval import KnowledgeBase

KNOWLEDGE = KnowledgeBase(load_packs())


def read(content: bytes) -> dict[str, tuple[float | None, str | None, str, str | None]]:
    certificate = parse_certificate(extract_text(content, PDF))
    return {r.key: (r.value, r.qualitative, r.unit, r.lab_status) for r in certificate.results}


def test_a_california_table_with_lod_loq_and_action_levels() -> None:
    results = read(CALIFORNIA_FLOWER)
    assert results["thca"] == (24.10, None, "%", None)
    assert results["d9_thc"] == (0.62, None, "%", None)
    assert results["cbda"] == (None, NOT_DETECTED, "%", None)
    # The result column, not the LOD or LOQ before it nor the action level after it.
    assert results["lead"] == (0.62, None, "ug/g", "fail")
    assert results["arsenic"] == (0.08, None, "ug/g", "pass")
    assert results["water_activity"] == (0.61, None, "aw", "pass")
    assert results["salmonella"][1] == NOT_DETECTED
    assert results["total_aflatoxins"] == (None, NOT_DETECTED, "ug/kg", "pass")
    check = check_certificate(parse_certificate(extract_text(CALIFORNIA_FLOWER, PDF)), KNOWLEDGE)
    assert check.state == "CA" and check.certificate.inhalable is True
    assert check.failed == ("lead",)
    over = next(f for f in check.findings if f.check == "over_state_limit")
    assert (over.severity, over.analyte, over.fact) == (
        "critical",
        "lead",
        "ca-heavy-metals-action-levels",
    )
    assert "0.62 ug/g" in over.message and "0.5 ug/g" in over.message and "15723" in over.message
    (total_thc,) = [t for t in check.totals if t.name == "total_thc"]
    assert total_thc.value == pytest.approx(0.62 + 0.877 * 24.10)
    assert not any(f.check == "total_mismatch" for f in check.findings)
    assert [f.check for f in check.findings if f.severity == "low"] == ["near_state_limit"]


def test_a_washington_report_of_dotted_lines_with_limits_in_words() -> None:
    results = read(WASHINGTON_FLOWER)
    assert results["thca"] == (18.20, None, "%", None)
    assert results["cbd"] == (None, NOT_DETECTED, "%", None)
    assert results["total_aflatoxins"] == (24.1, None, "ug/kg", "fail")
    assert results["btgn"] == (9100.0, None, "cfu/g", "pass")
    assert results["salmonella"] == (None, ABSENT, "cfu/g", "pass")
    certificate = parse_certificate(extract_text(WASHINGTON_FLOWER, PDF))
    assert certificate.get("moisture") is not None
    assert certificate.get("moisture").lab_limit == 15  # type: ignore[union-attr]
    check = check_certificate(certificate, KNOWLEDGE)
    assert check.state == "WA" and check.failed == ("total_aflatoxins",)
    severities = {(f.check, f.analyte): f.severity for f in check.findings}
    assert severities[("over_state_limit", "total_aflatoxins")] == "critical"
    assert severities[("lab_failed", "total_aflatoxins")] == "critical"
    assert severities[("near_state_limit", "btgn")] == "low"
    # The same certificate under California's limits: none of Washington's applies.
    in_california = check_certificate(certificate, KNOWLEDGE, "CA")
    assert not any(f.fact and f.fact.startswith("wa-") for f in in_california.findings)


def test_a_colorado_hemp_report_with_two_result_columns_and_a_pathogen_present() -> None:
    results = read(COLORADO_HEMP)
    assert results["thca"] == (0.31, None, "%", None)  # the % column, not mg/g
    assert results["stec"] == (None, PRESENT, "cfu/g", "fail")
    assert results["butane"] == (None, NOT_DETECTED, "ug/g", "pass")
    check = check_certificate(parse_certificate(extract_text(COLORADO_HEMP, PDF)), KNOWLEDGE)
    assert check.state == "CO" and check.certificate.hemp
    assert set(check.failed) == {"stec", "total_thc"}
    stec = next(f for f in check.findings if f.check == "over_state_limit")
    assert stec.severity == "critical" and stec.fact == "co-potency-variance-and-stec"
    hemp = next(f for f in check.findings if f.check == "over_hemp_limit")
    assert hemp.severity == "high" and "0.32% total THC is over 0.3%" in hemp.message
    totals = {t.name: t.value for t in check.totals}
    assert totals["total_cbd"] == pytest.approx(0.60 + 0.877 * 12.40)


def test_a_utah_flower_over_the_aerobic_count_and_with_aspergillus_fails() -> None:
    results = read(UTAH_FLOWER)
    assert results["aerobic"] == (180000.0, None, "cfu/g", "fail")
    assert results["aspergillus"] == (None, PRESENT, "cfu/g", "fail")
    assert results["e_coli"][1] == NOT_DETECTED
    assert results["ochratoxin_a"][1] == NOT_DETECTED
    check = check_certificate(parse_certificate(extract_text(UTAH_FLOWER, PDF)), KNOWLEDGE)
    assert check.state == "UT" and check.certificate.inhalable is True
    assert set(check.failed) == {"aerobic", "aspergillus"}
    over = {f.analyte: f for f in check.findings if f.check == "over_state_limit"}
    assert set(over) == {"aerobic", "aspergillus"}
    assert all(f.severity == "critical" for f in over.values())
    assert over["aerobic"].fact == "ut-microbial-action-limits"
    assert "180000 cfu/g" in over["aerobic"].message and "100000 cfu/g" in over["aerobic"].message
    assert "R68-29-8" in over["aspergillus"].message
    # Yeast and mold has no limit for flower in Utah's table, so 4,500 CFU/g is not judged.
    assert not any(f.analyte == "yeast_mold" for f in check.findings)


def test_a_utah_orally_consumable_product_within_its_limits_passes() -> None:
    check = check_certificate(parse_certificate(extract_text(UTAH_GUMMY, PDF)), KNOWLEDGE)
    assert check.state == "UT" and check.certificate.inhalable is False
    assert check.failed == ()
    assert not any(f.check in ("over_state_limit", "no_state_limits") for f in check.findings)
    # Judged by the orally consumable row: 1,200 CFU/g aerobic is within its 10,000.
    assert check.certificate.get("aerobic").value == 1200  # type: ignore[union-attr]


def test_a_utah_edible_over_its_yeast_and_mold_limit_fails_where_a_flower_would_not() -> None:
    edible = parse_certificate("Product type: Gummy\nTotal Yeast and Mold 2,400 CFU/g\n")
    assert check_certificate(edible, KNOWLEDGE, "UT").failed == ("yeast_mold",)
    flower = parse_certificate("Matrix: Flower\nTotal Yeast and Mold 2,400 CFU/g\n")
    assert check_certificate(flower, KNOWLEDGE, "UT").failed == ()


def test_washington_holds_processed_products_to_a_tenth_of_flowers_btgn_count() -> None:
    text = "Bile-tolerant gram-negative bacteria 1,500 CFU/g\n"
    edible = check_certificate(parse_certificate("Product type: Edible\n" + text), KNOWLEDGE, "WA")
    assert edible.failed == ("btgn",)
    flower = check_certificate(parse_certificate("Matrix: Flower\n" + text), KNOWLEDGE, "WA")
    assert flower.failed == ()


def test_a_lab_total_that_its_own_figures_do_not_make_is_questioned() -> None:
    text = "Matrix: Flower\nTHCA 20.0 %\nDelta-9 THC 1.0 %\nTotal THC 25.0 %\n"
    check = check_certificate(parse_certificate(text), KNOWLEDGE, "OR")
    (mismatch,) = [f for f in check.findings if f.check == "total_mismatch"]
    assert mismatch.severity == "medium" and "18.54%" in mismatch.message
    # Oregon's sourced limits for flower (water activity, moisture) were applied.
    assert not any(f.check in ("no_state", "no_state_limits") for f in check.findings)


def test_without_a_state_only_the_labs_own_verdicts_are_checked() -> None:
    check = check_certificate(parse_certificate("Lead 0.9 ug/g Limit 0.5 FAIL"), KNOWLEDGE)
    assert [(f.severity, f.check) for f in check.findings] == [
        ("critical", "lab_failed"),
        ("info", "no_state"),
    ]


def test_every_state_limit_is_stated_by_the_pack_fact_it_names() -> None:
    facts = {fact.id: fact for pack in KNOWLEDGE.packs.values() for fact in pack.facts}
    for limit in load_limits():
        fact = facts[limit.fact]
        assert fact.jurisdiction == limit.state and fact.sources
        if limit.maximum is not None:
            shown = f"{limit.maximum:,.2f}".rstrip("0").rstrip(".")
            assert shown in fact.text or f"{limit.maximum:g}" in fact.text, (limit, fact.id)
        else:
            assert any(word in fact.text for word in ("absent", "below 1 CFU/g")), fact.id


def test_a_state_without_sourced_limits_is_said_with_whom_to_ask() -> None:
    text = "Matrix: Flower\nTotal Yeast and Mold 40,000 CFU/g\n"
    check = check_certificate(parse_certificate(text), KNOWLEDGE, "MI")
    (note,) = [f for f in check.findings if f.check == "no_state_limits"]
    assert note.severity == "info" and "Cannabis Regulatory Agency" in note.message
    assert check.failed == ()  # nothing judged against a limit the packs do not hold
