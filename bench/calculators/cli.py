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
from types import ModuleType

from bench.calculators import (
    held_out,
    held_out_eighteenth,
    held_out_eighth,
    held_out_eleventh,
    held_out_field,
    held_out_fifteenth,
    held_out_fifth,
    held_out_fourteenth,
    held_out_fourth,
    held_out_fresh,
    held_out_mixing,
    held_out_nineteenth,
    held_out_ninth,
    held_out_second,
    held_out_seventeenth,
    held_out_seventh,
    held_out_sixteenth,
    held_out_sixth,
    held_out_street,
    held_out_tenth,
    held_out_third,
    held_out_thirteenth,
    held_out_twelfth,
    held_out_twentieth,
    held_out_twentyfirst,
    held_out_twentyfourth,
    held_out_twentysecond,
    held_out_twentythird,
)
from bench.calculators.held_out import HeldOut
from trichome.agents.calculation_requests import RecognisedCalculation
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

TARGET_CORRECT = 0.95
TOLERANCE = 1e-3

Row = tuple[str, HeldOut, str, RecognisedCalculation | None]


def prepared(service: AgentService, case: HeldOut) -> RecognisedCalculation | None:
    """What the service recognises in the conversation's last turn."""
    messages: list[ChatTurn] = []
    for index, text in enumerate(case.turns):
        messages.append(ChatTurn("user", text))
        if index < len(case.turns) - 1:
            messages.append(ChatTurn("assistant", "(earlier answer)"))
    return service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages))).request.calculation


def verdict(case: HeldOut, found: RecognisedCalculation | None) -> str:
    """correct, asked, wrong (answerable cases) or asked, explained, answered, missed (missing
    or impossible inputs: a question, or for an impossible input an explanation, and no
    number, as issue 20 asks)."""
    if case.expected is None:
        if found is not None and found.calculation is None and found.asks:
            return "asked"
        if found is not None and found.calculation is None and found.refusal:
            return "explained"
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


SETS: dict[str, ModuleType] = {
    "held_out": held_out,
    "eighteenth": held_out_eighteenth,
    "eighth": held_out_eighth,
    "eleventh": held_out_eleventh,
    "field": held_out_field,
    "fifteenth": held_out_fifteenth,
    "fifth": held_out_fifth,
    "fourteenth": held_out_fourteenth,
    "fourth": held_out_fourth,
    "fresh": held_out_fresh,
    "mixing": held_out_mixing,
    "nineteenth": held_out_nineteenth,
    "ninth": held_out_ninth,
    "second": held_out_second,
    "seventeenth": held_out_seventeenth,
    "seventh": held_out_seventh,
    "sixteenth": held_out_sixteenth,
    "sixth": held_out_sixth,
    "street": held_out_street,
    "tenth": held_out_tenth,
    "third": held_out_third,
    "thirteenth": held_out_thirteenth,
    "twelfth": held_out_twelfth,
    "twentieth": held_out_twentieth,
    "twentyfirst": held_out_twentyfirst,
    "twentyfourth": held_out_twentyfourth,
    "twentysecond": held_out_twentysecond,
    "twentythird": held_out_twentythird,
}


def _score(service: AgentService, module: ModuleType) -> list[Row]:
    rows: list[Row] = []
    for group, cases in (
        ("single", module.ANSWERABLE),
        ("follow-up", module.FOLLOW_UPS),
        ("missing", module.MISSING),
    ):
        for case in cases:
            found = prepared(service, case)
            rows.append((group, case, verdict(case, found), found))
    return rows


def _report(name: str, rows: list[Row], errors: bool) -> tuple[float, int, int]:
    """Print one set's table; its share correct, missing inputs asked and missing cases."""
    answerable = [r for r in rows if r[0] != "missing"]
    missing = [r for r in rows if r[0] == "missing"]
    follow_ups = sum(1 for r in answerable if r[0] == "follow-up")
    recognised = sum(1 for r in answerable if r[3] is not None)
    counts = {
        name: sum(1 for r in answerable if r[2] == name) for name in ("correct", "asked", "wrong")
    }
    asked = sum(1 for r in missing if r[2] in ("asked", "explained"))
    explained = sum(1 for r in missing if r[2] == "explained")
    unused = sum(1 for r in answerable if r[3] is not None and r[3].unused)
    print(f"\n[{name}] {len(answerable)} questions with every input ({follow_ups} of them "
          f"follow-ups), {len(missing)} with an input missing\n")  # fmt: skip
    print(f"{'group':<11}{'cases':>7}{'correct':>9}{'asked':>7}{'wrong':>7}")
    for group in ("single", "follow-up"):
        mine = [r for r in answerable if r[0] == group]
        print(f"{group:<11}{len(mine):>7}" + "".join(
            f"{sum(1 for r in mine if r[2] == name):>{w}}" for name, w in
            (("correct", 9), ("asked", 7), ("wrong", 7))))  # fmt: skip
    share = counts["correct"] / len(answerable)
    print(f"\nrecognised {recognised}/{len(answerable)} ({recognised / len(answerable):.1%}); "
          f"correct {counts['correct']} ({share:.1%}), asked for input {counts['asked']}, "
          f"wrong {counts['wrong']}; answers naming an input they did not use {unused}"
          )  # fmt: skip
    answered = sum(1 for r in missing if r[2] == "answered")
    print(f"missing input: asked {asked}/{len(missing)} ({explained} of them an impossible "
          f"input explained, no number), answered with a number {answered}, "
          f"not recognised {len(missing) - asked - answered}")  # fmt: skip
    if errors:
        print("\nnot right:")
        for group, case, result, found in rows:
            if result not in ("correct", "asked", "explained") or (
                group != "missing" and result == "asked"
            ):
                print(f"  [{group}] {' / '.join(case.turns)!r}\n     expected "
                      f"{case.expected!r}, got {_describe(found)}")  # fmt: skip
    return share, asked, len(missing)


def main(argv: Sequence[str] | None = None) -> int:
    """Score every held-out case, print the tables; exit 0 unless the benchmark could not run."""
    parser = argparse.ArgumentParser(prog="python -m bench calculators", description=__doc__)
    parser.add_argument("--errors", action="store_true", help="list every case not right")
    parser.add_argument("--set", choices=sorted(SETS), action="append", help="only this set")
    args = parser.parse_args(argv)
    service = build_agent_service(Settings())
    started = time.perf_counter()
    scored = {name: _score(service, SETS[name]) for name in (args.set or list(SETS))}
    cases = sum(len(rows) for rows in scored.values())
    per_case_ms = (time.perf_counter() - started) / cases * 1000
    print(f"\nCalculators benchmark: {cases} held-out conversations, {per_case_ms:.1f} ms per "
          "conversation through AgentService.prepare")  # fmt: skip
    passed = True
    for name, rows in scored.items():
        share, asked, missing = _report(name, rows, args.errors)
        print(f"\n{'PASS' if share >= TARGET_CORRECT and asked == missing else 'FAIL'}  [{name}] "
              f"correct {share:.1%} / target {TARGET_CORRECT:.0%} = "
              f"{share / TARGET_CORRECT:.3f}x; missing inputs asked {asked}/{missing} / "
              "target all")  # fmt: skip
        passed = passed and share >= TARGET_CORRECT and asked == missing
    print(f"\n{'PASS' if passed else 'FAIL'}  every set")
    return 0
