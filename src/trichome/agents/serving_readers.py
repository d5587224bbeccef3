"""Reader for servings in a package: the package's THC divided by a serving's, checked
against the state's caps from the packs; the package's THC may come as a count of pieces
and their dose ("pack of 20 gummies at 5mg each, servings of 10mg?")."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import calculators, units
from trichome.agents import formulation_calculators as formulation
from trichome.agents import missing_inputs as needs
from trichome.agents import mixing_calculators as mixing
from trichome.agents import serving_calculators as serving_arithmetic
from trichome.agents.asked_pieces import asks_one_piece
from trichome.agents.calculation_questions import (
    ASKS,
    Question,
    ask,
    named_cannabinoid,
    one,
    piece_counts,
    with_assumption,
)
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.cap_questions import asks_the_cap
from trichome.agents.cap_readers import stated_caps
from trichome.agents.quantities import Quantity
from trichome.agents.unit_words import PIECES, holder_word


def servings(question: Question) -> Calculation | None:
    """Servings in a package, checked against the state's caps from the packs."""
    most = _most_pieces(question)
    if most is not None:
        return most
    from_pieces = _servings_from_pieces(question) or _per_piece_in_package(question)
    if from_pieces is not None:
        return from_pieces
    package = question.find("mass", unit="mg", per=("package",), without=("limit",))
    serving = question.find("mass", unit="mg", per=("serving", "piece"), without=("limit",))
    counts = piece_counts(question)
    if not package and question.says(
        r"(?:how\s+many|number\s+of)\s+(?:[\d.]+\s*mg\s+)?(?:servings|doses|shots|pours|squares|"
        r"pieces|bites)|"
        r"\b(?:servings|doses)\b[^.?!\d]{0,12}\bhow\s+many\b|"
        r"(?:servings|doses)\s+(?:per|in|from)\s+(?:a\s+|the\s+|one\s+|each\s+|1\s+)?"
        r"(?:package|pack|bottle|jar|bag|box|tin|bar|container)"
    ):
        # "how many 10mg servings in a 100mg bar": the bar (or bag, jar) is the package.
        held = [
            q
            for q in question.find("mass", unit="mg", per=(None, "serving", "piece"),
                                   without=("limit",))
            if re.search(r"(?<!number\s)\b(?:in|from|of)\s+"
                         r"(?:a|an|the|one|my|our|each|1|this|that|his|her|your)?\s*$",
                         question.text[max(0, q.start - 16) : q.start])
        ]  # fmt: skip
        amounts = question.find(
            "mass", unit="mg", per=(None, "serving", "piece"), without=("limit",)
        )
        if held:
            package = held[:1]
            serving = [q for q in serving if q not in held] or [
                q
                for q in question.find("mass", unit="mg", per=(None,), without=("limit",))
                if q not in held
            ]
        elif len({q.value for q in amounts}) == 2:
            # "a 200mg chocolate bar where each square is 5mg": a serving is the smaller.
            package = [max(amounts, key=lambda q: q.value)]
            serving = [min(amounts, key=lambda q: q.value)]
    if (
        not package
        and serving
        and counts
        and question.says(
            r"\b(?:limit|cap|legal|compliant|allowed|ok|okay|pass|too\s+strong|over)\b"
        )
    ):
        if asks_the_cap(question.text):
            return None  # "10mg each, 10 per bag ... what is the cap": the rule's figure

        count = one(question, counts[:1], "the number of pieces")
        dose = one(question, serving, "the dose per piece")
        assert count is not None and dose is not None
        package_mg = count.value * dose.value
        checked = formulation.servings_check(
            package_mg, dose.value, stated_caps(question), named_cannabinoid(question, None)
        )
        if not question.says(_ASKS_PACKAGE_TOTAL):
            return checked
        return replace(  # "what's the package total and does it clear the cap?"
            checked,
            value=package_mg,
            unit="mg THC per package",
            summary=f"The package holds {fmt(package_mg)} mg THC. {checked.summary}",
        )
    if not package or not (serving or question.says(r"serving")):
        if package and question.says(r"servings?") and question.says(ASKS):
            raise ask(question, needs.SERVING_THC)
        return None
    if not serving:
        raise ask(question, needs.SERVING_THC)
    total_mg = one(question, package, "the THC in the package")
    dose = one(question, serving, "the THC per serving")
    assert total_mg is not None and dose is not None
    limits = stated_caps(question)
    name = named_cannabinoid(question, total_mg if total_mg.cannabinoid else None)
    return formulation.servings_check(total_mg.value, dose.value, limits, name)


# "the package total", "total mg in the bag", "how much THC per pack": the package's THC asked
_ASKS_PACKAGE_TOTAL = (
    r"\b(?:package|pack|bag|box|tin|jar)(?:'s)?\s+total\b|\btotal\s+(?:mg|thc)\b[^.?!]{0,20}"
    r"\b(?:package|pack|bag|box|tin|jar)\b|how\s+much\s+(?:thc\s+)?(?:is\s+)?(?:in|per)\s+(?:the\s+|a\s+|each\s+)?"
    r"(?:package|pack|bag|box|tin|jar)\b"
)
_SERVINGS_ASKED = r"how\s+many\s+(?:servings|doses|times|sessions)\b"
_SERVING_BEFORE = re.compile(r"(?:servings?|doses?)\s*(?:of|at|is|are|=|:)?\s*$", re.I)
_SERVING_AFTER = re.compile(r"^\s*(?:servings?|doses?)\b", re.I)


# "the most pieces we can put in one package", "max gummies per pack under the cap"
_MOST_PIECES = (
    r"\b(?:most|max(?:imum)?|how\s+many)\s+(?:\w+\s+){0,2}?(?:pieces|gummies|units|servings|"
    r"chocolates|cookies|candies|mints|tablets|capsules|chews|chewables|bites|squares|lozenges)\b"
    r"[^.?!]{0,60}\b(?:package|pack|box|tin|bag|jar|pouch)|"
    # the pieces left unnamed, after the dose was given: "5mg gummies ... how many can we put
    # in one bag before we hit the cap?"
    r"\bhow\s+many\s+(?:of\s+(?:them|those|these)\s+)?(?:can|could|may|will|do|should)\s+"
    r"(?:we|i|you|they)\s+(?:legally\s+)?(?:fit|put|pack|get|stuff|include|sell|have)\b[^.?!]{0,40}"
    r"\b(?:package|pack|box|tin|bag|jar|pouch|container)"
)


def _most_pieces(question: Question) -> Calculation | None:
    """The most pieces of a dose one package may hold under the state's package cap."""
    doses = question.find("mass", unit="mg", per=(None, "piece", "serving"), without=("limit",))
    limits = stated_caps(question)
    if (
        len(doses) != 1
        or question.find("mass", unit="mg", per=("package",))
        or [c for c in piece_counts(question) if c.value != 1]  # not "in one package"
        or not question.says(_MOST_PIECES)
        # "the most pieces", "max": the cap is asked, not what one product holds
        or not question.says(r"\b(?:cap|limit|most|max(?:imum)?|allowed|legal)\b")
    ):
        return None
    if limits is None or limits.per_package_mg is None:
        raise ask(question, needs.PACKAGE_CAP)
    question.use(doses[0])
    result = formulation.servings_check(limits.per_package_mg, doses[0].value, limits)
    whole = int(result.value)  # servings_check counts whole servings, rounded down
    return replace(
        result,
        unit="pieces",
        summary=f"At most {whole} pieces of {fmt(doses[0].value)} mg fit under "
        f"{limits.state}'s {fmt(limits.per_package_mg)} mg package cap. {result.summary}",
        steps=(
            f"package cap in {limits.state}: {fmt(limits.per_package_mg)} mg",
            *result.steps,
            f"whole pieces: {whole}",
        ),
    )


def _servings_from_pieces(question: Question) -> Calculation | None:
    """ "pack of 20 gummies at 5mg each, servings of 10mg?": the package's THC is the pieces
    times their dose, then divided into servings of the size asked."""
    amounts = question.find("mass", unit="mg")
    counts = piece_counts(question)
    if question.find("mass", unit="mg", per=("package",)) or len(counts) != 1 or len(amounts) != 2:
        return None
    text = question.text
    sized = [
        q
        for q in amounts
        if _SERVING_BEFORE.search(text[max(0, q.start - 16) : q.start])
        or _SERVING_AFTER.match(text[q.end : q.end + 12])
    ]
    pieces = [q for q in amounts if q.per == "piece"]
    if len(sized) != 1 and len(pieces) == 1 and question.says(_SERVINGS_ASKED):
        # "20 gummies at 5mg a piece, takes 10 mg at a time, how many servings": the amount
        # that is not a piece's is the serving
        sized = [q for q in amounts if q is not pieces[0]]
    if len(sized) != 1:
        return None
    serving = sized[0]
    piece = next(q for q in amounts if q is not serving)
    count = counts[0]
    question.use(count, piece, serving)
    package_mg = count.value * piece.value
    limits = stated_caps(question)
    result = formulation.servings_check(
        package_mg, serving.value, limits, named_cannabinoid(question, None)
    )
    return replace(
        result,
        steps=(
            f"{fmt(count.value)} pieces × {fmt(piece.value)} mg = {fmt(package_mg)} mg in the "
            "package",
            *result.steps,
        ),
        inputs=(f"pieces: {fmt(count.value)} at {fmt(piece.value)} mg each", *result.inputs),
    )


def servings_by_volume(question: Question) -> Calculation | None:
    """ "a 60 mL bottle, serving size 1 mL: how many servings?": the volume shared out."""
    if not question.says(r"(?:number\s+of|how\s+many)\s+(?:servings|doses|droppers|shots)"):
        return None
    volumes = [q for q in question.find("volume") if q.per is None]
    if len(volumes) != 2 or question.find("mass", "concentration"):
        return None
    whole, serving = sorted(volumes, key=lambda q: -units.convert(q.value, q.unit, "ml"))
    question.use(whole, serving)
    return mixing.doses_in(whole.value, whole.unit, serving.value, serving.unit)


def _per_piece_in_package(question: Question) -> Calculation | None:
    """ "tin of 20 mints with 100 mg total, how much per mint, under our 5 mg cap?": the
    package's pieces are its servings; mg per piece, checked against the cap."""
    packages = [q for q in question.find("mass", unit="mg", without=("limit",))
                if q.per == "package" or q.total]  # fmt: skip
    counts = [q for q in piece_counts(question) if re.fullmatch(PIECES, q.noun or "", re.I)]
    if len(counts) > 1:  # "20 mints, what's 1 mint": the one piece asked about is no count
        counts = [q for q in counts if q.value != 1]
    if len(packages) != 1 or len(counts) != 1:
        return None
    stem = re.escape((counts[0].noun or "piece")[:3])  # "per cap" of capsules
    if not question.says(
        rf"(?:per|each|a|every|in\s+(?:each|a|one))\s+{stem}|\beach\b"
    ) and not asks_one_piece(question.text, stem):  # "how many mg is 1 piece", "what's 1 mint"
        return None
    package, count = packages[0], counts[0]
    question.use(package, count)
    name = named_cannabinoid(question, package if package.cannabinoid else None)
    dose = formulation.dose_from_total(package.value, count.value, name=name)
    limits = stated_caps(question)
    dose = replace(  # the total is the package's, nothing was lost in making it
        dose,
        inputs=(
            f"{name} in the {holder_word(question.text, 'package')}: {fmt(package.value)} mg",
            *dose.inputs[1:],
        ),
        assumptions=(),
    )
    if limits is None or name != "THC":  # the caps are THC's; no serving is invented
        return dose
    checked = formulation.servings_check(package.value, dose.value, limits)
    return calculators.chain([checked, dose])


def drinks(question: Question) -> Calculation | None:
    """ "12 fl oz can at 5 mg per 2 fl oz serving": a drink shared into servings by volume,
    the mg per serving, in the container, or the servings it holds."""
    volumes = [
        q for q in question.find("volume", per=(None, "serving")) if q.unit != "dropper"
    ]  # "2 fl oz per serving" is the serving's volume
    note = None
    ounces = question.find("mass", unit="oz", per=(None, "serving", "package"))
    if ounces and len(volumes) + len(ounces) == 2 and question.says(_DRINK_WORDS):
        # "an 8 oz serving of a 16 oz bottle": an ounce of a drink is a US fluid ounce
        volumes = sorted([*volumes, *(replace(q, kind="volume", unit="floz") for q in ounces)],
                         key=lambda q: q.start)  # fmt: skip
        note = "ounces of a drink are read as US fluid ounces (29.57 mL each)"
    sizes = {round(units.millilitres(q.value, q.unit), 6) for q in volumes}
    masses = question.find("mass", unit="mg", without=("limit",))
    if len(volumes) != 2 or len(sizes) != 2 or len(masses) > 1:
        return None
    if not question.says(r"serving|\bpours?\b|\bshots?\b|\bglass"):
        return None
    whole, serving = _container_and_serving(question, volumes)
    if not masses:
        if question.says(r"\bmg\b|milligram|\bthc\b|\bcbd\b|how\s+strong"):
            raise ask(question, needs.CONTAINER_OR_SERVING_THC)
        return None
    mg = masses[0]
    between = question.text[mg.end : serving.start] if serving.start >= mg.end else ""
    per_serving = mg.per == "serving" or bool(
        re.fullmatch(r"\s*(?:thc\s+|cbd\s+)?(?:per|in\s+(?:each|a|every|one)|/|a|each|for\s+"
                     r"(?:each|a|every))\s*(?:an?\s+)?", between, re.I)
    )  # fmt: skip
    if question.says(r"how\s+many\s+(?:servings|pours|shots|glasses)|number\s+of\s+servings"):
        asked = "servings"
    else:
        asked = "total_mg" if per_serving else "per_serving"
    question.use(whole, serving, mg)
    poured = serving_arithmetic.drink_servings(
        whole.value, whole.unit, serving.value, serving.unit, mg.value, per_serving, asked,
        named_cannabinoid(question, mg if mg.cannabinoid else None),
    )  # fmt: skip
    return with_assumption(poured, note) if note else poured


_DRINK_WORDS = (
    r"\b(?:cans?|bottles?|drinks?|beverages?|seltzers?|sodas?|shots?|syrups?|teas?|lemonades?|"
    r"juices?|tonics?|servings?)\b"
)
_SERVING_WORDS = r"servings?|pours?|shots?|glass(?:es)?|sips?"


def _container_and_serving(
    question: Question, volumes: list[Quantity]
) -> tuple[Quantity, Quantity]:
    """Which volume is the container and which the serving: as the words say ("a 4 fl oz
    serving", "serving size is 4 fl oz"), else the larger is the container."""
    text = question.text
    for one_volume in volumes:
        after = text[one_volume.end : one_volume.end + 14]
        before = text[max(0, one_volume.start - 24) : one_volume.start]
        if re.match(rf"\s*(?:{_SERVING_WORDS})\b", after, re.I) or re.search(
            rf"(?:{_SERVING_WORDS})(?:\s+size)?\s*(?:is|of|=|:)?\s*(?:an?\s+)?$", before, re.I
        ):
            other = next(q for q in volumes if q is not one_volume)
            return other, one_volume
    larger, smaller = sorted(volumes, key=lambda q: -units.millilitres(q.value, q.unit))
    return larger, smaller
