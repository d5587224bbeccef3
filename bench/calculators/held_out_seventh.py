"""The seventh held-out set: written by helper h20set7 without reading the calculators.

Written from issue 20's list of calculations only (not the calculators, their readers, their
tests or the other sets' cases), the way extractors, edible makers, home cooks, growers, hemp
farmers, QA leads, beverage formulators, budtenders, buyers and patients making tinctures type
them: lower case, typos, units glued to numbers, numbers in words, thousands separators, trade
slang (zip, QP, half, eighth, "a G"), numbers buried in stories, and dates, prices, batch ids,
room numbers and light counts that are not inputs.

Conventions: total THC (or CBD) = neutral + 0.877 x acid (`FACTOR`); ND and <LOQ count as 0; a
total asked "as a percent" from mg/g is the mg/g total / 10. A hemp question expects the total
THC in % (the 0.3% verdict is in the wording; the number is what is compared). Decarboxylation
gives acid x 0.877 (x the stated efficiency), and its mass loss is acid x 0.123. A trade ounce or
zip is 28 g, a half 14 g, a QP 112 g, an eighth 3.5 g and "a G" 1 g; a pound is `POUND_G`
(16 ounces, so a price per zip from a pound price is the pound price / 16), real ounces are
`OUNCE_G`, fluid ounces (and "oz" on a bottle) are `FLOZ_ML`. 1 cup = 2 sticks of butter = 16
tbsp = 48 tsp; a dropper is 1 mL. A flower's stated THC % goes into the butter or oil whole
(nothing lost unless the question says so). Dilution is C1V1 = C2V2, and "how much to add" is
the final volume less the stock. Terpene % is of the final blend or of the distillate as each
question says. Blends are weight averages of potency. A loss of L% (or "we keep K%") scales by
(100 - L)% (or K%); dry weight is wet x (100 - moisture loss)%; extraction yield is output /
input in %. Variance is (measured - label) / label in %, signed. Taxes apply to the price, and a
tax "on top of" another applies to the price with the first tax. Counts of carts, pre-rolls and
servings are whole pieces, rounded down. The number expected is the one asked for, in the unit
asked for; when no unit is asked, in the unit the question gave that quantity in.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, FLOZ_ML, OUNCE_G, POUND_G, HeldOut, one

TOTALS: list[HeldOut] = [
    # 0.61 + 24.8 x 0.877 = 0.61 + 21.7496 = 22.3596 %
    one(
        "lab came back on the sour d, thca 24.8 % and d9 .61%. what do i put for total thc",
        0.61 + 24.8 * FACTOR,
    ),
    # 6.2 + 198.4 x 0.877 = 6.2 + 173.9968 = 180.1968 mg/g
    one("COA is all in mg/g - THCa 198.4, Δ9 6.2. total THC in mg/g?", 6.2 + 198.4 * FACTOR),
    # CBD 0.48 + CBDA 11.92 x 0.877 = 0.48 + 10.45384 = 10.93384 % (the THC rows are not asked)
    one(
        "heres the panel from batch 2211-B (pulled 10/14)\nAnalyte | Result (%)\nCBDA | 11.92\n"
        "CBD | 0.48\nTHCA | 0.29\nD9-THC | <LOQ\nCBG | ND\nso whats total cbd",
        0.48 + 11.92 * FACTOR,
    ),
    # 0.05 + 0.33 x 0.877 = 0.05 + 0.28941 = 0.33941 % (hot: over 0.3)
    one(
        "hemp farmer, pre harvest test on field 3 came back .05% d9 thc and 0.33% thca. am i hot? "
        "limit is 0.3",
        0.05 + 0.33 * FACTOR,
    ),
    # ND d9 counts as 0: 0.27 x 0.877 = 0.23679 % (passes)
    one(
        "compliance sample for lot 44: THCA 0.27%, delta-9 ND. does it pass the 0.3% total "
        "thc rule",
        0.27 * FACTOR,
    ),
    # (4.1 + 231 x 0.877) / 10 = (4.1 + 202.587) / 10 = 20.6687 %
    one(
        "thca 231 mg/g, d9thc 4.1mg/g - whats that as a total thc percent",
        (4.1 + 231 * FACTOR) / 10,
    ),
    # 1.5 + 12 x 0.877 = 1.5 + 10.524 = 12.024 %
    one(
        "cbda is twelve percent and cbd 1.5, total cbd for the hemp flower label?",
        1.5 + 12 * FACTOR,
    ),
    # <LOQ d9 = 0: 21.37 x 0.877 = 18.74149 %
    one(
        "Analyte\tLOQ\t%\tmg/g\nTHCa\t0.05\t21.37\t213.7\nΔ9-THC\t0.05\t<LOQ\t<LOQ\nCBDa\t0.05\tND\tND\n"
        "CBGa\t0.05\t0.88\t8.8\n^ that's the coa for our runtz, total thc %?",
        21.37 * FACTOR,
    ),
    # 1 g = 1000 mg x 88.5% = 885 mg
    one("customer asking how many mg of thc in a 1g cart that tested 88.5%", 885),
    # 3.5 g = 3500 mg x 0.31 = 1085 mg (the $45 is not an input)
    one("an eighth of 31% flower, $45 at the counter — how many mg thc is in the bag", 3500 * 0.31),
]

DECARB: list[HeldOut] = [
    # 500 x 0.877 = 438.5 mg
    one("if i decarb 500mg of thca how much thc do i get, in theory", 500 * FACTOR),
    # 2 kg = 2000 g x (1 - 0.877) = 2000 x 0.123 = 246 g lost
    one(
        "decarbing two kilos of thca isolate, whats the mass loss in grams from the co2 coming off",
        246,
    ),
    # 40 x 0.877 = 35.08; x 0.85 = 29.818 g
    one(
        "decarb 40 g THCa at eighty five percent efficiency, how many grams THC do I get",
        40 * FACTOR * 0.85,
    ),
]

DILUTION: list[HeldOut] = [
    # V1 = 250 x 4 / 100 = 10 mL
    one(
        "beverage line: got a 100 mg/ml nano stock, need 250 ml at 4 mg/ml for the pilot. how "
        "much stock",
        10,
    ),
    # V1 = 2000 mL x 0.5 / 30 = 33.3333 mL
    one(
        "C1V1=C2V2 — 30mg/mL concentrate, want 2 L at 0.5 mg/mL, how much concentrate",
        2000 * 0.5 / 30,
    ),
    # V2 = 100 x 60 / 25 = 240 mL final; add 240 - 100 = 140 mL MCT
    one(
        "tincture base is 60 mg/ml, how many ml of mct do i add to 100ml of it to bring it down to "
        "25 mg/ml",
        140,
    ),
    # mass: 500 g x 10 / 80 = 62.5 g of the 80%
    one(
        "need 500 g of 10% oil, starting from 80% distillate. how many grams of the distillate",
        62.5,
    ),
]

TERPENES: list[HeldOut] = [
    # 500 g x 8% of the final blend = 40 g
    one("want 8% terps in the final blend, making 500g total. how many grams terps", 40),
    # 5% of the distillate weight: 300 x 0.05 = 15 g
    one("adding terpenes at 5% of the distillate weight, I got 300 g disty, how much terp", 15),
    # t / (450 + t) = 0.07 -> t = 0.07 x 450 / 0.93 = 31.5 / 0.93 = 33.8710 g
    one(
        "i have 450g of distillate and i want the finished oil to be 7% terpenes. how much terpene "
        "do i add",
        0.07 * 450 / 0.93,
    ),
]

BLENDS: list[HeldOut] = [
    # 92x + 78(1000 - x) = 88 x 1000 -> 14x = 10000 -> x = 714.2857 g = 0.7142857 kg of the 92
    # (no unit asked: the answer is in the kilograms the total was given in)
    one(
        "blending 92% disty with 78% disty to hit 88%, need 1 kg total. how much of the 92 do "
        "i use",
        10 / 14,
    ),
    # 600 x 94 + 70y = 90(600 + y) -> 56400 + 70y = 54000 + 90y -> 2400 = 20y -> y = 120 g
    one(
        "I've got 600 g at 94% and want to cut it with some of our 70% to land at 90, how many "
        "grams of the 70 do i add",
        120,
    ),
    # (200 x 81 + 300 x 89) / 500 = (16200 + 26700) / 500 = 42900 / 500 = 85.8 %
    one("mixing 200g of 81% with 300g of 89% - what's the blend potency", 85.8),
]

INFUSION: list[HeldOut] = [
    # 7 g x 18% = 1260 mg in 1 cup = 16 tbsp -> 78.75 mg/tbsp
    one(
        "made cannabutter w/ 7 grams of 18% flower in 1 cup butter. mg thc per tablespoon?",
        1260 / 16,
    ),
    # 3.5 g x 22% = 770 mg; 2 sticks = 1 cup = 48 tsp -> 16.0417 mg/tsp
    one(
        "infused 2 sticks of butter with 3.5g of 22% bud last night, how much thc per teaspoon",
        770 / 48,
    ),
    # an eighth = 3.5 g x 20% = 700 mg; half a cup = 24 tsp -> 29.1667 mg/tsp
    one("coconut oil, half a cup, with an eighth of 20% bud in it. mg per tsp??", 700 / 24),
    # 1/4 of 1000 mg = 250 mg over 24 brownies = 10.4167 mg each
    one(
        "my oil is 1 cup with 1000mg total in it. the recipe uses 1/4 cup and makes 24 brownies. "
        "mg per brownie",
        250 / 24,
    ),
    # 5 mg/tsp x 48 tsp = 240 mg; 240 / 0.15 = 1600 mg = 1.6 g of flower
    one(
        "i want about 5mg per teaspoon in a cup of butter, how many grams of 15% flower do i need",
        1.6,
    ),
    # 1 tbsp of 1200 mg / 16 tbsp = 75 mg
    one("grandma's recipe: 1 cup olive oil, 1200 mg thc in it. how much is in one tablespoon", 75),
]

EDIBLES: list[HeldOut] = [
    # 1 g x 90% = 900 mg / 40 = 22.5 mg per gummy
    one("made 40 gummies with 1 g of 90% distillate, mg per gummy?", 22.5),
    # 20 x 5 = 100 mg per package (at the 100 mg cap)
    one("package is 20 pieces at 5mg each, our state caps a package at 100mg, are we under", 100),
    # 16 x 12.5 = 200 mg per bar (over the 100 mg cap)
    one(
        "each chocolate bar is 16 squares at 12.5 mg. state cap is 100mg per package — does it fit",
        200,
    ),
    # 2.4 g x 87% = 2088 mg / 300 = 6.96 mg each; x 10 = 69.6 mg per pack
    one(
        "batch #0912: 2.4 g of 87% disty into 300 gummies, packed 10 to a bag. our caps are 10 mg "
        "a serving and 100 a pack. what's mg per pack",
        69.6,
    ),
    # 100 / 5 = 20 servings
    one("a 100mg bar with 5 mg servings, how many servings is that", 20),
]

BATCHES: list[HeldOut] = [
    # 1500 x 10 = 15000 mg / 0.85 / 0.90 = 19607.8 mg = 19.6078 g
    one(
        "need 1,500 gummies at 10mg with 85% disty, we expect 10% loss. grams of disty?",
        1500 * 10 / 0.85 / 0.90 / 1000,
    ),
    # 500 x 2.5 = 1250 mg / 0.95 = 1315.79 mg = 1.31579 g
    one(
        "want to make five hundred 2.5mg mints, disty is 95%, how many grams",
        500 * 2.5 / 0.95 / 1000,
    ),
    # 1.8 g x 450 / 60 = 13.5 g
    one(
        "recipe for 60 gummies uses 1.8 g of distillate; scaling up to 450 gummies, how much disty",
        13.5,
    ),
    # "only 88% ends up in the product": 1000 x 10 / 0.90 / 0.88 = 12626.3 mg = 12.6263 g
    one(
        "making 1000 gummies at 10 mg, distillate is 90%, only about 88% of it actually ends up in "
        "the product. grams of distillate?",
        1000 * 10 / 0.90 / 0.88 / 1000,
    ),
    # 800 x 5 = 4000 mg / 0.82 = 4878.05 mg, with 5% loss / 0.95 = 5134.79 mg = 5.13479 g
    one(
        "room 2 kitchen is doing 800 drinks at 5 mg each off an 82% emulsion base, figure 5% "
        "sticks to the tank. grams of base",
        800 * 5 / 0.82 / 0.95 / 1000,
    ),
]

GROW_AND_LAB: list[HeldOut] = [
    # 10 lb = 4535.9237 g; 412 / 4535.9237 x 100 = 9.0830 %
    one("ran 10 lbs of trim and got 412 g of crude outta it. yield %?", 412 / (10 * POUND_G) * 100),
    # 146 / 2000 x 100 = 7.3 %
    one("put in 2,000 g biomass, pulled 146g shatter, whats my return in percent", 7.3),
    # 5.6 / 28 x 100 = 20 %
    one("rosin press: a zip of flower gave me 5.6g rosin. yield?", 20),
    # 120 x (1 - 0.75) = 30 lb
    one("harvested 120 lbs wet, figure 75% moisture loss, how much dry in lbs", 30),
    # 3400 x 0.22 = 748 g
    one("wet weight 3,400 g off room 6, it lost 78% by the time it was dry. dry weight?", 748),
    # 52 lb x 453.59237 = 23586.80 g / (40 x 1000 W) = 0.58967 g/W
    one(
        "flipped 40 lights at 1000w each and pulled 52 lbs dry. grams per watt?",
        52 * POUND_G / 40000,
    ),
    # 90 lb x 453.59237 = 40823.31 g / 1200 = 34.0194 g/sq ft
    one("1,200 sq ft of canopy gave us 90 lb dry, what's that in g per sqft", 90 * POUND_G / 1200),
    # (8.7 - 10) / 10 x 100 = -13 %
    one("label says 10mg per gummy, lab got 8.7. whats the variance", -13),
    # (27.2 - 25) / 25 x 100 = 8.8 %
    one("label claim 25% thc, coa came back 27.2%, how far off are we in percent", 8.8),
]

MONEY_AND_UNITS: list[HeldOut] = [
    # 1800 / 453.59237 = 3.96832 $/g
    one("paying $1,800 a pound, whats that per gram", 1800 / POUND_G),
    # 2400 / 16 = 150 $ per zip
    one("guy wants 2400/lb, whats that per zip", 150),
    # QP = 112 g: 650 / 112 = 5.80357 $/g (the 40 lights are not an input)
    one("he runs 40 lights and wants $650 for a QP, whats that per gram", 650 / 112),
    # 35 / 3.5 = 10 $/g
    one("eighth is 35 bucks, how much per g", 10),
    # 120 / 14 = 8.57143 $/g
    one("half oz for $120, price per gram?", 120 / 14),
    # 40 x 1.15 = 46; x 1.0625 = 48.875 $
    one(
        "price is $40 before tax, 15% excise and then 6.25% sales tax on top of that. what's the "
        "total at the register",
        40 * 1.15 * 1.0625,
    ),
    # 60 x 1.20 = 72 $
    one("pre-tax $60, 20% tax, what's out the door", 72),
    # 2.5 x 453.59237 = 1133.98 g
    one("how many grams in 2.5 lbs", 2.5 * POUND_G),
    # QP 112 / 3.5 = 32 eighths
    one("how many eighths in a QP", 32),
    # 1000 / 28.349523125 = 35.274 real ounces
    one("how many oz in a kilo? real ounces not the 28 thing", 1000 / OUNCE_G),
    # 1.5 x 29.5735 = 44.3603 mL
    one("formulating a 1.5 fl oz shot, how many ml is that", 1.5 * FLOZ_ML),
    # 1000 mg / 30 mL = 33.3333 mg per 1 mL dropper
    one("put 1000 mg of thc into a 30 ml bottle, how much per dropper (1ml)", 1000 / 30),
    # 600 / 29.5735 = 20.2884 mg/mL
    one("tincture for my mom, 1 oz bottle w/ 600mg cbd, how much per ml", 600 / FLOZ_ML),
]

FILLS: list[HeldOut] = [
    # 250 / 0.5 = 500 carts
    one("how many half gram carts can i fill from 250 g of oil", 500),
    # 1000 x 0.97 = 970 g / 0.5 = 1940 carts
    one(
        "filling .5g carts from 1 kg of oil, we lose about 3% in the machine, how many carts", 1940
    ),
    # 453.59237 / 0.7 = 647.99 -> 647 pre-rolls
    one("how many .7 g prerolls from a pound", 647),
    # 5 lb = 2267.96 g x 0.95 = 2154.56 -> 2154 pre-rolls
    one("rolling a G each from 5 lbs of shake, figure 5% lost grinding. how many prerolls", 2154),
]

ANSWERABLE: list[HeldOut] = [
    *TOTALS,
    *DECARB,
    *DILUTION,
    *TERPENES,
    *BLENDS,
    *INFUSION,
    *EDIBLES,
    *BATCHES,
    *GROW_AND_LAB,
    *MONEY_AND_UNITS,
    *FILLS,
]

FOLLOW_UPS: list[HeldOut] = [
    # 1000 x 10 = 10000 mg / 0.88 = 11363.6 mg = 11.3636 g
    HeldOut(
        ("how much 88% disty for 600 gummies at 10 mg each", "ok now do it for 1,000 gummies"),
        1000 * 10 / 0.88 / 1000,
    ),
    # V1 = 3000 x 2 / 50 = 120 mL
    HeldOut(
        (
            "need 1 liter of 2 mg/ml from a 50 mg/ml stock, how much stock",
            "ok now do it for 3 liters",
        ),
        120,
    ),
    # 0.9 + 23.1 x 0.877 = 0.9 + 20.2587 = 21.1587 %
    HeldOut(
        ("total thc? thca 21.4%, d9 0.9%", "what if the thca was 23.1 instead"), 0.9 + 23.1 * FACTOR
    ),
    # 7 g x 20% = 1400 mg / 48 tsp = 29.1667 mg/tsp
    HeldOut(("cup of butter with 7g of 20% flower, mg per tbsp", "and per teaspoon?"), 1400 / 48),
    # 1900 / 453.59237 = 4.18878 $/g
    HeldOut(("paying 2200 a pound, whats per gram", "what if he drops it to 1900"), 1900 / POUND_G),
    # 80 x 0.22 = 17.6 lb
    HeldOut(("dry weight from 80 lbs wet at 75% loss", "actually it lost more like 78%"), 17.6),
    # 10 x 0.877 x 0.95 = 8.3315 g
    HeldOut(
        ("decarbing 10 g thca at 90% efficiency, thc grams?", "and at 95%?"), 10 * FACTOR * 0.95
    ),
]

MISSING: list[HeldOut] = [
    # no dose per gummy, no potency
    one("how much distillate do i need for a batch of 800 gummies", None),
    # no THCA row
    one("whats the total thc? the d9 came back 0.7%", None),
    # no THC amount or flower potency
    one("made cannabutter with 1 cup of butter, how strong is each tablespoon", None),
    # no amount of oil
    one("how many carts can I fill from my oil, doing half gram carts", None),
    # no target potency
    one("i wanna cut my 92% down with mct, how much mct for 100g of it", None),
    # no input biomass
    one("whats my extraction yield? pulled 300 g of crude from the last run", None),
    # a potency over 100% is impossible
    one("disty tests at 112%, how much for 100 gummies at 10mg", None),
]
