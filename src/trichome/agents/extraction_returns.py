"""Reader for an extraction run's return: the product's mass over the input's ("pressed 500 g
of bubble hash, got 350 g rosin, return?"), with the masses labelled by side, the output
named first, or the product named after its mass; the input mass is asked when only the
product is given."""

from __future__ import annotations

import re

from trichome.agents import lab_calculators as lab
from trichome.agents import missing_inputs as needs
from trichome.agents import units
from trichome.agents.calculation_questions import Question, ask
from trichome.agents.calculators import Calculation
from trichome.agents.quantities import Quantity

_RETURN_ASKED = (
    r"\breturn\b|\byield\b|what\s+(?:%|percent(?:age)?)\s+(?:did|do|is|was)|\brecovery\b"
)
_WENT_IN = (
    r"press(?:ed)?|ran|run|wash(?:ed)?|extract(?:ed)?|start(?:ed)?\s+with|put\s+in|load(?:ed)?"
)
_CAME_OUT = (
    r"got|pulled|came\s+out|yielded|ended\s+up\s+with|recovered|gave(?:\s+(?:me|us))?|"
    r"produced|made"
)
_EXTRACTED = r"\b(?:extract\w*|rosin|hash|crude|wash\w*|press\w*|resin|bho|live\s+resin)\b"
# "yield %?", "return percent", "% recovery": a share of what went in is asked, whatever the
# material ("trim", "oil", "kief").
_SHARE_ASKED = (
    r"\b(?:yield|return|recovery)\s*(?:%|percent(?:age)?)|"
    r"(?:%|percent(?:age)?)\s+(?:yield|return|recovery)\b"
)
# "28 g in, 5.6 g out", "400g going in / 90g coming out": each mass labelled by its side.
_IN_AFTER = re.compile(
    r"\s*(?:went\s+|going\s+|put\s+|goes\s+)?in\b\s*(?:[,;/.&]|and\b|->|=>|$)", re.I
)
_OUT_AFTER = re.compile(r"\s*(?:came\s+|coming\s+|comes\s+)?out\b(?!\s+of\b)", re.I)


# "got 454 g crude out of 10 lbs of trim", "yielded 60 g from 1 lb": the output named first.
_OUT_OF = re.compile(
    r"^\s*(?:of\s+)?(?:[a-z][\w-]*\s+){0,3}?(?:out\s+of|from|off(?:\s+of)?)\s+"
    r"(?:the\s+|our\s+|my\s+|a\s+)?$",
    re.IGNORECASE,
)


def extraction_return(question: Question) -> Calculation | None:
    """A run's return: "pressed 500 g of bubble hash, got 350 g rosin. return?" """
    if not question.says(_RETURN_ASKED):
        return None
    labelled = _in_and_out(question)
    if labelled is not None:
        return labelled
    product_second = _product_second(question)
    if product_second is not None:
        return product_second
    if not question.says(_CAME_OUT):
        return None
    output_first = _output_first(question)
    if output_first is not None:
        return output_first
    if not question.says(_WENT_IN):
        return None
    masses = [
        q
        for q in question.find("mass")
        if not re.match(r"\s*(?:per|/|each|an?\s)", question.text[q.end :], re.IGNORECASE)
    ]
    if len(masses) == 1 and (question.says(_EXTRACTED) or question.says(_SHARE_ASKED)):
        before = question.text[max(0, masses[0].start - 20) : masses[0].start]
        if re.search(rf"(?:{_CAME_OUT})\s*(?:about|around|like|~)?\s*$", before, re.IGNORECASE):
            raise ask(question, needs.START_MASS)  # what came out, but not what went in
    if len(masses) != 2:
        return None
    went_in, came_out = masses
    if not re.search(_WENT_IN, question.text[: went_in.start], re.IGNORECASE):
        return None
    if not re.search(_CAME_OUT, question.text[went_in.end : came_out.start], re.IGNORECASE):
        return None
    material = re.search(r"^\s*(?:of\s+)?([a-z][a-z -]{1,30}?)(?:[,.;]|\s+(?:and|got|then))",
                         question.text[went_in.end :], re.IGNORECASE)  # fmt: skip
    return _extraction_return(question, went_in, came_out, material)


# What an extraction makes, named after its mass ("112.5 g of rosin", "40 g shatter").
_PRODUCT_AFTER = re.compile(
    r"\s*(?:of\s+)?(?:(?:live|cured|hash|flower|full[- ]melt|solventless)\s+)?(?:rosin|hash|"
    r"bubble|kief|crude|oil|resin|shatter|wax|budder|badder|sauce|diamonds|crumble|sugar|"
    r"distillate|disty|concentrate|bho|extract)\b",
    re.IGNORECASE,
)


def _product_second(question: Question) -> Calculation | None:
    """ "ran 2 kg of trim, pressed 90 g of rosin": two process verbs, the second mass named as
    the product; "return on 180 g of shatter" with no input mass is asked for it."""
    masses = question.find("mass", per=(None, "piece"))
    products = [q for q in masses if _PRODUCT_AFTER.match(question.text[q.end : q.end + 30])]
    if len(masses) == 1 and products and question.says(_EXTRACTION_RETURN):
        raise ask(question, needs.START_MASS)  # the product alone: what went in is missing
    if len(masses) != 2 or products[-1:] != masses[1:]:
        return None
    went_in, came_out = masses
    if not re.search(rf"\b(?:{_WENT_IN})\b", question.text[: went_in.start], re.IGNORECASE):
        return None
    between = question.text[went_in.end : came_out.start]
    if not re.search(rf"\b(?:{_WENT_IN}|{_CAME_OUT})\b", between, re.IGNORECASE):
        return None
    if came_out.value and units.grams(came_out.value, came_out.unit) >= units.grams(
        went_in.value, went_in.unit
    ):
        return None  # more product than input: not a return
    material = re.match(r"\s*(?:of\s+)?([a-z][a-z -]{1,30}?)(?:[,.;]|\s+(?:and|then))",
                        question.text[went_in.end :], re.IGNORECASE)  # fmt: skip
    return _extraction_return(question, went_in, came_out, material)


# "extraction return", "return on", "return %": a run's return asked, whatever the verbs
_EXTRACTION_RETURN = (
    r"\b(?:extraction|wash|press|run)\s+(?:return|yield|recovery)\b|"
    r"\breturn\b[^.?!\d]{0,24}?\b(?:on|from|for)\b|" + _SHARE_ASKED
)


def _in_and_out(question: Question) -> Calculation | None:
    """The return when each mass is labelled by its side, in either order ("28 g in, 5.6 g
    out")."""
    masses = question.find("mass", per=(None, "piece"))
    sides = {
        side: [q for q in masses if pattern.match(question.text[q.end :])]
        for side, pattern in (("in", _IN_AFTER), ("out", _OUT_AFTER))
    }
    if len(sides["in"]) != 1 or len(sides["out"]) != 1:
        return None
    went_in, came_out = sides["in"][0], sides["out"][0]
    material = re.search(r"([a-z][a-z -]{1,30}?)\s*(?:press|run|wash)?\s*:?\s*$",
                         question.text[: min(went_in.start, came_out.start)], re.I)  # fmt: skip
    return _extraction_return(question, went_in, came_out, material)


def _extraction_return(
    question: Question, went_in: Quantity, came_out: Quantity, material: re.Match[str] | None
) -> Calculation:
    """The return of the two masses read, named by the material the question calls it."""
    question.use(went_in, came_out)
    return lab.extraction_return(
        went_in.value,
        went_in.unit,
        came_out.value,
        came_out.unit,
        material.group(1).strip() if material else "input",
    )


def _output_first(question: Question) -> Calculation | None:
    """The return when what came out is written first and what went in after "out of" or
    "from" ("got 454 g crude out of 10 lbs of trim")."""
    # "60 g rosin" reads as a piece's mass (rosin is also counted); here it is an amount
    masses = question.find("mass", per=(None, "piece"))
    if len(masses) != 2:
        return None
    came_out, went_in = masses
    if not _OUT_OF.match(question.text[came_out.end : went_in.start]):
        return None
    before = question.text[max(0, came_out.start - 24) : came_out.start]
    if not re.search(rf"(?:{_CAME_OUT})\s*(?:about|around|like|~)?\s*$", before, re.I):
        return None
    material = re.match(r"\s*(?:of\s+)?([a-z][a-z -]{1,30}?)(?:[,.;?]|\s+(?:and|yield|return)|$)",
                        question.text[went_in.end :], re.IGNORECASE)  # fmt: skip
    return _extraction_return(question, went_in, came_out, material)
