"""The role the words around a number give it: a process loss ("5% loss"), an efficiency,
a moisture content, a terpene share, a target, a tolerance, a stock, a price, a dropper's
size, a tax rate, or a limit named in the question ("the 0.3% total THC limit"), which is
no reading."""

from __future__ import annotations

import re

# What holds back part of a batch while it is made: a share left in one of these is lost.
EQUIPMENT = (
    r"pans?|pots?|walls?|jars?|beakers?|vessels?|bowls?|molds?|moulds?|filters?|strainers?|"
    r"cheesecloth|plant\s+matter|pulp|sides?|equipment|gear|glass|glassware|trays?|lines?|"
    r"tubing|hoses?|machines?|fillers?|presse?s?|(?:rosin\s+|press\s+|filter\s+)?bags?|"
    r"screens?|funnels?|syringes?|pipettes?|nozzles?|tips?|guns?|pumps?|tanks?|kettles?|"
    r"reactors?|stills?|columns?|rotovaps?|evaporators?|flasks?|mixers?|blenders?|"
    r"containers?|plates?|parchment|spatulas?|socks?|system|rig|kit|setup|tools?|"
    r"cartridge\s+filler|capper|grinders?|mills?|tumblers?"
)
# "stays in the machine", "is left behind in the press", "gets retained by the filler",
# "hangs up in the lines": retained in the equipment, so it never reaches the product.
RETAINED = (
    r"(?:stays?|remains?|sits?|hangs?\s+(?:up|back)|gets?\s+(?:left|stuck|trapped|caught|held)|"
    r"(?:is|are)\s+(?:left|retained|trapped|caught|held(?:\s+(?:up|back))?)|retained|trapped)\s+"
    r"(?:stuck\s+|behind\s+)?(?:(?:in|on|inside|by|within)\s+(?:the\s+|our\s+|my\s+|your\s+)?"
    rf"(?:[a-z-]+\s+){{0,2}}?(?:{EQUIPMENT})\b|behind\b|stuck\b)"
)
# A loss told without its size: "some stays in the press", "we lose a bit in the lines",
# "the filler eats a little". The size is asked for, never taken as 0.
UNSIZED_LOSS = (
    r"\b(?:some|a\s+(?:little\s+)?bit|a\s+little|part|a\s+(?:small\s+)?(?:amount|share|fraction))"
    r"(?:\s+of\s+(?:it|the\s+\w+))?\s+(?:always\s+|usually\s+|typically\s+|inevitably\s+|still\s+)?"
    rf"(?:{RETAINED}|(?:is|gets)\s+(?:lost|wasted)|sticks?\s+(?:to|in|on)|clings?\s+(?:to|in|on))|"
    r"\b(?:we|i|you)\s+(?:always\s+|usually\s+|typically\s+)?(?:lose|loose)\s+(?:some|a\s+(?:little\s+)?"
    r"bit|a\s+little)\b|"
    rf"\b(?:{EQUIPMENT})\s+(?:always\s+|usually\s+)?(?:keeps?|holds?(?:\s+(?:onto|on\s+to|back))?|"
    r"retains?|eats?|takes?|traps?|soaks?\s+up|absorbs?)\s+(?:some|a\s+(?:little\s+)?bit|a\s+little)\b"
)
_TAG_WORDS: dict[str, tuple[str, str]] = {
    # tag: (words just before the number, words just after it)
    "loss": (
        r"(?:loss|lose|losing|lost|waste|shrink)\w*(?:\s*(?:of|is|was|at|about|around|~|like|roughly|"
        r"approx\w*|maybe|nearly|almost|close\s+to|up\s+to|a\s+good|usually|typically))*\s*$|"
        # "the pot keeps about 5%", "the filler holds onto 2%": what the equipment keeps is lost
        rf"\b(?:{EQUIPMENT})\s+(?:keeps?|holds?(?:\s+(?:onto|on\s+to|back))?|takes?|eats?|grabs?|"
        r"retains?|swallows?|traps?|soaks?\s+up|absorbs?)\s*(?:about|around|roughly|like|~)?\s*$",
        r"^\s*(?:process\s+|processing\s+|production\s+|transfer\s+|of\s+the\s+\w+\s+)?(?:loss|losses|lost|waste|shrink)|"
        # "add 5% overage for process loss": extra put in to cover what is lost
        r"^\s*(?:overage|over-?fill)\b|"
        # "5% is lost in the pan", "8% stays stuck on the walls", "3% of it clings to the pot"
        r"^\s*(?:of\s+(?:\w+\s+){0,4}?)?(?:(?:is|are|was|were|gets?|got|will\s+be|ends?\s+up|to)\s+)?"
        r"(?:(?:usually|typically|always|just|probably|normally|often)\s+)?(?:lost|wasted|left\s+(?:behind|in|on)|"
        r"stuck|(?:stick|sticks|stuck|clings?)\s+(?:to|in|on)|goes\s+to\s+waste|burns?\s+off|disappears?|"
        rf"{RETAINED})|"
        r"^\s*(?:of\s+(?:\w+\s+){0,3}?)?(?:never|doesn'?t|does\s+not|won'?t)\s+(?:make|get|end)",
    ),
    "efficiency": (
        r"(?:efficien\w*|conversion|recover(?:y|s|ed|ing)?|extraction|yield)\s*(?:of|is|was|at|about|around|~|rate)?\s*$|"
        r"\btheoretical\s*[,(]?\s*$",
        r"^\s*(?:(?:overall|total|combined|expected|average|infusion|decarb\w*)\s+){0,2}"
        r"(?:efficien|conversion|recovery|extraction|transfer)|"
        # "75% of it makes it into the butter", "90% ends up in the gummies"
        r"^\s*(?:of\s+(?:\w+\s+){0,3}?)?(?:(?:makes?|made)\s+it|gets?|goes|ends?\s+up|carries\s+"
        r"over)\s+in(?:to)?\s+(?:the|our|my|your|each|every)?\s*[a-z]|"
        # "80% stays in the butter": what stays in the product is what it keeps (unlike what
        # stays in the machine, a loss)
        r"^\s*(?:of\s+(?:\w+\s+){0,3}?)?(?:stays?|remains?)\s+in\s+(?:the\s+|our\s+|my\s+)?"
        r"(?:butter|oil|milk|cream|product|infusion|edibles?|gummies|brownies|cookies|tincture|"
        r"final\s+\w+|finished\s+\w+)\b",
    ),
    "moisture": (
        r"(?:moisture|water)\s*(?:content|loss)?\s*(?:of|is|was|at|from|to)?\s*$",
        r"^\s*(?:moisture|water|weight loss|of (?:its|the) weight|in drying|during dry)",
    ),
    "terpene": (r"terp\w*\s*(?:at|of|is|to)?\s*$", r"^\s*(?:terp|of terp)"),
    "target": (
        r"(?:target|down to|bring (?:it|them)? ?to|get (?:it|to)|hit|aim(?:ing)? for|want(?:ing)?|"
        r"end up at|finish at|to make|make it|into|to|cut (?:it|to)|final(?: potency)?)"
        r"\s*(?:of|at|is|~)?\s*$|"
        # "need 20 L of drink base at 25 ppm": the strength of the amount wanted
        # ("want 16 fl oz of syrup base at 5 mg/ml": a two-word unit, a two-word product)
        r"\b(?:need|want|make|making)\s+[\d.]+\s*(?:fl\.?\s*)?[a-z]*\s+(?:of\s+)?(?:[a-z]+\s+){0,3}"
        r"at\s*$",
        r"^\s*(?:target|final|finished|end product|blend)",
    ),
    "tolerance": (
        r"(?:\+/-|\+-|plus or minus|within|variance|tolerance|allow\w*|deviation)"
        r"\s*(?:of|is|was|at|:)?\s*$",
        r"^\s*(?:variance|tolerance|either way|deviation|over or under|\+/-)",
    ),
    "stock": (
        # "stock is", "my stock concentrate is", "the stock's strength is"
        r"(?:stock|starting|start|from|current|currently|base)(?:'s)?(?:\s+(?:solution|"
        r"concentrate|oil|tincture|strength|concentration|potency))?\s*(?:is|at|of|:)?\s*$",
        r"^\s*stock",
    ),
    "price": (r"\$\s*$", r"^\s*(?:a|per|/)\s*(?:lb|pound|oz|ounce|gram|g|kilo|kg|p\b|elbow|zip)"),
    "limit": (
        r"(?:limit|threshold|cutoff|cut-off|under|below|exceed(?:s|ing)?|above)\s*(?:here\s+|there\s+)?"
        r"(?:of|is|at|the)?\s*$|"  # "daily limit here is 28.5 g"
        # "MI rules (10 mg / 200 mg)", "caps: 5mg/100mg": a state's caps given as a pair
        r"\b(?:rules?|regs?|regulations?|caps?|limits?|laws?|max(?:imums?|es)?|standards?)\s*"
        r"[(\[:]\s*(?:[\d.]+\s*mg(?:\s*(?:per|a|an|/)\s*[a-z]+)?\s*(?:/|,|and|&|\+)\s*)?$",
        r"^\s*(?:total\s+)?(?:delta-?9\s+|d9\s+)?(?:thc\s+)?(?:per\s+(?:serving|piece|package|pack|"
        r"unit|dose)\s+)?(?:(?:hemp|federal|farm\s+bill|legal|"
        r"usda|state|compliance)\s+){0,2}(?:limit|threshold|cutoff|cut-off|"
        r"cap\b|max(?:imum)?\b|line\b|rule\b)",
    ),
    # "set the excise to 12%", "15% sales tax": a tax rate, never a potency or a strength
    "tax": (
        r"\b(?:tax(?:es)?|excise|duty|levy|gst|hst|pst|vat)\s+(?:rate\s+)?(?:(?:is|was|at|of|to|"
        r"set\s+to|now|still|currently|=|:)\s*)*$",
        r"^\s*(?:(?:state|local|city|county|sales|retail|wholesale|cannabis|marijuana|"
        r"marihuana|excise|use|gross\s+receipts)\s+){0,2}(?:tax(?:es)?|excise|duty|levy)\b",
    ),
    "dropper": (
        r"dropper\w*\s*\(?\s*(?:is|of|=)?\s*$|dropper\w*\s+(?:[a-z]+\s+){0,3}?(?:are|holds?|measures?|"
        r"delivers?|gives?)\s+(?:about\s+|roughly\s+)?$",
        r"^\s*(?:dropper)",
    ),
}
_TAGS = {
    tag: (re.compile(left, re.IGNORECASE), re.compile(right, re.IGNORECASE))
    for tag, (left, right) in _TAG_WORDS.items()
}


def roles_near(before: str, after: str) -> frozenset[str]:
    """The roles the words around a number give it ("loss", "efficiency", "limit", ...)."""
    clause_before = re.split(r"[.;!?\n]", before)[-1]
    clause_after = re.split(r"[.;!?\n,]", after)[0]
    found = set()
    for tag, (left, right) in _TAGS.items():
        if left.search(clause_before[-45:]) or right.search(clause_after):
            found.add(tag)
    return frozenset(found)
