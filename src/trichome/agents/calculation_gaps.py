"""The last reader: a calculation plainly asked for whose inputs are too few for any reader
to recognise it ("mg per gummy for a batch of 40", "price per gram from a pound").

Every other reader needs some of its numbers before it claims a question; this one knows the
calculations by their wording alone and asks for what each needs, so a question that names a
calculation gets a question back rather than nothing (or a guess). Each row is the wording of
one calculation and the inputs it needs; the first row that matches asks.
"""

from __future__ import annotations

import re

from trichome.agents import missing_inputs as needs
from trichome.agents.calculation_questions import Question, ask
from trichome.agents.calculators import Calculation

_PIECE = (
    r"(?:gumm(?:y|ies)|pieces?|cookies?|brownies?|choc\w*|mints?|caps?(?:ules)?|bars?|edibles?)"
)
_FAT = r"(?:butter|oil|cannabutter|canna-?oil|ghee|fat)"
# What making pieces is called: "make", "pour", "press", "cut", "get out of it".
_MAKE = r"(?:make|get|fill|dose|do|pour|press|mou?ld|cut|portion|bake|turn\s+out)"

# (the calculation's wording, what it needs: one input or several)
_CALCULATIONS: tuple[tuple[str, str | tuple[str, ...]], ...] = (
    (
        r"how\s+much\s+thc.{0,30}\bdecarb|\bdecarb\w*\b.{0,40}"
        r"(?:how\s+much\s+(?:thc|do\s+i\s+get|will\s+i\s+get)|theoretical|yield)|"
        r"\b(?:co2|mass|weight)\s+(?:lost|loss)\b.{0,30}\bdecarb|\bdecarb\w*\b.{0,40}\b(?:co2|"
        r"mass\s+(?:lost|loss)|weight\s+(?:lost|loss))",
        needs.DECARB_MASS,
    ),
    (  # "how many carts can I fill from my oil": how much oil (or flower) there is, unsaid
        r"how\s+many\s+(?:[\w.-]+\s+){0,2}(?:carts?|cartridges?|pods?|pre-?rolls?|joints?|"
        r"cones?|blunts?)\s+(?:can|could|will|would|do|does)\s+(?:i|we|you|it|that)\s+"
        r"(?:make|get|fill|roll|do)\b.{0,25}?\b(?:from|out\s+of|with)\s+(?:my|our|the|this|"
        r"that|a|some)\b",
        needs.START_MASS,
    ),
    (  # "how many 10mg gummies can I make with 20g of distillate": the potency unsaid
        rf"how\s+many\s+[\d.]+\s*(?:mg|milligrams?)\s+{_PIECE}\s+(?:can|could|will|would|do|does)"
        r"\s+(?:i|we|you|it|that)\s+(?:make|get|fill|dose|do)\b.{0,25}?\b(?:from|out\s+of|with)"
        r"\s+(?:my|our|the|this|that|a|some)?\s*[\d.]+\s*(?:g|grams?|kg|kilos?|ml|mls|oz|ounces?)"
        r"\s+(?:of\s+)?(?:\w+\s+)?(?:disty|distill?ate|concentrate|oil|rosin|isolate|extract|wax|"
        r"shatter)\b",
        needs.CONCENTRATE_POTENCY,
    ),
    (  # "how many pieces can I pour out of 3 g of 90% disty": the dose in each unsaid
        rf"how\s+many\s+{_PIECE}\s+(?:can|could|will|would|do|does)\s+(?:i|we|you|it|that)\s+"
        rf"{_MAKE}\b.{{0,25}}?\b(?:from|out\s+of|with)\s+(?:my|our|the|this|that|a|some)?\s*"
        r"[\d.]+\s*(?:g|grams?|kg|kilos?|ml|mls|oz|ounces?)\s+(?:of\s+)?[\d.]+\s*(?:%|percent)\s+"
        r"(?:\w+\s+)?(?:disty|distill?ate|concentrate|oil|rosin|isolate|extract|wax|shatter)\b",
        needs.PIECE_DOSE,
    ),
    (  # "how many gummies can I make with 20g of distillate": the dose and potency unsaid
        rf"how\s+many\s+{_PIECE}\s+(?:can|could|will|would|do|does)\s+(?:i|we|you|it|"
        r"that)\s+(?:make|get|fill|dose|do)\b.{0,25}?\b(?:from|out\s+of|with)\s+(?:my|our|the|"
        r"this|that|a|some)?\s*[\d.]+\s*(?:g|grams?|kg|kilos?|ml|mls|oz|ounces?)\s+(?:of\s+)?"
        r"(?:\w+\s+)?(?:disty|distill?ate|concentrate|oil|rosin|isolate|extract|wax|shatter)\b",
        (needs.PIECE_DOSE, needs.CONCENTRATE_POTENCY),
    ),
    (  # "how many gummies can I make from my distillate": the concentrate's amount unsaid
        rf"how\s+many\s+(?:[\w.-]+\s+){{0,2}}{_PIECE}\s+(?:can|could|will|would|do|does)\s+(?:i|we|you|it|"
        r"that)\s+(?:make|get|fill|dose|do)\b.{0,25}?\b(?:from|out\s+of|with)\s+(?:my|our|the|"
        r"this|that|a|some)?\s*(?:\w+\s+)?(?:disty|distill?ate|concentrate|oil|rosin|isolate|"
        r"extract|wax|shatter|butter|flower)\b",
        needs.CONCENTRATE_STOCK,
    ),
    (
        r"\bhemp\b.{0,60}\b(?:under|over|below|above)\s+(?:the\s+)?0?\.3\b",
        needs.COA_RESULTS,
    ),
    (
        r"how\s+many\s+(?:mg|milligrams)\s+(?:of\s+thc\s+)?(?:in|per)\s+(?:the|a|each|one)\s+"
        r"(?:package|pack|bag|box|jar|tin|bottle)",
        needs.PACKAGE_CONTENT,
    ),
    (
        r"\bservings?\s+(?:per|in)\s+(?:a\s+|the\s+|each\s+|one\s+)?(?:package|pack|bag|box|jar|"
        r"bottle|bar|tin)",
        needs.PACKAGE_THC,
    ),
    (
        r"\bis\s+(?:my|our|this|the)\s+(?:hemp|crop|sample|field|flower|biomass)\b.{0,30}"
        r"(?:under|over|below|above|compliant|legal|hot)|\b(?:my|our)\s+hemp\b.{0,30}0?\.3\s*%",
        needs.COA_RESULTS,
    ),
    (
        rf"(?:mg|thc)\s+(?:per|each|a|in\s+(?:each|a|one))\s+(?:tbsp|tablespoon|tsp|teaspoon|"
        rf"cup)|(?:per|a)\s+(?:tbsp|tablespoon|tsp|teaspoon)\s+of\s+(?:my\s+|the\s+)?{_FAT}|"
        rf"how\s+much\s+{_FAT}\s+for\b",
        needs.INFUSION_INPUTS,
    ),
    (
        r"\b(?:mg|thc)\s+(?:per|each|a|in\s+(?:a|one|each))\s*(?:[\d.]+\s*ml\s+)?(?:dropper|ml)\b"
        r"|\btincture\b.{0,30}\bper\s+(?:ml|dropper)",
        needs.TINCTURE_INPUTS,
    ),
    (
        r"\bterps?\b.{0,20}%|%\s*(?:of\s+)?terps?\b|terpene\s+(?:%|percent|share)",
        needs.TERPENE_BASE,
    ),
    (
        r"\bscal(?:e|ing)\b.{0,30}\b(?:recipe|batch)|\b(?:recipe|batch)\b.{0,30}\bscal(?:e|ing)\b",
        needs.RECIPE_NOW,
    ),
    (
        r"\bservings?\s+(?:in|are\s+in|does)\s+(?:a|an|the|this|that|my|our|each|one)\b",
        needs.SERVING_INPUTS,
    ),
    (
        rf"(?:how\s+(?:much|many)\s+(?:grams?\s+(?:of\s+)?|g\s+(?:of\s+)?)?|grams?\s+of\s+)"
        rf"(?:disty|distill?ate|concentrate|oil|rosin|isolate)\b.{{0,30}}\bfor\b.{{0,20}}{_PIECE}",
        needs.CONCENTRATE_INPUTS,
    ),
    (  # "package says 10 pieces, how many mg is one piece": the package's THC unsaid
        rf"\b(?:package|pack|bag|box|tin|jar|sleeve)\b.{{0,60}}how\s+(?:much|many)\s+"
        rf"(?:(?:mg|milligrams|thc)\s+)*(?:is|in)\s+(?:1|one|a|each)\s+{_PIECE}",
        needs.PACKAGE_THC,
    ),
    (
        rf"\bmg\s+(?:per|each|a|in\s+(?:each|a|one))\s+{_PIECE}|{_PIECE}\s*,?\s*mg\s+each|"
        rf"\bmg\s+each\b|how\s+strong\s+is\s+each",
        needs.DOSE_INPUTS,
    ),
    (
        r"(?:price|cost)\s+(?:per|a)\s+(?:gram|g)\b|\bper\s+(?:gram|g)\b.{0,30}\b(?:pay|paid|price)|"
        r"\b(?:pay|paid|price)\b.{0,40}\bper\s+(?:gram|g)\b",
        needs.PRICE_INPUTS,
    ),
    (
        r"\bdry\s+weight\b|\bhow\s+much\s+dry\b",
        needs.WET_WEIGHT,
    ),
    (
        r"\b(?:g|grams?)\s*(?:per|/)\s*(?:w|watt)\b",
        needs.YIELD_PER_WATT_INPUTS,
    ),
    (
        r"\btotal\s+(?:thc|cbd)\b",
        needs.COA_RESULTS_ANY_BASIS,
    ),
    (
        r"\b(?:lowest|highest|low|high|min(?:imum)?|max(?:imum)?)\b.{0,40}\b(?:still\s+)?"
        r"(?:pass|test\s+at)\b",
        needs.TOLERANCE_OR_STATE,
    ),
)


# A question of fact or advice that names a calculation's words ("what's the legal mg per
# gummy in Colorado?", "the usual price per gram") is not a calculation with an input missing.
_NOT_A_CALCULATION = re.compile(
    r"\b(?:legal(?:ly)?|laws?|limits?|allowed|caps?|max(?:imum)?|rules?|regulat\w*|should|best|"
    r"recommend\w*|safe|typical(?:ly)?|usual(?:ly)?|normal(?:ly)?|average|market|going\s+rate|"
    r"good|fair|decent|cheap|expensive|fine|federal(?:ly)?|complian\w*)\b",
    re.IGNORECASE,
)


def missing_input(question: Question) -> Calculation | None:
    """Raises `MissingInput` for a calculation named in the question whose inputs no other
    reader found; None when the question names no calculation."""
    if _NOT_A_CALCULATION.search(question.text):
        return None
    for wording, needed in _CALCULATIONS:
        if re.search(wording, question.text, re.IGNORECASE | re.DOTALL):
            raise ask(question, *((needed,) if isinstance(needed, str) else needed))
    return None
