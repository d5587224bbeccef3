"""The answer to a calculation: the worked sum, and the sourced rule it applies."""

from __future__ import annotations

from trichome.agents.calculation_requests import describe
from trichome.agents.engine import AnswerRequest
from trichome.agents.engines.composed import ComposedAnswer
from trichome.knowledge.packs import Fact


def calculation_answer(request: AnswerRequest) -> ComposedAnswer:
    """A worked calculation, with the sourced facts it was checked against."""
    assert request.calculation is not None
    parts = [describe(request.calculation)]
    calculation = request.calculation.calculation
    sources: tuple[Fact, ...] = ()
    if request.calculation_facts:
        distinct = {(f.sources[0].url, f.sources[0].section): f for f in request.calculation_facts}
        sources = tuple(distinct.values())
    elif calculation is not None and "servings_check" in calculation.name:
        parts.append(
            "Name your state to check the package against its per-serving and per-package caps."
        )
    return ComposedAnswer("\n\n".join(parts), sources)
