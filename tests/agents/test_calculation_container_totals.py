"""A container's total shared into its pieces, in the cannabinoid the user names (issue 20):
"750 mg CBD in a bottle of 30 capsules, per cap?" is 25 mg CBD per capsule, labelled CBD in
the result, the inputs and the working, with no serving made up; an amount tied to the
container ("in the jar", "per tin", "total") is the package's, not one piece's."""

from __future__ import annotations

import pytest

from trichome.agents.calculation_requests import recognise


def _worked(question: str):  # type: ignore[no-untyped-def]
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    return found.calculation


# A named cannabinoid other than THC is carried into every part of the answer.
@pytest.mark.parametrize(
    ("question", "expected", "name"),
    [
        ("bottle of 30 cbd capsules, 750 mg cbd total. how much cbd per cap?", 25, "CBD"),
        ("jar of 60 CBN gummies, 600 mg CBN total, what's in each gummy", 10, "CBN"),
        ("a tin of 40 cbg mints with 200mg cbg in total, mg per mint?", 5, "CBG"),
        ("box of 12 cbd chocolates, 300 mg total, how much in each chocolate", 25, "CBD"),
        ("30 cbn softgels, 450 mg cbn per bottle. mg per softgel?", 15, "CBN"),
        ("40 gummies, the whole jar has 400 mg cbd, mg each?", 10, "CBD"),
    ],
)
def test_the_named_cannabinoid_labels_the_whole_answer(
    question: str, expected: float, name: str
) -> None:
    worked = _worked(question)
    assert worked.value == pytest.approx(expected)
    assert worked.unit == f"mg {name} per piece"
    assert name in worked.summary and "THC" not in worked.summary
    shown = " ".join((*worked.inputs, *worked.steps))
    assert name in shown and "THC" not in shown
    assert "serving" not in " ".join((worked.summary, *worked.inputs, *worked.steps))


# An amount tied to the container is the package's total; "mg each?" asks for one piece.
@pytest.mark.parametrize(
    ("question", "expected", "name", "holder"),
    [
        ("60 cbd gummies with 1200 mg cbd in the jar, mg each?", 20, "CBD", "jar"),
        ("20 gummies, 100 mg thc in the bag, how much is each", 5, "THC", "bag"),
        ("24 chocolates with 480 mg cbd in the box. mg each?", 20, "CBD", "box"),
        ("50 capsules, 1000 mg cbg in the bottle, how many mg each", 20, "CBG", "bottle"),
        ("pack of 10 mints, 50 mg thc per pack, mg each?", 5, "THC", "pack"),
        ("30 softgels and 900 mg CBN in the whole bottle, how much each", 30, "CBN", "bottle"),
    ],
)
def test_a_container_total_is_shared_not_multiplied(
    question: str, expected: float, name: str, holder: str
) -> None:
    worked = _worked(question)
    assert worked.value == pytest.approx(expected)
    assert worked.unit.startswith("mg") and name in worked.unit
    # the container is named with the user's own word for it
    assert any(f"{name} in the {holder}:" in line for line in worked.inputs), worked.inputs


# The other direction stays as it was: a dose stated for each piece is multiplied out.
@pytest.mark.parametrize(
    ("question", "expected", "name"),
    [
        ("40 cbd gummies at 25 mg cbd each, total mg in the jar?", 1000, "CBD"),
        ("12 chocolates with 10 mg thc each, how much thc altogether", 120, "THC"),
    ],
)
def test_a_dose_per_piece_still_multiplies(question: str, expected: float, name: str) -> None:
    worked = _worked(question)
    assert worked.value == pytest.approx(expected)
    assert name in worked.unit
