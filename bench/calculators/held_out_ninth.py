"""The ninth held-out set: written by helper h20w9 without reading the calculators.

Written from issue 20's list of calculations only (not the calculators, their readers, the
agents, their tests or the other sets' cases), in the voice of extractors, kitchen managers,
home cooks, growers, hemp farmers, QA leads, beverage makers, budtenders and buyers: lower case,
typos, units glued to numbers, numbers in words, thousands separators, slang (zip, half-p, QP,
eighth, disty), COA tables pasted as text, stories full of numbers that are not inputs (ticket
numbers, sample counts, prices of other things, tent sizes, strain names with digits), and
conversations whose needed number only arrives in a later turn.

Conventions (the project's, as the eighth set states them): total THC (or CBD) = neutral +
0.877 x acid (`FACTOR`); ND counts as 0; a total asked "as a percent" from mg/g is the mg/g
total / 10, and a hemp question expects the total THC in % (the verdict against 0.3% is in the
wording; the number is what gets compared). Decarboxylation gives acid x 0.877 (x the stated
efficiency) and loses acid x 0.123. A trade ounce or zip is 28 g, a quarter 7 g, a QP 112 g, an
eighth 3.5 g; a pound is `POUND_G` (a half-p half of it; a price per zip from a pound price is
the pound price / 16); fluid ounces are `FLOZ_ML`. 1 cup = 2 sticks of butter = 16 tbsp = 48
tsp; a dropper is 1 mL. A flower's stated THC % goes into butter or oil whole unless a loss is
stated. Dilution is C1V1 = C2V2, and "how much to add" is the final amount less the stock. Terpene
% is of the final blend or of the distillate, as each question says. Blends are weight averages
of potency; the amount of a second lot to reach a target is m1 x (target - p1) / (p2 - target).
A loss of L% scales by (100 - L)%; dry weight is wet x (100 - loss)%; yield is output / input in
%. Variance is (measured - label) / label in %, signed. Piece counts are whole pieces, rounded
down; masses are not rounded. The number expected is the one asked for, in the unit asked for.

Purchase-limit equivalents used (the state's own text): Illinois, 410 ILCS 705/10-10 (a
resident may possess 30 g of flower, 5 g of concentrate and 500 mg of THC in infused products;
a non-resident half of each); Colorado, the Marijuana Enforcement Division's retail sales rule
(R 402(C)(1.5), Industry Bulletin 15-12: one ounce of flower is equivalent to 8 g of concentrate
and to 80 ten-milligram servings, i.e. 800 mg of THC in products, mixed purchases adding up as
shares of that one ounce).
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, FLOZ_ML, POUND_G, HeldOut, one

_COA_TABLE = (
    "pasted from the coa pdf, sorry for formatting\n"
    "Analyte      %       mg/g\n"
    "THCa         21.40   214.0\n"
    "Δ9-THC       0.52    5.2\n"
    "CBDa         0.08    0.8\n"
    "CBD          ND      ND\n"
    "CBG          0.91    9.1\n"
    "what's the total thc %"
)

_HEMP_TABLE = (
    "hemp field 3 pre-harvest (sampled 9/14, 2 sub-samples)\n"
    "d9-THC .......... 0.061 %\n"
    "THC-A ........... 0.287 %\n"
    "CBD-A ........... 7.9 %\n"
    "total thc under .3 or do we have to remediate?"
)

TOTALS: list[HeldOut] = [
    # 0.81 + 27.9 x 0.877 = 0.81 + 24.4683 = 25.2783 %
    one("just got the coa back lol thca 27.9% d9 .81% whats total", 0.81 + 27.9 * FACTOR),
    # 3.1 + 254 x 0.877 = 3.1 + 222.758 = 225.858 mg/g
    one("Δ9 THC 3.1mg/g, THCa 254mg/g. total thc mg/g pls", 3.1 + 254 * FACTOR),
    # 0.52 + 21.40 x 0.877 = 0.52 + 18.7678 = 19.2878 % (CBG and CBDa are not inputs)
    one(_COA_TABLE, 0.52 + 21.40 * FACTOR),
    # 0.09 + 0.31 x 0.877 = 0.09 + 0.27187 = 0.36187 % (over 0.3: hot)
    one(
        "hemp pre-harvest sample: delta 9 0.09%, thca 0.31%. are we under the 0.3 total thc limit?",
        0.09 + 0.31 * FACTOR,
    ),
    # (0.6 + 2.9 x 0.877) / 10 = (0.6 + 2.5433) / 10 = 0.31433 % (hot)
    one(
        "state sample for our hemp: thca 2.9 mg/g, d9 0.6 mg/g. hot or not (0.3% total thc)?",
        (0.6 + 2.9 * FACTOR) / 10,
    ),
    # 0.061 + 0.287 x 0.877 = 0.061 + 0.251699 = 0.312699 % (hot; CBD-A is not an input)
    one(_HEMP_TABLE, 0.061 + 0.287 * FACTOR),
    # 0 + 0.29 x 0.877 = 0.25433 % (ND is 0)
    one("hemp coa: d9-thc ND, thca 0.29%. do we pass the .3% total?", 0.29 * FACTOR),
    # 12 + 41.5 x 0.877 = 12 + 36.3955 = 48.3955 mg/g
    one("tincture base coa: CBD-A 41.5 mg/g, CBD 12 mg/g, total cbd in mg/g", 12 + 41.5 * FACTOR),
    # 1 + 22 x 0.877 = 1 + 19.294 = 20.294 %
    one(
        "label says twenty two percent thca and one percent delta nine, whats the total thc",
        1 + 22 * FACTOR,
    ),
    # 0.7 + 24.6 x 0.877 = 0.7 + 21.5742 = 22.2742 % (ticket, sample count, price, strain
    # number and the budtender's 30% are not inputs)
    one(
        "so the lab in denver (ticket #4471, 3 samples, $65 each) finally sent results for the "
        "gelato 41. they had it at thca 24.6 and d9 at 0.7, both percent. my budtender swears "
        "its 30% lol. whats the real total thc",
        0.7 + 24.6 * FACTOR,
    ),
    # 2 + 85 x 0.877 = 2 + 74.545 = 76.545 %
    one("85%thca diamonds with 2%d9 — total thc?", 2 + 85 * FACTOR),
    # 3.5 g x 22% = 0.77 g = 770 mg
    one("eighth of flower at 22% total thc, how many mg of thc in the jar", 770),
    # 1 g x 88% = 0.88 g = 880 mg
    one("1g cart testing 88%thc, how many mg thc is in it", 880),
]

DECARB: list[HeldOut] = [
    # 2,500 x 0.877 = 2192.5 mg
    one("decarbing 2,500 mg of thca isolate — theoretical thc?", 2500 * FACTOR),
    # 28 x 0.99 x 0.877 = 27.72 x 0.877 = 24.31044 g
    one(
        "a zip of 99% thca diamonds, if i decarb em how many grams thc do i end up with",
        28 * 0.99 * FACTOR,
    ),
    # 500 x 0.877 x 0.92 = 438.5 x 0.92 = 403.42 g
    one("decarb 500g thca at about 92% conversion efficiency, how much thc", 500 * FACTOR * 0.92),
    # 1000 x 0.123 = 123 g
    one("how many grams do i lose decarbing a kilo of thca (the co2 coming off)", 1000 * 0.123),
    # 3 g x 0.877 = 2.631 g = 2631 mg
    one("three grams thca, decarbed, thc in mg?", 3000 * FACTOR),
    # 40 x 0.52 x 0.877 x 0.85 = 20.8 x 0.877 x 0.85 = 18.2416 x 0.85 = 15.50536 g
    one(
        "decarb 40 g of kief that's 52% thca, assuming its 85% efficient, how much thc in grams",
        40 * 0.52 * FACTOR * 0.85,
    ),
]

EDIBLES: list[HeldOut] = [
    # 200 / 16 = 12.5 mg
    one("chocolate bar is 200mg, scored into 16 squares, per square?", 12.5),
    # 3.5 g x 90% = 3.15 g = 3,150 mg; 3150 / 5 = 630 gummies
    one("how many 5mg gummies can i make with 3.5 g of 90% distillate", 630),
    # 2,400 x 10 = 24,000 mg; 24,000 / 0.875 = 27,428.571 mg = 27.428571 g
    one(
        "need 2,400 gummies at 10mg each, disty is 87.5%, how many grams of distillate",
        24000 / 0.875 / 1000,
    ),
    # 1,500 x 5 = 7,500 mg; / 0.92 = 8,152.174 mg; / 0.90 (10% lost) = 9,057.971 mg = 9.057971 g
    one(
        "batch of 1500 chocolates @ 5mg, 92% disty, we lose about 10% in the kettle. grams disty?",
        7500 / 0.92 / 0.90 / 1000,
    ),
    # 100 / 2.5 = 40 servings
    one("servings per package: 100 mg pack, 2.5mg per serving", 40),
    # 5 g x 720 mg/g = 3,600 mg; 3,600 / 10 = 360 gummies
    one("rosin tests 720 mg/g thc. how many 10 mg gummies out of 5g", 360),
    # 1.2 g x 83% = 0.996 g = 996 mg; 996 / 10 = 99.6 -> 99 gummies (floored)
    one("i have 1.2 g of 83% disty, doing 10mg gummies — how many can i make", 99),
    # 4 g x 95% = 3.8 g = 3,800 mg; 3,800 / 250 = 15.2 mg
    one("poured 250 mints from a batch with 4 grams of 95% distillate, mg per mint?", 15.2),
    # 12 x 7.5 = 90 mg
    one("each gummy is 7.5mg, 12 per bag, mg per bag?", 90),
    # 12 fl oz = 12 x 29.5735 = 354.882 mL; 5 / 354.882 = 0.0140892 mg/mL
    one("seltzer: 12 fl oz can at 5mg thc, what's that in mg/mL", 5 / (12 * FLOZ_ML)),
    # 10 / 20 = 0.5 mL
    one("nano emulsion is 20 mg/ml, how many ml for a 10mg can", 0.5),
    # 7,200 mg / 5 mg = 1,440 pieces
    one(
        "we have seven thousand two hundred mg of thc in the batch, 5 mg per piece, how many", 1440
    ),
]

INFUSION: list[HeldOut] = [
    # 14 g x 20% = 2.8 g = 2,800 mg; 1 cup = 16 tbsp; 2,800 / 16 = 175 mg/tbsp
    one("infusing 14g of 20% flower into 1 cup butter — mg per tbsp", 175),
    # 7 g x 24% = 1,680 mg; 2 sticks = 1 cup = 48 tsp; 1,680 / 48 = 35 mg/tsp
    one("a quarter of 24% into 2 sticks of butter, mg per teaspoon", 35),
    # 3.5 g x 16% = 560 mg; half cup = 8 tbsp; 560 / 8 = 70 mg/tbsp
    one("half cup coconut oil with an eighth of 16% bud, per tbsp?", 70),
    # 10 g x 22% = 2,200 mg; x 70% kept = 1,540 mg; / 16 tbsp = 96.25 mg/tbsp
    one(
        "ten grams of 22% flower into a cup of olive oil, assume we lose 30%, mg per tablespoon",
        96.25,
    ),
    # 28 g x 12% = 3,360 mg; 4 cups = 64 tbsp; 3,360 / 64 = 52.5 mg/tbsp
    one("infused 1 oz of trim at 12% into 4 cups of butter, mg per tbsp", 52.5),
    # 1,500 / 30 = 50 mg per 1 mL dropper
    one("30 ml bottle with 1500mg cbd, mg per dropper (1ml)", 50),
    # 1 fl oz = 29.5735 mL; 600 / 29.5735 = 20.28841 mg/mL
    one("1 fl oz tincture bottle, 600 mg thc total, mg per ml?", 600 / FLOZ_ML),
    # 24 x 10 = 240 mg; 240 / 0.26 = 923.077 mg = 0.923077 g
    one(
        "how many grams of 26% flower for my butter so each of 24 brownies has 10mg",
        240 / 0.26 / 1000,
    ),
]

DILUTION: list[HeldOut] = [
    # V1 = 10 x 30 / 50 = 6 mL
    one("got 50mg/ml stock, need 30 ml at 10mg/ml — how much stock", 6),
    # V2 = 20 x 100 / 25 = 80 mL; add 80 - 20 = 60 mL
    one("how much carrier do i add to 20 ml of 100 mg/ml to bring it to 25 mg/ml", 60),
    # final = 250 x 92 / 80 = 287.5 g; add 287.5 - 250 = 37.5 g
    one("cut 250 g of 92% disty down to 80% with mct, how much mct", 37.5),
    # V1 = 0.5 x 2,000 / 40 = 25 mL
    one("beverage base at 40mg/ml, want a 2 liter batch at 0.5 mg/ml. ml of base?", 25),
    # V2 = 1,000 x 33.3 / 10 = 3,330 mL
    one("one liter of tincture at 33.3 mg/ml, want 10mg/ml final, how many ml total after", 3330),
    # final = 600 x 75 / 60 = 750 g; add 750 - 600 = 150 g
    one("i have 600g of 75% oil, want it at 60%. grams of carrier to add?", 150),
]

BLENDS: list[HeldOut] = [
    # (400 x 91 + 600 x 84) / 1,000 = (36,400 + 50,400) / 1,000 = 86.8 %
    one("mixing 400g of 91% with 600g of 84% disty, what's the final %", 86.8),
    # 2,000 x (85 - 78) / (95 - 85) = 2,000 x 7 / 10 = 1,400 g
    one("got 2 kg of 78% and want to hit 85 using 95% disty, how many grams of the 95", 1400),
    # (1,500 x 88 + 500 x 72) / 2,000 = (132,000 + 36,000) / 2,000 = 84 %
    one("blend 1.5kg of 88% thc with 500 g of 72%, potency?", 84),
    # 300 x (80 - 65) / (90 - 80) = 300 x 15 / 10 = 450 g
    one("have 300 g of 65% crude, how much 90% disty to bring it up to 80%", 450),
    # (82 + 94) / 2 = 88 %
    one("50/50 blend of 82 and 94% disty, whats the potency", 88),
    # (100 x 850 + 300 x 650) / 400 = (85,000 + 195,000) / 400 = 700 mg/g
    one("blend 100g at 850 mg/g with 300 g at 650 mg/g, mg/g of the mix", 700),
]

TERPENES: list[HeldOut] = [
    # terps = 92 x 8 / (100 - 8) = 736 / 92 = 8 g
    one("want 8% terps in the final blend, have 92 g of distillate, how many g of terps", 8),
    # 250 x 5% = 12.5 g
    one("add terps at 5% of the distillate weight, 250 g disty, how much terp", 12.5),
    # 45 x 10 / 90 = 5 g
    one("making carts: 45 g disty, terpenes should be 10% of the finished oil. grams terps?", 5),
    # 6 / (6 + 94) = 6 %
    one("what terp % is my mix if i added 6g terps to 94g disty", 6),
    # 1,000 x 7 / 93 = 75.268817 g
    one("reintroduce terps at 7%w/w of final, 1kg distillate, grams of terps", 7000 / 93),
]

YIELDS: list[HeldOut] = [
    # 42 lb x (100 - 75)% = 10.5 lb
    one("harvested 42 lbs wet, expect 75% moisture loss, dry weight in lbs?", 10.5),
    # (3,200 - 720) / 3,200 = 2,480 / 3,200 = 77.5 %
    one("wet weight 3,200 g, dried down to 720 g. moisture loss %?", 77.5),
    # 454 / (10 x 453.59237) = 454 / 4,535.9237 = 10.00899 %
    one(
        "ran 10 lbs of trim thru the ethanol rig and got 454g crude, yield %?",
        454 / (10 * POUND_G) * 100,
    ),
    # 1.6 lb = 725.747792 g; 4 x 8 = 32 sq ft; 725.747792 / 32 = 22.679619 g/sq ft
    one("grams per square foot: 4x8 tent, pulled 1.6 lbs dry", 1.6 * POUND_G / 32),
    # 510 / 600 = 0.85 g/W
    one("600 w led, got 510g dry, g/w?", 0.85),
    # QP = 112 g; 112 x 18% = 20.16 g
    one("pressed a qp of flower, got 18% return, how much rosin", 20.16),
]

MONEY_AND_UNITS: list[HeldOut] = [
    # 1,450 / 453.59237 = 3.196703 $/g
    one("$1,450 a pound, price per gram?", 1450 / POUND_G),
    # 180 / 28 = 6.428571 $/g
    one("zip for 180, what's that per g", 180 / 28),
    # half-p = 226.796185 g; 1,100 / 226.796185 = 4.850170 $/g
    one("half-p for 1100, price per gram", 1100 / (POUND_G / 2)),
    # 150 / 28 = 5.357143 $/g (the count of zips does not change the per-gram price)
    one("buying 3 zips at 150 each, what's that per gram", 150 / 28),
    # 40 / 100 = 0.40 $/mg
    one("price per mg of thc: $40 for a 100mg pack", 0.4),
    # 2,200 / 16 = 137.5 $/zip
    one("$2,200/lb, what's that per zip", 137.5),
    # half oz = 14 g; 14 / 0.75 = 18.67 -> 18 pre-rolls
    one("half oz of shake, how many .75g prerolls", 18),
    # (9.2 - 10) / 10 = -0.08 = -8 %
    one("label says 10mg per gummy, lab found 9.2. variance %?", -8),
]

LIMITS: list[HeldOut] = [
    # Illinois resident: 500 mg in infused products; 500 / 100 = 5 packs
    one("illinois resident, how many 100mg packs of gummies can i legally have", 5),
    # Illinois non-resident: 250 mg; 250 / 50 = 5 bars
    one("visiting chicago from out of state, how many 50mg chocolates can i have", 5),
    # Colorado: 800 mg per transaction in products; 800 / 10 = 80 gummies
    one("colorado rec, max number of 10mg gummies one customer can buy at once", 80),
    # Colorado: 2 g of 8 g concentrate = 1/4 of the limit; 3/4 x 800 = 600 mg of edibles left
    one(
        "colorado: customer already has 2 g of shatter in the cart, how many mg of edibles can "
        "they still get",
        600,
    ),
]

SCALING: list[HeldOut] = [
    # 2 cups x 180 / 24 = 15 cups
    one("recipe is 2 cups butter for 24 brownies, scaling to 180 brownies — cups of butter?", 15),
    # 340 g x 150 / 20 = 2,550 g
    one("our 20L batch uses 340 g disty; scaling to 150 L, how much disty", 2550),
    # 6.2 g x 3,750 / 500 = 46.5 g
    one("batch of 500 gummies needs 6.2 g disty, we're doing 3,750 this run. grams?", 46.5),
]

ANSWERABLE: list[HeldOut] = [
    *TOTALS,
    *DECARB,
    *EDIBLES,
    *INFUSION,
    *DILUTION,
    *BLENDS,
    *TERPENES,
    *YIELDS,
    *MONEY_AND_UNITS,
    *LIMITS,
    *SCALING,
]

FOLLOW_UPS: list[HeldOut] = [
    # 1.1 + 19.8 x 0.877 = 1.1 + 17.3646 = 18.4646 %
    HeldOut(
        ("thca 19.8% delta9 0.3% what's total thc", "and if the d9 is actually 1.1?"),
        1.1 + 19.8 * FACTOR,
    ),
    # 800 x 10 = 8,000 mg; / 0.92 = 8,695.652 mg = 8.695652 g
    HeldOut(
        (
            "how many grams disty for 800 gummies at 10 mg, disty is 88%",
            "what if it tests at 92% instead",
        ),
        8000 / 0.92 / 1000,
    ),
    # 10 g x 21% = 2,100 mg; half cup = 8 tbsp; 2,100 / 8 = 262.5 mg/tbsp
    HeldOut(
        (
            "putting 10 g of 21% flower in a cup of butter, mg per tbsp?",
            "ok and if i use half a cup instead",
        ),
        262.5,
    ),
    # 0.07 + 0.36 x 0.877 = 0.07 + 0.31572 = 0.38572 %
    HeldOut(
        ("hemp sample d9 0.07% thca 0.25%, pass?", "retest came back thca 0.36, same d9"),
        0.07 + 0.36 * FACTOR,
    ),
    # the stock strength arrives in the second turn: V1 = 5 x 500 / 25 = 100 mL
    HeldOut(
        (
            "need to dilute my stock down to 5 mg/ml, 500 ml final, how much stock",
            "stock is 25mg/ml",
        ),
        100,
    ),
    # the potency arrives in the third turn: 14 g x 90% = 12,600 mg; / 10 = 1,260 gummies
    HeldOut(
        (
            "want to make gummies at 10mg each, how many can i get",
            "got 14g of distillate",
            "it's 90% thc",
        ),
        1260,
    ),
    # 1,350 / 453.59237 = 2.976241 $/g
    HeldOut(("price per gram on a pound at 1600?", "what about 1,350"), 1350 / POUND_G),
    # (700 x 90 + 500 x 80) / 1,200 = (63,000 + 40,000) / 1,200 = 85.8333 %
    HeldOut(
        ("blend 700 g of 90% with 300 g of 80%, final potency", "make the second one 500 g"),
        103000 / 1200,
    ),
]

MISSING: list[HeldOut] = [
    one("total thc on this one? thca came back high", None),  # no numbers at all
    one("how many gummies can i make with 20g of distillate", None),  # no dose, no potency
    one("mg per tbsp if i put 1 oz of flower in 2 cups butter", None),  # no potency
    one("hemp test shows d9 0.05%, are we compliant?", None),  # no THCA
    one("diluting 100 mg/ml stock to 20mg/ml, how much carrier", None),  # no volume
    one("terps at 8% for my carts, how much terpene do i need", None),  # no distillate mass
    one("got quoted by the lb, what's the price per gram", None),  # no price
    one("decarbing my thca isolate, whats the theoretical thc", None),  # no mass
    one("we chop tomorrow, usually lose about 78% drying, what will it weigh dry", None),  # no wet
    one("mg per gummy? made a batch of 120 with my cannabutter", None),  # no butter potency
    one("disty is 115% thc, how many 10mg gummies from 5 g", None),  # impossible: over 100%
    one("thca 0.31% and d9 -0.02% on the hemp coa, total?", None),  # impossible: negative
]
