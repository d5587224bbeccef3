"""The eighth held-out set: written by helper h20set8 without reading the calculators.

Written from issue 20's list of calculations only (not the calculators, their readers, their
tests or the other sets' cases), in the voice of extractors, edible makers, home cooks,
growers, hemp farmers, QA leads, beverage formulators, budtenders, buyers and patients: lower
case, typos, units glued to numbers, numbers in words, thousands separators, slang (zip, QP,
eighth, disty, nano), pasted COA tables, and stories whose dates, prices, batch ids, room
numbers and light counts are not inputs.

Conventions (the seventh set's): total THC (or CBD) = neutral + 0.877 x acid (`FACTOR`); ND
and <LOQ count as 0; a total asked "as a percent" from mg/g is the mg/g total / 10. A hemp
question expects the total THC in % (the verdict against 0.3% is in the wording; the number is
what gets compared). Decarboxylation gives acid x 0.877 (x the stated efficiency); its mass
loss is acid x 0.123. A trade ounce or zip is 28 g (a quarter 7 g, a QP 112 g), an eighth 3.5
g; a pound is `POUND_G` (a price per zip from a pound price is the pound price / 16); fluid
ounces are `FLOZ_ML`. 1 cup = 2 sticks of butter = 16 tbsp = 48 tsp; a dropper is 1 mL. A
flower's stated THC % goes into butter or oil whole unless a loss is stated. Dilution is C1V1 =
C2V2, and "how much to add" is the final amount less the stock. Terpene % is of the final blend
or of the distillate, as each question says. Blends are weight averages of potency. A loss of
L% (or "we keep K%") scales by (100 - L)% (or K%); dry weight is wet x (100 - loss)%;
extraction yield is output / input in %. Variance is (measured - label) / label in %, signed.
Taxes apply to the price, and a tax "on top" applies to the price with the first tax. Counts
of carts, pre-rolls and pieces are whole pieces, rounded down. The number expected is the one
asked for, in the unit asked for; when no unit is asked, in the unit the question gave.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, FLOZ_ML, POUND_G, HeldOut, one

TOTALS: list[HeldOut] = [
    # 0.74 + 26.3 x 0.877 = 0.74 + 23.0651 = 23.8051 % (batch id and test date are not inputs)
    one(
        "coa for batch GL-0412 (tested 11/03): thca 26.3%, d9 0.74%. total thc?",
        0.74 + 26.3 * FACTOR,
    ),
    # 6.2 + 231.5 x 0.877 = 6.2 + 203.0255 = 209.2255 mg/g
    one("thc-a 231.5 mg/g, Δ9-thc 6.2 mg/g — total thc in mg/g", 6.2 + 231.5 * FACTOR),
    # (4.4 + 198 x 0.877) / 10 = (4.4 + 173.646) / 10 = 17.8046 %
    one(
        "lab gave it in mg/g: THCa 198, d9 4.4. whats that as a total thc percent",
        (4.4 + 198 * FACTOR) / 10,
    ),
    # ND d9 = 0: 0.262 x 0.877 = 0.229774 % (the CBD rows are not asked)
    one(
        "pasted from the coa (sample 24-1187, room 6):\nanalyte | result (%)\nTHCa | 0.262\n"
        "Δ9-THC | ND\nCBDa | 9.84\nCBD | 0.31\nCBG | 0.22\nare we under the 0.3 total thc for hemp",
        0.262 * FACTOR,
    ),
    # <LOQ = 0: 0.41 x 0.877 = 0.35957 % (over 0.3)
    one("hemp pre harvest test, d9 <LOQ, thca .41 %. do we pass the 0.3?", 0.41 * FACTOR),
    # 0.52 + 12.7 x 0.877 = 0.52 + 11.1379 = 11.6579 %
    one("cbd-a 12.7% and cbd 0.52% whats total cbd", 0.52 + 12.7 * FACTOR),
    # 3.1 + 88.4 x 0.877 = 3.1 + 77.5268 = 80.6268 mg/g
    one("tincture input oil: cbda 88.4 mg/g cbd 3.1 mg/g, total cbd?", 3.1 + 88.4 * FACTOR),
    # 1 + 21 x 0.877 = 1 + 18.417 = 19.417 %
    one("thca is twenty-one percent and delta 9 is one percent. total?", 1 + 21 * FACTOR),
    # 0.45 + 19.6 x 0.877 = 0.45 + 17.1892 = 17.6392 % (date, lights, price are not inputs)
    one(
        "ok so we chopped 4/12, 3 lights in room 2, paid $1,850 for testing lol. results: THCA "
        "19.6%, delta-9 THC 0.45%, CBG 1.1%. what's total thc",
        0.45 + 19.6 * FACTOR,
    ),
    # 0.9 + 29.1 x 0.877 = 0.9 + 25.5207 = 26.4207 %
    one("29.1%thca 0.9%d9 total?", 0.9 + 29.1 * FACTOR),
    # eighth 3.5 g x (0.5 + 23 x 0.877) % = 35 x 20.671 = 723.485 mg
    one("coa says thca 23% d9 .5%, how many mg thc total in an eighth", 35 * (0.5 + 23 * FACTOR)),
    # <LOQ d9 = 0: 18.92 x 0.877 = 16.59284 % (CBGA is not asked)
    one(
        "Analyte  LOQ(%)  Result(%)  Result(mg/g)\nTHCA  0.05  18.92  189.2\n"
        "d9-THC  0.05  <LOQ  <LOQ\nCBGA  0.05  0.71  7.1\ntotal thc for the jar label?",
        18.92 * FACTOR,
    ),
    # (0.4 + 3.1 x 0.877) / 10 = (0.4 + 2.7187) / 10 = 0.31187 % (over 0.3)
    one(
        "hemp flower: thca 3.1 mg/g, d9 0.4 mg/g, is it compliant at 0.3%",
        (0.4 + 3.1 * FACTOR) / 10,
    ),
    # 1.2 + 16.05 x 0.877 = 1.2 + 14.07585 = 15.27585 %
    one("THC-A 16.05% / delta9 1.2% total thc for the label", 1.2 + 16.05 * FACTOR),
    # 1 g x 91.4% = 914 mg
    one("how many mg in a 1g cart at 91.4%", 914),
    # 5 x 0.5 g x 22% = 2500 mg x 0.22 = 550 mg per pack
    one("preroll 5 pack, half gram each, flower is 22% total thc, mg thc per pack?", 550),
]

DECARB: list[HeldOut] = [
    # 500 g x 0.877 = 438.5 g
    one("decarbing 500g thca isolate, theoretical thc in grams?", 500 * FACTOR),
    # 2500 x 0.877 x 0.88 = 2192.5 x 0.88 = 1929.4 mg
    one("2,500 mg thca, decarb at 88% efficiency - how much thc", 2500 * FACTOR * 0.88),
    # 1.2 kg = 1200 g x 0.123 = 147.6 g lost
    one("how many grams of mass do we lose decarbing 1.2kg of thca", 1200 * (1 - FACTOR)),
    # 7 g x 0.877 = 6.139 g
    one("thca crystals 7 g, theoretical delta 9 after decarb?", 7 * FACTOR),
    # 300 mg x 0.123 = 36.9 mg
    one("whats the decarb mass loss on 300 mg THCa, in mg", 300 * (1 - FACTOR)),
    # 200 g x 0.877 x 0.90 = 157.86 g
    one("two hundred grams of thca at ninety percent conversion, how much thc", 200 * FACTOR * 0.9),
]

DILUTION: list[HeldOut] = [
    # V1 = 2000 mL x 2.5 / 40 = 125 mL
    one("stock is 40mg/ml, need 2 liters of 2.5 mg/ml drink base, how much stock in ml", 125),
    # V1 = 750 x 5 / 100 = 37.5 mL
    one("how much of my 100 mg/ml emulsion to make 750ml at 5mg/ml", 37.5),
    # V2 = 60 x 50 / 20 = 150 mL; add 150 - 60 = 90 mL
    one("i have 60 ml of 50 mg/ml tincture, want it at 20 mg/ml. how much mct do i add", 90),
    # 250 x 30 / 12 = 625 g final; add 625 - 250 = 375 g
    one("250 g of 30% thc concentrate, cutting it to 12%, how much carrier oil", 375),
    # V1 = 4000 mL x 1.5 / 25 = 240 mL
    one("c1v1=c2v2 — c1 25mg/ml, c2 1.5 mg/ml, v2 4L. v1 in ml?", 240),
    # 1200 cans x 10 mg = 12000 mg / 50 mg/mL = 240 mL (the 355 mL can size cancels out)
    one(
        "seltzer run #14: 1,200 cans x 355 ml, target 10 mg per can. our nano is 50 mg/ml. how "
        "many ml of nano total",
        240,
    ),
]

TERPENES: list[HeldOut] = [
    # t / (300 + t) = 0.05 -> t = 300 x 5 / 95 = 15.78947 g
    one("want terps at 5% of the final blend, 300g disty, how much terp", 300 * 5 / 95),
    # 3% of 1200 g = 36 g
    one("terps at 3% of the distillate weight, 1.2kg disty, grams of terp?", 36),
    # t = 80 x 8 / 92 = 6.956522 g
    one(
        "how much terps to add to 80 g of distillate so terps are 8% of the whole thing",
        80 * 8 / 92,
    ),
    # 4.5 / (4.5 + 85.5) = 4.5 / 90 = 5 %
    one("4.5 g terps mixed w/ 85.5 g distillate, what % of the blend is terps", 5),
    # 12% of 45 g = 5.4 g
    one("reintroducing terpenes at 12% w/w of the distillate, 45 g disty, how many g terps", 5.4),
]

BLENDS: list[HeldOut] = [
    # (2000 x 82 + 750 x 94) / 2750 = (164000 + 70500) / 2750 = 85.272727 %
    one("mixing 2 kg of 82% with 750g of 94%, potency?", (2000 * 82 + 750 * 94) / 2750),
    # x = 500 x (78 - 60) / (90 - 60) = 500 x 18 / 30 = 300 g of the 90%
    one("have 90% and 60% disty, need 500 g at 78%. how much of the 90 goes in", 300),
    # 55% part = 1 kg x (95 - 80) / (95 - 55) = 1 x 15 / 40 = 0.375 kg (no unit asked: the
    # question's kg)
    one("blending 95% with 55% to get 1kg at 80% - how much of the 55% do i need", 0.375),
    # (120 x 87.5 + 80 x 72) / 200 = (10500 + 5760) / 200 = 81.3 %
    one("blend 120 g @ 87.5% and 80 g @ 72% whats the result", 81.3),
    # (100 x 90 + 200 x 80 + 100 x 70) / 400 = 32000 / 400 = 80 %
    one("three jars going in the kettle: 100g at 90%, 200g at 80%, 100g at 70%. final %?", 80),
]

INFUSION: list[HeldOut] = [
    # quarter = 7 g x 19% = 1330 mg; 2 sticks = 1 cup = 16 tbsp -> 83.125 mg/tbsp
    one("threw a quarter of 19% into 2 sticks of butter, mg per tbsp?", 7000 * 0.19 / 16),
    # 10 g x 24% = 2400 mg / 48 tsp = 50 mg/tsp
    one("10g @ 24% in 1 cup coconut oil, per teaspoon how much thc", 50),
    # eighth 3.5 g x 16% = 560 mg; half cup = 8 tbsp -> 70 mg/tbsp
    one("made oil w/ an eighth of 16% in half a cup of olive oil, how many mg in a tbsp", 70),
    # 3.5 g x 22% = 770 mg; 1 stick = half cup = 24 tsp -> 32.0833 mg/tsp
    one("1 stick butter, 3.5g flower 22%thc, mg per tsp", 770 / 24),
    # 14 g x 20% = 2800 mg x 0.70 = 1960 mg / 16 tbsp = 122.5 mg/tbsp
    one(
        "infused 14 g of 20% flower into 1 cup butter, figure we lose 30% in the process, "
        "mg per tbsp",
        122.5,
    ),
    # 21 g x 15% = 3150 mg; 1.5 cups = 24 tbsp -> 131.25 mg/tbsp
    one("one and a half cups of butter, 21 grams at 15 percent — mg per tablespoon", 131.25),
]

EDIBLES: list[HeldOut] = [
    # 20 x 5 mg = 100 mg per package
    one("bag of 20 gummies, 5mg each, how many mg in the whole package", 100),
    # 100 / 16 = 6.25 mg per piece
    one("100mg chocolate bar scored into 16 pieces, mg per piece", 6.25),
    # 200 / 40 = 5 mg per piece
    one("package says 200mg total, 40 pieces in it. per piece?", 5),
    # 3200 mg x 0.885 / 250 = 2832 / 250 = 11.328 mg
    one("poured 3.2 g of 88.5% disty into 250 gummies mg per gummy", 3200 * 0.885 / 250),
    # 5000 x 5 / 0.926 = 26997.84 mg = 26.99784 g
    one("need 5,000 gummies at 5mg, disty is 92.6%, grams?", 5000 * 5 / 0.926 / 1000),
    # 2500 x 10 / 0.85 / 0.94 = 31289.11 mg = 31.28911 g
    one(
        "2500 pieces at 10mg, 85% oil, we lose about 6%, how much oil in grams",
        25000 / 0.85 / 0.94 / 1000,
    ),
    # 10000 x 2.5 / 0.90 = 27777.8 mg = 27.7778 g
    one(
        "ten thousand mints at two point five mg, 90 percent distillate, how many grams",
        25000 / 0.9 / 1000,
    ),
    # 1000 / 10 = 100 doses
    one("how many 10 mg doses in a 1000mg tincture", 100),
    # 2400 mg / (2 x 29.5735 mL) = 2400 / 59.1471 = 40.5767 mg/mL
    one("2400mg in a 2 oz bottle, mg/ml?", 2400 / (2 * FLOZ_ML)),
    # 1000 / 30 = 33.3333 mg per 1 mL dropper
    one("1000mg cbd in 30ml, dropper is 1ml, how much per dropper", 1000 / 30),
    # 1500 / 30 = 50 mg/mL x 0.5 mL = 25 mg
    one("my patient takes half a dropper of the 1500mg/30ml tincture, how many mg is that", 25),
]

UNITS_AND_YIELDS: list[HeldOut] = [
    # QP = 112 g
    one("how many grams in a qp", 112),
    # 453.59237 / 3.5 = 129.6 -> 129 whole eighths
    one("how many eighths can i get out of a pound", 129),
    # 3000 / 453.59237 = 6.61387 lb
    one("3 kilos is how many lbs", 3000 / POUND_G),
    # 5 zips x 28 = 140 g
    one("how many grams in 5 zips", 140),
    # 16 x 29.5735 = 473.176 mL
    one("16 fl oz in ml?", 16 * FLOZ_ML),
    # 112 g x 0.95 = 106.4 -> 106 whole 1 g pre-rolls
    one("how many 1g prerolls from a QP if we lose 5% to trim & spillage", 106),
    # 31 x 453.59237 / 24000 W = 14061.36 / 24000 = 0.585890 g/W
    one("pulled 31 lb dry from 24 lights at 1,000 W each, gpw?", 31 * POUND_G / 24000),
    # 10 x 12 = 120 sq ft; 4200 / 120 = 35 g/sq ft
    one("4.2 kg dry off a 10x12 ft room, grams per sq ft?", 35),
    # 3.1 / 45 x 100 = 6.8889 %
    one("ran 45 lbs of trim, got 3.1 lbs of crude — yield %", 3.1 / 45 * 100),
    # 96 / 2000 x 100 = 4.8 %
    one("washed 2,000 g fresh frozen, pulled 96 g of hash, whats my return", 4.8),
    # 340 x 0.23 = 78.2 lb (9/14 is a date)
    one("wet was 340 lbs harvested on 9/14, lose 77% in the dry. dry weight?", 78.2),
    # 12 kg x 0.24 = 2.88 kg
    one("we keep about 24% after drying, 12 kg wet, what do we end with", 2.88),
    # 600 x 0.82 = 492 g
    one("600 g of crude, 18% loss in winterization, whats left", 492),
    # 300 g / 0.5 g = 600 carts
    one("how many half gram carts from 300 g of oil", 600),
    # 1300 / 0.7 = 1857.14 -> 1857
    one("1.3 kg of flower into 0.7g prerolls how many", 1857),
    # 250 x 0.97 = 242.5 g / 0.85 = 285.29 -> 285 carts
    one("filling 0.85 g carts from 250 g disty, 3% loss in the filler, how many carts", 285),
]

MONEY: list[HeldOut] = [
    # 1650 / 453.59237 = 3.637627 $/g
    one("paying $1,650/lb, price per gram", 1650 / POUND_G),
    # 575 / 112 = 5.133929 $/g
    one("qp for 575 whats per g", 575 / 112),
    # 2400 / 16 = 150 $ per zip
    one("2400 a pound, what's that per zip", 150),
    # 45 x 1.15 = 51.75 $
    one("$45 eighth plus 15% excise, total?", 51.75),
    # 60 x 1.15 = 69 x 1.0825 = 74.6925 $
    one("$60 pre tax, 15% excise then 8.25% sales tax on top, out the door?", 60 * 1.15 * 1.0825),
    # 35 / 3.5 = 10 $/g
    one("price per gram on a $35 eighth", 10),
    # (91.5 - 100) / 100 = -8.5 %
    one("label says 100mg, lab got 91.5mg, variance %", -8.5),
    # (11.3 - 10) / 10 = 13 %
    one("gummies labelled 10 mg, tested 11.3, how far over in %", 13),
    # 5 x (1 - 0.20) = 4 mg low end
    one("5mg claim, +/-20% allowed — whats the lowest passing result", 4, "low"),
]

ANSWERABLE: list[HeldOut] = [
    *TOTALS,
    *DECARB,
    *DILUTION,
    *TERPENES,
    *BLENDS,
    *INFUSION,
    *EDIBLES,
    *UNITS_AND_YIELDS,
    *MONEY,
]

FOLLOW_UPS: list[HeldOut] = [
    # 0.9 + 22.1 x 0.877 = 0.9 + 19.3817 = 20.2817 %
    HeldOut(
        ("thca 22.1% d9 0.6% total?", "what if d9 comes back 0.9 instead"), 0.9 + 22.1 * FACTOR
    ),
    # 1000 x 5 / 0.90 = 5555.56 mg = 5.55556 g
    HeldOut(("1,000 gummies at 10mg, 90% disty, how much", "and at 5 mg each?"), 5000 / 0.9 / 1000),
    # 7 g x 18% = 1260 mg / 48 tsp = 26.25 mg/tsp
    HeldOut(("7 grams of 18% flower in a cup of butter mg per tbsp", "what about per tsp"), 26.25),
    # (500 x 90 + 500 x 80) / 1000 = 85 %
    HeldOut(("mix 500 g of 90% with 500 g of 70%", "what if the second one is 80%"), 85),
    # 2000 / 453.59237 = 4.409245 $/g
    HeldOut(("paying 1800/lb, per gram?", "and if he wants 2k a pound"), 2000 / POUND_G),
    # V1 = 2000 x 3 / 30 = 200 mL
    HeldOut(("stock 30 mg/ml, need 1 L at 3 mg/ml, how much stock", "make it 2 liters"), 200),
]

MISSING: list[HeldOut] = [
    one("how much disty for 600 gummies", None),  # no dose, no potency
    one("coa came back on the purple punch, whats my total thc", None),  # no results
    one("whats the mg per tbsp if i put 10g of flower in a cup of butter", None),  # no potency
    one("tincture has 900mg, how much per dropper", None),  # no volume
    one("dilute my 40 mg/ml stock down to 4 mg/ml, how much stock do i need", None),  # no volume
    one("coa says thca 112% and d9 1%, total thc?", None),  # impossible: over 100%
    one("decarb -5 g thca, theoretical thc?", None),  # impossible: negative mass
    one("blend 300g of 90% with some 70%, what potency", None),  # no second mass
    one("dry weight at 76% moisture loss?", None),  # no wet weight
]
