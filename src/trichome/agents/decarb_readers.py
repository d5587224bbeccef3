"""Reader for decarboxylation: THC from THCA (theoretical or at an efficiency), the mass lost
as CO2, and a decarboxylated amount shared out into pieces ("decarb 10 g of THCA at 90% into
400 gummies")."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial

from trichome.agents import calculators, decarb_steps, units
from trichome.agents import formulation_calculators as formulation
from trichome.agents import lab_calculators as lab
from trichome.agents import potency_calculators as potency
from trichome.agents.calculation_questions import (
    ASKS,
    NOT_POTENCY,
    Question,
    ask,
    efficiency_percent,
    loss_percent,
    one,
    piece_counts,
    with_assumption,
)
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.lab_readers import ACIDS_AS_NEUTRAL, DECARB_ASKED, MG_PER_GRAM, names_outside
from trichome.agents.missing_inputs import THCA_MASS


def _converted_at_efficiency(question: Question) -> bool:
    """ "450 g of THCA into the reactor at 95% efficiency, THC out?": a mass of THCA, a
    conversion efficiency and THC (not THCA) asked name the decarboxylation, whatever the
    process is called."""
    return bool(
        question.find("mass", cannabinoids=("THCA",))
        and question.find("percent", tags=("efficiency",))
        and question.says(r"\bthc\b(?!-?a\b)")
        and question.says(ASKS)
    )


def _coa_readings(question: Question) -> bool:
    """Whether a THCA and a delta-9 THC result are both given: a mass beside them is of the
    tested material, whose THC is its total THC (read in `potency_readers`), not of THCA."""
    without = NOT_POTENCY | {"target", "price", "limit"}
    return bool(
        question.find("percent", cannabinoids=("THCA",), without=without)
        and any(
            not q.total for q in question.find("percent", cannabinoids=("THC",), without=without)
        )
    )


def decarboxylation(question: Question) -> Calculation | None:
    """THC from THCA by decarboxylation (theoretical or at an efficiency), and mass loss;
    CBDA or CBGA, when named alone, at their own factors (`decarb_steps.other_acid`)."""
    named = decarb_steps.named_acid(question)
    if named != "THCA":  # "95% CBGA isolate, 10 g fully decarbed": CBG at CBGA's factor
        as_loss = partial(_mass_lost, acid=named) if question.says(_ASKS_LOSS) else None
        return decarb_steps.other_acid(question, named, as_loss)
    if not question.says(
        r"decarb|theoretical|activat|mass\s+loss|\bco2\b|converts?\s+to\s+thc|\bheat(?:ed|ing)?\b|"
        r"\bbak(?:e|ed|ing)\b|\boven\b|"
        # "thc in mg?" asks a mass; "thc in mg per gram" a concentration (a total, no decarb)
        r"\bthc\s+in\s+mg\b(?!\s*(?:/|per|a|an)\s*(?:g|gram)\b)|"
        r"turn(?:s|ed)?\s+into\s+thc|yield\s+of\s+thc|how\s+much\s+thc|"
        r"\bthc\s+from\s+[\d.]+\s*(?:mg|g|kg|grams?)\s+(?:of\s+)?thca"
    ) and not _converted_at_efficiency(question):
        return None
    if not question.find("mass") and question.says(decarb_steps.ASKS_SHARE_LOST):
        return decarb_steps.share_lost()  # "what percent of its mass does THCA lose?"
    acid_masses = question.find("mass", cannabinoids=("THCA",))
    if not acid_masses and _coa_readings(question):
        return None  # "d9 3.1%, thca 70.2%. 2.5 g into 50 chocolates": material at its total
    if not acid_masses and question.says(r"\bthca\b|thc-a|crystalline|diamonds|isolate"):
        acid_masses = [q for q in question.find("mass") if q.per is None]
    if not acid_masses:
        per_gram = acid_per_gram(question)  # "25% thca, mg/g after decarb?": no mass needed
        if per_gram is not None:
            return per_gram
        if question.says(r"\bthca\b") and question.says(ASKS) and question.find("mass", "percent"):
            raise ask(question, THCA_MASS)
        return None
    acid = one(question, acid_masses[:1], "the THCA")
    assert acid is not None
    parts: list[Calculation] = []
    acid_mg, acid_unit = acid.value, acid.unit
    shares = question.find("percent", cannabinoids=("THCA",), without=NOT_POTENCY | {"target"})
    shares = (
        shares
        or [  # "99% pure THCA crystalline": the purity is its THCA share
            q
            for q in question.find("percent", cannabinoids=(None,), without=NOT_POTENCY)
            if re.match(r"\s*(?:pure|purity)\b", question.text[q.end : q.end + 10], re.I)
        ]
    )
    if (
        shares
        and (acid.cannabinoid != "THCA" or shares[0].start > acid.start)
        and not question.find("percent", cannabinoids=("THC",), without=NOT_POTENCY)
    ):
        # "28 g of 25% THCA flower": the THCA is a share of the material weighed.
        share_of = one(question, shares, "the THCA potency")
        assert share_of is not None
        held = potency.cannabinoid_in_product(acid.value, acid.unit, share_of.value, "THCA")
        parts.append(held)
        acid_mg, acid_unit = held.value, "mg"  # mg, unless grams of THC are asked
        if question.says(r"\b(?:grams?|g|kg|kilos?)\s+(?:of\s+)?thc\b"):
            acid_unit = acid.unit
            acid_mg = units.convert(held.value, "mg", units.canonical(acid_unit))
    efficiency = efficiency_percent(question)
    if efficiency == 100 and not question.find("percent", tags=("efficiency",)):
        stray = [q for q in question.find("percent", without=("loss",)) if q.cannabinoid is None]
        # "realistically we hit 85%", "in practice we get about 90%": the share of the theory
        # reached in practice is the efficiency, even unnamed
        if stray and question.says(rf"efficien|conversion|convert|{_IN_PRACTICE}"):
            efficiency = stray[0].value
            question.use(stray[0])
    result = potency.decarboxylation(acid_mg, acid_unit, efficiency)
    if question.says(_ASKS_LOSS):
        result = _mass_lost(result, acid_unit)
    elif not piece_counts(question):
        result = decarb_steps.after_decarb(question, result, acid_unit)
    if parts:
        result = calculators.chain([*parts, result])
    pieces = piece_counts(question)
    if pieces and question.says(r"each|per|a\s+piece|dose"):
        count = one(question, pieces, "the number of pieces")
        assert count is not None
        split = formulation.dose_from_total(
            result.details["thc_mg"], count.value, loss_percent(question)
        )
        return (
            calculators.chain([*parts, result, split])
            if parts
            else calculators.chain([result, split])
        )
    return result


def acid_per_gram(question: Question) -> Calculation | None:
    """The neutral form per gram from an acid's share with no mass weighed: "flower is 22%
    thca, thc in mg a gram?" is 220 mg/g of THCA, which decarboxylates to at most 192.94 mg
    of THC a gram; "8% cbga, mg/g cbg once decarbed?" is 80 mg/g × 0.878 = 70.24 mg/g of CBG
    (each acid at its own factor, `potency_calculators.DECARB_ACIDS`)."""
    if question.find("mass", "volume", "concentration") or not question.says(MG_PER_GRAM):
        return None
    name = decarb_steps.named_acid(question)
    neutral = potency.DECARB_ACIDS[name][0]
    without = NOT_POTENCY | {"target", "price", "limit"}
    acids = question.find("percent", cannabinoids=(name,), without=without)
    if len(acids) != 1 or question.find("percent", cannabinoids=(neutral,), without=without):
        return None
    if not (question.says(DECARB_ASKED) or names_outside(question, ACIDS_AS_NEUTRAL[name], name)):
        return None  # "22% thca, mg of thca per gram": the acid as it is (lab_readers)
    acid = one(question, acids, f"the {name} potency")
    assert acid is not None
    as_acid = lab.potency_basis(acid.value, "%", name)
    converted = potency.decarboxylation(as_acid.value, "mg", efficiency_percent(question), name)
    made = converted.value
    per_gram = replace(
        converted,
        unit=f"mg/g {neutral}",
        inputs=(
            f"{name}: {fmt(as_acid.value)} mg in each gram",
            *(i for i in converted.inputs if not i.startswith(name)),
        ),
        summary=f"Each gram's {fmt(as_acid.value)} mg of {name} gives {fmt(made)} mg of "
        f"{neutral}: {fmt(made)} mg/g {neutral} ({fmt(made / 10, 4)}%).",
    )
    result = calculators.chain(
        [as_acid, per_gram],
        summary=f"{fmt(acid.value, 4)}% {name} is {fmt(as_acid.value)} mg/g of {name}; "
        f"decarboxylated it gives {fmt(made)} mg of {neutral} per gram ({fmt(made)} mg/g).",
    )
    measured = "delta-9 THC" if neutral == "THC" else neutral
    return with_assumption(
        result,
        f"only the {name} is counted: no {measured} result was given; if the COA lists one, "
        f"add it (1% is 10 mg/g) for the total {neutral}",
    )


# "how much weight do I lose", "mass loss", "CO2 loss": the mass that leaves, not the THC.
_ASKS_LOSS = (
    r"\b(?:weight|mass|co2)\s+(?:loss|lost)|\b(?:loss|lost|lose|loses)\s+(?:as|to)\s+co2|"
    r"how\s+much\s+(?:weight|mass|do\s+(?:i|we|you)\s+lose|will\s+(?:i|we|it)\s+lose|is\s+lost)|"
    r"\blose\s+(?:in|during|when|from|by)\b|\bshrink(?:age)?\b|"
    r"how\s+much\s+(?:co2|carbon\s+dioxide)|\b(?:off|away|out)\s+as\s+co2\b|"
    r"\b(?:mass|weight)\s+(?:is|are|gets?|will\s+be|would\s+be)\s+lost\b|"
    r"\b(?:leaves?|leaving|escapes?|comes?\s+off|goes?\s+off)\s+as\s+(?:co2|carbon\s+dioxide)\b|"
    # "how many grams of mass do we lose", "kg of weight will it lose", "lose in weight"
    r"\b(?:mass|weight|grams?|g|kgs?|kilos?|mg)\s+(?:of\s+(?:mass|weight)\s+)?(?:do|does|did|"
    r"will|would|should|are\s+we\s+going\s+to|am\s+i\s+going\s+to)\s+(?:i|we|you|it|they)?\s*"
    r"(?:lose|losing)\b|\b(?:lose|losing|lost)\s+(?:\w+\s+){0,2}?(?:in|of)\s+(?:mass|weight)\b"
)


def _mass_lost(result: Calculation, unit: str, acid: str = "THCA") -> Calculation:
    """The decarboxylation answered as the mass lost as CO2, in the unit weighed."""
    lost_mg = result.details["mass_loss_mg"]
    factor = potency.DECARB_ACIDS[acid][1]
    key = units.canonical(unit)
    value = units.convert(lost_mg, "mg", key)
    shown = units.label(key)
    return replace(
        result,
        name="decarboxylation_loss",
        value=value,
        unit=f"{shown} lost as CO2",
        summary=f"{fmt(value, 4)} {shown} leaves as CO2 ({fmt(lost_mg)} mg, "
        f"{fmt(100 * (1 - factor), 3)}% of the {acid}). {result.summary}",
    )


# "realistically we hit", "in practice we get", "our real-world yield is": the theory's share
_IN_PRACTICE = (
    r"\b(?:realistic(?:ally)?|in\s+practice|in\s+reality|real[- ]world|practically)\b[^.?!\d]{0,30}"
    r"\b(?:hit|hits|get|gets|got|see|sees|achieve|reach|manage|land|average|is|are)\b"
)
