"""The unit of the figure a question asks for, told from the numbers it gives."""

import pytest

from trichome.agents.figures import MILLIGRAMS, PERCENT, figure_units, gives_units


@pytest.mark.parametrize(
    ("question", "units"),
    [
        ("annapolis budtender. what % tax do we charge on adult use sales?", {PERCENT}),
        ("what percentage is the excise tax in michigan", {PERCENT}),
        ("making gummies for oregon. max mg thc per gummy and per package?", {MILLIGRAMS}),
        ("our 10 mg gummies, whats the package cap in ohio?", set()),
        ("vermont - can we carry shatter that tests 75% thc?", set()),
        ("flower at 20 percent thca, total thc?", set()),
    ],
)
def test_a_unit_written_without_a_number_is_the_unit_asked_for(
    question: str, units: set[str]
) -> None:
    assert figure_units(question) == units


def test_a_fact_gives_a_figure_in_the_unit_asked_only_when_it_names_the_unit() -> None:
    assert gives_units("80 ten-milligram servings equal one ounce", frozenset({MILLIGRAMS}))
    assert gives_units("the excise tax is 10 percent of the sale", frozenset({PERCENT}))
    assert not gives_units(
        "Containers must be child-resistant and resealable (OAR 845-025-7000).",
        frozenset({MILLIGRAMS}),
    )
