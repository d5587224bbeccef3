"""The answer to a calculation: the worked sum, and the sourced rule it applies."""

from __future__ import annotations

from trichome.agents.calculation_requests import describe
from trichome.agents.engine import AnswerRequest
from trichome.agents.engines.composed import ComposedAnswer, label
from trichome.agents.potency_brackets import bracket_sentence, worked_potency
from trichome.knowledge.packs import Fact


def calculation_answer(request: AnswerRequest) -> ComposedAnswer:
    """A worked calculation, with the sourced facts it was checked against and the rule of
    the question's place it decides (the tax bracket a worked total THC falls in)."""
    assert request.calculation is not None
    # the worked result's headline, then its working (a rule applied goes between them)
    parts = describe(request.calculation).split("\n\n", 1)
    calculation = request.calculation.calculation
    sources: tuple[Fact, ...] = ()
    if request.calculation_facts:
        distinct = {(f.sources[0].url, f.sources[0].section): f for f in request.calculation_facts}
        sources = tuple(distinct.values())
    elif calculation is not None and "servings_check" in calculation.name:
        parts.append(
            "Name your state to check the package against its per-serving and per-package caps."
        )
    applied = _rule_applied(request)
    if applied is not None:
        fact, sentence = applied
        if fact not in sources:
            sources = (*sources, fact)
        # the rule beside the number: "34.33% total THC" alone leaves the bracket to the user
        parts.insert(1, f"{label(fact)}{sentence} [{sources.index(fact) + 1}]")
    return ComposedAnswer("\n\n".join(parts), sources)


def _rule_applied(request: AnswerRequest) -> tuple[Fact, str] | None:
    """The fact of the question's place, on the topic it asks, whose rule the worked number
    decides, and the sentence applying it; None when no such fact was found."""
    assert request.calculation is not None
    potency = worked_potency(request.calculation.calculation)
    if potency is None or not request.jurisdictions:
        return None
    for passage in request.passages:
        fact = passage.fact
        if fact.jurisdiction not in request.jurisdictions:
            continue
        if request.asked_topics and fact.topic not in request.asked_topics:
            continue
        sentence = bracket_sentence(fact, potency)
        if sentence is not None:
            return fact, sentence
    return None
