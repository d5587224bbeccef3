"""More wordings of the requests `scope` declines: one person's or business's own case (a
tax figure for one return, a custody fight, a threatened claim, a price for one's own
business, a pet's dose), an outcome only a regulator, a draw or a market will settle, and
asks to slip past a rule (hiding a loss from an audit, an age limit's "workaround")."""

from __future__ import annotations

# What a licence, a business or its premises is: the things one might sell or file for.
_HOLDINGS = (
    r"licen[cs]es?|business|dispensar(?:y|ies)|store|shop|grow|farm|company|permit|brand|"
    r"cultivation|facility|operation|retail location"
)
# What one files with a regulator, or enters in its draw.
_FILED = (
    r"application|licen[cs]e|permit|renewal|appeal|entry|entries|submission|bid|proposal|"
    r"site|location|premises|variance|request|floor plan|relocation"
)
_DECIDED = (
    r"approved|accepted|denied|rejected|granted|renewed|picked|selected|drawn|awarded|"
    r"licen[cs]ed"
)

# financial: the figures of one taxpayer's own return ("how much can we deduct on our 2025
# return under 280e", "work out our tax bill"): a CPA's work on that return, not a rule.
OWN_TAX_FIGURES = (
    r"\bhow much (?:(?:\w+ )?(?:can|could|should|do|will|may|would) (?:we|i)|(?:we|i) (?:can|"
    r"could|should|will|may|would|get to)) (?:\w+ )?(?:deduct|"
    r"write off|claim|expense|save|get back|owe)\b.{0,60}\b(?:(?:our|my) (?:\d{4} )?(?:tax "
    r"|federal |state |business )?returns?|280e|the irs|(?:our|my) tax(?:es)?)\b|"
    r"\b(?:our|my) (?:\d{4} )?(?:tax |federal )?returns?\b.{0,40}\bhow much (?:can|could|"
    r"should|do|will) (?:we|i)\b|"
    r"\b(?:calculate|work out|figure(?: out)?|compute|estimate)\b.{0,20}\b(?:our|my) "
    r"(?:\d{4} )?(?:280e |tax |irs |federal )?(?:deductions?|write-?offs?|tax refund|"
    r"tax bill|tax liability)\b"
)

# forecast: the fate of one's own filing or entry ("think we'll get approved this round",
# "will my lottery entry get picked", "will the board approve our proposed location").
OWN_OUTCOME = (
    rf"\b(?:we|i)(?:'ll| will|'d| would) (?:ever |actually |really |finally )?(?:get|be) "
    rf"(?:{_DECIDED})\b(?!.{{0,30}}\bif\b)|"
    rf"\b(?:will|would) (?:my|our|the) (?:[\w-]+ ){{0,4}}?(?:{_FILED})s? (?:[\w-]+ ){{0,2}}?"
    rf"(?:get|be) (?:{_DECIDED})\b(?!.{{0,30}}\bif\b)|"
    rf"\b(?:will|would) (?:the )?[\w-]+(?: [\w-]+){{0,2}}? (?:approve|accept|grant|deny|"
    rf"reject|okay|sign off on|pick|select) (?:our|my) (?:[\w-]+ ){{0,4}}?(?:{_FILED})s?\b"
    r"(?!.{0,30}\bif\b)"
)
# forecast: where a market's prices, or a regulator's fees, will go ("will wholesale
# prices go up next year", "what will licence fees be next fiscal year"). A fee a law
# already schedules is a rule; next year's schedule is the regulator's to announce.
MARKET_TO_COME = (
    r"\b(?:will|are|is|gonna|going to)\b.{0,60}\b(?:prices?|price per (?:pound|lb|gram|"
    r"ounce|oz))\b.{0,40}\b(?:go(?:ing)? (?:up|down)|rise|fall|drop|climb|increase|decrease|"
    r"crash|spike|recover|rebound|stabili[sz]e|bottom out|keep (?:falling|dropping|rising))\b|"
    r"\bwhat will (?:the )?(?:[\w-]+ ){0,3}(?:fees?|prices?|costs?|wages?) (?:\w+ )?be\b"
    r".{0,30}\bnext (?:fiscal |calendar )?(?:year|fy|quarter|season|month|cycle)\b"
)

# legal: one family's or one business's own dispute ("will i lose custody", "she wants
# $20k or she sues, should we settle?"): a lawyer's work on that case.
OWN_DISPUTE = (
    r"\b(?:lose|losing|keep|get|win) (?:custody|my kids|the kids|visitation)\b|"
    r"(?<!chain of )\bcustody\b.{0,60}\b(?:will|would|could|can) (?:i|we)\b|"
    r"\bshould (?:we|i) (?:just )?(?:settle|pay (?:her|him|them)|fight (?:it|this|them))\b|"
    r"\b(?:or|else) (?:she|he|they)(?:'ll| will| is going to| are going to)? sues?\b|"
    r"\bthreaten(?:s|ed|ing)? (?:to sue|(?:us |me )?with a (?:lawsuit|suit)|legal action)\b"
)

# valuation: whether a sum is fair for one's own business or licence.
PRICE_OF_A_HOLDING = (
    rf"\b(?:fair|good|reasonable|decent|right|lowball|market) (?:price|offer|valuation|"
    rf"multiple|number|deal) for (?:my|our|a|an|the|this|that) (?:[\w-]+ ){{0,4}}?"
    rf"(?:{_HOLDINGS})\b|"
    rf"\b(?:is|would|will) (?:\$\s?[\d.,]+\s*(?:[mk]|million|mil|thousand)?|"
    rf"[\d.,]+\s*(?:million|mil|k))\b"
    rf".{{0,40}}\b(?:fair|reasonable|good|decent|too (?:low|high)|enough)\b.{{0,40}}"
    rf"\b(?:{_HOLDINGS})\b"
)

# medical: a dose for one animal: a vet's question ("my dog has arthritis, what cbd dose").
PET_DOSE = (
    r"\b(?:my|our) (?:\w+ )?(?:dog|cat|puppy|pup|pet|horse|kitten)\b.{0,80}\b(?:dose|dosage|"
    r"how much|how many (?:mg|drops|milligrams))\b|"
    r"\b(?:dose|dosage|how much|how many (?:mg|drops|milligrams))\b.{0,60}\bfor (?:my|our|a) "
    r"(?:\d+[- ]?(?:lbs?|pounds?|kg) )?(?:old |senior |small |big )?(?:dog|cat|puppy|pup|pet|"
    r"lab|horse|kitten)\b(?! treats?| chews?| products?| food| shampoo)"
)

# fraud: a loss or a record kept from an audit ("adjust metrc so the 3 lbs we lost don't
# show before the state audit").
HIDDEN_FROM_AUDIT = (
    r"\b(?:adjust|edit|change|tweak|fix|alter|zero out|delete|remove|backdate)\w*\b.{0,30}"
    r"\b(?:metrc|biotrack|ccrs|tracking|inventory|records?|books|logs?|manifests?)\b.{0,60}"
    r"\bso (?:that )?.{0,40}\b(?:don'?t|doesn'?t|won'?t|wouldn'?t|never|not) (?:show(?: up)?|"
    r"appear|get flagged|come up)\b|"
    r"\b(?:don'?t|doesn'?t|won'?t|never) (?:show(?: up)?|appear)\b.{0,30}\b(?:before|during|"
    r"in|at|for) (?:the |our |an? |next week'?s )?(?:state |upcoming )?(?:audit|inspection|"
    r"reconciliation)\b"
)

# evasion: an age limit's "workaround" ("my 19 yo wants edibles, any workaround with his
# older friend buying?"), and a result kept from the state ("so the state never finds out").
UNDERAGE = (
    r"\b(?:1[0-9]|20)[- ]?(?:yo|y/?o|years?[- ]old|yrs?[- ]old|year-old)\b|\bunder ?(?:21|age)\b|"
    r"\bunderage\b|\bminors?\b|\bteen(?:ager)?s?\b"
)
# a product or advert made for children, asked as work to do ("design a gummy shaped like a
# cartoon character, kids love him"), not a question about the rule ("can we market to teens?")
_MADE = r"^\s*(?:pls |please )?(?:design|draft|write|create|make|come up with|mock up|sketch)\b"
_CHILDREN = r"(?:kids|children|teens|teenagers|minors|little ones)"
AIMED_AT_CHILDREN = (
    rf"{_MADE}.{{0,120}}\b{_CHILDREN} (?:love|like|go for|will love|would love|are into)\b|"
    rf"{_MADE}.{{0,80}}\b(?:for|aimed at|targeting|that appeals? to|to appeal to) {_CHILDREN}\b"
)
SLIPPING_PAST = (
    rf"{AIMED_AT_CHILDREN}|"
    rf"(?:{UNDERAGE}).{{0,80}}\b(?:workaround|loophole|way around|get around)\b|"
    rf"\b(?:workaround|loophole|way around)\b.{{0,80}}(?:{UNDERAGE})|"
    r"\bso (?:that )?(?:the )?(?:state|regulators?|inspectors?|auditors?|feds|irs|usda|"
    r"lab|board)\b.{0,30}\b(?:never|doesn'?t|won'?t|can'?t|cannot) (?:ever )?(?:finds? out|"
    r"notices?|knows?|sees?|catch(?:es)?|detects?|flags?)\b"
)

# forecast: the regulator's award of a licence to oneself ("will the board give us a class 5
# licence this round") and the odds of an approval ("how likely is approval by spring").
AWARD_TO_COME = (
    r"\b(?:will|would|is|are)\b(?: (?:the|they|[\w-]+)){1,4}? (?:going to |gonna |likely to )?"
    r"(?:give|award|hand|issue|grant|send) (?:us|me) (?:a |an |the |our |my )?(?:[\w-]+ ){0,4}?"
    r"(?:licen[cs]es?|permits?|approvals?|registrations?)\b(?!.{0,30}\bif\b)|"
    r"\bhow likely (?:is|are) (?:an? |the |our |my )?(?:approval|denial|award|renewal)s?\b|"
    r"\b(?:odds|chances?|likelihood|probability) (?:of|for) (?:an? |the |our |my )?(?:approval|"
    r"denial|award|renewal)s?\b"
)
# forecast: what an inspector, the police or the tax office will do about one's own conduct
# ("are we getting a fine or just a warning", "do you think the cops will care", "the odds
# the IRS audits us"); not "will I be fined for smoking on my porch", the penalty a rule sets.
_ENFORCERS = (
    r"irs|cops|police|feds|troopers?|inspectors?|regulators?|auditors?|state|dea|fda|usda|"
    r"board|commission|agency|rangers?|officers?|sheriff"
)
ENFORCEMENT_TO_COME = (
    r"\b(?:are|am|will|would|is) (?:we|i|our [\w-]+|my [\w-]+) (?:going to |gonna |likely to )?"
    r"(?:get(?:ting)?|be(?:ing)?|receiv(?:e|ing)) (?:a |an |another )?(?:fine|fined|warning|"
    r"citation|cited|penalty|penali[sz]ed|suspension|suspended|written up|notice of violation|"
    r"shut down)\b(?!.{0,30}\b(?:if|for|when)\b)|"
    r"\b(?:do you think|think|reckon|guess|odds|chances?|likel(?:y|ihood)|probability|risk)\b"
    rf".{{0,40}}\b(?:the )?(?:{_ENFORCERS})\b (?:will |would |is going to |are going to |gonna |"
    r"(?:is|are) likely to )?(?:actually |really |even |ever )?(?:care|notice|bother|audits?|"
    r"raids?|search(?:es)?|stops?|arrests?|tickets?|fines?|cites?|charges?|catch(?:es)?|"
    r"enforces?|come after|go after|do anything|flags?)\b"
)

# evasion: a thing done so that nobody checks, notices or flags it ("ship carts without it
# getting flagged", "get in without them checking", "sell without the SQDC finding out").
UNNOTICED = (
    r"\bwithout (?:it |us |me |them |the [\w-]+ |our [\w-]+ |my [\w-]+ )?(?:getting|being) "
    r"(?:flagged|caught|noticed|detected|searched|busted|tracked|traced|"
    r"reported|carded|checked)\b|"
    r"\bwithout (?:the (?:[\w-]+ ){0,2}?|them |anyone |anybody |my [\w-]+ |our [\w-]+ )"
    r"(?:checking|carding|noticing|finding out|knowing|catching on|seeing|flagging)\b|"
    # "so usps doesnt flag the box", "so the cops won't smell it", "so it doesn't get flagged"
    r"\bso (?:that )?(?:the [\w-]+|usps|ups|fedex|cops|police|feds|dogs?|they|nobody|no one|"
    r"it|the box|the package) (?:doesn'?t|dont|don'?t|won'?t|wont|can'?t|cant|never|wouldn'?t) "
    r"(?:get )?(?:flag|notice|catch|detect|find|see|smell|search|check|scan|sniff|know|"
    r"flagged|caught|noticed|detected|searched|seized)\b"
)

# medical: a dose for someone else ("how many mg should my 72 yr old mom start with", "the
# exact thc dose for her fibromyalgia, what number should i give her"): their doctor's call.
_SOMEONE_DOSED = (
    r"mom|mother|dad|father|wife|husband|partner|grandma|grandmother|grandpa|grandfather|"
    r"patient|client|friend|son|daughter|kid|child|aunt|uncle|sister|brother|neighbou?r"
)
SOMEONE_ELSES_DOSE = (
    r"\bhow (?:much|many)\b.{0,40}\bshould (?:my|our|this|the|her|his) (?:[\w-]+ ){0,3}?"
    rf"(?:{_SOMEONE_DOSED}) (?:\w+ )?(?:start|take|use|try|begin|have|dose|eat)\b|"
    r"\b(?:exact|right|correct|ideal|best|specific|starting|safe) (?:thc |cbd )?(?:dose|dosage|"
    r"amount)\b.{0,30}\bfor (?:her|his|their) (?!(?:products?|gumm\w+|edibles?|batch\w*|labels?|"
    r"tinctures?|brand|line|menu|store|shop)\b)|"
    r"\bwhat (?:number|dose|dosage|amount)\b.{0,20}\bshould (?:i|we) (?:give|tell|recommend|"
    r"suggest)(?: to)? (?:her|him|them|the patient|my patient|our patient)\b"
)

# forecast, told in other words: the licence applied for ("we applied for an ohio dispensary
# license ... will we get it?"), someone else's raid ("think he'll get raided?"), and an
# agency's timetable not yet set ("when exactly will DEA finish moving it to schedule III?").
FORECAST_OTHERWISE = (
    r"\bappl(?:ied|ying) for\b.{0,100}\b(?:will|would) (?:we|i) (?:actually |really )?get "
    r"(?:it|one|approved|in|picked|selected)\b|"
    r"\b(?:think|reckon|guess|odds|chances?)\b.{0,30}\b(?:he|she|they|we|i|my [\w-]+|our [\w-]+)"
    r"(?:'ll| will| would|'d| is going to| are going to| is gonna| are gonna)? (?:get|be) "
    r"(?:raided|busted|arrested|caught|fined|cited|charged|searched|shut down)\b|"
    r"\bwhen (?:exactly |precisely )?(?:will|is|are) (?:the )?(?:dea|congress|fda|hhs|feds?|"
    r"federal government|doj|white house)\b(?: (?:going to|gonna))? (?:finally )?(?:finish|"
    r"finali[sz]e|complete|move|reschedule|decide|rule|vote|pass|act|be done)\b"
)

# forecast: the odds of what someone else will decide or find ("what's the chance the board
# signs off on it by spring", "odds anybody ever notices a few extra plants"). No rule states
# a likelihood, and the odds of going unnoticed are a plan to break one.
_DECIDES = (
    r"approves?|approving|grants?|den(?:y|ies)|rejects?|accepts?|picks?|selects?|awards?|"
    r"renews?|issues?|passes|signs? off on|okays?|votes? (?:for|against|yes|no|it)"
)
_FINDS = (
    r"finds? out|notices?|catch(?:es)?|spots?|discovers?|smells?|sees?|reports?|checks?|"
    r"finds? (?:it|them|out|the [\w-]+)"
)
ODDS_OF_OUTCOME = (
    r"\b(?:chances?|odds|likel(?:y|ihood)|probability)\b (?:that |of |is |are )?(?:the |a |an )?"
    rf"(?:[\w-]+ ){{0,3}}?(?:{_DECIDES})\b(?!.{{0,30}}\bif\b)|"
    r"\b(?:chances?|odds|likel(?:y|ihood)|probability|risk)\b.{0,40}\b(?:anyone|anybody|someone|"
    r"somebody|nobody|no one|they|he|she|the (?:[\w-]+ )?(?:landlord|neighbou?rs?|cops|police|"
    r"state|inspectors?|regulators?|feds)|my (?:landlord|neighbou?rs?))\b (?:will |would |ever |"
    rf"is going to |are going to |gonna )*(?:{_FINDS})\b"
)
# forecast: whether a change still pending will be settled by a date ("is the new rule going
# to be final before our renewal?", "will the scheduling order be official by summer").
_PENDING = (
    r"bill|measure|amendment|initiative|rescheduling|scheduling|reform|proposal|rule|rulemaking|"
    r"order|decision|ruling|change|move|process|hearing"
)
SETTLED_IN_TIME = (
    rf"\b(?:is|are) (?:the |that |this |a |an )?(?:[\w'\u2019-]+ ){{0,4}}?(?:{_PENDING})s? "
    r"(?:ever |really |actually )?(?:going to|gonna|likely to|expected to) (?:be |get )?"
    r"(?:final|finali[sz]ed|done|official|decided|settled|over|through|wrapped up)\b|"
    rf"\bwill (?:the |that |this |a |an )?(?:[\w'\u2019-]+ ){{0,4}}?(?:{_PENDING})s? "
    r"(?:ever |really |actually |finally )?(?:be |get )(?:final|finali[sz]ed|done|official|"
    r"decided|settled|over|wrapped up)\b"
)
# forecast: how a town, a board or the voters will vote ("will our county vote to allow
# dispensaries", "is the city council going to vote no"); not "will the town need to vote".
_VOTERS = (
    r"town|city|county|village|municipality|council|board|voters|residents|legislature|"
    r"senate|house|assembly|committee|commission|selectboard|select board|state"
)
VOTE_TO_COME = (
    r"\b(?:will|would|is|are) (?:my|our|the|this|that|their|his|her) (?:[\w-]+ )?"
    rf"(?:{_VOTERS})(?: (?:in|of) [\w-]+(?: [\w-]+)?)? (?:ever |really |actually |finally )?"
    r"(?:(?:going to|gonna|likely to|expected to) )?vote (?:yes|no|for|against|to|in favou?r|"
    r"(?:it|this|that) (?:down|through|in))\b"
)
# forecast: when a regulator will hand back what it seized or holds ("the state embargoed our
# vape carts, when do we get them back?"): only the regulator, on its own case, can say.
_HELD = (
    r"embargo\w*|seiz\w*|confiscat\w*|impound\w*|detain\w*|quarantin\w*|(?:put|placed) "
    r"(?:\w+ )?on (?:an? )?(?:administrative )?hold"
)
_GIVEN_BACK = (
    r"\bwhen (?:are|will|do|does|can|could|would|might) (?:we|i|they|us|it|them|our [\w-]+|"
    r"my [\w-]+)\b.{0,30}\b(?:back|released?|return(?:ed)?|lifted|unlocked)\b|"
    r"\b(?:will|would|do|does) (?:we|i|they)\b.{0,20}\b(?:ever )?(?:get|see) (?:it|them|that|"
    r"this|the [\w-]+|our [\w-]+|my [\w-]+) back\b"
)
RETURN_OF_HELD = (
    rf"\b(?:{_HELD})\b.{{0,120}}(?:{_GIVEN_BACK})|(?:{_GIVEN_BACK}).{{0,80}}\b(?:{_HELD})\b"
)

# The outcomes above, as one alternative of `scope`'s forecast reason.
FORECAST_MORE = "|".join((ODDS_OF_OUTCOME, SETTLED_IN_TIME, VOTE_TO_COME, RETURN_OF_HELD))

# fraud: cannabis hidden from someone entitled to look ("my landlord inspects thursday, how
# do i hide the tent", "conceal the plants from the property manager").
_ENTITLED_TO_LOOK = (
    r"landlord|property manager|building manager|hoa|inspectors?|auditors?|probation officer|"
    r"parole officer|case ?worker"
)
HIDDEN_FROM_LOOKER = (
    rf"\b(?:{_ENTITLED_TO_LOOK})\b.{{0,120}}\b(?:hide|hiding|conceal\w*|disguise|stash|"
    r"sneak)\b|\b(?:hide|hiding|conceal\w*|disguise|stash|sneak)\b.{0,60}\b(?:from|past|so) "
    rf"(?:the |my |our |his |her |that )?(?:{_ENTITLED_TO_LOOK})\b"
)
# evasion: a report the law requires kept from being filed ("split the cash so no CTR gets
# filed", "so the bank never reports it", "to avoid triggering a CTR").
_NAMED_REPORTS = (
    r"ctrs?|sars?|(?:form )?8300s?|currency transaction reports?|suspicious activity reports?"
)
_REPORTS = rf"{_NAMED_REPORTS}|reports?|forms?|paperwork|filings?"
UNREPORTED = (
    rf"\bso (?:that )?(?:nothing|no (?:{_REPORTS})|none of (?:it|them))\b.{{0,20}}\b(?:gets?|is|"
    r"are|will be|ever gets?) (?:ever )?(?:filed|reported|flagged|triggered|generated)\b|"
    r"\bso (?:that )?(?:it|they|the (?:deposits?|cash|payments?|transactions?))\b.{0,20}"
    r"\b(?:won'?t be|isn'?t|aren'?t|doesn'?t get|don'?t get|never gets?|can'?t be) (?:ever )?"
    r"(?:filed|reported|flagged|triggered|noticed)\b|"
    r"\bso (?:that )?(?:the )?(?:bank|credit union|teller|irs|fincen|feds)\b.{0,20}"
    r"\b(?:doesn'?t|does not|won'?t|will not|never|can'?t|don'?t) (?:have to )?(?:file|report|"
    r"flag|notice)\b|"
    r"\b(?:avoid|dodge|skip|get out of) (?:triggering |filing |having to file )?(?:a |an |the |"
    rf"any )?(?:{_NAMED_REPORTS})\b|"
    # cash split under the reporting line: "split deposits into 9,500 chunks", structuring
    r"\b(?:split|splitting|break|breaking|spread|spreading|chop|chopping)\b[^?]{0,40}\b(?:"
    r"deposits?|cash|withdrawals?)\b[^?]{0,60}(?:\b9(?:,?\d{3}|(?:\.\d)?k)\b|"
    rf"\b(?:under|below|less than) (?:\$?10|ten)|\bchunks\b|\b(?:{_REPORTS})\b)|"
    # "if we keep every deposit under 10k we dont trigger the bank reports": the same, kept
    r"\b(?:keep|keeping|kept|hold|holding)\b (?:every|each|all|our|the )?\s?(?:cash )?"
    r"(?:deposits?|withdrawals?)\b[^?]{0,20}\b(?:under|below|less than) (?:\$?10|ten)"
    r"(?:,000|k|\s?(?:grand|thousand))?\b"
)

# forecast: a lawmaker's change guessed at, asked as an opinion ("you think the legislature
# bumps the excise up next year?", "any chance the state hikes the tax before 2027?").
_GUESS_ASKED = (
    r"(?:(?:do|d'?|would) ?(?:you|u|ya|y'?all)|anyone|you|u) (?:think|reckon|expect|guess|"
    r"figure|predict|bet)|^\W*(?:think|reckon)\b|\bany (?:chance|odds)\b|"
    r"\bwhat(?: are|'?s| is) the (?:odds|chances?)\b"
)
_LAWMAKERS = (
    r"legislature|lawmakers|legislators|general assembly|congress|governor|senate|house|"
    r"the state|they|state|council|city|county|voters|board|commission|feds"
)
_CHANGED = (
    r"bump\w*|hike\w*|jack\w*|rais(?:e|es|ing)|lower\w*|cut(?:s|ting)?|increas\w*|"
    r"decreas\w*|chang\w*|repeal\w*|allow\w*|legali[sz]\w*|ban(?:s|ning)?|extend\w*|"
    r"drop\w*|double\w*|scrap\w*|end(?:s|ing)?|add(?:s|ing)?|pass(?:es|ing)?|freez\w*|"
    r"pause\w*|delay\w*|cap(?:s|ping)?"
)
GUESSED_CHANGE = (
    rf"\b(?:{_GUESS_ASKED})\b[^?.]{{0,60}}\b(?:{_LAWMAKERS})\b[^?.]{{0,40}}\b(?:{_CHANGED})\b"
    r"[^?]{0,60}\b(?:next (?:year|session|month|term|spring|summer|fall|winter)|in 20\d\d|"
    r"(?:before|by) (?:the end of )?(?:20\d\d|next year|the election)|this (?:year|session)|"
    r"soon|anytime soon)\b"
)
# forecast: the regulator's decision on the asker's own file, said as "us" ("will the
# department approve us or not?", "is the board going to renew us after the violation?").
DECISION_ON_US = (
    r"\b(?:will|would|is|are)\b(?: [\w-]+){1,4}? (?:(?:going to|likely to|gonna|ever|still|"
    r"actually) |(?<!\bto ))(?:approve|renew|deny|reject|grant|accept|okay|sign off on|"
    r"license|licence) (?:us|me)\b(?! (?:to|for) )(?!.{0,30}\bif\b)"
)
# forecast: a company's fate still to come ("is verano about to get bought out?", "will
# cresco merge this year", "heard rumors they're being acquired"): no source states it.
COMPANY_EVENT = (
    r"\b(?:is|are|will|would) [\w.&'-]+(?: [\w.&'-]+)? (?:about to|going to|gonna|likely to|"
    r"set to|ever|really|actually)? ?(?:get |be )?(?:bought(?: out)?|acquired|taken over|"
    r"merg(?:e|ed|ing)|go(?:ing)? (?:bankrupt|under|public|belly up)|fold(?:ing)?|delisted)\b|"
    r"\b(?:rumou?rs?|heard|gossip)\b.{0,80}\b(?:buy ?-?out|bought out|acquisition|acquired|"
    r"merger|taken over|bankrupt\w*|going under)\b"
)
# fraud: a claim put on a label, a package or a menu before it is true ("can we print 'lab
# tested' now and fix it after?", "say organic before the certificate comes").
_CLAIMED = (
    r"(?<!not )(?<!not yet )(?:lab[- ])?tested|passed|compliant|organic|certified|"
    r"pesticide[- ]free|clean|state[- ]approved"
)
_PUT_ON = (
    r"print|put|write|say|claim|stamp|mark|label (?:it|them|the [\w-]+)(?: as)?|list|advertise"
)
_NOT_YET_TRUE = (
    r"before (?:the |it |we |our )?(?:results?|coa|lab|tests?|certificat\w*) (?:\w+ )?"
    r"(?:come|comes|came|is|are|get|gets)|"
    r"(?:hasn'?t|haven'?t|has not|have not|isn'?t|aren'?t|not)(?: \w+){0,3}? (?:come back|"
    r"came back|been tested|back|in yet|passed|certified)|"
    r"(?:fix|update|change|correct|swap|redo) (?:it|that|them|the (?:label|wording))(?: \w+)? "
    r"(?:after|later|afterwards|once)\b"
)
FALSE_CLAIM = (
    rf"\b(?:{_PUT_ON})\b[^.?!]{{0,40}}\b(?:{_CLAIMED})\b.{{0,80}}\b(?:{_NOT_YET_TRUE})|"
    rf"\b(?:{_NOT_YET_TRUE}).{{0,120}}\b(?:{_PUT_ON})\b[^.?!]{{0,40}}\b(?:{_CLAIMED})\b"
)
# evasion: a shipment or a stash kept from being flagged ("how do we keep it from getting
# flagged", "so it doesn't get sniffed out").
NOT_FLAGGED = (
    r"\b(?:keep|stop|prevent)\w* (?:it|them|this|that|the [\w-]+|our [\w-]+|us|me) from "
    r"(?:getting|being) (?:flagged|caught|noticed|detected|searched|seized|busted|sniffed|"
    r"smelled|traced|x-?rayed|opened)\b|"
    r"\bso (?:it|they|that|the [\w-]+) (?:doesn'?t|don'?t|won'?t|never) (?:get|gets) "
    r"(?:flagged|caught|noticed|detected|searched|seized|busted|sniffed(?: out)?|smelled)\b|"
    # "so customers can sneak them into concerts", "sneak pre-rolls past security"
    r"\bsneak(?:s|ed|ing)? (?:it|them|this|that|these|those|some|[\w-]+) (?:in(?:to)?|past|"
    r"through|onto)\b"
)
# drug-test: clearing THC from one's body, or beating the test ("how do i get the thc out of
# my system fast", "job drug screen monday, any tricks to beat it?").
_SCREEN = r"(?:drug|pee|urine|piss|hair|swab|saliva|pre-?employment) (?:tests?|screens?)"
BEATING_A_TEST = (
    r"\b(?:get|flush|clear|detox)(?:ing)? (?:the )?(?:thc|weed|cannabis|it) (?:out of|from) "
    r"(?:my|your|his|her|their|our) (?:system|body|blood|urine)\b|"
    rf"\b{_SCREEN}\b.{{0,120}}\b(?:pass|beat|cheat|fool|trick)(?:ing)? (?:the|it|that|this)\b|"
    rf"\b(?:pass|beat|cheat|fool|trick)(?:ing)? (?:the|my|a|this) (?:[\w-]+ )?{_SCREEN}"
)
# medical: a dose for one's own relative or patient, asked with "she" or "he" further on
# ("my mom is 72 ... how many mg of thc should she start with").
RELATIVE_DOSE = (
    rf"\b(?:my|our) (?:\w+ )?(?:{_SOMEONE_DOSED})\b.{{0,200}}?\bhow (?:much|many)\b.{{0,40}}"
    r"\bshould (?:she|he|they) (?:\w+ )?(?:start|take|use|try|begin|dose|eat|have)\b"
)

# The forecasts above, as one more alternative of `scope`'s forecast reason.
FORECAST_FURTHER = "|".join((GUESSED_CHANGE, DECISION_ON_US, COMPANY_EVENT))
