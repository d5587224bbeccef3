"""The specific things a question is about, which the fact answering it must name.

A fact on the right topic is no answer when the question asks about one thing and the
fact speaks of another: "myrcene's boiling point?" is not answered by a short-path
distillation fact that shares "boiling" and "atmospheric" with it, "aflatoxin limits in
California?" by California's water-activity limit, "can we make an infused ice cream?" by
the state's extraction-solvent rule, "a loyalty points cap in New Jersey?" by its audience
rule. Those facts cover enough of the question's words, and a rule question's topic lets a
fact answer in other words, so only the named thing tells them apart.

The things recognised are those where naming one narrows the question to it: analytes and
compounds (terpenes, minor cannabinoids, contaminants), additives and food types, documents
and specific rule objects. Common subjects the packs' general rules answer for ("gummies"
under the edible rules, "THC") are left out: naming them does not narrow a question; nor
do product forms (a seltzer is a beverage, which `product_forms` checks a fact against).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import Passage


@dataclass(frozen=True, slots=True)
class Focus:
    """A specific thing a question may name, the words naming it, and the broader words a
    fact may use for it and still answer ("endorsement" for an influencer's post); the
    words are regular-expression fragments, matched as whole words, plurals included."""

    name: str
    forms: tuple[str, ...]
    accepted: tuple[str, ...] = ()
    # Whether a fact of the place asked, on the topic asked, about this thing answers a
    # question naming it whatever else the question says: a design the youth-appeal rules
    # list by name ("a cartoon mascot?", "'Kandy Klouds'?"), not a subject in passing.
    answers_alone: bool = False

    @property
    def named_in(self) -> re.Pattern[str]:
        """What finds the thing in a question."""
        return _words(self.forms)

    @property
    def answered_by(self) -> re.Pattern[str]:
        """What finds the thing, or a word a fact may use for it, in a fact."""
        return _words(self.forms + self.accepted)


@functools.lru_cache(maxsize=256)
def _words(fragments: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(fragments)
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?:e?s)?(?![\w])", re.IGNORECASE)


# A thing ruled out rather than asked about: "no cartoons", "nothing cartoon-y".
_NOT_NEGATED = r"(?<!\bno )(?<!\bnothing )(?<!\bwithout )(?<!\bnot )(?<!\bnor )"
# Spaces and hyphens between a name's words are interchangeable ("e. coli", "e coli").
_GAP = r"[\s.-]*"


def _named(*words: str) -> str:
    return _GAP.join(words)


# Terpenes: a fact on another terpene, or on terpenes at large, gives another figure.
_TERPENES = tuple(
    Focus(name, (rf"(?:(?:alpha|beta|a|b|\u03b1|\u03b2){_GAP})?{name}",))
    for name in (
        "myrcene",
        "limonene",
        "linalool",
        "pinene",
        "caryophyllene",
        "humulene",
        "terpinolene",
        "ocimene",
        "bisabolol",
        "nerolidol",
        "eucalyptol",
        "geraniol",
        "terpineol",
        "valencene",
        "camphene",
        "borneol",
        "guaiol",
    )
)

# Minor and hemp-derived cannabinoids (THC, THCA, CBD and CBDA are the packs' common
# subject: naming them does not narrow a question).
_CANNABINOIDS = (
    Focus("CBN", ("cbn", "cannabinol")),
    Focus("CBG", ("cbg", "cannabigerol")),
    Focus("CBC", ("cbc", "cannabichromene")),
    Focus("THCV", ("thcv", "thc-v", "tetrahydrocannabivarin")),
    Focus("CBDV", ("cbdv", "cannabidivarin")),
    Focus("HHC", ("hhc", "hexahydrocannabinol")),
    Focus("delta-8 THC", (_named("delta", "8"), "d8", "Δ-?8"), ("intoxicating hemp",)),
    Focus("delta-10 THC", (_named("delta", "10"), "d10", "Δ-?10")),
    Focus("THC-O", (_named("thc", "o"), _named("thc", "o", "acetate"))),
    Focus("THCP", ("thcp", "thc-p")),
)

# Contaminants a certificate of analysis reports: a limit for another one is no answer,
# and a fact listing the class tested ("mycotoxins") gives no number for one of them.
_CONTAMINANTS = (
    Focus("aflatoxin", ("aflatoxin",)),
    Focus("ochratoxin", (_named("ochratoxin", "a?"),)),
    Focus("mycotoxin", ("mycotoxin",), ("aflatoxin", "ochratoxin")),
    Focus("salmonella", ("salmonella",)),
    Focus("E. coli", (_named("e", "coli"), "stec", "shiga")),
    Focus("Aspergillus", ("aspergillus",)),
    Focus("Listeria", ("listeria",)),
    Focus("arsenic", ("arsenic",)),
    Focus("cadmium", ("cadmium",)),
    Focus("mercury", ("mercury",)),
    Focus("heavy metals", (_named("heavy", "metal"),), ("arsenic", "cadmium", "mercury")),
    Focus("myclobutanil", ("myclobutanil",)),
    Focus("bifenazate", ("bifenazate",)),
    Focus("imidacloprid", ("imidacloprid",)),
    Focus("paclobutrazol", ("paclobutrazol",)),
    Focus("vitamin E acetate", (_named("vitamin", "e", "acetate"),)),
    # residual solvents a lab reports one by one, not solvents an extractor runs with
    Focus("benzene", ("benzene",)),
    Focus("toluene", ("toluene",)),
    Focus("xylene", ("xylene",)),
    Focus("chloroform", ("chloroform",)),
    Focus("methylene chloride", (_named("methylene", "chloride"), "dichloromethane")),
    Focus("trichloroethylene", ("trichloroethylene",)),
    Focus("ethylene oxide", (_named("ethylene", "oxide"),)),
    *(
        # an extraction solvent is a subject in passing ("can we run butane?"), but named as
        # what is left in the product ("residual butane", "the propane limit") it is the
        # analyte asked, and a limit for another contaminant is no answer
        Focus(
            f"residual {name}",
            (
                rf"residual{_GAP}{form}",
                rf"{form}{_GAP}(?:residues?|residual|{_named('action', 'level')}|limit)",
            ),
            (form,),
        )
        for name, form in (
            ("butane", "butane"),
            ("propane", "propane"),
            ("pentane", "pentane"),
            ("hexane", r"n?-?hexane"),
            ("heptane", "heptane"),
            ("ethanol", "ethanol"),
            ("methanol", "methanol"),
            ("isopropanol", rf"(?:isopropanol|isopropyl{_GAP}alcohol)"),
            ("acetone", "acetone"),
        )
    ),
)

# Additives, ingredients and foods whose own rule is what is asked ("cannabis ice cream?"
# is a question about dairy products, not about manufacturing at large).
_INGREDIENTS = (
    Focus("caffeine", ("caffeine", "caffeinated")),
    Focus("nicotine", ("nicotine",)),
    Focus("melatonin", ("melatonin",)),
    Focus("kratom", ("kratom",)),
    Focus("kava", ("kava",)),
    # "any rule on flavors?": a fact on the product forms allowed is not the flavour rule
    # (the plural or "flavoring" names the rule asked; "keep the strawberry flavor" does not)
    Focus("flavours", ("flavou?rs", "flavou?rings?"), ("flavou?r", "terpenes?", "taste")),
    Focus("psilocybin", ("psilocybin", _named("magic", "mushroom"))),
    Focus(
        "dairy products",
        ("dairy", "milk", "cheese", _named("ice", "cream"), "cheesecake", "yogurt", "custard"),
    ),
    Focus(
        "carrier oils",
        (
            _named("carrier", "oil"),
            "mct",
            _named("olive", "oil"),
            _named("coconut", "oil"),
            _named("sesame", "oil"),
            _named("sunflower", "oil"),
            _named("avocado", "oil"),
            _named("grapeseed", "oil"),
        ),
    ),
)

# Documents and specific rule objects: a fact on the topic that does not name one gives
# a neighbouring rule, not the one asked.
_RULE_OBJECTS = (
    Focus(
        "batch records",
        (_named("batch", "record"), _named("batch", "production", "record"), "batch manufact\\w*"),
    ),
    Focus("safety data sheet", ("sds", "msds", _named("safety", "data", "sheet"))),
    Focus("loyalty programmes", ("loyalty", _named("reward", "points?"), "punch card")),
    Focus("influencers", ("influencer",), ("endors\\w*",)),
    # a testimonial or endorsement in promotion ("customer testimonials in our ontario
    # promo?"): a rule on inducements or audiences does not say whether one may be used (not
    # a licence's "medical endorsement")
    Focus(
        "testimonials and endorsements",
        (
            "testimonial",
            r"(?:athlete|celebrity|customer|influencer|budtender|doctor|physician|expert|"
            r"patient|staff|employee|star|famous|paid|personal|sports?)\s+endorsement",
            r"endors(?:e|es|ed|ing)\s+(?:our|the|a|an|this|these|their|your|my)\b",
        ),
        ("endors\\w*",),
    ),
    Focus(
        "consumption lounges",
        (
            "lounge",
            _named("social", "use"),
            _named("on", "site", "consumption"),
            _named("consumption", "(?:cafe|café|establishment|area|venue|site)"),
        ),
    ),
    Focus("RFID", ("rfid",), (_named("radio", "frequency"),)),
    # a cartoon or mascot asked about ("our mascot on the edible packaging?"): a packaging
    # rule on child-resistant closures is not the rule on designs that appeal to children
    # (not one ruled out in a brief: "nothing cartoon-y", "no cartoon stuff")
    Focus(
        "cartoons and mascots",
        (rf"{_NOT_NEGATED}cartoons?", rf"{_NOT_NEGATED}cartoony", rf"{_NOT_NEGATED}mascots?"),
        (
            "characters?",
            r"appeal\w*[^.]{0,30}\b(?:children|minors|kids|young|under[- ]21s?)",
            r"attractive to (?:children|minors|kids|young)",
            r"target\w*[^.]{0,30}\bunder (?:the age of )?21",
        ),
        answers_alone=True,
    ),
    # a product's shape ("gummies molded like footballs"): the rule on shapes answers it
    Focus(
        "product shapes",
        (r"shaped (?:like|as)", r"[a-z]+-shaped", r"mou?lded (?:like|as|into)", "in the shape of"),
        ("shaped?", "shapes"),
        answers_alone=True,
    ),
    # "candy" in a brand name, in the spellings the youth-appeal rules name
    Focus("candy", ("candy", "candies", "kandy", "kandies", "kandeez"), answers_alone=True),
    # who an advert may reach ("the ad audience rule?"): a rule on what ads may say is not it
    Focus("advertising audiences", ("audience",), ("viewers?", "readership", "followers?")),
    # who placed an ad, asked as what must identify the business in it ("does the spot have
    # to include anything identifying us?"): the rule naming the licence number answers
    Focus(
        "licensee identification",
        (
            r"identif(?:y|ying|ies|ied|ication)(?: of)? (?:us|ourselves|the (?:business|licensee|"
            r"company|brand|store|dispensary|advertiser))",
            _named("licen[cs]e", "(?:number|no|#)"),
        ),
        (_named("licen[cs]e", "(?:number|no|#)"), _named("licensee'?s?", "name")),
    ),
    # a crew's size asked ("two people in the van?"): a rule on the vehicle is not it
    Focus(
        "staffing",
        (_named("(?:two|2|three|3)", "(?:people|persons|employees|staff|drivers|agents|guards)"),),
        (
            _named(
                "(?:one|two|2|three|3|second|single)",
                "(?:people|persons|employees|staff|staff members|drivers|agents|guards)",
            ),
            "alone",
            "unaccompanied",
            "occupied",
        ),
    ),
    # a licence's level asked ("level 1 or 2?"): a rule on another licence type is not it
    Focus(
        "licence levels",
        (_named("level", "(?:[1-9]|one|two|three)"), r"level[^.?!]{0,25}?\b[1-3] or [1-3]"),
    ),
    # the FDA's statement or approval asked: a state's label list without it is not it
    Focus("FDA statements", ("fda",), (_named("food", "and", "drug", "administration"),)),
    Focus("excise tax", ("excise",)),
    # whether an ad's claims must be true or proven ("do claims need substantiating?"): a
    # rule on giveaways or placement is not it
    Focus(
        "truthful, substantiated claims",
        ("substantiat\\w*", "unsubstantiated", "truthful", "untruthful", "misleading"),
        ("deceptive", "proven"),
    ),
    # a hemp crop over the limit and what follows it: a state's other hemp rules are not it
    Focus(
        "negligent violations",
        (_named("negligent", "violation"), _named("hot", "(?:crop|field)"), "corrective action"),
        ("negligen\\w*",),
    ),
    Focus("vending machines", (_named("vending", "machine"), "kiosk")),
    Focus("drive-throughs", (_named("drive", "thr(?:u|ough)"),)),
    Focus(
        "First Nations",
        (_named("first", "nation"), "indigenous", "tribal", "tribe", _named("band", "council")),
        ("reserve", "reservation"),
    ),
)

FOCI: tuple[Focus, ...] = (
    *_TERPENES,
    *_CANNABINOIDS,
    *_CONTAMINANTS,
    *_INGREDIENTS,
    *_RULE_OBJECTS,
)


def named_foci(text: str) -> tuple[Focus, ...]:
    """The specific things a text names; a class named beside one of its members ("the
    mycotoxins: aflatoxins and ochratoxin") is asked through the members."""
    named = [focus for focus in FOCI if focus.named_in.search(text)]
    return tuple(
        focus
        for focus in named
        if not any(
            other is not focus and _words(focus.accepted).search(other.name)
            for other in named
            if focus.accepted
        )
    )


# What a result reported as "ND" or "<LOQ" means, asked ("coa says ND for cbn and <LOQ for
# cbg, whats the difference?"): the same for every analyte, which is named only in passing.
_NOTATION = r"(?:(?<![\w-])nd(?![\w-])|<\s*lo[dq]\b|\bnot detected\b)"
_MEANING = r"\b(?:mean|means|meaning|same|difference|differ|zero|vs\.?|versus)\b"
_NOTATION_EXPLAINED = re.compile(
    rf"{_NOTATION}[^?]*{_MEANING}|{_MEANING}[^?]*{_NOTATION}", re.IGNORECASE
)
_ANALYTES = frozenset((*_TERPENES, *_CANNABINOIDS, *_CONTAMINANTS))
# The notation itself is then what a fact must speak of.
_NOTATIONS = Focus(
    "ND and <LOQ results",
    ("nd", r"<\s*lo[dq]", _named("not", "detected")),
    ("lod", "loq", _named("limits?", "of", "(?:detection|quantitation|quantification)"),
     _named("(?:detection|quantitation)", "limit")),
)  # fmt: skip


def asked_foci(user_turns: Sequence[str], question: str) -> tuple[Focus, ...]:
    """What the question is about: the things the latest turn names, or, for a follow-up
    naming none ("and for edibles?"), those of the question it follows; not an analyte
    whose reported "ND" or "<LOQ" is what is asked about."""
    foci = (named_foci(user_turns[-1]) if user_turns else ()) or named_foci(question)
    if _NOTATION_EXPLAINED.search(question):
        return (*(focus for focus in foci if focus not in _ANALYTES), _NOTATIONS)
    return foci


def names_a_focus(fact: Fact, foci: Iterable[Focus]) -> bool:
    """Whether the fact names one of the things asked about (or a word it may use for one)."""
    words = " ".join((fact.title, fact.text, *fact.keywords))
    return any(focus.answered_by.search(words) for focus in foci)


def states_a_focus(fact: Fact, foci: Iterable[Focus]) -> bool:
    """Whether the fact's own words (its title or text, not the keywords it is searched by)
    name one of the things asked: a state's hemp exception tagged "delta-8" for search
    says nothing of delta-8 itself."""
    words = f"{fact.title} {fact.text}"
    return any(focus.answered_by.search(words) for focus in foci)


def about_a_focus(fact: Fact, foci: Iterable[Focus]) -> bool:
    """Whether the fact is about one of the things asked: its title or keywords name it
    ("Myrcene's boiling point"), not only its text in passing."""
    words = " ".join((fact.title, *fact.keywords))
    return any(focus.answered_by.search(words) for focus in foci)


def describe_foci(foci: Iterable[Focus]) -> str:
    """The things asked about, for an answer saying what the sources do not cover."""
    names = [focus.name for focus in foci]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def names_the_focus(passage: Passage, foci: Iterable[Focus]) -> bool:
    """Whether a retrieved fact is about a design asked that answers alone (its title or
    keywords name it): on the topic asked, of the place named, it answers in other words a
    question whose made-up names ("'Kandy Kubes'?") lower its coverage."""
    alone = [focus for focus in foci if focus.answers_alone]
    return about_a_focus(passage.fact, alone)
