"""The seeded year's anomalies are named scenarios, listed in one place, each played by its actor."""

from __future__ import annotations

import importlib
from datetime import date

from trichome.sandbox.seed import scenarios
from trichome.sandbox.seed.scenarios import SCENARIOS, NearYearEnd, Scenario


def test_every_scenario_is_listed_once_and_played_in_its_actors_module() -> None:
    defined = {
        name: value for name, value in vars(scenarios).items() if isinstance(value, Scenario)
    }
    assert sorted(defined.values(), key=lambda s: s.name) == sorted(SCENARIOS, key=lambda s: s.name)
    assert len({scenario.name for scenario in SCENARIOS}) == len(SCENARIOS)
    for constant, scenario in defined.items():
        actor = importlib.import_module(f"trichome.sandbox.seed.{scenario.actor}")
        assert getattr(actor, constant, None) is scenario, (constant, scenario.actor)


def test_a_once_only_scenario_near_the_year_end_happens_on_its_first_day_in_the_window() -> None:
    window = NearYearEnd("example", "lab", "An example.", earliest=6, latest=2, once=True)
    last_day, played = date(2026, 11, 20), set[str]()
    days = [date(2026, 11, day) for day in range(10, 21)]
    assert [day.day for day in days if window.happens(day, last_day, played)] == [14]
    assert played == {"example"}
