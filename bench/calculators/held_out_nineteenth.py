"""The nineteenth held-out set: written by helper h20set19 without reading the calculators.

Written from issue 20's list of calculations. Before writing, the author read only the
benchmark's `cli.py`, the `HeldOut` type, `one` and the constants in `held_out.py`, and the
docstrings and opening lines of the seventeenth and eighteenth sets (for the format and the
conventions); nothing under src/, no tests, and no other set's cases. The people typing are
formulators, kitchen managers, extractors, growers, budtenders and hemp farmers: lower case,
typos, glued units ("3.2g", "88%", "30ml"), numbers in words, thousands separators, numbers
buried in a story, and COAs pasted as text in layouts of their own (a dotted "name ..... value"
profile, an mg/g-only list with a "Total Cannabinoids" line). Ten conversations run over two
or three turns and reuse what an earlier turn gave ("what if it tests at 92%?", "what about a
quarter", "and 1,000?"). Ten lack an input, contradict themselves or give an impossible one
(a potency over 100%, a moisture loss over 100%, a blend target above both lots, two THCA
figures for one jar); for those `expected` is None: the right reply asks or explains, and
gives no number.

Conventions (issue 20's, as the earlier sets state them).
- 0.877: total THC = delta-9 THC + 0.877 x THCA, dry-weight basis (USDA hemp rule, 7 CFR
  990.1, "Total THC"); total CBD = CBD + 0.877 x CBDA (the same lost CO2). Hemp is at most 0.3%
  total THC (7 CFR 990.1, "Hemp"). ND is 0; mg/g / 10 = %. A hemp or state-cap question expects
  the total THC %, the figure the verdict compares.
- Ounces: the trade's ounce is 28 g (eighth 3.5 g, quarter 7 g); a user who says "a true
  ounce, 28.35 g" is taken at their grams. A pound is 453.59237 g (NIST Handbook 44, App. C).
- Kitchen: 1 US cup = 16 tbsp = 48 tsp; a stick of butter is half a cup; a THCA % is x 0.877.
- THC in a product: mass mg x potency / 100. Decarboxylation: THC = acid x 0.877 (x the
  stated efficiency), compared as `thc_mg`; mass lost = acid x (1 - 0.877), in the input unit.
- Dose per piece: concentrate mg x potency (x (1 - loss)) / pieces. Concentrate needed:
  pieces x mg / potency in grams (/ (1 - loss)). Servings: package mg / mg per serving.
- Tinctures: mg / mL; a dropper 1 mL, half a dropper 0.5 mL. Dilution: V1 = C2 V2 / C1 (mL).
- Blends: the mass-weighted mean; second lot to a target = m1 (target - p1) / (p2 - target).
- Terpenes: "% of the final blend" = d t / (100 - t); "% of the distillate" = d t / 100.
- Scaling: ingredient x new / old. Drying: dry = wet x (100 - loss) / 100, in the input unit.
  Yield: dry g / sq ft; dry g / total watts. Price per gram: $ per lb / 453.59237.
- Variance: window claim x (1 -/+ tol), `low` (or `high` when the top is asked); a result
  against its label: (measured - label) / label x 100, signed.
- A follow-up changes only what it names; nothing is rounded.

First run, on 2026-11-29, before any change for this set (`python -m bench calculators --set
nineteenth --errors`, run once): 40 of 45 right (88.9%: 33/35 single questions, 7/10
follow-ups; 2 asked for an input they had, 3 wrong; 44 of 45 recognised; 2 answers named an
input they did not use: the COA's CBGA row and its CBN row, both rightly unused); missing
inputs asked or explained 10 of 10 (3 of them an impossible input explained), 0 answered with
a number. No expected value was changed. Not right, with the case's first words:
- "a true ounce, 28.35 grams, of 20% flower": no calculation recognised (28.35 g x 20% =
  5670 mg).
- "a two hundred milligram tin with ten mg per serving": 30 servings, not 200 / 10 = 20 (the
  number in words misread).
- "THCa 19.6%, d9 .5%, total? / how many mg in a 3.5 then": stopped at the total THC %
  (17.6892%), not the THC in 3.5 g (619.122 mg).
- "recipe uses 1.8 g disty per 50 pieces / scale to 400 / and 1,000?": asked for a potency a
  scaling does not need (1.8 g x 1000 / 50 = 36 g).
- "harvested 9.5 kg wet ... / it dries down by 75%, how many kg dry": asked for the loss it
  had read ("dries down by 75%"; 9.5 x 0.25 = 2.375 kg).
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, POUND_G, HeldOut, one

# A dotted "name ..... value" profile, CBGA and CBD rows nobody asked about.
_COA_DOTTED = (
    "pasting the profile off the pdf for Lemon Cherry batch LC-0412 (tested 11/02):\n"
    "Cannabinoid Profile\n"
    "THCa ............ 24.8 %\n"
    "Δ9-THC .......... 0.62 %\n"
    "CBGa ............ 1.1 %\n"
    "CBD ............. ND\n"
    "whats the total thc"
)  # 0.62 + 24.8 x 0.877 = 0.62 + 21.7496 = 22.3696 %
# A cart COA in mg/g only, with a Total Cannabinoids line that is not total THC.
_COA_CART = (
    "cart coa (mg/g)\n"
    "D9-THC 801.2\n"
    "THCA 12.4\n"
    "CBN 6.0\n"
    "Total Cannabinoids 842.3\n"
    "how many mg of thc in one of our half gram carts"
)  # total = 80.12 + 1.24 x 0.877 = 81.20748 %; 500 mg x 0.8120748 = 406.0374 mg

ANSWERABLE: list[HeldOut] = [
    one(_COA_DOTTED, 0.62 + 24.8 * FACTOR),  # 22.3696
    one(_COA_CART, 500 * (80.12 + 1.24 * FACTOR) / 100),  # 406.0374
    # 1.9 mg/g = 0.19 %, 2.6 mg/g = 0.26 %: 0.19 + 0.26 x 0.877 = 0.41802 % (over 0.3)
    one(
        "hemp coa came back d9 thc 1.9 mg/g, thca 2.6mg/g ... are we still legal hemp?",
        0.19 + 0.26 * FACTOR,
    ),
    # 0.04 + 0.21 x 0.877 = 0.04 + 0.18417 = 0.22417 % (under)
    one(
        "farmer here, lab says delta 9 is .04% and THCa .21%. do we pass the 0.3 rule",
        0.04 + 0.21 * FACTOR,
    ),
    # state cap: 0.11 + 0.27 x 0.877 = 0.11 + 0.23679 = 0.34679 %
    one(
        "our state caps hemp flower at 0.3% total thc. pre-harvest test: d9 0.11%, thca "
        "0.27%. whats our total and do we make it",
        0.11 + 0.27 * FACTOR,
    ),
    # 0.45 + 11.2 x 0.877 = 0.45 + 9.8224 = 10.2724 %
    one("cbda 11.2% cbd .45% - total cbd on this?", 0.45 + 11.2 * FACTOR),
    # 1 g x 31.5 % = 315 mg
    one("how much thc is in a 1g preroll @31.5%", 1000 * 0.315),
    # 3.5 g x 24 % = 840 mg
    one("customer asking how many milligrams of thc in an eighth of the 24% runtz", 3500 * 0.24),
    # the user's own true ounce: 28.35 g x 20 % = 5670 mg
    one("a true ounce, 28.35 grams, of 20% flower. total mg thc?", 28350 * 0.20),
    # 40 g x 0.877 x 0.95 = 33.326 g = 33326 mg
    one(
        "decarbing 40g of thca crystalline, figure 95% efficiency, how much thc do i end up with",
        40000 * FACTOR * 0.95,
        "thc_mg",
    ),
    # 250 g x (1 - 0.877) = 250 x 0.123 = 30.75 g lost
    one(
        "how much weight do i lose decarbing 250 g of thca? need it for the yield sheet",
        250 * (1 - FACTOR),
    ),
    # 3.2 g x 88 % / 80 = 2816 / 80 = 35.2 mg
    one("put 3.2g of 88% distillate into 80 gummies, mg each?", 3200 * 0.88 / 80),
    # 7 g x 82 % = 5740 mg x 0.90 = 5166 mg / 144 = 35.875 mg
    one(
        "7 grams of 82% disty into a tray of 144 chocolates, we lose about 10% in the molds. "
        "mg per chocolate?",
        7000 * 0.82 * 0.90 / 144,
    ),
    # 2500 x 10 mg = 25000 mg / 0.913 = 27382.26 mg = 27.38226 g
    one(
        "need 2,500 gummies at 10mg, distillate tests 91.3%. how many grams do i weigh",
        2500 * 10 / 0.913 / 1000,
    ),
    # 4000 x 5 = 20000 mg / 0.86 = 23255.81 mg / (1 - 0.08) = 25278.06 mg = 25.27806 g
    one(
        "kitchen mgr here. 4000 mints at 5 mg, oil is 86%, and we always lose around 8% in "
        "the kettle. grams of oil to pull?",
        4000 * 5 / 0.86 / 0.92 / 1000,
    ),
    # two hundred mg / ten mg = 20 servings
    one("a two hundred milligram tin with ten mg per serving, how many servings is that", 200 / 10),
    # 1500 mg / 30 mL = 50 mg per 1 mL dropper
    one("1500mg cbd in a 30ml bottle. how many mg per dropper", 1500 / 30),
    # 1.2 g x 90 % = 1080 mg / 60 mL = 18 mg/mL
    one(
        "dissolving 1.2 g of 90% distillate in mct to make a 60 ml tincture, mg per ml?",
        1200 * 0.90 / 60,
    ),
    # V1 = 200 mL x 5 / 25 = 40 mL
    one("have a 25 mg/ml stock, need 200 ml at 5 mg/ml. how much stock", 200 * 5 / 25),
    # (300 x 92 + 150 x 68) / 450 = (27600 + 10200) / 450 = 84 %
    one("mixing 300g of 92% disty with 150g of 68%, what's it come out to", 84.0),
    # 400 x (85 - 94) / (70 - 85) = 400 x 9 / 15 = 240 g
    one(
        "got 400 g at 94% and a bunch of 70% lying around. how much of the 70 do i add to "
        "bring it down to 85%",
        240.0,
    ),
    # 45 x 8 / 92 = 3.913043 g
    one(
        "want 8% terps in the final blend, 45 g of distillate, how many grams of terps", 45 * 8 / 92
    ),
    # 120 x 6 / 100 = 7.2 g
    one(
        "adding terpenes at 6% by weight of the distillate, i have 120g disty. grams of terps?", 7.2
    ),
    # 2.4 g x 450 / 60 = 18 g
    one(
        "recipe for 60 gummies calls for 2.4 g distillate. scaling to 450 gummies how much?",
        2.4 * 450 / 60,
    ),
    # 14,200 g x (100 - 76) / 100 = 3408 g
    one("wet weight 14,200 g, this strain loses like 76% drying. dry weight?", 14200 * 0.24),
    # 1850 g / (10 x 12 = 120 sq ft) = 15.41667 g/sq ft
    one("pulled 1,850 g dry off a 10x12 room. grams per sq ft?", 1850 / 120),
    # 2100 g / (4 x 630 = 2520 W) = 0.833333 g/W
    one("4 x 630w lights, took down 2.1 kg dry. grams per watt?", 2100 / 2520),
    # $1,450 / 453.59237 g = $3.19670 / g
    one("paid $1,450/lb for the smalls, whats that per gram", 1450 / POUND_G),
    # 10 mg x (1 - 0.15) = 8.5 mg
    one(
        "label says 10mg per gummy and the state allows plus or minus 15%. lowest that passes?",
        10 * 0.85,
        "low",
    ),
    # (87.4 - 100) / 100 x 100 = -12.6 %
    one("labeled 100mg, lab tested 87.4mg. how far off in percent", -12.6),
    # 7 g x 18 % = 1260 mg / 48 tsp = 26.25 mg
    one("7g of 18% flower into a cup of coconut oil, how many mg per tsp", 7000 * 0.18 / 48),
    # 14 g x 20 % THCA x 0.877 = 2455.6 mg; 2 sticks = 1 cup = 16 tbsp: 153.475 mg
    one(
        "14 g of flower, 20% thca, into 2 sticks of butter. mg thc per tablespoon?",
        14000 * 0.20 * FACTOR / 16,
    ),
    # 2 g x 65 % = 1300 mg / 30 = 43.3333 mg
    one(
        "so my buddys mom wants edibles for her knees, ive got 2 grams of rso at like 65% and "
        "she wants thirty gummies out of it, how strong is each one",
        2000 * 0.65 / 30,
    ),
    # 5 g x 0.877 = 4385 mg / 100 = 43.85 mg
    one(
        "decarb 5 g thca isolate (assume full conversion) then split into 100 gummies, mg each",
        5000 * FACTOR / 100,
    ),
    # 100 mg / 10 = 10 mg
    one("10-pack of gummies labeled 100mg total. mg per gummy?", 10.0),
]

# The flower of the two-turn follow-up: 0.5 + 19.6 x 0.877 = 17.6892 %
_FLOWER = 0.5 + 19.6 * FACTOR

FOLLOW_UPS: list[HeldOut] = [
    # 1200 x 5 = 6000 mg / 0.92 = 6521.739 mg = 6.521739 g
    HeldOut(
        ("need 1,200 gummies at 5 mg, disty is 89%. grams?", "what if it tests at 92%?"),
        1200 * 5 / 0.92 / 1000,
    ),
    # a quarter = 7 g x 27 % = 1890 mg
    HeldOut(("how many mg thc in an eighth of 27%", "what about a quarter"), 7000 * 0.27),
    # 2000 / 60 x 0.5 = 16.6667 mg
    HeldOut(("tincture: 2000 mg cbd in 60 ml", "how much in half a dropper"), 2000 / 60 * 0.5),
    # (200 x 88 + 150 x 76) / 350 = (17600 + 11400) / 350 = 82.857143 %
    HeldOut(
        ("blend 200 g of 88% with 100 g of 76%", "what if i use 150 g of the 76 instead"),
        29000 / 350,
    ),
    # 17.6892 % x 3500 mg = 619.122 mg
    HeldOut(("THCa 19.6%, d9 .5%, total?", "how many mg in a 3.5 then"), 3500 * _FLOWER / 100),
    # 1000 mL x 2.5 / 50 = 50 mL
    HeldOut(
        ("stock is 50 mg/ml, need 250 ml at 2.5 mg/ml", "and to make 1 liter?"), 1000 * 2.5 / 50
    ),
    # 1.8 g x 1000 / 50 = 36 g
    HeldOut(
        ("recipe uses 1.8 g disty per 50 pieces", "scale to 400", "and 1,000?"), 1.8 * 1000 / 50
    ),
    # $1,600 / 453.59237 = $3.52740 / g
    HeldOut(("vendor quoted $1,600 a pound", "whats that per gram"), 1600 / POUND_G),
    # 25 x 1.10 = 27.5 mg
    HeldOut(("label 25mg per gummy, +/-10% allowed", "what about the high end"), 27.5, "high"),
    # 9.5 kg x (100 - 75) / 100 = 2.375 kg
    HeldOut(
        ("harvested 9.5 kg wet off the back room", "it dries down by 75%, how many kg dry"),
        9.5 * 0.25,
    ),
]

MISSING: list[HeldOut] = [
    # no potency, no count
    one("how many mg in each gummy if I put 5 grams of distillate in", None),
    # no potency
    one("how much distillate do i need for 500 gummies at 10mg each", None),
    # impossible potency
    one("distillate tests 104% thc, 200 gummies at 10 mg, how much disty", None),
    # two THCA figures for one jar
    one(
        "coa says 23.1% thca but the jar sticker says 19.4% thca, d9 0.3%. whats the total thc",
        None,
    ),
    # target above both lots
    one("how much 90% disty to add to 300 g of 80% to get it up to 95%", None),
    # a moisture loss over 100 %
    one("wet weight 12 kg, it loses 110% moisture, dry weight?", None),
    # no wattage
    one("got 1.6 kg off the room this run, grams per watt?", None),
    # no target concentration
    one("have 40 mg/ml stock, want 500 ml, how much stock do i use", None),
    # no volume
    one("1500mg bottle of cbd, how much per dropper", None),
    # no distillate mass
    one("how many grams of terps do i add to my distillate for 7% of the final blend", None),
]
