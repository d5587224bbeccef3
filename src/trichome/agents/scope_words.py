"""The words `scope` builds its patterns from: who decides a change in the law and the
changes people ask to be foretold, people's contact details and who asks for them, the
authorities a request may mean to mislead, and an account's credentials."""

from __future__ import annotations

# Who decides a change in the law, and the changes people ask to be foretold.
DECIDERS = (
    r"congress|the (?:legislature|governor|courts?|supreme court|dea|fda|usda|senate|house|"
    r"state|feds|federal government|board|commission|regulators?|lcb|ocm|olcc|dcc|mra|ccc|"
    r"(?:[a-z]+ )?(?:city |county |district )?council|mayor)|"
    r"lawmakers|legislators|regulators|they|[a-z]+(?: state)?(?= (?:(?:really|actually) )?"
    r"(?:gonna|going to|ever|likely to|expected to)\b)"
)
CHANGES = (
    r"push(?:ing)? back|delay|postpone|cut|raise|lower|increase|decrease|change|pass|repeal|"
    r"allow|legali[sz]e|decriminali[sz]e|ban|extend|drop|approve|reschedule|loosen|tighten|"
    r"overturn|strike down|roll back|vote (?:on|for)|sign|(?:get |be )?moved|"
    r"shut (?:\w+ )?down|crack down on|outlaw"
)
LATER = (
    r"next (?:year|session|month|term|summer|spring|fall|winter)|soon|ever|eventually|"
    # "this coming session", "the upcoming legislative session"
    r"(?:this |the )?(?:coming|upcoming) (?:legislative )?(?:session|year|term)|"
    r"anytime soon|in 20\d\d|before (?:next |the )?(?:summer|spring|fall|winter|year|"
    r"election)|"
    r"this (?:year|session)"
)
# What a regulator or a market may yet do to a file or a programme.
OUTCOMES = (
    r"approved|approve|granted|issued|accepted|denied|rejected|renewed|open|opened|launch|"
    r"launched"
)
# A date or season named as a deadline: "before christmas", "by march", "by the 15th".
BY_A_DATE = (
    r"(?:before|by|until|in time for) (?:the |next |this )?(?:christmas|thanksgiving|"
    r"new year'?s?|the holidays|year'?s? end|end of (?:the )?(?:year|month|quarter)|"
    r"summer|spring|fall|autumn|winter|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|\d{1,2}(?:st|nd|rd|th)|20\d\d|q[1-4]|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
)
PROPOSALS = (
    r"bill|delay|ban|measure|amendment|initiative|ballot (?:question|measure)|rescheduling|"
    r"reform|extension|moratorium|proposal|law"
)
CHANGES_NOUNS = r"changes?|legali[sz]ation|rescheduling|a ban|reform|new (?:law|rules?|bill)"
# Contact details and lists of people: private records, never handed out.
PERSONAL_DATA = (
    r"phone numbers?|cell numbers?|numbers|emails?(?: addresses)?|e-mail addresses|"
    r"home addresses|addresses|contact (?:info|information|details)|dobs?|dates? of birth"
)
# Asking to be handed a record: "give me a list of ...", "pull their emails".
HAND_OVER = (
    r"give me|send me|get me|find me|pull(?: up)?|export|download|share|a list of|"
    r"the list of|a database of|who are the"
)
PEOPLE = (
    r"(?:medical |mmj |rec )?card ?holders?|patients?|customers?|consumers?|registrants?|"
    r"caregivers?|residents?|buyers?|budtenders?|employees?|people"
)
# Someone the asker knows, whose private records they might ask about.
SOMEONE = (
    r"neighbou?rs?|friends?|employees?|budtenders?|boss|co-?workers?|ex|wife|husband|partner|"
    r"customers?|tenants?|landlord|son|daughter|brother|sister|mom|mother|dad|father|"
    r"roommates?|girlfriend|boyfriend|cousin|uncle|aunt|nephew|niece|guy|lady|man|woman"
)
# Whoever a request may mean to mislead: regulators, the tax office, the police.
AUTHORITIES = (
    r"fda|irs|ftc|dea|usda|state|regulators?|inspectors?|auditors?|feds|cops|police|abca|"
    r"lcb|ocm|dcc|ccb|olcc|crc|ccc|mra|cra|omma|amcc|board|commission|sampler|lab"
)
CREDENTIALS = (
    r"api keys?|user keys?|vendor keys?|integrator keys?|software keys?|passwords?|"
    r"log-?ins?|credentials|access tokens?|secret keys?"
)

# Plants, product or sales kept out of the tracking system or the books.
OFF_TRACKING = (
    r"\b(?:keep|leave|hold|take|move)\b.{0,40}\b(?:off|out of) (?:of )?(?:the |our |my )?"
    r"(?:metrc|biotrack|ccrs|leaf data|tracking|traceability|seed-to-sale|books|manifests?)\b"
)
# A draw's outcome, and what a board will decide or vote at a meeting still to come.
COMING_DECISION = (
    r"\b(?:will|would|do|can|could) (?:i|we|my [\w-]+|our [\w-]+) (?:\w+ )?(?:win|be "
    r"(?:picked|selected|drawn)|get (?:picked|selected|drawn))\b.{0,60}\b(?:lottery|"
    r"lotteries|draw|drawing|raffle|selection round)\b|"
    r"\bwhat (?:will|would|is) (?:the )?(?:[\w'\u2019-]+ ){0,3}(?:board|commission|committee|"
    r"council|legislature|regulators?|agency|ccb|dcc|ocm|lcb|cra|olcc|ccc|mra)\b "
    r"(?:(?:going to|gonna|likely to|expected to) |\w+ )?(?:decide|vote|rule|conclude|do)\b"
)
# The regulator's decision on one's own file, and why or when it came ("did our permit get
# approved yet", "why did they deny my application", "when will they approve it"; not
# "when does the board approve renewals?", a rule), and what one official thinks of one's
# own work: only the regulator or the official can say.
OWN_FILE_OUTCOME = (
    r"\b(?:did|has|have|was|is) (?:my|our) (?:[\w#'\u2019-]+ ){0,4}?(?:application|licen[cs]e|"
    r"permit|renewal)s? (?:[\w#-]+ ){0,2}?(?:get |been |be )?(?:approved|accepted|denied|"
    r"rejected|granted|issued|processed)\b|"
    r"\b(?:why|when) (?:did|does|will|would|has|have)\b.{0,30}\b(?:approve|reject|deny|"
    r"refuse|turn down|grant|issue)[ds]?\b (?:our|my|it|us|me)\b|"
    r"\bwhat (?:does|did|do|will|would) (?:my|our|the|that) (?:[\w'\u2019-]+ ){0,2}?(?:inspectors?|"
    r"investigators?|auditors?|officers?|regulators?|case ?workers?)\b (?:\w+ )?(?:think|"
    r"feel|make) (?:of|about)\b"
)

# The odds of a decision on one's own file or draw: "realistically what's our chance of
# getting approved this round", "how likely are we to be picked", "odds our renewal is
# denied". Only the regulator decides, and no rule states a likelihood.
CHANCE_OF_OUTCOME = (
    r"\b(?:(?:our|my) (?:realistic |real )?(?:chances?|odds|shot)|(?:chances?|odds|likelihood|"
    r"probability) (?:that |of )?(?:we|i|us|our|my)\b).{0,40}?\b(?:get(?:ting)?|be(?:ing)?|"
    r"is|are|gets)\s+(?:\w+\s+)?(?:approved|accepted|denied|rejected|granted|licen[cs]ed|"
    r"awarded|picked|selected|drawn|renewed)\b|"
    r"\bhow likely (?:is it (?:that )?(?:we|i|our|my)\b|are we\b|am i\b|is (?:our|my) )"
    r".{0,40}?\b(?:approved|accepted|denied|rejected|granted|licen[cs]ed|awarded|picked|"
    r"selected|renewed)\b|"
    # "what are our odds of getting one in the first round", "chances of winning a licence in
    # the lottery", "how good are my chances": a draw or a regulator's choice, foretold
    r"\b(?:what(?:'s|s| is| are| would be)|how (?:good|high|low|big|bad) (?:is|are)) (?:our|my|"
    r"his|her|their) (?:realistic |real |actual )?(?:odds|chances?|likelihood|probability|shot)\b|"
    r"\b(?:odds|chances?|likelihood|probability|shot)\b (?:(?:of|that|at) )?(?:us |we |i |me |"
    r"they |them )?(?:getting|winning|landing|securing|receiving|scoring|being (?:awarded|picked|"
    r"selected|chosen|granted|drawn)|(?:will |would )?(?:get|win|land|secure))\b.{0,40}?\b"
    r"(?:licen[cs]es?|permits?|one|approval|spot|slot|award|lottery|draw|round|seat)\b"
)
# The date a change still to come will happen: "when exactly will marijuana be moved to
# schedule III", "when do you think the feds will reschedule"; not "when will the rule take
# effect", which a source may state.
WHEN_A_CHANGE = (
    r"\bwhen (?:exactly |roughly |approximately |realistically )?(?:(?:do|does) (?:you|anyone) "
    r"(?:think|expect|reckon) |(?:will|would|might) |(?=(?:is|are) (?:[\w-]+ ){1,4}?(?:going "
    r"to|gonna|likely to|expected to) )(?:is|are) )(?:[\w-]+ ){1,4}?(?:will |would |(?:is|are) "
    r"(?:going to|gonna|likely to|expected to) |going to |gonna |likely to |expected to )?"
    r"(?:ever |finally |actually |really )*"
    r"(?:be |get )?(?:rescheduled|reschedule|legali[sz]ed?|decriminali[sz]ed?|moved to "
    r"schedule|repealed|repeal|passed|signed|overturned|struck down|shut (?:\w+ )?down|"
    r"descheduled?)\b"
)
# What a change still to come will do to a tax or a ban: "will it kill 280E", "will
# rescheduling end the 280e problem for our 2027 return".
ENDS_A_TAX = (
    r"\bwill (?:it|that|this|rescheduling|schedule (?:iii|3|three)|the (?:move|change|"
    r"rescheduling)) (?:finally |actually |really )?(?:kill|end|scrap|eliminate|get rid of|"
    r"abolish|wipe out) (?:the )?(?:280e|tax(?:es)?|deductions?)\b"
)
# One person's body given beside a dose asked: "how much should i take, im 5'6 140lbs".
BODY_AND_DOSE = (
    r"\b(?:how (?:much|many(?: \w+)?)\b.{0,40}\b(?:take|use|dose|eat|smoke|vape|start with|"
    r"try)|what (?:dose|dosage|amount))\b.{0,80}\b(?:i'?m|i am|i weigh|she weighs|he weighs|"
    r"she'?s|he'?s)\s+(?:\d['\u2019]\s*\d+\"?,?\s*)?\d{2,3}\s*(?:lbs?|pounds|kg|kilos)\b"
)

# A record rewritten to say what the test did not: "edit the coa pdf to read 0.29", "make the
# lab report show 0.3", "photoshop the potency on our certificate". Falsifying a record.
FALSIFIED_RECORD = (
    r"\b(?:edit|alter|change|modify|photoshop|tweak|adjust|rewrite|doctor|retype|white[- ]?out)"
    r"(?:s|ed|ing)?\b.{0,30}\b(?:coas?|certificates? of analysis|lab (?:reports?|results?)|test "
    r"results?|potency results?|manifests?)\b.{0,30}\b(?:to (?:read|say|show)|so (?:it|that|the "
    r"\w+) (?:reads?|says?|shows?))\b|"
    r"\bmake (?:the|our|my|that|this) (?:[\w-]+ ){0,2}?(?:coa|certificate of analysis|lab "
    r"report|test results?) (?:read|say|show)\b"
)
# A laboratory picked for the figure it will report, not its accuracy: "which lab gives the
# highest thc numbers", "a lab that will pass our lot". Steering a test's outcome.
LAB_SHOPPING = (
    r"\b(?:which|what|any|a|the) (?:[\w-]+ ){0,3}?(?:labs?|laborator(?:y|ies)|testing "
    r"facilit(?:y|ies))\b.{0,40}\b(?:give|gives|report|reports|test|tests|come back|comes back|"
    r"get|gets|put|puts|run|runs)\b.{0,20}\b(?:the )?(?:highest|higher|inflated|juiced|best|"
    r"biggest|bigger|generous)\b.{0,20}\b(?:thc|potency|numbers|results|percentages?|%)|"
    r"\blabs? (?:that|which|who) (?:will |would )?(?:always |reliably )?(?:pass|inflate|bump|"
    r"juice|overstate)\b|\blab[- ]shopping\b|"
    # a failed sample sent round the labs, or retested, until one passes ("send retains to
    # other labs until one passes", "keep retesting till it clears"), and only that result shown
    r"\b(?:(?:other|different|another|new|several|multiple|more|a few|two|three) labs?|labs)\b"
    r"[^?]{0,60}\b(?:until|till|til|'?til) (?:one|it|"
    r"we|they|a lab|one of them|the (?:result|number|sample)s?) (?:\w+ )?(?:pass(?:es)?|clears?|"
    r"comes? back (?:clean|under|passing)|gets? (?:a )?pass(?:ing)?)\b|"
    r"\bonly (?:upload|submit|report|enter|send|show|file|use)\w* (?:the )?(?:passing|clean|good|"
    r"best) (?:coa|result|test|report|one)s?\b"
)
# An age check made to let everyone through ("make the age gate default to 'yes i'm 21'", "a
# pre-checked 21+ box so people click through"), or the least one can "get away with": the
# duty to keep minors out, evaded.
_AGE_CHECK = (
    r"\bage[- ](?:gate|check|verification|screen|popup|pop-up|wall|prompt)s?\b|\b(?:18|19|21)\+|"
    r"\b(?:i'?m|im|i am) (?:over )?(?:18|19|21)\b"
)
_LET_THROUGH = (
    r"defaults? (?:to|on) [\"'\u2018\u201c]?(?:yes|i'?m|im|i am|checked|true|confirmed|over)\b|"
    r"pre-?(?:checked|ticked|filled|selected)|auto-?(?:checks?|checked|fills?|"
    r"confirms?|accepts?)|bypass(?:es|ed)?|so (?:that )?(?:people|folks|they|visitors|users|"
    r"everyone|customers) (?:can )?(?:just |simply )?click (?:right )?(?:through|past)"
)
AGE_CHECK_WEAKENED = (
    rf"(?:{_AGE_CHECK})[^?.]{{0,80}}\b(?:{_LET_THROUGH})\b|\b(?:{_LET_THROUGH})\b[^?.]{{0,80}}"
    rf"(?:{_AGE_CHECK})|"
    r"\b(?:least|bare minimum|minimum)\b[^?.]{0,20}\b(?:we|i|you) (?:can|could) (?:still )?"
    r"get away with\b"
)
# What an inspector will let pass ("will they fail us or let it slide", "will the inspector
# look the other way if we promise to fix it"): only the inspector decides.
INSPECTOR_LENIENCY = (
    r"\b(?:let (?:it|this|that|us|them) (?:slide|go|pass)|look the other way|turn a blind eye|"
    r"cut us (?:some )?slack|go easy on us|give us a pass)\b|"
    r"\b(?:will|would|are|is) (?:they|the (?:[\w-]+ )?(?:inspectors?|auditors?|regulators?|state|"
    r"board))\b (?:\w+ )?(?:fail|cite|fine|write up|flag|shut down) (?:us|me)\b[^?]{0,40}\bor\b"
)
# Cash deposits kept just under the bank's reporting line ("deposit 9,500 a day instead of
# one big deposit", "so we avoid the paperwork"): structuring, a federal offence.
STRUCTURED_CASH = (
    r"\b(?:deposit|withdraw|bank|drop|take)\w*\b[^?]{0,30}\$?9,?[0-9]{3}(?:\.\d+)?\b[^?]{0,20}"
    r"\b(?:a|per|each|every) (?:day|time|trip|visit|deposit)\b|"
    r"\b(?:deposits?|cash|withdrawals?)\b[^?]{0,120}\b(?:avoid|dodge|skip|get out of|stay "
    r"under|keep (?:it |them )?under)\b (?:the |any |all (?:the |that )?)?(?:paperwork|reports?|"
    r"reporting|forms?|filings?|(?:10k|\$?10,000) (?:rule|limit|threshold|line))\b(?! errors)"
)
# An agency named as the one not to notice: "across without cbsa noticing", "without the
# regulator finding out", and smuggling whatever the route.
UNSEEN_BY = (
    r"\bwithout (?:[\w-]+ ){1,2}?(?:noticing|finding out|catching on|spotting (?:it|them|us))\b|"
    r"\bsmuggl\w*\b"
)
# The outcome of one's own filing still pending ("we filed our application in august, will
# it get approved?"): only the regulator decides.
FILED_OUTCOME = (
    r"\b(?:filed|submitted|sent in|turned in|applied)\b.{0,120}\b(?:(?:will|would) (?:it|they|"
    r"that|this|we|i)|(?:it|they|that|this|we|i) (?:will|would)|(?:it|they|we|i)'(?:ll|d)) "
    r"(?:\w+ )?(?:get|be) (?:approved|accepted|granted|denied|rejected|picked|selected)\b"
    r"(?!.{0,30}\bif\b)"
)
# What the regulator will do to one's own licence after an inspection or a finding: "are they
# going to suspend our licence", "will we pass next week's inspection". Only it decides.
INSPECTION_OUTCOME = (
    r"\b(?:is|are) (?:they|[\w-]+ canada|the (?:[\w-]+ ){0,2}?(?:inspectors?|regulators?|"
    r"state|board|agency|department|commission|ministry)) (?:going to|gonna|likely to) "
    r"(?:suspend|revoke|pull|cancel|yank|take away|fine|shut down|close) (?:our|my|us|me|the)\b|"
    r"\b(?:will|would|are|am) (?:we|i|our [\w-]+|my [\w-]+) (?:going to |gonna |likely to )?"
    r"(?:pass|fail|get through|survive) (?:the |our |my |this |next week'?s |an? )?(?:[\w-]+ )"
    r"{0,2}?(?:inspection|audit)\b(?!.{0,40}\bif\b)|"
    r"\bhow (?:will|is) (?:the|our|my) (?:[\w-]+ ){0,2}?(?:inspection|audit) (?:going to |gonna "
    r")?go\b"
)
# Whether one's own insurer will pay a loss ("will our insurance cover the crop we lost in
# the fire?", "is the mold loss covered by our policy"): only the policy and the insurer say.
INSURANCE_OUTCOME = (
    r"\b(?:will|would|does|do|is|are|can)\b[^?.!]{0,40}\b(?:insurance|insurer|policy|carrier)\b"
    r"[^?.!]{0,20}\b(?:cover|pay|reimburse)|\bcovered (?:by|under) (?:our|my|the) (?:[\w-]+ )?"
    r"(?:insurance|insurer|policy)\b"
)
# The outcomes above that only the regulator, a draw, an insurer or time will settle, as one
# alternative.
FORESEEN = "|".join(
    (CHANCE_OF_OUTCOME, WHEN_A_CHANGE, ENDS_A_TAX, INSPECTION_OUTCOME, INSPECTOR_LENIENCY,
     FILED_OUTCOME, INSURANCE_OUTCOME)
)  # fmt: skip
# The ways around a duty above, as one alternative of `scope`'s evasion reason.
EVADED = "|".join((AGE_CHECK_WEAKENED, STRUCTURED_CASH, UNSEEN_BY))


# competitor: another business's records, recipes or live prices (the shop across the
# street's, "my competitor's metrc sales numbers"): not ours to see, and no fact holds them.
_RECORDS = (
    r"metrc|biotrack|sales|numbers|records|data|inventory|revenues?|profits?|margins?|books|"
    r"customers?|customer lists?|suppliers?|prices?|menus?|transfers?|manifests?|reports?"
)
_PRIVATE = (
    r"metrc|biotrack|sales|numbers|revenues?|profits?|margins?|books|inventory|customer lists?"
)
_NEARBY = (
    r"across the (?:street|road)|down the (?:street|road|block)|next door|nearby|near us|"
    r"near me|in town|around the corner"
)
OTHERS_RECORDS = (
    r"\b(?:pull|get|look up|find|show me|give me)\b.{0,20}\b(?:my |our |a |the )?"
    r"competitors?'?s?\b|\b(?:recipe|formula|supplier list|suppliers)\b.{0,40}\b"
    r"(?:that|which) [\w-]+ uses?\b|\bwant to copy\b|"
    # "my competitor's metrc sales numbers", "a rival's revenue": what only its holder keeps
    rf"\b(?:competitors?|rivals?)(?:'s|s'|\u2019s)?\s+(?:[\w-]+\s+){{0,2}}?(?:{_PRIVATE})\b|"
    rf"\b(?:competitors?|rivals?)(?:'s|s'|\u2019s)\s+(?:[\w-]+\s+){{0,3}}?(?:{_RECORDS})\b|"
    # "see another dispensary's sales", "peek at the shop down the road's metrc"
    rf"\b(?:see|view|access|look at|get into|peek at|pull|spy on|find out|monitor)\b.{{0,30}}"
    rf"\b(?:another|other|rival|competing) (?:[\w-]+ )?(?:dispensar(?:y|ies)|stores?|shops?|"
    rf"licensees?|business(?:es)?|brands?|grows?|compan(?:y|ies))(?:'s|s'|\u2019s)?\s+"
    rf"(?:[\w-]+\s+){{0,3}}?(?:{_RECORDS})\b|"
    r"\bwhat(?:'s|s| is| are| were)? (?:the )?(?:monthly |annual |yearly |weekly )?"
    r"(?:revenues?|sales|profits?|margins?) (?:of|for|at) (?:the|that|a) (?:[\w-]+ ){0,2}"
    r"(?:dispensary|store|shop|company|competitor|brand|grow)\b|"
    rf"\b(?:{_RECORDS}|price per \w+|how much (?:is|are|does|do|for))\b.{{0,40}}"
    r"\b(?:for|of|at|from) (?:(?:the|that|a|another|other|some) )?(?:[\w-]+ ){0,2}"
    r"(?:dispensary|store|shop|grow|business|licensee)\b.{0,25}"
    rf"\b(?:{_NEARBY})\b"
)


# evasion: what is over a limit kept from whoever would see it ("if we do 12 anyway how do we
# make sure nobody finds out", "keep them off the radar if the landlord comes by").
_WATCHERS = (
    r"nobody|no ?one|anyone|anybody|the (?:landlord|neighbou?rs?|cops|police|state|inspectors?|"
    r"feds|board|regulators?)|(?:our|my) (?:landlord|neighbou?rs?)|neighbou?rs|cops|police"
)
KEPT_QUIET = (
    r"\b(?:make sure|ensure|so (?:that )?)\s*(?:nobody|no ?one|none of (?:them|the [\w-]+)) "
    r"(?:ever |else )?(?:finds? out|knows?|notices?|sees?|catch(?:es)? on|can tell)\b|"
    rf"\b(?:make sure|ensure|so (?:that )?)\s*(?:{_WATCHERS}) (?:doesn'?t|don'?t|dont|won'?t|"
    r"wont|never|can'?t|cant) (?:ever )?(?:finds? out|knows?|notices?|sees?|catch(?:es)? on|"
    r"tells?)\b|"
    r"\bkeep (?:it|them|this|that|these|those|the [\w-]+|our [\w-]+|my [\w-]+) off (?:the|"
    r"their|anyone'?s) radar\b|"
    rf"\bkeep (?:{_WATCHERS}) from (?:finding out|knowing|noticing|seeing|smelling)\b|"
    r"\bhide (?:the |our |my )?(?:extra|other|rest of the) (?:\d+ )?(?:plants?|grams?|"
    r"ounces?|oz|lbs?|pounds?)\b"
)


# Subjects of another trade or pastime.
ELSEWHERE = (
    # not weather as what held a job up ("if weather delays us", "because of bad weather")
    r"\b(?:(?<!if )(?<!if the )(?<!because of )(?<!due to )(?<!bad )weather(?! (?:delays?|"
    r"delayed|permitting|damage|hits?|window|slows?|pushes|pushed)\b)|lasagna|"
    r"recipe for (?!cannabutter|edibles)|football|basketball|nba|nfl|"
    r"who won|essay|homework|(?:best man|wedding) speech|toast|pizza|restaurants?|brakes?|"
    r"grinding noise|check engine|(?:gonna|going to|will it) (?:rain|snow|freeze|frost|hail)|"
    r"sourdough|"
    # a game's result or a bet on it ("who wins the game sunday", "a lock for the pool")
    r"(?:who|which team)(?:'s| is)? (?:gonna |going to |will )?wins?|office pool|"
    r"(?:betting|point) spread|parlay|fantasy (?:football|league|team)|super bowl|playoffs?|"
    r"march madness|world series|"
    r"catalytic converter|p0\d{3}|obd)\b"
)


# Words only a question about the trade uses: its products, places and paperwork.
OF_THE_TRADE = (
    r"\b(?:cannabis|marijuana|weed|thc|cbd|hemp|gumm(?:y|ies)|edibles?|dispensar(?:y|ies)|"
    r"budtenders?|pre-?rolls?|vapes?|carts?|concentrates?|metrc|licen[cs]e[ds]?|coa)\b"
)
