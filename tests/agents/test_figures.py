"""The unit of the figure a question asks for, told from the numbers it gives."""

import pytest

from trichome.agents.figures import (
    MILLIGRAMS,
    PERCENT,
    asks_per_serving,
    figure_units,
    gives_per_serving,
    gives_units,
)


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


def test_a_serving_figure_asked_is_not_given_by_a_package_cap_alone() -> None:
    assert asks_per_serving("jersey edible serving cap?")
    assert asks_per_serving("max thc per gummy in ohio")
    assert not asks_per_serving("max thc per package for edibles in ohio?")
    package_only = (
        "Each package of finished product holds no more than 100 mg of active THC; single "
        "servings are capped separately in the same rule."
    )
    assert not gives_per_serving(package_only)
    assert gives_per_serving("Edibles may hold at most 10 mg of THC per serving.")
    assert gives_per_serving("each serving may contain no more than 5 mg THC")
