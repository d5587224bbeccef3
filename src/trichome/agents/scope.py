"""Requests no sourced pack can answer well, whatever words they share with one: a person's
health, a legal case or strategy, investments, predictions, a private record only the
regulator can see, contact details, credentials, a named professional to hire, or nothing to
do with the trade. Each reason has its own reply (`engines.replies`)."""

from __future__ import annotations

import re

from trichome.agents import decline_words as cases
from trichome.agents import scope_words as more
from trichome.agents.offences import asks_offence
from trichome.agents.poisoning import POISONING
from trichome.agents.scope_words import (
    AUTHORITIES,
    BY_A_DATE,
    CHANGES,
    CHANGES_NOUNS,
    COMING_DECISION,
    CREDENTIALS,
    DECIDERS,
    HAND_OVER,
    LATER,
    OFF_TRACKING,
    OUTCOMES,
    OWN_FILE_OUTCOME,
    PEOPLE,
    PERSONAL_DATA,
    PROPOSALS,
    SOMEONE,
)

# The first reason whose pattern matches is the one given.
_OUT_OF_SCOPE: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (reason, re.compile(pattern, re.IGNORECASE))
    for reason, pattern in (
        ("poisoning", POISONING),  # a pet or child that ate a product: a vet's or poison control's
        (
            "medical",
            r"\b(?:my|our) (?:\d+[- ]?(?:year|yr)[- ]?old|son|daughter|kid|child|baby|mom|"
            r"mother|dad|father|wife|husband|grandma|grandpa)\b.{0,80}\b(?:give|dose|dosage|"
            # not "how much oil can she legally have": the amount the law lets one hold
            r"how much(?! (?:\w+ )?(?:can|may|is|are) (?:she|he|they|we|i) (?:legally |still )?"
            r"(?:allowed to )?(?:have|possess|carry|keep|buy|purchase|hold|get|bring)\b)|take)\b|"
            r"\bhow much (?:cbd|thc|oil)\b.{0,40}\b(?:should|can|do) i "
            r"(?:give|take)\b|\b(?:i'?m|i am|while|she'?s|she is|my wife is|when|if)\b.{0,20}"
            r"\bpregnant\b|\bbreast ?feeding\b|"
            # "a safe amount of edible to take", "for my migraines, which strain and how many
            # puffs": one person's dose for their health
            r"\b(?:safe|right|correct|good) (?:amount|dose|dosage)\b.{0,40}\b(?:to |should i |"
            r"can i )(?:take|use|have|try)\b|\b(?:for|with) my (?:\w+ )?(?:migraines?|pain|anxiety|"
            r"insomnia|cancer|crohn'?s|seizures?|arthritis|ptsd|nausea|depression|condition|"
            r"symptoms)\b.{0,80}\b(?:which|what|how (?:much|many))\b.{0,40}\b(?:should|do|can) i\b|"
            # another drug taken beside cannabis; not "my caregiver holds some of my meds",
            # which is a patient's word for their cannabis
            r"\b(?:warfarin|blood thinners?)\b|\b(?:with|mix(?:ing)?|interact\w*|alongside|"
            r"while (?:on|taking)|on top of) my (?:other )?(?:meds|medications?|prescriptions?)\b|"
            # "14 weeks pregnant ... which strain", "how much RSO should she be taking"
            rf"{more.BODY_AND_DOSE}|\b\d+ (?:weeks?|months?) pregnant\b|\bhow (?:much|many)\b"
            r".{0,40}\bshould (?:i|she|he) (?:\w+ly )?(?:be )?(?:tak|giv|dos)(?:e|ing)\b|"
            # fit to drive after using: one person's impairment, which no rule measures
            r"\b(?:puffs?|hits?|tokes?|mg|edibles?|gumm(?:y|ies)|dabs?|joints?|bowls?)\b.{0,60}\b(?:fine|ok|okay|safe|good|"
            r"sober enough) to drive\b|"
            # a pet that ate an edible, or a pet's dose: a vet's question
            r"\bmy (?:dog|cat|lab|puppy|pup|pet)\b (?:just )?(?:ate|got into|swallowed)\b|"
            rf"{cases.PET_DOSE}|{cases.SOMEONE_ELSES_DOSE}|{cases.RELATIVE_DOSE}|"
            r"\bdose (?:for|of) (?:my|crohn|cancer|seizure|epilep)|"
            r"\bhow (?:much|many (?:mg|milligrams))\b.{0,40}\b(?:should|do) i (?:take|use|dose)\b|"
            r"\bi (?:have|suffer from|was diagnosed with|get) (?:a |an |bad |chronic |severe )?"
            r"(?:crohn|cancer|epilep|seizure|arthritis|anxiety|insomnia|ptsd|glaucoma|migraine|"
            r"multiple sclerosis|pain|nausea|ibs|fibromyalgia)\w*\b.{0,60}"
            r"\b(?:how much|how many mg|dose|dosage|should i take)\b",
        ),
        (
            "legal",
            r"\b(?:the )?(?:judge|prosecutor)\b|\bmy (?:court|case|lawyer|attorney|arrest)\b|"
            rf"\bsue (?:my|our|the)\b|{cases.OWN_DISPUTE}|"
            # strategy in a dispute: whether to sue, fight, appeal or join a suit, and the odds
            r"\bshould (?:we|i)\b.{0,30}\b(?:sue|suing|appeal|contest|join (?:the|an|a)\b.{0,30}"
            r"\b(?:lawsuit|suit|class action|litigation))\b|\b(?:lawsuit|suit|litigation)\b.{0,60}"
            r"\b(?:smarter|worth it|should we|which is better)\b|"
            r"\b(?:worth )?fight(?:ing)? (?:my|our|the|this|a) .{0,40}\b(?:ticket|citation|charge|"
            r"fine)\b|\b(?:ticket|citation|charge)\b.{0,30}\bin court\b|"
            r"\bwhat(?:'s| is| are) (?:our|my) chances?\b|"
            # settle or fight a notice, which gives better odds, whether a suit can be won
            r"\b(?:settle|settlement)\b.{0,60}\b(?:hearing|appeal|odds|strategy|fight)\b|"
            r"\b(?:fight|appeal|contest)\b.{0,60}\bor (?:settle|take the fine|pay)\b|"
            r"\b(?:best|legal) strategy\b|\bbetter odds\b|\bcan (?:we|i) win\b|"
            r"\bif (?:we|i) (?:appeal|sue|fight|contest)\b.{0,30}\b(?:will|would) (?:we|i) win\b|"
            r"\bsue (?:him|her|them)\b|"
            # the case made for one side at a hearing or appeal: a lawyer's work
            r"\b(?:win|winning|beat)\b.{0,40}\b(?:appeal|hearing|case|lawsuit|trial)\b|"
            r"\b(?:argument|arguments|defen[cs]e|brief)\b.{0,40}\b(?:appeal|hearing|in court|"
            r"trial|judge)\b|\bappeal (?:our|my|the|this) (?:\w+ )?(?:denial|revocation|"
            r"suspension|non-?renewal)\b",
        ),
        (
            "referral",
            # a named professional to hire: no sourced fact rates one
            r"\brecommend (?:me )?(?:a |an |any |some )?"
            r"(?:specific |good |great |reliable |decent )*(?:cannabis |marijuana |local |family |"
            r"business |tax |criminal |defen[cs]e |immigration |employment )*"
            r"(?:lawyers?|attorneys?|accountants?|cpas?|consultants?|law firms?|doctors?|"
            r"physicians?|practitioners?|clinics?)\b",
        ),
        (
            "financial",
            rf"{cases.OWN_TAX_FIGURES}|"
            r"\bstocks?\b.{0,25}\b(?:buy|sell|price|invest)|\b(?:buy|sell|invest in)\b.{0,25}"
            r"\bstocks?\b|\b(?:do|file|prepare) (?:my|our) (?:\d{4} )?tax(?:es| returns?)\b|"
            r"\bwhat will .{0,50}\b(?:prices?|cost)\b.{0,30}\bnext\b|\bhow much revenue did\b|"
            r"\b(?:invest(?:ing)?|put(?:ting)?)\b.{0,40}\b(?:bitcoin|crypto(?:currency)?|stocks?|"
            r"index funds?)\b|"
            # entities drawn up to pay less tax: a CPA's and a tax lawyer's work
            r"\b(?:split|structure|restructure|set up)\b.{0,60}\b(?:entit(?:y|ies)|management "
            r"co(?:mpany)?|subsidiar(?:y|ies)|holding co(?:mpany)?)\b.{0,80}\b(?:280e|irs|tax)",
        ),
        (
            "fraud",
            r"\b(?:fudge|fake|inflate|pad)\b.{0,30}\b(?:numbers|results|coa|"
            r"thc|potency|test)\b|"
            # "doctor the coa", not "her doctor wants to order low-thc oil": the verb only
            r"\bdoctor(?:ed|ing)? (?:the|our|my|their|its|these|those|that|this|up) (?:[\w-]+ )?"
            r"(?:numbers|results|coas?|thc|potency|tests?)\b|"
            # "bump our thc numbers on the coa", not "UV bars bump thc a few points"
            r"\b(?:bump|juice)\b.{0,30}\b(?:numbers|results|coa|test results)\b|"
            r"\b(?:coa|lab report)s?\b.{0,40}\blooks? like\b|\blooks? like an? real lab\b|"
            r"\bwithout (?:it )?being (?:obvious|noticed|caught)\b|"
            r"\bwithout (?:getting caught|anyone noticing|the state (?:knowing|noticing))\b|"
            r"\bwithout (?:getting |being )?(?:pulled over|stopped|busted|searched)\b|"
            # hiding cannabis or its smell from police: evading a stop or a search
            r"\b(?:hide|mask|cover up|conceal)\b.{0,40}\b(?:so (?:that )?(?:the )?(?:cops|police|"
            r"troopers?|k-?9s?|dogs?)|from (?:the )?(?:cops|police|troopers?|k-?9s?|drug dogs?))\b|"
            r"\b(?:hide|avoid reporting) .{0,30}\b(?:from|to) (?:metrc|the state|regulators?)\b|"
            rf"{OFF_TRACKING}|{more.FALSIFIED_RECORD}|{more.LAB_SHOPPING}|{cases.HIDDEN_FROM_AUDIT}|"
            rf"{cases.HIDDEN_FROM_LOOKER}|{cases.FALSE_CLAIM}|"
            # keeping an owner or a record off what the regulator is shown
            r"\b(?:doesn'?t|does not|won'?t|wouldn'?t|don'?t|do not) (?:have to )?(?:show up|"
            r"appear|be (?:listed|named|disclosed))\b.{0,30}\b(?:licen[cs]e|application|"
            r"filing|disclosure)|\b(?:hide|conceal|keep)\b.{0,40}\boff (?:the|our|my) "
            r"(?:licen[cs]e|application|filing|disclosure|books)|"
            r"\b(?:run|ring|put|pay|move|sell)\b.{0,40}\boff the books\b|"
            # sales kept out of the tax report: "so some cash sales don't show up in the report"
            r"\bsales (?:don'?t|do not|won'?t|never) (?:show up|appear)\b.{0,50}\b"
            r"(?:reports?|returns?)\b",
        ),
        (
            "evasion",
            # wording or structuring something so a regulator or the tax office is misled or
            # cannot act: "worded so the FDA can't come after us", "so the IRS thinks it's a
            # gift", "get around 280E", a compliance sample steered or diluted to pass
            rf"\bso (?:that )?(?:the )?(?:{AUTHORITIES})\b.{{0,30}}\b(?:can'?t|cannot|won'?t|"
            r"wouldn'?t|doesn'?t|does not|don'?t|do not|never) (?:technically |legally |ever )?"
            r"(?:come after|go after|touch|tell|"
            r"notice|know|see|find out|count|catch|prove)\b|"
            rf"\bso (?:that )?(?:the )?(?:{AUTHORITIES})\b (?:thinks?|believes?|sees?|reads?) "
            r"(?:it|that|this|the|them|our|we)\b|"
            r"\b(?:get|getting|gets|go|going) around (?:the )?(?:280e|irs|fda|ftc|tax(?:es)?|"
            r"law|rules?|regs?|regulations?|ban|cap|limits?)\b|"
            # "get around the california 71.6% audience rule", "skirt the ad rules": a rule
            # named, with what it is about between
            r"\b(?:get(?:ting)?|go(?:ing)?|work(?:ing)?) around (?:the|this|that|their|our) "
            r"(?:[\w.%-]+ ){1,4}?(?:rules?|laws?|regs?|regulations?|ban|cap|limits?|"
            r"requirements?)\b|\b(?:skirt|sidestep|circumvent|dodge)(?:s|ed|ing)? (?:the|this|"
            r"that|their|our|any) (?:[\w.%-]+ ){0,4}?(?:rules?|laws?|regs?|regulations?|ban|"
            r"cap|limits?|requirements?|tax(?:es)?)\b|"
            r"\btechnically (?:isn'?t|is not|not|doesn'?t count as) (?:a |an )?(?:sale|sold|"
            r"selling|advertising|ad|claim|medical claim)\b|\bunder the radar\b|"
            r"\b(?:trick|cheat|game|fool)\b.{0,40}\b(?:samples?|sampler|test|lab)\b.{0,30}"
            r"\bpass\b|\bdilut\w*\b.{0,20}\bsamples?\b|\bpoint the sampl(?:er|ing agent)\b|"
            rf"{cases.SLIPPING_PAST}|{cases.UNNOTICED}|{cases.UNREPORTED}|{cases.NOT_FLAGGED}|"
            rf"{more.KEPT_QUIET}|{more.EVADED}",
        ),
        (
            "forecast",
            r"\b(?:my|our|the) next (?:harvest|batch|run|crop)\b.{0,40}\bwill\b|"
            r"\bwhat will .{0,60}\bbe (?:in|by) 20\d\d\b|"
            # "prices per pound ... in q3 2027", "worth in 3 years", what voters will do
            r"\bwhat will\b.{0,80}\b(?:in|by) q[1-4] 20\d\d\b|\bbe worth\b.{0,20}\bin "
            r"(?:\d+|a few|two|three|five) years\b|\bwill (?:[\w-]+ ){0,2}voters\b|"
            r"\b(?:fair |going )?prices?\b.{0,60}\b(?:market|per pound)\b.{0,30}\bnext "
            r"(?:year|quarter|season)\b|\bwhat will\b.{0,60}\b(?:go|sell|trade) for\b.{0,20}"
            r"\bper (?:pound|lb|ounce|oz|gram|kilo)\b.{0,20}\bnext "
            r"(?:year|quarter|season|month|spring|summer|fall|autumn|winter)\b|"
            r"\bwill (?:it|my|our|the) .{0,30}\b(?:test|come back) (?:at|as)\b|\bpredict\b|"
            # the regulator's decision on one's own file: "will my application get approved?"
            r"\b(?:will|would) (?:my|our|the|his|her|their) (?:[\w-]+ ){0,3}(?:application|"
            r"licen[cs]e|permit|renewal|appeal)s? (?:[\w-]+ ){0,3}?(?:get|be) (?:approved|"
            r"accepted|denied|rejected|granted|renewed|picked)\b(?! if\b)|"
            r"\b(?:will|would) (?:i|we) (?:\w+ )?get (?:approved|accepted|picked|selected|"
            r"(?:a|the|our|my) licen[cs]e)\b|"
            # "will health canada renew our licence next spring?": the regulator as subject
            r"\b(?:will|would) (?:[\w-]+ ){1,3}?(?:renew|approve|grant|issue|deny|reject|revoke|"
            r"suspend|accept) (?:our|my) (?:[\w-]+ ){0,3}?(?:application|licen[cs]e|permit|"
            r"renewal)s?\b(?!.{0,30}\bif\b)|"
            rf"{COMING_DECISION}|{more.FORESEEN}|{cases.OWN_OUTCOME}|{cases.MARKET_TO_COME}|"
            rf"{cases.AWARD_TO_COME}|{cases.ENFORCEMENT_TO_COME}|{cases.FORECAST_OTHERWISE}|"
            rf"{cases.FORECAST_MORE}|{cases.FORECAST_FURTHER}|"
            # the date of an unannounced visit: only the regulator knows it
            r"\bwhen (?:is|are|will) (?:the |our |my |an? )?(?:[\w-]+ ){0,2}inspectors? "
            r"(?:(?:going to|gonna) |likely to )?(?:show up|come|visit|arrive|drop in|be back)\b|"
            # a decision or opening still to come, asked with a when: "will it get approved
            # before christmas", "do you think retail sales will finally open next year?"
            rf"\b(?:will|would) (?:[\w-]+ ){{1,5}}?(?:ever |really |actually |finally )?"
            rf"(?:get |be )?(?:{OUTCOMES})\b.{{0,40}}\b(?:{LATER}|{BY_A_DATE})\b|"
            rf"\b(?:do|does) (?:you|anyone) (?:think|reckon|expect|guess)\b.{{0,80}}\b(?:will|"
            rf"gonna|going to)\b.{{0,80}}\b(?:{LATER}|{BY_A_DATE}|yes or no)\b|"
            # what lawmakers or courts will do: no source states the future
            r"\b(?:odds|chances?|likel(?:y|ihood)) (?:that |of )?(?:congress|the (?:legislature|"
            r"courts?|dea|fda|senate|house|state|feds?)|lawmakers|[a-z]+ (?:will|would|rolls?))\b|"
            r"\bwill (?:it|that|this|they|280e|rescheduling|the (?:law|rule|ban|cap|tax)) "
            r"(?:\w+ )?(?:be (?:gone|repealed|dropped|delayed|rolled back|passed)|go away|pass)\b|"
            # "is congress gonna push back the ban", "will ohio allow home grow next year":
            # a lawmaker, court or state as the subject of a change still to come
            rf"\b(?:is|are)\s+(?:{DECIDERS})(?:\s+in(?:\s+[\w-]+){{1,2}}?)?\s+"
            r"(?:ever\s+|really\s+|actually\s+)?(?:gonna|going to|likely to|expected to)"
            rf"\s+(?:\w+\s+)?(?:{CHANGES})\b|"
            rf"\b(?:will|would)\s+(?:[\w-]+\s+){{1,4}}?(?:ever\s+|really\s+|actually\s+|finally\s+)?"
            rf"(?:{CHANGES})\b.{{0,60}}\b(?:{LATER})\b|"
            rf"\b(?:{DECIDERS}|(?!(?:rules?|laws?|limits?|tax(?:es)?|rates?|caps?|it|that|"
            rf"this)\b)[a-z]+) will (?:ever |really |actually |finally )?(?:{CHANGES})\b"
            rf".{{0,60}}\b(?:{LATER})\b|"
            rf"\bwill (?:the|that|this|a) (?:[\w-]+ ){{0,3}}(?:{PROPOSALS}) (?:\w+ )?(?:pass|go "
            r"through|happen|get (?:passed|signed|approved|through)|"
            r"be (?:passed|signed|approved))\b|"
            rf"\b(?:will|would) (?:there be|we see|we get)\b.{{0,60}}\b(?:{CHANGES_NOUNS})\b"
            rf".{{0,40}}\b(?:{LATER})\b|"
            rf"\b(?:{CHANGES})\b.{{0,60}}\b(?:next (?:year|session|month))\s*\??\s*$|"
            # the date of a change still to come: "what month will it be schedule III"
            r"\b(?:what|which) (?:month|date|day|year|week|quarter)\b.{0,60}\bwill\b.{0,60}"
            r"\b(?:be (?:schedule|resched|legal|approved|passed|signed|moved|gone)|"
            r"legali[sz]e|reschedul\w*|stop applying|go away|pass)\b|"
            # "is the next ballot measure going to pass", "is the bill likely to fail"
            rf"\b(?:is|are) (?:the |that |this )?(?:next |new |upcoming |proposed )?"
            rf"(?:[\w'\u2019-]+ ){{0,4}}?(?:{PROPOSALS})s? (?:\w+ )?(?:going to|gonna|likely to|"
            r"expected to|ever going to) (?:pass|fail|win|happen|get (?:passed|approved|signed))\b|"
            # the odds of enforcement against one business: "the chance we get raided"
            r"\b(?:chances?|odds|likel(?:y|ihood)|risk|probability)\b.{0,30}\b(?:we|i|they|"
            r"you|our [\w-]+|my [\w-]+) (?:will )?(?:get|gets|getting|be|are|being) "
            r"(?:raided|busted|shut down|audited|charged|arrested|searched|caught)\b|"
            r"\bwill (?:the )?(?:[\w-]+ ){0,3}(?:police|cops|troopers?|feds|dea|agents) "
            r"(?:search|stop|raid|pull (?:me|us) over)\b|"
            # "what's wholesale flower going to be per pound next quarter"
            r"\b(?:going to|gonna|will)\b.{0,10}\bbe\b.{0,40}\bper (?:pound|lb|gram|ounce|"
            r"unit)\b.{0,40}\bnext (?:year|quarter|season|month|harvest)\b",
        ),
        (
            "valuation",
            # what a licence or business would sell for: a broker's or appraiser's judgement
            r"\bhow much (?:could|can|would|will|might|should) (?:i|we|they|someone|you) "
            r"(?:sell|get|ask|list)\b.{0,60}\b(?:licen[cs]es?|business|dispensar(?:y|ies)|"
            r"store|shop|grow|farm|company|permit|brand)\b.{0,30}\bfor\b|"
            r"\b(?:what(?:'s|s| is| are)?|how much (?:is|are)) (?:my|our|a|an|the|this|that) "
            r"(?:[\w-]+ ){0,4}?(?:licen[cs]es?|business|dispensar(?:y|ies)|store|shop|grow|"
            r"farm|company|permit|brand) (?:\w+ )?(?:worth|valued at|going for|selling for)\b|"
            r"\b(?:valuation|value|resale value|market value) (?:of|for) (?:my|our|a|an|the|"
            r"this) (?:[\w-]+ ){0,4}?(?:licen[cs]es?|business|dispensar(?:y|ies)|store|shop|"
            rf"grow|farm|company|permit|brand)\b|{cases.PRICE_OF_A_HOLDING}",
        ),
        (
            "employment",
            # whether dismissing or disciplining one worker is safe from a claim: the facts,
            # the contract and employment law decide, with an employment lawyer
            r"\b(?:fire|firing|terminate|terminating|dismiss|dismissing|let (?:her|him|them) "
            r"go|discipline|suspend|write (?:her|him|them) up)\b.{0,80}\b(?:without (?:getting "
            r"|being )?(?:sued|in trouble)|get(?:ting)? sued|sue (?:me|us)|(?:a |an )?lawsuit|"
            r"wrongful (?:termination|dismissal)|legal trouble)\b|"
            r"\b(?:can|could|should) (?:i|we) (?:legally )?(?:fire|terminate|dismiss|let go) "
            r"(?:her|him|them|my [\w-]+|our [\w-]+)\b",
        ),
        (
            "private",
            # the state of one's own file with the regulator: only the regulator can see it
            r"\b(?:status|progress) of (?:our|my) .{0,40}\b(?:application|permit|licen[cs]e|"
            r"renewal)\b|\b(?:where|how far along) is (?:our|my) .{0,30}\b(?:application|"
            r"renewal)\b|"
            rf"{OWN_FILE_OUTCOME}|"
            # a regulator's own notes, or one's own tracking account read out: records only
            # their holder sees ("what did the inspector write", "what did our metrc show")
            r"\binternal (?:notes|memos?|emails?|files?|reports?|comments)\b|"
            r"\bwhat did (?:the|our|an?|that) (?:[\w-]+ ){0,2}(?:inspector|investigator|"
            r"auditor|officer)s?\b.{0,30}\b(?:write|note|say|put|record)\b|"
            r"\bwhat (?:did|does|do) (?:our|my) (?:[\w-]+ ){0,3}(?:metrc|biotrack|ccrs|pos|"
            r"tracking|traceability) (?:account|system|data|dashboard|records?|inventory|"
            r"report)s?(?: (?:report|data|page|screen))? (?:show|say|list|read)\b|"
            r"\bread (?:it|them|that) off (?:for|to) me\b|"
            # an order the asker placed with "you": the assistant sells nothing, holds no order
            r"\b(?:i|we) (?:bought|ordered|purchased|got) (?:\w+ ){0,3}(?:from|off|through) "
            r"(?:you|you guys|y'?all|your (?:store|shop|site|website))\b|"
            r"\b(?:pull|look|check)(?: up)? (?:our|my) (?:[\w-]+ ){0,2}(?:metrc|biotrack|ccrs) "
            r"(?:account|inventory|data|records?|sales)\b|"
            # what a board decided in one's own hearing, or a sum only one's own books hold
            # ("how much duty do we owe for Q3? sales are in our erp")
            r"\bwhat did .{0,60}\b(?:decide|rule|conclude|determine|find)\b.{0,30}\b(?:our|my) "
            r"(?:[\w-]+ ){0,2}?(?:hearing|case|appeal|application|renewal|inspection|file)\b|"
            r"\b(?:sales|numbers|data|figures|records|books)\b (?:are|is) (?:all )?in (?:our|my) "
            r"(?:erp|pos|system|books|quickbooks|software|spreadsheets?)\b|"
            r"\bhow much\b[^$\d]{0,40}\b(?:do|does|did|will) (?:we|i|our [\w-]+|my [\w-]+) owe\b"
            r"[^$\d]{0,30}\b(?:for|in) (?:q[1-4]|(?:the |last |this )(?:quarter|month|year))\b",
        ),
        ("competitor", more.OTHERS_RECORDS),
        (
            "drug-test",
            # whether one person passes a drug test: their body, the product and the cutoff
            r"\b(?:pass|beat|cheat|flush)\b.{0,40}\b(?:drug|pee|urine|piss|hair|swab) "
            r"test\b|\b(?:drug|pee|urine|piss|hair|swab|pre-?employment) test\b.{0,60}"
            r"\b(?:how (?:do|can) i|"
            r"to) (?:pass|beat)\b|\b(?:make me|will i|would i|could i) fail\b.{0,40}\btest\b|"
            # "drug test friday ... will i pass? how many days do i need"
            r"\b(?:drug|pee|urine|piss|hair|swab|pre-?employment) test\b.{0,60}"
            r"\b(?:will|would|could|do) i "
            r"(?:pass|fail|be clean)\b|" + cases.BEATING_A_TEST,
        ),
        (
            "personal-data",
            # people's contact details or records: never handed out
            rf"\b(?:{HAND_OVER})\b.{{0,60}}\b(?:{PEOPLE})\b.{{0,60}}\b(?:{PERSONAL_DATA})\b|"
            rf"\b(?:{HAND_OVER})\b.{{0,40}}\b(?:{PERSONAL_DATA})\b.{{0,40}}\b(?:{PEOPLE})\b|"
            # one named person's purchases or home: "a customer named dana", "his address"
            r"\b(?:customer|patient|client|guy|woman|man|person) named\b|"
            r"\b(?:what(?:'s|s| is)|find|get|look up)\b.{0,20}\bhome address\b|"
            # whether a named or known person is on a patient registry or holds a card
            rf"\b(?:is|are|was)\s+(?:my|our|his|her|their|this|that)\s+(?:[\w-]+\s+)?(?:{SOMEONE})"
            r"\s+(?:on|in|registered (?:on|in|with))\s+(?:the|a)\s+(?:[\w-]+\s+){0,4}?"
            r"(?:registry|register|patient list)\b|"
            # "check if my ex has a florida card", "find out whether my tenant is registered"
            r"\b(?:check|find out|see|look up|tell me|confirm|verify|know)\b.{0,20}\b(?:if|"
            rf"whether)\s+(?:my|our|his|her|their|this|that)\s+(?:[\w-]+\s+)?(?:{SOMEONE})\s+"
            r"(?:has|have|holds?|got|is (?:on|in|registered)|was (?:on|in|registered))\b"
            r".{0,60}\b(?:card|registry|register(?:ed)?|patient|recommendation)\b|"
            rf"\b(?:does|did|is)\s+(?:my|our|his|her|their)\s+(?:[\w-]+\s+)?(?:{SOMEONE})\s+"
            r"(?:have|has|hold|got) (?:a|an|her|his|their) (?:medical |mmj )?"
            r"(?:card|registry id)\b",
        ),
        (
            "credentials",
            # a key or password to someone's account: only its holder or the vendor has it
            rf"(?<!how )\b(?:what(?:'s|s| is| are)|give me|send me|find me|look up|share)\b"
            rf"[^?.]{{0,40}}\b(?:{CREDENTIALS})\b\s+(?:for|of)\s+(?!\s*\??\s*$)|"
            # "give me the key for license C10-..."
            r"\b(?:give|send|tell|get) me (?:the|our|my|their|a) (?:api |user |vendor |"
            r"integrator )?key (?:for|to|of)\b|"
            rf"\b(?:{CREDENTIALS})\b.{{0,40}}\b(?:llc|inc|corp|company|"
            r"(?:a|the|some) (?:competitor|other (?:shop|store|company|licensee|dispensary)))\b",
        ),
        (
            "live",
            # whether a system is up right now: no sourced fact can say
            r"\b(?:is|are) (?:metrc|biotrack|leaf data|ccrs|the (?:state |tracking )?(?:system|"
            r"portal))\b[^?.]{0,30}\b(?:down|offline|up|working)\b|"
            r"\bis it (?:back )?up (?:yet|again)\b|\b(?:metrc|biotrack|system|portal) (?:is )?"
            r"still down\b",
        ),
        (
            "off-topic",
            # not a line for the shop's own sign or board: that is a draft
            r"\b(?:poem|haiku|limerick|puns?|riddle|jokes?)\b(?!.{0,60}\b(?:chalk ?board|"
            r"sandwich board|a-frame|signs?|window|menu board)\b)|"
            # code to write, whatever it is about: not a sourced answer
            r"\b(?:write|build|code)\b.{0,30}\b(?:python|javascript|typescript|js|ts|node|sql|"
            r"bash|powershell|go|rust|java|c#|php|ruby) (?:script|code|program|function|bot|"
            r"client|wrapper|sdk|library|class|module)\b|\bscrap(?:e|es|er|ing)\b.{0,20}\b(?:menus?|sites?)\b",
        ),
    )
)


# Someone's arrest: their case, unless the asker only wants the penalty the law sets.
_ARREST = re.compile(
    r"\b(?:got|was|been|i'?m) (?:caught|arrested|charged|pulled over)\b", re.IGNORECASE
)
_PENALTY_ASKED = re.compile(
    r"\bwhat(?:'s|s| is| are)? (?:the )?(?:penalty|penalties|fine|punishment)\b|"
    r"\bwhat does the (?:statute|law|act|code)\b.{0,30}\b(?:say|set)\b|"
    # "what degree of possession is that and whats the max sentence": the grade and range
    r"\bwhat (?:degree|class|level|grade)\b|\b(?:max(?:imum)?|min(?:imum)?) (?:sentence|"
    r"penalty|fine|jail)\b",
    re.IGNORECASE,
)


def scope_of(text: str) -> str | None:
    """Why a request is outside what the agents answer, or None when it is not."""
    for reason, pattern in _OUT_OF_SCOPE:
        if pattern.search(text):
            return reason
    if _ARREST.search(text) and not (_PENALTY_ASKED.search(text) or asks_offence(text)):
        # "what degree is 6 oz under the statute?" asks the law's tiers, not about the case
        return "legal"
    if _ELSEWHERE.search(text) and not _OF_THE_TRADE.search(text):
        return "off-topic"  # not "a gummy shaped like a football": that is a product
    return None


# Subjects of another trade or pastime, and words only a question about the trade uses.
_ELSEWHERE = re.compile(more.ELSEWHERE, re.IGNORECASE)
_OF_THE_TRADE = re.compile(more.OF_THE_TRADE, re.IGNORECASE)
