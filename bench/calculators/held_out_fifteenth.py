"""The fifteenth held-out set: written by helper h20set15 without reading the calculators.

Written from issue 20's list of calculations. Before writing, the author read only the
benchmark's `cli.py`, `__main__.py`, `__init__.py`, `held_out.py` (the `HeldOut` type, `one`,
the constants and the detail names it uses) and the fourteenth set's docstring and opening
lines; nothing under src/, no tests, and no other set's cases. The people typing are kitchen
leads, extraction and lab techs, budtenders, home cooks and hemp farmers: lower case, typos,
glued units ("10mg", "92%thc"), numbers in words, thousands separators, ticket, lot, room and
field numbers, dates and prices that are not inputs, and pasted COAs in layouts of their own
(markdown pipes carrying the lab's own "Total THC" row, quoted CSV in mg/g, "key: value"
lines mixing mg/g and % beside a moisture line; ND and <LOQ). Thirteen conversations run over
two or three turns and reuse what an earlier turn gave. Fifteen lack an input or give an
impossible one (a potency over 100%, a negative mass or area); for those `expected` is None:
the right reply asks or explains, and gives no number.

Where 0.877 comes from. The USDA's hemp rule defines total THC as delta-9 THC plus 0.877 times
THCA (7 CFR 990.1, definition of "Total THC"; eCFR title 7, part 990). The factor is the mass
kept when the acid loses its carboxyl group as CO2: THC 314.47 g/mol / THCA 358.48 g/mol =
0.877. CBDA to CBD loses the same group from the same molar mass, so total CBD uses it too.

Conventions behind the expected numbers (each computed below in Python from its inputs):
- Totals: neutral + `FACTOR` x acid; ND and <LOQ are 0; mg/g / 10 = %. A total is expected in
  % when the inputs are in %, or when "%" is asked of mg/g inputs. A hemp question expects the
  total THC %, the figure compared with the 0.3% limit.
- THC in a product: mass in mg x potency / 100; a pack is count x mass per unit first.
- Decarboxylation: THC = acid x 0.877 (x the stated efficiency); the mass lost is acid x
  (1 - 0.877). Answers are in the unit of the input or the unit asked; a theoretical THC from
  grams of acid is compared as its mg detail (`thc_mg`), as `held_out.py` does.
- Dose per piece: concentrate mg x potency / pieces. Concentrate needed: pieces x mg / potency,
  in grams, divided again by (1 - loss) when a process loss is stated.
- Kitchen: 1 cup = 16 tbsp = 48 tsp; a stick of butter is half a cup (8 tbsp). A flower's THC %
  goes in whole unless a loss is stated; a THCA % is multiplied by 0.877 first. A half ounce
  of flower is the trade's 14 g.
- Tinctures: mg / mL; a dropper is 1 mL, half a dropper 0.5 mL.
- Dilution: C1V1 = C2V2; "how much to add" is the final amount less the stock. By mass, the
  carrier to add is m x p1 / p2 - m.
- Blends: the mass-weighted mean; the amount of a second lot to reach a target is
  m1 x (target - p1) / (p2 - target).
- Terpenes: "% of the blend (final, finished, w/w of the cart oil)" = d x t / (100 - t); "% of
  (by weight of) the distillate" = d x t / 100.
- Scaling: ingredient x new count / old count.
- Units: a zip is 28 g and a QP 112 g (trade); "real ounces, not zips" are avoirdupois
  (`OUNCE_G`); pounds are `POUND_G`; a price per gram of a pound is price / `POUND_G`.
- Yields: dry g / sq ft; dry g / total watts. Dry weight = wet x (100 - loss) / 100.
- Variance: a window is claim x (1 -/+ tolerance), compared on its `low` detail; a measured
  result against a label is (measured - label) / label in %, signed.
- The number expected is the one asked for, in the unit asked for; nothing is rounded.

First run, on 2026-11-28, before any change for this set (`python -m bench calculators --set
fifteenth --errors`): 73 of 81 right (90.1%: 60/68 single questions, 13/13 follow-ups; 5 asked
for an input they had, 3 wrong); missing inputs asked or explained 13 of 15 (4 of them an
impossible input explained), 1 answered with a number, 1 not recognised. No expected value was
changed after it. Not right, with the case's first words:
- "Sample","Analyte","mg/g" (quoted CSV in mg/g): asked for the THCA and d9 it had read.
- "tin has 20 mints at 2.5 mg each": the package total, asked for a concentrate potency.
- "150 g of 82.5% plus 150 g of 77.5%": a blend worded "plus ... resulting potency", not
  recognised.
- "our 40-bar batch takes 3 g of 90% oil": batch scaling read as a dose per piece (10.8 mg).
- "3 oz on the lab scale (real ounces, not zips)": a unit conversion read as batch scaling,
  asked for a batch size.
- "vendor wants 2600 per lb": a price without "$" read as 2600 lb, asked for the price.
- "coa on our distillate: thca 88.2%, d9 2.1%. making 400 gummies at 10mg": the chain (total,
  then the concentrate needed) asked for the dose it was given.
- "3 g of 85% distillate + 2 g of 70%, all into 100 gummies": answered the blend's potency
  (79%), not the mg per gummy.
- missing, "how many mg in a cart at 90%?": no cart size, not recognised.
- missing, "cut 50 g of distillate to 75% with terps": no starting potency, answered 150 g
  (the 75% taken as the terpene share).
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, OUNCE_G, POUND_G, HeldOut, one

# Markdown pipes, with the lab's own "Total THC" row (consistent with its THCA and d9 rows,
# so using it or recomputing it gives the same number), ND and <LOQ rows.
_COA_PIPES = (
    "the Total THC row looks off to me, can you redo the math\n"
    "| Analyte | Result | Unit |\n"
    "|---|---|---|\n"
    "| THCA | 19.74 | % |\n"
    "| Δ9-THC | 0.38 | % |\n"
    "| CBDA | ND | % |\n"
    "| CBD | <LOQ | % |\n"
    "| Total THC | 17.69 | % |"
)
# CSV with quotes, in mg/g, sample id and a CBGa row that is not asked for.
_COA_CSV = (
    '"Sample","Analyte","mg/g"\n'
    '"L-2291","THCa","268.4"\n'
    '"L-2291","d9-THC","3.1"\n'
    '"L-2291","CBGa","9.7"\n'
    '"L-2291","CBD","ND"\n'
    "what's total thc in % for this one"
)
# Key: value lines mixing mg/g and %, with a date and a batch number.
_COA_MIXED = (
    "batch 7781 / tested 2026-10-03\n"
    "THCa: 231.5 mg/g\n"
    "Delta-9 THC: 0.9 %\n"
    "Moisture: 10.8 %\n"
    "total thc as a percent?"
)
# A distillate COA used as the potency of a gummy run (a chain: total, then the mass).
_DISTY_TOTAL = 2.1 + 88.2 * FACTOR

ANSWERABLE: list[HeldOut] = [
    # Totals and hemp verdicts.
    one(
        "lab just emailed - thca 24.9%, d9 .61%, what's total thc for the label",
        0.61 + 24.9 * FACTOR,
    ),
    one("total cbd pls: cbda 11.3 %  cbd 0.42 %", 0.42 + 11.3 * FACTOR),
    one(_COA_PIPES, 0.38 + 19.74 * FACTOR),
    one(_COA_CSV, (3.1 + 268.4 * FACTOR) / 10),
    one(_COA_MIXED, 0.9 + 23.15 * FACTOR),
    one(
        "hemp farmer here, pre-harvest test came in delta 9 0.071%, thca 0.262%. "
        "am i under 0.3 total?",
        0.071 + 0.262 * FACTOR,
    ),
    one(
        "Hemp sample (field 3, 40 acres): Δ9 THC 0.05 %, THCA 0.19 % - "
        "does it pass the 0.3% total THC limit?",
        0.05 + 0.19 * FACTOR,
    ),
    one(
        "thca is twenty two percent and delta nine is one percent, whats the total", 1 + 22 * FACTOR
    ),
    # THC in a package at a potency.
    one("how many mg thc in a 1g disposable that tests 91.2%", 912),
    one(
        "pre-roll 5 pack, 0.7g each, flower at 26% total thc - total mg in the pack?",
        5 * 700 * 0.26,
    ),
    one("customer wants to know mg of thc in a quarter (7g) at 19.5%", 7000 * 0.195),
    one(
        "2.5g of flower, coa says 30% thca and 0.5% d9 - how many mg total thc is that",
        2500 * (0.5 + 30 * FACTOR) / 100,
    ),
    # Decarboxylation: theoretical, at an efficiency, the mass lost.
    one("theoretical thc from 40g thca isolate after decarb?", 40000 * FACTOR, "thc_mg"),
    one("decarbing 750mg THCa at 88% efficiency, thc yield in mg?", 750 * FACTOR * 0.88),
    one("if i decarb 12 g of thca how much weight do i lose (co2 coming off)", 12 * (1 - FACTOR)),
    one("1.2 kg thca crystals into the oven, 95% conversion - kg of thc out?", 1.2 * FACTOR * 0.95),
    one("decarb mass loss on 500 mg thca, in theory, in mg", 500 * (1 - FACTOR)),
    # Dose per piece.
    one("dropped 3.2g of 88.5% disty into a 96-ct mold, mg each?", 3200 * 0.885 / 96),
    one("two and a half grams of 90 percent distillate in 50 gummies, how strong is each one", 45),
    one("batch of 1,440 chews with 16 g of 92%thc distillate - per chew mg?", 16000 * 0.92 / 1440),
    # Concentrate needed, with and without a process loss.
    one("how much 84% disty for 720 gummies @ 10mg", 720 * 10 / 0.84 / 1000),
    one("need 3,000 pieces at 2mg each; distillate 95.5%; how many grams", 3000 * 2 / 0.955 / 1000),
    one(
        "planning 640 brownies at 25 mg, distillate tests 81%, we lose ~6% in the pan. "
        "grams of distillate?",
        640 * 25 / 0.94 / 0.81 / 1000,
    ),
    one(
        "1000 gummies, 5 mg each, 89% oil, 10% process loss - how much oil to add (g)",
        1000 * 5 / 0.9 / 0.89 / 1000,
    ),
    one(
        "Ticket #4471, 11/14: room 12 asks - 2,000 gummies at 10 mg each from our 90.5% disty "
        "(paid $4,800 for it). how many grams disty?",
        2000 * 10 / 0.905 / 1000,
    ),
    # Servings and package totals.
    one("a 500mg chocolate bar scored into 5mg squares, how many servings", 100),
    one("tin has 20 mints at 2.5 mg each, how many mg in the whole tin", 50),
    one("100mg pkg, 10 pieces - mg per piece", 10),
    # Infusions with kitchen measures.
    one("infusing a half oz of 21% flower into 2 cups butter, mg per tbsp", 14000 * 0.21 / 32),
    one("10 g flower @ 16% in 1 cup coconut oil, how much thc per teaspoon", 10000 * 0.16 / 48),
    one("3.5 g of 24% bud in 1 stick of butter, mg per tbsp?", 3500 * 0.24 / 8),
    one(
        "home cook q: 7g of flower, 25% thca, into 1 cup olive oil. mg thc per tbsp?",
        7000 * 0.25 * FACTOR / 16,
    ),
    one(
        "infusing 28g of 15% trim into 4 cups of butter, figure 20% loss, mg per tsp?",
        28000 * 0.15 * 0.8 / 192,
    ),
    # Tinctures.
    one("1,000mg tincture in a 30ml bottle. mg per dropper (1ml dropper)?", 1000 / 30),
    one("how many mg/ml is 2400 mg in 120 ml", 20),
    one("60ml bottle, 900mg thc, how much is in a half dropper?", 900 / 60 * 0.5),
    # Dilution, by volume and by mass.
    one("C1V1: have 100 mg/ml concentrate, want 250 ml at 4 mg/ml - how much concentrate", 10),
    one("Stock at 25 mg/mL. I need 2 L of 0.5 mg/mL. How many mL of stock?", 40),
    one("cutting 40g of 96% distillate to 85% - grams of carrier to add?", 40 * 96 / 85 - 40),
    one("dilute 250 ml of 40 mg/ml emulsion down to 10 mg/ml, how much water to add", 750),
    # Blends.
    one("mixing 2.2 kg of 89% with 800g of 71% disty, final %?", (2200 * 89 + 800 * 71) / 3000),
    one("have 600g at 94% and a pile of 68%. how much of the 68 to hit 80%?", 700),
    one("150 g of 82.5% plus 150 g of 77.5% distillate - resulting potency", 80),
    # Terpenes.
    one("terps at 8% of the finished blend, 450 g distillate - how many grams terps", 450 * 8 / 92),
    one("add 5% terpenes by weight of the distillate to 1.2 kg disty, grams of terps?", 60),
    one("want 12% terps w/w in the final cart oil, starting with 88g distillate", 12),
    # Batch scaling.
    one("recipe for 150 gummies uses 1.8 g disty, scaling to 600, how much disty", 7.2),
    one("our 40-bar batch takes 3 g of 90% oil; making 250 bars next week, how much oil", 18.75),
    # Units.
    one("how many eighths in a qp", 32),
    one("3 oz on the lab scale (real ounces, not zips) in grams?", 3 * OUNCE_G),
    one("how many grams is 6 zips", 168),
    one("how many grams in 4.5 lbs", 4.5 * POUND_G),
    one("convert 2 kg to pounds", 2000 / POUND_G),
    # Yields.
    one("pulled 63 lb dry from a 1,800 sq ft canopy - g/sqft?", 63 * POUND_G / 1800),
    one("34,500 g dry under 36 x 1000W fixtures - grams per watt", 34500 / 36000),
    one("flower rm 4 (lot 88) gave 11.2 kg off 24 lights at 650 w each. gpw?", 11200 / (24 * 650)),
    # Drying.
    one("weighed 410 lbs wet, expect 76% moisture loss, dry lbs?", 410 * 0.24),
    one("2,350 g wet going in the dry room at 80% loss -> dry grams?", 470),
    # Prices.
    one("$1,150 a pound, whats that per gram", 1150 / POUND_G),
    one("vendor wants 2600 per lb, price per g?", 2600 / POUND_G),
    one("zip for 140, per gram?", 5),
    # Variance windows and signed variance.
    one("label claim 100mg per pack, ±15% - low end of the window?", 85, "low"),
    one(
        "gummy says 5 mg, tolerance plus or minus 20 percent, what's the acceptable range", 4, "low"
    ),
    one("label 10mg, lab got 11.4mg avg. percent off?", 14),
    # Chains of two or three.
    one(
        "coa on our distillate: thca 88.2%, d9 2.1%. making 400 gummies at 10mg "
        "off the total thc - how much distillate?",
        400 * 10 / (_DISTY_TOTAL / 100) / 1000,
    ),
    one(
        "decarb 10 g of thca at 90% efficiency then put it all in a 60 ml tincture - mg/ml?",
        10000 * FACTOR * 0.9 / 60,
    ),
    one(
        "50 lb wet at 78% loss, dried under 20 lights of 600 W - dry grams per watt",
        50 * 0.22 * POUND_G / 12000,
    ),
    one("3 g of 85% distillate + 2 g of 70% distillate, all into 100 gummies, mg each?", 39.5),
]

FOLLOW_UPS: list[HeldOut] = [
    HeldOut(
        ("how much 86% distillate for 500 gummies @ 10mg", "what if it tests at 92%?"),
        500 * 10 / 0.92 / 1000,
    ),
    HeldOut(("thca 21.4, d9 0.7, total thc?", "lab retest says thca 23.0"), 0.7 + 23 * FACTOR),
    HeldOut(
        ("4g of 88% disty in 200 gummies, mg each?", "and if we lose 7% in the kettle"),
        4000 * 0.88 * 0.93 / 200,
    ),
    HeldOut(
        ("14g of 20% flower into 2 cups of butter, mg/tbsp?", "and per teaspoon?"),
        14000 * 0.2 / 96,
    ),
    HeldOut(("30ml tincture with 1200mg, per ml?", "what about a 60ml bottle, same mg"), 20),
    HeldOut(
        ("blend 300g 90% with 200g 60%, potency?", "make it 400g of the 60% instead"),
        (300 * 90 + 400 * 60) / 700,
    ),
    HeldOut(
        ("making 250 cookies at 10mg with 80% oil, grams?", "actually make it 20 mg each"),
        250 * 20 / 0.8 / 1000,
    ),
    HeldOut(
        ("our hemp: d9 0.08, thca 0.22 - total?", "and if thca comes back 0.27?"),
        0.08 + 0.27 * FACTOR,
    ),
    HeldOut(("40 lb wet, 75% loss, dry weight?", "what if we only lose 70%"), 12),
    HeldOut(("label 10 mg, ±10% window low end?", "what about a 50 mg label"), 45, "low"),
    HeldOut(("need 1 L at 5 mg/ml from 50 mg/ml stock, how much stock", "and for 3 L?"), 300),
    HeldOut(
        ("how many grams terps for 100g disty at 7% of final blend", "make it 300g disty"),
        300 * 7 / 93,
    ),
    HeldOut(
        ("going to do 800 gummies at 5mg", "distillate is 88%", "and plan for 5% loss"),
        800 * 5 / 0.95 / 0.88 / 1000,
    ),
]

MISSING: list[HeldOut] = [
    one("how much disty for 300 gummies at 10mg", None),
    one("dose per gummy if i used 2 g distillate in 40 gummies", None),
    one("total thc? d9 is 0.6%, the rest of the coa isnt back yet", None),
    one("thca 104%, d9 1%, total?", None),
    one("decarb -5 g thca, how much thc", None),
    one("how many mg in a cart at 90%?", None),
    one("infused some flower into 1 cup butter, 20% thc - mg per tbsp?", None),
    one("tincture has 600mg - mg per dropper?", None),
    one("cut 50 g of distillate to 75% with terps, how much terps", None),
    one("grams per watt? got 30 lb dry", None),
    one("wet weight 200 lb, how much dry?", None),
    one("blend 200g of 90% with some 70%, final potency?", None),
    one("300 gummies at 10mg, distillate is 120%", None),
    one("label 10mg, what's the window", None),
    one("40 lb dry off a -500 sq ft canopy, grams per sq ft?", None),
]
