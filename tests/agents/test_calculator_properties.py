"""Invariants of the calculators and the quantity reader, over generated inputs."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from trichome.agents import formulation_calculators as formulation
from trichome.agents import mixing_calculators as mixing
from trichome.agents import potency_calculators as potency
from trichome.agents import units
from trichome.agents.calculation_requests import recognise
from trichome.agents.normalising import normalise
from trichome.agents.quantities import read

SAME_KIND = {
    "mass": ["mg", "g", "kg", "oz", "trade_oz", "lb", "eighth"],
    "volume": ["ml", "l", "floz", "tsp", "tbsp", "cup", "gal"],
    "area": ["sqft", "m2"],
}
amounts = st.floats(min_value=1e-3, max_value=1e6, allow_nan=False, allow_infinity=False)
percents = st.floats(min_value=0.01, max_value=100, allow_nan=False)


@given(
    st.sampled_from(sorted(SAME_KIND)).flatmap(
        lambda kind: st.tuples(st.sampled_from(SAME_KIND[kind]), st.sampled_from(SAME_KIND[kind]))
    ),
    amounts,
)
def test_conversions_round_trip(pair: tuple[str, str], amount: float) -> None:
    source, target = pair
    there = units.convert(amount, source, target)
    assert math.isclose(units.convert(there, target, source), amount, rel_tol=1e-9)


@given(st.floats(0, 50), st.floats(0, 50))
def test_total_thc_is_at_least_each_of_its_terms(neutral: float, acid: float) -> None:
    result = potency.total_cannabinoid(neutral, acid)
    assert result.value >= neutral and result.value >= acid * potency.THCA_TO_THC
    assert result.value <= neutral + acid  # decarboxylation only loses mass


@given(amounts, st.floats(1, 100), st.floats(0.5, 99))
def test_dilution_conserves_the_active_mass(mass: float, current: float, share: float) -> None:
    target = current * share / 100
    result = mixing.dilution(mass, "g", current, target)
    final = mass + result.value
    assert math.isclose(final * target, mass * current, rel_tol=1e-9)


@given(st.floats(1, 1000), st.floats(0.01, 0.99), st.floats(1, 10_000))
def test_c1v1_keeps_the_amount_of_cannabinoid(stock: float, ratio: float, final: float) -> None:
    result = mixing.dilution_c1v1(stock, stock * ratio, final, "ml")
    assert math.isclose(result.value * stock, stock * ratio * final, rel_tol=1e-9)
    assert math.isclose(result.value + result.details["diluent"], final, rel_tol=1e-9)


@given(percents, percents, amounts, amounts)
def test_a_blend_lands_between_its_parts(p1: float, p2: float, m1: float, m2: float) -> None:
    result = mixing.blend(p1, p2, m1, m2)
    assert min(p1, p2) - 1e-9 <= result.value <= max(p1, p2) + 1e-9


@given(st.integers(1, 100_000), st.floats(0.1, 1000), percents, st.floats(0, 50))
def test_infusion_and_dose_per_piece_are_inverses(
    pieces: int, dose: float, potency: float, loss: float
) -> None:
    grams = formulation.infusion(pieces, dose, potency, loss).value
    back = formulation.dose_per_unit(potency, grams, "g", pieces, loss).value
    assert math.isclose(back, dose, rel_tol=1e-9)


@given(amounts, st.floats(1, 100))
def test_decarboxylation_never_makes_more_thc_than_thca(mass: float, efficiency: float) -> None:
    result = potency.decarboxylation(mass, "mg", efficiency)
    assert result.value <= mass * potency.THCA_TO_THC * (1 + 1e-12)
    assert math.isclose(result.details["mass_loss_mg"], mass * (1 - potency.THCA_TO_THC))


@given(st.integers(1, 9_999_999))
def test_numbers_with_separators_read_back(number: int) -> None:
    (quantity,) = read(normalise(f"{number:,} mg"))
    assert quantity.value == number and quantity.unit == "mg"


@given(st.integers(2, 5000), st.integers(1, 500), st.integers(1, 100))
def test_a_phrased_infusion_gives_the_worked_number(pieces: int, dose: int, potency: int) -> None:
    found = recognise(f"how much {potency}% distillate for {pieces:,} gummies at {dose} mg each?")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, pieces * dose / potency / 10, rel_tol=1e-9)


@given(st.integers(2, 5000), st.integers(1, 500))
def test_without_a_potency_there_is_a_question_not_a_number(pieces: int, dose: int) -> None:
    found = recognise(f"how much distillate for {pieces} gummies at {dose} mg each?")
    assert found is not None and found.calculation is None and found.asks
