"""The twentieth held-out set: written by helper h20set20 without reading the calculators.

Written from issue 20's list of calculations. Before writing, the author read only the
benchmark's `cli.py`, the `HeldOut` type, `one` and the constants in `held_out.py`, and the
docstrings and opening lines of the eighteenth and nineteenth sets (for the format and the
conventions); nothing under src/, no tests, and no other set's cases. The people typing are
formulators, extractors, kitchen managers, growers, budtenders, hemp farmers, patients and lab
techs: lower case, typos, glued units ("1.2g", "90%", "120ml"), numbers in words, thousands
separators, numbers buried in a story (lot numbers, dates and prices that are not inputs), and
COAs pasted in layouts of their own (analytes as a header row with the results on the row
below, a lab sheet retold in a message with a "<LOQ" delta-9). Asked the way people ask: "how
many 5s can i get out of", "what do i need to cut it to", "is my 8th legal weight if", "what's
that in mg". Ten conversations run over two or three turns and reuse what an earlier turn gave.
Eleven lack an input, contradict themselves or give an impossible one (a THCA over 100%, a
negative delta-9, a blend target above both lots, two potencies for one cart, a gummy count
never given); for those `expected` is None: the right reply asks or explains, and gives no
number.

Conventions (issue 20's, as the nineteenth set states them).
- 0.877: total THC = delta-9 THC + 0.877 x THCA, dry-weight basis (USDA hemp rule, 7 CFR
  990.1, "Total THC"); total CBD = CBD + 0.877 x CBDA. Hemp is at most 0.3% total THC (7 CFR
  990.1, "Hemp"). ND and <LOQ are 0; mg/g / 10 = %. A hemp question expects the total THC %,
  the figure the verdict compares.
- Ounces: the trade's ounce is 28 g (eighth 3.5 g, quarter 7 g, half 14 g, a zip 28 g). A
  pound is 453.59237 g (NIST Handbook 44, App. C).
- Kitchen: 1 US cup = 16 tbsp = 48 tsp; a stick of butter is half a cup; a THCA % is x 0.877.
- THC in a product: mass mg x potency / 100 (a pack is count x unit mass first).
  Decarboxylation: THC = acid x 0.877 (x the stated efficiency), compared as `thc_mg`; mass
  lost = acid x (1 - 0.877), in the input unit.
- Dose per piece: concentrate mg x potency (x (1 - loss)) / pieces. Concentrate needed:
  pieces x mg / potency in grams (/ (1 - loss)). Servings: package mg / mg per serving.
- Tinctures: mg / mL; a dropper 1 mL, half a dropper 0.5 mL. Dilution: V1 = C2 V2 / C1 (mL);
  by mass, carrier = m x p1 / p2 - m.
- Blends: the mass-weighted mean; second lot to a target = m1 (target - p1) / (p2 - target).
- Terpenes: "% of the final blend" = d t / (100 - t); "% of the distillate" = d t / 100.
- Scaling: ingredient x new / old. Drying: dry = wet x (100 - loss) / 100, in the input unit
  unless another is asked. Yield: dry g / sq ft; dry g / total watts. Price per gram: $ per lb
  / 453.59237 (a zip's price / 28).
- Variance: window claim x (1 -/+ tol), `low` (or `high` when the top is asked); a result
  (or a bag's weight) against its label: (measured - label) / label x 100, signed.
- Chains: a total from a COA is the potency of the next step; a decarboxylated mass feeds the
  next step. A follow-up changes only what it names; nothing is rounded.

First run, on 2026-11-29, before any change for this set (`python -m bench calculators --set
twentieth --errors`, run once): 46 of 56 right (82.1%: 37/46 single questions, 9/10
follow-ups; 2 asked for an input they had, 8 wrong; 52 of 56 recognised; 2 answers named an
input they did not use); missing inputs asked or explained 11 of 11 (2 of them an impossible
input explained), 0 answered with a number. No expected value was changed. Not right, with
the case's first words:
- "pasted from the pdf ... Analyte THCa D9-THC ..." (analytes as a header row, results on the
  row below): no calculation recognised (0.84 + 0.877 x 21.30 = 19.5201%).
- "cbd-a 14.2%, cbd 0.9% ... total cbd?": asked for the THCA and delta-9 of a total THC
  (0.9 + 0.877 x 14.2 = 13.3534%).
- "cart coa says 812 mg/g thc and its a .5g cart, whats that in mg": no calculation
  recognised (500 mg x 81.2% = 406 mg).
- "5pk of half gram prerolls @ 22% thc, total mg in the pack?": 110 mg, one preroll; the
  "5pk" count dropped (5 x 500 mg x 22% = 550 mg).
- "how many 5s can i get out of a 100mg bar": no calculation recognised (100 / 5 = 20).
- "each bag has 20 gummies at 5mg a piece. patient takes 10 mg ...": 2 servings, not the
  bag's 20 x 5 = 100 mg over 10 mg = 10.
- "is my 8th legal weight if it came in at 3.38g? how far off ... in percent": asked for a
  tolerance a signed difference from the 3.5 g label does not need (-3.428571%).
- "how many 8ths can i bag out of a pound": 129 eighths, rounded down; the set's convention
  rounds nothing (453.59237 / 3.5 = 129.5978). Arguable: whole bags are what the user asked.
- "guy wants 140 for a zip, what am i paying a gram": no calculation recognised (140 / 28 =
  $5 a gram).
- "500mg bar, 10 mg a square, how many servings / what about 2.5mg servings": 4 servings
  (10 / 2.5, the square taken for the package), not 500 / 2.5 = 200.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, POUND_G, HeldOut, one

# Analytes as a header row, results on the row below (a PDF copied into a chat).
_COLUMNS = (
    "pasted from the pdf, formatting got mangled:\n"
    "Analyte    THCa    D9-THC    CBDa    CBD    CBG\n"
    "%          21.30   0.84      0.06    ND     0.41\n"
    "whats the real thc on this"
)

# A lab sheet retold in a message: a lot number and a date that are not inputs.
_STORY = (
    "so my buddys farm finally got the lab sheet back, lot 2231 sampled 11/02, it doesnt list "
    "a total thc anywhere. THCA 0.31 %, Delta-9 THC <LOQ, CBDA 9.8 %. can we ship it as hemp "
    "or not"
)

ANSWERABLE: list[HeldOut] = [
    # Totals and hemp verdicts.
    # 0.84 + 0.877 x 21.30 = 19.5201 %
    one(_COLUMNS, 0.84 + FACTOR * 21.30),
    # (6.2 + 0.877 x 243.1) / 10 = 21.93987 %
    one(
        "coa says thca 243.1 mg/g and d9 6.2mg/g, whats total thc in percent",
        (6.2 + FACTOR * 243.1) / 10,
    ),
    # 0.09 + 0.877 x 0.27 = 0.32679 % (over 0.3)
    one("hemp field test came back d9 0.09% thca 0.27%... are we hot?", 0.09 + FACTOR * 0.27),
    # (1.1 + 0.877 x 1.9) / 10 = 0.27663 % (under 0.3)
    one(
        "sample #2 from the north field: delta 9 1.1 mg/g, thc-a 1.9 mg/g. does it pass the 0.3",
        (1.1 + FACTOR * 1.9) / 10,
    ),
    # <LOQ is 0: 0.877 x 0.31 = 0.27187 %
    one(_STORY, FACTOR * 0.31),
    # 0.9 + 0.877 x 14.2 = 13.3534 %
    one("cbd-a 14.2%, cbd 0.9% on the tincture flower... total cbd?", 0.9 + FACTOR * 14.2),
    # 0.2 + 0.877 x 25.8 = 22.8266 %
    one("Δ9-THC 0.2% / THCA 25.8% — total thc pls", 0.2 + FACTOR * 25.8),
    # THC in a product.
    # 3500 mg x 24 / 100 = 840 mg
    one("customer asking how much thc is actually in an eighth of the 24% gelato", 3500 * 0.24),
    # half oz = 14 g: 14000 x 19.5 / 100 = 2730 mg
    one("half oz of 19.5% flower, whats that in mg of thc", 14000 * 0.195),
    # 812 mg/g = 81.2 %: 500 mg x 81.2 / 100 = 406 mg
    one("cart coa says 812 mg/g thc and its a .5g cart, whats that in mg", 500 * 0.812),
    # 5 x 0.5 g = 2.5 g: 2500 x 22 / 100 = 550 mg
    one("5pk of half gram prerolls @ 22% thc, total mg in the pack?", 5 * 500 * 0.22),
    # 2000 mg x 78 / 100 = 1560 mg
    one(
        "two grams of wax testing at seventy eight percent, how many milligrams of thc is that",
        2000 * 0.78,
    ),
    # Decarboxylation.
    # 3500 mg x 0.877 = 3069.5 mg
    one(
        "decarbing 3.5g of thca isolate, how much thc should i end up with in theory",
        3500 * FACTOR,
        "thc_mg",
    ),
    # 500 x 0.877 x 0.9 = 394.65 mg
    one(
        "if my decarb only hits 90% efficiency, 500mg thca gives how much thc",
        500 * FACTOR * 0.9,
        "thc_mg",
    ),
    # 40 g x (1 - 0.877) = 4.92 g
    one("how many grams do i lose as co2 decarbing 40g of thca", 40 * (1 - FACTOR)),
    # Dose per piece and servings.
    # 1200 mg x 90 / 100 / 120 = 9 mg
    one("how many mg per gummy if i put 1.2g of 90% distillate into 120 gummies", 1200 * 0.9 / 120),
    # 2000 x 0.85 x (1 - 0.08) / 200 = 7.82 mg
    one(
        "2 g of 85% disty going in a batch of 200 chocolates, we lose like 8% in the pan. dose "
        "per piece?",
        2000 * 0.85 * 0.92 / 200,
    ),
    # 100 / 5 = 20 servings
    one("how many 5s can i get out of a 100mg bar", 100 / 5),
    # per piece to per package: 20 x 5 = 100 mg; 100 / 10 = 10 servings
    one(
        "each bag has 20 gummies at 5mg a piece. patient takes 10 mg at a time, how many "
        "servings is the bag",
        20 * 5 / 10,
    ),
    # Concentrate needed.
    # 400 x 10 / 0.92 = 4347.826 mg = 4.347826 g
    one(
        "need 400 gummies at 10mg each, distillate is 92%, how much distillate",
        400 * 10 / 0.92 / 1000,
    ),
    # 1500 x 5 / 0.885 / (1 - 0.10) = 9416.196 mg = 9.416196 g
    one(
        "batch of 1,500 mints @ 5 mg, disty 88.5%, figure 10% loss, how many grams do i need",
        1500 * 5 / 0.885 / 0.9 / 1000,
    ),
    # Infusion.
    # 7000 x 20 / 100 x 0.877 = 1227.8 mg over 16 tbsp = 76.7375 mg/tbsp
    one(
        "infusing 7g of 20% thca flower into 1 cup butter, mg per tbsp?", 7000 * 0.20 * FACTOR / 16
    ),
    # 2 sticks = 1 cup = 48 tsp: 14000 x 0.18 = 2520 mg / 48 = 52.5 mg/tsp
    one(
        "14 grams of 18% thc bud into 2 sticks of butter, how much per teaspoon", 14000 * 0.18 / 48
    ),
    # half oz = 14 g: 14000 x 0.22 = 3080 mg / 16 tbsp = 192.5 mg/tbsp
    one(
        "half ounce of 22 percent into a cup of coconut oil, whats a tablespoon", 14000 * 0.22 / 16
    ),
    # 10000 x 0.15 x (1 - 0.20) = 1200 mg over half a cup = 8 tbsp: 150 mg/tbsp
    one(
        "10g of 15% thc flower into half a cup of olive oil, assume i lose 20% in the "
        "infusion, per tbsp",
        10000 * 0.15 * 0.8 / 8,
    ),
    # Tinctures.
    # 1000 / 30 = 33.333 mg per 1 mL dropper
    one("1000mg in a 30ml bottle, whats a full dropper", 1000 / 30),
    # Dilution.
    # 5 x 120 / 50 = 12 mL
    one(
        "stock is 50 mg/ml, i want 120 ml at 5 mg/ml. what do i need to cut it to, like how "
        "much stock goes in",
        5 * 120 / 50,
    ),
    # by mass: 30 x 90 / 60 - 30 = 15 g
    one(
        "have 30 g of 90% distillate, want it down to 60%, how much carrier oil do i add",
        30 * 90 / 60 - 30,
    ),
    # Blends.
    # (200 x 82 + 300 x 91) / 500 = 87.4 %
    one(
        "mix 200g of 82% with 300g of 91%, whats the blend come out at", (200 * 82 + 300 * 91) / 500
    ),
    # 1.5 x (85 - 78) / (94 - 85) = 1.166667 kg
    one("have 1.5 kg at 78%, how much of the 94% lot do i add to land at 85", 1.5 * 7 / 9),
    # Terpenes.
    # 45 x 8 / (100 - 8) = 3.913043 g
    one(
        "want terps at 8% of the final blend, got 45 g of distillate, how many g of terps",
        45 * 8 / 92,
    ),
    # 120 x 5 / 100 = 6 g
    one("adding terps at 5% of the distillate weight, I have 120g disty", 120 * 5 / 100),
    # Scaling.
    # 3.2 x 300 / 80 = 12 g
    one(
        "recipe: 3.2 g disty for 80 brownies. scaling up to 300 brownies, how much disty",
        3.2 * 300 / 80,
    ),
    # Weights and conversions.
    # (3.38 - 3.5) / 3.5 x 100 = -3.428571 %
    one(
        "is my 8th legal weight if it came in at 3.38g? how far off is it in percent",
        (3.38 - 3.5) / 3.5 * 100,
    ),
    # 2.5 x 453.59237 = 1133.980925 g
    one("how many grams is 2 and a half pounds", 2.5 * POUND_G),
    # 453.59237 / 3.5 = 129.5978 eighths
    one("how many 8ths can i bag out of a pound", POUND_G / 3.5),
    # Yield and drying.
    # 12 x 20 = 240 sq ft: 9600 / 240 = 40 g/sq ft
    one("flower room is 12x20, we trimmed out 9,600 grams dry. grams per square foot?", 9600 / 240),
    # 4 x 650 = 2600 W: 2340 / 2600 = 0.9 g/W
    one("ran four 650w lights, pulled 2.34 kg dry, whats my g/w", 2340 / 2600),
    # 22 x (100 - 78) / 100 = 4.84 lb
    one("hung 22 lbs wet, it loses about 78% drying, how many lbs dry will i have", 22 * 0.22),
    # Price per gram.
    # 1800 / 453.59237 = 3.968323 $/g
    one("paid 1,800 a pound, whats that per gram", 1800 / POUND_G),
    # a zip is 28 g: 140 / 28 = 5 $/g
    one("guy wants 140 for a zip, what am i paying a gram", 140 / 28),
    # Variance windows.
    # 10 x (1 - 0.10) = 9 mg
    one("label says 10mg per gummy, ±10% allowed, whats the lowest it can test", 10 * 0.9, "low"),
    # 100 x (1 + 0.15) = 115 mg
    one(
        "claim is 100 mg for the pack, window plus or minus 15%, highest that still passes",
        100 * 1.15,
        "high",
    ),
    # (22.1 - 25) / 25 x 100 = -11.6 %
    one("labelled 25% thc, lab says 22.1%. how far off are we in percent", (22.1 - 25) / 25 * 100),
    # Chains.
    # 3.1 + 0.877 x 80.2 = 73.4354 %; 1000 mg x 73.4354 / 100 = 734.354 mg
    one(
        "live resin coa: THCA 80.2% d9 3.1%. how many mg of thc in a gram of it",
        1000 * (3.1 + FACTOR * 80.2) / 100,
    ),
    # 10000 x 0.99 = 9900 mg THCA x 0.877 = 8682.3 mg THC / 100 = 86.823 mg per gummy
    one(
        "decarb 10 g of 99% thca isolate then split it into 100 gummies, mg per gummy?",
        10000 * 0.99 * FACTOR / 100,
    ),
]

FOLLOW_UPS: list[HeldOut] = [
    # 1000 x 0.91 / 100 = 9.1 mg
    HeldOut(
        ("1g of 82% distillate into 100 gummies, mg each", "what if it tests at 91% instead"),
        1000 * 0.91 / 100,
    ),
    # 5 x 1000 x 0.31 = 1550 mg
    HeldOut(("1g preroll at 31%, how much thc", "and a 5 pack of those"), 5 * 1000 * 0.31),
    # 10 x 200 / 100 = 20 mL
    HeldOut(("stock 100 mg/ml, need 50 ml at 10 mg/ml", "ok and if i need 200ml"), 10 * 200 / 100),
    # 2100 / 453.59237 = 4.629707 $/g
    HeldOut(("paid 2,400 for a pound, price per gram?", "what about 2100"), 2100 / POUND_G),
    # 8000 x 0.24 x 0.877 = 1683.84 mg over half a cup = 8 tbsp: 210.48 mg/tbsp
    HeldOut(
        ("8g of 24% thca into a cup of butter, per tbsp?", "what if i only use half a cup"),
        8000 * 0.24 * FACTOR / 8,
    ),
    # 1.2 + 0.877 x 22.4 = 20.8448 %
    HeldOut(("total thc: thca 22.4%, d9 0.7%", "and if d9 was 1.2"), 1.2 + FACTOR * 22.4),
    # 600 x 5 / 0.9 = 3333.333 mg = 3.333333 g
    HeldOut(
        (
            "need 250 gummies at 10mg, disty is 90%, how much",
            "bump it to 600 gummies",
            "and at 5 mg each",
        ),
        600 * 5 / 0.9 / 1000,
    ),
    # (500 x 70 + 400 x 88) / 900 = 78 %
    HeldOut(
        ("mixing 500g of 70% with 250g of 88%, blend?", "what if the second lot was 400g"),
        (500 * 70 + 400 * 88) / 900,
    ),
    # 50 x 1.10 = 55 mg
    HeldOut(("label 50mg, tolerance 10%, whats the low end", "and the high end"), 50 * 1.1, "high"),
    # 500 / 2.5 = 200 servings
    HeldOut(
        ("500mg bar, 10 mg a square, how many servings", "what about 2.5mg servings"), 500 / 2.5
    ),
]

MISSING: list[HeldOut] = [
    # no potency
    one("how many mg of thc in 3.5 g of the new strain?", None),
    # no number of pieces
    one("1.5g of 88% disty into a batch of gummies, mg per piece?", None),
    # a THCA over 100%
    one("coa shows thca 112% and d9 0.4%, total thc?", None),
    # no final volume
    one("need to dilute my 50 mg/ml stock down to 10mg/ml, how many ml of stock", None),
    # a target above both lots
    one("blend 300 g of 80% with some of the 92% to hit 95%, how much of the 92", None),
    # no drying loss
    one("wet weight was 10 lb off the line, how much will it be dry?", None),
    # a negative delta-9
    one("lab report lists d9 as -0.2% and thca 0.25%, is it hemp", None),
    # two potencies for one cart
    one("1g cart, the label says 85% but the coa says 91%, how much thc in it", None),
    # no potency for the flower
    one("infusing 7g into a cup of butter, mg per tbsp?", None),
    # no wattage
    one("got 1.8 kg dry off the room this run, whats my yield per watt", None),
    # no distillate mass, and no "of the blend" or "of the distillate"
    one("want terps at 10 percent, how much do i add", None),
]
