"""The twelfth held-out set: written by helper h20calc12 without reading the calculators.

Written from issue 20's list of calculations alone. The writer read only the benchmark's
`cli.py`, `__main__.py`, `__init__.py` and the eleventh set's docstring and opening lines,
for the format; not the calculators, their readers, the agents, their tests or any other
set's cases. The voices are extraction and post-processing techs, kitchen leads, home cooks,
budtenders, hemp farmers, growers, tincture makers and buyers, typing fast: lower case,
typos, glued units ("85%thc", "10mg"), numbers in words, thousands separators, ranges, every
cannabinoid spelling (delta-9, Δ9-THC, d9, THC-A, THCa, CBD-A, CBDa, CBN, CBG), COA tables
pasted as text (pipes, aligned columns, key: value lines, CSV) and stories full of numbers
that are not inputs (batch and room numbers, dates, acreage, tag numbers, prices). Some
conversations give the needed number, or change one, only in a later turn. Some questions
lack an input or give an impossible one; the right answer to those is a question or an
explanation, and no number.

Source of the factor. Total THC = delta-9 THC + 0.877 x THCA is the USDA's definition for
hemp testing (7 CFR 990.1, "Total THC", eCFR part 990); 0.877 is the ratio of the molar
masses, THC 314.47 g/mol over THCA 358.48 g/mol. CBD and CBDA have the same molar masses as
THC and THCA, so total CBD = CBD + 0.877 x CBDA.

Conventions (those of the eleventh set, whose docstring states them):
- Totals. Total = neutral + 0.877 x acid (`FACTOR`), ND counts as 0. A total asked "as a
  percent" from mg/g is the mg/g total / 10. A hemp question expects the total THC in %; the
  0.3% verdict is in the wording, and the number is what gets compared.
- Decarboxylation. THC = acid x 0.877, times the stated efficiency; the mass lost is the rest.
- Amounts. A zip is 28 g, a QP 112 g, an eighth 3.5 g and a quarter 7 g (the trade's ounce);
  "oz to grams" as a conversion is the avoirdupois `OUNCE_G`; a pound is `POUND_G`, fluid
  ounces `FLOZ_ML`, and a tablespoon is `CUP_ML` / 16.
- Kitchen measures. 1 cup = 2 sticks of butter = 16 tbsp = 48 tsp; a dropper is 1 mL. A
  flower's stated THC % goes into butter or oil whole unless a loss is stated.
- Dilution. C1V1 = C2V2, and "how much to add" is the final amount less the stock.
- Terpenes. Of the blend, terps = d x t / (100 - t); of the distillate, terps = d x t / 100.
- Blends. The weight average; the amount of a second lot to reach a target is
  m1 x (target - p1) / (p2 - target).
- Losses and yields. A loss of L% scales by (100 - L)%; concentrate needed with a process loss
  is the need / (100 - L)%. Dry = wet x (100 - loss)%. Yield = output / input in %; drying
  loss = (wet - dry) / wet in %.
- Variance is (measured - label) / label in %, signed.
- Rounding. Piece counts are whole pieces, rounded down; masses are not rounded. The number
  expected is the one asked for, in the unit asked for.
"""

from __future__ import annotations

from bench.calculators.held_out import CUP_ML, FACTOR, FLOZ_ML, OUNCE_G, POUND_G, HeldOut, one

TBSP_ML = CUP_ML / 16  # 14.78676478125 mL, the US tablespoon

# Pipes, with CBN and CBG rows and a header of numbers that are not inputs.
_COA_PIPES = (
    "ok here's the coa for batch 7731-B (harvest 10/02, room 4, tag 1A4FF0300002459000012345)\n"
    "| analyte | result % |\n"
    "| THCa | 19.85 |\n"
    "| Δ9-THC | 0.42 |\n"
    "| CBN | 0.06 |\n"
    "| CBG | 0.88 |\n"
    "| CBDa | ND |\n"
    "so what's total thc"
)

# Key: value lines from a hemp lab portal.
_COA_KEYVALUE = (
    "hemp lot HL-2026-118, 42 acres, pulled 15 days pre-harvest per the rule.\n"
    "thca: 0.21 %\n"
    "delta-9 thc: 0.05 %\n"
    "cbda: 8.9 %\n"
    "cbd: 0.31 %\n"
    "moisture: 11.2 %\n"
    "are we compliant under 0.3 total thc? what's the total"
)

# CSV export, right at the limit.
_COA_CSV = (
    "lims export for field 3 (plot 12, sampled 9/28):\n"
    "analyte,result_pct,loq\n"
    "THCA,0.274,0.01\n"
    "D9THC,0.061,0.01\n"
    "CBDA,11.2,0.01\n"
    "CBD,0.48,0.01\n"
    "total thc for the 0.3% hemp test?"
)

# Aligned columns in mg/g with LOD/LOQ, asked as a percent.
_COA_COLUMNS = (
    "lab: GreenLeaf Analytical #00419   sample 26-0988   rec'd 11/12/2026   12.4 g\n"
    "Analyte     LOD    LOQ    mg/g\n"
    "THC-A       0.03   0.1    241.0\n"
    "d9-THC      0.03   0.1    11.0\n"
    "CBG-A       0.03   0.1    6.2\n"
    "CBN         0.03   0.1    <LOQ\n"
    "whats that as a percent total thc"
)

ANSWERABLE = (
    # --- Total THC / CBD and hemp verdicts ---
    one("coa says THCa 22.4% and d9 0.71%, total thc?", 22.4 * FACTOR + 0.71),  # 20.3548
    one(
        "Δ9-THC 0.08%, THC-A 0.29% on the hemp from the back 40 (we planted 3,000 clones). "
        "are we under the 0.3 total?",
        0.29 * FACTOR + 0.08,  # 0.25433 + 0.08 = 0.33433, over
    ),
    one(
        "THCA 186.2 mg/g, delta-9 THC 4.1 mg/g. total thc in mg/g please",
        186.2 * FACTOR + 4.1,  # 163.2974 + 4.1 = 167.3974
    ),
    one(_COA_COLUMNS, (241.0 * FACTOR + 11.0) / 10),  # (211.357 + 11) / 10 = 22.2357
    one("CBD-A 12.6%, CBD 0.9%, total cbd?", 12.6 * FACTOR + 0.9),  # 11.0502 + 0.9 = 11.9502
    one(_COA_PIPES, 19.85 * FACTOR + 0.42),  # 17.40845 + 0.42 = 17.82845
    one(_COA_KEYVALUE, 0.21 * FACTOR + 0.05),  # 0.18417 + 0.05 = 0.23417, compliant
    one(_COA_CSV, 0.274 * FACTOR + 0.061),  # 0.240298 + 0.061 = 0.301298, just over
    one(
        "budtender q: jar says twenty two point five percent thca and point six percent d9, "
        "whats the real total thc",
        22.5 * FACTOR + 0.6,  # 19.7325 + 0.6 = 20.3325
    ),
    one("26.3%thca, 0.9%d9 — total thc?", 26.3 * FACTOR + 0.9),  # 23.0651 + 0.9 = 23.9651
    one(
        "sample came back THCa 0.38%, delta 9 ND. is this hemp ok, total thc?",
        0.38 * FACTOR,  # 0.33326, over
    ),
    one(
        "isolate coa: CBDa 142.0 mg/g / CBD 6.5 mg/g / CBN 0.4 mg/g. total cbd mg/g?",
        142.0 * FACTOR + 6.5,  # 124.534 + 6.5 = 131.034
    ),
    one(
        "our og kush #4 pheno tested THCa 24% and Δ9 1%. total thc in mg per gram?",
        (24 * FACTOR + 1) * 10,  # (21.048 + 1) x 10 = 220.48
    ),
    one(
        "delta-9 thc 0.7% thc-a 18.9% cbga 1.1% cbg 0.2% — total THC pls",
        18.9 * FACTOR + 0.7,  # 16.5753 + 0.7 = 17.2753
    ),
    one(
        "hemp farmer here, 12 acres of lifter, state lab says thc-a .19 and delta9 .12 "
        "(percent). total thc for the .3 limit?",
        0.19 * FACTOR + 0.12,  # 0.16663 + 0.12 = 0.28663, compliant
    ),
    # --- Decarboxylation ---
    one("1,250 mg THCA decarbed, theoretical THC?", 1250 * FACTOR),  # 1096.25 mg
    one(
        "decarbing 14 grams of kief that's 52% thca, theoretical thc in grams if it all converts",
        14 * 0.52 * FACTOR,  # 7.28 g THCA x 0.877 = 6.38456 g
    ),
    one(
        "2 g of THCa isolate, my oven decarb is like 85% efficient, how much thc do i end up "
        "with in mg",
        2000 * FACTOR * 0.85,  # 1754 x 0.85 = 1490.9 mg
    ),
    one(
        "how much weight does thca lose when it decarbs? i have 500mg of it",
        500 * (1 - FACTOR),  # 500 x 0.123 = 61.5 mg
    ),
    one(
        "decarb 3.5g of diamonds (98% THCA) at 90% efficiency, thc in mg?",
        3500 * 0.98 * FACTOR * 0.9,  # 3430 x 0.877 = 3008.11 x 0.9 = 2707.299 mg
    ),
    # --- Dilution C1V1 = C2V2 ---
    one(
        "have 50mg/ml stock need 30 ml at 10mg/ml how much stock do i use",
        30 * 10 / 50,  # 6 mL
    ),
    one(
        "stock tincture 50 mg/mL, want 250 mL at 12 mg/mL for the 1 oz bottles, how much mct "
        "do i add",
        250 - 250 * 12 / 50,  # stock 60 mL, add 190 mL
    ),
    one(
        "cutting 40 g of 90% disty down to 60%, what's the final mass",
        40 * 90 / 60,  # 60 g
    ),
    one(
        "i have 200 mL at 25 mg/mL. diluting to 1,000 mL total, what's the new strength",
        200 * 25 / 1000,  # 5 mg/mL
    ),
    one(
        "2 fl oz of 100mg/ml concentrate, topping up with glycerin to get 20 mg/ml. total "
        "volume in mL?",
        2 * FLOZ_ML * 100 / 20,  # 59.147059125 mL x 5 = 295.735295625 mL
    ),
    one(
        "beverage base is 400 mg/L, we need 5 liters of 20 mg/L syrup. how many liters of base",
        5 * 20 / 400,  # 0.25 L
    ),
    # --- Blends ---
    one(
        "blending 300g of 92% disty with 200g of 78%, what potency do i get",
        (300 * 92 + 200 * 78) / 500,  # (27600 + 15600) / 500 = 86.4
    ),
    one(
        "have 1.2 kg at 71% thc, want 80%, how much 94% disty to add (grams)",
        1200 * (80 - 71) / (94 - 80),  # 1200 x 9 / 14 = 771.428571 g
    ),
    one(
        "mixing 5 lb of trim at 9% with 2 lb of smalls at 16% for the press, blended %?",
        (5 * 9 + 2 * 16) / 7,  # (45 + 32) / 7 = 11
    ),
    one(
        "i've got four hundred grams of eighty eight percent and want eighty five, how much "
        "of the seventy percent cut do i need",
        400 * (85 - 88) / (70 - 85),  # 400 x (-3) / (-15) = 80 g
    ),
    # --- Terpenes ---
    one(
        "want 8% terps in the final blend, have 46 g disty, how many g terps",
        46 * 8 / (100 - 8),  # 368 / 92 = 4 g
    ),
    one(
        "adding terps at 5% of the distillate weight, 120g disty, grams of terps?",
        120 * 5 / 100,  # 6 g
    ),
    one(
        "I want 10% terpenes by weight of the finished oil, starting from 27.5 g distillate. "
        "grams of terpenes?",
        27.5 * 10 / 90,  # 275 / 90 = 3.055556 g
    ),
    one(
        "adding 3g terps into 47g disty, what's the terp % of the blend",
        3 / (3 + 47) * 100,  # 6%
    ),
    # --- Per serving, piece and package ---
    one("100mg package, 10 pieces, mg each?", 100 / 10),  # 10 mg
    one("each gummy 2.5mg and 40 per jar, total mg in the jar", 2.5 * 40),  # 100 mg
    one(
        "a 45 g chocolate bar at 0.22% THC, how many mg of thc in the bar",
        45_000 * 0.22 / 100,  # 99 mg
    ),
    one(
        "batch of 160 gummies made with 4 g of 80% distillate, mg per gummy",
        4000 * 0.80 / 160,  # 3200 / 160 = 20 mg
    ),
    one("a 1g vape cart at 85%thc, mg thc per cart", 1000 * 0.85),  # 850 mg
    one(
        "package has 100 mg total and a serving is 5mg, how many servings",
        100 / 5,  # 20
    ),
    one(
        "need 500 gummies at 10mg each using 90% disty, how many grams of disty",
        500 * 10 / 0.90 / 1000,  # 5000 mg / 0.9 = 5555.556 mg = 5.555556 g
    ),
    one(
        "making 1,200 chocolates @ 5 mg each for the 12/14 order, disty is 88.5% thc, we lose "
        "about 10% in the tempering. how many grams of disty",
        1200 * 5 / 0.885 / 0.90 / 1000,  # 6000 / 0.885 = 6779.661 / 0.9 = 7532.957 mg
    ),
    one(
        "pieces test anywhere from 9.5-10.5 mg each, 20 per bag. worst case, most mg in a bag?",
        10.5 * 20,  # 210 mg
    ),
    one(
        "customer asking: the tin says 200mg per package and there are 20 mints, whats one mint",
        200 / 20,  # 10 mg
    ),
    # --- Tinctures ---
    one("30 mL bottle with 900 mg cbd, mg per dropper?", 900 / 30),  # 30 mg (1 mL dropper)
    one(
        "tincture is 1500mg in 60ml, how many mg in half a dropper",
        1500 / 60 * 0.5,  # 25 mg/mL x 0.5 mL = 12.5 mg
    ),
    one(
        "how many mg in 0.25 ml of a 600mg/30ml tincture",
        600 / 30 * 0.25,  # 20 x 0.25 = 5 mg
    ),
    # --- Butter and oil ---
    one(
        "I put 14 grams of 18% bud into 1 cup of butter, mg per tbsp?",
        14_000 * 0.18 / 16,  # 2520 mg / 16 = 157.5 mg
    ),
    one(
        "7g of 22% flower in 2 sticks of butter, mg per teaspoon",
        7000 * 0.22 / 48,  # 1540 mg / 48 = 32.083333 mg
    ),
    one(
        "10 g at 15% into a cup of coconut oil, figure 30% loss, mg per tsp",
        10_000 * 0.15 * 0.70 / 48,  # 1500 x 0.7 = 1050 / 48 = 21.875 mg
    ),
    one(
        "half cup of olive oil with 3.5 g of 20% flower, how much thc per tablespoon",
        3500 * 0.20 / 8,  # 700 mg / 8 tbsp = 87.5 mg
    ),
    one(
        "one stick of butter, 5 grams of 24% bud, thc per tbsp?",
        5000 * 0.24 / 8,  # 1200 mg / 8 tbsp = 150 mg
    ),
    one(
        "grandma's recipe: quarter ounce of 16% into 2 cups of butter. mg per cup?",
        7000 * 0.16 / 2,  # quarter = 7 g, 1120 mg / 2 cups = 560 mg
    ),
    one(
        "my butter is 40 mg/tbsp, the recipe uses 3 tbsp and makes 24 cookies, mg per cookie",
        40 * 3 / 24,  # 120 / 24 = 5 mg
    ),
    one(
        "made a cup of butter with 2,800 mg thc in it, recipe calls for 1/2 cup and makes 16 "
        "brownies. mg per brownie",
        2800 / 2 / 16,  # 1400 / 16 = 87.5 mg
    ),
    # --- Moisture and dry weight ---
    one("12 lb wet, expecting 75% moisture loss, dry weight in lb?", 12 * 0.25),  # 3 lb
    one(
        "harvested 4,200 g wet off table 6, dried down to 1,008 g, drying loss %?",
        (4200 - 1008) / 4200 * 100,  # 3192 / 4200 = 76%
    ),
    one(
        "38 kg wet from the greenhouse, it loses 78% drying, how many grams dry",
        38_000 * 0.22,  # 8360 g
    ),
    # --- Yields ---
    one("ran 1000 g of trim got 58 g of oil, yield %?", 58 / 1000 * 100),  # 5.8%
    one(
        "harvested 448 g dry out of my 4x4 tent, grams per sq ft?",
        448 / 16,  # 16 sq ft, 28 g/sq ft
    ),
    one("600w light pulled 510 g, grams per watt?", 510 / 600),  # 0.85 g/W
    one("rosin press: 28g in, 5.6g out, return %", 5.6 / 28 * 100),  # 20%
    # --- Unit conversions and prices ---
    one("how many grams in 2.5 lb", 2.5 * POUND_G),  # 1133.980925 g
    one("convert 3 oz to grams", 3 * OUNCE_G),  # 85.048569375 g
    one("how many tsp in 3 tbsp", 9),  # 3 x 3 = 9 tsp
    one("how many mL is 2 tbsp", 2 * TBSP_ML),  # 29.5735295625 mL
    one("how many eighths in a QP", 112 / 3.5),  # 32
    one(
        "paid 1,600 for a pound, whats my price per gram",
        1600 / POUND_G,  # 3.527396 per g
    ),
    one("p is 2,400/lb, what's that per zip", 2400 / 16),  # 150 per zip
    # --- Label variance ---
    one(
        "label says 10mg per gummy, lab got 8.7, variance %?",
        (8.7 - 10) / 10 * 100,  # -13%
    ),
    one(
        "labeled 25% thc, coa says 22.1, how far off in %",
        (22.1 - 25) / 25 * 100,  # -2.9 / 25 = -11.6%
    ),
)

FOLLOW_UPS = (
    HeldOut(
        ("coa: THCa 0.24%, d9 0.04%, total thc?", "retest came back thca 0.31, same d9"),
        0.31 * FACTOR + 0.04,  # 0.27187 + 0.04 = 0.31187
    ),
    HeldOut(
        ("making butter with 1 cup and some 20% flower", "using 10 grams. mg per tbsp?"),
        10_000 * 0.20 / 16,  # 2000 / 16 = 125 mg
    ),
    HeldOut(
        ("need 300 gummies at 10 mg each from disty", "disty is 92%, how many grams"),
        300 * 10 / 0.92 / 1000,  # 3000 / 0.92 = 3260.870 mg = 3.260870 g
    ),
    HeldOut(
        (
            "blend 500 g at 88% with 250 g at 76%, potency?",
            "what if the second lot is 350 g",
        ),
        (500 * 88 + 350 * 76) / 850,  # (44000 + 26600) / 850 = 83.058824
    ),
    HeldOut(
        ("50 mg/mL stock, need 100 mL at 5 mg/mL, how much stock?", "what about 200 mL"),
        200 * 5 / 50,  # 20 mL
    ),
    HeldOut(
        ("decarb 3 g THCA, theoretical thc in mg", "now at 90% efficiency"),
        3000 * FACTOR * 0.90,  # 2631 x 0.9 = 2367.9 mg
    ),
    HeldOut(
        ("we got 20 lb wet off the last run", "moisture loss is 72%, dry lb?"),
        20 * 0.28,  # 5.6 lb
    ),
    HeldOut(
        ("terps at 6% of the final blend", "for 94 g of distillate, grams of terps?"),
        94 * 6 / 94,  # 564 / 94 = 6 g
    ),
    HeldOut(
        ("1 g cart at 90%, mg thc?", "what if it tests at 82%?"),
        1000 * 0.82,  # 820 mg
    ),
    HeldOut(
        ("gummy batch has 2,000 mg total thc", "cutting it into 80 pieces", "mg per piece?"),
        2000 / 80,  # 25 mg
    ),
    HeldOut(
        ("tincture: 30 ml bottle, 1200 mg cbd. mg per ml?", "oops it's a 60 ml bottle"),
        1200 / 60,  # 20 mg/mL
    ),
)

MISSING = (
    one("how many mg per tbsp if I put 14 g of flower in a cup of butter", None),  # no potency
    one("need 30 mL at 10 mg/mL, how much stock do i use", None),  # no stock strength
    one("blending 200 g of 90% with some 70% disty, what potency", None),  # no second mass
    one("mg per gummy? batch had 2 g of disty", None),  # no count, no potency
    one("how many grams of terps for 8% in the final blend", None),  # no distillate amount
    one("dry weight of 30 lb of wet plants?", None),  # no moisture loss
    one("THCA 104% and d9 1%, total thc?", None),  # impossible: over 100%
    one("decarb -5 g of thca, theoretical thc?", None),  # impossible: negative mass
    one("ran a bunch of trim and got 45 g oil, yield %?", None),  # no input mass
    one("what's the price per gram off the pound price", None),  # no price
    one("label said 10 mg per piece, whats the variance", None),  # no measured value
)
