"""The twenty-third held-out set: written by helper c23set without reading the calculators.

Written from the list of calculations in the helper's brief. Before writing, the author read
only the benchmark's `cli.py`, the `HeldOut` type, `one` and the constants in `held_out.py`,
and the docstrings and a dozen cases of the twenty-first and twenty-second sets (for the
format and the conventions); nothing under src/, no tests of the calculators, and no other
set's cases. The people typing are budtenders, kitchen leads, extraction and formulation
techs, hemp farmers, cultivation managers, wholesale buyers, a QA lead and home cooks: lower
case, typos ("distilate", "gummys", "tincure", "teaspon"), glued units ("10mg", "91%thc",
"25mg/ml", "1000W"), numbers in words ("two grams of ninety percent", "twenty two percent"),
thousands separators and shorthand ("1,350", "1.2kg", "2,400 g"), numbers buried in stories
(lot and batch numbers, a lab fee, a date, a room number: none of them inputs), COAs pasted
as text rows (a whitespace table with % and mg/g columns, CBGA, CBG and CBN rows that are not
inputs; a "key: value," line), per-piece against per-package figures, mg/g against %,
kitchen measures (stick, cup, tbsp, tsp), droppers, C1V1 by volume and a carrier by mass,
blends and a lot to a target, terpenes of the blend and of the distillate (each question says
which), batch scaling, decarboxylation in theory, at an efficiency and its mass loss, drying,
yield per sq ft and per watt, price per gram and per ounce (each ounce question states its
ounce), and label variance and tolerance windows of 10, 15 and 20%. Eleven conversations run
over two or three turns (a COA total feeding a product's mg, a loss added later, a second lot
revised, a dried weight feeding a yield, a dropper asked after the mg/mL, an efficiency added
to a decarb, a new target, a half pound instead of a pound, inputs arriving one message at a
time, a terpene share moved from the distillate to the blend, a teaspoon asked after a
tablespoon). Sixteen lack an input, contradict themselves or give an impossible one (a
potency, a CBDA, a stock concentration, a moisture loss, a wattage, a second lot's mass, a
distillate mass, a piece count, a price, a butter amount, a serving size and a tolerance
never given; a THCA of 112%, a carrier asked to raise a potency, a blend target above both
lots, a cart with two potencies); for those `expected` is None: the right reply asks or
explains, and gives no number.

Conventions (issue 20's, as the twenty-first and twenty-second sets state them; this set
avoids the ones those sets disagree on, or states its choice in the question).
- 0.877: total THC = delta-9 THC + 0.877 x THCA, dry-weight basis (7 CFR 990.1, "Total
  THC"); total CBD = CBD + 0.877 x CBDA, the same molar-mass ratio. Hemp is at most 0.3% total
  THC (7 CFR 990.1, "Hemp"). mg/g / 10 = %. A hemp question expects the total THC % the
  verdict compares; a question asked in mg/g expects mg/g.
- Ounces: a question about an ounce says "28 g per oz" or "16 oz to the lb"; no bare ounce
  and no QP is asked. A pound is 453.59237 g (NIST Handbook 44, App. C); a half pound is
  226.796185 g.
- Kitchen: 1 US cup = 16 tbsp = 48 tsp; a stick of butter is half a cup (8 tbsp); a THCA %
  is x 0.877, a THC % is used as given. A fluid ounce is 29.5735295625 mL.
- THC (or CBG) in a product: mass mg x potency / 100 (a pack is count x unit mass first).
  Decarboxylation: THC = THCA x 0.877 (x the stated efficiency), compared as `thc_mg`; mass
  lost = THCA x (1 - 0.877), in the input unit, compared as the result's value.
- Dose per piece: concentrate mg x potency / pieces; a bar's or a package's mg / its pieces.
  Concentrate needed: pieces x mg / potency, in grams (/ (1 - loss)). Servings: package mg /
  mg per serving (a tin of pieces is count x mg each first).
- Tinctures: mg / mL; a full dropper 1 mL, half a dropper 0.5 mL (each stated where asked).
  Dilution: V1 = C2 V2 / C1 (mL); by mass, carrier = m x p1 / p2 - m.
- Blends: the mass-weighted mean; a lot to a target = m1 (target - p1) / (p2 - target); a
  total mass at a target from two lots: the higher lot = M (target - low) / (high - low).
- Terpenes: "% of the final blend" = d t / (100 - t); "% of the distillate" = d t / 100.
- Scaling: ingredient x new / old, in the recipe's unit. Drying: dry = wet x (100 - loss) /
  100, in the input unit. Yield: dry g / sq ft; dry g / total watts. Price per gram: $ per lb
  / 453.59237 (a stated 28 g ounce's price / 28); per ounce: $ per lb / 16 when the question
  says 16 oz to the lb.
- Variance: (measured - label) / label x 100, signed; a window: claim x (1 -/+ tol), compared
  as `low`, or `high` when the top is asked.
- Chains: a total from a COA is the potency of the next step; a dried weight feeds the yield.
  A follow-up changes only what it names; nothing is rounded.

First run, on 2026-11-29, before any change for this set (`python -m bench calculators --set
twentythird --errors`, run once): 66 of 71 right (93.0%: 56/60 single questions, 10/11
follow-ups; 3 asked for an input they had, 2 wrong; 71 of 71 recognised; 6 answers named an
input they did not use); missing inputs asked or explained 16 of 16 (3 of them an impossible
input explained), none answered with a number. No expected value was changed (two worked
figures in the comments were corrected in their last digit before the run: 20.288414 mg/mL
and 2.976241 $/g; the expressions compared were never changed). Not right, with the case's
first words:
- "package says 10 pieces, 100mg thc per package. how many mg is one piece": asked for a
  recipe's ingredients (read as scaling), not 100 / 10 = 10 mg per piece.
- "cbg flower at 9.5% CBG, how many mg of CBG in a 3.5g jar": asked for the potency "% THC"
  though it had read 9.5% (3500 x 9.5 / 100 = 332.5 mg CBG).
- "infused 10g of 25% thca bud into 1 cup coconut oil, mg per teaspon?": 137.031 mg per
  tbsp; the typo "teaspon" not read as a teaspoon (10,000 x 0.25 x 0.877 / 48 = 45.677083 mg).
- "got 2,400 g dry out of the tent running 480w, g/watt?": asked for the dry weight and the
  wattage it had read ("2400 g", "480w"); 2400 / 480 = 5 g/W.
- Follow-up "paying 2100 for a pound, price per gram? / what if i grab a half pound for
  1100": 0.0925942 $/g (what 2100 over 50 lb gives; the half pound's 1100 not used), not
  1100 / 226.796185 = 4.850170 $/g.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, FLOZ_ML, POUND_G, HeldOut, one

# A COA pasted as a whitespace table with % and mg/g columns; CBGA, CBG and CBN are not inputs.
_COA_TABLE = (
    "pasting the coa from the portal\n"
    "Analyte      Result (%)   Result (mg/g)\n"
    "THCa         25.31        253.1\n"
    "d9-THC       0.48         4.8\n"
    "CBGa         1.12         11.2\n"
    "CBG          0.09         0.9\n"
    "CBN          ND           ND\n"
    "whats the total thc % for the label"
)

# A story with a lot number, a lab fee, a date and a batch number that are not inputs.
_STORY = (
    "finally got lot 4471 back from the lab (paid $95 for the panel, sent it 11/02, its "
    "batch #12 this year). THCa 19.4, Δ9 0.9. total thc?"
)

ANSWERABLE: list[HeldOut] = [
    # Totals and hemp verdicts.
    # 0.62 + 0.877 x 24.9 = 0.62 + 21.8373 = 22.4573 %
    one("coa says Δ9-THC 0.62% and THC-A 24.9%, total thc?", 0.62 + 24.9 * FACTOR),
    # 0.48 + 0.877 x 25.31 = 0.48 + 22.19687 = 22.67687 %
    one(_COA_TABLE, 0.48 + 25.31 * FACTOR),
    # 0.07 + 0.877 x 0.26 = 0.07 + 0.22802 = 0.29802 % (under 0.3)
    one(
        "hemp lot pre harvest: d9 0.07%, thca 0.26%. are we under the 0.3% total thc line or not",
        0.07 + 0.26 * FACTOR,
    ),
    # (0.6 + 0.877 x 2.9) / 10 = (0.6 + 2.5433) / 10 = 0.31433 % (over 0.3)
    one(
        "our hemp tested 2.9 mg/g thca and d9 0.6 mg/g, is that compliant with the federal 0.3%?",
        (0.6 + 2.9 * FACTOR) / 10,
    ),
    # 0.45 + 0.877 x 11.8 = 0.45 + 10.3486 = 10.7986 %
    one("CBDa 11.8% and CBD 0.45% on the cbd flower, total cbd?", 0.45 + 11.8 * FACTOR),
    # 1.1 + 0.877 x 28.2 = 1.1 + 24.7314 = 25.8314 %
    one("THCa: 28.2%, d9: 1.1%, CBN: 0.2% — total thc??", 1.1 + 28.2 * FACTOR),
    # 1 + 0.877 x 22 = 1 + 19.294 = 20.294 %
    one(
        "lab says thca is twenty two percent and delta nine is one percent, what's total thc",
        1 + 22 * FACTOR,
    ),
    # 0.9 + 0.877 x 19.4 = 0.9 + 17.0138 = 17.9138 %
    one(_STORY, 0.9 + 19.4 * FACTOR),
    # 6 + 0.877 x 142 = 6 + 124.534 = 130.534 mg/g
    one("cbda 142 mg/g, cbd 6 mg/g. whats the total CBD in mg/g", 6 + 142 * FACTOR),
    # Decarboxylation.
    # 8000 mg x 0.877 = 7016 mg
    one("if i decarb 8 g of thca isolate whats the theoretical thc", 8000 * FACTOR, "thc_mg"),
    # 40,000 mg x 0.877 x 0.88 = 30,870.4 mg
    one(
        "40g thca crystaline going in the oven, we usually get 88% conversion. how many grams of "
        "thc do i get",
        40_000 * FACTOR * 0.88,
        "thc_mg",
    ),
    # 500 g x (1 - 0.877) = 500 x 0.123 = 61.5 g
    one("how much weight do we lose as co2 decarbing 500g of THCa", 500 * (1 - FACTOR)),
    # Edible batches: concentrate needed.
    # 400 x 10 / 0.885 / 1000 = 4000 / 885 = 4.519774 g
    one(
        "making 400 gummys at 10mg each with 88.5% distilate, how many grams do i weigh",
        400 * 10 / 0.885 / 1000,
    ),
    # 1000 x 5 / 0.92 / 0.95 / 1000 = 5000 / 874 = 5.720824 g
    one(
        "1000 chocolates @ 5mg, distillate is 92%, we lose about 5% in the tempering kettle. "
        "grams of disty?",
        1000 * 5 / 0.92 / 0.95 / 1000,
    ),
    # Dose per piece; per piece against per package.
    # 3200 x 0.86 / 96 = 2752 / 96 = 28.666667 mg
    one("3.2g of 86% disty went into 96 gummies, whats each one", 3200 * 0.86 / 96),
    # 2000 x 0.90 / 40 = 45 mg
    one(
        "if I use two grams of ninety percent distillate in forty brownies how strong is each",
        2000 * 0.90 / 40,
    ),
    # 100 mg / 20 squares = 5 mg
    one("100mg chocolate bar scored into 20 squares, mg per square?", 100 / 20),
    # 100 mg per package / 10 pieces = 10 mg
    one("package says 10 pieces, 100mg thc per package. how many mg is one piece", 100 / 10),
    # 10 pieces x 10 mg = 100 mg in the pack
    one("each gummy is 10mg and theres 10 in a pack, total mg in the pack?", 10 * 10),
    # Servings.
    # 20 x 2.5 = 50 mg; 50 / 5 = 10 servings
    one("tin of 20 mints at 2.5mg each, a serving is 5mg — how many servings in the tin", 10),
    # 1000 / 10 = 100 servings
    one("1000mg jar of gummies with a 10mg serving size, how many servings?", 100),
    # THC (or CBG) in a product; mg/g against %.
    # 1000 mg x 91 / 100 = 910 mg
    one("how many mg thc in a 1g cart at 91%thc", 1000 * 91 / 100),
    # 3500 mg x 27 / 100 = 945 mg
    one("customer asking how many milligrams in 3.5g of 27% flower", 3500 * 27 / 100),
    # 5 x 500 mg x 22 / 100 = 550 mg
    one("5 pack of half gram prerolls, flower is 22%, total mg thc in the pack?", 5 * 500 * 0.22),
    # 870 mg/g = 87 %: 1000 mg x 87 / 100 = 870 mg
    one("distillate coa says 870 mg/g thc, how many mg in a 1 g cart", 870),
    # 3500 mg x 9.5 / 100 = 332.5 mg CBG
    one("cbg flower at 9.5% CBG, how many mg of CBG in a 3.5g jar", 3500 * 9.5 / 100),
    # Kitchen.
    # stick = 8 tbsp: 7000 x 0.18 / 8 = 1260 / 8 = 157.5 mg
    one(
        "1 stick of butter, 7g of 18% thc flower, whats the mg per tablespoon",
        7000 * 0.18 / 8,
    ),
    # 48 tsp: 10,000 x 0.25 x 0.877 / 48 = 2192.5 / 48 = 45.677083 mg
    one(
        "infused 10g of 25% thca bud into 1 cup coconut oil, mg per teaspon?",
        10_000 * 0.25 * FACTOR / 48,
    ),
    # half cup = 24 tsp: 3500 x 0.20 / 24 = 700 / 24 = 29.166667 mg
    one("half cup butter + 3.5g of 20% thc, how much per tsp", 3500 * 0.20 / 24),
    # 2 cups = 32 tbsp: 21,000 x 0.16 / 32 = 3360 / 32 = 105 mg
    one("2 cups of oil with 21 g at 16% thc in it, mg per tablespoon", 21_000 * 0.16 / 32),
    # Tinctures.
    # 1000 / 30 = 33.333333 mg/mL; a full dropper of 1 mL = 33.333333 mg
    one("1000mg in a 30ml tincure, how much in a full dropper (1 ml)", 1000 / 30),
    # 1500 / 30 = 50 mg/mL; half a dropper 0.5 mL = 25 mg
    one("tincture is 1500mg per 30mL, whats a half dropper (0.5 mL) dose", 1500 / 30 * 0.5),
    # 2 fl oz = 59.147059 mL: 1200 / 59.147059 = 20.288414 mg/mL
    one("2 fl oz bottle with 1200 mg thc in it, mg per ml?", 1200 / (2 * FLOZ_ML)),
    # Dilution.
    # V1 = 2.5 x 400 / 25 = 40 mL
    one("stock is 25mg/ml, I want 400 ml at 2.5 mg/ml. how much stock", 2.5 * 400 / 25),
    # V1 = 4 x 1000 / 80 = 50 mL
    one("c1v1=c2v2 — have 80mg/ml, need 1 L @ 4mg/ml, volume of stock?", 4 * 1000 / 80),
    # 400 x 90 / 72 - 400 = 500 - 400 = 100 g
    one("cut 400g of 90% disty to 72% for vapes, how much carrier", 400 * 90 / 72 - 400),
    # 150 x 95 / 85 - 150 = 167.647059 - 150 = 17.647059 g
    one("thin 150 g of 95 percent down to 85, grams of mct?", 150 * 95 / 85 - 150),
    # Blends.
    # (250 x 92 + 750 x 68) / 1000 = (23,000 + 51,000) / 1000 = 74 %
    one("blend 250g @ 92% with 750g @ 68%, final potency?", (250 * 92 + 750 * 68) / 1000),
    # (1200 x 82 + 800 x 90) / 2000 = (98,400 + 72,000) / 2000 = 85.2 %
    one(
        "mixing 1.2kg of 82% with 800 g of 90% distillate, what % do we land at",
        (1200 * 82 + 800 * 90) / 2000,
    ),
    # 500 x (80 - 70) / (95 - 80) = 5000 / 15 = 333.333333 g
    one(
        "i have 500 g of 70% distillate, how much of the 95% lot do i add to hit 80%",
        500 * (80 - 70) / (95 - 80),
    ),
    # 2000 x (80 - 65) / (90 - 65) = 2000 x 15 / 25 = 1200 g
    one(
        "want 2000 g total at 80% from our 90% and 65% lots, how many grams of the 90%?",
        2000 * (80 - 65) / (90 - 65),
    ),
    # Terpenes.
    # 430 x 7 / (100 - 7) = 3010 / 93 = 32.365591 g
    one(
        "terps at 7% of the final blend, 430 g of distillate. how much terpene",
        430 * 7 / 93,
    ),
    # 800 x 3 / 100 = 24 g
    one("add terps at 3% by weight of the distillate, 800 g of disty, grams of terps?", 24),
    # 120 x 12 / (100 - 12) = 1440 / 88 = 16.363636 g
    one(
        "how much terpene for 120g distilate if terps are 12% of the total cart fill",
        120 * 12 / 88,
    ),
    # Scaling.
    # 250 x 300 / 40 = 1875 g
    one(
        "recipe is 250g butter for 40 cookies, scaling up to 300 cookies, how much butter",
        250 * 300 / 40,
    ),
    # 18 x 1500 / 600 = 45 g
    one(
        "batch sheet calls for 18 g distillate per 600 gummies, we're making 1,500. distillate?",
        18 * 1500 / 600,
    ),
    # Drying and yields.
    # 85 x (100 - 76) / 100 = 20.4 lb
    one("85 lbs wet, expecting 76% moisture loss, dry lbs?", 85 * 24 / 100),
    # 9.6 x (100 - 78) / 100 = 2.112 kg
    one("wet weight 9.6kg, it loses 78% when dried, what's dry", 9.6 * 22 / 100),
    # 96 x 453.59237 / 1200 = 43,544.86752 / 1200 = 36.287390 g/sq ft
    one("room 3 is 1200 sq ft, pulled 96 lbs dry. grams per sq ft?", 96 * POUND_G / 1200),
    # 62 x 453.59237 / (48 x 1000) = 28,122.72694 / 48,000 = 0.585890 g/W
    one(
        "48 lights @ 1000W each, harvested 62 lbs dry. g per watt",
        62 * POUND_G / (48 * 1000),
    ),
    # 2400 / 480 = 5 g/W
    one("got 2,400 g dry out of the tent running 480w, g/watt?", 2400 / 480),
    # Prices and conversions.
    # 1350 / 453.59237 = 2.976241 $/g
    one("paying $1,350/lb, whats that per gram", 1350 / POUND_G),
    # 2400 / 16 = 150 $/oz
    one("$2400 a pound — using 16 oz to the lb what's the ounce price", 2400 / 16),
    # 180 / 28 = 6.428571 $/g
    one("zip for $180, using 28g per oz, what's that per gram", 180 / 28),
    # 3 x 453.59237 = 1360.77711 g
    one("how many grams in 3 lbs", 3 * POUND_G),
    # Variance and tolerance windows.
    # (8.9 - 10) / 10 x 100 = -11 %
    one("label claims 10mg per gummy, lab found 8.9 mg. how far off in %?", (8.9 - 10) / 10 * 100),
    # 10 x (1 - 0.10) = 9 mg
    one("10 mg label, ±10% allowed — whats the lowest that passes", 9, "low"),
    # 100 x (1 + 0.15) = 115 mg
    one("100mg package, ±15% tolerance, what's the max it can test at?", 115, "high"),
    # 5 x (1 - 0.20) = 4 mg
    one("claim is 5mg per piece, tolerance 20%. lowest acceptable result?", 4, "low"),
    # (88.4 - 85) / 85 x 100 = 3.4 / 85 x 100 = 4 %
    one("cart labeled 85% thc tested at 88.4%, whats the variance", (88.4 - 85) / 85 * 100),
]

FOLLOW_UPS: list[HeldOut] = [
    # total 0.8 + 0.877 x 23.1 = 21.0587 %; 3500 x 21.0587 / 100 = 737.0545 mg
    HeldOut(
        ("COA: THCa 23.1, d9 0.8 — total?", "ok so how much thc in a 3.5g eighth of that"),
        3500 * (0.8 + 23.1 * FACTOR) / 100,
    ),
    # 500 x 10 / 0.90 / 0.94 / 1000 = 5000 / 846 = 5.910165 g
    HeldOut(
        ("500 gummies at 10mg, disty is 90%, how many grams", "now factor in a 6% loss"),
        500 * 10 / 0.90 / 0.94 / 1000,
    ),
    # (400 x 88 + 200 x 60) / 600 = (35,200 + 12,000) / 600 = 78.666667 %
    HeldOut(
        ("blend 400g of 88% with 100g of 60%, potency?", "what if it's 200 g of the 60"),
        (400 * 88 + 200 * 60) / 600,
    ),
    # 70 x 25 / 100 = 17.5 lb; 17.5 x 453.59237 / 400 = 7937.866475 / 400 = 19.844666 g/sq ft
    HeldOut(
        ("70 lbs wet, 75% moisture loss, dry?", "and grams per sq ft on a 400 sq ft room?"),
        17.5 * POUND_G / 400,
    ),
    # 900 / 30 = 30 mg/mL; half a dropper 0.5 mL = 15 mg
    HeldOut(
        ("tincture: 900 mg in 30 ml, per ml?", "what about half a dropper (0.5ml)"),
        900 / 30 * 0.5,
    ),
    # 20,000 x 0.877 x 0.90 = 15,786 mg
    HeldOut(
        ("decarb 20 g thca, theoretical thc", "ok now at 90% efficiency"),
        20_000 * FACTOR * 0.90,
        "thc_mg",
    ),
    # 200 x 92 / 75 - 200 = 245.333333 - 200 = 45.333333 g
    HeldOut(
        ("cut 200 g of 92% to 80%, carrier?", "make it 75% instead"),
        200 * 92 / 75 - 200,
    ),
    # half pound 226.796185 g: 1100 / 226.796185 = 4.850170 $/g
    HeldOut(
        ("paying 2100 for a pound, price per gram?", "what if i grab a half pound for 1100"),
        1100 / (POUND_G / 2),
    ),
    # 1200 / 60 = 20 mg/mL
    HeldOut(
        (
            "making a tincture, need the mg per ml",
            "i have 1200 mg of thc",
            "going in a 60 ml bottle",
        ),
        1200 / 60,
    ),
    # 300 x 5 / (100 - 5) = 1500 / 95 = 15.789474 g
    HeldOut(
        (
            "terps at 5% of the distillate for 300g of disty, how much",
            "actually make it 5% of the final blend",
        ),
        300 * 5 / 95,
    ),
    # 48 tsp: 14,000 x 0.20 / 48 = 2800 / 48 = 58.333333 mg
    HeldOut(
        ("1 cup butter, 14g of 20% thc flower, per tbsp?", "and per teaspoon?"),
        14_000 * 0.20 / 48,
    ),
]

MISSING: list[HeldOut] = [
    one("how many grams of distillate for 300 gummies at 10 mg each", None),  # no potency
    one("total cbd on this? cbd came back 0.7%", None),  # no CBDA
    one("how much stock do i need for 250 ml at 5 mg/ml", None),  # no stock concentration
    one("whats the dry weight from 30 lbs wet", None),  # no moisture loss
    one("we pulled 40 lbs this run, g per watt?", None),  # no wattage
    one("blend 300g of 90% with some 70%, final potency?", None),  # no second lot's mass
    one("THCa 112%, d9 0.5% — total thc?", None),  # impossible THCA
    one("how much terpene at 8% of the final blend", None),  # no distillate mass
    one("3g of 88% disty into the batch, mg per gummy?", None),  # no piece count
    one("price per gram on a pound?", None),  # no price
    one("half gram cart, coa says 82% thc but the label says 91%, how many mg in it", None),
    one("cut 100 g of 70% distillate up to 85% with carrier, how much carrier", None),
    one("label 10mg, lab found 9.1 mg, is that within tolerance?", None),  # no tolerance
    one("how much of the 92% and 70% do i mix to hit 95%", None),  # target above both lots
    one("mg per tbsp if i put 10g of 20% flower in butter", None),  # no butter amount
    one("how many servings in a 200mg bag", None),  # no serving size
]
