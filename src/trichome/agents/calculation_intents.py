"""Which calculation a question asks for, and its inputs taken from the quantities read.

Each reader below looks for the words of one calculation, fills that calculation's inputs
from the quantities (`quantities.read`), and either returns the worked calculation, returns
None (not this calculation), or raises: `MissingInput` with the question to ask when an
input is missing or two readings contradict each other, `CalculationError` when an input
is impossible. Readers run in order; the first that recognises its calculation answers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from trichome.agents import calculators as potency
from trichome.agents import formulation_calculators as formulation
from trichome.agents import operations_calculators as operations
from trichome.agents import units
from trichome.agents.calculators import (
    HEMP_LIMIT,
    Calculation,
    CalculationError,
    MissingInput,
    StateEdibleLimits,
    fmt,
)
from trichome.agents.quantities import Quantity, coa_table, read

_CONCENTRATE = (
    r"distill?ate|disty|disti|\bdist\b|concentrate|\boil\b|isolate|rosin|resin|wax|shatter|"
    r"crude|extract|badder|budder|sauce|\bthca\b"
)
# Percentages that are not a product's potency.
_NOT_POTENCY = frozenset({"loss", "efficiency", "moisture", "terpene", "tolerance"})
_ASKS = (
    r"how\s+(?:much|many)|what(?:'s|s| is| are| would| will)?|calc\w*|figure|work\s+out|\?|"
    r"need|give me|tell me|find"
)


@dataclass(slots=True)
class Question:
    """A normalised question, its quantities, and the state whose caps apply."""

    text: str
    quantities: list[Quantity]
    state: str | None = None
    limits_for: Callable[[str], StateEdibleLimits | None] = lambda _: None
    used: list[Quantity] = field(default_factory=list)

    def says(self, pattern: str) -> bool:
        """Whether the question contains words matching `pattern` (case-insensitive)."""
        return re.search(pattern, self.text, re.IGNORECASE) is not None

    def find(
        self,
        *kinds: str,
        unit: str | None = None,
        tags: Sequence[str] = (),
        without: Sequence[str] | frozenset[str] = (),
        per: Sequence[str | None] | None = None,
        cannabinoids: Sequence[str | None] | None = None,
    ) -> list[Quantity]:
        """The quantities of these kinds that match every filter, in order."""
        return [
            q
            for q in self.quantities
            if (not kinds or q.kind in kinds)
            and (unit is None or q.unit == unit)
            and all(t in q.tags for t in tags)
            and not any(t in q.tags for t in without)
            and (per is None or q.per in per)
            and (cannabinoids is None or q.cannabinoid in cannabinoids)
        ]

    def use(self, *found: Quantity | None) -> None:
        """Remember the quantities a calculation used (shown as the inputs read)."""
        self.used.extend(q for q in found if q is not None and q not in self.used)


def one(question: Question, found: Sequence[Quantity], what: str) -> Quantity | None:
    """The single value given for an input, None when none is.

    Raises:
        MissingInput: two different values were given for the same input.
    """
    values = list(dict.fromkeys(q.value for q in found))
    if len(values) > 1:
        shown = " and ".join(q.text for q in found[:3])
        raise MissingInput(f"You gave two values for {what} ({shown}). Which one should I use?")
    if found:
        question.use(found[0])
        return found[0]
    return None


def ask(question: Question, *missing: str) -> MissingInput:
    """A question for the missing inputs, naming what was read so far."""
    read_so_far = ", ".join(f"“{q.text}”" for q in question.quantities if q.kind != "other")
    wanted = " and ".join(missing)
    tail = f" I read {read_so_far}." if read_so_far else ""
    return MissingInput(f"To work that out I need {wanted}. What is it?{tail}")


def _potencies(question: Question) -> list[Quantity]:
    return question.find(
        "percent", without=_NOT_POTENCY | {"target", "price"}, cannabinoids=(None, "THC")
    )


def _loss(question: Question) -> float:
    found = one(question, question.find("percent", tags=("loss",)), "the process loss")
    return found.value if found else 0.0


def _efficiency(question: Question) -> float:
    found = one(
        question,
        question.find("percent", tags=("efficiency",), without=("loss",)),
        "the efficiency",
    )
    return found.value if found else 100.0


def _counts(question: Question) -> list[Quantity]:
    return [
        q
        for q in question.find("count")
        if not re.match(
            r"lbs?|ounces?|grams?|eighths?|"
            r"tablespoons?|teaspoons?|cups?|sticks?|batch",
            q.noun or "",
        )
    ]


def _hemp(question: Question) -> bool:
    return question.says(
        r"\bhemp\b|farm bill|\bcompliant|\bcompliance|\bpass\b|\bfail|hot\b|"
        r"over the limit|legal limit|0\.3\s*%"
    )


# --- total THC and CBD ------------------------------------------------------------------


def total(question: Question) -> Calculation | None:
    """Total THC (and CBD) from a COA's values, with the hemp verdict; chained to a mass."""
    table = coa_table(question.text)
    values: dict[str, list[Quantity]] = {}
    loose = [
        q
        for q in question.find("percent", "concentration")
        if not any(row.start <= q.start < row.end for row in table)
    ]
    for q in (*table, *loose):
        if q.cannabinoid and (
            (q.kind == "concentration" and q.unit == "mg/g") or q.kind == "percent"
        ):
            if q.tags & {"loss", "efficiency", "terpene", "target"}:
                continue
            values.setdefault(q.cannabinoid, []).append(q)
    asks_total = question.says(
        r"total\s+(?:thc|cbd)|\btotal\b|\bhemp\b|potency|compliant|"
        r"pass|decarb|activated|how\s+much\s+thc"
    )
    parts: list[Calculation] = []
    for name in ("THC", "CBD"):
        acid = _coa_value(question, values.get(f"{name}A", []), f"{name}A")
        neutral = _coa_value(question, values.get(name, []), _neutral(name))
        if acid is None and not (asks_total and neutral is not None and table):
            continue
        if acid is None:
            continue
        basis = "%" if acid.kind == "percent" else "mg/g"
        neutral_value = 0.0
        assumption = None
        if neutral is not None:
            neutral_value = (
                neutral.value if neutral.kind == acid.kind else _convert_basis(neutral, basis)
            )
        else:
            assumption = (
                f"no {_neutral(name)} value was given, so it is counted as 0; "
                f"send it if the COA lists one"
            )
        limit = HEMP_LIMIT if name == "THC" and _hemp(question) else None
        result = potency.total_cannabinoid(neutral_value, acid.value, name, basis, limit)
        if assumption:
            result = _with_assumption(result, assumption)
        parts.append(result)
    if not parts:
        if question.says(r"total\s+thc|\bhemp\b.*(?:compliant|pass|limit)|compliant.*hemp") and (
            values.get("THC") or values.get("CBD")
        ):
            raise ask(question, "the THCA value from the COA (0 if it reports none)")
        return None
    thc = parts[0]
    mass = _product_mass(question)
    if (
        mass is not None
        and thc.name == "total_thc"
        and question.says(r"\bmg\b|milligram|how much thc")
    ):
        as_percent = thc.value if thc.unit == "%" else thc.value / 10
        question.use(mass)
        parts.append(potency.cannabinoid_in_product(mass.value, mass.unit, as_percent))
    return potency.chain(parts)


def _neutral(name: str) -> str:
    return "delta-9 THC" if name == "THC" else name


def _coa_value(question: Question, found: list[Quantity], what: str) -> Quantity | None:
    if not found:
        return None
    percents = [q for q in found if q.kind == "percent"]
    chosen = percents or found
    return one(question, chosen, what)


def _convert_basis(quantity: Quantity, basis: str) -> float:
    return quantity.value * 10 if basis == "mg/g" else quantity.value / 10


def _with_assumption(calculation: Calculation, assumption: str) -> Calculation:
    from dataclasses import replace

    return replace(calculation, assumptions=(*calculation.assumptions, assumption))


def _product_mass(question: Question) -> Quantity | None:
    masses = _same_masses(
        [q for q in question.find("mass") if q.unit != "mg" and q.per in (None, "piece")]
    )
    return masses[0] if len(masses) == 1 else None


def _same_masses(masses: list[Quantity]) -> list[Quantity]:
    """The masses, one kept where two name the same amount ("an eighth is 3.5 g")."""
    kept: list[Quantity] = []
    for mass in masses:
        grams = units.grams(mass.value, mass.unit)
        if not any(abs(units.grams(k.value, k.unit) - grams) < 1e-9 for k in kept):
            kept.append(mass)
    return kept


# --- decarboxylation --------------------------------------------------------------------


def decarboxylation(question: Question) -> Calculation | None:
    """THC from THCA by decarboxylation (theoretical or at an efficiency), and mass loss."""
    if not question.says(
        r"decarb|theoretical|activat|mass\s+loss|\bco2\b|converts?\s+to\s+thc|"
        r"turn(?:s|ed)?\s+into\s+thc|yield\s+of\s+thc|how\s+much\s+thc"
    ):
        return None
    acid_masses = question.find("mass", cannabinoids=("THCA",))
    if not acid_masses and question.says(r"\bthca\b|thc-a|crystalline|diamonds|isolate"):
        acid_masses = [q for q in question.find("mass") if q.per is None]
    if not acid_masses:
        if question.says(r"\bthca\b") and question.says(_ASKS) and question.find("mass", "percent"):
            raise ask(question, "how much THCA you start with (its mass)")
        return None
    acid = one(question, acid_masses[:1], "the THCA")
    assert acid is not None
    efficiency = _efficiency(question)
    if efficiency == 100 and not question.find("percent", tags=("efficiency",)):
        stray = [q for q in question.find("percent", without=("loss",)) if q.cannabinoid is None]
        if stray and question.says(r"efficien|conversion|convert"):
            efficiency = stray[0].value
            question.use(stray[0])
    result = potency.decarboxylation(acid.value, acid.unit, efficiency)
    pieces = _counts(question)
    if pieces and question.says(r"each|per|a\s+piece|dose"):
        count = one(question, pieces, "the number of pieces")
        assert count is not None
        split = formulation.dose_from_total(result.value, count.value, _loss(question))
        return potency.chain([result, split])
    return result


# --- infusion, dose per piece, THC in a product --------------------------------------------


def infusion_or_dose(question: Question) -> Calculation | None:
    """Concentrate for N pieces at X mg, or mg per piece from a mass of concentrate."""
    counts = _counts(question)
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
    potencies = _potencies(question)
    acid_potency = question.find("percent", cannabinoids=("THCA",), without=_NOT_POTENCY)
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
        parts.append(formulation.infusion(count.value, dose.value, strength, _loss(question)))
        return potency.chain(parts)
    if counts and concentrate and (potencies or acid_potency or question.says(_CONCENTRATE)):
        count = one(question, counts[:1], "the number of pieces")
        mass = one(question, concentrate[:1], "the concentrate's mass")
        assert count is not None and mass is not None
        found = one(question, potencies, "the concentrate's potency")
        if found is None:
            if mass.unit == "mg" and question.says(r"\bmg\s+(?:of\s+)?(?:thc|total)|thc\s+total"):
                return formulation.dose_from_total(mass.value, count.value, _loss(question))
            raise ask(question, "the concentrate's potency (% THC on its COA)")
        return formulation.dose_per_unit(
            found.value, mass.value, mass.unit, count.value, _loss(question)
        )
    if counts and not per_piece and not potencies:
        totals = [q for q in question.find("mass", unit="mg") if q.per in (None, "package")]
        if totals and question.says(
            r"each|per\s+(?:piece|gumm|cookie|unit|serving)|a\s+piece|dose"
        ):
            count = one(question, counts[:1], "the number of pieces")
            amount = one(question, totals[:1], "the THC in the batch")
            assert count is not None and amount is not None
            return formulation.dose_from_total(amount.value, count.value, _loss(question))
    if counts and per_piece and wants_amount is False and not potencies:
        return None
    if wants_amount and per_piece and potencies and not counts:
        raise ask(question, "how many pieces you are making")
    if wants_amount and counts and potencies and not per_piece and question.says(_CONCENTRATE):
        raise ask(question, "the dose you want in each piece (mg)")
    return None


def product_content(question: Question) -> Calculation | None:
    """mg of THC in a product of a given mass at a given potency (a 1 g cart at 85%)."""
    if not question.says(
        r"how\s+(?:much|many)\s+(?:mg|milligrams|thc)|mg\s+(?:of\s+)?thc|"
        r"\bmgs?\b\s*(?:is|are|in)|milligrams|thc\s+content|how\s+strong|total\s+mg"
    ):
        return None
    masses = _same_masses(
        [q for q in question.find("mass") if q.unit != "mg" and q.per in (None, "package", "piece")]
    )
    if not masses:
        return None
    found = one(question, _potencies(question), "the potency")
    mass = one(question, masses[:1], "the product's mass")
    assert mass is not None
    if found is None:
        if question.find("percent", cannabinoids=("THCA",)):
            return None  # total() chains THCA and delta-9 to the mass
        raise ask(question, "the product's potency (% THC)")
    result = potency.cannabinoid_in_product(mass.value, mass.unit, found.value)
    counts = _counts(question)
    if counts:
        count = one(question, counts[:1], "the number of units")
        assert count is not None
        return potency.chain([result, formulation.dose_from_total(result.value, count.value)])
    return result


# --- servings and state caps ---------------------------------------------------------------


def servings(question: Question) -> Calculation | None:
    """Servings in a package, checked against the state's caps from the packs."""
    package = question.find("mass", unit="mg", per=("package",))
    serving = question.find("mass", unit="mg", per=("serving", "piece"))
    counts = _counts(question)
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
        if package and question.says(r"servings?") and question.says(_ASKS):
            raise ask(question, "the THC per serving (mg)")
        return None
    if not serving:
        raise ask(question, "the THC per serving (mg)")
    total_mg = one(question, package, "the THC in the package")
    dose = one(question, serving, "the THC per serving")
    assert total_mg is not None and dose is not None
    limits = question.limits_for(question.state) if question.state else None
    return formulation.servings_check(total_mg.value, dose.value, limits)


# --- kitchen infusions and tinctures -----------------------------------------------------------


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
    acid = question.find("percent", cannabinoids=("THCA",), without=_NOT_POTENCY)
    found = one(question, _potencies(question), "the potency")
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
        _efficiency(question),
        is_acid,
    )


def tincture(question: Question) -> Calculation | None:
    """mg per mL and per dropper of a tincture."""
    if not question.says(r"tincture|dropper|per\s+ml|mg/ml|a\s+ml|each\s+ml|bottle"):
        return None
    volumes = [q for q in question.find("volume") if q.unit != "dropper" and q.per is None]
    totals = [q for q in question.find("mass", unit="mg") if q.per in (None, "package")]
    if _potencies(question) or question.find("mass", unit="g"):
        return None  # flower or concentrate going in: a kitchen infusion
    if not volumes or not totals:
        if question.says(r"tincture|dropper") and question.says(_ASKS) and (volumes or totals):
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


# --- dilution, blending, terpenes ----------------------------------------------------------


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
        return formulation.dilution_c1v1(
            stock.value,
            target.value,
            amount.value,
            amount.unit,
            "mg/mL" if stock.unit == "mg/ml" else "mg/g",
        )
    if not stock_words or question.says(r"terp|blend|mix\s+(?!it\s+with)"):
        return None
    percents = [
        q for q in question.find("percent", without=_NOT_POTENCY) if q.cannabinoid in (None, "THC")
    ]
    masses = [q for q in question.find("mass", "volume") if q.per is None]
    if len(percents) < 2:
        if percents and question.says(_ASKS):
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
            return formulation.dilution_c1v1(stock.value, wanted.value, mass.value, mass.unit, "%")
        return formulation.dilution(mass.value, mass.unit, current.value, target.value)
    current, target = percents[0], percents[1]
    question.use(current, target)
    return formulation.dilution(mass.value, mass.unit, current.value, target.value)


def blending(question: Question) -> Calculation | None:
    """The potency of two materials blended, or how much of each for a target."""
    if not question.says(
        r"blend|mix|combin|together|homogeni|add(?:ing)?\s+.*\s+to\s+|"
        r"how\s+much\s+of\s+(?:the\s+)?[\d.]+\s*%|[\d.]+\s*%\s+goes\s+in"
    ):
        return None
    percents = [
        q
        for q in question.find("percent", without=_NOT_POTENCY - {"target"} | {"terpene"})
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
        return formulation.blend(
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
        return formulation.blend(p1.value, p2.value, grams[0], grams[1], unit=masses[0].unit)
    if question.says(_ASKS):
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
        if shares and question.says(_ASKS):
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
    return formulation.terpenes(distillate.value, distillate.unit, terp.value, basis)


# --- operations ------------------------------------------------------------------------------


def conversion(question: Question) -> Calculation | None:
    """A unit conversion, stating the convention used."""
    text = question.text
    if question.find("percent"):
        return None  # "mg in an eighth of 24% flower" asks for THC content, not a conversion
    unit_word = (
        r"(mg|g|kg|ozs?|lbs?|ml|l|fl\.?\s?oz|grams?|ounces?|pounds?|milligrams?|kilograms?|kilos?|"
        r"eighths?|8ths?|zips?|quarters?|tsp|tbsp|teaspoons?|tablespoons?|cups?|sticks?|liters?|"
        r"litres?|milliliters?|millilitres?|sq\s?ft|square\s+feet|m2|square\s+met(?:er|re)s|"
        r"droppers?)"
    )
    match = re.search(
        rf"(?:convert\s+)?(-?[\d.]+)\s*{unit_word}\s+(?:to|in|into|=|in\s+to|equals?|is\s+how\s+many)\s+(?:how\s+many\s+)?{unit_word}\b",
        text,
        re.IGNORECASE,
    )
    asked = re.search(
        rf"how\s+many\s+{unit_word}\s+(?:are\s+|is\s+)?(?:there\s+)?(?:in|to|is|are|make|makes)\s+(?:an?\s+|one\s+)?(-?[\d.]+)?\s*{unit_word}\b",
        text,
        re.IGNORECASE,
    )
    if match:
        amount, source, target = float(match.group(1)), match.group(2), match.group(3)
    elif asked:
        amount = float(asked.group(2)) if asked.group(2) else 1.0
        source, target = asked.group(3), asked.group(1)
    else:
        return None
    source, target = _trade(_unit(source), _unit(target))
    density = re.search(r"density\s*(?:of|is|=|:)?\s*([\d.]+)", text, re.IGNORECASE)
    try:
        different = units.kind(source) != units.kind(target)
    except ValueError:
        return None
    if different and density is None and not question.says(r"^\s*(?:convert|how\s+many)"):
        return None  # "7 g of flower into 1 cup of butter" is an infusion, not a conversion
    question.use(*[q for q in question.quantities if q.kind in ("mass", "volume", "area")][:1])
    return operations.convert(amount, source, target, float(density.group(1)) if density else None)


def _unit(written: str) -> str:
    cleaned = written.lower().replace(".", "").replace(" ", "")
    return {"squarefeet": "sqft", "squaremeters": "m2", "squaremetres": "m2"}.get(cleaned, cleaned)


def _trade(source: str, target: str) -> tuple[str, str]:
    keys = {units.canonical(source), units.canonical(target)}
    if keys & {"eighth", "quarter_oz", "half_oz", "trade_oz"} and "oz" in keys:
        # Eighths and quarters are fractions of the trade's 28 g ounce.
        return tuple("trade_oz" if units.canonical(u) == "oz" else u for u in (source, target))  # type: ignore[return-value]
    return source, target


def price(question: Question) -> Calculation | None:
    """Price per gram from a price per pound, ounce or any mass."""
    money = question.find("money")
    if not money or not question.says(
        r"per\s+(?:gram|g)\b|a\s+(?:gram|g)\b|/\s*g\b|per\s+gram|"
        r"price\s+per|cost\s+per|\bppg\b|gram\s+price|by\s+the\s+gram"
    ):
        return None
    cost = one(question, money[:1], "the price")
    assert cost is not None
    if cost.per and cost.per not in ("piece", "package", "serving"):
        try:
            units.canonical(cost.per)
            return operations.price_per_gram(cost.value, 1, _trade_mass(question, cost.per))
        except CalculationError:
            raise
        except ValueError:
            pass
    masses = [q for q in question.find("mass") if q.per is None]
    if not masses:
        raise ask(question, "how much that price buys (a pound, an ounce, grams)")
    amount = one(question, masses[:1], "the amount bought")
    assert amount is not None
    return operations.price_per_gram(cost.value, amount.value, _trade_mass(question, amount.unit))


def _trade_mass(question: Question, unit: str) -> str:
    return "trade_oz" if unit == "oz" and question.says(r"zip|trade") else unit


def grow_yield(question: Question) -> Calculation | None:
    """Grams per square foot and per watt; wet weight is dried first when a loss is given."""
    if not question.says(
        r"per\s+(?:sq|square)|/\s*sq|per\s+watt|g/w\b|/\s*w\b|gpw|grams?\s+per\s+"
        r"(?:sq|square|watt|light)|per\s+light|per\s+ft"
    ):
        return None
    harvests = [q for q in question.find("mass") if q.per is None]
    areas = question.find("area")
    power = [q for q in question.find("power") if q.per is None]
    lights = [q for q in _counts(question) if re.match(r"lights?|fixtures?", q.noun or "")]
    watts_each = [
        q
        for q in question.find("power")
        if q.per is not None
        or re.match(
            r"\s*(?:lights?|fixtures?|leds?|each)", question.text[q.end : q.end + 12], re.IGNORECASE
        )
    ]
    if not harvests:
        raise ask(question, "the dry harvest weight")
    asks_area = question.says(r"sq|square|ft|canopy")
    asks_power = question.says(r"watt|g/w|gpw|/\s*w\b|light")
    watts: float | None = None
    if lights and watts_each:
        question.use(lights[0], watts_each[0])
        watts = lights[0].value * units.convert(watts_each[0].value, watts_each[0].unit, "w")
    elif power:
        chosen = one(question, power[:1], "the wattage")
        assert chosen is not None
        watts = units.convert(chosen.value, chosen.unit, "w")
    if asks_power and watts is None:
        raise ask(question, "the total lighting wattage")
    if asks_area and not areas and not asks_power:
        raise ask(question, "the canopy area (sq ft)")
    area = one(question, areas[:1], "the canopy area") if areas else None
    parts = []
    harvest = harvests[0]
    dry_mass, dry_unit = harvest.value, harvest.unit
    if question.says(r"\bwet\b") and question.find("percent", tags=("moisture",)) + question.find(
        "percent", tags=("loss",)
    ):
        dried = dry(question)
        if dried is not None:
            parts.append(dried)
            dry_mass = dried.value
    question.use(harvest)
    parts.append(
        operations.cultivation_yield(
            dry_mass, dry_unit, area.value if area else None, area.unit if area else "sqft", watts
        )
    )
    return potency.chain(parts)


def dry(question: Question) -> Calculation | None:
    """Dry weight from wet weight at a stated loss or moisture before and after."""
    if not question.says(r"\bwet\b|fresh|freshly|chop") or not question.says(
        r"\bdr(?:y|ied|ies|ying)\b|moisture|shrink|cure"
    ):
        return None
    wets = [q for q in question.find("mass") if q.per is None]
    if not wets:
        return None
    wet = one(question, wets[:1], "the wet weight")
    assert wet is not None
    moistures = question.find("percent", tags=("moisture",), without=("loss",))
    losses = question.find("percent", tags=("loss",)) or [
        q
        for q in question.find("percent")
        if re.search(
            r"los[es]|drop|shrink",
            question.text[max(0, q.start - 25) : q.start + 30],
            re.IGNORECASE,
        )
    ]
    if len(moistures) >= 2:
        question.use(moistures[0], moistures[1])
        return operations.dry_weight(
            wet.value,
            wet.unit,
            initial_moisture_percent=moistures[0].value,
            final_moisture_percent=moistures[1].value,
        )
    loss = one(question, losses[:1] or moistures[:1], "the weight lost in drying")
    if loss is None:
        raise ask(question, "how much of its weight it loses in drying (%)")
    return operations.dry_weight(wet.value, wet.unit, moisture_loss_percent=loss.value)


def variance(question: Question) -> Calculation | None:
    """The window around a label claim that a lab result may fall in."""
    if not question.says(
        r"variance|tolerance|\+/-|plus\s+or\s+minus|window|deviation|"
        r"(?:what|which)\s+range|allowed\s+range|how\s+far\s+off|within\s+[\d.]+\s*%"
    ):
        return None
    tolerances = question.find("percent", tags=("tolerance",))
    claims = [q for q in question.find("mass", "percent") if "tolerance" not in q.tags]
    if not claims:
        return None
    if not tolerances:
        raise ask(question, "the variance allowed around the label (±%)")
    claim = one(question, claims[:1], "the label claim")
    tolerance = one(question, tolerances[:1], "the variance")
    assert claim is not None and tolerance is not None
    measured = claims[1] if len(claims) > 1 else None
    question.use(measured)
    return potency.potency_window(
        claim.value,
        tolerance.value,
        "%" if claim.kind == "percent" else units.label(claim.unit),
        measured.value if measured else None,
    )


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


READERS: tuple[Callable[[Question], Calculation | None], ...] = (
    conversion,
    price,
    variance,
    grow_yield,
    dry,
    scaling,
    share_by_weight,
    terpene_reintroduction,
    tincture,
    kitchen,
    dilution,
    blending,
    decarboxylation,
    total,
    servings,
    infusion_or_dose,
    product_content,
)


def first_calculation(question: Question) -> Calculation | None:
    """The calculation the question asks for, worked out; None when it asks for none.

    Raises:
        MissingInput: an input is missing or given twice with different values.
        CalculationError: an input is impossible.
    """
    for reader in READERS:
        found = reader(question)
        if found is not None:
            return found
    return None


def question_for(
    text: str, state: str | None, limits_for: Callable[[str], StateEdibleLimits | None]
) -> Question:
    """A normalised text's quantities, ready for the readers."""
    return Question(text, read(text), state, limits_for)


__all__ = ["Question", "first_calculation", "fmt", "question_for"]
