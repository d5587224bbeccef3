"""Recognition and correctness of the calculators on held-out phrasings, through the service.

Each held-out conversation goes through `AgentService.prepare` exactly as a chat request
does (routing, the conversation's earlier turns, the state's caps), and the calculation it
prepares is scored: *correct* (the expected number, within 0.1%), *asked for input* (a
question although every input was there) or *wrong* (another number, a refusal, or no
calculation recognised). Every missing-input case must get a question and no number.
Targets: 95% correct, and every missing input asked for.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence

from bench.calculators.held_out import ANSWERABLE, FOLLOW_UPS, MISSING, HeldOut
from trichome.agents.calculation_requests import RecognisedCalculation
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

TARGET_CORRECT = 0.95
TOLERANCE = 1e-3


def prepared(service: AgentService, case: HeldOut) -> RecognisedCalculation | None:
    """What the service recognises in the conversation's last turn."""
    messages: list[ChatTurn] = []
    for index, text in enumerate(case.turns):
        messages.append(ChatTurn("user", text))
        if index < len(case.turns) - 1:
            messages.append(ChatTurn("assistant", "(earlier answer)"))
    return service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages))).request.calculation


def verdict(case: HeldOut, found: RecognisedCalculation | None) -> str:
    """correct, asked, wrong (answerable cases) or asked, answered, missed (missing inputs)."""
    if case.expected is None:
        if found is not None and found.calculation is None and found.asks:
            return "asked"
        return "answered" if found is not None and found.calculation is not None else "missed"
    if found is None or found.calculation is None:
        return "asked" if found is not None and found.asks else "wrong"
    calculation = found.calculation
    value = calculation.details.get(case.detail, math.nan) if case.detail else calculation.value
    return "correct" if math.isclose(value, case.expected, rel_tol=TOLERANCE) else "wrong"


def _describe(found: RecognisedCalculation | None) -> str:
    if found is None:
        return "no calculation recognised"
    if found.calculation is None:
        return f"{'asked' if found.asks else 'refused'}: {found.refusal}"
    return f"{found.calculation.name} = {found.calculation.value:.6g} {found.calculation.unit}"


def main(argv: Sequence[str] | None = None) -> int:
    """Score every held-out case, print the table; exit 0 unless the benchmark could not run."""
    parser = argparse.ArgumentParser(prog="python -m bench calculators", description=__doc__)
    parser.add_argument("--errors", action="store_true", help="list every case not right")
    args = parser.parse_args(argv)
    service = build_agent_service(Settings())
    rows: list[tuple[str, HeldOut, str, RecognisedCalculation | None]] = []
    started = time.perf_counter()
    for group, cases in (("single", ANSWERABLE), ("follow-up", FOLLOW_UPS), ("missing", MISSING)):
        for case in cases:
            found = prepared(service, case)
            rows.append((group, case, verdict(case, found), found))
    per_case_ms = (time.perf_counter() - started) / len(rows) * 1000
    answerable = [r for r in rows if r[0] != "missing"]
    missing = [r for r in rows if r[0] == "missing"]
    recognised = sum(1 for r in answerable if r[3] is not None)
    counts = {
        name: sum(1 for r in answerable if r[2] == name) for name in ("correct", "asked", "wrong")
    }
    asked = sum(1 for r in missing if r[2] == "asked")
    print(f"\nCalculators benchmark: {len(answerable)} held-out questions with every input "
          f"({len(FOLLOW_UPS)} of them follow-ups), {len(missing)} with an input missing; "
          f"{per_case_ms:.1f} ms per conversation through AgentService.prepare\n")  # fmt: skip
    print(f"{'group':<11}{'cases':>7}{'correct':>9}{'asked':>7}{'wrong':>7}")
    for group in ("single", "follow-up"):
        mine = [r for r in answerable if r[0] == group]
        print(f"{group:<11}{len(mine):>7}" + "".join(
            f"{sum(1 for r in mine if r[2] == name):>{w}}" for name, w in
            (("correct", 9), ("asked", 7), ("wrong", 7))))  # fmt: skip
    share = counts["correct"] / len(answerable)
    print(f"\nrecognised {recognised}/{len(answerable)} ({recognised / len(answerable):.1%}); "
          f"correct {counts['correct']} ({share:.1%}), asked for input {counts['asked']}, "
          f"wrong {counts['wrong']}")  # fmt: skip
    answered = sum(1 for r in missing if r[2] == "answered")
    print(f"missing input: asked {asked}/{len(missing)}, answered with a number {answered}, "
          f"not recognised {len(missing) - asked - answered}")  # fmt: skip
    if args.errors:
        print("\nnot right:")
        for group, case, result, found in rows:
            if result not in ("correct", "asked") or (group != "missing" and result == "asked"):
                print(f"  [{group}] {' / '.join(case.turns)!r}\n     expected "
                      f"{case.expected!r}, got {_describe(found)}")  # fmt: skip
    passed = share >= TARGET_CORRECT and asked == len(missing)
    print(f"\n{'PASS' if passed else 'FAIL'}  held-out correct {share:.1%} / target "
          f"{TARGET_CORRECT:.0%} = {share / TARGET_CORRECT:.3f}x; missing inputs asked "
          f"{asked}/{len(missing)} / target all")  # fmt: skip
    return 0
