"""The seventeenth held-out set: written by helper h20set17 without reading the calculators.

Written from issue 20's list of calculations. Before writing, the author read only the
benchmark's `cli.py`, `__main__.py`, `__init__.py`, `held_out.py` (the `HeldOut` type, `one`,
the constants and the detail names its sets use: `low`, `high`, `thc_mg`) and the sixteenth
set's docstring and opening cases; nothing under src/, no tests, and no other set's cases.
The people typing are kitchen leads, extraction and lab techs, budtenders, home cooks, hemp
farmers, QA managers and formulators: lower case, typos, glued units ("3.2g", "89.5%"),
numbers in words, thousands separators, lot, sample, ticket and room numbers, dates and prices
that are not inputs, and pasted COAs in layouts not used before (semicolon-separated lines, a
PDF copy with every cell on its own line, columns giving each result both in % and in mg/g,
an indented "name: value unit" list). Thirteen conversations run over two or three turns and
reuse what an earlier turn gave ("what if it tests 92%?", "same but 1,500 gummies"). Thirteen
lack an input, contradict themselves or give an impossible one (a potency over 100%, a
negative mass); for those `expected` is None: the right reply asks or explains, and gives no
number.

Where 0.877 comes from. The USDA's hemp production rule defines total THC as the delta-9 THC
concentration plus 0.877 times the THCA concentration, on a dry-weight basis (7 CFR 990.1,
definition of "Total THC"; eCFR title 7, part 990). The factor is THC's molar mass over
THCA's (about 314.5 / 358.5 g/mol): decarboxylation drops one CO2. CBDA loses the same group
from the same molar mass, so total CBD uses it too. A hemp lot is over the line above 0.3%
total THC (the same part's definition of hemp).

Conventions behind the expected numbers (each computed below in Python from its inputs; the
sixteenth set's where they apply):
- Totals: neutral + `FACTOR` x acid; ND and <LOQ are 0; mg/g / 10 = %. A total is expected in
  % when the inputs are in % (or a hemp verdict is asked of mg/g inputs), in mg/g when mg/g
  is asked. A hemp question expects the total THC %, the figure compared with the 0.3% limit.
  Where a COA gives each result both in % and in mg/g, the unit asked decides.
- THC in a product: mass in mg x potency / 100; a pack is count x mass per unit first; an
  eighth is 3.5 g; a potency in mg/g is mg per gram of product. A package's mg over its pieces
  is mg per piece.
- Decarboxylation: THC = acid x 0.877 (x the stated efficiency); the mass lost is acid x
  (1 - 0.877), in the unit of the input. A THC from grams or kilograms of acid is compared as
  its mg detail (`thc_mg`).
- Dose per piece: concentrate mg x potency / pieces. Concentrate needed: pieces x mg /
  potency, in grams, divided again by (1 - loss) when a process loss is stated.
- Kitchen: 1 cup = 16 tbsp = 48 tsp; a stick of butter is half a cup (8 tbsp, 24 tsp). A
  flower's THC % goes in whole unless a loss is stated (then x (1 - loss)); a THCA % is
  multiplied by 0.877 first; a flower with a THCA and a d9 figure goes in at its total THC.
- Tinctures: mg / mL; a dropper is 1 mL, half a dropper 0.5 mL.
- Dilution: C1V1 = C2V2 (the stock volume, in mL); by mass, the carrier to add is
  m x p1 / p2 - m.
- Blends: the mass-weighted mean; the amount of a second lot to reach a target is
  m1 x (target - p1) / (p2 - target), in the unit of m1.
- Terpenes: "% of the final blend" = d x t / (100 - t); "% by weight of the distillate" =
  d x t / 100.
- Scaling: ingredient x new count / old count.
- Drying: dry = wet x (100 - loss) / 100. Yield per watt: dry g / total watts.
- Variance: a window is claim x (1 -/+ tolerance), compared on its `low` detail; a measured
  result against a label is (measured - label) / label in %, signed.
- Chains: a total computed from a COA is the potency of the next step; a decarboxylated mass
  is the THC shared by the next step's pieces; an infusion's total goes into the kitchen step.
- A follow-up changes only what it names; every other input comes from the earlier turns.
- The number expected is the one asked for, in the unit asked for; nothing is rounded.

First run, on 2026-11-28, before any change for this set (`python -m bench calculators --set
seventeenth --errors`, run once): 50 of 60 right (83.3%: 39/47 single questions, 11/13
follow-ups; 3 asked for an input they had, 7 wrong; 58 of 60 recognised; 4 answers named an
input they did not use); missing inputs asked or explained 10 of 13 (2 of them an impossible
input explained), 2 answered with a number, 1 not recognised. One of the 7 wrong was this
set's own error: the second lot of a blend to a target was expected in grams although the
first lot was given in kg (the calculator's 0.5333 kg is right); its expected value now
follows the unit of the first lot, and nothing else was changed: 51 of 60 (85.0%).
Not right, with the case's first words:
- semicolon COA "GreenLeaf Analytical, sample 26-4471 ... THCA;24.12;%": asked for the THCA
  and d9 results it had (semicolon-separated rows not read as a COA).
- vertical COA "farm 12, lot HP-2231 ... did we pass": one cell per line (analyte, value,
  unit on separate lines), no calculation recognised, no hemp verdict.
- "total cbd pls - cbd-a 12.6%, cbd 0.8%, thca 0.41%": a total CBD question asked for the
  delta-9 THC result, which total CBD does not need.
- "d9 at 2.1 mg/g and thca 7.9 mg/g ... are we under .3?": answered 9.03 mg/g, not the total
  THC % (0.903%) the 0.3% hemp limit is stated in.
- "how much 85% distillate for 120 x 100mg chocolate bars": "120 x 100mg" not read as 120
  pieces at 100 mg; asked for the piece count.
- "coa on our disty: thca 2.1%, d9 88.4%. putting 4g into 200 gummies": chain stopped at the
  THC in 4 g (3609.7 mg), not divided over the 200 gummies (18.05 mg).
- "flower coa thca 25.3% d9 0.7%, how many mg ... in a 3.5g jar": chain stopped at the total
  THC % (22.89%), not the mg in 3.5 g (801.1 mg).
- follow-up "label says 100 mg per pack, lab got 108 mg ... / what about 94 mg": 94 mg taken
  as a new label claim ((108 - 94) / 94 = 14.9%), not as the new lab result (-6%).
- follow-up "30 ml tincture bottle / 1200 mg thc in it / how much in a half dropper?": inputs
  spread over three turns, no calculation recognised.
- missing "need gummies at 10 mg, disty 88%, how many grams": no piece count, not recognised
  (should ask how many gummies).
- missing "coa says thca 24% or 42%, cant read the scan": two readings of one input joined by
  "or", answered with a number from the first (21.55%), not asked which.
- missing "2g of 85% into the cookies, sheet says 48 cookies but the tray shows 60": two
  piece counts that contradict, answered with 48 (35.4 mg), not asked which.

After the classes above were fixed in the readers (helper h20fix17, 2026-11-29; each class
tested in other words in tests/agents/test_calculation_seventeenth_classes.py; no case of this
set changed): 60 of 60 right (100%: 47/47 single questions, 13/13 follow-ups; 60 of 60
recognised; 4 answers name an input they did not use, as before); missing inputs asked or
explained 13 of 13, none answered with a number. Every other set kept its figures.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, HeldOut, one

# Semicolon-separated export, in %, with a CBG row that is not asked about.
_COA_SEMI = (
    "GreenLeaf Analytical, sample 26-4471, received 11/19/2026\n"
    "analyte;result;unit\n"
    "THCA;24.12;%\n"
    "d9-THC;0.55;%\n"
    "CBG;0.90;%\n"
    "CBDA;ND;%\n"
    "total thc?"
)
# A PDF copied cell by cell, one per line: a hemp lot just over the line.
_COA_VERTICAL = (
    "farm 12, lot HP-2231, 40 acres of cherry wine, sampled oct 3\n"
    "Analyte\nResult\nUnit\n"
    "Δ9-THC\n0.071\n%\n"
    "THCA-A\n0.281\n%\n"
    "CBDA\n11.42\n%\n"
    "CBD\n0.63\n%\n"
    "did we pass"
)
# Each result in % and in mg/g; the label wants mg/g.
_COA_TWO_UNITS = (
    "Compound    LOQ(%)   Result(%)   Result(mg/g)\n"
    "THCa        0.05     27.44       274.4\n"
    "D9-THC      0.05     0.39        3.9\n"
    "CBDa        0.05     ND          ND\n"
    "CBGa        0.05     1.12        11.2\n"
    "total thc in mg/g for the label please"
)
# An indented list a QA manager typed from the lab portal, CBD asked.
_COA_LIST = (
    "QA, batch 0412 tincture base (invoice $2,340):\n"
    "  - cbda: 61.8 mg/g\n"
    "  - cbd: 4.7 mg/g\n"
    "  - thca: 1.9 mg/g\n"
    "  - d9 thc: <LOQ\n"
    "total cbd in mg/g?"
)
_DISTY = 88.4 + 2.1 * FACTOR  # the distillate COA of the first chain
_FLOWER = 0.7 + 25.3 * FACTOR  # the flower COA of the second chain
_BUTTER_FLOWER = 1 + 23 * FACTOR  # the flower of the three-step chain

ANSWERABLE: list[HeldOut] = [
    # Totals and hemp verdicts.
    one(_COA_SEMI, 0.55 + 24.12 * FACTOR),
    one(_COA_VERTICAL, 0.071 + 0.281 * FACTOR),
    one(_COA_TWO_UNITS, 3.9 + 274.4 * FACTOR),
    one(_COA_LIST, 4.7 + 61.8 * FACTOR),
    one("total cbd pls - cbd-a 12.6%, cbd 0.8%, thca 0.41%", 0.8 + 12.6 * FACTOR),
    one(
        "d9 at 2.1 mg/g and thca 7.9 mg/g on the sample from field 3, are we under .3?",
        (2.1 + 7.9 * FACTOR) / 10,
    ),
    one("thca twenty-four percent and d9 0.6, whats the total thc", 0.6 + 24 * FACTOR),
    one(
        "hemp farmer here, lab says delta 9 .08% and thc-a .19% - hot or not", 0.08 + 0.19 * FACTOR
    ),
    # THC in a package at a potency.
    one("3.5g eighth @ 24.8% how many mg thc total", 3500 * 0.248),
    one("pack of 5 x 0.7g prerolls, 19% thc, total mg in the pack?", 5 * 700 * 0.19),
    one("a 500mg cart at 88%... mg of thc in it", 500 * 0.88),
    one("2 gram jar of badder, coa shows 742 mg/g total thc, mg in the jar", 2 * 742),
    one("customer asking: 1/8 oz of the 31% stuff, how many milligrams thc", 3500 * 0.31),
    one("100mg pack with 20 gummies in it, how much per gummy", 100 / 20),
    # Decarboxylation.
    one("decarb yield on 4.2 kg thca crystalline?", 4.2e6 * FACTOR, "thc_mg"),
    one("1,250 mg thca decarbed at 88% conversion, how much thc", 1250 * FACTOR * 0.88),
    one("mass loss when we decarb 300 g of thca isolate", 300 * (1 - FACTOR)),
    one("theoretical thc from 750mg of thc-a", 750 * FACTOR),
    # Dose per piece.
    one("3.2g of 89.5% disty in 160 gummies, mg each?", 3200 * 0.895 / 160),
    one("dropped 2 g of 76% rso into a tray of 40 brownies, per brownie mg", 2000 * 0.76 / 40),
    one("1.5 grams at 92% across two hundred mints, dose per mint", 1500 * 0.92 / 200),
    # Concentrate needed, with and without a process loss.
    one("need 2,400 gummies @ 10mg, disty tests 91.3%, grams of disty?", 2400 * 10 / 0.913 / 1000),
    one(
        "formulator: 800 chocolates at 5 mg each, oil is 78%, we lose 5% in the melanger. "
        "how much oil",
        800 * 5 / 0.95 / 0.78 / 1000,
    ),
    one("how much 85% distillate for 120 x 100mg chocolate bars", 120 * 100 / 0.85 / 1000),
    # Dilution.
    one("have 60 mg/ml tincture, want 30 ml at 15 mg/ml. how much stock", 30 * 15 / 60),
    one("dilute 200 g of 92% oil down to 70%, how much mct do i add", 200 * 92 / 70 - 200),
    one("c1v1: 100mg/ml stock, 250 ml of 20mg/ml final, volume of stock?", 250 * 20 / 100),
    # Blends.
    one("mix 300g of 88% with 200g of 72%, potency of the blend", (300 * 88 + 200 * 72) / 500),
    one(
        "got 1.2 kg of 94% and a drum of 81%. how much of the 81% to land at 90%",
        1.2 * (90 - 94) / (81 - 90),  # kg, the unit of the first lot
    ),
    # Terpenes.
    one(
        "terp reintro: 500 g disty, want terps at 8% of the final blend, grams of terps",
        500 * 8 / 92,
    ),
    one(
        "adding terpenes at 5% by weight of the distillate, 750g batch, how much terps",
        750 * 5 / 100,
    ),
    # Infusion and kitchen measures.
    one("infused 1 cup butter with 7 g of 20% thc flower, mg per tablespoon", 7000 * 0.20 / 16),
    one("coconut oil: 14 g of 18% flower in 2 cups, mg thc per tsp", 14000 * 0.18 / 96),
    one("1 stick of butter, 3.5g of 22% thca bud, per tbsp?", 3500 * 0.22 * FACTOR / 8),
    one(
        "half cup of olive oil with 10 g at 15%, figure we lose 20%. mg per teaspoon",
        10000 * 0.15 * 0.8 / 24,
    ),
    # Tinctures.
    one("30 ml bottle with 1,500 mg thc, how much per dropper (1ml)", 1500 / 30),
    one("half dropper of a 1000mg/30ml tincture = how many mg", 1000 / 30 * 0.5),
    # Label tolerance and variance.
    one("label claim 10 mg per gummy, tolerance ±15%, whats the acceptable range", 8.5, "low"),
    one(
        "claim is 100mg per package, lab found 91.4 mg, how far off in %", (91.4 - 100) / 100 * 100
    ),
    one("QA: vape label says 85% thc, +/-10% allowed, low end?", 85 * 0.9, "low"),
    # Batch scaling.
    one("recipe for 24 cookies uses 0.9 g disty, scale it to 360 cookies", 0.9 * 360 / 24),
    # Drying and yield.
    one("12 kg wet off room 4, we lose 78% drying, dry weight?", 12 * (100 - 78) / 100),
    one("room 2: 2 x 1000w, pulled 1,640 g dry. grams per watt?", 1640 / 2000),
    # Chains of two or three.
    one(
        "coa on our disty: thca 2.1%, d9 88.4%. putting 4g into 200 gummies, mg per gummy?",
        4000 * _DISTY / 100 / 200,
    ),
    one("decarb 5 g of thca then split the thc across 100 caps, mg per cap", 5000 * FACTOR / 100),
    one(
        "flower coa thca 25.3% d9 0.7%, how many mg total thc in a 3.5g jar",
        3500 * _FLOWER / 100,
    ),
    one(
        "thca 23% and d9 1% on the flower, 7g of it into a cup of butter - mg per tbsp",
        7000 * _BUTTER_FLOWER / 100 / 16,
    ),
]

FOLLOW_UPS: list[HeldOut] = [
    HeldOut(
        ("thca 21.8% d9 0.5%, total thc?", "what if thca comes back 24.1"), 0.5 + 24.1 * FACTOR
    ),
    HeldOut(
        ("3g of 90% disty into 150 gummies, mg each?", "what if it tests 92%?"), 3000 * 0.92 / 150
    ),
    HeldOut(
        ("need 1000 gummies at 10mg with 87% oil, grams?", "same but 1,500 gummies"),
        1500 * 10 / 0.87 / 1000,
    ),
    HeldOut(
        ("hemp sample: d9 0.09%, thca 0.22%", "retest came back thca 0.31, still ok?"),
        0.09 + 0.31 * FACTOR,
    ),
    HeldOut(
        ("1 cup butter with 10 g of 18% flower, mg per tbsp", "and per teaspoon?"),
        10000 * 0.18 / 48,
    ),
    HeldOut(
        ("50mg/ml stock, need 60 ml at 10 mg/ml, how much stock", "make it 100 ml"), 100 * 10 / 50
    ),
    HeldOut(
        ("blend 400 g of 90% with 100 g of 70%", "what if it's 250 g of the 70 instead"),
        (400 * 90 + 250 * 70) / 650,
    ),
    HeldOut(
        ("decarb 2 kg thca, theoretical thc", "at 90% efficiency?"), 2e6 * FACTOR * 0.9, "thc_mg"
    ),
    HeldOut(
        ("making gummies for the 12/4 drop", "2,000 pieces at 5 mg each", "disty is 84%, grams?"),
        2000 * 5 / 0.84 / 1000,
    ),
    HeldOut(("500 g disty, terps at 6% of final blend, grams?", "try 4%"), 500 * 4 / 96),
    HeldOut(
        ("label says 100 mg per pack, lab got 108 mg, variance %?", "what about 94 mg"),
        (94 - 100) / 100 * 100,
    ),
    HeldOut(
        ("coa: thca 26.5%, d9 0.8%. total?", "ok, mg of thc in a 1g preroll of that?"),
        1000 * (0.8 + 26.5 * FACTOR) / 100,
    ),
    HeldOut(
        ("30 ml tincture bottle", "1200 mg thc in it", "how much in a half dropper?"),
        1200 / 30 * 0.5,
    ),
]

MISSING: list[HeldOut] = [
    one("how many mg per gummy, 200 gummies from our distillate", None),
    one("total thc? coa only shows thca 23.1%", None),
    one("3g of 112% distillate into 100 gummies, mg each", None),
    one("decarb -40 g of thca, how much thc", None),
    one("need gummies at 10 mg, disty 88%, how many grams", None),
    one("c1v1: stock 50 mg/ml, want 20 mg/ml, how much stock", None),
    one("blend 300 g of 88% with some 75%, whats the potency", None),
    one("mg per tbsp of the butter i made with 7 g of flower", None),
    one("coa says thca 24% or 42%, cant read the scan. d9 0.5, total?", None),
    one("2g of 85% into the cookies, sheet says 48 cookies but the tray shows 60. mg each?", None),
    one("terps at 7%, how much do i add", None),
    one("label claim 10mg per piece, whats the tolerance window", None),
    one("dilute our oil down to 70%, how much carrier", None),
]
