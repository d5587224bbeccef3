"""The twenty-fourth held-out set: written by helper h20c24 without reading the calculators.

Written on 2026-11-29 from the list of calculations in the helper's brief. Before writing, the
author read only the benchmark's `cli.py`, the `HeldOut` type, `one` and the constants in
`held_out.py`, and the docstrings and a dozen cases of the twenty-second and twenty-third sets
(for the format and the conventions); nothing under src/, no tests of the calculators, and no
other set's cases. The people typing are budtenders, kitchen leads, extraction and formulation
techs, hemp farmers, cultivation managers, wholesale buyers, a QA lead, home cooks and a
bookkeeper: lower case, typos ("distilate", "gummys", "tablspoon", "suver haze"), glued units
("82.5%thc", "630w", "25mg/ml", "1.2kg"), numbers in words ("thirty percent", "three and a half
grams"), thousands separators ("1,850", "9,450 g"), numbers buried in stories (a batch number,
a lab fee, a test date, a room number, a 9x13 pan, a field number: none of them inputs), COAs
pasted as text (a dotted sheet in % with a CBGA row that is not an input; a CSV block in mg/g
with an ND row), per-piece against per-package figures, mg/g against %, kitchen measures
(stick, cup, tbsp, tsp), droppers, C1V1 by volume and a carrier by mass, blends and a lot to a
target, terpenes of the blend and of the distillate (each question says which), batch scaling,
decarboxylation in theory, at an efficiency and its mass loss, drying, yield per sq ft, per
watt and per plant, price per gram and per ounce (each ounce stated), sales tax and excise on a
price (the base of each stated), extraction return %, label variance and tolerance windows,
hemp verdicts, unit conversions (pounds, a QP stated as four 28 g zips, eighths stated as 3.5
g) and serving counts. Thirteen conversations run over two or three turns (a COA total feeding
a preroll's mg, a loss added, a lot's potency revised, a dried weight feeding a yield per
plant, a half dropper, an efficiency added, a pound price revised, a second tax added, a new
target, inputs one message at a time, a hemp retest, a recipe rescaled twice, the butter
doubled). Fifteen lack an input, contradict themselves or give an impossible one (a potency, a
THCA, a stock concentration, a moisture loss, a canopy area, a pound's price, a second lot's
potency, a piece count, a label claim, an eighth's price and an extraction's input mass never
given; a THCA of 104%, a moisture loss of 105%, a carrier asked to raise a potency, a target
above both lots); for those `expected` is None: the right reply asks or explains, and gives no
number.

Conventions (issue 20's, as the twenty-second and twenty-third sets state them; where those
sets differ, this set states its choice in the question).
- 0.877: total THC = delta-9 THC + 0.877 x THCA, dry-weight basis (7 CFR 990.1, "Total
  THC"); total CBD = CBD + 0.877 x CBDA. Hemp is at most 0.3% total THC (7 CFR 990.1,
  "Hemp"). ND is 0; mg/g / 10 = %. A hemp question expects the total THC % the verdict
  compares.
- A pound is 453.59237 g (NIST Handbook 44, App. C). Every ounce asked is stated ("16 oz to
  the lb", "a 28 g zip", "a QP as four 28 g zips"); an eighth is stated as 3.5 g.
- Kitchen: 1 US cup = 16 tbsp = 48 tsp; a stick of butter is half a cup; a THCA % is x 0.877,
  a THC % is used as given.
- THC in a product: mass mg x potency / 100 (a pack is count x unit mass first).
  Decarboxylation: THC = THCA x 0.877 (x the stated efficiency), compared as `thc_mg`; mass
  lost = THCA x (1 - 0.877), in the input unit, compared as the result's value.
- Dose per piece: concentrate mg x potency / pieces; a package's mg / its pieces. Concentrate
  needed: pieces x mg / potency, in grams (/ (1 - loss)). Servings: package mg / mg per
  serving (a bag of pieces is count x mg each first).
- Tinctures: mg / mL; a full dropper 1 mL, half a dropper 0.5 mL (stated). Dilution: V1 = C2
  V2 / C1 (mL); by mass, carrier = m x p1 / p2 - m.
- Blends: the mass-weighted mean; a lot to a target = m1 (target - p1) / (p2 - target).
- Terpenes: "% of the final blend" = d t / (100 - t); "% of the distillate" = d t / 100.
- Scaling: ingredient x new / old, in the recipe's unit. Drying: dry = wet x (100 - loss) /
  100, in the input unit. Yield: dry g / sq ft; dry g / total watts; dry g / plants.
- Prices: $ per lb / 453.59237 per gram; a stated 28 g zip's price / 28; $ per lb / 16 per
  ounce when the question says 16 oz to the lb. Taxes: the total the customer pays, each tax
  on the base the question names.
- Extraction return: output / input x 100 (same unit).
- Variance: (measured - label) / label x 100, signed; a window: claim x (1 -/+ tol), compared
  as `low`, or `high` when the top is asked.
- Chains: a total from a COA is the potency of the next step; a dried weight feeds the yield.
  A follow-up changes only what it names; nothing is rounded.

First run, on 2026-11-29, before any change for this set (`python -m bench calculators --set
twentyfourth --errors`, run once): 52 of 61 right (85.2%: 44/48 single questions, 8/13
follow-ups; 2 asked for an input they had, 7 wrong; 59 of 61 recognised; 6 answers named an
input they did not use); missing inputs asked or explained 13 of 15 (3 of them an impossible
input explained), none answered with a number, 2 not recognised. No expected value was changed
(every figure was checked again against its formula after the run). Not right, with the
case's first words:
- "1,500mg bottle, serving size 25mg": asked for the mg per serving it had read ("25mg");
  1500 / 25 = 60 servings.
- "terps back in at 8% of the distillate weight, 450 g": asked for the terpene % it had read
  ("8%"); 450 x 8 / 100 = 36 g.
- "ran 2,500g of fresh frozen, pressed 112.5 g of rosin ... return %": no calculation
  recognised; 112.5 / 2500 x 100 = 4.5 %.
- "ten eighths at 3.5 g each, how many grams total": no calculation recognised; 35 g.
- Follow-up "12 plants, 60 lb wet, 75% moisture loss, dry weight? / so grams per plant dry?":
  2267.96 g per plant from the wet 60 lb, not the dried 15 lb (15 x 453.59237 / 12 =
  566.990463 g).
- Follow-up "1200 mg in a 30 ml tincture, per ml? / and per half dropper, 0.5 ml": 1200 mg
  (the bottle's mg), not 40 mg/mL x 0.5 mL = 20 mg.
- Follow-up "decarbing 15 g thca ... / realistically we hit 85%": 13.155 g, the theory with
  the 85% efficiency not applied (15,000 x 0.877 x 0.85 = 11,181.75 mg).
- Follow-up "$50 preroll pack, 9% sales tax, total? / forgot the 15% excise, also on the $50":
  $57.50, the excise alone with the 9% sales tax dropped (50 x 1.24 = $62).
- Follow-up "cut 300g of 95% disty down to 88%, how much carrier / make that 85%": refused,
  the 85% read as the current potency in place of the 95%, not as the new target (300 x 95 /
  85 - 300 = 35.294118 g). Arguable only in that "that" is not named.
- Missing: "ringing up an eighth, sales tax is 8%, total?": not recognised, the price never
  asked for.
- Missing: "whats the extraction return on 180 g of shatter": not recognised, the input mass
  never asked for.

After its classes were fixed (helper h20c24fix, 2026-11-29, each class in the readers and the
follow-up merge, with tests in other words in
tests/agents/test_calculation_twentyfourth_classes.py): 61 of 61 right (100%; 48/48 single
questions, 13/13 follow-ups; 4 answers named an input they did not use), missing inputs asked
or explained 15 of 15; every other set unchanged. No expected value was changed.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, POUND_G, HeldOut, one

# A dotted lab sheet in %, with a batch number, a test date, a lab fee and a CBGA row that are
# not inputs.
_DOTTED_COA = (
    "lab results for batch 2231 (tested 11/14, $120 panel)\n"
    "Sample: Lemon Cherry Gelato\n"
    "THCA ......... 29.02 %\n"
    "Δ9-THC ....... 0.55 %\n"
    "CBGA ......... 1.40 %\n"
    "total thc?"
)

# A CSV block in mg/g with an ND row; the question asks for a percent.
_CSV_COA = (
    "qa here, pasting from the lims export\n"
    "Analyte,Result,Unit\n"
    "THCA,231.4,mg/g\n"
    "D9-THC,3.9,mg/g\n"
    "CBD,ND,mg/g\n"
    "what total thc % goes on the label"
)

ANSWERABLE: list[HeldOut] = [
    # Totals and hemp verdicts.
    # 0.71 + 0.877 x 26.4 = 0.71 + 23.1528 = 23.8628 %
    one("coa back on the runtz, thca 26.4% d9 .71% whats total thc", 0.71 + 26.4 * FACTOR),
    # 0.55 + 0.877 x 29.02 = 0.55 + 25.45054 = 26.00054 %
    one(_DOTTED_COA, 0.55 + 29.02 * FACTOR),
    # (3.9 + 0.877 x 231.4) / 10 = (3.9 + 202.9378) / 10 = 20.68378 %
    one(_CSV_COA, (3.9 + 231.4 * FACTOR) / 10),
    # 0.05 + 0.877 x 0.29 = 0.05 + 0.25433 = 0.30433 % (over 0.3)
    one(
        "hemp farmer here, field 7 pre-harvest sample: delta 9 .05%, thca .29%. do we pass the "
        "0.3 or not",
        0.05 + 0.29 * FACTOR,
    ),
    # (0.4 + 0.877 x 2.1) / 10 = (0.4 + 1.8417) / 10 = 0.22417 % (under 0.3)
    one(
        "state lab sent thca 2.1 mg/g and d9-thc 0.4 mg/g on our hemp. compliant or hot?",
        (0.4 + 2.1 * FACTOR) / 10,
    ),
    # 0.6 + 0.877 x 14.2 = 0.6 + 12.4534 = 13.0534 %
    one("cbd-a 14.2 percent, cbd .6 percent on the suver haze, total cbd?", 0.6 + 14.2 * FACTOR),
    # 1 + 0.877 x 30 = 1 + 26.31 = 27.31 %
    one(
        "thca came back at thirty percent even and delta 9 at one percent, total thc?",
        1 + 30 * FACTOR,
    ),
    # Decarboxylation.
    # 12,000 mg x 0.877 = 10,524 mg
    one("decarbing 12g of thca diamonds, whats the max thc i can get", 12_000 * FACTOR, "thc_mg"),
    # 25,000 x 0.877 x 0.92 = 21,925 x 0.92 = 20,171 mg
    one(
        "25 g of THCA isolate in the oven, it runs about 92% efficient. how much thc comes out",
        25_000 * FACTOR * 0.92,
        "thc_mg",
    ),
    # 1500 g x (1 - 0.877) = 1500 x 0.123 = 184.5 g
    one(
        "how much mass do we lose to co2 decarbing 1,500 g of thca",
        1500 * (1 - FACTOR),
    ),
    # Edible batches: concentrate needed.
    # 250 x 10 / 0.915 / 1000 = 2500 / 915 = 2.732240 g
    one(
        "kitchen lead: 250 gummys at 10mg, distilate is 91.5%, how many grams do i pull",
        250 * 10 / 0.915 / 1000,
    ),
    # 800 x 5 / 0.88 / 0.90 / 1000 = 4000 / 792 = 5.050505 g
    one(
        "800 cookies at 5 mg each, disty 88%, we lose ~10% in the mixer. grams of disty?",
        800 * 5 / 0.88 / 0.90 / 1000,
    ),
    # Dose per piece; per piece against per package.
    # 2500 x 0.90 / 24 = 2250 / 24 = 93.75 mg (the 9x13 pan is not an input)
    one(
        "put 2.5g of 90% distillate in a 9x13 pan and cut 24 brownies, mg each?",
        2500 * 0.90 / 24,
    ),
    # 200 mg / 20 pieces = 10 mg
    one("box says 200mg thc total, 20 pieces in the box. whats one piece", 200 / 20),
    # 40 x 5 = 200 mg
    one("each chew is 5mg and there are 40 chews in the jar, how many mg in the whole jar", 40 * 5),
    # Servings.
    # 1500 / 25 = 60 servings
    one("1,500mg bottle, serving size 25mg, how many servings in it", 1500 / 25),
    # 30 x 10 = 300 mg; 300 / 5 = 60 doses
    one("bag of 30 gummies at 10mg each, customer wants 5mg doses, how many doses", 30 * 10 / 5),
    # THC in a product; mg/g against %.
    # 1000 mg x 82.5 / 100 = 825 mg
    one("how many mg in a 1 gram of 82.5%thc live resin", 1000 * 82.5 / 100),
    # 764 mg/g = 76.4 %: 2000 mg x 76.4 / 100 = 1528 mg
    one("badder coa says 764 mg/g thc, how many mg in a 2g jar", 2000 * 76.4 / 100),
    # 7 x 500 mg x 24 / 100 = 840 mg
    one("7 pack of .5g prerolls at 24% thc, total mg in the pack", 7 * 500 * 24 / 100),
    # 3500 mg x 20 / 100 = 700 mg
    one(
        "customer asks how many mg in three and a half grams of twenty percent flower",
        3500 * 20 / 100,
    ),
    # Kitchen.
    # 2 sticks = 1 cup = 16 tbsp: 14,000 x 0.22 x 0.877 / 16 = 2701.16 / 16 = 168.8225 mg
    one(
        "2 sticks of butter, 14 g of 22% thca flower decarbed into it, mg per tablspoon?",
        14_000 * 0.22 * FACTOR / 16,
    ),
    # half cup = 24 tsp: 7000 x 0.16 / 24 = 1120 / 24 = 46.666667 mg
    one("half cup coconut oil with 7g of 16% thc, how much per teaspoon", 7000 * 0.16 / 24),
    # Tinctures, droppers, dilution.
    # 600 / 30 = 20 mg/mL
    one("tincture is 600mg in a 30ml bottle, whats the mg per ml", 600 / 30),
    # 2000 / 60 = 33.333333 mg/mL; a full dropper 1 mL = 33.333333 mg
    one("2000mg cbd in 60ml, how much in a full dropper (1 ml)?", 2000 / 60),
    # V1 = 10 x 200 / 50 = 40 mL
    one("stock is 50mg/ml, i need 200 ml at 10mg/ml, how much stock goes in", 10 * 200 / 50),
    # 500 x 93 / 85 - 500 = 547.058824 - 500 = 47.058824 g
    one("got 500g of 93% disty, want it at 85%, how much mct do i add", 500 * 93 / 85 - 500),
    # Blends and terpenes.
    # (1200 x 78 + 800 x 86) / 2000 = (93,600 + 68,800) / 2000 = 81.2 %
    one("blending 1.2kg of 78% with 800g of 86%, whats the final %", (1200 * 78 + 800 * 86) / 2000),
    # 600 x (82 - 70) / (90 - 82) = 600 x 12 / 8 = 900 g
    one("i have 600g at 70%, how much of the 90% lot do i add to land at 82%", 600 * 12 / 8),
    # 300 x 6 / (100 - 6) = 1800 / 94 = 19.148936 g
    one(
        "300g distillate, want terps at 6% of the final blend, how many grams of terps",
        300 * 6 / 94,
    ),
    # 450 x 8 / 100 = 36 g
    one("terps back in at 8% of the distillate weight, 450 g of disty, how much terp", 450 * 0.08),
    # Scaling.
    # 600 x 180 / 48 = 2250 g
    one(
        "our recipe for 48 gummies uses 600 g of gelatin base, scale it to 180 gummies",
        600 * 180 / 48,
    ),
    # Drying and yields.
    # 320 x (100 - 78) / 100 = 70.4 lb
    one("pulled 320 lbs wet, expect 78% moisture loss, whats the dry weight", 320 * 0.22),
    # 62 x 453.59237 / 1200 = 28,122.72694 / 1200 = 23.435606 g/sq ft (room 3 not an input)
    one(
        "flower room 3 is 1,200 sq ft and gave us 62 lbs dry, grams per sq ft?",
        62 * POUND_G / 1200,
    ),
    # 2016 / (4 x 630) = 2016 / 2520 = 0.8 g/W
    one("4 lights at 630w each, we pulled 2,016 g dry. g/w?", 2016 / (4 * 630)),
    # 9450 / 18 = 525 g per plant
    one("harvested 18 plants, 9,450 g dry total, how many grams per plant", 9450 / 18),
    # Prices.
    # 1850 / 453.59237 = 4.078552 $/g
    one("wholesale is $1,850/lb, what does that work out to per gram", 1850 / POUND_G),
    # 2400 / 16 = 150 $/oz
    one("2400 a pound, 16 oz to the lb, whats my price per oz", 2400 / 16),
    # 140 / 28 = 5 $/g
    one("paid 140 for a zip (28g), whats that per gram", 140 / 28),
    # Taxes.
    # 60 x 1.08875 = 65.325 $
    one("$60 eighth plus 8.875% sales tax, whats the total at the register", 60 * 1.08875),
    # 35 x 1.10 = 38.5; 38.5 x 1.065 = 41.0025 $
    one(
        "bookkeeper q: $35 cart, 10% excise first, then 6.5% sales tax on the price incl. "
        "excise. total the customer pays?",
        35 * 1.10 * 1.065,
    ),
    # Extraction return.
    # 112.5 / 2500 x 100 = 4.5 %
    one(
        "ran 2,500g of fresh frozen, pressed 112.5 g of rosin. whats my return %",
        112.5 / 2500 * 100,
    ),
    # Variance and windows.
    # (88.4 - 100) / 100 x 100 = -11.6 %
    one("label says 100mg per package, lab got 88.4 mg. variance?", (88.4 - 100) / 100 * 100),
    # 10 x (1 - 0.15) = 8.5 mg
    one("label claim 10mg per gummy with a 15% tolerance, lowest it can test", 8.5, "low"),
    # 85 x (1 + 0.10) = 93.5 %
    one(
        "cart labeled 85% thc, state allows 10% of the claim either way, top of the window?",
        93.5,
        "high",
    ),
    # Unit conversions.
    # 3 x 453.59237 = 1360.77711 g
    one("how many grams in 3 lbs", 3 * POUND_G),
    # 4 x 28 = 112 g
    one("counting a QP as four 28 g zips, how many grams is a QP", 4 * 28),
    # 10 x 3.5 = 35 g
    one("ten eighths at 3.5 g each, how many grams total", 10 * 3.5),
]

FOLLOW_UPS: list[HeldOut] = [
    # total 0.5 + 0.877 x 24 = 21.548 %; 1000 x 21.548 / 100 = 215.48 mg
    HeldOut(
        ("coa: thca 24.0, d9 0.5, total thc?", "ok how many mg in a 1g preroll of that"),
        1000 * (0.5 + 24 * FACTOR) / 100,
    ),
    # 600 x 5 / 0.90 / 0.92 / 1000 = 3000 / 828 = 3.623188 g
    HeldOut(
        (
            "600 gummies at 5mg, distillate is 90%, grams needed?",
            "oh and we lose about 8% in the depositor",
        ),
        600 * 5 / 0.90 / 0.92 / 1000,
    ),
    # (500 x 80 + 500 x 62) / 1000 = 71 %
    HeldOut(
        ("mix 500g of 80% with 500g of 60%, final potency?", "wait the second lot is 62%"),
        (500 * 80 + 500 * 62) / 1000,
    ),
    # 60 x 25 / 100 = 15 lb; 15 x 453.59237 / 12 = 6803.88555 / 12 = 566.990463 g per plant
    HeldOut(
        ("12 plants, 60 lb wet, 75% moisture loss, dry weight?", "so grams per plant dry?"),
        15 * POUND_G / 12,
    ),
    # 1200 / 30 = 40 mg/mL; half a dropper 0.5 mL = 20 mg
    HeldOut(
        ("1200 mg in a 30 ml tincture, per ml?", "and per half dropper, 0.5 ml"),
        1200 / 30 * 0.5,
    ),
    # 15,000 x 0.877 x 0.85 = 13,155 x 0.85 = 11,181.75 mg
    HeldOut(
        ("decarbing 15 g thca, how much thc in theory", "realistically we hit 85%"),
        15_000 * FACTOR * 0.85,
        "thc_mg",
    ),
    # 1450 / 453.59237 = 3.196703 $/g
    HeldOut(
        ("$1,600/lb, per gram?", "he dropped it to 1450 a pound"),
        1450 / POUND_G,
    ),
    # 50 x (1 + 0.09 + 0.15) = 50 x 1.24 = 62 $
    HeldOut(
        (
            "$50 preroll pack, 9% sales tax, total?",
            "forgot the 15% excise, also on the $50 pre-tax price. total with both?",
        ),
        50 * (1 + 0.09 + 0.15),
    ),
    # 300 x 95 / 85 - 300 = 335.294118 - 300 = 35.294118 g
    HeldOut(
        ("cut 300g of 95% disty down to 88%, how much carrier", "make that 85%"),
        300 * 95 / 85 - 300,
    ),
    # 3600 x 0.875 / 72 = 3150 / 72 = 43.75 mg
    HeldOut(
        ("need the mg per gummy", "3.6 g of distillate at 87.5%", "into 72 gummies"),
        3600 * 0.875 / 72,
    ),
    # 0.08 + 0.877 x 0.27 = 0.08 + 0.23679 = 0.31679 % (over 0.3)
    HeldOut(
        (
            "hemp test: d9 0.08%, thca 0.22%, are we ok?",
            "retest came back thca 0.27%, same d9. now?",
        ),
        0.08 + 0.27 * FACTOR,
    ),
    # 2 x 90 / 24 = 7.5 cups
    HeldOut(
        (
            "recipe makes 24 cookies with 2 cups flour, scale to 60",
            "actually we need 90 cookies",
        ),
        2 * 90 / 24,
    ),
    # 2 cups = 32 tbsp: 10,000 x 0.20 / 32 = 2000 / 32 = 62.5 mg
    HeldOut(
        ("1 cup butter with 10g of 20% thc flower, mg per tbsp", "what if i use 2 cups butter"),
        10_000 * 0.20 / 32,
    ),
]

MISSING: list[HeldOut] = [
    one("how many grams of disty for 400 gummies at 10mg", None),  # no potency
    one("total thc please, d9 is 0.9%", None),  # no THCA
    one("how much stock to make 100ml at 20mg/ml", None),  # no stock concentration
    one("we got 45 lbs wet off the field, dry weight?", None),  # no moisture loss
    one("1,800 g dry this cycle, whats that in g per sq ft", None),  # no canopy area
    one("whats the price per ounce on a pound, 16 oz to the lb", None),  # no price
    one("thca 104% and d9 1% on the coa, total?", None),  # impossible THCA
    one("blend 200 g of 85% with 300 g of the other lot, potency?", None),  # no second potency
    one("how much carrier oil to take my 60% oil up to 75%", None),  # a carrier cannot raise it
    one("mix the 80% and the 85% to hit 90%, how much of each", None),  # target above both lots
    one("2.5g of 88% distillate, mg per gummy?", None),  # no piece count
    one("lab says 9.2 mg per piece, whats the variance", None),  # no label claim
    one("ringing up an eighth, sales tax is 8%, total?", None),  # no price
    one("whats the extraction return on 180 g of shatter", None),  # no input mass
    one("500 lb wet, 105% moisture loss, dry weight?", None),  # impossible moisture loss
]
