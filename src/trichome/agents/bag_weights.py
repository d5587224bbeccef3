"""Reader for a bag weighed against the trade size it is sold as: "my 8th came in at 3.38 g,
how far off in percent?" is (3.38 - 3.5) / 3.5 x 100, signed, with the grams short beside
it. No tolerance is needed for that figure; whether the bag is legal weight is a verdict
against the state's net-weight tolerance, which the answer names as the missing piece
rather than inventing one."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.signed_variance import ASKS_DEVIATION, deviation_asked, variance_from_label

# The trade's bags by name, in grams (an eighth of the 28 g trade ounce is 3.5 g).
_BAG_GRAMS = {"eighth": 3.5, "quarter": 7.0, "half": 14.0, "ounce": 28.0}
_BAG = re.compile(
    r"\b(?:my|the|an?|this|that|our|his|her|their|1|one)\s+(?:(?:little|whole|full)\s+)?"
    r"(?P<bag>8th|eighth|1/8|quarter|qtr|half\s+(?:oz|ounce|o)|half|zip|ounce|oz|o)\b"
    r"(?!\s*(?:of\s+)?(?:the\s+)?(?:\d|cup|stick|tsp|tbsp|batch|pound|lb))",
    re.IGNORECASE,
)
# How far a bag is from its size: the deviation words, or short, light, legal weight.
_ASKED = (
    rf"{ASKS_DEVIATION}|\bshort(?:ed)?\b|\bunder\s*weight|\blight\b|\blegal\s+weight|"
    r"\bfull\s+weight|\bin\s+percent|\bpercent(?:age)?\s+(?:off|short|under|over)"
)
_WEIGHED = r"\b(?:came\s+(?:in|out)|weigh\w*|scale\w*|was|is|at|only|read\w*|showed?|got)\b"


def bag_weight(question: Question) -> Calculation | None:
    """The signed % a weighed bag sits from the trade size it was sold as."""
    bag = _BAG.search(question.text)
    if bag is None or not question.says(_ASKED):
        return None
    if question.find("percent", "concentration", "money"):
        return None  # a potency or a price beside it: another calculation
    size = _size(bag.group("bag"))
    weighed = [
        q
        for q in question.find("mass", unit="g")
        if q.start > bag.start()
        and 0.5 * size <= q.value <= 1.5 * size
        and re.search(_WEIGHED, question.text[bag.end() : q.start], re.IGNORECASE)
    ]
    if len(weighed) != 1:
        return None
    measured = weighed[0]
    question.use(measured)
    found = variance_from_label(size, measured.value, "g", deviation_asked(question))
    name = _name(bag.group("bag"))
    difference = measured.value - size
    side = "over" if difference > 0 else "under"
    percent = difference / size * 100
    summary = (
        f"The bag weighed {fmt(measured.value, 4)} g: {fmt(percent, 4)}% from the {fmt(size)} g "
        f"{name} ({fmt(abs(difference), 4)} g {side}, {fmt(measured.value / size * 100, 4)}% of "
        "the weight it is sold as)."
    )
    tolerance = (
        "whether it is legal weight is a verdict against your state's net-weight tolerance "
        "for packaged cannabis, which is not given here: tell me the tolerance and I'll check it"
    )
    if question.says(r"\blegal|\bcomplian|\ballowed|\bok(?:ay)?\b"):
        summary = f"{summary} {tolerance[0].upper()}{tolerance[1:]}."
    return replace(
        found,
        name="bag_weight_variance",
        unit=found.unit.replace("the label", f"the {name}"),
        summary=summary,
        inputs=(f"sold as: {name} = {fmt(size)} g", f"weighed: {fmt(measured.value, 4)} g"),
        formula="deviation = (weighed - size) ÷ size × 100; difference = weighed - size",
        assumptions=(
            f"{'an' if name == 'eighth' else 'a'} {name} is {fmt(size)} g (the trade's "
            "28 g ounce; the standard avoirdupois ounce is 28.35 g)",
            tolerance,
        ),
    )


def _size(written: str) -> float:
    return _BAG_GRAMS[_name(written).split()[0]]


def _name(written: str) -> str:
    word = written.lower()
    if word in ("8th", "eighth", "1/8"):
        return "eighth"
    if word in ("quarter", "qtr"):
        return "quarter"
    if word.startswith("half"):
        return "half ounce"
    return "ounce"
