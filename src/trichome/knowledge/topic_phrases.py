"""Phrases the topic triggers share (`topics.py`): how users ask about a gift between
adults, a plant limit, the traceability system, and words that look like a topic's but
are not ("give away some of my harvest" is no promotion, a driver's licence no licensing)."""

from __future__ import annotations

# Some of the asker's own cannabis: "my homegrow", "my harvest", "my buds".
_MY_OWN = (
    r"(?:some |a bit |part )?(?:of )?my (?:own )?"
    r"(?:homegrow\w*|harvest|buds?|flower|weed|stash|home ?grown)"
)
# One adult giving another some of their own, unpaid: the gifting limit.
GIFTING = (
    r"\b(?:give|gift|hand|pass|share)\b[^.?!]{0,50}\b(?:no money|for free|without "
    r"(?:payment|pay|money|charging|remuneration)|as a gift|free of charge)\b|"
    r"\bno money (?:changes|changing) hands\b|\bwithout remuneration\b|"
    rf"\b(?:give|gift|share)(?: away)? {_MY_OWN}\b|"
    # "can i give my friend some weed?", "gift my cousin an eighth"
    r"\b(?:give|gift|hand)\b (?:my |a |our )?(?:friend|buddy|pal|neighbou?r|cousin|brother|"
    r"sister|roommate|room-mate|coworker|co-worker|guest|dad|mom|partner)s? (?:some|a bit|"
    r"a little|an? (?:gram|eighth|ounce|oz|joint|pre-?roll)|\d)|"
    # "gifting is legal there right?", "can adults gift cannabis to each other?": the gift
    # rule asked by name (not a gift card, bag or basket)
    r"\bgifting\b(?! (?:suites?|bags?|baskets?|season|cards?)\b)|"
    r"\bgift(?:ing)? (?:rule|law|loophole|exemption|provision)s?\b|"
    r"\bgift (?:cannabis|weed|marijuana|pot|flower|bud|each other|it to|them to)\b|"
    # "give away clones to a friend": a thing handed to someone the asker knows
    r"\b(?:give|gift|hand)(?: away| over)? (?:\w+ ){0,3}?(?:to|for) (?:a |my |our |his |her )?"
    r"(?:friend|buddy|pal|neighbou?r|cousin|brother|sister|roommate|coworker|co-worker|relative)s?\b"
)
# After "give away": one's own harvest given to a friend is no promotion.
NOT_OF_MY_OWN = rf"(?! {_MY_OWN})"
# "grow limit per person", "how many plants can one adult grow / our house have".
PLANT_LIMITS = (
    r"(?:home |personal |household )?grow limits?\b(?! for (?:a |the )?licen)|\bplant limits?\b|"
    # "growing at my own address - plant count limits?"
    r"\bplant counts? (?:limits?|caps?|max(?:imum)?s?)\b|"
    r"how many (?:mature |immature |cannabis |marijuana |weed )?plants (?:can|may|could|"
    r"does|do) (?:one|a single|each|our|my|the|his|her|their) (?:adult|person|house|"
    r"household|home|residence|apartment|family|place)\b|"
    # "how many plants total at our house", "plants allowed in one home altogether"
    r"how many (?:mature |immature |cannabis |marijuana |weed )?plants (?:total|in total|"
    r"altogether|combined|max(?:imum)?)\b|\bplants?\b.{0,30}\b(?:at|in) (?:our|my|one|a|the) "
    r"(?:house|home|residence|apartment|household)\b(?! (?:grow|garden|kitchen))"
)
# "the state's traceability reporting system", "the system licensees report into".
TRACEABILITY = (
    r"traceability (?:system|reporting|software)|"
    r"(?:tracking|reporting) system (?:licensees|we|you) (?:report|upload)"
)
# A driver's licence shown as ID is no licensing question.
NOT_A_DRIVERS = r"(?<!driver's )(?<!drivers )(?<!driver )(?<!driving )"
# A form's weight counted as dried cannabis toward a possession limit: "how much undried
# flower is treated as one gram of dried?", "the dried equivalent of seeds".
DRIED_EQUIVALENT = (
    r"\b(?:dried|dry)[- ]equivalen\w*|\bequivalen(?:t|ts|cy|ce)\b[^.?!]{0,40}\bdried\b|"
    r"\b(?:counts?|treated|regarded) as (?:1|one) (?:g|gram) of dried\b"
)
# "homegrower" names who asks; "home grower, can i run butane hash?" asks no plants.
HOME_GROW = (
    r"home ?grow(?!ers?\b)|home ?growers?\b(?![^?]*\b(?:extract\w*|solvents?|butane|bho|"
    r"hash|rosin|concentrates?|wax|shatter|dabs?)\b)|"
    # "do you have to tag home plants?"
    r"\bhome plants?\b"
)
# A patient or caregiver growing, asked in the third person or with the subject first
# ("can cardholders grow?", "can she grow for her son", "caregivers may grow plants?").
PATIENT_GROWS = (
    r"(?:can|may|could) (?:(?:a|the) )?(?:medical |mmj |registered )?(?:patients?|"
    r"card ?holders?|caregivers?) (?:legally |also |still )?grow\b(?! (?:room|tent))|"
    r"(?:(?:can|may|could) (?:he|she)|\b(?:he|she|patients?|caregivers?|card ?holders?) "
    r"(?:can|may|could)) (?:legally |also |still )?grow (?:for|at|some|a few|plants|"
    r"cannabis|marijuana|weed|(?:his|her|their) own)\b"
)
# Use on a licensee's own premises: "could patients consume on site?", "on-site use".
ON_PREMISES_USE = (
    r"\b(?:consum\w*|smok\w*|us(?:e|ing)) (?:it |cannabis |marijuana )?on[- ]?(?:site|"
    r"premises)\b|\bon[- ]site (?:consumption|use|smoking)\b"
)
# "licensed" asks about licensing ("are we licensed for that?"), not where it only says who
# asks ("usda-licensed hemp farmer", "a licensed retailer here").
LICENSED_ASKS = (
    r"(?<![-\w])licen[cs]ed\b(?! (?:hemp |cannabis |marijuana |medical |adult[- ]use |rec )?"
    r"(?:farmers?|growers?|producers?|processors?|operators?|manufacturers?|labs?|"
    r"cultivators?)\b)"
    # where a business says it is licensed ("licensed in bc, what are the packaging rules?")
    # asks no licensing rule; being or getting licensed there does
    r"(?:(?! in\b)|(?<=be licensed)|(?<=be licenced)|(?<=get licensed)|(?<=get licenced))"
)
# Licensing's own words: a licence, a permit, or being licensed (not a driver's licence).
LICENSING = NOT_A_DRIVERS + r"licen[cs](?:e|es|ing)\b|" + LICENSED_ASKS + r"|permits?\b"
# "oklahoma patient limits for edibles", "patient, what's the limit for concentrates?": a
# patient's own limits for a product form are what they may hold.
PATIENT_LIMITS = (
    r"\b(?:patient|cardholder|card ?holder)(?:'?s)? limits?\b|\b(?:patient|cardholder|"
    r"card ?holder)s?\b[^?]{0,40}\blimits? (?:for|on) (?:\w+ )?(?:concentrates?|edibles?|"
    r"wax|carts?|vapes?|flower|bud|tinctures?)\b"
)
# "do i get more plants with a medical card?", "how many plants can a patient have".
PLANTS_PER_PERSON = (
    r"\b(?:get|have|keep|grow|allowed) (?:any )?(?:more|fewer|extra) plants\b|"
    r"how many (?:mature |immature )?plants (?:can|may|could|does|do) (?:a |an |the |my )?"
    r"(?:medical |mmj |registered |rec |adult[- ]use )?(?:patients?|card ?holders?|"
    r"caregivers?|adults?|growers?)\b"
)
# Making one's own hash, rosin or extract at home: what the personal-use law allows.
HOME_EXTRACTION = (
    r"\b(?:can|may|could) (?:i|we|you)\b[^.?!]{0,60}\b(?:rosin|hash|extract\w*|butane|"
    r"bho|co2|ethanol|concentrates?|dabs?|wax|shatter|tinctures?)\b[^.?!]{0,30}\b(?:at home|"
    r"at my (?:house|place)|in my (?:house|home|garage|kitchen|apartment))\b|"
    r"\bhome (?:extraction|extractor|extracting)\b"
)
# The ID check at the door and what may be kept of it: "scan and store a copy of every
# customer's drivers license".
ID_KEPT = (
    r"\b(?:scan|scanning|copy|copies|photocopy|store|keep|retain)\b[^.?!]{0,40}\b(?:ids?|"
    r"driver'?s'? licen[cs]es?|photo identification)\b"
)
# "how much usable can i hold", "how much can they keep": what a person may have.
# "how much edible thc can he legally hold": a person's amount, not what a gummy may hold
# ("how much thc can we have in a gummy" asks a product's cap)
HOW_MUCH_HELD = (
    r"how much (?:(?:weed|bud|flower|cannabis|marijuana|pot|usable|concentrates?|edibles?|"
    r"edible thc|thc|wax|carts?|(?:low[- ]thc |thc |cbd )?oil) )?(?:can|may|could) "
    r"(?:i|you|we|they|s?he|an adult|adults|someone|(?:a |an )?(?:registered |qualified |"
    r"qualifying |certified |card(?:holding|ed) )?(?:patient|cardholder)s?) "
    r"(?:legally )?(?:have|hold|keep|carry|own)\b"
    r"(?![^.?!]{0,25}\b(?:in (?:a|an|one|each|every|the|our|their|this)|per)\b)"
)
# Vehicles and drivers, not a driver's licence shown as ID ("a copy of every customer's
# drivers license").
VEHICLES = r"(?:driver|vehicle|van|truck)s?\b(?!'?s? licen[cs]e)"

# Edible products and the amounts asked of them ("thc in a gummy", "mg per brownie").
EDIBLE = (
    r"(?:edibles?|gumm(?:y|ies)|chocolates?|brownies?|cookies?|cand(?:y|ies)|beverages?|"
    r"drinks?|mints?|capsules?|tinctures?|topicals?)"
)
# "delta 9", "d9", "Δ9" are THC as asked in the trade
THC = r"(?:thc|delta[- ]?9(?![\d.])|d9|Δ9)"
AMOUNT = rf"(?:{THC}|mg|milligrams?|potency|doses?|servings?|strong)"
# The most THC one package or serving may carry, asked without naming the product ("whats
# the most thc the package can have", "how much thc can one serving hold"): a product's cap
# (the follow-up's product, carried from the earlier turn, says which), not packaging.
_CONTAINER = r"(?:packages?|packs?|servings?|pieces?|units?|containers?|boxes|jars?)"
_MOST = r"(?:the )?(?:most|highest|greatest|max(?:imum)?|top)"
_MAY_HOLD = (
    r"(?:can|may|could|is allowed to|are allowed to) (?:legally )?(?:have|hold|contain|carry)"
)
HELD_PER_CONTAINER = (
    rf"\b(?:{_MOST}|how much) (?:amount of )?(?:thc|mg|milligrams?|potency)\b[^.?!]{{0,25}}?"
    rf"\b(?:a|an|the|one|each|per|single|our|my) (?:single )?{_CONTAINER} {_MAY_HOLD}\b|"
    rf"\bhow much (?:thc|mg|milligrams?) (?:can|may|could) (?:a|an|the|one|each|our|my) "
    rf"(?:single )?{_CONTAINER} (?:legally )?(?:have|hold|contain|carry)\b"
)

# How far a product may stray from its label: "what tolerance does a 1 mg claim get", "is
# the variability rule different for carts" (not an inventory count's or a zoning variance).
CLAIM_WORDS = (
    r"(?:thc|cbd|mg|labell?(?:ed)?|potency|coa|claim|dose|carts?|edibles?|extracts?|gumm\w+)"
)
LEEWAY_WORDS = r"(?:variability|variance|tolerances?|allowed range|acceptable range)"
LABEL_TOLERANCE = (
    rf"\b{LEEWAY_WORDS}\b.{{0,60}}\b{CLAIM_WORDS}\b|\b{CLAIM_WORDS}\b.{{0,60}}\b{LEEWAY_WORDS}\b"
)
# A label's tolerance is stated in label, testing, dose-accuracy and edible-cap facts.
LABEL_TOLERANCE_ANSWERS = ("labelling", "lab-testing", "dose-accuracy", "edible-thc-limits")

# A harvest above the carrying limit: "way more than 2 oz after harvest, is the extra legal
# to keep?", the amount one may hold at home.
EXCESS_KEPT = (
    r"\b(?:more than|over|above|in excess of|beyond|past) (?:the )?(?:\d+(?:\.\d+)?|one|two|"
    r"an?) ?(?:oz|ounces?|grams?|g|lbs?|pounds?)\b[^.?!]{0,60}\b(?:keep|kept|store|stored|"
    r"hold|stash)\b|\b(?:the )?(?:extra|excess|surplus|leftover)\b[^.?!]{0,30}\b(?:legal to "
    r"(?:keep|have|hold|store)|keep|kept|store|stored|possess)\b|\b(?:keep|kept|store|hold|"
    r"stash)(?:ing)? (?:all )?(?:the |my |our |that )?(?:extra|excess|surplus|leftover)\b"
)
# An amount someone was found holding: "gets caught with an ounce", "stopped with 3 grams on
# him", the possession an offence or fine is graded by.
CAUGHT_WITH = (
    r"\b(?:caught|found|stopped|busted|picked up) (?:\w+ ){0,2}?(?:with|holding|carrying) "
    r"(?:an?|one|two|three|half an?|\d+(?:\.\d+)?) ?(?:oz|ounces?|grams?|g|lbs?|pounds?)\b"
)
# Every way an amount held is asked, as one alternative.
# A product's strength ceiling: "cap on thc %", or asked in general ("max thc allowed in
# low-thc products"); an edible's own cap is asked with its words and read as that topic.
THC_CEILING = (
    r"\b(?:ceiling|cap|limit|max(?:imum)?) (?:on |for )?thc ?(?:%|percent)|"
    r"\b(?:max(?:imum)?|highest|most) (?:thc|potency) (?:allowed|permitted|legal)\b"
    r"(?![^.?!]{0,40}\b(?:edibles?|gumm(?:y|ies)|chocolates?|beverages?|drinks?|servings?)\b)"
)
# A patient's or person's supply held ("max flower i can have on hand"), not a shop's stock.
ON_HAND = (
    r"\b(?:i|you|a patient|patients|cardholders?|caregivers?|adults?) (?:(?:can|may|could) "
    r"|(?:am|are|is) allowed to )?(?:legally )?(?:have|keep|hold) on hand\b"
)
AMOUNTS_HELD = "|".join((PATIENT_LIMITS, HOW_MUCH_HELD, EXCESS_KEPT, CAUGHT_WITH, ON_HAND))
PACKAGING = r"packag|child[- ]?resistant|\bcr\b|opaque|resealable|exit bags?"
# A food's acidity under the FDA's acidified- and low-acid-food rules (21 CFR 113, 114): "what
# ph does the fda want for acidified foods", "is a gummy with aw 0.85 a low acid food"; a pH
# only with a food, a jar or the FDA beside it (not a nutrient solution's or a soil's pH).
_FOOD = r"(?:fda|sauces?|salsas?|pickle[sd]?|foods?|jar(?:red|s)?|canned|canning|shelf[- ]stable)"
ACIDIFIED_FOODS = (
    r"\bacidified\b|\blow[- ]acid\b|\bequilibrium ph\b|\b21 cfr (?:part )?11[34]\b|"
    r"\bprocess authority\b|\bscheduled process\b|"
    rf"\bph\b[^.?!]{{0,60}}\b{_FOOD}\b|\b{_FOOD}\b[^.?!]{{0,60}}\bph\b"
)
# A distributor's transport, not the offence ("charged with distribution near a school",
# "intent to distribute").
TRANSPORT = (
    r"transport|manifest|(?<!intent to )(?<!charged with )(?<!charge )(?<!charges )"
    r"distribut(?:e|ion|or)(?! (?:charges?|offen[cs]es?|near (?:a |the )?school))"
)
# "under 21" as an age, not "under 21 usc 860" (a title of the U.S. Code or the CFR cited).
UNDER_AN_AGE = r"\bunder (?:18|19|21)\b(?!\s*(?:u\.?s\.?c|usc|c\.?f\.?r|cfr)\b)"
# Whether cannabis is legal somewhere, asked, not only a programme named.
STATUS_ASKED = (
    r"\blegali[sz]|\bdecriminali[sz]|\b(?:is|are|it's|still|even|now|yet) (?:\w+ ){0,2}legal\b|"
    r"\blegal (?:yet|now|there|here|in)\b|\bdispensar(?:y|ies) open"
)
# Topics another one makes moot when both are read: a delivery to a customer is no
# transport between licensees, even when its drivers are mentioned; what a label must show
# is not asked about the dose cap whose words it uses ("what thc dose info goes on it").
DISPLACED_BY: dict[str, set[str]] = {
    # "our forklift driver's evaluation": a shop floor's equipment (below), no transport
    "transport": {"delivery", "mailing", "safety-equipment"},
    # "the edible thc possession cap": what one may hold, not what a package may
    "edible-thc-limits": {"label-contents", "label-tolerance", "possession-limits"},
    # "is it legal to mail a cart to another state?": the mail's rule, not the state's status
    "legal-status": {"mailing"},
    "delivery": {"mailing"},
    # "deduct rent under 280e in colorado": the federal income tax, not the state's taxes
    "tax": {"federal-tax"},
    # "how long do we keep the osha 300 logs?": OSHA's retention, not the state's records rule
    "record-keeping": {"workplace-safety", "safety-equipment"},
    # A shop floor's equipment is what is asked, whatever its story's words name: "the
    # packaging room's extinguisher" is no packaging rule, "respirators on them all day" no
    # possession, "fit testing in our hemp lab" no hemp rule, "retest on the new respirator"
    # or "failed the forklift test" no lab testing.
    "packaging": {"safety-equipment"},
    "lab-testing": {"safety-equipment"},
    "possession-limits": {"safety-equipment"},
    "hemp": {"safety-equipment"},
}
_CANNABIS_THING = (
    r"(?:weed|cannabis|marijuana|marihuana|pot|bud|flower|edibles?|gummies|gummy|carts?|"
    r"cartridges?|vapes?|pre-?rolls?|joints?|thc|concentrates?|wax|rosin|dabs?|"
    r"tinctures?|brownies|cookies)"  # not seeds: hemp seeds are no controlled substance
)
# Sending cannabis by post, or shipping it across state lines: "can i mail edibles to my
# friend", "ship weed to another state" (a private carrier's terms are not the mail's).
MAILING = (
    rf"\b(?:mail|mailing|mailed|usps)\b(?:\W+\w+){{0,4}}?\W+"
    rf"{_CANNABIS_THING}\b|\b{_CANNABIS_THING}\b(?:\W+\w+){{0,5}}?\W+(?:through|by|in|via|with) "
    r"(?:the )?(?:mail|post|usps|post office)\b|\b(?:ship|shipping|shipped|send|sending)\b"
    r"(?:\W+\w+){0,5}?\W+(?:to (?:an)?other state|across state lines|out of state|interstate)"
)
_SENSITIVE_PLACE = (
    r"(?:schools?|churche?s?|parks?|playgrounds?|day ?cares?|child ?care|librar(?:y|ies)|"
    r"colleges?|universit(?:y|ies)|youth cent(?:er|re)s?|rehab|treatment cent(?:er|re)s?)"
)
# "can we open a shop near a church", "how close to a school can a dispensary be", "1,000
# feet from a school", "setback from parks": where a business may be sited (not smoking or
# selling near a school, which are use and offence rules).
_BUSINESS = (
    r"(?:dispensar(?:y|ies)|stores?|shops?|business(?:es)?|grows?|facilit(?:y|ies)|retailers?|"
    r"cultivat\w*|locations?|sites?|premises|storefronts?)"
)
_HOW_NEAR = r"\bhow (?:close|far|near)\b[^.?!]{0,40}"
SITING = (
    rf"\b{_BUSINESS}\b[^.?!]{{0,40}}\b(?:near|next to|close to|across from|beside) "
    rf"(?:a|an|the|any) {_SENSITIVE_PLACE}\b|"
    rf"{_HOW_NEAR}\b{_SENSITIVE_PLACE}\b[^.?!]{{0,40}}\b{_BUSINESS}\b|"
    rf"{_HOW_NEAR}\b{_BUSINESS}\b[^.?!]{{0,40}}\b{_SENSITIVE_PLACE}\b|"
    rf"\b(?:buffer|setback|distance)s? (?:from|to) (?:a |an |the |any )?{_SENSITIVE_PLACE}\b|"
    rf"\b\d[\d,]* ?(?:feet|ft|foot) (?:from|of|away from) (?:a|an|the|any) {_SENSITIVE_PLACE}\b"
)

# "can we deduct rent under 280e?": the federal income tax, not a state's sales tax
FEDERAL_TAX = r"\b280e\b|\bfederal (?:income )?tax(?:es)?\b|\bdeduct(?:ion|ions|ible)?\b"
# Workplace safety under the OSH Act: the injury and illness log ("do we need a 300 log"),
# reporting a severe injury to OSHA, noise and hearing, and OSHA named at all.
WORKPLACE_SAFETY = (
    r"\bosha\b|\b300a?\s+logs?\b|\b300a\b|\bforms? 30[01]a?\b|\binjury (?:and illness )?"
    r"(?:logs?|records?)\b|\brecordable (?:injur|illness|case)|\b(?:report|notify|call)\w*\b"
    r"[^.?!]{0,40}\b(?:amputat\w*|hospitali[sz]\w*|fatalit(?:y|ies)|loss of an eye|lost an eye)|"
    r"\b(?:amputat\w*|hospitali[sz]\w*|fatalit(?:y|ies))\b[^.?!]{0,40}\breport|"
    r"\bnoise (?:exposure|levels?|limits?|monitoring)\b|\bhow loud\b|\bdecibels?\b|\bdba\b|"
    r"\bhearing (?:conservation|protection|tests?|testing)\b|"
    # the plan 29 CFR 1910.38 requires: "does our emergency action plan have to be written"
    # (not "EAP" alone, which is as often an employee assistance programme)
    r"\bemergency action plans?\b"
)
# A forklift in shop talk: "the lift" told beside the pallets, racks or dock it works among
# ("clipped a pallet rack with the lift"), a lift's driver or operator, and the trade's other
# names for powered industrial trucks (hi-lo, tow motor, reach truck, order picker, a powered
# pallet jack). Not a scissor, boom or aerial lift, which "the lift" beside them is not.
_WAREHOUSE = r"(?:pallets?|racks?|racking|forks|skids?|loading docks?|docks?|warehouse|aisles?)"
_A_LIFT = r"(?:the|our|a|his|her|their|my|that|this|your) lift"
FORKLIFT_TALK = (
    rf"\b{_A_LIFT}\b(?=[^.?!]{{0,80}}\b{_WAREHOUSE}\b)|"
    rf"\b{_WAREHOUSE}\b[^.?!]{{0,80}}\b{_A_LIFT}\b|"
    r"(?<!scissor )(?<!boom )(?<!aerial )(?<!ski )\blift (?:drivers?|operators?|certs?|"
    r"certifications?|cards?)\b|"
    r"\bhi-?los?\b|\btow ?motors?\b|\breach trucks?\b|\border pickers?\b|"
    r"\b(?:powered|electric|motori[sz]ed|walkie|rider) pallet jacks?\b"
)
# OSHA's equipment standards on a shop floor: respirators and fit tests, lockout/tagout (the
# control of hazardous energy), eyewash and drench showers, portable fire extinguishers,
# forklifts (powered industrial trucks); fall protection at an open edge, a safety data
# sheet's sections and a PPE hazard assessment. Not PPE or safety data sheets at large, on
# which the packs hold no further OSHA duty: read as a rule, they would only hide the
# practice facts.
_OSHA_MORE = (
    r"\bfall (?:protection|arrest)\b|\bunprotected (?:sides?|edges?)\b|\bopen (?:sides?|edges?)\b"
    r"[^.?!]{0,60}\b(?:ft|feet|foot)\b|"
    r"\b(?:sds|msds|safety data sheets?)\b[^.?!]{0,40}\bsections?\b|\bsections?\b[^.?!]{0,40}"
    r"\b(?:sds|msds|safety data sheets?)\b|\bppe (?:hazard )?assessments?\b|\bhazard "
    r"assessments?\b[^.?!]{0,40}\bppe\b|\bcertification of hazard assessment\b"
)
SAFETY_EQUIPMENT = (
    r"\brespirators?\b|\bfit[- ]?test\w*|\bscbas?\b|\bpapr\b|"
    r"\block(?:ed)?[- ]?out[/ &-]*(?:and )?tag[- ]?out\b|\bloto\b|\btag[- ]?out\b|"
    r"\block[- ]?outs?\b(?=[^.?!]{0,60}\b(?:procedures?|programs?|locks?|machines?|equipment|"
    r"press(?:es)?|energy|maintenance|audit\w*|inspect\w*))|\bhazardous energy\b|"
    r"\benergy control\b|\beye[- ]?wash\w*|\b(?:safety|drench|deluge|emergency) showers?\b|"
    r"\bz358\b|\bextinguishers?\b|\bfork[- ]?lifts?\b|\blift trucks?\b|"
    r"\bpowered industrial trucks?\b|" + _OSHA_MORE + "|" + FORKLIFT_TALK
)
SAFETY_EQUIPMENT_ANSWERS = (
    "respiratory-protection",
    "lockout-tagout",
    "emergency-eyewash",
    "fire-extinguishers",
    "powered-industrial-trucks",
    "fall-protection",
    "hazard-communication",
    "personal-protective-equipment",
    "worker-health",
    "solvent-safety",
    "fire-code",
    "extraction-safety",
)
RECORD_KEEPING_ANSWERS = ("record-keeping", "batch-records")
RECORD_KEEPING = (
    r"\bhow long (?:do|must|should|does) (?:we|i|you|a business) (?:have to )?keep\b|"
    r"record[- ]?(?:retention|keeping)|retain (?:the |our )?records|keep (?:the |our )?records"
)
WORKPLACE_SAFETY_ANSWERS = (
    "injury-records",
    "injury-reporting",
    "occupational-noise",
    "worker-health",
    "emergency-action-plans",
    # OSHA's flammable liquids standard: its categories and cabinet limits
    "solvent-safety",
)
# Reports of cash or suspicious money that federal law requires (the Bank Secrecy Act's SARs
# and CTRs, the IRS's Form 8300): "whats the dollar amount that triggers a SAR".
CASH_REPORTS = (
    r"\bsars?\b|\bctrs?\b|\bsuspicious activity reports?\b|\bcurrency transaction reports?\b|"
    r"\bform 8300s?\b|\b8300s?\b|\bbank secrecy act\b|\bbsa (?:officer|rules?|compliance)\b|"
    # cash a business took and a form or report asked: "a buyer paid $14k in cash, is there
    # a form we have to file?", "customer paid 12000 cash, do we tell the irs"
    r"\b(?:paid|pays|paying|received|receive|took|accepted|accept)\b[^.?!]{0,40}\bcash\b"
    r"[^?]{0,100}\b(?:forms?|file|filing|irs)\b"
)
# A solvent's, gas's or noise's workplace limits: "osha pel for hexane", "ipa exposure limit",
# "whats the co2 osha limit", "the OSHA 8 hour limit for co2".
EXPOSURE_LIMITS = (
    r"\bniosh\b|\bpels?\b|\bpermissible exposure|\bexposure limits?\b|\bidlh\b|\bstels?\b|"
    r"\bosha(?:'s)?\b[^.?!]{0,25}\blimits?\b"
)
EXPOSURE_LIMITS_ANSWERS = ("solvent-safety", "occupational-noise")
SOCIAL_EQUITY = r"social equity|equity (?:applicant|program|licen)"

# A claim about one's own product, asked before making it: "can we say our uv-treated flower
# is cleaner", "can i tell customers my vapes are safer", "ok to market our gummies as all
# natural" (not "can we say no to a customer"): what promotion may say.
OWN_CLAIM = (
    r"\b(?:say|claim|tell (?:customers|people|patients|shoppers|buyers|folks)|advertise|"
    r"market|promote|describe|call|sell|brand) (?:that )?(?:our|my) (?:[\w-]+ ){1,4}?"
    r"(?:is|are|as|was|were)\b"
)
