"""The twenty-first held-out set: written by helper h20set21 without reading the calculators.

Written from issue 20's list of calculations. Before writing, the author read only the
benchmark's `cli.py`, the `HeldOut` type, `one` and the constants in `held_out.py`, and the
docstrings and opening lines of the nineteenth and twentieth sets (for the format and the
conventions); nothing under src/, no tests, and no other set's cases. The people typing are
shift leads, co-packers, home bakers, cultivation techs, wholesale buyers, hemp farmers and a
QA manager: lower case, typos ("distilate", "tinture"), glued units ("3.5g@26%thc", "40mg/ml",
"650W"), numbers in words ("two grams of ninety percent"), thousands separators ("1,250 g",
"12,500 grams"), numbers buried in a story (lot and invoice numbers, harvest dates, the price
of a lab panel or of nutrients, a room number: none of them inputs), and COAs pasted in
layouts of their own (a "key=value; key=value" line, a vertical list with each analyte on one
line and its result on the next, a pipe table in mg/g). Asked the way people ask: "how strong
is each one", "what do i lose as co2", "how far off is that", "what does that work out to a
gram", "how much of the 94 do i throw in". Eleven conversations run over two or three turns and
reuse what an earlier turn gave (a new THCA, a new piece count, "and a quarter?", a loss added
later, "make it of the distillate instead", inputs arriving one message at a time). Twelve
lack an input, contradict themselves or give an impossible one (a THCA of 104%, a negative wet
weight, terpenes at 120% of a blend, a blend target above both lots, two potencies for one
cart; a potency, a piece dose, a final volume, a pound price, a wattage or a tincture's mg
never given); for those `expected` is None: the right reply asks or explains, and gives no
number.

Conventions (issue 20's, as the twentieth set states them).
- 0.877: total THC = delta-9 THC + 0.877 x THCA, dry-weight basis (USDA hemp rule, 7 CFR
  990.1, "Total THC"); total CBD = CBD + 0.877 x CBDA. Hemp is at most 0.3% total THC (7 CFR
  990.1, "Hemp"). ND is 0; mg/g / 10 = %. A hemp or cap question expects the total THC %, the
  figure the verdict compares.
- Ounces: the trade's ounce is 28 g (eighth 3.5 g, quarter 7 g, half 14 g). A pound is
  453.59237 g (NIST Handbook 44, App. C).
- Kitchen: 1 US cup = 16 tbsp = 48 tsp; a stick of butter is half a cup; a THCA % is x 0.877.
- THC in a product: mass mg x potency / 100 (a pack is count x unit mass first).
  Decarboxylation: THC = acid x 0.877 (x the stated efficiency), compared as `thc_mg`; mass
  lost = acid x (1 - 0.877), in the input unit, compared as the result's value.
- Dose per piece: concentrate mg x potency (x (1 - loss)) / pieces; a bar's mg / its squares.
  Concentrate needed: pieces x mg / potency in grams (/ (1 - loss)). Servings: package mg / mg
  per serving (a bag of pieces is count x mg each first).
- Tinctures: mg / mL; a dropper 1 mL, half a dropper 0.5 mL. Dilution: V1 = C2 V2 / C1 (mL);
  by mass, carrier = m x p1 / p2 - m.
- Blends: the mass-weighted mean; second lot to a target = m1 (target - p1) / (p2 - target).
- Terpenes: "% of the final blend" = d t / (100 - t); "% of the distillate" = d t / 100.
- Scaling: ingredient x new / old, in the recipe's unit. Drying: dry = wet x (100 - loss) /
  100, in the input unit. Yield: dry g / sq ft; dry g / total watts. Price per gram: $ per lb
  / 453.59237. Conversions: pounds x 453.59237 g; ounces x 28 g; eighths of 3.5 g.
- Variance: window claim x (1 -/+ tol), `low` (or `high` when the top is asked); a result
  against its label: (measured - label) / label x 100, signed.
- Chains: a total from a COA is the potency of the next step; a decarboxylated mass, a dried
  weight or a distillate's THC feeds the next step. A follow-up changes only what it names;
  nothing is rounded.

First run, on 2026-11-29, before any change for this set (`python -m bench calculators --set
twentyfirst --errors`, run once): 71 of 77 right (92.2%: 62/66 single questions, 9/11
follow-ups; 2 asked for an input they had, 4 wrong; 75 of 77 recognised; 4 answers named an
input they did not use); missing inputs asked or explained 11 of 12 (4 of them an impossible
input explained), 1 answered with a number. No expected value was changed. Not right, with
the case's first words:
- "copied this off the lab portal ... THCa / 21.9 % / Δ9-THC / 0.9 %" (each analyte on one
  line, its result on the next): asked for the THCA and delta-9 it had read (0.9 + 0.877 x
  21.9 = 20.1063%).
- "i have 500g at 78%, how much of the 94 do i throw in to hit 85%": asked for the amounts
  or the target (the second lot's potency said as a bare "the 94"; 500 x 7 / 9 = 388.889 g).
- "how many grams is 3 ounces": 85.0486 g, the avoirdupois ounce, not the trade's 28 g this
  set states (3 x 28 = 84 g).
- "vendor quoted 2k per lb on invoice #4471 ...": no calculation recognised ("2k" a
  thousands shorthand; 2000 / 453.59237 = 4.40925 $/g).
- "what's $1,600/lb per gram / they came down to 1450": no calculation recognised in the
  follow-up (1450 / 453.59237 = 3.19670 $/g).
- "want 5% terps of the blend with 60g disty / make it of the distillate instead": 3.15789 g,
  still of the blend (60 x 5 / 100 = 3 g).
- Missing: "the 1g cart is 85% thc per the box and 78% per the coa": answered 850 mg with
  the first potency, the contradiction not raised.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, POUND_G, HeldOut, one

# A "key=value; key=value" COA line.
_KEY_VALUE_COA = (
    "coa for lot 7731 just landed: THCA=19.4%; Δ9-THC=0.31%; CBD=ND; CBG=0.8%; "
    "moisture=11.2%. what's total thc on that"
)

# Each analyte on one line and its result on the next.
_VERTICAL_COA = (
    "copied this off the lab portal, formatting is weird sorry\nResults\n-------\nTHCa\n21.9 %"
    "\nΔ9-THC\n0.9 %\nCBGa\n1.1 %\nCBN\n<LOQ\nso whats the total thc"
)

# A pipe table in mg/g, the answer wanted in %.
_PIPE_COA = (
    "Analyte | mg/g\nTHCA | 241.7\nD9 | 6.2\nCBDA | ND\nCBGA | 9.4\n"
    "need total thc as a percent for the jar label"
)

ANSWERABLE: list[HeldOut] = [
    # Total THC and CBD, hemp and cap verdicts.
    one(
        "lab got back on lot 2291-B (picked up 11/03, paid $85 for the panel): thca 24.8 d9 .62 "
        "- total?",
        0.62 + 24.8 * FACTOR,
    ),
    one(_KEY_VALUE_COA, 0.31 + 19.4 * FACTOR),
    one("thca 256.0mg/g, d9thc 9.1mg/g what's total thc in percent", (9.1 + 256.0 * FACTOR) / 10),
    one(
        "hemp field sample from the north 40: delta9 0.06%, thca 0.29%. do we pass the 0.3 limit "
        "or not",
        0.06 + 0.29 * FACTOR,
    ),
    one(
        "our hemp came back 2.1 mg/g thca and 0.4 mg/g d9, are we compliant federally?",
        (0.4 + 2.1 * FACTOR) / 10,
    ),
    one("cbda 11.3 percent, cbd 0.45 percent, whats the total cbd", 0.45 + 11.3 * FACTOR),
    one(_VERTICAL_COA, 0.9 + 21.9 * FACTOR),
    one(
        "flower tested at 0.5% d9 and 31% thca, does that stay under a 30% total thc cap?",
        0.5 + 31 * FACTOR,
    ),
    one(_PIPE_COA, (6.2 + 241.7 * FACTOR) / 10),
    # THC in a package.
    one("how much thc is in an eighth of 24% flower", 3500 * 0.24),
    one("1g cart at 87.5% thc how many mg is that", 1000 * 0.875),
    one("a two gram preroll, eighteen percent thc, total milligrams?", 2000 * 0.18),
    one("10 pack of 0.35g minis at 27% - total mg thc in the box", 10 * 350 * 0.27),
    one("3.5g@26%thc how many mg", 3500 * 0.26),
    # Decarboxylation.
    one("2,500 mg thca isolate getting decarbed, theoretical thc?", 2500 * FACTOR, "thc_mg"),
    one(
        "decarbing 4 g of thca crystal, our oven runs about 90% efficient, how much thc will i "
        "actually get in mg",
        4000 * FACTOR * 0.90,
        "thc_mg",
    ),
    one("if i decarb 50 grams of thca, how many grams do i lose as co2", 50 * (1 - FACTOR)),
    # Dose per piece.
    one("put 1.2g of 85% distillate into 60 gummies, mg each?", 1200 * 0.85 / 60),
    one(
        "3.5 grams of 78% disty going into 100 chocolates, we lose about 10% in the mold. mg per "
        "chocolate?",
        3500 * 0.78 * 0.90 / 100,
    ),
    one(
        "two grams of ninety percent distillate into forty cookies, how strong is each one",
        2000 * 0.90 / 40,
    ),
    one("100mg bar with 16 squares, mg per square", 100 / 16),
    # Concentrate needed.
    one(
        "need 200 gummies at 10mg each, distillate is 92%, how many grams of disty",
        200 * 10 / 0.92 / 1000,
    ),
    one(
        "making 1,500 pieces @ 5 mg each with 88% oil and we lose 15% in the kettle. grams of oil "
        "needed?",
        1500 * 5 / 0.88 / 0.85 / 1000,
    ),
    one(
        "want fifty cookies at ten mg apiece, my oil is 70 percent, how many grams of oil",
        50 * 10 / 0.70 / 1000,
    ),
    # Servings and caps.
    one("a 100mg choc bar broken into 2.5mg servings, how many servings", 100 / 2.5),
    one(
        "in colorado, our package is 100 mg total with 10 mg servings - how many servings and is "
        "that ok?",
        100 / 10,
    ),
    one("20 gummies 5mg each, how many 10 mg servings in the bag", 20 * 5 / 10),
    # Infusion with kitchen measures.
    one(
        "infusing 14g of 22% thca flower into 2 cups of butter, mg per tablespoon?",
        14000 * 0.22 * FACTOR / 32,
    ),
    one(
        "7 grams of 18% thc bud into a cup of coconut oil, how much per teaspoon",
        7000 * 0.18 / 48,
    ),
    one("one stick of butter, 3.5 g of 20% thc trim, mg per tbsp", 3500 * 0.20 / 8),
    # Tinctures.
    one("30ml bottle with 1500mg cbd, how many mg per ml", 1500 / 30),
    one("1000 mg thc in a 60 ml tinture, mg in a full dropper (1ml)", 1000 / 60),
    one("a 30 mL bottle with 600mg in it, what's half a dropper", 600 / 30 * 0.5),
    one("one thousand five hundred mg cbd in thirty ml, mg per ml?", 1500 / 30),
    # Dilution.
    one(
        "stock tincture is 40mg/ml, i need 250 ml at 8 mg/ml, how much stock do i use",
        8 * 250 / 40,
    ),
    one(
        "have 100 g of 90% distillate, want to cut it to 70% with mct, how much carrier in grams",
        100 * 90 / 70 - 100,
    ),
    one("c1v1=c2v2: c1 = 25 mg/mL, c2 = 5 mg/mL, v2 = 100 mL. V1?", 5 * 100 / 25),
    # Blending.
    one(
        "mixing 300 g of 82% disty with 200 g at 91%, what's the potency of the mix",
        (300 * 82 + 200 * 91) / 500,
    ),
    one(
        "i have 500g at 78%, how much of the 94 do i throw in to hit 85%",
        500 * (85 - 78) / (94 - 85),
    ),
    one(
        "we have 1,250 g of 65% crude and we're blending it with 750 g of 80%. resulting %?",
        (1250 * 65 + 750 * 80) / 2000,
    ),
    # Terpenes.
    one(
        "want 8% terps of the final blend, got 45g distillate, how much terpene",
        45 * 8 / (100 - 8),
    ),
    one("add terps at 6% of the distillate weight, 120 g distillate, grams of terps?", 120 * 0.06),
    one("terpenes at 10 % of final mix, 27g of distilate, how many g terps", 27 * 10 / (100 - 10)),
    # Scaling.
    one(
        "recipe: 3.2g distillate for 80 brownies. scale it to 500 brownies, grams of distillate?",
        3.2 * 500 / 80,
    ),
    one(
        "recipe calls for 1.5 cups cannabutter for 24 cookies, need 90 cookies, how many cups",
        1.5 * 90 / 24,
    ),
    # Unit conversions.
    one("how many grams is 3 ounces", 3 * 28),
    one("how many eighths in 2 oz", 2 * 28 / 3.5),
    one("convert 2.5 lb to grams", 2.5 * POUND_G),
    # Yield.
    one("2.7 kg dry off 60 sq ft of canopy, grams per square foot?", 2700 / 60),
    one("4 lights at 650W each, got 2,340g dry, grams per watt?", 2340 / (4 * 650)),
    one("1.1 kilos dry under 1000 watts, what's my g/w", 1100 / 1000),
    # Drying.
    one("wet weight 18 lbs, lose 75% drying, dry weight?", 18 * 0.25),
    one("harvested 3,200g wet, expect 78% moisture loss, what'll it dry to", 3200 * 0.22),
    one(
        "harvest day oct 14 in room 3 (we spent $650 on nutes this run), 12,500 grams wet, drying "
        "at 76% loss - how much will we have dry",
        12500 * 0.24,
    ),
    # Price per gram.
    one("paying $1,400 a pound, price per gram?", 1400 / POUND_G),
    one(
        "vendor quoted 2k per lb on invoice #4471 due 12/15, what does that work out to a gram",
        2000 / POUND_G,
    ),
    # Variance.
    one(
        "label says 10mg per gummy, ±15% allowed, what's the lowest that still passes",
        10 * 0.85,
        "low",
    ),
    one("claim 100 mg, tolerance 10%, highest it can test?", 100 * 1.10, "high"),
    one(
        "potency claim 20% thc with a 10 percent variance, lowest allowed result",
        20 * 0.90,
        "low",
    ),
    one("label claim 5 mg, lab found 4.6 mg, what % off is that", (4.6 - 5) / 5 * 100),
    one("cart labeled 85% thc came back at 88.4, how far off percent", (88.4 - 85) / 85 * 100),
    # Chains.
    one(
        "thca 22% d9 1% - how much thc in a 3.5g bag of it",
        3500 * (1 + 22 * FACTOR) / 100,
    ),
    one("decarb 1g thca isolate then split it into 50 gummies, mg each", 1000 * FACTOR / 50),
    one(
        "flower is thca 20%, d9 0.5%. 10 g into a cup of butter, mg per tbsp",
        10000 * (0.5 + 20 * FACTOR) / 100 / 16,
    ),
    one(
        "10 kg wet, 80% loss in the dry room, 40 sq ft of canopy - grams per sq ft dry",
        10000 * 0.20 / 40,
    ),
    one("i put 2 grams of 80% distillate in 60 ml mct, what's the mg/ml", 2000 * 0.80 / 60),
]

FOLLOW_UPS: list[HeldOut] = [
    HeldOut(
        ("thca 23.5, d9 0.8 whats total", "and if the thca comes back 26 instead"),
        0.8 + 26 * FACTOR,
    ),
    HeldOut(
        ("1.5g of 90% disty into 100 gummies mg per gummy?", "what about if we do 75 gummies"),
        1500 * 0.90 / 75,
    ),
    HeldOut(("how many mg in an eighth of 21% flower", "and a quarter?"), 7000 * 0.21),
    HeldOut(
        ("need 400 pieces at 10mg with 85% distillate, grams?", "now with 12% loss"),
        400 * 10 / 0.85 / 0.88 / 1000,
    ),
    HeldOut(
        ("stock is 30mg/ml, need 200ml at 6 mg/ml, how much stock", "make it 500 ml instead"),
        6 * 500 / 30,
    ),
    HeldOut(
        ("decarb 800mg thca, theoretical thc", "at 85% efficiency?"), 800 * FACTOR * 0.85, "thc_mg"
    ),
    HeldOut(
        ("mixing 400g at 80% with 100g at 95%, final %", "what if it's 250g of the 95 instead"),
        (400 * 80 + 250 * 95) / 650,
    ),
    HeldOut(("what's $1,600/lb per gram", "they came down to 1450"), 1450 / POUND_G),
    HeldOut(("15 lb wet, 75% loss, dry weight?", "and if we only lose 70%"), 15 * 0.30),
    HeldOut(
        ("making a tincture: 1200 mg thc", "bottle is 30 ml", "how much in half a dropper"),
        1200 / 30 * 0.5,
    ),
    HeldOut(
        (
            "want 5% terps of the blend with 60g disty, how much terp",
            "make it of the distillate instead",
        ),
        60 * 5 / 100,
    ),
]

MISSING: list[HeldOut] = [
    one("how much thc is in an eighth", None),
    one("thca 104%, d9 1% total thc?", None),
    one("dose per gummy with 2 g of distillate into 80 gummies", None),
    one("i need 300 gummies, distillate is 90%, how many grams", None),
    one("dilute 50 mg/ml stock down to 10 mg/ml, how much stock", None),
    one("blend 200g of 80% with some 86% to hit 90%, how much of the 86", None),
    one("what's the price per gram on a pound", None),
    one("wet weight -4 kg, 75% loss, dry?", None),
    one("yield per watt: pulled 1,900g dry this run", None),
    one("the 1g cart is 85% thc per the box and 78% per the coa, how many mg in it", None),
    one("tincture mg per ml, it's a 30 ml bottle", None),
    one("terpenes at 120% of the blend, 50 g distillate, how much terp", None),
]
