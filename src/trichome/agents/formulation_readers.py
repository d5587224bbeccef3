"""Readers for the formulation calculations: infusion and dose per piece, servings against
state caps, kitchen infusions, tinctures, dilution, blending, terpenes, scaling."""

from __future__ import annotations

import re

from trichome.agents import calculators as potency
from trichome.agents import formulation_calculators as formulation
from trichome.agents import mixing_calculators as mixing
from trichome.agents import units
from trichome.agents.calculation_questions import (
    ASKS,
    CONCENTRATE,
    NOT_POTENCY,
    Question,
    ask,
    efficiency_percent,
    loss_percent,
    one,
    piece_counts,
    potency_readings,
)
from trichome.agents.calculators import (
    Calculation,
)
from trichome.agents.quantities import Quantity


def infusion_or_dose(question: Question) -> Calculation | None:
    """Concentrate for N pieces at X mg, or mg per piece from a mass of concentrate."""
    counts = piece_counts(question)
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
                    r"\b(?:at|of|with|dosed\s+at|@)\s*$",
                    question.text[max(0, q.start - 12) : q.start],
                )
            ]
    potencies = potency_readings(question)
    acid_potency = question.find("percent", cannabinoids=("THCA",), without=NOT_POTENCY)
    wants_amount = question.says(
        r"how\s+much\s+(?!thc\b)|how\s+many\s+(?:grams|g\b|ml|mls|kilos|oz)|"
        r"\bneed\b|require|weigh\s+out|what\s+amount|amount\s+of|"
        r"(?:grams|g)\s+of\s+(?:distillate|concentrate|oil|isolate)"
    )
    concentrate = [
        q for q in question.find("mass") if q.unit != "mg" or (q.per is None and q not in per_piece)
    ]
    concentrate = [q for q in concentrate if q.per is None and q not in per_piece]
    if counts and per_piece and (wants_amount or not concentrate):
        count = one(question, counts[:1], "the number of pieces")
        dose = one(question, per_piece, "the dose per piece")
        assert count is not None and dose is not None
        parts = []
        if not potencies and acid_potency:
            acid = one(question, acid_potency, "the THCA potency")
            assert acid is not None
            parts.append(potency.total_cannabinoid(0, acid.value, "THC"))
            strength = parts[0].value
        else:
            found = one(question, potencies, "the concentrate's potency")
            if found is None:
                raise ask(question, "the concentrate's potency (% THC on its COA)")
            strength = found.value
        parts.append(
            formulation.infusion(count.value, dose.value, strength, loss_percent(question))
        )
        return potency.chain(parts)
    if counts and concentrate and (potencies or acid_potency or question.says(CONCENTRATE)):
        count = one(question, counts[:1], "the number of pieces")
        mass = one(question, concentrate[:1], "the concentrate's mass")
        assert count is not None and mass is not None
        found = one(question, potencies, "the concentrate's potency")
        if found is None:
            if mass.unit == "mg" and question.says(r"\bmg\s+(?:of\s+)?(?:thc|total)|thc\s+total"):
                return formulation.dose_from_total(mass.value, count.value, loss_percent(question))
            raise ask(question, "the concentrate's potency (% THC on its COA)")
        return formulation.dose_per_unit(
            found.value, mass.value, mass.unit, count.value, loss_percent(question)
        )
    if counts and not per_piece and not potencies:
        totals = [q for q in question.find("mass", unit="mg") if q.per in (None, "package")]
        if totals and question.says(
            r"each|per\s+(?:piece|gumm|cookie|unit|serving)|a\s+piece|dose"
        ):
            count = one(question, counts[:1], "the number of pieces")
            amount = one(question, totals[:1], "the THC in the batch")
            assert count is not None and amount is not None
            return formulation.dose_from_total(amount.value, count.value, loss_percent(question))
    if counts and per_piece and wants_amount is False and not potencies:
        return None
    if wants_amount and per_piece and potencies and not counts:
        raise ask(question, "how many pieces you are making")
    if wants_amount and counts and potencies and not per_piece and question.says(CONCENTRATE):
        raise ask(question, "the dose you want in each piece (mg)")
    return None


def servings(question: Question) -> Calculation | None:
    """Servings in a package, checked against the state's caps from the packs."""
    package = question.find("mass", unit="mg", per=("package",))
    serving = question.find("mass", unit="mg", per=("serving", "piece"))
    counts = piece_counts(question)
    if (
        not package
        and serving
        and counts
        and question.says(
            r"\b(?:limit|cap|legal|compliant|allowed|ok|okay|pass|too\s+strong|over)\b"
        )
    ):
        count = one(question, counts[:1], "the number of pieces")
        dose = one(question, serving, "the dose per piece")
        assert count is not None and dose is not None
        package_mg = count.value * dose.value
        limits = question.limits_for(question.state) if question.state else None
        return formulation.servings_check(package_mg, dose.value, limits)
    if not package or not (serving or question.says(r"serving")):
        if package and question.says(r"servings?") and question.says(ASKS):
            raise ask(question, "the THC per serving (mg)")
        return None
    if not serving:
        raise ask(question, "the THC per serving (mg)")
    total_mg = one(question, package, "the THC in the package")
    dose = one(question, serving, "the THC per serving")
    assert total_mg is not None and dose is not None
    limits = question.limits_for(question.state) if question.state else None
    return formulation.servings_check(total_mg.value, dose.value, limits)


_FAT = r"butter|cannabutter|ghee|oil|coconut|olive|mct|lard|canna-?oil|cooking\s+fat"


def kitchen(question: Question) -> Calculation | None:
    """mg THC per tsp, tbsp or cup of butter or oil infused with flower or concentrate."""
    if not question.says(_FAT) or not question.says(
        r"tsp|tbsp|teaspoon|tablespoon|cup|stick|per\s+(?:ml|serving)|dose"
    ):
        return None
    fats = question.find("volume")
    fat_masses = [
        q
        for q in question.find("mass")
        if re.match(
            rf"\s*(?:of\s+)?(?:\w+\s+)?(?:{_FAT})", question.text[q.end : q.end + 25], re.IGNORECASE
        )
    ]
    materials = [q for q in question.find("mass") if q not in fat_masses and q.per is None]
    if not fats and not fat_masses:
        return None
    measure = "tbsp"
    asked = re.search(
        r"(?:per|each|every)\s+(tsp|teaspoon|tbsp|tablespoon|cup|stick)",
        question.text,
        re.IGNORECASE,
    ) or re.search(
        r"(?:\ba|in\s+(?:a|one|1))\s+(tsp|teaspoon|tbsp|tablespoon)\b", question.text, re.IGNORECASE
    )
    if asked:
        measure = units.canonical(asked.group(1))
    if not materials:
        raise ask(question, "how much flower or concentrate goes in (its mass)")
    fat_volume: float
    fat_unit: str
    fat = fats[0] if fats else None
    if fat is not None and fat.per is None:
        question.use(fat)
        fat_volume, fat_unit = fat.value, fat.unit
    elif fat_masses:
        butter = fat_masses[0]
        question.use(butter)
        # A US stick of butter is 1/4 lb (113.4 g) and half a cup.
        fat_volume, fat_unit = units.grams(butter.value, butter.unit) / 113.398 * 0.5, "cup"
    else:
        return None
    material = one(question, materials[:1], "the plant material")
    assert material is not None
    acid = question.find("percent", cannabinoids=("THCA",), without=NOT_POTENCY)
    found = one(question, potency_readings(question), "the potency")
    is_acid = False
    if found is None and acid:
        found, is_acid = one(question, acid, "the THCA potency"), True
    if found is None:
        raise ask(question, "the potency of what goes in (% THC)")
    return formulation.kitchen_infusion(
        material.value,
        material.unit,
        found.value,
        fat_volume,
        fat_unit,
        measure,
        efficiency_percent(question),
        is_acid,
    )


def tincture(question: Question) -> Calculation | None:
    """mg per mL and per dropper of a tincture."""
    if not question.says(r"tincture|dropper|per\s+ml|mg/ml|a\s+ml|each\s+ml|bottle"):
        return None
    volumes = [q for q in question.find("volume") if q.unit != "dropper" and q.per is None]
    totals = [q for q in question.find("mass", unit="mg") if q.per in (None, "package")]
    if potency_readings(question) or question.find("mass", unit="g"):
        return None  # flower or concentrate going in: a kitchen infusion
    if not volumes or not totals:
        if question.says(r"tincture|dropper") and question.says(ASKS) and (volumes or totals):
            raise ask(
                question, "the bottle's size (mL)" if totals else "the THC in the bottle (mg)"
            )
        return None
    total_mg = one(question, totals[:1], "the THC in the bottle")
    volume = one(question, volumes[:1], "the bottle's size")
    dropper = [q for q in question.find("volume") if q.unit == "ml" and "dropper" in q.tags]
    assert total_mg is not None and volume is not None
    return formulation.tincture(
        total_mg.value, volume.value, volume.unit, dropper[0].value if dropper else None
    )


def dilution(question: Question) -> Calculation | None:
    """C1V1 = C2V2 for a stock, or carrier to cut a concentrate to a lower potency."""
    concentrations = question.find("concentration")
    stock_words = question.says(
        r"stock|dilut|cut|thin|bring\s+(?:it\s+)?down|lower\s+the\s+potency|"
        r"knock\s+(?:it\s+)?down|water\s+(?:it\s+)?down|carrier|mct"
    )
    if len(concentrations) >= 2 and (stock_words or question.says(r"need|make|want")):
        amounts = question.find("volume", "mass")
        amounts = [q for q in amounts if q.per is None]
        if not amounts:
            raise ask(question, "how much you want to make (mL or g)")
        stock, target = sorted(concentrations[:2], key=lambda q: -q.value)
        amount = one(question, amounts[:1], "the final amount")
        question.use(stock, target)
        assert amount is not None
        return mixing.dilution_c1v1(
            stock.value,
            target.value,
            amount.value,
            amount.unit,
            "mg/mL" if stock.unit == "mg/ml" else "mg/g",
        )
    if not stock_words or question.says(r"terp|blend|mix\s+(?!it\s+with)"):
        return None
    percents = [
        q for q in question.find("percent", without=NOT_POTENCY) if q.cannabinoid in (None, "THC")
    ]
    masses = [q for q in question.find("mass", "volume") if q.per is None]
    if len(percents) < 2:
        if percents and question.says(ASKS):
            raise ask(question, "the potency you want to end at (%)")
        return None
    if not masses:
        raise ask(question, "how much you start with (g)")
    mass = one(question, masses[:1], "the starting amount")
    assert mass is not None
    after_mass = question.text[mass.end : mass.end + 30]
    own = [
        p
        for p in percents[:2]
        if re.match(rf"\s*(?:of\s+)?(?:[a-z]+\s+)?(?:at\s+|@\s*)?{re.escape(p.text)}", after_mass)
    ]
    if own:
        current = own[0]
        target = next(p for p in percents[:2] if p is not current)
        question.use(current, target)
        if (
            current.text.startswith(target.text) is False
            and re.match(r"\s*(?:of\s+)?(?:[a-z]+\s+)?at\b", after_mass)
            and question.says(r"\b(?:need|make|want)\b")
        ):
            stock, wanted = sorted((current, target), key=lambda q: -q.value)
            return mixing.dilution_c1v1(stock.value, wanted.value, mass.value, mass.unit, "%")
        return mixing.dilution(mass.value, mass.unit, current.value, target.value)
    current, target = percents[0], percents[1]
    question.use(current, target)
    return mixing.dilution(mass.value, mass.unit, current.value, target.value)


def blending(question: Question) -> Calculation | None:
    """The potency of two materials blended, or how much of each for a target."""
    if not question.says(
        r"blend|mix|combin|together|homogeni|add(?:ing)?\s+.*\s+to\s+|"
        r"how\s+much\s+of\s+(?:the\s+)?[\d.]+\s*%|[\d.]+\s*%\s+goes\s+in"
    ):
        return None
    percents = [
        q
        for q in question.find("percent", without=NOT_POTENCY - {"target"} | {"terpene"})
        if q.cannabinoid in (None, "THC")
    ]
    if len(percents) < 2:
        return None
    distinct: dict[float, Quantity] = {}
    for q in percents:
        distinct.setdefault(q.value, q)
    percents = list(distinct.values())
    targets = [q for q in percents if "target" in q.tags and q is not percents[0]]
    if not targets and len(percents) == 3:
        middle = sorted(percents, key=lambda q: q.value)[1]
        targets = [middle]
    masses = [q for q in question.find("mass", "volume") if q.per in (None, "package")]
    if targets and len(percents) >= 3:
        target = targets[-1]
        first, second = [q for q in percents if q is not target][:2]
        wanted = re.search(r"how\s+much\s+(?:of\s+)?(?:the\s+)?([\d.]+)\s*%", question.text)
        if wanted and float(wanted.group(1)) == second.value:
            first, second = second, first
        question.use(first, second, target)
        total_amount = masses[-1] if masses else None
        first_amount = None
        if (
            masses
            and len(masses) == 1
            and masses[0].end < target.start
            and re.match(
                rf"\s*(?:of\s+)?(?:\w+\s+)?(?:at\s+)?{re.escape(first.text)}",
                question.text[masses[0].end : masses[0].end + 30],
            )
        ):
            first_amount, total_amount = masses[0], None
        question.use(total_amount, first_amount)
        return mixing.blend(
            first.value,
            second.value,
            target_percent=target.value,
            total_amount=total_amount.value if total_amount else None,
            first_amount=first_amount.value if first_amount else None,
            unit=amount.unit if (amount := total_amount or first_amount) else "g",
        )
    if len(masses) >= 2:
        pairs = _pair_amounts(question, masses, percents)
        if pairs is None:
            return None
        (m1, p1), (m2, p2) = pairs
        question.use(m1, p1, m2, p2)
        grams = [units.convert(m.value, m.unit, masses[0].unit) for m in (m1, m2)]
        return mixing.blend(p1.value, p2.value, grams[0], grams[1], unit=masses[0].unit)
    if question.says(ASKS):
        raise ask(question, "how much of each you mix (or the potency you are aiming for)")
    return None


def _pair_amounts(
    question: Question, masses: list[Quantity], percents: list[Quantity]
) -> tuple[tuple[Quantity, Quantity], tuple[Quantity, Quantity]] | None:
    pairs = []
    for mass in masses[:2]:
        after = [p for p in percents if p.start >= mass.end and p.start - mass.end < 40]
        before = [p for p in percents if p.end <= mass.start and mass.start - p.end < 25]
        chosen = after[0] if after else before[-1] if before else None
        if chosen is None:
            return None
        pairs.append((mass, chosen))
    if pairs[0][1] is pairs[1][1]:
        return None
    return pairs[0], pairs[1]


def terpene_reintroduction(question: Question) -> Calculation | None:
    """Terpenes to add as % w/w of the blend or of the distillate (the answer says which)."""
    if not question.says(r"terp"):
        return None
    shares = question.find("percent", tags=("terpene",)) or question.find(
        "percent", cannabinoids=(None,), without=("loss", "efficiency")
    )
    bases = [
        q for q in question.find("mass", "volume") if q.per is None and "terpene" not in q.tags
    ]
    terp_masses = [q for q in question.find("mass") if "terpene" in q.tags]
    if not shares and terp_masses and bases:
        base = [b for b in bases if b not in terp_masses]
        if base:
            question.use(terp_masses[0], base[0])
            grams_terp = units.grams(terp_masses[0].value, terp_masses[0].unit)
            grams_base = units.grams(base[0].value, base[0].unit)
            return formulation.percent_by_weight(grams_terp, "g", grams_terp + grams_base, "g")
    if not bases:
        if shares and question.says(ASKS):
            raise ask(question, "how much distillate you are flavouring (g)")
        return None
    if not shares:
        raise ask(question, "the terpene percentage you want (% w/w)")
    terp = one(question, shares[-1:], "the terpene share")
    distillate = one(question, bases[:1], "the distillate")
    assert terp is not None and distillate is not None
    basis = (
        "base"
        if question.says(
            r"%\s*(?:w/w\s*)?(?:of|by|on)\s+(?:the\s+)?(?:weight\s+of\s+(?:the\s+)?)?(?:distillate|oil|"
            r"base|concentrate|extract)|(?:distillate|base|oil)(?:'s)?\s+weight|on\s+top\s+of"
        )
        else "blend"
    )
    return mixing.terpenes(distillate.value, distillate.unit, terp.value, basis)


def scaling(question: Question) -> Calculation | None:
    """Every ingredient of a recipe scaled by a factor or from one batch size to another."""
    if not question.says(r"\b(?:scale|scaling|multiply|double|triple|quadruple)\b"):
        return None
    counts = re.search(r"from\s+([\d.]+)\s+(?:\w+\s+)?to\s+([\d.]+)", question.text, re.IGNORECASE)
    factor: float | None = None
    if counts is not None:
        factor = float(counts.group(2)) / potency.positive(
            "the starting batch size", float(counts.group(1))
        )
    elif question.says(r"\bdouble\b"):
        factor = 2.0
    elif question.says(r"\btriple\b"):
        factor = 3.0
    elif question.says(r"\bquadruple\b"):
        factor = 4.0
    else:
        factors = question.find("factor")
        by = re.search(r"(?:by|x)\s*([\d.]+)\b", question.text, re.IGNORECASE)
        factor = factors[0].value if factors else float(by.group(1)) if by else None
    ingredients = [
        (m.group(3).strip(), float(m.group(1)), units.label(m.group(2)))
        for m in re.finditer(
            r"([\d.]+)\s*(mg|g|kg|grams?|ml|l|oz|lbs?|cups?|tbsp|tsp)\s+(?:of\s+)?([a-z][a-z\s%-]{1,40}?)(?=,|;|\band\b|\.|\s+(?:from|by|to|for)\b|$)",
            question.text,
            re.IGNORECASE,
        )
    ]
    if factor is None or not ingredients:
        return None
    question.use(*[q for q in question.quantities if q.kind in ("mass", "volume")])
    return formulation.scale_batch(ingredients, factor)


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
