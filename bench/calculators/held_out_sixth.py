"""The sixth held-out set: written by helper h20set6 without reading the calculators.

Written from issue 20's list of calculations only (not the calculators, their readers, their
tests or the other sets' cases), as extractors, edible makers, home cooks, growers, hemp
farmers, QA managers, beverage formulators, cart fillers, budtenders and buyers type them:
lower case, typos, units glued to numbers, numbers in words, thousands separators, trade slang,
stories with dates, prices and batch ids that are not inputs, and COA tables pasted as text.
Each expected value is worked out by hand in the comment beside it.

Conventions: total THC (or CBD) = neutral + 0.877 x acid (`FACTOR`); ND and <LOQ count as 0,
while a row that is absent is an input to ask for; a hemp question expects the total THC in %
(the verdict against 0.3% is in the wording, the number is what is compared). A trade ounce or
zip is 28 g, a half 14 g, a QP 112 g and an eighth 3.5 g; "real ounces" are `OUNCE_G`; a pound
is `POUND_G` and 16 ounces, so a price per ounce from a pound price is the pound price / 16.
Fluid ounces (and "oz" on a bottle) are `FLOZ_ML`; 1 cup = 16 tbsp = 48 tsp; a dropper is 1 mL.
A flower's % is taken as its THC with nothing lost in the infusion unless the question states a
loss; a loss of L% leaves (100 - L)%; a decarb efficiency E scales 0.877. Terpene % is of the
final blend or of the distillate as each question says. A moisture loss of M% leaves (100 - M)%
of the wet weight; extraction yield is output / input in %. A potency variance is (measured -
label) / label in %, signed. Tax rates apply to the price, and a sales tax "on top of" an excise
applies to the price with the excise. Counts of gummies, carts and pre-rolls are whole pieces,
rounded down. The number a case expects is the one asked for, in the unit asked for.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, FLOZ_ML, OUNCE_G, POUND_G, HeldOut, one

TOTAL_THC: list[HeldOut] = [
    # 0.52 + 26.3 x 0.877 = 0.52 + 23.0651 = 23.5851 %
    one("coa says thca 26.3 percent, d9 .52. total?", 0.52 + 26.3 * FACTOR),
    # mg/g: 6.2 + 231.4 x 0.877 = 6.2 + 202.9378 = 209.1378 mg/g = 20.91378 %
    one(
        "lab results for batch GG4-1107 (tested 11/02/2026): THCa 231.4 mg/g, Δ9 6.2 mg/g. "
        "whats total thc in percent?",
        (6.2 + 231.4 * FACTOR) / 10,
    ),
    # 0.12 + 0.25 x 0.877 = 0.12 + 0.21925 = 0.33925 % (over 0.3)
    one(
        "hemp farmer here, pre-harvest test came back delta 9 0.12% and thca 0.25%. am i "
        "under 0.3?",
        0.12 + 0.25 * FACTOR,
    ),
    # pasted table, ND/<LOQ rows ignored: 0.73 + 21.88 x 0.877 = 0.73 + 19.18876 = 19.91876 %
    one(
        "heres the potency panel the lab sent\n"
        "Analyte | Result (%) | Result (mg/g)\n"
        "THCa | 21.88 | 218.8\n"
        "Δ9-THC | 0.73 | 7.3\n"
        "CBDa | ND | ND\n"
        "CBD | <LOQ | <LOQ\n"
        "CBG | 0.44 | 4.4\n"
        "CBN | ND | ND\n"
        "what do i put for total thc on the label",
        0.73 + 21.88 * FACTOR,
    ),
    # 0.9 + 11.6 x 0.877 = 0.9 + 10.1732 = 11.0732 %
    one(
        "our t1 hemp coa: CBDA 11.6%, CBD 0.9%, THCA 0.28%, d9 ND. whats total cbd",
        0.9 + 11.6 * FACTOR,
    ),
    # ND = 0: 0.31 x 0.877 = 0.27187 % (passes)
    one(
        "compliance sample off the back 40 acres: THCA 0.31%, delta-9 ND. does it pass the 0.3% "
        "total thc rule?",
        0.31 * FACTOR,
    ),
    # 1.04 + 30.2 x 0.877 = 1.04 + 26.4854 = 27.5254 %
    one("THC-A 30.2%, D9-THC 1.04% on the diamonds n sauce coa — total THC?", 1.04 + 30.2 * FACTOR),
    # 11 + 184 x 0.877 = 11 + 161.368 = 172.368 mg/g
    one("lab sent it in mg/g: THCA 184, delta-9 THC 11. total thc mg/g?", 11 + 184 * FACTOR),
    # 1 + 22 x 0.877 = 1 + 19.294 = 20.294 %
    one("thca came in at twenty two percent and d9 at one percent, total thc?", 1 + 22 * FACTOR),
    # 0.6 + 24.1 x 0.877 = 0.6 + 21.1357 = 21.7357 %
    one(
        "so we sent 3 samples in on the 14th, paid $45 each, and the Wedding Cake came back at "
        "0.6% delta 9 THC and 24.1% THCA, the other two arent back yet. whats the total on the "
        "wedding cake",
        0.6 + 24.1 * FACTOR,
    ),
]

DECARB: list[HeldOut] = [
    # 2,500 g x 0.877 = 2,192.5 g = 2,192,500 mg
    one(
        "got 2.5 kg of thca isolate to decarb, whats the theoretical thc yield in grams",
        2500 * 1000 * FACTOR,
        "thc_mg",
    ),
    # 500 x 0.877 x 0.85 = 438.5 x 0.85 = 372.725 mg
    one(
        "decarbing 500mg thca at 85% efficiency, how much thc do i actually get",
        500 * FACTOR * 0.85,
    ),
    # mass lost as CO2: 100 x (1 - 0.877) = 12.3 g
    one(
        "how much weight do i lose decarbing 100 g of pure thca? (the co2 part)", 100 * (1 - FACTOR)
    ),
    # 1,200 x 0.877 = 1,052.4 mg
    one(
        "one thousand two hundred milligrams of THCa, fully decarbed, theoretically = "
        "how much THC?",
        1200 * FACTOR,
    ),
    # 10,000 mg x 0.48 = 4,800 mg THCA; x 0.877 = 4,209.6 mg
    one(
        "kief tests 48% thca. if i decarb 10 g of it how many mg of thc is that in theory",
        10000 * 0.48 * FACTOR,
    ),
]

EDIBLES: list[HeldOut] = [
    # 12,000 mg x 0.88 = 10,560 mg; / 10 = 1,056 gummies
    one("how many gummies can i get out of 12 g of 88% disty at 10mg each", 1056),
    # 1,500 x 5 = 7,500 mg; / 0.914 = 8,205.69 mg = 8.20569 g
    one(
        "batch #4471: 1,500 gummies @ 5mg, distillate at 91.4%thc. grams of disty?",
        1500 * 5 / 0.914 / 1000,
    ),
    # 40 x 15 = 600 mg; / 0.82 = 731.707 mg = 0.731707 g
    one(
        "I want to make 40 brownies, 15 mg each, using distillate thats 82%. how much "
        "distillate in "
        "grams",
        40 * 15 / 0.82 / 1000,
    ),
    # 5,000 x 10 = 50,000 mg; / 0.90 = 55,555.6; / 0.95 = 58,479.5 mg = 58.4795 g
    one(
        "5k gummies at 10 mg, 90% distillate, we lose ~5% on the depositor. how much distillate do "
        "I need",
        5000 * 10 / 0.90 / 0.95 / 1000,
    ),
    # 3,200 mg x 0.86 = 2,752 mg; / 128 = 21.5 mg
    one(
        "dumped 3.2 grams of 86% distillate into a mold batch of 128 gummies. mg per gummy?",
        3200 * 0.86 / 128,
    ),
    # 10 mg x 20 = 200 mg per bag (over 100)
    one(
        "each gummy is 10mg and theres 20 in a bag, is that over the 100mg package limit "
        "in our state",
        200,
    ),
    # 16 x 6.25 = 100 mg
    one("chocolate bar has 16 squares at 6.25mg each — whats the whole bar total", 100),
    # 10 x 12 = 120 mg per package
    one(
        "our package is 10 pieces of 12mg. state cap is 100mg per package. whats the total per "
        "package and are we over?",
        120,
    ),
    # high end 10 mg: 300 x 10 = 3,000 mg; / 0.9 = 3,333.33 mg = 3.33333 g
    one(
        "we dose 5-10mg per piece. for 300 pieces at the high end how many grams of 90% "
        "distillate?",
        300 * 10 / 0.9 / 1000,
    ),
]

KITCHEN: list[HeldOut] = [
    # eighth 3,500 mg x 0.21 = 735 mg; 1 cup = 16 tbsp; 735 / 16 = 45.9375 mg
    one(
        "made canna butter w/ an eighth of 21% flower in a cup of butter. how much thc per tbsp?",
        3500 * 0.21 / 16,
    ),
    # half 14,000 mg x 0.18 = 2,520 mg; 2 cups = 96 tsp; 2,520 / 96 = 26.25 mg
    one("infused a half oz of 18% into 2 cups coconut oil. mg per teaspoon?", 14000 * 0.18 / 96),
    # 2,500 x 0.24 = 600 mg; half cup = 8 tbsp; 600 / 8 = 75 mg
    one(
        "i used two and a half grams of 24% bud in half a cup of butter, whats per tablespoon",
        2500 * 0.24 / 8,
    ),
    # 7,000 x 0.15 = 1,050 mg; x 0.70 = 735 mg; 1 cup = 48 tsp; 735 / 48 = 15.3125 mg
    one(
        "if I assume I lose 30% in the infusion, 7g of 15% flower into 1 cup of olive oil, mg per "
        "tsp?",
        7000 * 0.15 * 0.70 / 48,
    ),
    # 1 cup = 48 tsp; 1,200 / 48 = 25 mg
    one("my butter has 1,200 mg total in 1 cup. whats that per tsp", 25),
    # 10,500 x 0.18 = 1,890 mg; 3/4 cup = 12 tbsp; 1,890 / 12 = 157.5 mg
    one("10.5 g of 18% flower went into 3/4 cup of oil. per tablespoon?", 10500 * 0.18 / 12),
]

TINCTURE: list[HeldOut] = [
    # 2 fl oz = 59.1471 mL; 1,000 / 59.1471 = 16.9070 mg/mL
    one("2 oz dropper bottle w/ 1,000 mg cbd. mg per ml?", 1000 / (2 * FLOZ_ML)),
    # 1,500 / 30 = 50 mg/mL; 1 mL dropper = 50 mg
    one("30ml bottle, 1500mg. dropper is 1ml. how much per dropper?", 50),
    # 1,200 / 60 = 20 mg/mL; half a 1 mL dropper = 10 mg
    one("tincture is 60 ml w/ 1200 mg, half a dropper is my dose — how many mg is that", 10),
    # 1 fl oz = 29.5735 mL; 300 / 29.5735 = 10.1442 mg/mL
    one("1 fl oz tincture, 300mg thc, mg/ml?", 300 / FLOZ_ML),
]

DILUTION: list[HeldOut] = [
    # 2,000 mL x 0.5 = 1,000 mg; / 25 mg/mL = 40 mL
    one(
        "beverage formulator here. stock emulsion is 25mg/ml, i need 2 liters at 0.5 mg/ml. how "
        "much stock?",
        40,
    ),
    # 250 x 4 / 100 = 10 mL
    one(
        "C1V1=C2V2 - have 100mg/mL concentrate, want 250 mL at 4 mg/mL. volume of concentrate?", 10
    ),
    # 10 mg per can / 20 mg/mL = 0.5 mL
    one("12oz cans at 10mg per can, nano stock is 20 mg/ml. how much stock per can in ml?", 0.5),
    # 50 x 30 / 10 = 150 mL final; 150 - 50 = 100 mL water
    one("how much water to add to 50 ml of 30mg/ml to get it down to 10mg/ml", 100),
    # 1,000 mL x 40 / 5 = 8,000 mL
    one("diluting 1 L of 40 mg/ml down to 5 mg/ml, how many ml total will i have", 8000),
]

BLENDING: list[HeldOut] = [
    # 250 x 94 / 80 = 293.75 g; - 250 = 43.75 g
    one(
        "have 250g of 94% disty, want to cut it to 80% for carts. how much cut?",
        250 * 94 / 80 - 250,
    ),
    # (2,000 x 88 + 750 x 72) / 2,750 = (176,000 + 54,000) / 2,750 = 83.6364 %
    one("blending 2 kg of 88% with 750 g of 72%, final %?", (2000 * 88 + 750 * 72) / 2750),
    # 500 x (95 - 80) / (95 - 65) = 500 x 15 / 30 = 250 g of the 65%
    one("have 95% and 65% disty, want 500 g at 80%. how much of the 65?", 250),
    # 2,000 x (87 - 78) / (92 - 78) = 2,000 x 9 / 14 = 1,285.714 g of the 92%
    one(
        "need 2,000g at 87%, i got 92% and 78% to work with, grams of the 92?",
        2000 * 9 / 14,
    ),
    # (3 x 85 + 1 x 65) / 4 = 320 / 4 = 80 %
    one("mix 3 lb of 85% with 1 lb of 65% - potency?", 80),
    # (1,200 x 89 + 800 x 75) / 2,000 = (106,800 + 60,000) / 2,000 = 83.4 %
    one(
        "we got a 1.2 kg batch at 89 percent and 800 g at 75 percent, what does the "
        "blend come out to",
        (1200 * 89 + 800 * 75) / 2000,
    ),
]

TERPENES: list[HeldOut] = [
    # 460 x 8 / 92 = 40 g (8% of the final 500 g)
    one("cart filler - want 8% terps in the final, i have 460 g disty. how much terps?", 40),
    # 1,200 x 0.05 = 60 g
    one(
        "adding terps at 5% by weight of the distillate, 1.2kg of distillate. how many g of terps",
        60,
    ),
    # 100 x 12 / 88 = 13.6364 g
    one(
        "how much terpene for 100 g of oil if i want the finished product at 12% terps",
        100 * 12 / 88,
    ),
    # 49 x 2 / 98 = 1 g
    one("terp reintro at 2% of total blend, 49 g distillate, grams of terps?", 1),
]

CONVERSIONS: list[HeldOut] = [
    # QP = 112 g
    one("how many grams in a QP", 112),
    # 112 / 3.5 = 32 eighths
    one("how many eighths in a QP", 32),
    # 3.5 x 453.59237 = 1,587.57 g
    one("convert 3.5 lbs to grams", 3.5 * POUND_G),
    # 250 / 28.3495 = 8.81849 oz
    one("whats 250 grams in ounces (real ounces not zips)", 250 / OUNCE_G),
    # 750 / 29.5735 = 25.3605 fl oz
    one("how many fl oz is a 750 ml bottle", 750 / FLOZ_ML),
    # 5 x 28 = 140 g
    one("how many grams in 5 zips", 140),
]

GROW: list[HeldOut] = [
    # 38 x 0.25 = 9.5 lb
    one("harvested 38 lbs wet, expecting about 75% moisture loss. dry weight in lbs?", 9.5),
    # (12,500 - 2,875) / 12,500 = 9,625 / 12,500 = 77 %
    one("wet weight 12,500 g, dry came out 2,875 g. what % moisture did we lose?", 77),
    # 680 / (10 x 453.59237) = 680 / 4,535.92 = 14.9914 %
    one(
        "extraction run: 10 lb of trim in, got 680 g of crude. yield %?", 680 / (10 * POUND_G) * 100
    ),
    # 185 / 2,000 = 9.25 %
    one("ran 2,000 g biomass, pulled 185 g of shatter, whats my return %", 9.25),
    # 5.5 x 453.59237 = 2,494.76 g; 4 x 630 = 2,520 W; 0.98998 g/W
    one(
        "4 lights at 630W each, pulled 5.5 lbs dry off the room. grams per watt?",
        5.5 * POUND_G / 2520,
    ),
    # 66 x 453.59237 = 29,937.1 g; / 1,200 = 24.9476 g/sq ft
    one("1,200 square foot canopy, 66 lb harvest, grams per sq ft?", 66 * POUND_G / 1200),
    # QP 112 g / 0.75 = 149.33, 149 whole pre-rolls
    one("how many pre rolls can i roll from a QP if each is 0.75g", 149),
    # 850 x 0.97 = 824.5 g; / 1 g = 824 whole carts
    one("how many 1g carts from 850 g of oil, we lose about 3% in the machine", 824),
]

PRICE_AND_VARIANCE: list[HeldOut] = [
    # 1,850 / 453.59237 = 4.07855 $/g
    one("paid $1,850 for a pound, whats that per gram", 1850 / POUND_G),
    # 2,400 / 16 = 150 $/oz
    one("wholesale is 2400/lb, whats my cost per oz", 150),
    # 35 / 3.5 = 10 $/g
    one("an eighth is $35, whats price per gram", 10),
    # 650 / 112 = 5.80357 $/g
    one("buyer here - QP for $650, how much per gram", 650 / 112),
    # 100 x 1.10 = 110; x 1.08 = 118.8 $
    one(
        "on a $100 sale we charge 10% excise and then 8% sales tax on top of that. whats the "
        "customer pay",
        118.8,
    ),
    # (8.9 - 10) / 10 = -11 %
    one("label says 10 mg per gummy, lab measured 8.9 mg. how far off are we in percent?", -11),
    # 100 x (1 - 0.15) = 85 mg
    one("100mg label, ±15% allowed, whats the lowest passing result", 85, "low"),
]

CHAINS: list[HeldOut] = [
    # 2,000 mg x 0.90 = 1,800 mg THCA; x 0.877 = 1,578.6 mg THC; / 40 = 39.465 mg
    one(
        "2 g of 90% thca isolate, decarb it then split it into 40 gummies, mg each?",
        2000 * 0.90 * FACTOR / 40,
    ),
    # total 89.2 + 1.5 x 0.877 = 90.5155 %; 600 x 10 = 6,000 mg;
    # / 0.905155 = 6,628.69 mg = 6.62869 g
    one(
        "coa on our disty: d9 89.2%, thca 1.5%. how many grams of disty for 600 gummies at 10 mg?",
        600 * 10 / ((89.2 + 1.5 * FACTOR) / 100) / 1000,
    ),
]

ANSWERABLE: list[HeldOut] = [
    *TOTAL_THC,
    *DECARB,
    *EDIBLES,
    *KITCHEN,
    *TINCTURE,
    *DILUTION,
    *BLENDING,
    *TERPENES,
    *CONVERSIONS,
    *GROW,
    *PRICE_AND_VARIANCE,
    *CHAINS,
]

FOLLOW_UPS: list[HeldOut] = [
    # 1,000 x 5 = 5,000 mg; / 0.9 = 5,555.56 mg = 5.55556 g
    HeldOut(("how much 90% disty for 1000 gummies at 10mg", "and at 5mg?"), 1000 * 5 / 0.9 / 1000),
    # 0.9 + 20.5 x 0.877 = 0.9 + 17.9785 = 18.8785 %
    HeldOut(("total thc: thca 20.5% d9 0.4%", "what about if the d9 was 0.9"), 0.9 + 20.5 * FACTOR),
    # 7,000 x 0.20 = 1,400 mg; 1 cup = 48 tsp; 1,400 / 48 = 29.1667 mg
    HeldOut(
        ("infused 7 g of 20% in 1 cup butter, mg per tbsp?", "ok and per teaspoon?"),
        7000 * 0.20 / 48,
    ),
    # (400 x 90 + 200 x 60) / 600 = (36,000 + 12,000) / 600 = 80 %
    HeldOut(("blend 400g of 90% with 100g of 60%", "what if its 200g of the 60 instead"), 80),
    # 1,750 / 453.59237 = 3.85809 $/g
    HeldOut(("paid 2000 for a lb, per gram?", "what about at 1750"), 1750 / POUND_G),
    # 5,000 mL x 2 / 50 = 200 mL
    HeldOut(("need 1 L at 2mg/ml from 50mg/ml stock, how much stock", "now make it 5 liters"), 200),
]

MISSING: list[HeldOut] = [
    one("how many gummies can i make from my distillate at 10mg each", None),
    one("whats total thc if the thca is 23%", None),  # no delta-9 row
    one("infused an eighth into butter, how much thc per tbsp", None),
    one("blending 300 g of 90% with some 70%, what potency do i get", None),
    one("how much stock for 500 ml at 3 mg/ml", None),
    one("whats the dry weight from 40 lb wet", None),
    one("coa says thca 112% and d9 1%, total thc?", None),  # impossible: over 100%
]
