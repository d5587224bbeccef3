"""SOP templates: valid, matched to requests, filled for the user's state with cited rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trichome.knowledge.packs import PackError, load_packs
from trichome.knowledge.retrieval import KnowledgeBase
from trichome.knowledge.sops import SopLibrary, load_sop, load_sops


@pytest.fixture(scope="module")
def library() -> SopLibrary:
    return SopLibrary(load_sops(), KnowledgeBase(load_packs()))


def test_the_shipped_templates_cover_the_core_procedures(library: SopLibrary) -> None:
    assert {"transport", "waste-disposal", "recall", "sanitation", "inventory-reconciliation",
            "visitor-log"} <= set(library.templates)  # fmt: skip
    for template in library.templates.values():
        assert len(template.sections) >= 3 and template.sources
        assert all(source.url.startswith(("https://", "http://")) for source in template.sources)


@pytest.mark.parametrize(
    ("question", "sop"),
    [
        ("Write me a transport SOP for Michigan", "transport"),
        ("can you draft a waste disposal procedure", "waste-disposal"),
        ("We need a recall SOP, including how to run a mock recall", "recall"),
        ("I need a visitor log procedure for our grow", "visitor-log"),
        ("checklist for cleaning and sanitising the kitchen", "sanitation"),
        ("SOP for reconciling inventory against Metrc every week", "inventory-reconciliation"),
    ],
)
def test_requests_find_their_template(library: SopLibrary, question: str, sop: str) -> None:
    found = library.match(question)
    assert found is not None and found.id == sop


@pytest.mark.parametrize(
    "question",
    [
        "What is the edible limit in Michigan?",
        "write an SOP",
        "procedures for the weather",
        # A procedure named but not asked for: a critique, what one says or means, which.
        "critique my intake sop: 1. driver drops boxes 2. we count it later",
        "writing our recall sop, what does class I vs class II mean",
        "their sop says decarb at 240F for 40 min, why is our potency low?",
        "new ops manager, what sops are must-haves before the inspection",
    ],
)
def test_other_questions_find_none(library: SopLibrary, question: str) -> None:
    assert library.match(question) is None


def test_a_filled_sop_names_the_state_its_system_and_cites_its_rules(library: SopLibrary) -> None:
    filled = library.fill(library.templates["transport"], "MI")
    assert filled.text.startswith(
        "# SOP: Transporting cannabis between licensed premises (Michigan)"
    )
    assert "Metrc" in filled.text and not re.search(r"\{\w+\}", filled.text)
    assert "## Michigan requirements" in filled.text
    assert filled.facts and all(fact.jurisdiction == "MI" for fact in filled.facts)
    for number, fact in enumerate(filled.facts, start=1):
        assert f"[{number}] {fact.sources[0].title}" in filled.text
        assert fact.sources[0].url in filled.text


def test_without_a_state_the_sop_asks_for_one(library: SopLibrary) -> None:
    filled = library.fill(library.templates["recall"], None)
    assert "Name your state" in filled.text and not filled.facts
    assert not re.search(r"\{\w+\}", filled.text)


def test_templates_with_unknown_placeholders_are_refused(tmp_path: Path) -> None:
    source = Path(load_sops()[0].id)
    text = (
        Path(__file__).parents[2] / "src/trichome/knowledge/sops" / f"{source}.toml"
    ).read_text()
    broken = tmp_path / f"{source}.toml"
    broken.write_text(text.replace("{system}", "{licence_number}", 1))
    with pytest.raises(PackError, match="placeholders"):
        load_sop(broken)
