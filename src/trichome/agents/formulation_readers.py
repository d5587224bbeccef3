"""Readers for the formulation calculations: infusion and dose per piece, servings against
state caps, scaling a recipe and a share by weight (kitchen infusions are read in
`kitchen_readers`, tinctures in `tincture_readers`, dilution, blending and terpenes in
`mixing_readers`)."""

from __future__ import annotations

import re

from trichome.agents import calculators, units
from trichome.agents import formulation_calculators as formulation
from trichome.agents import missing_inputs as needs
from trichome.agents import potency_calculators as potency
from trichome.agents import serving_calculators as serving_arithmetic
from trichome.agents.asked_pieces import asks_about_one
from trichome.agents.calculation_questions import (
    ASKS,
    CONCENTRATE,
    NOT_POTENCY,
    Question,
    ask,
    combined_potency,
    lost_share,
    named_cannabinoid,
    one,
    piece_counts,
    potency_readings,
)
from trichome.agents.calculators import Calculation
from trichome.agents.pieces_totals import asks_piece_dose, asks_whole_total, not_held_in_all
from trichome.agents.quantities import Quantity
from trichome.agents.scaling_sizes import stated_sizes
from trichome.agents.unit_words import PIECES, holder_word

_SHARED_OUT = r"\b(?:split|divided|cut|scored|portioned|spread|shared)\s+(?:in)?to\b"
_PART_OF_A_BAR = r"(?:per|each|a|every)\s+(?:square|piece|bite|chunk|slice|segment|block)"


def infusion_or_dose(question: Question) -> Calculation | None:
    """Concentrate for N pieces at X mg, or mg per piece from a mass of concentrate."""
    counts = piece_counts(question)
    if len(counts) > 1:  # "recipe makes 24 gummies ... making 150 now": the batch to make
        new = [
            q for q in counts if _NEW_BATCH.search(question.text[max(0, q.start - 30) : q.start])
        ]
        counts = new[-1:] or counts
    per_piece = question.find("mass", unit="mg", per=("piece", "serving"))
    if not per_piece and counts:
        per_piece = [
            q
            for q in question.find("mass", unit="mg")
            if q.per is None
            and re.match(
                r"\s*(?:thc\s+)?(?:gumm|piece|cookie|choc|caps|tab|serving|mint|"
                r"chew|bar|brownie|dose|softgel|lozenge|drink|shot|each)",
                question.text[q.end : q.end + 20],
                re.IGNORECASE,
            )
        ]
        if not per_piece:
            per_piece = [
                q
                for q in question.find("mass", unit="mg")
                if q.per is None
                and re.search(
                    r"(?:\b(?:at|of|with|dosed\s+at)|@)\s*$",
                    question.text[max(0, q.start - 12) : q.start],
                )
            ]
    if not per_piece and not counts:
        # "need gummies at 10 mg": the dose of each piece, with the pieces left uncounted
        per_piece = [
            q
            for q in question.find("mass", unit="mg")
            if q.per is None and _DOSE_BEFORE.search(question.text[max(0, q.start - 30) : q.start])
        ]
    if question.says(_PART_OF_A_BAR):
        # "a 100mg chocolate bar scored into 16 squares": the bar holds it all.
        per_piece = [
            q
            for q in per_piece
            if not re.match(
                r"\s*(?:thc\s+)?(?:(?:chocolate|choc)\s+)?bar\b", question.text[q.end :]
            )
        ]
    per_piece = not_held_in_all(question, per_piece)  # "40 gummies with 200mg in it"
    shared = re.search(_SHARED_OUT, question.text, re.IGNORECASE)
    if shared:  # "a 400 mg brownie cut into 16": the amount before the cut is the whole
        per_piece = [q for q in per_piece if q.start > shared.start()]
    potencies = potency_readings(question)
    acid_potency = question.find("percent", cannabinoids=("THCA",), without=NOT_POTENCY)
    wants_amount = question.says(
        r"how\s+much\s+(?!thc\b)|how\s+many\s+(?:grams|g\b|ml|mls|kilos|oz)|"
        r"\bneed(?:ed|s)?\b|require|weigh\s+out|what\s+amount|amount\s+of|"
        rf"(?:grams|g)\s+of\s+(?:the\s+|our\s+|my\s+)?(?:{CONCENTRATE})"
    )
    concentrate = [q for q in question.find("mass") if q.per is None and q not in per_piece]
    if (
        counts
        and per_piece
        and not (potencies or acid_potency or concentrate)
        and not question.says(CONCENTRATE)
        and (asks_whole_total(question, counts) or asks_piece_dose(question, counts))
    ):  # "1,000 chocolates x 2.5 mg, total mg?": the THC the batch holds
        count = one(question, counts[:1], "the number of pieces")
        dose = one(question, per_piece, "the dose per piece")
        assert count is not None and dose is not None
        return serving_arithmetic.batch_total(
            count.value, dose.value, named_cannabinoid(question, dose if dose.cannabinoid else None)
        )
    if counts and per_piece and (wants_amount or not concentrate):
        count = one(question, counts[:1], "the number of pieces")
        dose = one(question, per_piece, "the dose per piece")
        assert count is not None and dose is not None
        parts = []
        total = combined_potency(question)  # "20% THCA and 0.8% delta-9": their total THC
        if total is not None:
            parts.append(total)
            strength = total.value
        elif not potencies and acid_potency:
            acid = one(question, acid_potency, "the THCA potency")
            assert acid is not None
            parts.append(potency.total_cannabinoid(0, acid.value, "THC"))
            strength = parts[0].value
        else:
            found = one(question, potencies, "the concentrate's potency")
            if found is None:
                raise ask(question, needs.CONCENTRATE_POTENCY)
            strength = found.value
        name = named_cannabinoid(question, None if parts else found)
        parts.append(
            formulation.infusion(count.value, dose.value, strength, lost_share(question), name)
        )
        return calculators.chain(parts)
    if counts and concentrate and (potencies or acid_potency or question.says(CONCENTRATE)):
        weighs = concentrate[0].start
        if re.search(r"\b(?:each|every)\s+(?:\w+\s+)?(?:weighs|is)\s*$", question.text[:weighs]):
            return None  # "each one weighs 5 g at 0.2%": a piece's weight, read as a product
        count = one(question, counts[:1], "the number of pieces")
        mass = one(question, concentrate[:1], "the concentrate's mass")
        assert count is not None and mass is not None
        found = one(question, potencies, "the concentrate's potency")
        if found is None:
            if mass.unit == "mg" and (
                question.says(r"\bmg\s+(?:of\s+)?(?:thc|total)|thc\s+total") or shared
            ):  # "600mg split into 30 caps": a total shared out, no potency needed
                name = named_cannabinoid(question, mass if mass.cannabinoid else None)
                loss = lost_share(question)
                return formulation.dose_from_total(mass.value, count.value, loss, name)
            raise ask(question, needs.CONCENTRATE_POTENCY)
        return formulation.dose_per_unit(
            found.value, mass.value, mass.unit, count.value, lost_share(question)
        )
    if counts and not per_piece and not potencies:
        # Every mg amount left is a total (a "100mg chocolate bar" read as one piece was
        # taken out of the doses above).
        totals = question.find("mass", unit="mg") or [
            q
            for q in question.find("mass", cannabinoids=("THC", "CBD"))
            if q.per in (None, "package")
        ]  # "3.2 g of THC in the batch", "1.2 g THC total": the cannabinoid's own mass
        if totals and question.says(
            rf"each|per\s+(?:piece|gumm|cookie|unit|serving|square|bite|chunk|slice|segment|"
            rf"{PIECES})\b|a\s+piece|dose"
        ):
            count = one(question, counts[:1], "the number of pieces")
            amount = one(question, totals[:1], "the THC in the batch")
            assert count is not None and amount is not None
            return formulation.dose_from_total(
                units.convert(amount.value, amount.unit, "mg"),
                count.value,
                lost_share(question),
                named_cannabinoid(question, amount if amount.cannabinoid else None),
                holder_word(question.text, "batch"),
            )
    if (
        not counts
        and per_piece
        and concentrate
        and potencies
        and question.says(r"how\s+many\b|\bhow\s+much\s+(?:product|gumm|piece)")
    ):
        # "how many 10 mg gummies can I make with 5 g of 90% distillate?"
        dose = one(question, per_piece, "the dose per piece")
        mass = one(question, concentrate[:1], "the concentrate's mass")
        found = one(question, potencies, "the concentrate's potency")
        assert dose is not None and mass is not None and found is not None
        return formulation.pieces_from_concentrate(
            mass.value, mass.unit, found.value, dose.value, lost_share(question)
        )
    if counts and per_piece and wants_amount is False and not potencies:
        return None
    if wants_amount and per_piece and potencies and not counts:
        raise ask(question, needs.PIECE_COUNT)
    if wants_amount and counts and potencies and not per_piece and question.says(CONCENTRATE):
        raise ask(question, needs.PIECE_DOSE)
    edible = [q for q in counts if re.fullmatch(PIECES, q.noun or "", re.IGNORECASE)]
    if (
        edible
        and not per_piece
        and not concentrate
        and not potencies
        and question.says(rf"\beach\b|\bper\s+(?:{PIECES})\b|\ba\s+piece\b|\bdose\b")
        and question.says(r"how\s+(?:much|many|strong)|what(?:'s|s|\s+is)\s+the\s+dose")
        and not question.says(r"\bmax|\blimit|\bcap\b|allowed|legal|\blaw|\brule|regulat")
    ):
        # "24 brownies, how much THC in each?": nothing says what went into them.
        raise ask(
            question,
            needs.BATCH_THC,
        )
    return None


_BATCH_BEFORE = re.compile(
    r"\b(?:batch|run|lot)(?:\s+size)?\s*(?:is|of|=|:)?\s*(?:a\s+|an\s+)?$|"
    r"\b(?:used|uses|takes|took|calls\s+for)\s+[\d.]+\s*[a-z]+\s+(?:of\s+)?[a-z]+\s+for\s+$",
    re.I,
)  # "used 12 mL of tincture for 2 L of syrup": the 2 L is the batch
_BATCH_AFTER = re.compile(r"^\s*-?\s*(?:piece\s+|pc\s+|[a-z]+\s+)?(?:batch|run|recipe)\b", re.I)
# Words before a batch size saying it is the one to make (the new size).
_NEW_BATCH = re.compile(
    r"(?:need|making|make|baking|bake|want|run\s+of|to|doing|running|pouring|producing|cooking|\bthis\s+(?:run|time|round)\s+(?:is\s+|we\s+do\s+)?|new\s+batch(?:\s+size)?(?:\s+is)?|"
    r"how\s+much\s+(?:[a-z]+\s+){0,3}for(?:\s+a)?|for\s+a\s+(?:run|batch)\s+of)\s*(?:a\s+|an\s+)?$",
    re.I,
)
_DOSE_BEFORE = re.compile(rf"\b(?:{PIECES})\s+(?:at|@|dosed\s+at|of)\s*$", re.I)
_SCALE_WORDS = {"double": 2.0, "triple": 3.0, "quadruple": 4.0, "half": 0.5, "halve": 0.5}
_NAME_AFTER = re.compile(
    r"^\s*(?:of\s+)?(?:(?:[\d.]+\s*%|[\d.]+\s*mg/\w+)\s+)?([a-z][a-z -]{0,30}?)"
    r"(?=\s*(?:[,;.:!?]|\band\b|\bfor\b|\bmakes?\b|\bper\b|\bto\b|\bin\b|\bis\b|"
    r"\bwe\b|\bi\b|\bgoes\b|\bhow\b|$))",
    re.I,
)


# What a batch makes: pieces, or filled units ("1.2 L MCT per 40 bottles, for 250 bottles").
_UNITS_MADE = (
    rf"{PIECES}|bottles?|carts?|cartridges?|vials?|syringes?|jars?|tins?|pens?|vapes?|pre-?rolls?"
)


def _batch_sizes(question: Question) -> list[Quantity]:
    """The sizes of the recipe's batch and the batch wanted: two counts of the same pieces
    ("50 gummies ... 1200 gummies") or two amounts written as a batch ("a 4 kg batch")."""
    sized = [
        q
        for q in question.find("mass", "volume")
        if _BATCH_BEFORE.search(question.text[max(0, q.start - 40) : q.start])
        or _BATCH_AFTER.match(question.text[q.end : q.end + 20])
    ]
    if len(sized) >= 2:
        return sized[:2]
    if len(sized) == 1:
        # "our 10 L batch ..., scaling to 25 L": the new size is the same kind of amount
        # written as the one to make.
        wanted = [
            q
            for q in question.find("mass", "volume")
            if q is not sized[0]
            and q.kind == sized[0].kind
            and _NEW_BATCH.search(question.text[max(0, q.start - 30) : q.start])
        ]
        if len(wanted) == 1:
            return [sized[0], wanted[0]]
    if len(sized) < 2 and (stated := stated_sizes(question)):
        return stated  # "from 30 ml up to 2 liters", "60 brownies ... for 150?"
    # "10 pieces ... how many mg is 1 piece": the one piece asked about is no batch's size
    made = [q for q in piece_counts(question) if not asks_about_one(question.text, q)]
    counts = [q for q in made if re.fullmatch(_UNITS_MADE, q.noun or "", re.I)]
    counts = list({q.value: q for q in counts[::-1]}.values())[::-1]  # "we had 50" said again
    stems = {(q.noun or "").lower().removesuffix("s")[:4] for q in counts}  # "bar", "bars"
    if len(counts) >= 2 and len(stems) == 1:
        return counts[:2]
    return []


def _old_and_new(question: Question, sizes: list[Quantity]) -> tuple[Quantity, Quantity]:
    first, second = sizes
    first_new = _NEW_BATCH.search(question.text[max(0, first.start - 30) : first.start])
    second_new = _NEW_BATCH.search(question.text[max(0, second.start - 30) : second.start])
    return (second, first) if first_new and not second_new else (first, second)


def _ingredient_name(question: Question, amount: Quantity) -> str:
    found = _NAME_AFTER.match(question.text[amount.end : amount.end + 50])
    return found.group(1).strip().lower() if found else "ingredient"


def scaling(question: Question) -> Calculation | None:
    """Every ingredient of a recipe scaled by a factor or from one batch size to another."""
    words = question.says(
        r"\b(?:scale|scaling|multiply|double|triple|quadruple|halve)\b|"
        r"\bhalf\s+(?:the\s+|a\s+|of\s+the\s+)?(?:recipe|batch)"
    )
    if question.says(r"\bdecarb\w*|\bco2\b"):
        return None  # "scaling decarb on 1 kg of THCA": what heating loses, not a recipe
    sizes = _batch_sizes(question)
    if not words and not sizes:
        if (
            question.says(r"\brecipe\b|\b(?:big(?:ger)?|new|larger|next)\s+(?:batch|run)")
            and len(piece_counts(question)) == 1
            and question.find("mass", "volume")
            and not potency_readings(question)
            and not question.find("mass", unit="mg", per=("piece", "serving"))
            and question.says(r"how\s+much\s+(?!thc\b)|what\s+do\s+i\s+need")
        ):
            # "recipe makes 50 gummies with 5 g of distillate, how much for the big batch?"
            raise ask(question, needs.SCALE_TARGET)
        return None
    if question.says(
        r"mg\s+(?:per|each|a)\b|(?<!same\s)\bdose\b|\bstrength|how\s+strong|potency\s+of"
    ):
        return None
    if sizes and question.find("mass", unit="mg", per=("piece", "serving")):
        return None  # "1200 gummies at 10 mg": an infusion, not a recipe to scale
    factor: float | None = None
    if len(sizes) == 2:
        old, new = _old_and_new(question, sizes)
        try:
            new_value = (
                units.convert(new.value, new.unit, old.unit)
                if new.kind not in ("count", "number")
                else new.value
            )
        except units.UnitError:
            return None
        factor = new_value / calculators.positive("the recipe's batch size", old.value)
    elif words:
        named = re.search(r"\b(double|triple|quadruple|halve|half)\b", question.text, re.I)
        factors = question.find("factor")
        by = re.search(r"(?:\bby|\bx)\s*([\d.]+)\b", question.text, re.I)
        between = re.search(r"from\s+([\d.]+)\s+(?:\w+\s+)?to\s+([\d.]+)", question.text, re.I)
        if between is not None:
            start = calculators.positive("the starting batch size", float(between.group(1)))
            factor = float(between.group(2)) / start
        elif named is not None:
            factor = _SCALE_WORDS[named.group(1).lower()]
        elif factors:
            factor = factors[0].value
        elif by:
            factor = float(by.group(1))
    ingredients = [
        q
        for q in question.find("mass", "volume")
        if q not in sizes
        and not any(q.value == z.value and q.unit == z.unit for z in sizes)  # "2L" again
        and q.per in (None, "piece")
        and q.kind in ("mass", "volume")
        and not _DOSE_BEFORE.search(question.text[max(0, q.start - 30) : q.start])
    ]  # "24 gummies at 10 mg": the dose stays the same when the batch is scaled
    if not ingredients:
        if sizes and question.says(ASKS):
            raise ask(question, needs.RECIPE)
        return None
    if factor is None:
        if question.says(ASKS):
            raise ask(question, needs.SCALE_SIZE)
        return None
    named_ingredients = [
        (_ingredient_name(question, q), q.value, units.label(q.unit)) for q in ingredients
    ]
    names = [name for name, _, _ in named_ingredients]
    asked = (
        names[0]
        if len(names) == 1
        else next(
            (
                n
                for n in names
                if re.search(  # "how much of the sugar", "new g distillate?", "Gelatin?"
                    rf"(?:how\s+much\s+(?:of\s+(?:the\s+)?)?|\b(?:new|total|scaled|how\s+many)\s+"
                    rf"(?:g|grams?|kg|ml|mls|l|cups?|oz)\s+(?:of\s+)?(?:the\s+)?){re.escape(n)}|"
                    rf"[.?!]\s*{re.escape(n)}\s*\?\s*$",
                    question.text,
                    re.I,
                )
            ),
            None,
        )
    )
    question.use(*ingredients, *sizes)
    return formulation.scale_batch(named_ingredients, factor, asked)


def share_by_weight(question: Question) -> Calculation | None:
    """What percent one mass is of another."""
    match = re.search(
        r"(?:what|which)\s+(?:percent|percentage|%)[^\d]*([\d.]+)\s*(mg|g|kg|grams?|oz)[^\d]*?"
        r"(?:of|in|out\s+of)\s+([\d.]+)\s*(mg|g|kg|grams?|oz)",
        question.text,
        re.IGNORECASE,
    )
    if match is None:
        return None
    question.use(*[q for q in question.quantities if q.kind == "mass"][:2])
    return formulation.percent_by_weight(
        float(match.group(1)), match.group(2), float(match.group(3)), match.group(4)
    )
