"""The held-out phrasings: shop talk, typos and stories, never used by the tests.

Each expected result is worked out here by hand-simple arithmetic, separately from the
calculators. A case is a conversation (its user turns) and either the number the last turn
should get, or None when an input is missing and the answer must be a question.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

OUNCE_G = 28.349523125
POUND_G = 453.59237
CUP_ML = 236.5882365
FACTOR = 0.877
FLOZ_ML = 29.5735295625


def svp(celsius: float) -> float:
    """Saturation vapour pressure in kPa (Tetens, as FAO-56 chapter 3 eq. 11 writes it)."""
    return 0.6108 * math.exp(17.27 * celsius / (celsius + 237.3))


@dataclass(frozen=True)
class HeldOut:
    turns: tuple[str, ...]
    expected: float | None  # None: an input is missing, the answer must ask for it
    detail: str | None = None  # compare this detail of the result instead of its value


def one(text: str, expected: float | None, detail: str | None = None) -> HeldOut:
    return HeldOut((text,), expected, detail)


ANSWERABLE: list[HeldOut] = [
    one("Flower lab report back: THCa 27.1%, d9 0.84%. whats my total?", 0.84 + 27.1 * FACTOR),
    one("got the COA on our Gelato - 22.6 THCA, 0.7% delta 9. total thc pls", 0.7 + 22.6 * FACTOR),
    one(
        "Our hemp field tested 0.09% delta-9 and 0.31% THCA. Are we still hemp under the farm bill?",
        0.09 + 0.31 * FACTOR,
    ),
    one(
        "Quick one - batch came in at 19.8% THC-A and 1.1% Δ9-THC, what's the total THC for the label?",
        1.1 + 19.8 * FACTOR,
    ),
    one("CBDa 14.2%, CBD 0.6% on the hemp COA. Total CBD?", 0.6 + 14.2 * FACTOR),
    one(
        "pasting my coa\nCompound   LOD   LOQ   %   mg/g\nTHCA   0.02   0.05   23.40   234.0\n"
        "D9-THC   0.02   0.05   0.55   5.5\nCBG   0.02   0.05   0.90   9.0\nwhat total thc do I put on the label",
        0.55 + 23.40 * FACTOR,
    ),
    one("ok so the lab says 212 mg/g THCA and 8 mg/g d9, whats total thc", 8 + 212 * FACTOR),
    one(
        "We've got 1,000 mg of THCA isolate. If we decarb it all, what's the theoretical THC?", 877
    ),
    one(
        "decarbing 25 grams of THCa crystals, figure ~92% conversion. how much thc will i end up with",
        25000 * FACTOR * 0.92,
        "thc_mg",  # the answer is in grams, as asked; its mg are a detail
    ),
    one(
        "thca diamonds 3.5g - how much actual thc after decarb, in theory?", 3500 * FACTOR, "thc_mg"
    ),
    one(
        "Making 300 gummies at 10mg a piece. Disty is 89.3%. How much disty do I weigh out?",
        300 * 10 / 0.893 / 1000,
    ),
    one(
        "need to dose 1,200 chocolates @ 5 mg each w/ 91% distillate. grams needed?",
        1200 * 5 / 0.91 / 1000,
    ),
    one("how much 87% distilate for 250 gummys at 20mg each", 250 * 20 / 0.87 / 1000),
    one(
        "We're doing a run of 2k mints at 2.5 mg each. Our distillate is 93 percent and we usually "
        "lose about 8% in the kettle - how much distillate should I add?",
        2000 * 2.5 / 0.92 / 0.93 / 1000,
    ),
    one(
        "Boss wants 480 cookies at 10 mg per cookie and the oil we have tests at 78%, how many grams of oil",
        480 * 10 / 0.78 / 1000,
    ),
    one(
        "I mixed 4 grams of 85% distillate into a tray of 160 gummies, what's each one dose?",
        4000 * 0.85 / 160,
    ),
    one("if i put 2 g of 90% disty in 60 brownies whats the mg per brownie", 2000 * 0.9 / 60),
    one("1.5g of 80% oil across 30 capsules - mg per cap?", 1500 * 0.8 / 30),
    one("How many mg of THC in a half gram cart at 88%?", 500 * 0.88),
    one("customer asked how many milligrams are in an eighth of 24% flower", 3500 * 0.24),
    one("how much thc in mg is in 1 gram of 72% live resin", 720),
    one("We sell a 100mg bag of gummies, 10 mg per piece. How many servings in the bag?", 10),
    one("our 200 mg package has 5 mg servings, how many servings is that", 40),
    one(
        "Grandma's recipe: I steep 7 grams of 20% bud in 1 cup butter. How much THC in a tablespoon?",
        7000 * 0.20 / 16,
    ),
    one(
        "making cannabutter with 14 g of 18% flower in 2 cups of butter, mg per teaspoon?",
        14000 * 0.18 / (2 * 48),
    ),
    one(
        "coconut oil infusion: 10 g flower at 22%, half a cup of oil. mg per tbsp?",
        10000 * 0.22 / 8,
    ),
    one("30ml tincture bottle with 600mg THC - how much per dropper?", 600 / 30),
    one("1500 mg in a 60 mL tincture, what's the mg per ml", 1500 / 60),
    one("tincture has 750mg in 30ml, what is that per mL", 750 / 30),
    one(
        "We have a 50 mg/mL stock. Need 30 mL at 10 mg/mL for the beverage run, how much stock?", 6
    ),
    one(
        "need 500 ml at 2 mg/ml, starting from a 20 mg/ml nano emulsion stock. how much stock do i use?",
        50,
    ),
    one(
        "Got 100 grams of 92% disty I need to cut down to 75% for carts - how much cutting agent?",
        100 * 92 / 75 - 100,
    ),
    one("thin 50 g of 88% distillate down to 70%, how much MCT do I add", 50 * 88 / 70 - 50),
    one(
        "Blending 300 g of 91% with 200 g of 64% distillate. What potency do I end up with?",
        (300 * 91 + 200 * 64) / 500,
    ),
    one(
        "if we mix 1 kg at 85% with 500 g at 60% what's the final potency",
        (1000 * 85 + 500 * 60) / 1500,
    ),
    one(
        "I've got 93% and 71% distillate and want 1,000 g at 85% - how much of the 93% goes in?",
        1000 * (85 - 71) / (93 - 71),
    ),
    one(
        "add terps at 6% of the final blend to 200 grams of distillate - how much terpene?",
        200 * 6 / 94,
    ),
    one(
        "how many grams of terps for 50g disty if we want 10% terpenes in the total mix",
        50 * 10 / 90,
    ),
    one(
        "Our SOP says terpenes at 4% of the distillate weight. How much terpene for 500 g of distillate?",
        20,
    ),
    one("what's an ounce in grams", OUNCE_G),
    one("how many grams is 2 pounds", 2 * POUND_G),
    one("convert 14 g to oz", 14 / OUNCE_G),
    one("how many eighths in a zip", 8),
    one(
        "Our last room gave us 42 lbs dry off 1,400 sq ft. What's that in grams per square foot?",
        42 * POUND_G / 1400,
    ),
    one("we pulled 9,000 g dry under 12,000 watts of LED. what's our gpw?", 9000 / 12000),
    one("harvest was 20 lbs dry under 20,000 W, grams per watt?", 20 * POUND_G / 20000),
    one(
        "Chopped 120 lbs wet this morning. If we lose 78% of the weight drying, what'll we have dry?",
        120 * 0.22,
    ),
    one("wet weight 60 lb, moisture loss around 75%, dry weight?", 15),
    one("Wholesale quote came in at $1,400/lb. What's that per gram?", 1400 / POUND_G),
    one("if a zip is $180 whats the price per gram", 180 / 28),
    one("we pay 2200 dollars a pound, cost per gram?", 2200 / POUND_G),
    one(
        "Label claims 10 mg THC per gummy and the state allows +/- 15%. What window does the lab result need to hit?",
        8.5,
        "low",
    ),
    one("100mg label claim, 10% tolerance either way - whats the acceptable range", 90, "low"),
    one(
        "2 pounds of butter infused with 28 g of 20% flower, mg per tablespoon?",
        28000 * 0.2 / (4 * CUP_ML) * (CUP_ML / 16),
    ),
    one(
        "we decarb 10 g of THCA at 90% efficiency and pour it into 400 gummies - how many mg each?",
        10000 * FACTOR * 0.9 / 400,
    ),
    one(
        "COA shows 21% THCA and 0.9% delta-9. How many mg THC in a 3.5 g eighth?",
        3500 * (0.9 + 21 * FACTOR) / 100,
    ),
    one(
        "How much 88% distillate would I need to make 100 gummies at 10mg?", 100 * 10 / 0.88 / 1000
    ),
    one("what percent is 3 g of terps in 60 g of distillate blend", 5),
    one(
        "scale this recipe from 100 to 250 gummies: 500 g sugar, 30 g gelatin, 2.4 g distillate",
        2.5,
    ),
    one("how many mg of THC in a 1g preroll at 27%", 270),
    # Added for issue 20's second round: lab bases, label checks, tincture design, terpene
    # cuts, grow-room climate and light, answers in the user's unit.
    one("whats 18% thc in mg/g", 180),
    one("lab sheet says 215 mg/g thca, what is that as a percent", 21.5),
    one("0.8% cbd is how many mg per gram", 8),
    one("30% thca flower, how many mg/g of thca is that", 300),
    one("convert 230 mg/g to %", 23),
    one("how many 5mg doses in a 100mg chocolate", 20),
    one("how many 2.5 mg servings are in a 50mg tin", 20),
    one(
        "got 200 g of 92% disty, want it at 80% for carts using terps, how much terpenes",
        200 * 92 / 80 - 200,
    ),
    one(
        "cutting 50g of 90% distillate down to 82% with terps, how many grams of terp",
        50 * 90 / 82 - 50,
    ),
    one(
        "making a 30ml tincture at 20 mg/ml, how much 90% distillate do I need",
        30 * 20 / 0.90 / 1000,
    ),
    one("want a 1 oz (30ml) bottle at 33 mg/ml, how much 85% distillate", 30 * 33 / 0.85 / 1000),
    one("how many mg of thc do i need for a 60 ml tincture at 25 mg/ml", 60 * 25),
    one("we have a 2oz tincture bottle at 10 mg/ml, total thc in it?", 2 * FLOZ_ML * 10),
    one(
        "label says 5 mg per gummy, lab result came back 5.6 mg average. how far off are we",
        (5.6 - 5) / 5 * 100,  # signed variance: 12% over, what potency rules judge
    ),
    one(
        "each cookie should have 10mg per the label, lab tested them at 8.7 mg, +/- 10% allowed. pass?",
        87,
    ),
    one("potency 18.5% thca as received, moisture 11%. dry weight basis?", 18.5 / 0.89),
    one(
        "coa reports 24% thc on a dry weight basis with 12% moisture, whats it as received",
        24 * 0.88,
    ),
    one("room is 80F with 55% humidity, what's the vpd", svp((80 - 32) * 5 / 9) * 0.45),
    one("VPD check: 24 c, rh 65%", svp(24) * 0.35),
    one("temp 28C, RH 55%, leaf temp 26C. leaf vpd?", svp(26) - svp(28) * 0.55),
    one("lights at 1000 ppfd for 12 hours, whats my dli", 1000 * 12 * 3600 / 1e6),
    one("ppfd 450 on 18/6, dli?", 450 * 18 * 3600 / 1e6),
    one("what ppfd do i need to hit a 40 dli at 12 hrs", 40e6 / (12 * 3600)),
    one("decarb 5 g of thca at 85% efficiency, how much thc", 5 * FACTOR * 0.85),
    one("how much thc from 2 kg of thca isolate if i decarb it", 2 * FACTOR),
    one("decarb 500 mg thca, theoretical thc?", 500 * FACTOR),
    one("blend 400 g of 88% with 100 g of 70%, final potency?", (400 * 88 + 100 * 70) / 500),
]

FOLLOW_UPS: list[HeldOut] = [
    HeldOut(
        ("how much 85% distillate for 200 gummies at 10 mg?", "what if it tests at 92%?"),
        200 * 10 / 0.92 / 1000,
    ),
    HeldOut(
        (
            "Making 300 gummies at 10mg a piece with 89% distillate, how much do I weigh out?",
            "ok and if we go to 500 gummies?",
        ),
        500 * 10 / 0.89 / 1000,
    ),
    HeldOut(
        ("COA says THCA 24% and d9 0.5%, total THC?", "what if the THCA comes back 26%?"),
        0.5 + 26 * FACTOR,
    ),
    HeldOut(
        ("how much distillate do I need for 150 gummies at 10 mg", "it tests at 90%"),
        150 * 10 / 0.9 / 1000,
    ),
    HeldOut(
        ("4 g of 85% distillate into 160 gummies, dose each?", "what about with 5% loss"),
        4000 * 0.85 * 0.95 / 160,
    ),
    HeldOut(("We have a 50 mg/mL stock, need 30 mL at 10 mg/mL", "and at 5 mg/mL?"), 3),
    HeldOut(
        (
            "hemp coa: CBDa 10%, CBD 0.4%, total cbd?",
            "and if we extract 200 kg at 85% efficiency, how many kg of cbd",
        ),
        (0.4 + 10 * FACTOR) * 200 / 100 * 0.85,
    ),
    HeldOut(("flower room at 25C and 60% rh, vpd?", "what if rh goes to 50%"), svp(25) * 0.5),
    HeldOut(("600 ppfd 18 hrs on, dli?", "what about 12 hours"), 600 * 12 * 3600 / 1e6),
    HeldOut(("25% thc is how many mg per gram", "and 31%?"), 310),
]

MISSING: list[HeldOut] = [
    one("how much distillate do i need for 400 gummies at 10mg each", None),
    one("i put 3 grams of disty into 90 gummies, whats the dose per gummy", None),
    one("how many mg of THC are in a 1g cart?", None),
    one("how much THC do we get from decarbing our THCA at 90% efficiency?", None),
    one("we infused 14 g of flower into 2 cups of butter, how much THC per tablespoon", None),
    one("I need to cut 100 g of distillate down to 70%, how much carrier do I add?", None),
    one("tincture is 30 ml, how many mg per dropper", None),
    one("harvest was 40 lbs dry, what's our grams per watt", None),
    one("label says 10 mg, what variance window passes?", None),
    one("how many servings in a 100 mg bag?", None),
    one("100 lbs wet, what will it dry down to?", None),
    one("how much terpene should i add to 200g of distillate", None),
    one("mixing 91% and 64% distillate, what potency do I end up with?", None),
    one("making 250 cookies with 88% distillate, how much distillate?", None),
    one("whats my vpd at 60% rh", None),
    one("room is 27C, what's the vpd", None),
    one("what's my dli at 800 ppfd", None),
    one("want a 30 ml tincture, how much distillate", None),
    one("lab says 20% thc as received, dry weight?", None),
    one("cutting 100 g of 95% disty with terps, how much terpene to add", None),
]
