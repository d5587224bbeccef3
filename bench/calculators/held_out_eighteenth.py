"""The eighteenth held-out set: written by helper h20set18 without reading the calculators.

Written from issue 20's list of calculations. Before writing, the author read only the
benchmark's `cli.py`, `__main__.py`, `__init__.py`, `held_out.py` (the `HeldOut` type, `one`,
the constants and the detail names its sets use: `low`, `high`, `thc_mg`) and the seventeenth
set's docstring and opening cases; nothing under src/, no tests but those that list the sets,
and no other set's cases. The people typing are kitchen leads, extraction and lab techs,
budtenders, home cooks, hemp farmers, QA managers, formulators and growers: lower case,
typos, glued units ("6.5g", "92.7%", "250ml"), numbers in words, thousands separators, lot,
room and ticket numbers, dates and prices that are not inputs, and pasted COAs in layouts not
used before (tab-separated with a header row, a markdown "Analyte | Result | Units" table,
LOD and LOQ columns with a "<LOQ" result, results in mg/g only, a COA that already states
its Total THC while the question asks something else). Thirteen conversations run over two
or three turns and reuse what an earlier turn gave ("what if it tests 92%", "same but 1,500
gummies", "now for a zip"). Thirteen lack an input, contradict themselves or give an
impossible one (a potency over 100%, a negative result, a blend target outside both lots,
two prices for one pound); for those `expected` is None: the right reply asks or explains,
and gives no number.

Sources of the conventions.
- 0.877: the USDA hemp rule defines total THC as delta-9 THC plus 0.877 x THCA, dry-weight
  basis (7 CFR 990.1, "Total THC"); it is THC's molar mass over THCA's (314.5 / 358.5 g/mol),
  decarboxylation dropping one CO2. CBDA and CBD differ by the same group, so total CBD uses
  it too. Hemp is cannabis at no more than 0.3% delta-9 THC on that basis (7 CFR 990.1,
  "Hemp"; 7 U.S.C. 1639o(1)); a lot is over the line above 0.3% total THC.
- Masses: 1 avoirdupois ounce = 28.349523125 g and 1 pound = 453.59237 g (NIST Handbook 44,
  Appendix C), used when an ounce or pound is converted as a unit or a price is per pound.
  The trade's own measures sit on a 28 g ounce: an eighth 3.5 g, a quarter 7 g, a zip 28 g.
- Kitchen: 1 US cup = 16 tbsp = 48 tsp, a stick of butter half a cup (the USDA and FDA
  household measures behind nutrition labels, 21 CFR 101.9(b)(5)).

Conventions behind the expected numbers (each computed below in Python from its inputs):
- Totals: neutral + `FACTOR` x acid; ND and <LOQ are 0; mg/g / 10 = %. A total is expected in
  the unit its inputs are in unless another is asked; a hemp question expects the total THC %.
  A COA that states a Total THC gives that figure to the next step as it stands.
- THC in a product: mass in mg x potency / 100; a pack is count x mass per unit first.
- Decarboxylation: THC = acid x 0.877 (x the stated efficiency); the mass lost is acid x
  (1 - 0.877), in the input's unit. A THC from grams or kilograms is compared as `thc_mg`.
- Dose per piece: concentrate mg x potency / pieces (x (1 - loss) when a loss is stated).
  Concentrate needed: pieces x mg / potency, in grams, / (1 - loss) with a stated loss.
- Servings: package mg / mg per serving.
- Infusion: flower mg x THC % (x 0.877 for a THCA %, x (1 - loss) when stated), spread over
  the fat's tablespoons or teaspoons.
- Tinctures: mg / mL; a dropper is 1 mL, half a dropper 0.5 mL.
- Dilution: C1V1 = C2V2 (stock volume in mL); by mass, carrier = m x p1 / p2 - m.
- Blends: the mass-weighted mean; the second lot to reach a target is m1 x (target - p1) /
  (p2 - target), in m1's unit.
- Terpenes: "% of the final blend" = d x t / (100 - t); "% of the distillate" = d x t / 100;
  terpenes already weighed as a share of the final blend = t / (d + t) x 100.
- Scaling: ingredient x new count / old count.
- Yield: dry g / sq ft, dry g / total watts. Drying: dry = wet x (100 - loss) / 100, or wet x
  the share it "dries to".
- Price: $ per lb / 453.59237 per gram.
- Variance: a window is claim x (1 -/+ tolerance), compared on `low` (or `high` when the upper
  limit is asked); a result against a label is (measured - label) / label in %, signed.
- Chains: a total from a COA is the potency of the next step; a decarboxylated mass or a
  blend's potency feeds the next step; a follow-up changes only what it names.
- The number expected is the one asked for, in the unit asked for; nothing is rounded.

First run, on 2026-11-29, before any change for this set (`python -m bench calculators --set
eighteenth --errors`, run once): 53 of 62 right (85.5%: 42/49 single questions, 11/13
follow-ups; 1 asked for an input it had, 8 wrong; 60 of 62 recognised; 6 answers named an
input they did not use); missing inputs asked or explained 11 of 13 (3 of them an impossible
input explained), 2 answered with a number, 0 not recognised. No expected value was changed.
Not right, by class, with the case's first words:
- COA layouts. "Sample 4471-F ... LOD LOQ Result": the LOD column read as the results
  (0.010 x 0.877 + 0.010 = 0.0188%, not 0.2964% with the d9 at <LOQ). "pasting the coa for
  hemp lot 0931 ... Total THC: 0.21%": answered the stated total THC (0.2066%), not the total
  CBD it asked (12.56%).
- A COA's stated Total THC into the next step: "COA - Blue Zushi ... Total THC .. 26.4 %
  ... mg of thc in the 3.5g jar": stopped at the total THC % (26.42%), not 924 mg.
- Trade fractions named alone: "a quarter of the 27% gelato, how many mg" and "a half of the
  runtz, how many grams": no calculation recognised (7 g x 27% = 1890 mg; 14 g).
- Chains that stop one step short: "rso coa: thca 78.2%, d9 3.1%. putting 2 g into 50
  brownies": the THC in 2 g (1433.6 mg), not per brownie (28.67 mg); "blend 200 g of 90%
  with 100 g of 75%, then how much of the blend for 1,000 gummies": the blend's 85%, not the
  11.76 g needed.
- Follow-ups over three turns: "coa on the gmo: thca 23.5%, d9 0.4% / total thc? / how many
  mg in a 3.5 g eighth then": converted 3.5 g to 3500 mg, not 735.3 mg of THC; "making
  gummies with 91% disty / 2,000 of them / 10 mg each": asked for the inputs it had read.
- Contradictions answered with a number: "order says 10 mg each but the batch sheet says 5
  mg" (answered 4.545 g from 5 mg, not asked which); "$1,800 a pound, or was it $1,600"
  (answered $3.97/g from $1,800, not asked which).
On main before its class fixes (2026-11-29, after the seventeenth set's fixes had landed):
56 of 62 right (90.3%), missing inputs asked 11 of 13; the LOD/LOQ COA, the stated-total jar
and the RSO brownies were already right. After the classes above were fixed in the readers,
generally and not in this set's words (2026-11-29, helper h20fix18: the result column picked
by its header beside LOD and LOQ columns; a total the COA states or the user says is known is
not the total asked; "a quarter" and "a half" said alone at the counter are 7 g and 14 g, and
"how many grams do i weigh out" converts; a blend carried on to the amount of it needed for
pieces, or to the amount of it named shared over pieces; "N of them" counts the pieces an
earlier turn named, and a bare conversion to mg after a potency asks the THC in that mass;
two sources that disagree on one input, or a price given twice, are asked which holds):
62 of 62 right (100%), missing inputs asked or explained 13 of 13, 4 answers naming an
input they did not use; every other set unchanged on every figure.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, OUNCE_G, POUND_G, HeldOut, one

# Tab-separated export with a header row; a CBGA row nobody asked about.
_COA_TABS = (
    "Northfield Testing\treport 26-11-0932\treceived 11/21/2026\n"
    "Analyte\tLOQ (%)\tResult (%)\n"
    "THCA\t0.05\t19.84\n"
    "Δ9-THC\t0.05\t0.62\n"
    "CBGA\t0.05\t0.77\n"
    "CBD\t0.05\tND\n"
    "total thc for lot 2211-B?"
)
# A markdown table a hemp farmer pasted from the lab portal.
_COA_MARKDOWN = (
    "| Analyte | Result | Units |\n"
    "|---|---|---|\n"
    "| THCa | 0.214 | % |\n"
    "| Delta-9 THC | 0.052 | % |\n"
    "| CBDa | 9.87 | % |\n"
    "| CBD | 0.41 | % |\n"
    "field 7, sampled 10/02. are we compliant at 0.3?"
)
# LOD and LOQ columns, the delta-9 below the LOQ: a lot just under the line.
_COA_LOQ = (
    "Sample 4471-F (Suver Haze, 22 acres)\n"
    "Analyte      LOD     LOQ     Result   Unit\n"
    "THCA         0.010   0.030   0.338    %\n"
    "d9-THC       0.010   0.030   <LOQ     %\n"
    "CBDA         0.010   0.030   12.06    %\n"
    "CBD          0.010   0.030   0.52     %\n"
    "whats the total thc, are we hot"
)
# Results in mg/g only.
_COA_MG_G = (
    "lab sent mg/g only (ticket 88213):\n"
    "THCA 241.7 mg/g\n"
    "D9-THC 6.3 mg/g\n"
    "CBGA 9.9 mg/g\n"
    "total thc in mg/g for the label"
)
# A COA that states its Total THC; the question is about CBD.
_COA_STATED_CBD = (
    "pasting the coa for hemp lot 0931:\n"
    "Total THC: 0.21%\n"
    "THCA 0.19%\n"
    "D9-THC 0.04%\n"
    "CBDA 13.3%\n"
    "CBD 0.9%\n"
    "total thc is on there already, what i need is the total cbd"
)
# A COA that states its Total THC; the question is the mg in a jar.
_COA_STATED_JAR = (
    "COA - Blue Zushi, batch BZ-1108, $38 retail\n"
    "THCa ....... 29.1 %\n"
    "Δ9-THC ..... 0.9 %\n"
    "Total THC .. 26.4 %\n"
    "budtender here, customer wants to know the mg of thc in the 3.5g jar"
)
_RSO = 3.1 + 78.2 * FACTOR  # the RSO of the first chain
_BUTTER_FLOWER = 0.6 + 21.4 * FACTOR  # the flower of the three-step chain
_BLEND = (200 * 90 + 100 * 75) / 300  # the blend of the last chain
_EIGHTH_FLOWER = 0.4 + 23.5 * FACTOR  # the flower of the three-turn follow-up

ANSWERABLE: list[HeldOut] = [
    # Totals and hemp verdicts.
    one(_COA_TABS, 0.62 + 19.84 * FACTOR),
    one(_COA_MARKDOWN, 0.052 + 0.214 * FACTOR),
    one(_COA_LOQ, 0.338 * FACTOR),
    one(_COA_MG_G, 6.3 + 241.7 * FACTOR),
    one(_COA_STATED_CBD, 0.9 + 13.3 * FACTOR),
    one(
        "thc-a came back at twenty-two percent and d9 at 0.5, whats the total thc",
        0.5 + 22 * FACTOR,
    ),
    one("cbda 88.2 mg/g, cbd 3.1 mg/g. total cbd as a percent?", (3.1 + 88.2 * FACTOR) / 10),
    one("hemp lot HL-0917: d9 0.11%, thca .24% - over .3 or not?", 0.11 + 0.24 * FACTOR),
    # THC in a package at a potency.
    one(_COA_STATED_JAR, 3500 * 0.264),
    one("customer q: how many mg thc in a 1g cart that tests 91.2%", 912),
    one("10-pack of .5g prerolls @ 22.5%, total mg per pack", 10 * 500 * 0.225),
    one("guy wants a quarter of the 27% gelato, how many mg of thc is that", 7000 * 0.27),
    # Decarboxylation.
    one(
        "decarbing 1.8 kg of thca isolate, reactor runs about 95% efficient. kg of thc out?",
        1.8e6 * FACTOR * 0.95,
        "thc_mg",
    ),
    one("how much mass do we lose decarbing 12 g of thca", 12 * (1 - FACTOR)),
    one(
        "ticket #5521 - 640mg of thca, what's the theoretical delta 9 after decarb",
        640 * FACTOR,
    ),
    # Dose per piece.
    one("poured 6.5g of 90.6% disty into 325 gummies - mg/gummy?", 6500 * 0.906 / 325),
    # Concentrate needed, with and without a process loss.
    one(
        "need 3,600 gummies at 5mg each, disty is 92.7%, how many g do i weigh",
        3600 * 5 / 0.927 / 1000,
    ),
    one(
        "5,000 mints x 2 mg, our oil is 86%, we lose about 6% in the process. grams of oil?",
        5000 * 2 / 0.94 / 0.86 / 1000,
    ),
    one("how much 79.5% rso for 96 brownies @ 25 mg", 96 * 25 / 0.795 / 1000),
    # Servings.
    one("1000mg chocolate bar broken into 10mg squares, how many servings", 100),
    one("how many 15 mg doses in a 300mg tincture", 20),
    # Infusion and kitchen measures.
    one("half cup of butter with 5 g of 24% thc bud, mg per tsp?", 5000 * 0.24 / 24),
    one("3/4 cup coconut oil, infused 10g of 19% flower. per tablespoon?", 10000 * 0.19 / 12),
    one("2 sticks of butter, 7 g of 26% thca flower, mg per tbsp", 7000 * 0.26 * FACTOR / 16),
    one(
        "1 cup olive oil, 14g of 21% flower, figure 20% lost in the infusion. mg per tsp",
        14000 * 0.21 * 0.8 / 48,
    ),
    # Tinctures.
    one("1,200 mg in a 30 ml bottle, how much in a full dropper", 1200 / 30),
    one("tincture is 2000mg in 60ml. half dropper dose?", 2000 / 60 * 0.5),
    # Dilution.
    one("stock at 40 mg/ml, need 250ml at 4 mg/ml. ml of stock?", 250 * 4 / 40),
    one("cut 75 g of 94% disty down to 80% with carrier, grams of carrier", 75 * 94 / 80 - 75),
    # Blends.
    one(
        "blending 2.4 kg at 89% with 600 g at 71%, whats the final %",
        (2400 * 89 + 600 * 71) / 3000,
    ),
    one(
        "have 400 g of 95%, how much of our 78% do i add to land at 88%",
        400 * (88 - 95) / (78 - 88),
    ),
    # Terpenes.
    one("1 kg of disty, want terps at 7% of the finished blend. grams of terp?", 1000 * 7 / 93),
    one("SOP: terps at 3% of distillate weight. 250 g distillate, how much terp", 250 * 3 / 100),
    one(
        "added 12 g of terps to 300 g of distillate, what percent of the final oil is terps",
        12 / 312 * 100,
    ),
    # Batch scaling.
    one(
        "recipe for 120 gummies: 410 g sugar, 2.6 g disty. scaling to 1,500 gummies, "
        "how much disty?",
        2.6 * 1500 / 120,
    ),
    # Ounce and pound conventions.
    one("convert 3.5 oz to grams", 3.5 * OUNCE_G),
    one("customer wants a half of the runtz, how many grams do i weigh out", 14),
    # Yield.
    one("room 4 gave 38.5 lb dry off 1,100 sqft of canopy, g/sqft?", 38.5 * POUND_G / 1100),
    one("6,350 g dry off 16 lights at 650 W each, gpw?", 6350 / (16 * 650)),
    # Drying.
    one("hung 310 lb wet, expect 76% moisture loss, dry weight in lb", 310 * 0.24),
    one("2,400 g wet, it usually dries to about 23% of wet. dry?", 2400 * 0.23),
    # Price per gram.
    one("$1,850 a pound from the farm, per gram?", 1850 / POUND_G),
    # Variance windows.
    one("label 25 mg per serving, +/-10%, what range passes", 22.5, "low"),
    one("label claim 100 mg per package, 15% tolerance. what's the upper limit", 115, "high"),
    one("labeled 10 mg, lab tested 9.1, variance %", (9.1 - 10) / 10 * 100),
    # Chains of two and three steps.
    one(
        "rso coa: thca 78.2%, d9 3.1%. putting 2 g into 50 brownies, mg each?",
        2000 * _RSO / 100 / 50,
    ),
    one(
        "decarb 3 g of thca at 92% then split it over 120 gummies, mg per gummy",
        3000 * FACTOR * 0.92 / 120,
    ),
    one(
        "flower coa: thca 21.4, d9 0.6. 7 g of it into 1 cup of butter. mg per tbsp?",
        7000 * _BUTTER_FLOWER / 100 / 16,
    ),
    one(
        "blend 200 g of 90% with 100 g of 75%, then how much of the blend for 1,000 gummies "
        "at 10 mg",
        1000 * 10 / _BLEND * 100 / 1000,
    ),
]

FOLLOW_UPS: list[HeldOut] = [
    HeldOut(
        ("need 1,200 gummies at 10 mg, disty 88%, grams?", "what if it tests 92%"),
        1200 * 10 / 0.92 / 1000,
    ),
    HeldOut(
        ("600 gummies @ 5mg with 90% disty, how much disty", "same but 1,500 gummies"),
        1500 * 5 / 0.9 / 1000,
    ),
    HeldOut(("how many mg in an eighth of 26% flower", "now for a zip"), 28000 * 0.26),
    HeldOut(
        ("hemp coa thca 0.29%, d9 0.05%, are we good?", "retest came back thca 0.36%"),
        0.05 + 0.36 * FACTOR,
    ),
    HeldOut(
        ("3 g of 85% disty into 150 gummies, mg each", "what if we lose 10% in the kettle"),
        3000 * 0.85 * 0.9 / 150,
    ),
    HeldOut(("stock is 30 mg/ml, want 100 ml at 3 mg/ml", "and for 500 ml?"), 500 * 3 / 30),
    HeldOut(
        ("7 g of 20% bud in a cup of butter, mg per tbsp", "what about per teaspoon"),
        7000 * 0.2 / 48,
    ),
    HeldOut(
        ("1000 mg tincture in 30 ml, per ml?", "what if i put it in a 60 ml bottle instead"),
        1000 / 60,
    ),
    HeldOut(("$2,000/lb, price per gram?", "what about at 1,600"), 1600 / POUND_G),
    HeldOut(("drying 90 lb wet, 75% loss, dry weight?", "what if it's more like 80%"), 90 * 0.2),
    HeldOut(
        (
            "coa on the gmo: thca 23.5%, d9 0.4%",
            "total thc?",
            "how many mg in a 3.5 g eighth then",
        ),
        3500 * _EIGHTH_FLOWER / 100,
    ),
    HeldOut(
        ("making gummies with 91% disty", "2,000 of them", "10 mg each, grams of disty?"),
        2000 * 10 / 0.91 / 1000,
    ),
    HeldOut(
        ("label claim 10 mg, tolerance +/-15%, window?", "what if the state tightens it to 10%"),
        9,
        "low",
    ),
]

MISSING: list[HeldOut] = [
    one("how many mg thc in a 3.5g jar?", None),  # no potency
    one("need 800 gummies, disty is 90%, how many grams", None),  # no dose per piece
    one("tincture has 900 mg, whats the per dropper dose", None),  # no volume
    one("blend 300 g of 88% with some 70%, final potency?", None),  # second mass
    one("infused 10 g of flower into a stick of butter, mg per tbsp", None),  # no potency
    one("grams per sq ft? we got 55 lb dry off room 2", None),  # no area
    one("dilute to 5 mg/ml, need 200 ml, how much stock", None),  # no stock strength
    one("scale the recipe to 2,000 gummies: 3.1 g distillate, 300 g sugar", None),  # old count
    one("disty tests 112%, how much for 500 gummies at 10 mg", None),  # impossible potency
    one("hemp coa: thca 0.21%, d9 -0.03%. total thc?", None),  # a negative result
    one(
        "have 95% and 85% distillate, want 1 kg at 97%, how much of the 95%", None
    ),  # a target above both lots
    one(
        "400 gummies with 88% disty, order says 10 mg each but the batch sheet says 5 mg. "
        "how much disty",
        None,
    ),  # two doses that contradict
    one(
        "farm quoted $1,800 a pound, or was it $1,600, cant find the email. per gram?", None
    ),  # two prices for one pound
]
