"""Every jurisdiction in the directory asked about every compliance topic, as users ask.

For each jurisdiction (every US state, DC, the territories, federal, Canada and its
provinces) and each topic the jurisdictions issue names (regulator, tracking, possession,
purchase limits, edible and concentrate caps, packaging, lab tests, advertising, delivery,
home grow, local opt-out, licence types, taxes, minimum age), one templated question goes
through the offline pipeline. Each answer is sorted by what it cites:

- answered: every fact it cites is the named jurisdiction's (or its national law's);
- answered from federal or general knowledge only (a US federal rule, a glossary entry);
- answered from ANOTHER jurisdiction's facts: the wrong answer with a citation;
- abstained naming the jurisdiction's regulator (from the directory), as issue 21 asks of
  every abstention, or abstained without naming it.

Each question is asked again with the place as people type it, its code heading the
message ("pr - can i grow cannabis at home here?"): a place the engine does not read there
must not get another place's rule as the answer (it once gave Puerto Rico Colorado's).

Targets: no answer from another jurisdiction's facts, in either form; every abstention
names the regulator. This measures the plumbing (retrieval kept to the place, refusals that point
somewhere), not whether a fact is right: the answers benchmark does that.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from bench.answers.running import offline_service
from trichome.agents.engines.grounded import compose
from trichome.agents.service import ChatRequest
from trichome.knowledge.directory import Jurisdiction, load_directory
from trichome.knowledge.jurisdictions import FEDERAL, with_national_law
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

# Written as users write them; {place} is the jurisdiction's name.
TOPICS = {
    "regulator": "who regulates cannabis businesses in {place}?",
    "tracking": "which seed-to-sale tracking system do licensees in {place} report to?",
    "possession": "how much cannabis can an adult legally carry in {place}?",
    "purchase limit": "whats the most a customer can buy in one visit in {place}",
    "edible cap": "max thc per package for edibles in {place}?",
    "concentrate cap": "is there a thc potency cap on concentrates in {place}?",
    "packaging": "what are the packaging requirements for cannabis products in {place}?",
    "lab tests": "which lab tests does {place} require before a product can be sold?",
    "advertising": "what are the cannabis advertising rules in {place}?",
    "delivery": "is cannabis delivery to customers allowed in {place}?",
    "home grow": "can i grow cannabis at home in {place}? how many plants?",
    "local opt-out": "can a town in {place} ban cannabis stores?",
    "licence types": "what kinds of cannabis business licences does {place} issue?",
    "taxes": "what taxes are charged on cannabis sales in {place}?",
    "minimum age": "how old do you have to be to buy cannabis in {place}?",
}
ANSWERED, FEDERAL_ONLY, FOREIGN, NAMED_REGULATOR, NO_REGULATOR = (
    "answered",
    "federal or general only",
    "ANOTHER jurisdiction's facts",
    "abstained naming the regulator",
    "abstained WITHOUT the regulator",
)
OUTCOMES = (ANSWERED, FEDERAL_ONLY, FOREIGN, NAMED_REGULATOR, NO_REGULATOR)


def outcome(entry: Jurisdiction, cited: Sequence[str | None], text: str) -> str:
    """Where an answer about `entry` came from, by the jurisdictions of what it cites."""
    own = with_national_law([entry.code])
    if any(code is not None and code not in own and code != FEDERAL for code in cited):
        return FOREIGN
    if any(code in own for code in cited):
        # The directory's own status or regulator facts cite the place too: they are
        # answers to "who regulates" and "is it legal", and the refusal's pointer otherwise.
        if not _is_refusal(text):
            return ANSWERED
    elif cited:
        return FEDERAL_ONLY
    names = [regulator.name for regulator in entry.regulators]
    return NAMED_REGULATOR if any(name in text for name in names) else NO_REGULATOR


def _is_refusal(text: str) -> bool:
    return "won't guess" in text or "hold no sourced" in text


ASKED_WHERE = "asked which place"
# The answer to a question whose place was not read: one state's rules for each, or the
# question back. Neither presents another place's rule as the answer.
_NO_PLACE_READ = ("and you did not name one", "does not name one")


def short_form(code: str, template: str) -> str | None:
    """The question as people type it with the place as its code heading the message
    ("pr - who regulates cannabis businesses here?"); None for a place with no short code."""
    if code == FEDERAL or len(code.removeprefix("CA-")) != 2:
        return None
    asked = template.replace(" in {place}", " here").replace("{place}", "the state")
    return f"{code.removeprefix('CA-').lower()} - {asked}"


def short_outcome(entry: Jurisdiction, cited: Sequence[str | None], text: str) -> str:
    """As `outcome`, except that an answer saying it read no place is no foreign answer."""
    if any(phrase in text for phrase in _NO_PLACE_READ):
        return ASKED_WHERE
    return outcome(entry, cited, text)


def main(argv: Sequence[str] | None = None) -> int:
    """Ask every jurisdiction every topic; print the outcome counts and the failures."""
    parser = argparse.ArgumentParser(prog="python -m bench coverage", description=__doc__)
    parser.add_argument("--failures", type=int, default=25, help="failures to list")
    args = parser.parse_args(argv)
    service = offline_service()
    directory = load_directory()
    counts: Counter[str] = Counter()
    by_topic: dict[str, Counter[str]] = {topic: Counter() for topic in TOPICS}
    failures: list[str] = []
    short_forms: Counter[str] = Counter()
    for entry in directory.all():
        for topic, template in TOPICS.items():
            place = "the US under federal law" if entry.code == FEDERAL else entry.name
            question = template.format(place=place)
            prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
            composed = compose(prepared.request)
            cited = [fact.jurisdiction for fact in composed.sources]
            result = outcome(entry, cited, composed.text)
            counts[result] += 1
            by_topic[topic][result] += 1
            if result in (FOREIGN, NO_REGULATOR):
                failures.append(f"  [{result}] {question}\n    {composed.text[:200]!r}")
            short = short_form(entry.code, template)
            if short is None:
                continue
            prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", short),)))
            composed = compose(prepared.request)
            cited = [fact.jurisdiction for fact in composed.sources]
            result = short_outcome(entry, cited, composed.text)
            short_forms[result] += 1
            if result == FOREIGN:
                failures.append(f"  [{result}, short form] {short}\n    {composed.text[:200]!r}")
    total = sum(counts.values())
    print(f"\nJurisdiction sweep: {len(directory.all())} jurisdictions x {len(TOPICS)} topics")
    print(f"{'topic':<18}" + "".join(f"{name[:16]:>18}" for name in OUTCOMES))
    for topic, row in by_topic.items():
        print(f"{topic:<18}" + "".join(f"{row[name]:>18}" for name in OUTCOMES))
    print(f"{'all':<18}" + "".join(f"{counts[name]:>18}" for name in OUTCOMES))
    print(f"{'short forms':<18}" + "".join(f"{short_forms[name]:>18}" for name in OUTCOMES)
          + f"{short_forms[ASKED_WHERE]:>18} (asked which place)")  # fmt: skip
    abstained = counts[NAMED_REGULATOR] + counts[NO_REGULATOR]
    print()
    print(f"{'PASS' if counts[FOREIGN] == 0 else 'FAIL'}  answers from another jurisdiction's "
          f"facts {counts[FOREIGN]}/{total} / target 0")  # fmt: skip
    shorts = sum(short_forms.values())
    print(f"{'PASS' if short_forms[FOREIGN] == 0 else 'FAIL'}  with the place as its code "
          f"heading the message, answers from another jurisdiction's facts "
          f"{short_forms[FOREIGN]}/{shorts} / target 0")  # fmt: skip
    share = counts[NAMED_REGULATOR] / abstained if abstained else 1.0
    verdict = "PASS" if counts[NO_REGULATOR] == 0 else "FAIL"
    print(f"{verdict}  abstentions naming the regulator {counts[NAMED_REGULATOR]}/{abstained}"
          f" = {share:.1%} / target 100%")  # fmt: skip
    if failures:
        print(f"\nfirst {min(args.failures, len(failures))} of {len(failures)} failures:")
        print("\n".join(failures[: args.failures]))
    return 0
