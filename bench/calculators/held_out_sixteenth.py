"""The sixteenth held-out set: written by helper h20set16 without reading the calculators.

Written from issue 20's list of calculations. Before writing, the author read only the
benchmark's `cli.py`, `__main__.py`, `__init__.py`, `held_out.py` (the `HeldOut` type, `one`,
the constants and the detail names it uses) and the fifteenth set's docstring and opening
cases; nothing under src/, no tests, and no other set's cases. The people typing are kitchen
leads, extraction and lab techs, budtenders, home cooks, hemp farmers and QA managers: lower
case, typos, glued units ("6.5g", "86.4%"), numbers in words, thousands separators, ticket,
lot and room numbers, dates and prices that are not inputs, and pasted COAs in layouts of
their own (tab-separated in mg/g with the lab's own "Total THC" row, "Analyte | Result | Unit"
in mg/g with <LOQ and ND rows, a QA manager's tab-separated % sheet). Thirteen conversations
run over two or three turns and reuse what an earlier turn gave ("what if it's 92%?", "same
but 1,200 pieces"). Fifteen lack an input, contradict themselves or give an impossible one (a
potency over 100%); for those `expected` is None: the right reply asks or explains, and gives
no number.

Where 0.877 comes from. The USDA's hemp rule defines total THC as delta-9 THC plus 0.877 times
THCA (7 CFR 990.1, definition of "Total THC"; eCFR title 7, part 990). The factor is the ratio
of the molar masses, THC 314.47 g/mol over THCA 358.48 g/mol; CBDA to CBD loses the same
carboxyl group from the same molar mass, so total CBD uses it too.

Conventions behind the expected numbers (each computed below in Python from its inputs; those
of the fifteenth set where they apply):
- Totals: neutral + `FACTOR` x acid; ND and <LOQ are 0; mg/g / 10 = %. A total is expected in
  % when the inputs are in %, or when "%" is asked of mg/g inputs, and in mg/g when mg/g is
  asked. A hemp question expects the total THC %, the figure compared with the 0.3% limit. A
  lab's own "Total THC" row is consistent with its THCA and d9 rows to the lab's rounding, so
  the expected figure is recomputed from those rows.
- THC in a product: mass in mg x potency / 100; a pack is count x mass per unit first; a
  potency in mg/g is mg per gram of product.
- Decarboxylation: THC = acid x 0.877 (x the stated efficiency); the mass lost is acid x
  (1 - 0.877). Answers are in the unit of the input or the unit asked; a THC from grams of
  acid is compared as its mg detail (`thc_mg`), as `held_out.py` does.
- Dose per piece: concentrate mg x potency / pieces. Concentrate needed: pieces x mg / potency,
  in grams, divided again by (1 - loss) when a process loss is stated.
- Kitchen: 1 cup = 16 tbsp = 48 tsp; a stick of butter is half a cup (8 tbsp, 24 tsp). A
  flower's THC % goes in whole unless a loss is stated; a THCA % is multiplied by 0.877 first.
  A half ounce of flower is the trade's 14 g.
- Tinctures: mg / mL; a dropper is 1 mL, half a dropper 0.5 mL.
- Dilution: C1V1 = C2V2; by mass, the carrier to add is m x p1 / p2 - m.
- Blends: the mass-weighted mean; the amount of a second lot to reach a target is
  m1 x (target - p1) / (p2 - target).
- Terpenes: "% of the final blend" = d x t / (100 - t); "% by weight of the distillate" =
  d x t / 100.
- Scaling: ingredient x new count / old count, whatever the pieces are called (caps, cookies,
  pre-rolls, vapes).
- Units: a zip is 28 g and a QP 112 g (trade); "oz" in a conversion is avoirdupois
  (`OUNCE_G`); pounds are `POUND_G`.
- Yields: dry g / sq ft; dry g / total watts. Dry weight = wet x (100 - loss) / 100.
- Variance: a window is claim x (1 -/+ tolerance), compared on its `low` detail; a measured
  result against a label is (measured - label) / label in %, signed.
- Chains (new here, stated plainly): a total computed from a COA is the potency of the next
  step; a decarboxylated mass is the THC shared by the next step's pieces.
- A follow-up changes only what it names; every other input comes from the earlier turns.
- The number expected is the one asked for, in the unit asked for; nothing is rounded.

First run, on 2026-11-28, before any change for this set (`python -m bench calculators --set
sixteenth --errors`, run once): 68 of 72 right (94.4%: 56/59 single questions, 12/13
follow-ups; 2 asked for an input they had, 2 wrong; 71 of 72 recognised; 3 answers named an
input they did not use); missing inputs asked or explained 14 of 15 (2 of them an impossible
input explained), 1 answered with a number, 0 not recognised. No case was changed after it.
Not right, with the case's first words:
- "10 pack of 0.5g prerolls at 22%": a pack count read as pieces sharing the 0.5 g (11 mg per
  piece), not count x mass per unit (1100 mg).
- "have 400 g of 95% and some 65%, how much 65% to get to 85%": a blend to a target worded
  "some 65% ... to get to", not recognised.
- "a 12-cap run uses 0.6 g distillate, scaled to 300 caps": batch scaling in piece words read
  as a concentrate-needed question, asked for a potency.
- follow-up, "a 12-cap run ... / make it 500 caps": the same class, asked for a potency.
- missing, "4g of 90% into 100 gummies, or was it 120 gummies? not sure": a self-contradicting
  piece count answered with a number (36 mg, from 100 gummies), not asked which.

After the fixes of the same day (h20fix: counted pieces such as caps, softgels and tabs scale a
batch; a mass per piece times the pack's count; "how much X% to get to Y%" is a blend to a
target; two values of one input joined by words of doubt get a question): 72 of 72 right, 15 of
15 missing inputs asked. The fixes are classes, tested in new wordings
(tests/agents/test_calculation_sixteenth_classes.py); no case here was changed.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, OUNCE_G, POUND_G, HeldOut, one

# Tab-separated in mg/g, with the lab's own Total THC row (4.2 + 241.7 x 0.877 = 216.2).
_COA_TABS = (
    "Analyte\tResult\tUnit\n"
    "THCa\t241.7\tmg/g\n"
    "Δ9-THC\t4.2\tmg/g\n"
    "CBDa\tND\tmg/g\n"
    "Total THC\t216.2\tmg/g\n"
    "whats the total thc as a % for the label"
)
# Pipes in mg/g, LOQ rows, a hemp lot (a CBD crop) asking for the verdict.
_COA_HEMP = (
    "hemp lot HF-0917 (harvested 9/17, 22 acres)\n"
    "Analyte | Result | Unit\n"
    "Δ9-THC | 0.62 | mg/g\n"
    "THCA | 2.35 | mg/g\n"
    "CBD | <LOQ | mg/g\n"
    "CBDA | 88.1 | mg/g\n"
    "CBG | <LOQ | mg/g\n"
    "are we compliant on total thc?"
)
# A QA manager's sheet, tab-separated, in %, with the lab's total (0.66 + 21.37 x 0.877 = 19.40).
_COA_QA = (
    "QA review lot 2611-B, COA #A77120\n"
    "THCA\t21.37%\n"
    "D9-THC\t0.66%\n"
    "Total THC\t19.40%\n"
    "can you confirm the total thc"
)
_DISTY_TOTAL = 3.2 + 85.0 * FACTOR  # the distillate COA of the first chain

ANSWERABLE: list[HeldOut] = [
    # Totals and hemp verdicts.
    one("thca 26.3% d9 0.48% total thc?", 0.48 + 26.3 * FACTOR),
    one(_COA_TABS, (4.2 + 241.7 * FACTOR) / 10),
    one(_COA_HEMP, (0.62 + 2.35 * FACTOR) / 10),
    one("hemp test back, d9 thc 0.12%, thca 0.29% - are we hot?", 0.12 + 0.29 * FACTOR),
    one("total cbd: cbda 9.8 percent, cbd .35 percent", 0.35 + 9.8 * FACTOR),
    one("thca nineteen percent and d9 one percent, total thc?", 1 + 19 * FACTOR),
    one("coa says thca 198 mg/g, d9 6.4 mg/g. total thc in mg/g?", 6.4 + 198 * FACTOR),
    one(_COA_QA, 0.66 + 21.37 * FACTOR),
    # THC in a package at a potency.
    one("mg thc in a 2 gram cart @ 86.4%", 2000 * 0.864),
    one("how many mgs of thc are in a 10 pack of 0.5g prerolls at 22%", 10 * 500 * 0.22),
    one("budtender q: a half ounce (14g) at 27% - how many mg thc", 14000 * 0.27),
    one("1g vape, lab says 912 mg/g total thc, how many mg in the vape", 912),
    # Decarboxylation.
    one("theoretical thc from 18 g of thca", 18000 * FACTOR, "thc_mg"),
    one("decarb 2,500 mg thca at 93% efficiency, mg thc?", 2500 * FACTOR * 0.93),
    one("how much mass do we lose decarbing 8 kg of thca", 8 * (1 - FACTOR)),
    one("decarbing 650mg thca, how much thc in theory", 650 * FACTOR),
    # Dose per piece.
    one("put 6.5g of 87% disty into 260 gummies, mg per gummy?", 6500 * 0.87 / 260),
    one("5 grams of ninety percent oil split across 150 caps - mg per capsule", 5000 * 0.9 / 150),
    one(
        "added 1.8g 91% distillate to a batch of 36 chocolates, dose per chocolate",
        1800 * 0.91 / 36,
    ),
    # Concentrate needed, with and without a process loss.
    one("need 1,500 gummies at 5mg, disty is 88.7%, how many grams", 1500 * 5 / 0.887 / 1000),
    one(
        "kitchen lead here: 400 cookies @ 15 mg each, distillate 82%, we lose about 7% on the "
        "trays. how much distillate",
        400 * 15 / 0.93 / 0.82 / 1000,
    ),
    one(
        "ticket 5520 (11/21, paid $3,150 for the jar) - 3k mints at 2.5mg, oil 94.2%, grams?",
        3000 * 2.5 / 0.942 / 1000,
    ),
    one("how many grams of 79% rosin for 200 chocolates at 10 mg", 200 * 10 / 0.79 / 1000),
    one(
        "making 120 capsules @ 25mg w/ 90% distillate, 5% process loss, how much distillate",
        120 * 25 / 0.95 / 0.9 / 1000,
    ),
    # Servings.
    one("1000mg bar, 10mg servings - how many servings", 100),
    one("how many servings in a 250 mg jar if a serving is 5mg", 50),
    # Infusions with kitchen measures.
    one("1 stick of butter + 5 g of 20% flower, mg per tsp?", 5000 * 0.20 / 24),
    one(
        "infusing 14g of 23% bud in 1.5 cups of coconut oil, thc per tablespoon", 14000 * 0.23 / 24
    ),
    one("2 sticks butter, 7g flower at 18%, mg per tbsp", 7000 * 0.18 / 16),
    one(
        "home cook: 3.5 g of flower with 22% thca into half a cup of olive oil, mg per teaspoon",
        3500 * 0.22 * FACTOR / 24,
    ),
    one(
        "infuse 10 g of 19% into 1 cup butter, lose 25% in the process, mg per tbsp",
        10000 * 0.19 * 0.75 / 16,
    ),
    # Tinctures.
    one("3000mg in a 60ml bottle, mg per dropper?", 3000 / 60),
    one("tincture 500 mg / 15 ml - mg/ml?", 500 / 15),
    one("30 ml tincture with 1,200 mg. how many mg in half a dropper", 1200 / 30 * 0.5),
    # Dilution.
    one("have 80 mg/ml stock, need 1 L at 2 mg/ml, how many ml of stock", 1000 * 2 / 80),
    one(
        "C1V1=C2V2: 30 mg/mL stock, target 5 mg/mL, 600 mL final volume - stock volume?",
        600 * 5 / 30,
    ),
    one("cut 75 g of 94% distillate to 80%, how much carrier", 75 * 94 / 80 - 75),
    # Blends.
    one(
        "blend 1.5 kg at 87% with 500 g at 62% - final potency",
        (1500 * 87 + 500 * 62) / 2000,
    ),
    one("lot A 250g @ 90%, lot B 750g @ 70%, mixed potency?", (250 * 90 + 750 * 70) / 1000),
    one(
        "have 400 g of 95% and some 65%, how much 65% to get to 85%",
        400 * (85 - 95) / (65 - 85),
    ),
    # Terpenes.
    one(
        "reintroduce terps at 7% of the final blend to 300g distillate, grams of terps",
        300 * 7 / 93,
    ),
    one(
        "terpenes at 3% by weight of the distillate, 2 kg distillate, how many g terps",
        2000 * 3 / 100,
    ),
    # Scaling, with piece words.
    one(
        "a 12-cap run uses 0.6 g distillate, scaled to 300 caps how much distillate", 0.6 * 300 / 12
    ),
    one("recipe for 24 cookies takes 1.2 g of oil, scale to 180 cookies", 1.2 * 180 / 24),
    one(
        "our 50 pre-roll batch uses 35 g of flower; scaling to 1,200 pre-rolls, grams of flower?",
        35 * 1200 / 50,
    ),
    one("20 vapes take 10 g of distillate, how much for 350 vapes", 10 * 350 / 20),
    # Units.
    one("how many grams in a qp", 112),
    one("how many grams in 3 lbs", 3 * POUND_G),
    one("convert 250 g to oz", 250 / OUNCE_G),
    one("5 zips is how many grams", 5 * 28),
    # Yields.
    one("got 58 lbs dry off 1,600 sqft, grams/sqft?", 58 * POUND_G / 1600),
    one("flower room 7: 14.4 kg dry under 30 lights x 630W, g per watt", 14400 / (30 * 630)),
    # Moisture loss.
    one("wet weight 2,200 lbs, 80% moisture loss, dry weight lbs", 2200 * (100 - 80) / 100),
    one("harvested 35 kg wet, lose seventy five percent drying, dry kg?", 35 * (100 - 75) / 100),
    # Label variance.
    one("label 5mg/gummy, +/-10% window?", 5 * (1 - 0.10), "low"),
    one("claim 100 mg per package, lab got 112 mg. variance %?", (112 - 100) / 100 * 100),
    # Chains of two or three.
    one(
        "coa on the distillate: thca 85.0%, d9 3.2%. making 500 gummies at 10 mg, how many "
        "grams of distillate",
        500 * 10 / (_DISTY_TOTAL / 100) / 1000,
    ),
    one(
        "decarb 10 g thca (theoretical) then split into 250 gummies, mg each", 10000 * FACTOR / 250
    ),
    one(
        "flower tests thca 20% d9 1%, i put 7 g in 1 cup butter, mg per tbsp?",
        7000 * (1 + 20 * FACTOR) / 100 / 16,
    ),
]

FOLLOW_UPS: list[HeldOut] = [
    HeldOut(
        ("how much 88% disty for 400 gummies at 10mg", "what if it's 92%?"), 400 * 10 / 0.92 / 1000
    ),
    HeldOut(
        ("6.5 g of 87% disty into 260 gummies, mg each?", "same but 200 gummies"),
        6500 * 0.87 / 200,
    ),
    HeldOut(("thca 22.4% d9 0.8% total thc?", "and if d9 is 1.2"), 1.2 + 22.4 * FACTOR),
    HeldOut(
        ("tincture 1200 mg in 30 ml, mg per ml?", "what about a 60 ml bottle with the same mg"),
        1200 / 60,
    ),
    HeldOut(
        ("a 12-cap run uses 0.6 g distillate, scale to 300 caps", "make it 500 caps"),
        0.6 * 500 / 12,
    ),
    HeldOut(
        ("have 50 mg/ml stock, need 200 ml at 5 mg/ml, how much stock", "and for 1 L?"),
        1000 * 5 / 50,
    ),
    HeldOut(
        (
            "blend 300 g at 90% with 200 g at 70%, final?",
            "what if it's 300 g of the 70 instead",
        ),
        (300 * 90 + 300 * 70) / 600,
    ),
    HeldOut(("7 g of 20% flower in 1 cup butter, mg per tbsp", "per teaspoon?"), 7000 * 0.2 / 48),
    HeldOut(
        ("hemp coa: d9 0.08%, thca 0.27%, are we legal", "retest came back thca 0.36%"),
        0.08 + 0.36 * FACTOR,
    ),
    HeldOut(
        (
            "making 1000 gummies at 5 mg with 90% distillate, how much",
            "add a 10% process loss",
            "same but 1,200 pieces",
        ),
        1200 * 5 / 0.9 / 0.9 / 1000,
    ),
    HeldOut(("wet weight 500 lbs, 78% loss, dry?", "what about 74%"), 500 * (100 - 74) / 100),
    HeldOut(("decarb 20 g thca at 90%", "how about 95%?"), 20000 * FACTOR * 0.95, "thc_mg"),
    HeldOut(("label claim 10 mg, +/- 15% window", "what about with 20%"), 10 * (1 - 0.20), "low"),
]

MISSING: list[HeldOut] = [
    one("how much disty for 800 gummies at 10mg", None),
    one("poured 5 g distillate into 100 gummies, mg per gummy", None),
    one("mg thc in a 0.5g cart", None),
    one("infused some 20% flower into 1 cup of butter, mg per tbsp", None),
    one("tincture has 900 mg, mg per dropper?", None),
    one("need 500 ml at 5 mg/ml, how much stock", None),
    one("blend 300 g at 88% with some 70%, what's the final potency", None),
    one("thca 112% d9 0.5% total thc?", None),
    one("wet weight 300 lbs, what's dry", None),
    one("scale the recipe to 300 caps, it uses 0.6 g of distillate", None),
    one("grams per watt? we got 40 lbs dry", None),
    one("cut 60g of distillate down to 80%, how much carrier", None),
    one("how many servings in a 200mg bar", None),
    one("disty tests 108%, 300 gummies at 10mg, how many grams", None),
    one("4g of 90% into 100 gummies, or was it 120 gummies? not sure. mg per gummy", None),
]
