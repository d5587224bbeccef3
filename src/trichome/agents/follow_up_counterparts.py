"""Which earlier number a follow-up's number replaces.

"what if it tests at 92%?" changes the potency, "cut them into 36" the count, "and at 5 mg/mL?"
the strength wanted rather than the stock's, "400 g of the 92 instead" the amount beside the
92%: the same kind, cannabinoid, role (a loss stays a loss) and scale. Used by
`calculation_conversations` to merge a follow-up into the question it changes.
"""

from __future__ import annotations

import re

from trichome.agents.held_pieces import HOLDING_BEFORE
from trichome.agents.quantities import Quantity

# Roles a replacing number must share: a new loss replaces the loss, not the potency.
_ROLES = frozenset({"loss", "efficiency", "moisture", "terpene", "tolerance", "dropper"})


# A follow-up giving another test result: "comes back at 117", "tests at 9.2".
_RESULT_AGAIN = re.compile(
    r"\b(?:comes?|came)\s+(?:back|in)(?:\s+(?:at|as)\b|\s*[\d.])|\btests?\s+(?:at|out\s+at)\b|"
    r"\bresults?\b",
    re.IGNORECASE,
)


# "cap is 100mg", "the package limit is 200 mg", "stock is 25 mg/ml": a figure given for its role
_ROLE_BEFORE = {
    "cap": re.compile(r"\b(?:cap|limit|max(?:imum)?)\s*(?:is|of|=|:|at|was)?\s*$", re.I),
    "stock": re.compile(r"\bstock\s*(?:is|of|=|:|at|was)?\s*$", re.I),
    # "target is 12 mg/ml", "want it at 5%": the strength to end at, beside the stock's
    "target": re.compile(
        r"\b(?:target(?:ing)?|goal|aim(?:ing)?|want(?:ing)?(?:\s+it)?|end(?:ing)?\s+(?:up\s+)?)"
        r"\s*(?:is|of|=|:|at|was|for|to|up)?\s*(?:be\s+)?(?:at\s+)?$",
        re.I,
    ),
}


def fills_a_role(new: Quantity, earlier: list[Quantity], update: str, previous: str) -> bool:
    """Whether a follow-up's quantity supplies an input the earlier question lacked (a cap,
    a stock's strength) rather than changing the one earlier quantity of its kind: it is
    named for a role that no earlier quantity of its kind has ("how many 5 mg gummies fit
    under the cap?", then "cap is 100mg": the 5 mg stays)."""
    roles = [
        role
        for role, before in _ROLE_BEFORE.items()
        if before.search(update[max(0, new.start - 30) : new.start])
        or (role == "stock" and "stock" in new.tags)
        or (role == "cap" and "limit" in new.tags)
    ]
    if not roles:
        return False
    peers = [q for q in earlier if q.kind == new.kind and q.unit == new.unit]
    return len(peers) == 1 and not any(
        _ROLE_BEFORE[role].search(previous[max(0, q.start - 30) : q.start])
        or (role == "stock" and "stock" in q.tags)
        or (role == "cap" and "limit" in q.tags)
        or (role == "target" and "target" in q.tags)
        for q in peers
        for role in roles
    )


def counterpart(new: Quantity, earlier: list[Quantity], update: str, taken: set[int],
                previous: str = "") -> Quantity | None:  # fmt: skip
    """The earlier quantity a follow-up's `new` one replaces (same kind, cannabinoid, role
    and scale; an ordinal or a named potency picks among two), None when it replaces none;
    `taken` holds the starts of the earlier quantities already replaced, `previous` is the
    earlier text they were read from."""
    if (
        new.kind == "mass"
        and "limit" not in new.tags
        and HOLDING_BEFORE.search(update[max(0, new.start - 50) : new.start])
    ):  # "already got 2 eighths": an amount held, added beside the limit, never replacing it
        earlier = [q for q in earlier if "limit" not in q.tags]
    if new.kind == "volume" and _RESTATED_DROPPER.search(
        update[max(0, new.start - 30) : new.start]
    ):
        return None  # "per half dropper, 0.5 ml": the amount taken, never the bottle's volume
    if "tax" in new.tags and _another_tax(new, earlier, update, previous):
        return None  # "forgot the 15% excise" after "9% sales tax": a second tax, beside it
    ordinal = re.search(r"\b(first|second|other|last)\s+(?:one|1|material|oil|batch|lot)\b", update)
    peers = [q for q in earlier if q.kind == new.kind and q.start not in taken]
    if ordinal and len(peers) == 2:  # "and if the second one is 70%?": that one of the two
        return peers[0 if ordinal.group(1).lower() == "first" else 1]
    if len(peers) == 1 and _ANOTHER_LOT.search(update) and _BLENDING.search(previous + update):
        return None  # "blending 10 kg at 0.24%", then "second lot is 4 kg at 0.41%": one more
    named = _of_the_named(new, earlier, update, taken)
    if named is not None:
        return named
    if re.search(r"\bthe\s+$", update[: new.start]):
        # "200 g of the 62%": the 62% named is the one given before, not a new value
        same = [q for q in earlier if q.kind == new.kind and q.value == new.value]
        if same:
            return same[0]
    counts = [q for q in earlier if q.kind == "count" and q.start not in taken]
    if new.kind == "number" and (_PRICE_AGAIN.search(update) or not counts):
        # "and if he does me 1250 for it?", "what about at 1750": the one price given before
        prices = [  # "$1,700 a pound", or "1700 a pound": a bare number priced by a mass
            q
            for q in earlier
            if (q.kind == "money" or (q.kind == "number" and "price" in q.tags))
            and q.start not in taken
        ]
        if len(prices) == 1:
            return prices[0]
    if new.kind == "number" and _RESULT_AGAIN.search(update):
        # "and if the next batch comes back at 117?": a new lab result in the earlier unit.
        results = [q for q in earlier if q.kind == "mass" and q.start not in taken]
        if len(results) > 1:
            return results[-1]
        bare = [q for q in earlier if q.kind == "number" and q.start not in taken]
        if len(bare) == 1:  # "lab says 9.1" then "next batch came back 10.8": that result
            return bare[0]
    if new.kind in ("mass", "percent", "concentration"):
        # "label 100 mg, lab got 108 mg" then "what about 94 mg": of a claim and a reading,
        # a bare new value is another reading; the claim changes only when named
        measured = _measured(new, earlier, taken, previous, _LABEL_NAMED.search(update) is not None)
        if measured is not None:
            return measured
    if _beside_a_label(new, earlier, update, previous):
        return None
    if new.kind == "number":
        if new_batch_size(new, counts, update, previous):
            return None  # "recipe uses 1.8 g per 50 pieces", "scale to 400": the batch wanted
        targets = [q for q in counts if "target" in q.tags]
        if len(counts) > 1 and len(targets) == 1 and new.value == int(new.value) > 0:
            return targets[0]  # "scale to 400", then "and 1,000?": the batch wanted changes
        # "what if I cut them into 36?": a bare whole number changes the one count.
        if len({q.value for q in counts}) == 1 and new.value == int(new.value) and new.value > 0:
            return counts[0]
        return None
    if new.kind == "mass":
        scaled = _counterpart_of_scale(new, earlier, update, taken, same=True)
        if scaled is not None or any(q.kind == "count" for q in earlier):
            return scaled
        return _counterpart_of_scale(new, earlier, update, taken, same=False)
    return _counterpart_of_scale(new, earlier, update, taken, same=True)


# "scale to 400", "for the bigger batch of 300": a size to scale a recipe to.
_SCALE_WORDS = re.compile(
    r"\bscal(?:e|ed|es|ing)\b|\b(?:bigger|new|next|larger|full)\s+(?:batch|run)\b", re.IGNORECASE
)
# "recipe: 50 gummies ...", then "we want 200 now": the recipe's count stays, 200 is wanted.
_RECIPE = re.compile(r"\brecipe\b|\buses\b|\bcalls\s+for\b", re.IGNORECASE)
_WANTED_BEFORE = re.compile(
    r"\b(?:want|wants|need|needs|make|making|do|doing|run|running|for)\s+(?:about\s+|~\s*)?$",
    re.IGNORECASE,
)


def new_batch_size(new: Quantity, counts: list[Quantity], update: str, previous: str) -> bool:
    """Whether a follow-up's bare number is the size of the batch a recipe given earlier is
    to be scaled to (added beside the recipe's count, never replacing it): the follow-up
    says to scale, or the earlier turn was a recipe and the number is one wanted or made;
    not when the earlier turns already named the batch wanted."""
    if not counts or any("target" in q.tags for q in counts) or new.value != int(new.value):
        return False
    if any(q.value == new.value for q in counts):
        return False
    return bool(_SCALE_WORDS.search(update)) or bool(
        _RECIPE.search(previous)
        and _WANTED_BEFORE.search(update[max(0, new.start - 20) : new.start])
    )


# "second lot", "another batch", "the other one is": a lot added to a blend, not a change.
_ANOTHER_LOT = re.compile(
    r"\b(?:second|2nd|another|other|next|new)\s+(?:one|lot|batch|material|oil|distillate|flower|"
    r"strain|jar|run)\b",
    re.IGNORECASE,
)
_BLENDING = re.compile(r"\bblend|\bmix|\bcombin|\bhomogeni", re.IGNORECASE)


# "label says", "labeled at", "claim of": the value printed on the package, not a result.
_LABEL_BEFORE = re.compile(r"\b(?:label\w*|claim\w*|advertis\w*|target\w*)\b[^\d]{0,20}$", re.I)


# "lab got", "coa shows", "tested at", "came back": the words giving a lab's result.
_RESULT_BEFORE = re.compile(
    r"\b(?:lab|coa|re-?test\w*|test\w*|came\s+back|comes\s+back|measured|results?|found|"
    r"assay\w*|actual(?:ly)?)\b[^.?!\d]{0,25}$",
    re.IGNORECASE,
)


def _beside_a_label(new: Quantity, earlier: list[Quantity], update: str, previous: str) -> bool:
    """ "label says 10mg per piece" then "lab got 11.3mg": a lab's result told after the label
    claim is a second reading beside it, not a new claim, when every earlier amount of its
    kind is the label's."""
    alike = [q for q in earlier if q.kind == new.kind and not q.tags & _ROLES]
    return bool(
        alike
        and _RESULT_BEFORE.search(update[max(0, new.start - 30) : new.start])
        and all(_LABEL_BEFORE.search(previous[max(0, q.start - 30) : q.start]) for q in alike)
    )


# "label says 90 mg", "what if the claim is 12%", "relabel it at 95": the claim changed.
_LABEL_NAMED = re.compile(r"\b(?:label\w*|relabel\w*|claim\w*|advertis\w*|printed)\b", re.I)


def _measured(new: Quantity, earlier: list[Quantity], taken: set[int], previous: str,
              label_named: bool = False) -> Quantity | None:  # fmt: skip
    """ "label 20% THC, COA says 18.2%" then "retest came back 21%": of a label and a reading,
    the reading is what a new result replaces (the label, when the follow-up names it)."""
    alike = [
        q for q in earlier
        if q.kind == new.kind and q.start not in taken and not q.tags & _ROLES
        and new.cannabinoid in (None, q.cannabinoid)
        and unit_family(q.unit) == unit_family(new.unit)
    ]  # fmt: skip
    labels = [q for q in alike if _LABEL_BEFORE.search(previous[max(0, q.start - 30) : q.start])]
    readings = [q for q in alike if q not in labels]
    if len(alike) != 2 or len(labels) != 1 or len(readings) != 1:
        return None
    return labels[0] if label_named else readings[0]


def _counterpart_of_scale(new: Quantity, earlier: list[Quantity], update: str,
                          taken: set[int], same: bool) -> Quantity | None:  # fmt: skip
    candidates = [
        q for q in earlier
        if q.start not in taken and q.kind == new.kind
        and (new.kind != "other" or unit_family(q.unit) == unit_family(new.unit))
        and (q.tags & _ROLES) == (new.tags & _ROLES)
        and (new.kind != "mass" or not same or _same_scale(q.unit, new.unit))
        # "half a dropper" is an amount taken, never the bottle's 30 mL
        and (q.unit == "dropper") == (new.unit == "dropper")
        and (same or q.per is None)
        and (new.cannabinoid is None or q.cannabinoid == new.cannabinoid)
        and not _other_side(new, q)
        and (new.per is None or q.per in (None, new.per) or {q.per, new.per} <= _ONE_SERVING)
    ]  # fmt: skip
    if not candidates and not new.tags & _ROLES and new.kind == "percent":
        # "and at 80%?" after "75% moisture loss": the one percentage given, whatever its role.
        alike = [q for q in earlier if q.start not in taken and q.kind == "percent"
                 and (new.cannabinoid is None or q.cannabinoid == new.cannabinoid)]  # fmt: skip
        candidates = alike if len(alike) == 1 else []
    if len(candidates) > 1 and new.kind == "count" and len({q.value for q in candidates}) > 1:
        candidates = candidates[-1:]  # "48 gummies ... scale to 300", "now 1000": the target
    if len(candidates) > 1 and _THAT_ONE.search(update[: new.start]):
        candidates = candidates[-1:]  # "make that 85%": the figure said last, whatever its role
    if len(candidates) > 1:
        roles = [q for q in candidates if q.tags == new.tags]
        if not roles and not new.tags:
            # "and at 5 mg/mL?" after "a 50 mg/mL stock, need 30 mL at 10 mg/mL": the
            # strength wanted changes, not the stock's.
            roles = [q for q in candidates if "target" in q.tags][:1]
        candidates = roles or candidates
    if len(candidates) > 1 and re.search(r"\bservings?\b|\bdoses?\b", update, re.IGNORECASE):
        # "if the serving is cut to 5 mg?": the serving's mg, not the package's
        doses = [q for q in candidates if q.per in _ONE_SERVING]
        if len(doses) > 1:  # "500mg bar, 10 mg a square": the whole's part is the serving
            doses = [min(doses, key=lambda q: q.value)]
        candidates = doses or candidates
    if len(candidates) > 1 and new.cannabinoid is None:
        plain = [q for q in candidates if q.cannabinoid in (None, "THC")]
        candidates = plain or candidates
    if len(candidates) > 1 and re.search(r"\btarget|to\s+\d|down\s+to", update, re.IGNORECASE):
        candidates = candidates[-1:]
    return candidates[0] if candidates else None


def _of_the_named(new: Quantity, earlier: list[Quantity], update: str, taken: set[int]
                  ) -> Quantity | None:  # fmt: skip
    """ "400 g of the 92 instead", "make the 70% lot 500g": the amount written with the
    potency the update names."""
    named = re.match(r"\s*of\s+the\s+(\d+(?:\.\d+)?)\b", update[new.end : new.end + 20]) or (
        _NAMED_BEFORE.search(update[max(0, new.start - 40) : new.start])
    )
    if new.kind not in ("mass", "volume") or named is None:
        return None
    potency = next((q for q in earlier if q.kind == "percent" and q.value == float(named.group(1))),
                   None)  # fmt: skip
    if potency is None:
        return None
    amounts = [
        q for q in earlier
        if q.kind == new.kind and q.start not in taken
        and (0 <= potency.start - q.end < 30 or 0 <= q.start - potency.end < 30)
    ]  # fmt: skip
    return min(amounts, key=lambda q: min(abs(potency.start - q.end), abs(q.start - potency.end)),
               default=None)  # fmt: skip


# "some of the 70%", "a bit of the 62 percent": a lot named with no amount of its own.
_UNSIZED_BEFORE = re.compile(
    r"\b(?:some|a\s+(?:little\s+)?bit|a\s+little|enough|part|an?\s+amount|a\s+portion)\s+of\s+"
    r"(?:the\s+|our\s+|my\s+|that\s+)?$",
    re.IGNORECASE,
)


def unsized_lot(new: Quantity, earlier: list[Quantity], update: str, previous: str
                ) -> tuple[int, int, int] | None:  # fmt: skip
    """ "blend 400 g of 82% with some of the 70%" then "600 g of the 70": the amount of a lot
    the earlier turn named without one. Where it goes in the earlier text (the span of
    "some") and where the number naming the lot starts in the update; None when the lot
    named had an amount (then `counterpart` replaces it) or none is named."""
    named = re.match(r"\s*of\s+the\s+(\d+(?:\.\d+)?)\b", update[new.end : new.end + 20])
    if new.kind not in ("mass", "volume") or named is None:
        return None
    potency = next((q for q in earlier if q.kind == "percent" and q.value == float(named.group(1))),
                   None)  # fmt: skip
    if potency is None:
        return None
    unsized = _UNSIZED_BEFORE.search(previous[max(0, potency.start - 30) : potency.start])
    if unsized is None:
        return None
    start = max(0, potency.start - 30) + unsized.start()
    end = start + len(re.split(r"\s+of\s", unsized.group(0))[0])
    return start, end, new.end + named.start(1)


# "the 70% lot 500g", "the 92 one to 400 g", "the 85% at 2 kg": a potency naming the lot
# whose amount follows.
_NAMED_BEFORE = re.compile(
    r"\bthe\s+(\d+(?:\.\d+)?)\s*%?\s*(?:lot|one|batch|oil|disty|distillate|material|stuff)?"
    r"\s*(?:to|at|is|=|->|becomes)?\s*$",
    re.IGNORECASE,
)
# "10 mg each" then "what if I do 2.5 mg doses": a piece and a serving are one dose.
_ONE_SERVING = frozenset({"piece", "serving"})
_PRICE_AGAIN = re.compile(
    r"\b(?:for|pay|paid|price|cost|costs|charge[sd]?|does\s+(?:me|us)|sells?|sold|go(?:es)?\s+for|"
    r"asking|asks|quot(?:e|es|ed|ing)|wants|says)\b",
    re.IGNORECASE,
)


# A dilution's two strengths: the stock's and the one wanted are different inputs.
_SIDES = frozenset({"stock", "target"})


def _other_side(new: Quantity, old: Quantity) -> bool:
    """ "stock is 25 mg/mL" after "down to 5 mg/mL": the stock's strength, told late, does not
    replace the strength wanted (nor the other way round)."""
    return bool(new.tags & _SIDES and old.tags & _SIDES and not new.tags & old.tags & _SIDES)


def unit_family(unit: str) -> str:
    """Units of one measure ("hrs" and "hours", "°F" and "C") for matching a follow-up."""
    written = unit.replace("°", "").replace(" ", "").lower()
    if written in ("c", "f", "degrees", "degree", "deg"):
        return "temperature"
    if written in ("h", "hr", "hrs", "hour", "hours"):
        return "hours"
    return written


def _same_scale(old: str, new: str) -> bool:
    small = {"mg"}
    return (old in small) == (new in small)


# "per half dropper, 0.5 ml", "2 droppers (1 ml)": a volume restating droppers counted
_RESTATED_DROPPER = re.compile(
    r"(?:[\d.]+|half|full|whole)\s*(?:a\s+)?droppers?(?:\s*full)?\s*[,:(-]\s*(?:so\s+|about\s+|~\s*)?$",
    re.IGNORECASE,
)
# "make that 85%", "change it to 12", "scratch that, 40": the figure just said is replaced
_THAT_ONE = re.compile(
    r"\b(?:make|change|switch|bump|drop)\s+(?:that|it)\s+(?:to\s+|up\s+to\s+|down\s+to\s+)?$|"
    r"\bscratch\s+that\b[,\s]*$",
    re.IGNORECASE,
)
# The name a tax rate is given ("15% excise", "sales tax of 9%", "the city tax at 3%").
_TAX_NAME = (
    r"excise|sales|use|local|city|county|state|municipal|gross\s+receipts|cultivation|retail"
)


def _tax_name(text: str, quantity: Quantity) -> str | None:
    after = re.match(
        rf"\s*(?:[a-z]+\s+)?({_TAX_NAME})\b", text[quantity.end : quantity.end + 30], re.I
    )
    if after:
        return after.group(1).lower()
    before = re.search(
        rf"\b({_TAX_NAME})\s+(?:tax\s+)?(?:rate\s+)?(?:is|of|at|=|:)?\s*$",
        text[max(0, quantity.start - 30) : quantity.start],
        re.I,
    )
    return before.group(1).lower() if before else None


def _another_tax(new: Quantity, earlier: list[Quantity], update: str, previous: str) -> bool:
    """Whether a follow-up's tax rate names a tax other than every earlier rate names ("15%
    excise" after "9% sales tax"): it adds a tax rather than changing the one given."""
    name = _tax_name(update, new)
    rates = [q for q in earlier if "tax" in q.tags]
    names = {_tax_name(previous, q) for q in rates}
    return bool(name and rates and None not in names and name not in names)
