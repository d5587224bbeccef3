"""The thirteenth held-out set: written by helper h20calc13 without reading the calculators.

Written from issue 20's list of calculations alone. The writer read only the benchmark's
`cli.py`, `__main__.py`, `__init__.py`, `held_out.py` (for the `HeldOut` type and its
constants) and the twelfth set's docstring and opening lines, for the format; not the
calculators, their readers, the agents, their tests or any other set's cases. The voices are
extraction techs, kitchen leads, budtenders, hemp farmers, home cooks and buyers, typing
fast: lower case, typos, glued units ("10mg", "3.5g"), numbers in words, thousands
separators, ranges that are not inputs, counts without their noun ("10 per box"), COA tables
pasted as text (pipes, aligned columns, key: value lines, CSV, ND for not detected) and
stories full of numbers that are not inputs (batch and room numbers, dates, prices, tag
numbers, acreage). Some conversations give a needed number, or change one, only in a later
turn. Some questions lack an input or give an impossible one; the right answer to those is a
question or an explanation, and no number (`expected` is None).

Source of the factor. Total THC = delta-9 THC + 0.877 x THCA is the USDA's definition for
hemp testing (7 CFR 990.1, "Total THC", eCFR title 7 part 990); 0.877 is the ratio of the
molar masses, THC 314.47 g/mol over THCA 358.48 g/mol. CBD and CBDA have the same molar
masses as THC and THCA, so total CBD = CBD + 0.877 x CBDA.

Conventions (the twelfth set's, where they apply, and the few this set adds):
- Totals. Total = neutral + 0.877 x acid (`FACTOR`); ND counts as 0. A total asked "as a
  percent" from mg/g is the mg/g total / 10; asked in mg/g it stays in mg/g; mg of total THC
  in a mass of flower is the mass in mg x total % / 100. A hemp question expects the total
  THC in %; the 0.3% verdict is in the wording, and the number is what gets compared.
- Decarboxylation. THC = acid x 0.877, times the stated efficiency; the mass lost is the rest
  (acid x (1 - 0.877)).
- Amounts. A zip is 28 g, a QP 112 g, an eighth 3.5 g, a quarter 7 g and a half ounce of
  flower 14 g (the trade's ounce); "oz to grams" or "grams to lbs" as a conversion uses the
  avoirdupois `OUNCE_G` and `POUND_G`. Purchase limits here are given in grams.
- Kitchen measures. 1 cup = 2 sticks of butter = 16 tbsp = 48 tsp, so a stick is 8 tbsp or
  24 tsp. A flower's stated THC % goes into butter or oil whole unless a loss is stated.
- Tinctures and drinks. A dropper is 1 mL, half a dropper 0.5 mL. Drinks in fluid ounces keep
  the unit asked for (mg per fl oz); a "16 oz bottle" of a drink is 16 fl oz.
- Dilution. C1V1 = C2V2, and "how much to add" is the final amount less the stock.
- Terpenes. Of the blend, terps = d x t / (100 - t); of the distillate, terps = d x t / 100.
- Blends. The weight average; the amount of a second lot to reach a target is
  m1 x (target - p1) / (p2 - target).
- Losses and yields. A loss of L% scales by (100 - L)%. Dry = wet x (100 - loss)%. Yield =
  output / input in %; drying loss = (wet - dry) / wet in %; a return of R% on an input is
  input x R / 100.
- Variance is (measured - label) / label in %, signed.
- Caps and limits. Pieces that fit a per-package cap are cap / per-piece, rounded down; what
  is left of a purchase limit is the limit less what is already bought, with any stated
  equivalence (e.g. 1 g of concentrate counts as 4 g of flower) applied first.
- Rounding. Piece counts are whole pieces, rounded down; masses are not rounded. The number
  expected is the one asked for, in the unit asked for.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, OUNCE_G, POUND_G, HeldOut, one

# Pipes, with a header of numbers that are not inputs and a CBDa row that is ND.
_COA_PIPES = (
    "coa for lot 4417-C came in (sampled 11/09, room 6, $38 test fee lol)\n"
    "| Analyte | Result (%) | LOQ |\n"
    "|---|---|---|\n"
    "| THCa | 24.3 | 0.05 |\n"
    "| Δ9-THC | 0.61 | 0.05 |\n"
    "| CBDa | ND | 0.05 |\n"
    "| CBG | 1.02 | 0.05 |\n"
    "total thc for the jar label?"
)

# Aligned columns in mg/g, delta-9 not detected, the total asked as a percent.
_COA_COLUMNS_MG = (
    "Analyte      LOD     Result\n"
    "             mg/g    mg/g\n"
    "THCA         0.1     241.6\n"
    "D9-THC       0.1     ND\n"
    "CBGA         0.1     11.9\n"
    "CBN          0.1     ND\n"
    "whats the total thc as a percent"
)

# Key: value lines from a hemp lab portal.
_COA_KEYVALUE = (
    "field 3 (12 acres, planted 5/20) pre-harvest sample\n"
    "sample id: HMP-26-0931\n"
    "thca: 0.187 %\n"
    "delta-9 thc: 0.052 %\n"
    "moisture: 9.8 %\n"
    "are we under 0.3 total thc?"
)

# CSV export, asking for total CBD.
_COA_CSV = (
    "analyte,result_pct,loq_pct\n"
    "CBDA,11.42,0.01\n"
    "CBD,0.38,0.01\n"
    "THCA,0.41,0.01\n"
    "D9THC,0.03,0.01\n"
    "total cbd from this?"
)

# mg/g columns with both acid and neutral, the total asked in mg/g.
_COA_BOTH_UNITS = (
    "Cannabinoid | mg/g | %\n"
    "THCa | 198.0 | 19.80\n"
    "Δ9-THC | 6.2 | 0.62\n"
    "CBD | <LOQ | <LOQ\n"
    "need total thc in mg/g for the manifest"
)

ANSWERABLE = (
    # Totals from COAs.
    one(_COA_PIPES, 0.61 + 24.3 * FACTOR),
    one(_COA_COLUMNS_MG, 241.6 * FACTOR / 10),
    one(_COA_KEYVALUE, 0.052 + 0.187 * FACTOR),
    one(_COA_CSV, 0.38 + 11.42 * FACTOR),
    one(_COA_BOTH_UNITS, 6.2 + 198.0 * FACTOR),
    one("coa reads thc-a 18.7 pct, d9 .9 pct. total thc?", 0.9 + 18.7 * FACTOR),
    one(
        "batch 2291 from room 12 came back on the 14th, thca twenty-two point five percent and d9 "
        "half a percent. whats total thc",
        0.5 + 22.5 * FACTOR,
    ),
    one(
        "our gmo cookies tested 26%thca and 0.4%d9 (last 3 runs were all 21-26%). how many mg of "
        "total thc in one gram?",
        1000 * (0.4 + 26 * FACTOR) / 100,
    ),
    one("distillate coa: CBD 68.2%, CBDa ND. total cbd?", 68.2),
    one(
        "hemp farmer here, 40 acres, the state pulled samples tuesday: delta9 0.11, thca 0.29. "
        "am i over the 0.3 total?",
        0.11 + 0.29 * FACTOR,
    ),
    # Decarboxylation.
    one("how much thc do i get from decarbing 2 grams of thca? answer in mg", 2000 * FACTOR),
    one(
        "decarbing 40g of thca isolate, we usually see 95% efficiency. how many grams of thc",
        40 * FACTOR * 0.95,
    ),
    one("how much weight do we lose decarbing 500 g of THCA", 500 * (1 - FACTOR)),
    # Dosing: distillate needed, per piece, per package, per serving.
    one(
        "running 1,500 gummies @ 5mg each, disty is 91.5%. grams of disty?",
        1500 * 5 / 0.915 / 1000,
    ),
    one(
        "twelve hundred chocolates at 2.5 mg each with 88% distillate, how many grams",
        1200 * 2.5 / 0.88 / 1000,
    ),
    one("100mg chocolate bar scored into 20 squares, mg per square?", 100 / 20),
    one("box is 100mg thc total, 10 per box. mg per gummy?", 100 / 10),
    one("ten 10mg pieces in a pack, how much thc in the whole pack", 10 * 10),
    one("bag has 20 gummies at 2.5mg each, total mg in the bag?", 20 * 2.5),
    one("tray of 48 brownies with 2.4 g of 85% disty stirred in, mg each?", 2400 * 0.85 / 48),
    one(
        "kitchen lead here. put 6 grams of 90% distillate in the 8x8 batch (order #5521, due "
        "friday), cut into 36 squares. mg per square?",
        6000 * 0.90 / 36,
    ),
    one("our 12 fl oz can has 10mg thc, how many mg per fl oz", 10 / 12),
    one(
        "seltzer is dosed at 2.5 mg per 8 fl oz, how much thc is in the whole 16 oz bottle",
        2.5 * 16 / 8,
    ),
    one("10 mg thc in a 355 ml can, whats that per ml", 10 / 355),
    one(
        "beverage run: 200 cans at 5 mg each from a 30 mg/ml emulsion. how many ml of emulsion",
        200 * 5 / 30,
    ),
    one("1000mg in a 30 ml bottle, dropper is 1 ml. how many mg per dropper", 1000 / 30),
    one("tincture is 15 mg/ml, customer takes half a dropper. how many mg is that", 15 * 0.5),
    one("2400 mg in a 60 mL bottle, dose is 2 droppers, mg per dose?", 2400 / 60 * 2),
    one(
        "making a 30ml tincture at 50 mg/ml with 92% distillate, how many grams of disty",
        30 * 50 / 0.92 / 1000,
    ),
    # Per-package caps.
    one(
        "state cap is 100 mg per package. at 7.5 mg a gummy how many gummies can go in one pack?",
        13,  # 100 / 7.5 = 13.3, rounded down
    ),
    one(
        "limit is 10mg a serving and 100mg a package, our chews are 4mg each. max pieces per "
        "package?",
        25,
    ),
    one("if the cap is 50mg per pkg and each piece is 6 mg how many fit", 8),  # 50 / 6 = 8.3
    # Infusion.
    one("infusing 1 stick of butter with 3.5g of 19% flower, mg per tsp?", 3500 * 0.19 / 24),
    one(
        "7g @ 24% into half a cup of coconut oil, the recipe makes 24 cookies. mg per cookie",
        7000 * 0.24 / 24,
    ),
    one(
        "2 sticks of butter and a quarter of 22% flower, how strong is each tablespoon",
        7000 * 0.22 / 16,
    ),
    one(
        "14g of 20% bud into 1 cup olive oil, figure 30% gets lost in the infusion. mg per "
        "tablespoon?",
        14000 * 0.20 * 0.70 / 16,
    ),
    one("half ounce of 17% shake in 3 cups of butter, mg per cup", 14000 * 0.17 / 3),
    # Dilution.
    one(
        "have a 100 mg/ml concentrate, want 250 ml at 4 mg/ml. how much concentrate",
        250 * 4 / 100,
    ),
    one(
        "how much water do i add to 20 ml of 50mg/ml to get it down to 5mg/ml",
        20 * 50 / 5 - 20,
    ),
    one("diluting 2 L of 15 mg/mL syrup to 3 mg/mL, what's the final volume in liters", 2 * 15 / 3),
    # Terpenes.
    one("adding terps at 8% of the final mix to 350g disty, grams of terps?", 350 * 8 / (100 - 8)),
    one(
        "our sop: terpenes at 2% of the distillate weight. 1.2 kg of distillate, how many grams",
        1200 * 2 / 100,
    ),
    one(
        "want 12% terps in the finished cart oil and i have 88 g of distillate, how much terp",
        88 * 12 / (100 - 12),
    ),
    # Blends.
    one("mix 250g of 82% with 750g of 66%, potency?", (250 * 82 + 750 * 66) / 1000),
    one(
        "have 400 g at 90%, how much of a 60% lot do I add to land at 80%",
        400 * (80 - 90) / (60 - 80),
    ),
    one(
        "blending three lots: 100g @ 70%, 200g @ 80%, 100g @ 90%. final %?",
        (100 * 70 + 200 * 80 + 100 * 90) / 400,
    ),
    # Yields and drying.
    one("hung 80 lbs wet, it came down to 18 lbs dry. drying loss %?", (80 - 18) / 80 * 100),
    one("ran 1,000 g of trim and got 142 g of crude, what's the yield %", 142 / 1000 * 100),
    one(
        "pressed 5 lbs of fresh frozen and got a 4.1% return, how many grams of rosin",
        5 * POUND_G * 4.1 / 100,
    ),
    one(
        "hemp guy: 3 acres, cut 4,500 lbs wet on 9/30. expecting 70% drying loss, how many lbs "
        "dry?",
        4500 * 0.30,
    ),
    one("got 200 g of distillate out of 1.6 kg of biomass, yield?", 200 / 1600 * 100),
    # Label variance.
    one("label says 10mg, lab says 11.3mg. variance?", (11.3 - 10) / 10 * 100),
    one("claimed 100 mg per pkg, tested 87.5. how far off in %?", (87.5 - 100) / 100 * 100),
    one("tincture labeled 1000mg came back at 1,080 mg, % variance", (1080 - 1000) / 1000 * 100),
    one("label 5 mg per gummy, tested 4.6, whats the variance", (4.6 - 5) / 5 * 100),
    # Unit conversions.
    one("how many grams in a QP", 112),
    one("how many eighths in a qp", 112 / 3.5),
    one("3 lbs in grams?", 3 * POUND_G),
    one("convert 500 g to lbs", 500 / POUND_G),
    one("how many 1g prerolls can i roll from a QP", 112),
    one("2.5 oz to grams", 2.5 * OUNCE_G),
    one("how many grams is 6 eighths", 6 * 3.5),
    one("buyer here, $240 a QP, what's that per gram", 240 / 112),
    # Purchase limits.
    one(
        "our limit is 28 g of flower a visit. he's got 2 eighths and a 7 g quarter in the cart, "
        "how many more grams can he buy",
        28 - 2 * 3.5 - 7,
    ),
    one("concentrate limit is 8 grams, how many half-gram carts can she buy", 8 / 0.5),
    one("edibles limit 800 mg a day, how many 100mg packs is that", 800 / 100),
    one(
        "limit is 28 g flower-equivalent and 1 g of concentrate counts as 4 g of flower. she "
        "already bought 3 g of wax, how many grams of flower can she still get",
        28 - 3 * 4,
    ),
)

FOLLOW_UPS = (
    HeldOut(
        (
            "making gummies at 10mg each with 90% distillate, how much disty",
            "batch is 600 pieces",
        ),
        600 * 10 / 0.90 / 1000,
    ),
    HeldOut(
        (
            "coa: thca 20.4, d9 0.3. total thc?",
            "wait, the lab reissued it, thca is actually 21.4",
        ),
        0.3 + 21.4 * FACTOR,
    ),
    HeldOut(
        (
            "infusing 10 g of flower into 1 cup of butter, mg per tbsp?",
            "flower tests 16%",
        ),
        10000 * 0.16 / 16,
    ),
    HeldOut(
        ("tincture, 30 ml bottle, how much per dropper", "it's 900 mg total"),
        900 / 30,
    ),
    HeldOut(
        (
            "blend 500g at 88% with 500g at 70%, final potency?",
            "actually make that 300 g of the 70",
        ),
        (500 * 88 + 300 * 70) / 800,
    ),
    HeldOut(
        ("how many 5 mg gummies fit under the package cap", "cap is 100mg"),
        100 / 5,
    ),
    HeldOut(
        ("wet weight 300 lb, what dry weight will we get?", "figure 75% loss"),
        300 * 0.25,
    ),
    HeldOut(
        ("label says 10 mg per piece", "lab got 9.1, variance?"),
        (9.1 - 10) / 10 * 100,
    ),
    HeldOut(
        ("need 1 L of 2 mg/ml drink base", "stock is 25 mg/ml, how much stock in ml"),
        1000 * 2 / 25,
    ),
    HeldOut(
        ("terps at 5% of the final blend, how much?", "for 120 g of disty"),
        120 * 5 / 95,
    ),
    HeldOut(
        (
            "limit is 28g of flower, customer has 2 eighths already, how much more can she get",
            "she also wants a 7 g quarter, how much room is left after that",
        ),
        28 - 2 * 3.5 - 7,
    ),
    HeldOut(
        ("decarbing 30 g of thca, how much thc", "at 88% efficiency, in grams"),
        30 * FACTOR * 0.88,
    ),
)

MISSING = (
    # An input missing: the answer is a question.
    one("how much distillate for 500 gummies at 10 mg each", None),  # potency
    one("whats total thc on our flower, d9 came back 0.5%", None),  # the THCA
    one("mg per tbsp if i infuse 7 g of flower in a cup of butter", None),  # flower potency
    one("how much stock to make 500 ml at 5 mg/ml", None),  # stock concentration
    one("label variance? lab says 11.2 mg", None),  # label claim
    one("how many gummies fit under the 100 mg cap", None),  # mg per gummy
    one("decarb at 85% efficiency, how much thc will i end up with", None),  # acid mass
    HeldOut(("making 200 gummies at 10 mg", "what do i weigh out?"), None),  # potency
    # An impossible input: the answer explains, with no number.
    one("cut 90% distillate up to 95% by adding terps, how much terps", None),
    one("blend 70% and 80% distillate to hit 90%, how much of each", None),
    one("we lose 105% drying, what's the dry weight from 50 lb wet", None),
    one("disty is 120% potency, how much for 100 gummies at 10mg", None),
)
