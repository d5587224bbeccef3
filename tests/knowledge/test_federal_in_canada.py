"""Issue 19: "federal" in a question about Canada or a province means Canada's federal
rules (the Cannabis Act), not the United States' federal law."""

from __future__ import annotations

from trichome.knowledge.jurisdictions import FEDERAL, detect_jurisdictions


def test_federal_beside_a_province_is_not_the_us() -> None:
    assert FEDERAL not in detect_jurisdictions(
        "whats the federal thc cap on a drink sold in alberta"
    )


def test_federal_beside_a_us_state_or_alone_is_the_us() -> None:
    assert FEDERAL in detect_jurisdictions("federally, can a florida hemp shop ship to georgia")
    assert detect_jurisdictions("what's the federal definition of hemp") == [FEDERAL]
