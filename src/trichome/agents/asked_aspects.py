"""Aspects of a rule a question asks about that a fact must state to answer it.

"What's the penalty for driving high in Arizona?" shares "Arizona" and "driving" with the
state's label warning ("may impair driving"), and "can I bring my medical cannabis on a
plane within California?" shares "cannabis" and "California" with a delivery rule: offered as
the answer, either is a confident wrong one with a citation. These questions ask a
particular aspect (a penalty, a fee, air travel, impaired driving, a raffle, how long
something is kept), and only a fact that speaks of that aspect answers them; with none, the
answer admits the gap and names the regulator. Each aspect is a pair: the words that ask it,
and the words a fact stating it uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from trichome.agents.aspect import Aspect
from trichome.agents.aspect import aspect as _aspect
from trichome.agents.offence_sides import answers_the_side_asked
from trichome.agents.pending_events import PENDING_ASPECTS
from trichome.agents.place_particulars import PLACE_ASPECTS
from trichome.knowledge.jurisdictions import JURISDICTION_NAMES
from trichome.knowledge.retrieval import Passage, any_relevant
from trichome.knowledge.topic_phrases import OWN_CLAIM, SITING
from trichome.knowledge.words import clauses, tokenize

_LICENCE_THING = (
    r"(?:licen[cs]es?|applications?|permits?|registrations?|renewals?|authori[sz]ations?)"
)
_HOW_LONG = r"how (?:long|many (?:years|yrs|months|days))\b"
# What is kept: records and their kinds, not stock ("how long can we store flower").
_KEPT = (
    r"(?:records?|info|information|data|details|footage|videos?|recordings?|documents?|"
    r"documentation|logs?|manifests?|receipts?|files?|paperwork|books|copies|results|reports?|"
    r"samples?|descriptions?)\b"
)
_KEEPING = (
    r"(?:keep|keeps|keeping|kept|retain|retains|retaining|retained|retention|maintain|maintains|"
    r"maintaining|maintained|preserve|preserving|preserved|store|storing|stored|hold on to|"
    r"archive[sd]?|archiving)"
)

# Who works in a shop: the people a staff-training rule speaks of.
_STAFF = (
    r"(?:budtenders?|staff|staffers|employees?|workers?|agents?|new hires?|hires|"
    r"dispensary (?:techs?|associates?)|sales associates?|team members?)"
)

# Counts written as words, as statutes write them ("six mature plants").
_COUNT = (
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|sixteen|"
    r"eighteen|twenty|twenty-four|thirty|forty-eight)"
)
_MONEY = r"[$€£]\s?\d|\b\d[\d,.]*\s?(?:dollars|usd|cad|k\b)|\bdollars?\b"
# What a rule on claims speaks of: the claim or statement itself, or its truth.
_CLAIM_STATED = (
    r"\bclaims?\b|\bstatements?\b|\bmisleading\b|\bfalse\b|\bdeceptive\b|\buntrue\b|"
    r"\bsubstantiat\w*|\bunsubstantiated\b|\bsafe(?:r|st|ty)?\b|\bhealth\b|\bcurative\b|"
    r"\btherapeutic\b|\bmedical benefits?\b|\brepresent(?:s|ed|ations?)?\b"
)
# Reports a business or bank files with the government once a sum is reached.
_CASH_REPORTS = (
    r"sars?|ctrs?|suspicious activity reports?|currency transaction reports?|(?:form )?8300s?"
)

# What is taken, for when its effects start or end ("how long do edibles take to kick in").
_TAKEN_FORMS = (
    r"(?:edibles?|gummies|gummy|brownies?|cookies?|chocolates?|tinctures?|capsules?|drinks?|"
    r"beverages?|doses?|the high|effects?|a hit)"
)

ASPECTS: tuple[Aspect, ...] = (
    _aspect(
        # "penalties in michigan for selling to someone under 21", "how big is the fine if..."
        "penalty",
        r"\bpenalt(?:y|ies)\b|\bfine[sd]?\b (?:for|if|of|when)\b|"
        # "whats the fine?", "what would the fines be", not "the fine print"
        r"\bwhat(?:'s|s| is| are| would be)? (?:the |a )?(?:usual |typical |max(?:imum)? )?fines?\b"
        r"(?! print| line)|\bhow (?:big|much) (?:is |would "
        r"be |of )?(?:the |a )?fine\b|\bjail(?: time)?\b|\bpunish(?:ment|ed)?\b",
        r"\bpenalt(?:y|ies)\b|\bfine[sd]?\b|\bmisdemeanou?rs?\b|\bfelon(?:y|ies)\b|\bjail\b|"
        r"\bprison\b|\bimprison|\bsuspen(?:d|sion)\b|\brevo(?:ke|cation|ked)\b|\bsanctions?\b|"
        r"\bdisciplin|\binfraction\b|\bcrimes?\b|\boffen[cs]es?\b|\bcitations?\b",
    ),
    _aspect(
        # "how much does an adult use retail license cost in new jersey", "application fee?"
        "fee",
        rf"\b{_LICENCE_THING}\b[^.?!]{{0,40}}\b(?:cost|costs|fees?|price|pay)\b|"
        rf"\b(?:cost|fees?|price)\b[^.?!]{{0,25}}\b(?:of|for) (?:an? |the |our |my )?"
        rf"(?:\w+ ){{0,3}}{_LICENCE_THING}\b|"
        r"\b(?:application|licen[cs]e|licensing|renewal|permit|authori[sz]ation) fees?\b|"
        # "how much does it cost to renew a licence?"
        r"\b(?:cost|costs|fees?|price|pay)\b (?:to|for) (?:renew|apply|get|obtain|register)\b",
        # the amount charged, or that there is none: "fees are waived for 75%" states no
        # fee, and "a fine of up to $100,000" is no fee's amount
        rf"\b(?:fees?|costs?|charges?|pays?|payable|paid)\b[^.;]{{0,60}}(?:{_MONEY})|"
        rf"(?:{_MONEY})[^.;]{{0,40}}\b(?:fees?|to apply|per (?:year|location|store|site)|"
        r"annually|a year)\b|\b(?:no|without (?:a|any)) (?:\w+ )?(?:fees?|charge|cost)\b|"
        r"\bfree of charge\b",
    ),
    _aspect(
        # "processor permit renewal fee?": the first year's permit fee is not the renewal's
        "renewal-fee",
        r"\brenew(?:al|als|ing)?\b[^.?!]{0,25}\b(?:fees?|cost|costs|price)\b|"
        r"\b(?:fees?|cost|costs|price|pay)\b[^.?!]{0,25}\b(?:to|for) renew",
        rf"\brenew\w*\b[^.;]{{0,60}}(?:{_MONEY})|(?:{_MONEY})[^.;]{{0,40}}\brenew",
    ),
    _aspect(
        # "can i bring my medical cannabis on a plane", "TSA with a vape"
        "air-travel",
        r"\b(?:plane|airplane|aeroplane|flights?|flying|airports?|tsa|airlines?|carry-on|"
        r"carry on (?:bags?|luggage))\b|\bfly (?:to|from|out of|home|back|into|domestic)\b|"
        r"\bfly with (?:my |a |an |some |the )?(?:\w+ )?(?:cannabis|weed|marijuana|gumm(?:y|ies)|"
        r"edibles?|vapes?|carts?|flower|pens?|meds|medicine|thc|cbd)\b",
        r"\b(?:airports?|aircraft|air (?:travel|carrier)|airplanes?|planes?|flights?|tsa|"
        r"airlines?|aviation)\b",
    ),
    _aspect(
        # "penalty for driving high", "is there a per se thc limit for DUI"
        "impaired-driving",
        r"\b(?:driv(?:e|es|ing)|operat(?:e|ing) (?:a |the )?(?:car|vehicle|truck))\b[^.?!]{0,25}"
        r"\b(?:high|stoned|baked|impaired|under the influence|after (?:smoking|using|consuming|"
        r"dabbing|eating|vaping))\b|\b(?:dui|dwi|owi|duid)s?\b|\bimpaired driving\b|"
        r"\bper se (?:limit|level|law)\b",
        r"\bdriv(?:e|es|er|ers|ing)\b|\bdui\b|\bdwi\b|\bimpair|\bmotor vehicles?\b|"
        r"\boperat\w* (?:a |the )?(?:motor )?vehicle|\bng/ml\b",
    ),
    _aspect(
        # "can we run a raffle for a free ounce", "sweepstakes for newsletter sign-ups"
        "prize-draw",
        r"\b(?:raffles?|sweepstakes|lotter(?:y|ies)|prize draws?|contests?|prizes?)\b",
        r"\b(?:raffles?|sweepstakes|lotter(?:y|ies)|contests?|competitions?|prizes?|drawings?|"
        r"giveaways?|give (?:away|out)|free|gifts?|games? of chance)\b",
    ),
    _aspect(
        # "how long do edibles take to kick in?": when effects start, peak or end; a
        # decarboxylation time shares "how long" with it and answers something else
        "onset",
        rf"\b{_TAKEN_FORMS}\b[^.?!]{{0,30}}\bkick(?:s|ing)? in\b|"
        rf"\bhow long\b[^.?!]{{0,30}}\b{_TAKEN_FORMS}\b[^.?!]{{0,20}}\b"
        r"(?:take|last|hit|work|kick)\b|"
        # "ate half a brownie an hour ago, how long till it hits", not "hits the shelves"
        rf"\b{_TAKEN_FORMS}\b[^?!]{{0,60}}\b(?:how long (?:till|until|til|before|for)|when "
        r"(?:will|does|do|should) (?:it|they|that))\b[^.?!]{0,15}\b(?:hits?|kicks? in|works?|"
        r"starts? working|takes? effect)\b",
        r"\bonset\b|\bpeaks?\b|\btake effect\b|\bkick in\b|\beffects? (?:begin|start|appear|last)|"
        r"\bduration\b",
    ),
    _aspect(
        # "caregiver for 5 people, a 6th asked me": how many patients one caregiver may serve,
        # not how much each may hold
        "patients-served",
        r"\bcaregiver\b[^.?!]{0,60}\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|"
        r"several|more|another|an?\s+\w+th)\s+(?:people|patients|persons|folks)\b|\bhow many "
        r"(?:patients|people)\b[^.?!]{0,40}\bcaregiver|\bcaregiver\b[^.?!]{0,40}\bhow many "
        r"(?:patients|people)\b",
        r"\bpatients?\b[^.]{0,40}\b(?:not to exceed|up to|no more than|at most|maximum of)\s+\w+|"
        r"\b(?:up to|no more than|not more than|not to exceed|at most)\s+(?:\w+\s+){0,2}"
        r"(?:qualifying\s+|registered\s+)?patients\b",
    ),
    _aspect(
        # "can a 19 year old work at a dispensary?": who may be employed, not who may buy
        "employment",
        r"\bwork(?:ing)? (?:at|in|for) (?:a |an |the )?(?:\w+ )?(?:dispensar|store|shop|grow|"
        r"facilit)|\b(?:hire|employ)\s+(?:a|an|someone|somebody|anyone|people|staff|workers?|"
        r"\d+)\b|\bbe (?:hired|employed)\b|\bbe(?:come)? a budtender\b",
        r"\bemploy|\bagents?\b|\bworkers?\b|\bstaff\b|\bhir(?:e|ed|ing)\b|\boccupational|"
        r"\bbadges?\b|\bwork(?:ing)? (?:at|in|for)\b|\bpersonnel\b|\bbudtenders?\b",
    ),
    _aspect(
        # "how close to a school can a dispensary be?", "the buffer from parks": a fact on
        # the same local rules that states no distance is no answer
        "distance",
        SITING,
        r"\b\d[\d,]* ?(?:feet|foot|ft|meters?|metres?|miles?|yards?)\b|\bbuffer|\bdistance|"
        r"\bsetbacks?\b|\b(?:one|two|three|five) (?:hundred|thousand) (?:feet|foot)\b",
    ),
    _aspect(
        # "can we do a bogo on edibles?", "2 for 1 on carts", "happy hour discount", "give
        # away free pre-rolls on 4/20": a deal or a giveaway is answered by a rule on
        # discounts, gifts or promotions, not by the audience test
        "price-deal",
        r"\bbogos?\b|\bbuy (?:one|1|two|2) get (?:one|1)\b|\b(?:2|two) for (?:1|one)\b|"
        r"\bdiscount(?:s|ed|ing)?\b|\bhappy hour\b|\bcoupons?\b|\b(?:price|daily|weekly) (?:deals?|"
        r"specials?)\b|\bpercent off\b|\b\d+ ?% off\b|\bfree (?:[\w-]+ ){0,2}?with (?:a |any |"
        r"every |each )?(?:purchase|order|sale)\b|\bwith (?:every|any|each) (?:purchase|order)\b|"
        r"\bgiv(?:e|es|ing) (?:[\w-]+ ){0,2}?away\b|\bgiveaways?\b|\bfree (?:[\w-]+ )?"
        r"(?:pre-?rolls?|joints?|edibles?|gummies|samples?|eighths?|grams?|product|weed|cannabis|"
        r"carts?)\b",
        r"\bdiscount|\bpromot(?:ed|ions?|ional)\b|\bcoupons?\b|\bprice\b|\bpricing\b|"
        r"\bgiveaways?\b|\bfree\b|\bgift(?:s|ed|ing)?\b|\brebates?\b|\bbogo|\bspecials?\b|"
        r"\bdeals?\b|\bconsideration\b|\bremuneration\b|\bcompensation\b|"
        r"\bgiv(?:e|es|ing|en) (?:[\w-]+ ){0,3}?away\b|"
        r"\bwithout (?:any )?(?:payment|charge|cost)\b",
    ),
    _aspect(
        # "how long does the state keep the info on our land?", "record retention for
        # manifests?": a fact on something else about the same records does not say how long
        "retention",
        rf"\b{_HOW_LONG}[^?!]{{0,60}}\b{_KEEPING}\b[^?!]{{0,40}}\b{_KEPT}|"
        rf"\b{_KEEPING}\b[^?!]{{0,40}}\b{_KEPT}[^?!]{{0,40}}\b(?:for )?{_HOW_LONG}|"
        r"\b(?:record|data|document|footage) retention\b|"
        r"\bretention (?:period|schedule|requirements?|rules?)\b",
        # Both a keeping word and a length of time, in any order.
        rf"(?s)(?=.*\b{_KEEPING}\b)(?=.*\b(?:years?|months?|days?|calendar|permanent(?:ly)?|"
        r"indefinite(?:ly)?)\b)",
    ),
    _aspect(
        # "budtender training requirements", "do our staff need a state training course?": a
        # rule on something else that mentions a trained administrator, or a standards body
        # with a training subcommittee, does not say what staff must be trained in
        "staff-training",
        # what training is required, not a story that mentions training ("training new hires,
        # what are the limits?", "our budtender training deck")
        rf"(?=.*\b{_STAFF}\b)(?:.*\b(?:training|certification|course)s? (?:requirements?|"
        r"required|rules?|mandates?|hours)\b|.*\b(?:required|mandatory|state[- ](?:required|"
        r"approved|mandated))\s+(?:\w+ )?(?:training|certification|course)s?\b|"
        r".*\bwhat (?:kind of |sort of )?(?:training|certification|courses?)\b|"
        r".*\bhours? of (?:\w+ )?(?:training|certification|courses?)\b|"
        r".*\b(?:need|needs|require|requires|must (?:have|take|complete|finish)|have to "
        r"(?:take|complete|do))\s+(?:a |any |some |the |state )?(?:\w+ )?"
        r"(?:training|certification|course)s?\b)",
        # a training required of staff, not "training records" kept among other papers
        rf"(?s)(?=.*\b(?:{_STAFF}|employ\w*)\b)(?:.*\b(?:must|shall|required to|requires?) "
        r"(?:\w+ ){0,3}(?:complete|attend|take|receive|undergo|finish|be trained|train)\b|"
        r".*\btrain(?:s|ed)? (?:each|every|all|its|their|new) \w+|.*\b(?:training|course|"
        r"certification) (?:program|programme|curriculum|hours|requirement)s?\b|"
        r".*\bhours? of (?:\w+ )?training\b|.*\bresponsible[- ]vendor training\b)",
    ),
    _aspect(
        # "PPE for butane extraction", "what protective gear do extractors wear": a gas's
        # exposure limit or a room's ventilation is not the equipment a worker wears
        "protective-equipment",
        r"\bppe\b|\bpersonal protective\b|\bprotective (?:gear|equipment|clothing|wear)\b|"
        r"\bsafety (?:gear|glasses|goggles)\b",
        r"\bppe\b|\bpersonal protective\b|\bprotective (?:equipment|clothing|gear|eyewear)\b|"
        r"\bflame[- ]resist\w*|\bgloves?\b|\bgoggles\b|\bface ?shields?\b|\beye protection\b|"
        r"\bsafety glasses\b|\blab coats?\b",
    ),
    _aspect(
        # "osha pel for ethanol in our california lab?": a state's rule tying solvents to its
        # fire code states no limit; only a fact giving the airborne or noise limit answers
        "exposure-limit",
        r"\bpels?\b|\bpermissible exposure|\bexposure limits?\b|\bidlh\b|\bstels?\b",
        r"\bppm\b|\bdba\b|\bdecibels?\b|\bmg/m3\b|\bpel\b|\bexposure limit",
    ),
    _aspect(
        # "plant count limits for mature and immature?", "what's the plant cap at home": a
        # fact naming the regulator or a licence, however near its topic, counts no plants
        "plant-count",
        r"\bplants? (?:count|counts|limits?|caps?|max(?:imum)?|allowance|numbers?)\b|"
        r"\b(?:number of|max(?:imum)? (?:number of )?|limits? (?:on|of|for)) (?:[\w-]+ )?"
        r"plants\b|\bmature (?:and|&|/|or|vs\.?) immature\b",
        rf"\b{_COUNT}\b (?:[\w-]+ ){{0,3}}?(?:plants?|mature|immature|flowering|seedlings?)\b|"
        r"\bplants?\b[^.;]{0,25}\b\d+\b",
        besides=r"\bhow much\b|\b(?:possess\w*|carry|on me|ounces?|oz|grams?|flower|"
        r"concentrates?|edibles?)\b",
    ),
    _aspect(
        # "whats the patient possession limit there?", "how much can a patient carry": a fact
        # on who licenses the businesses, however near its topic, states no amount held
        "possession-amount",
        r"\bpossession (?:limits?|caps?|amounts?|allowance|max(?:imum)?)\b|\bhow much (?:can|may|"
        r"could) (?:a |an |the |each )?(?:patients?|caregivers?|adults?|people|someone|i|we|you|"
        r"he|she|they) (?:legally |still )?possess\b",
        r"\b(?:ounces?|oz|grams?|pounds?|lbs?|kilograms?|kg)\b|\d\s?g\b|\bday supply\b|"
        r"\b(?:no|any) (?:possession )?limit\b|\bunlimited\b",
        besides=r"\bplants?\b|\bgrow(?:ing)?\b|\bhow (?:old|many)\b|\bage\b|\btax(?:es)?\b|"
        r"\bprice\b|\bpurchase\b|\bbuy\b",
    ),
    _aspect(
        # "what dollar amount triggers a SAR", "cash threshold for the 8300": a fact on the
        # same report that states no sum answers a different question
        "money-threshold",
        r"\b(?:dollar|cash|money|monetary|reporting|filing) (?:threshold|amount|trigger|limit|"
        rf"figure)s?\b|\bthreshold\b[^.?!]{{0,60}}\b(?:{_CASH_REPORTS})\b|"
        rf"\b(?:{_CASH_REPORTS})\b[^.?!]{{0,60}}\bthreshold\b|"
        r"\bhow much (?:cash|money)\b[^.?!]{0,40}\b(?:before|trigger\w*|report\w*|fil(?:e|ing))\b",
        _MONEY,
    ),
    _aspect(
        # "what temp does myrcene boil at", "boiling point of limonene?": a flash point or an
        # oxidation note on the same terpene is not its boiling point
        "boiling-point",
        r"\bboiling (?:point|temp(?:erature)?)s?\b|\bb\.?p\.? of\b|\bboils? at\b|"
        r"\bwhat (?:temp(?:erature)?s? )?(?:does|do|will|would) [\w\s-]{1,40}? boil\b|"
        r"\bat what temp(?:erature)?s? (?:does|do|will|would|is|are) [\w\s-]{1,40}? boil(?:ing)?\b",
        r"\bboil(?:s|ing|ed)?\b|\bb\.?p\.?\s?\d",
    ),
    _aspect(
        # "at what temp and pressure does co2 go supercritical?": the critical point, not a
        # gas monitor's or an exposure limit's figures for the same CO2
        "critical-point",
        r"\bcritical (?:point|temp(?:erature)?|pressure)s?\b|"
        r"\b(?:go|goes|going|become|becomes|turn|turns|get|gets) supercritical\b|"
        r"\bsupercritical (?:at|above|point)\b",
        r"\bcritical (?:point|temperature|pressure)\b",
    ),
    # "can we say our uv-treated flower is cleaner?": a rule on who may see an ad does not
    # say what it may claim
    _aspect("own-claim", OWN_CLAIM, _CLAIM_STATED),
    *PLACE_ASPECTS,
    *PENDING_ASPECTS,
)
# Aspects that ask a substance's own constants, chemistry whoever runs the equipment.
PHASE_CHANGES = frozenset({"boiling-point", "critical-point"})


@lru_cache(maxsize=512)
def asked_aspects(question: str) -> tuple[Aspect, ...]:
    """The aspects a question asks about."""
    return tuple(
        aspect
        for aspect in ASPECTS
        if aspect.asked.search(question)
        and not (aspect.besides is not None and aspect.besides.search(question))
    )


def asks_phase_change(question: str) -> bool:
    """Whether a question asks where a substance boils or turns supercritical."""
    return any(aspect.name in PHASE_CHANGES for aspect in asked_aspects(question))


def states_aspects(
    text: str, aspects: tuple[Aspect, ...], question: str = "", title: str = ""
) -> bool:
    """Whether a fact's text speaks of every aspect asked; a penalty, of what the question
    asks it for (`question` and the fact's `title` given), and of the side it asks: the
    seller's offence is not answered by the under-age buyer's."""
    if not all(aspect.stated_in(text, question) for aspect in aspects):
        return False
    if not answers_the_side_asked(question, text):
        return False
    penalty = next((aspect for aspect in aspects if aspect.name == "penalty"), None)
    return penalty is None or not question or _penalises_subject(penalty, question, text, title)


# Words of a penalty question that do not say what the penalty is for.
_NOT_THE_SUBJECT = frozenset(
    tokenize(
        "penalty penalties fine fines fined jail time punishment punished prison sentence "
        "maximum minimum max min range higher lower happens happen consequences caught get got "
        "cannabis marijuana weed pot someone somebody person people guy like what whats much "
        "big would will first second third time times legal law state live lives living found "
        "find say said ask asked want need know tell told"
    )
)
_PLACE_WORDS = frozenset(term for name in JURISDICTION_NAMES.values() for term in tokenize(name))


def _penalises_subject(penalty: Aspect, question: str, text: str, title: str) -> bool:
    """Whether a sentence of the fact giving a penalty (read with the one before it and the
    fact's title) shares a word with what the question asks the penalty for: "the fine for a
    19-year-old caught with 3 g at a park" is not answered by the fine for keeping over 150 g
    at home. A question naming nothing but the penalty ("penalties in Ohio?") is answered by
    any."""
    subject = {
        word
        for word in tokenize(question)
        if word not in _NOT_THE_SUBJECT and word not in _PLACE_WORDS
    }
    if not subject:
        return True
    sentences = clauses(text)
    return any(
        subject & set(tokenize(f"{title} {before} {sentence}"))
        for before, sentence in zip(["", *sentences], sentences, strict=False)
        if penalty.stated.search(sentence)
    )


def finds_an_answer(passages: Sequence[Passage], question: str) -> bool:
    """Whether any passage is relevant enough to answer from and speaks of every aspect the
    question asks: an agent whose relevant facts all miss it ("a free pre-roll with
    purchase?" finding only an audience rule) has found nothing, and another may know."""
    aspects = asked_aspects(question)
    return any_relevant(
        [p for p in passages if states_aspects(p.fact.text, aspects, question, p.fact.title)]
    )
