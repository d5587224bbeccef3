"""The shared helpers of the tools: last-modified days, text filters, totals, look-ups."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from trichome.metrc import MetrcAuthError, MetrcNotFound
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.results import (
    compact,
    contains,
    find_each,
    modified_between,
    same,
    totals_by_unit,
)

pytestmark = pytest.mark.anyio
TODAY = date(2026, 11, 21)


def test_whole_days_become_an_aware_window_ending_at_the_next_midnight() -> None:
    assert modified_between(None, None, TODAY) == (None, None)
    start, end = modified_between(date(2026, 11, 1), date(2026, 11, 3), TODAY)
    assert start == datetime(2026, 11, 1, tzinfo=UTC)
    assert end == datetime(2026, 11, 4, tzinfo=UTC)
    _, until_today = modified_between(date(2026, 11, 20), None, TODAY)
    assert until_today == datetime(2026, 11, 22, tzinfo=UTC)
    assert modified_between(date(2026, 10, 22), TODAY, TODAY)[0] is not None  # 31 days
    with pytest.raises(ToolProblem, match="more than 31 days"):
        modified_between(date(2026, 10, 21), TODAY, TODAY)


def test_text_filters_ignore_case_and_spaces() -> None:
    assert contains("Buds - Blue Dream", " blue dream ") and contains(None, None)
    assert not contains(None, "dream")
    assert same("Vault", "vault ") and same("anything", None) and not same("Vault", "Vaults")


def test_totals_and_compact_records() -> None:
    rows = [
        {"Quantity": 1.5, "UnitOfMeasureName": "Grams"},
        {"Quantity": 2.25, "UnitOfMeasureName": "Grams"},
        {"Quantity": None, "UnitOfMeasureName": "Each"},
    ]
    assert totals_by_unit(rows) == {"Grams": 3.75, "Each": 0.0}
    assert compact({"A": 1, "B": None, "C": False}, ("C", "B", "A", "D")) == {"C": False, "A": 1}


async def test_look_ups_name_every_missing_key_and_pass_other_failures_on() -> None:
    async def find(key: str) -> str:
        if key.startswith("lost"):
            raise MetrcNotFound(f"no {key}")
        if key == "locked":
            raise MetrcAuthError("no access")
        return key.upper()

    def missing(keys: list[str]) -> ToolProblem:
        return ToolProblem(f"missing {keys}")

    assert await find_each([" a", "b", "a"], find, missing) == {"a": "A", "b": "B"}
    with pytest.raises(ToolProblem, match=r"missing \['lost-1', 'lost-2'\]"):
        await find_each(["a", "lost-1", "lost-2"], find, missing)
    with pytest.raises(MetrcAuthError):
        await find_each(["a", "locked"], find, missing)
