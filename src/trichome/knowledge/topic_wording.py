"""More ways people ask about a topic, beside the triggers in `topics`: shop talk and
roundabout phrasings ("is it 6 plants each?", "per capsule and per bottle limits?", "what
level of offense is 3 oz?"). Each entry is an alternation added to the topic's triggers."""

from __future__ import annotations

from trichome.knowledge.topic_phrases import OWN_CLAIM

_NON_EDIBLE = (
    r"(?:capsules?|softgels?|tinctures?|topicals?|lotions?|balms?|salves?|creams?|"
    r"(?:muscle )?rubs?|transdermals?|patch(?:es)?)"
)

# Concentrates by the names the trade sells them under.
_CONCENTRATE = (
    r"(?:concentrates?|vapes?(?: carts?)?|carts?|cartridges?|wax|shatter|extracts?|resin|rosin|"
    r"dabs?|budder|badder|sauce|crumble|distillate)"
)

MORE_WORDING: dict[str, str] = {
    "local-control": (
        # a tax a city or county adds on top of the state's is its own power, with its own
        # conditions ("the max local marijuana tax", "can the county add its own tax"); the
        # tax itself is left to the tax topic's words, which are not read as inside these
        r"\b(?:local|city|county|municipal|town)\s+(?:(?:option|marijuana|cannabis|sales|"
        r"excise|retail)\s+){0,2}(?=tax(?:es)?\b)|\b(?:cit(?:y|ies)|count(?:y|ies)|towns?|"
        r"municipalit(?:y|ies))\b.{0,30}\b(?:add|impose|levy|charge|tack|put)\w*\b"
        r"(?=.{0,30}\btax(?:es)?\b)"
    ),
    "record-keeping": (
        # "how many years do cultivators need to keep their records?"
        r"\bkeep (?:their|its|his|her|all|these|those|my) records\b|"
        r"\bhow (?:long|many years)\b[^.?!]{0,60}\brecords\b"
    ),
    "advertising": (
        # promotions and signs in shop talk: "an ig raffle, winner gets a free eighth", "a
        # bogo on gummies", "our sign on a free standing pole", "naming a new edible line"
        r"\braffles?\b|\bsweepstakes\b|\bcontests?\b|\bbogos?\b|\bbuy one,? get one\b|"
        r"\b(?:pole|outdoor|roadside|freeway|highway|street|a-frame) signs?\b|"
        r"\bsigns?\b[^.?!]{0,30}\b(?:free[- ]?standing|pole|billboard)\b|"
        r"\b(?:naming|name) (?:a |our |the |this |my )?(?:new )?(?:[\w-]+ ){0,2}"
        r"(?:product|line|brand|sku)\b|"
        # media and placement in shop talk: "a tv spot at 6pm", "a podcast read", "a banner
        # at a festival", "wrap a city bus", "a sign a few blocks from a high school"
        r"\b(?:tv|television|radio|streaming|podcast) (?:spots?|reads?|commercials?)\b|"
        r"\bpodcasts?\b|\bcommercials?\b|\bbanners?\b|\bbus (?:shelters?|benches?|stops?)\b|"
        r"\bwrap (?:a |an |the )?(?:city |transit )?(?:bus|buses|trains?|streetcars?)\b|"
        r"\bsigns?\b[^.?!]{0,40}\b(?:schools?|parks?|playgrounds?|librar(?:y|ies)|daycares?)\b|"
        # deals and names: "20% off everything", "a discount on vapes", "our brand name"
        r"\b\d+ ?% off\b|\bdiscount(?:s|ed|ing)?\b|\bbrand names?\b|"
        # who may be added to a promo list: "our text club", "a newsletter signup", "age gate"
        r"\b(?:mailing|text|email|e-mail|sms|promo) (?:list|club)s?\b|\bnewsletter sign-?ups?\b|"
        r"\bage[- ]?gat(?:e|ed|ing)\b|\btext(?:ing)? (?:list|blasts?)\b|" + OWN_CLAIM
    ),
    "packaging": (
        # what goes with the product: "anything else that has to go in the box or on the
        # bottle", "do we have to include anything in the box besides the bottle?"
        r"\b(?:put|include|go|goes|add|ship)\b[^.?!]{0,25}\b(?:in|inside|into) the (?:box|carton|"
        r"package|bag|tin)\b|\bbesides the (?:bottle|jar|container)\b|"
        # a product's shape is a packaging and design rule: "a gummy shaped like a football",
        # "bear shaped gummies"
        r"\bshaped (?:like|as)\b|\b[a-z]+[- ]shaped\b|\bin the shape of\b|"
        r"\bmou?lded (?:like|as|into)\b"
    ),
    "hemp": (
        # USDA's pre-harvest sampling, asked without the word hemp ("sampler came out oct 1,
        # do we need a new sample under the USDA rule?")
        r"\bsampl(?:er|ing agent)s?\b|\bpre-?harvest (?:thc )?(?:samples?|sampling|tests?)\b|"
        # a crop sampled before its harvest: "we got sampled but rain pushed our harvest"
        r"\b(?:got|were|was|been) sampled\b(?=[^?]{0,80}\bharvest)|"
        r"\busda (?:rules?|plan|licen[cs]\w*|program(?:me)?)\b|"
        # a producer's hot crop and what follows it ("negligent violation, can we be charged?")
        r"\bnegligent violations?\b|\bhot (?:crop|field|hemp)s?\b|\bcorrective action plans?\b"
    ),
    "home-grow": (
        # "how many plants can a regular adult grow", "... can someone with a med card grow"
        r"\bhow many plants (?:can|may|could) (?:an? |the |one |someone )?(?:\w+ ){0,3}?"
        r"(?:adults?|persons?|residents?|patients?|households?|cardholders?|card)\b"
        r"[^.?!]{0,20}\bgrow\b|"
        # "is it 6 plants each?", "how many plants can the house grow", "plant count"
        r"\b(?:\d+|four|six|eight|twelve) plants? (?:each|apiece|per (?:head|person|adult))\b|"
        r"\bhow many plants (?:can|may|could) (?:the|a|my|our|this|each) (?:house|household|home|"
        r"residence|apartment|dwelling|place)\b|\b(?:home|house|household) plant (?:count|limit)|"
        r"\bplant count\b[^.?!]{0,20}\b(?:home|house|personal)|"
        r"\b(?:both|all|each) (?:want to |wanna )?grow\b|\bhow many plants (?:can|may|could) "
        r"(?:s?he|they) (?:legally )?(?:have|grow|keep)\b|"
        # a follow-up on a count: "and 60 plants in virginia?", "what if it's 30 plants",
        # "and growing? how many plants and how many can be flowering"
        r"(?:^\W*(?:and|but|so)|\bwhat if|\bwhat about|\bhow about)\b[^.?!]{0,30}\b\d+ plants\b|"
        r"\bhow many plants\b(?=\s*(?:and\b|[?,]|$))|"
        # plants grown where someone lives: "12 plants going in my basement", "add 6 of his
        # own at our place"
        r"\b\d+ plants? (?:going|growing|in (?:my|our|his|her|their) (?:basement|garage|closet|"
        r"attic|spare room|back ?yard|yard|house|apartment))\b|"
        r"\b(?:add|adding|grow|growing|start|starting)\b[^.?!]{0,30}\bat (?:our|my|his|her|their) "
        r"(?:place|house|home|apartment)\b|"
        # a count of plants and what it costs: "my neighbor has 7 plants going. the penalty?"
        r"\b\d+ plants\b[^?!]{0,60}\b(?:penalt(?:y|ies)|fines?|charged?|offen[cs]es?|crimes?|"
        r"illegal|legal|allowed|in trouble)\b|"
        r"\bgrowing\?|\bhow many (?:can|may) (?:be )?(?:flower|bloom|matur)|"
        # "whats the max plants our household can have", "most plants per adult": a count
        # of plants held to a home or a person; "a little tent grow": a home's own grow
        r"\b(?:max(?:imum)?|most|limit on|cap on)(?: number of| no\.? of)? (?:\w+ )?plants\b"
        r"[^.?!]{0,30}\b(?:households?|house|home|residence|person|adults?|apartment)\b|"
        r"\b(?:start|starting|set up|setting up)\b[^.?!]{0,15}\b(?:tent|closet|personal) grow\b|"
        # several people in one home: "can each of us grow 3 mature?", "how many plants can
        # each of us have going", "total plants allowed?", "how many plants am i allowed"
        r"\b(?:can|may|could) (?:each|both|all|every one) of (?:us|them|you)\b[^.?!]{0,20}"
        r"\b(?:grow|have|keep)\b|\bhow many plants\b[^.?!]{0,40}\b(?:each of|apiece|"
        r"allowed|permitted|legal(?:ly)?)\b|\b(?:total )?plants? (?:allowed|permitted)\b|"
        r"\bgrow(?:ing)? (?:\d+|two|three|four|five|six) (?:mature|immature|flowering)\b|"
        r"\b(?:each|all|both) (?:want to |wanna )?(?:do|have|run) (?:\d+|two|three|four|"
        r"five|six) plants\b"
    ),
    "possession-limits": (
        # the statutes' own names for what an adult may hold: "personal use quantity" (DE),
        # "personal use amount" (MD)
        r"\bpersonal[- ]use (?:quantity|quantities|amounts?)\b|"
        # "mn public limit on flower", "legal amount to have on you", offences by amount held
        r"\bpublic (?:limit|possession|carry)\b|\b(?:limit|amount|how much)\b[^.?!]{0,30}"
        r"\b(?:to have on|to carry|at (?:the )?(?:house|home))\b|"
        r"\b(?:what )?(?:level of|kind of|type of) (?:offen[cs]e|charge|crime)\b|"
        # offences graded by the weight held: "which degree is 1.5 lb?", "prison range for
        # more than one pound in a public place", "max fine for 6 oz on you"
        r"\b(?:which|what) degree\b|\bin a public (?:place|area)\b|"
        r"\b(?:prison|jail|felony|sentence|max(?:imum)? fine)\b[^.?!]{0,60}\b(?:\d+(?:\.\d+)? ?"
        r"(?:oz|ounces?|g|grams?|lbs?|pounds?)|(?:an|one|a) (?:ounce|pound))\b|"
        r"\b(?:\d+(?:\.\d+)? ?(?:oz|ounces?|lbs?|pounds?)|(?:an|one|a) (?:ounce|pound))\b"
        r"[^.?!]{0,60}\b(?:prison|jail|felony|sentence|max(?:imum)? fine)\b|"
        r"\b(?:stopped|caught|pulled over|busted|searched)\b[^.?!]{0,40}\bwith\b[^.?!]{0,20}"
        r"\b\d+(?:\.\d+)? ?(?:oz|ounces?|g|grams?|lbs?|pounds?)\b|\bcarry around\b|"
        # "the at home limit was 10 oz", "how much can they be holding at any one time"
        r"\bat[- ]home (?:limit|cap|amount|possession)\b|"
        r"\b(?:be )?holding\b[^.?!]{0,30}\bat (?:any )?(?:one )?time\b|"
        # "the most flower a customer can walk around with", "walk out with"
        r"\bwalk(?:ing)? (?:around|out|about) with\b|"
        # "can i keep more than the 2 oz at my house?"
        r"\b(?:keep|kept|keeping|store|stash(?:ed)?|hold)\b[^.?!]{0,30}\bat (?:my|our|your|"
        r"his|her|their) (?:house|home|apartment)\b|"
        # an amount taken somewhere: "bringing 2,000 mg of gummies to a party", "driving
        # home with 3 oz", "taking 20 g to the cabin"
        r"\b(?:bring(?:ing)?|taking|(?:driving|travel(?:l?ing)?)\b[^.?!,]{0,25}?\bwith|"
        r"walking around with|heading (?:out|over) with)\b[^.?!]{0,30}\b\d[\d,]*(?:\.\d+)? ?"
        r"(?:mg|milligrams?|oz|ounces?|g|grams?|lbs?|pounds?)\b|"
        # what a person may hold: "visiting montana, how much flower, dabs and edible thc can
        # i have", "how much can i walk around with" (a product's own cap is "can a gummy have")
        r"\bhow much\b[^.?!]{0,60}\b(?:can|may|could) (?:i|we|you|u|a visitor|a tourist|an adult) "
        r"(?:legally )?(?:have|hold|keep|walk around with|be caught with)\b"
        r"(?! (?:in|per) (?:a|an|each|one)\b)|"
        # the weight a person may hold, asked in grams or as "the most": "how many grams of
        # concentrate am i allowed to have at one time", "the most flower an out of state
        # customer can legally have" (a product's own cap is "can a gummy have")
        r"\bhow many (?:grams?|g|ounces?|oz)\b[^.?!]{0,40}\b(?:am i|are we|are you|is (?:a|an|my|"
        r"the) \w+|are (?:they|customers|visitors|tourists))\s+(?:legally )?(?:allowed|permitted) "
        r"to (?:have|hold|carry|possess|keep)\b|"
        r"\bmost\b(?: [\w-]+){0,2}? (?:an?|the|one) (?:[\w-]+ ){0,3}?(?:customer|visitor|tourist|"
        r"person|adult|non-?resident|resident|someone)s? (?:can|may|could) (?:legally )?(?:have|"
        r"hold|carry|possess|keep)\b|"
        # what a visitor may hold: "for non residents whats the limit on concentrate"
        r"\b(?:non[- ]?residents?|out[- ]of[- ]staters?|visitors|tourists)\b[^.?!]{0,30}"
        r"\b(?:limits?|caps?|max(?:imum)?)\b(?! (?:on|for) (?:plants?|purchases?|sales?))|"
        # an amount held without the card or licence the law asks for: "someone has about an
        # ounce but never got the license", "caught with 20 g and no med card"
        r"\b(?:has|have|having|had|with|holding|carrying)\b[^.?!]{0,15}\b(?:an?|one|half an?|"
        r"\d+(?:\.\d+)?) ?(?:oz|ounces?|g|grams?)\b[^.?!]{0,80}\b(?:without|no|never (?:got|had|"
        r"applied for)|(?:doesn'?t|don'?t|does not|do not) have)\b[^.?!]{0,20}\b(?:card|"
        r"licen[cs]e|registration|recommendation)\b|"
        # a visitor's card from home, held where they are: "visiting from another state with
        # their card - is it good in georgia?", "does texas honor my oklahoma card"
        r"\b(?:out[- ]of[- ]state|(?:another|other|home) states?(?:'s?)?)\b[^?]{0,60}\bcards?\b"
        r"[^?]{0,60}\b(?:good|valid|honou?r(?:ed)?|recogni[sz]ed?|accepted|count)\b|"
        r"\bcards?\b[^?]{0,40}\b(?:good|valid|honou?red|recogni[sz]ed|accepted)\b[^?]{0,30}"
        r"\b(?:visit\w*|from (?:another|out of) state|out[- ]of[- ]state)\b"
    ),
    "purchase-limits": (
        # what one buyer may get in a day or a period: "daily flower limit", "the purchase
        # window resets every how many days", "flower ceiling per period", "across 30 days"
        r"\b(?:daily|weekly|monthly) (?:\w+ )?(?:limit|cap|max|allotment|allowance)\b|"
        r"\bper (?:period|month|week|(?:\d+|thirty|ninety)[- ]days?)\b|"
        r"\b(?:purchase|purchasing|buying|dispensing|supply) (?:window|period|cycle)\b|"
        r"\b(?:across|over) (?:a |any )?(?:\d+|thirty|ninety)[- ]days?\b|\bresets? every\b|"
        # a sale's cap named by its figure or asked for a stock-up: "is the 72 oz liquid limit
        # the cap", "customer wants to stock up, whats the cap", and the low-dose drinks some
        # states count apart ("a separate limit for low dose drinks")
        r"\b\d+ ?(?:oz|ounces?) (?:liquid|solid)(?: infused)? (?:limit|rule|cap)\b|"
        r"\b\d+ ?(?:oz|ounces?) rule\b|\bstock(?:ing)? up\b|\bper customer\b|"
        r"\bretail (?:sales? )?limits?\b|"
        r"\blow[- ]dose (?:drinks?|beverages?|sodas?|seltzers?|shots?|cans?)\b|"
        # the most one buyer may take: "whats the most a customer can buy at once"
        r"\bthe most (?:a |an |one )?(?:customers?|patients?|persons?|people|adults?|buyers?|"
        r"someone|i|you|we|they) (?:can|may|could) (?:buy|purchase)\b|"
        r"\b(?:buy|purchase) at (?:once|one time)\b|"
        # an amount a buyer wants, asked at the counter: "guy wants 30g, can we sell him that?"
        r"\bwants? (?:to (?:buy|grab|get) )?\d+(?:\.\d+)? ?(?:g|grams?|oz|ounces?|mg)\b"
        r"[^?]{0,60}\b(?:can|may|could) (?:we|i|you) (?:sell|ring|give)\b|"
        # a patient's next supply before the last runs out: "grab their next 90 days early",
        # "an early refill", "re-up before the 30 days are up"
        r"\b(?:next|another|new) (?:\d+|thirty|sixty|ninety)[- ]?days?\b[^.?!]{0,30}\bearly\b|"
        r"\bearly (?:refill|resupply|re-?up)s?\b|\b(?:refill|resupply|re-?up)\w* (?:\w+ )?early\b"
    ),
    "licensing": (
        # where a licensed store may get its stock, a condition of its licence: "can we buy
        # product straight from a licensed producer or go through the province?"
        r"\b(?:buy|order|purchase|source|get|stock)(?:ing)? (?:\w+ ){0,3}(?:straight |directly |"
        r"direct )?from (?:an? |the )?(?:licensed producers?|lps?|producers?|growers?|"
        r"processors?|wholesalers?|suppliers?)\b|\bsole wholesaler\b|"
        r"\bgo (?:thru|through) (?:the )?(?:province|a wholesaler|a distributor|someone)\b|"
        # a cultivation licence's size: "craft grower canopy size limit?", "max canopy for a
        # tier 2 grow" (licences are tiered and capped by canopy)
        r"\bcanopy (?:size|limits?|caps?|tiers?|allowance|square footage)\b|"
        r"\b(?:max(?:imum)?|how (?:big|much|large)|biggest|largest)\b[^.?!]{0,15}\bcanopy\b"
    ),
    "delivery": (
        # a retailer's run to customers told without the word: "drop off an order over the
        # line", "grab lunch mid-route", "head out before the first order comes in"
        r"\bdrop(?:s|ping)? off (?:an? |the |their |his |her |this |that )?orders?\b|"
        r"\bmid[- ]?route\b|\b(?:before|until|without) (?:the |a |any |an )?(?:first |next )?"
        r"orders? (?:even )?(?:comes? in|arrives?|is placed)\b"
    ),
    "minimum-age": (
        # "whats the actual age at the SQDC?", "you can buy weed at 18": the age asked
        r"\bwhat(?:'?s| is) the (?:actual |real |legal |minimum |current )?(?:buying |purchase |"
        r"purchasing )?age\b|\b(?:buy|purchase|smoke|use)\b[^.?!]{0,20}\bat (?:18|19|21)\b"
        r"(?! ?(?:mg|g|%|percent|plants?|oz|ounces?|grams?))"
    ),
    "food-safety": (
        # a sealed food or drink's acidity, the condition for botulism (not water activity
        # alone: a flower's water activity is a lab-testing limit)
        r"\bhermetically[- ]sealed\b|\bsealed (?:cans?|containers?|pouch(?:es)?)\b|"
        r"\bph\b[^.?!]{0,40}\b(?:threshold|limit|level|rule|above|below|over|under|\d)|"
        r"\blow[- ]acid\b|\bbotulism\b|\bfood[- ]safety\b"
    ),
    "edible-thc-limits": (
        # the cap named before the package: "the cap on one edible package", "max thc for a
        # single gummy pack"
        r"\b(?:cap|limit|max(?:imum)?|most thc)\b[^.?!]{0,15}\b(?:on|for|of|in) (?:one|a|an|each|"
        r"the) (?:single )?(?:edibles?|gumm(?:y|ies)|chocolates?|candy) (?:package|pack|bag|box)\b"
    ),
    "concentrate-thc-limits": (
        # the caps on other products than edibles: "per capsule and per bottle limits?",
        # "is there a cap on how strong a topical can be", "most thc a tincture bottle can have"
        rf"\b{_NON_EDIBLE}\b[^.?!]{{0,40}}\b(?:limits?|caps?|max(?:imum)?|most thc)\b|"
        rf"\b(?:limits?|caps?|max(?:imum)?|most thc|how strong)\b[^.?!]{{0,40}}\b{_NON_EDIBLE}\b|"
        r"\bper (?:capsule|softgel|bottle|tincture)\b|"
        # the potency cap named before the product: "whats the THC cap on vapes", "potency
        # limit for carts"
        r"\b(?:thc|potency)(?: %| percent)? (?:cap|limit|max(?:imum)?|ceiling) (?:on|for) "
        r"(?:\w+ )?(?:concentrates?|vapes?|vape carts?|carts?|cartridges?|wax|shatter|extracts?|"
        r"dabs?|distillates?|rosin|resin)\b|"
        # the most flower one package may hold: "single package flower max weight?",
        # "per-package limit on bud"
        r"\b(?:single|one|each|per[- ]?)[- ]?package\b[^.?!]{0,30}\b(?:flower|bud|usable)\b|"
        r"\b(?:flower|bud|usable cannabis)\b[^.?!]{0,30}\b(?:per|in (?:a|one|each)) "
        r"(?:single )?package\b|"
        # how much one packaged unit may hold: "a 2 gram wax jar as one unit?"
        r"\b(?:as|in|into) (?:one|a single|1) unit\b|"
        # a concentrate's amount in one unit or package: "2 grams of shatter in one package",
        # "can one unit of concentrate weigh 1.5 g", "is a 1g wax unit ok"
        rf"\b{_CONCENTRATE}\b[^.?!]{{0,30}}\b(?:in|into|as|per) (?:one|a single|1|a|each) "
        r"(?:unit|package|pack|container|jar)\b|"
        rf"\b(?:unit|package|pack|jar|container) of (?:live )?{_CONCENTRATE}\b|"
        rf"\b\d+(?:\.\d+)? ?(?:g|grams?|gram) (?:of )?(?:live )?{_CONCENTRATE}"
        r"(?: (?:unit|jar|cart|cartridge|slab|container|package))?\b[^.?!]{0,30}"
        r"\b(?:legal|allowed|ok|okay|permitted|compliant|unit)\b"
    ),
    "label-contents": (
        # what may or must be printed on a pack, asked as a label check or a proposed claim:
        # "edible label review before we send it in, what about onset info", "can we put
        # 'helps with sleep' on our gummy packaging?" (the label rule answers, not the dose
        # cap; the review's span covers the dose words it mentions, so it is what is asked)
        r"(?:\b\w+ )?\blabel review\b[^?!]{0,120}|\bactivation time\b|"
        r"\bcan (?:we|i) (?:put|print|say|write|claim)\b[^?!]{0,80}\bon (?:the |our |my |a )?"
        r"(?:\w+ ){0,3}(?:label|labels|packaging|package|pack|box|jar|wrapper)\b"
    ),
}
