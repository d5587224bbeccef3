"""Reader for a cannabinoid totalled over a list of items: "3 gummies at 10 mg CBG each, 2
tinctures with 500 mg CBG and a 1 g cart at 40% CBG, total CBG?", "fourteen items ... total
cbg in mg". Every item is summed (`item_calculators.cannabinoid_in_items`): an item is a
count of pieces (one when none is given) with its mg, or a weight with its potency (% or
mg/g), or a volume with its strength (mg/mL). An item whose weight has no potency is asked
about; an item of another cannabinoid is named as left out, never silently added or dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from trichome.agents import missing_inputs as needs
from trichome.agents import units
from trichome.agents.calculation_questions import Question, ask
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.item_calculators import Item, cannabinoid_in_items
from trichome.agents.quantities import Quantity
from trichome.agents.unit_words import COUNTABLE

_NAMES = r"thc|cbd|cbg|cbn|thcv|cbc"
# "total CBG", "total mg of cbd", "cbg total", "how much CBG is that all together"
_TOTAL_ASKED = re.compile(
    rf"\btotal\s+(?:(?:mg|mgs|milligrams|grams|g|amount)\s+(?:of\s+)?)?(?P<a>{_NAMES})\b(?!\s*%)|"
    rf"\b(?P<b>{_NAMES})\s+(?:in\s+)?(?:total|in\s+all|altogether|all\s+together|combined)\b|"
    rf"\bhow\s+much\s+(?P<c>{_NAMES})\b[^?.]{{0,40}}\b(?:total|in\s+all|altogether|all\s+"
    r"together|combined|between\s+(?:them|all))\b",
    re.IGNORECASE,
)
_ACIDS = {"THCA", "CBDA", "CBGA", "CBNA", "THCVA", "CBCA"}
# A blend's lots: their potency, not the THC they hold in all, is another reader's.
_BLEND = re.compile(r"\b(?:blend|mix|combin\w*|homogeni[sz]\w*)\b", re.IGNORECASE)
# "14 items", "3 products": how many items the user says the list holds.
_ITEMS_SAID = re.compile(r"^\s*(?:items?|products?|things|skus?|lines?|entries)\b", re.I)
# "300 mg in all", "600 mg total between them": an amount for the whole count, not each
_FOR_ALL = re.compile(r"^\s*(?:(?:of\s+)?(?:thc|cbd|cbg|cbn)\s+)?(?:in\s+all|total|altogether|"
                      r"between\s+(?:them|the\s+\w+))\b", re.IGNORECASE)  # fmt: skip
_AT = re.compile(r"(?:\bat|@)\s*$", re.IGNORECASE)  # "100 gummies at 10 mg": each holds it
_EACH = re.compile(r"^\s*(?:(?:of\s+)?(?:thc|cbd|cbg|cbn)\s+)?(?:each|apiece|a\s+piece|per\b)",
                   re.IGNORECASE)  # fmt: skip


# "20% total THC", "100 mg total thc", "20mg thc total": a label of an amount, not the ask
_AMOUNT_BEFORE = re.compile(
    r"(?:\d|%|(?<![a-z])(?:mgs?|g|gs|milligrams?|grams?|percent))\s*$", re.IGNORECASE
)


def _total_asked(text: str) -> str | None:
    """The cannabinoid whose total the question asks for, when it asks one."""
    for asked in _TOTAL_ASKED.finditer(text):
        if not _AMOUNT_BEFORE.search(text[: asked.start()]):
            return next(g for g in asked.groups() if g).upper()
    return None


@dataclass
class _Open:
    """An item being read: its count and the amounts seen so far."""

    count: Quantity | None = None
    parts: dict[str, Quantity] = field(default_factory=dict)
    again: list[Quantity] = field(default_factory=list)  # an amount restated

    def complete(self) -> bool:
        return "mg" in self.parts or (
            ("mass" in self.parts and ("percent" in self.parts or "mg/g" in self.parts))
            or ("volume" in self.parts and "mg/ml" in self.parts)
        )

    def empty(self) -> bool:
        return self.count is None and not self.parts


def _slot(quantity: Quantity) -> str | None:
    if quantity.kind == "mass":
        return "mg" if quantity.unit == "mg" else "mass"
    if quantity.kind == "percent":
        return "percent"
    if quantity.kind == "concentration" and quantity.unit in ("mg/g", "mg/ml"):
        return quantity.unit
    if quantity.kind == "volume":
        return "volume"
    return None


def _same_mass(first: Quantity, second: Quantity) -> bool:
    try:
        grams = units.grams(first.value, first.unit), units.grams(second.value, second.unit)
    except units.UnitError:
        return False
    return abs(grams[0] - grams[1]) <= 0.02 * max(grams)


def _read_items(question: Question) -> tuple[list[_Open], Quantity | None] | None:
    """The items in the order written, and a stated count of items; None when a quantity
    fits no item (not a list of amounts)."""
    items: list[_Open] = []
    current = _Open()
    said: Quantity | None = None
    for quantity in sorted(question.quantities, key=lambda q: q.start):
        if quantity.kind == "other":
            continue
        if quantity.kind == "number" and _ITEMS_SAID.match(question.text[quantity.end :]):
            said = quantity
            continue
        if quantity.kind == "count":
            if not current.empty():
                if not current.complete():
                    return None  # "3 packs 10 gummies": two counts, one item
                items.append(current)
            current = _Open(count=quantity)
            continue
        slot = _slot(quantity)
        if slot is None or quantity.per not in (None, "piece"):
            return None  # "4 mg per 12 fl oz": a strength, not an item's amount
        if (
            slot == "mass"
            and "mass" in current.parts
            and _same_mass(current.parts["mass"], quantity)
        ):
            current.again.append(quantity)  # "half ounce (we call it 14 g)": said twice
            continue
        if slot in current.parts or (current.complete() and slot in ("mg", "mass", "volume")):
            items.append(current)
            current = _Open()
        current.parts[slot] = quantity
    if not current.empty():
        items.append(current)
    return items, said


# What an item is, named after its amount ("10 mg CBG gummy", "1 g of 90% CBG isolate").
_NAMED_AFTER = re.compile(
    rf"^\s*(?:of\s+)?(?:[\d.]+\s*%\s+)?(?:(?:{_NAMES})\s+)?(?:[a-z][\w-]*\s+)?"
    rf"(?P<noun>{COUNTABLE}|flower|bud|isolate|distillate|oil|rosin|resin|concentrate|wax|"
    r"shatter|kief|hash|butter|crude|biomass|trim)\b",
    re.IGNORECASE,
)


def _label(question: Question, item: _Open, position: int) -> str:
    """The item's name: its counted noun, else the noun after its first amount."""
    if item.count is not None and item.count.noun:
        return item.count.noun
    first = min(item.parts.values(), key=lambda q: q.start)
    named = _NAMED_AFTER.match(question.text[first.end :])
    return named.group("noun").lower() if named else f"item {position}"


def _as_item(question: Question, item: _Open, position: int) -> Item:
    parts, count = item.parts, item.count.value if item.count else 1.0
    label = _label(question, item, position)
    if "mg" in parts:
        mg = parts["mg"]
        if count > 1 and _FOR_ALL.match(question.text[mg.end :]):
            return Item(label, 1, mg=mg.value)  # "2 bottles with 600 mg between them"
        return Item(label, count, mg=mg.value)
    if "mass" in parts and "percent" in parts:
        mass = parts["mass"]
        return Item(
            label, count, mass=mass.value, mass_unit=mass.unit, percent=parts["percent"].value
        )
    if "mass" in parts and "mg/g" in parts:
        mass = parts["mass"]
        return Item(
            label, count, mass=mass.value, mass_unit=mass.unit, mg_per_g=parts["mg/g"].value
        )
    volume = parts["volume"]
    return Item(
        label, count, volume_ml=units.millilitres(volume.value, volume.unit),
        mg_per_ml=parts["mg/ml"].value,
    )  # fmt: skip


def itemised_total(question: Question) -> Calculation | None:
    """The asked cannabinoid summed over every item listed; None when the question does not
    ask a total over a list of two or more items."""
    asked = _total_asked(question.text)
    if asked is None or question.find("money") or _BLEND.search(question.text):
        return None
    name = asked
    read = _read_items(question)
    if read is None:
        return None
    opened, said = read
    if len(opened) < 2 or any(q.cannabinoid in _ACIDS for o in opened for q in o.parts.values()):
        return None
    if any(not o.parts for o in opened):
        return None  # a count with no amount: not a list of amounts
    unsized = [o for o in opened if not o.complete()]
    if len(unsized) == len(opened) or any("mass" not in o.parts for o in unsized):
        return None  # "THCA 22%, THC 1%": a COA's shares, no list of amounts
    if unsized:
        raise ask(question, needs.ITEM_POTENCY)  # "... and a 1 g cart": at what potency?
    others = [o for o in opened if any(q.cannabinoid not in (None, name) for q in o.parts.values())]
    counted = [o for o in opened if o not in others]
    if len(counted) < 2:
        return None
    for item in opened:
        question.use(item.count, *item.parts.values(), *item.again)
    if said is not None:
        question.use(said)
    items = [_as_item(question, o, n) for n, o in enumerate(counted, 1)]
    worked = cannabinoid_in_items(items, name)
    notes = []
    if any(all(q.cannabinoid is None for q in o.parts.values()) for o in counted):
        notes.append(f"amounts with no cannabinoid named are counted as {name}")
    per_piece = [i for i, o in zip(items, counted, strict=True) if i.count > 1 and i.mg is not None
                 and not _EACH.match(question.text[o.parts["mg"].end :])
                 and not _AT.search(question.text[: o.parts["mg"].start])]  # fmt: skip
    if per_piece:
        shown = ", ".join(f"{fmt(i.count)} {i.label} at {fmt(i.mg or 0, 4)} mg" for i in per_piece)
        notes.append(f"read as mg in each piece: {shown} (say if it is the amount for all of them)")
    warnings = []
    if others:
        left = "; ".join(_left_out(question, o, n) for n, o in enumerate(opened, 1) if o in others)
        warnings.append(f"not added to the {name}: {left}")
    if said is not None and said.value not in (len(opened), sum(i.count for i in items)):
        warnings.append(
            f"you said {fmt(said.value)} items; I read {len(opened)} lines holding "
            f"{fmt(sum(i.count for i in items))} pieces"
        )
    return _noted(worked, notes, warnings)


def _left_out(question: Question, item: _Open, position: int) -> str:
    """An item of another cannabinoid, as written: "5 gummies at 10mg (THC)"."""
    named = {q.cannabinoid for q in item.parts.values() if q.cannabinoid}
    amounts = " at ".join(q.text for q in sorted(item.parts.values(), key=lambda q: q.start))
    count = f"{item.count.text} " if item.count else f"{_label(question, item, position)}: "
    return f"{count}at {amounts} ({', '.join(sorted(n for n in named if n))})"


def _noted(worked: Calculation, notes: list[str], warnings: list[str]) -> Calculation:
    return replace(
        worked,
        assumptions=(*worked.assumptions, *notes),
        warnings=(*worked.warnings, *warnings),
    )
