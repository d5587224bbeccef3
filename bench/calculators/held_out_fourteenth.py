"""The fourteenth held-out set: written by helper h20calc14 without reading the calculators.

Written from issue 20's list of calculations alone. The writer read only the benchmark's
`cli.py`, `__main__.py`, `__init__.py`, `held_out.py` (for the `HeldOut` type and its
constants) and the thirteenth set's docstring and opening lines, for the format; not the
calculators, their readers, the agents, their tests or any other set's cases. The voices are
extraction techs, kitchen leads, budtenders, hemp farmers, home cooks and buyers, typing
fast: lower case, typos, glued units ("10mg", "3.5g"), numbers in words, thousands
separators, ranges that are not inputs, counts without their noun ("20 to a pack"), COA
tables pasted in layouts the earlier sets did not use (tab-separated, dotted leaders
"THCA ..... 31.06 %", JSON-ish objects, one table mixing % and mg/g, ND and <LOQ) and stories
full of numbers that are not inputs (lot and room numbers, dates, pan sizes, prices, plant
counts). Some conversations give a needed number, or correct one, only in a later turn. Some
questions lack an input or give an impossible one; the right answer to those is a question
or an explanation, and no number (`expected` is None).

Source of the factor. Total THC = delta-9 THC + 0.877 x THCA is the USDA's definition for
hemp testing (7 CFR 990.1, "Total THC", eCFR title 7 part 990); 0.877 is the ratio of the
molar masses, THC 314.47 g/mol over THCA 358.48 g/mol. CBD and CBDA, and CBG and CBGA, differ
by the same carboxyl group, so total CBD = CBD + 0.877 x CBDA and total CBG = CBG + 0.877 x
CBGA (CBGA 360.5 g/mol over CBG 316.5 g/mol is 0.878; the trade uses 0.877 for all three,
and so does this set).

Conventions (the thirteenth set's, where they apply, and the few this set adds):
- Totals. Total = neutral + 0.877 x acid (`FACTOR`); ND and <LOQ count as 0. In one table
  that mixes units, mg/g is turned into % by dividing by 10. A total asked "as a percent" from
  mg/g is the mg/g total / 10; asked in mg/g it stays in mg/g; mg of total THC in a mass of
  flower is the mass in mg x total % / 100. A hemp question expects the total THC in %; the
  0.3% verdict is in the wording, and the number is what gets compared.
- Decarboxylation. THC = acid x 0.877, times the stated efficiency; the mass lost is the rest
  (acid x (1 - 0.877)).
- Amounts. A zip is 28 g, a QP 112 g, a half pound ("half p") 224 g, an eighth 3.5 g, a
  quarter 7 g and a half ounce 14 g (the trade's ounce); "lb to kg", "kg to lb", grams per
  plant from pounds and a price per gram of a pound use the avoirdupois `POUND_G`. Purchase
  limits here are given in grams.
- Kitchen measures. 1 cup = 2 sticks of butter = 16 tbsp = 48 tsp, so a stick is 8 tbsp or
  24 tsp; a tbsp in mL is `CUP_ML` / 16. A flower's stated THC % goes into butter or oil whole
  unless a loss is stated; a flower's stated THCA % becomes THC at 0.877 first. (The one case
  this touches, the coconut oil with "22% thca flower", was first written without the 0.877
  and corrected after the first run: the chemistry, not the engine's answer, decides it.)
- Tinctures and drinks. A dropper is 1 mL, half a dropper 0.5 mL. Drinks in fluid ounces keep
  the unit asked for (mg per fl oz); an "oz" of a drink or shot is a fluid ounce (`FLOZ_ML`).
- Dilution. C1V1 = C2V2, and "how much to add" is the final amount less the stock.
- Terpenes. Of the blend, terps = d x t / (100 - t); of the distillate, terps = d x t / 100.
- Blends. The weight average; the amount of a second lot to reach a target is
  m1 x (target - p1) / (p2 - target).
- Losses and yields. A loss of L% scales by (100 - L)%. Dry = wet x (100 - loss)%. Yield =
  output / input in %; drying or trim loss = (before - after) / before in %; a return of R%
  on an input is input x R / 100; grams per watt is dry grams / total watts.
- Variance is (measured - label) / label in %, signed.
- Caps and limits. Pieces that fit a per-package cap are cap / per-piece, rounded down; what
  is left of a purchase limit is the limit less what is already bought, with any stated
  equivalence (e.g. 1 g of concentrate counts as 4 g of flower) applied first.
- Rounding. Piece counts are whole pieces, rounded down; masses are not rounded. The number
  expected is the one asked for, in the unit asked for.
"""

from __future__ import annotations

from bench.calculators.held_out import CUP_ML, FACTOR, FLOZ_ML, POUND_G, HeldOut, one

# Tab-separated, as copied out of a lab portal: <LOQ and ND rows, a CBGa row.
_COA_TABS = (
    "copied this straight out of the lab portal, lot GG-0412 (room 3, harvested 10/02)\n"
    "Analyte\tLOQ (%)\tResult (%)\n"
    "THCa\t0.05\t26.82\n"
    "Δ9-THC\t0.05\t0.47\n"
    "CBDa\t0.05\t<LOQ\n"
    "CBD\t0.05\tND\n"
    "CBGa\t0.05\t1.12\n"
    "CBG\t0.05\t0.09\n"
)

# Dotted leaders, as a printed certificate reads when pasted.
_COA_DOTS = (
    "pasting from the pdf, sorry about the formatting\n"
    "THCA ........................ 31.06 %\n"
    "D9-THC ...................... 0.88 %\n"
    "CBDA ........................ 0.07 %\n"
    "CBD ......................... ND\n"
    "Moisture .................... 11.2 %\n"
    "total thc for the jar label?"
)

# A JSON-ish export with a sample id and a price that are not inputs.
_COA_JSON = (
    '{"sample": "BB-2291", "matrix": "flower", "thca_pct": 19.4, "d9_thc_pct": 0.62, '
    '"cbga_pct": 0.81, "cbg_pct": 0.11, "cbda_pct": "ND", "test_fee_usd": 45}\n'
)

# One table mixing % and mg/g.
_COA_MIXED = (
    "our lab reports acids in mg/g and neutrals in % for some reason\n"
    "THCA      224.6 mg/g\n"
    "d9-THC    0.71 %\n"
    "CBDA      1.3 mg/g\n"
    "CBD       <LOQ\n"
    "whats total thc as a %"
)

ANSWERABLE = (
    # Totals from COAs.
    one(_COA_TABS + "total thc?", 0.47 + 26.82 * FACTOR),
    one(_COA_TABS + "and what's the total cbg on that", 0.09 + 1.12 * FACTOR),
    one(_COA_DOTS, 0.88 + 31.06 * FACTOR),
    one(_COA_JSON + "total thc pls", 0.62 + 19.4 * FACTOR),
    one(_COA_JSON + "need total CBG from this for the spec sheet", 0.11 + 0.81 * FACTOR),
    one(_COA_MIXED, 0.71 + 224.6 / 10 * FACTOR),
    one(
        "hemp lot 7 (42 acres, pulled 9/14): delta 9 — 0.081%, thca <LOQ (loq 0.02). "
        "total thc, are we under .3",
        0.081,
    ),
    one(
        "field sample came back d9 0.12% thca 0.26%, farmer wants to know if he's hot. total?",
        0.12 + 0.26 * FACTOR,
    ),
    one(
        "thca 187.3 mg/g, d9-thc 4.9 mg/g. total thc in mg/g for the manifest", 4.9 + 187.3 * FACTOR
    ),
    one("cbda 118mg/g cbd 6mg/g whats total cbd in percent", (6 + 118 * FACTOR) / 10),
    one(
        "1 g preroll, coa says thca 28.4% d9 0.5%, how many mg of thc are in the joint",
        1000 * (0.5 + 28.4 * FACTOR) / 100,
    ),
    one(
        "customer asked how many mg thc in an eighth of our 'Zkittlez' — THCa 21%, delta9 0.4%",
        3500 * (0.4 + 21 * FACTOR) / 100,
    ),
    # Decarboxylation.
    one(
        "decarbing 40g thca isolate at about 95% efficiency, how many g of thc do i get",
        40 * FACTOR * 0.95,
    ),
    one("how much weight do i lose decarbing 500 g of THCa, in grams", 500 * (1 - FACTOR)),
    one("theoretical max thc in grams from 2.5 kg of thca diamonds", 2500 * FACTOR),
    one("decarb 750mg thca, whats the thc in mg, assume full conversion", 750 * FACTOR),
    # Per piece, per package, per serving.
    one("2400 mg thc going into 240 gummies, mg each?", 2400 / 240),
    one("100mg chocolate bar, 20 squares. how much per square", 100 / 20),
    one("30 count bottle of caps, 750mg CBD total, per cap?", 750 / 30),
    one("10 per pack, 5mg each. whats the pack total", 10 * 5),
    one("how many 5mg servings in a hundred mg bar", 100 / 5),
    one(
        "infusing 7 g distillate at 89% thc into 350 gummies, mg per gummy",
        7000 * 0.89 / 350,
    ),
    one(
        "kitchen lead here - need 160 gummies at 10mg, disty is 85%. grams of distillate?",
        160 * 10 / 0.85 / 1000,
    ),
    one(
        "making 2 trays of 48 chocolates, each should be 2.5mg, 92% distillate — how many grams",
        2 * 48 * 2.5 / 0.92 / 1000,
    ),
    # Tinctures and drinks.
    one("30ml bottle, 1500mg cbd. how much in a full dropper", 1500 / 30),
    one("half a dropper of a 1000 mg / 30 mL tincture is how many mg", 1000 / 30 * 0.5),
    one("12 fl oz can with 10 mg thc, mg per fl oz?", 10 / 12),
    one("12 oz seltzer at 10mg, what's that in mg per ml", 10 / (12 * FLOZ_ML)),
    one("500ml bottle holds 20mg thc total, i drank 150 ml, how much did i get", 20 * 150 / 500),
    one(
        "8 oz bottle is 100mg total, pouring 2oz shots. mg per shot?",
        100 / 8 * 2,
    ),
    one(
        "60 ml tincture w 3000mg cbd, customer takes 0.25 ml morning and night. mg per day?",
        3000 / 60 * 0.25 * 2,
    ),
    # Butter and oil.
    one("1 cup butter w 14g flower at 20% thc, mg per tbsp", 14000 * 0.20 / 16),
    one("two sticks of butter and 7 g of 18% bud. mg per tsp", 7000 * 0.18 / 48),
    one(
        "2 cups coconut oil, a zip of 22% thca flower, mg per tbsp (ignore losses)",
        28000 * 0.22 * FACTOR / 32,  # a THCA % is decarbed in the pan (corrected, see below)
    ),
    one(
        "half a cup of olive oil with a quarter of 16% shake, figure 30% loss. mg per tsp?",
        7000 * 0.16 * 0.70 / 24,
    ),
    one("250 g butter with 10 g of 15% flower, mg per gram of butter", 10000 * 0.15 / 250),
    one("1 stick of butter, 3.5g of 24% thc — per tbsp?", 3500 * 0.24 / 8),
    one(
        "infusing 500 ml of mct with 10g @ 20%, how many mg in a tablespoon",
        10000 * 0.20 / 500 * CUP_ML / 16,
    ),
    one(
        "brownies in my 9x13: whole cup of cannabutter made w/ 10g @ 18%, cut 24 pieces. mg each?",
        10000 * 0.18 / 24,
    ),
    one(
        "want 10mg per cookie, 36 cookies, my bud is 20%. how many grams of bud",
        36 * 10 / (0.20 * 1000),
    ),
    # Dilution, terpenes, blends.
    one("500 mL at 40 mg/mL, need 10 mg/mL. how much carrier to add", 500 * 40 / 10 - 500),
    one("stock is 1000 mg/ml, want 250 ml at 2 mg/ml. how much stock", 250 * 2 / 1000),
    one("100 g of 90% distillate, cut to 70% w/ mct, how many g mct", 100 * 90 / 70 - 100),
    one("1000g distillate, want 8% terps of the final blend. grams of terps?", 1000 * 8 / 92),
    one("adding terps at 5% of the distillate weight, got 250 g of distillate", 250 * 5 / 100),
    one("mix 2 lb of 18% with 1 lb of 24%, whats the blend %", (2 * 18 + 1 * 24) / 3),
    one(
        "i have 400 g trim at 9%, how much 15% smalls do i add to hit 12%",
        400 * (12 - 9) / (15 - 12),
    ),
    one("blend 500g at 62% and 1 kg at 71%, resulting potency?", (500 * 62 + 1000 * 71) / 1500),
    # Yields, drying, trim.
    one("hung 42 lb wet, figure 78% loss. dry weight in lb?", 42 * 0.22),
    one("wet 1200 g, dry 276 g, drying loss %", (1200 - 276) / 1200 * 100),
    one("pressed 448 g of bubble hash, got 291 g rosin. yield %?", 291 / 448 * 100),
    one("bucked 20 lbs, after trim 16.4 lbs. trim loss percent?", (20 - 16.4) / 20 * 100),
    one("fresh frozen run, 4.5% return on 50 lb, how many lb of hash", 50 * 4.5 / 100),
    one(
        "4 lights at 650w each, pulled 3.1 kg dry off the table. grams per watt?",
        3100 / (4 * 650),
    ),
    one("14 plants gave 4.9 lb dry total. grams per plant?", 4.9 * POUND_G / 14),
    # Variance.
    one("label says 10 mg per gummy, lab says 8.7. variance?", (8.7 - 10) / 10 * 100),
    one("jar labeled 25% thc, retest came back 27.3%. % variance", (27.3 - 25) / 25 * 100),
    # Conversions, prices, caps and limits.
    one("how many eighths in a half p", 224 / 3.5),
    one("how many eighths in a QP", 112 / 3.5),
    one("3 lbs to kg", 3 * POUND_G / 1000),
    one("1.5 kg in lb?", 1500 / POUND_G),
    one("grams in 3 zips and 2 eighths", 3 * 28 + 2 * 3.5),
    one("0.9% cbd is how many mg/g", 0.9 * 10),
    one("paid $1,800 for a pound, whats that per gram", 1800 / POUND_G),
    one("zip for 160, per gram?", 160 / 28),
    one("$1,150 for a QP, what am i paying per oz", 1150 / 4),
    one("42 bucks for a 3.5g, price per gram", 42 / 3.5),
    one(
        "state cap 100mg per package, gummies are 7.5 mg. how many can go in a pack", int(100 / 7.5)
    ),
    one(
        "daily limit 28.5 g flower, customer already has 2 eighths and a 7g in the cart. "
        "how much more flower can she get",
        28.5 - (2 * 3.5 + 7),
    ),
    one(
        "concentrate limit is 8 g. he bought 3 half-gram carts and a 1g wax, how much "
        "concentrate left",
        8 - (3 * 0.5 + 1),
    ),
    one(
        "limit 28 g flower, concentrate counts 1g = 4g flower. customer bought 2 g of "
        "concentrate. how many g of flower can they still buy",
        28 - 2 * 4,
    ),
)

FOLLOW_UPS = (
    HeldOut(
        (
            "making brownies w 1 cup butter, 8 g flower, how strong per square",
            "oh bud is 21%",
            "cutting into 16",
        ),
        8000 * 0.21 / 16,
    ),
    HeldOut(
        (
            "whats total thc: thca 24.1, d9 0.3",
            "sorry d9 was 0.93 not 0.3",
        ),
        0.93 + 24.1 * FACTOR,
    ),
    HeldOut(
        (
            "gummy batch: 3 g of distillate into 120 molds, mg each?",
            "distillate tests 92%",
        ),
        3000 * 0.92 / 120,
    ),
    HeldOut(
        (
            "tincture bottle is 60 ml",
            "1200 mg cbd in it total. per full dropper?",
        ),
        1200 / 60,
    ),
    HeldOut(
        (
            "blending 10 kg of hemp flower at 0.24% total thc",
            "second lot is 4 kg at 0.41%, whats the blend come out to",
        ),
        (10 * 0.24 + 4 * 0.41) / 14,
    ),
    HeldOut(
        (
            "wet weight was 310 lb off the field",
            "dried at 80% loss, what'd we end with in lb",
        ),
        310 * 0.20,
    ),
    HeldOut(
        (
            "need to dilute 200 ml of 30 mg/ml concentrate",
            "target is 12 mg/ml, how much water do i add",
        ),
        200 * 30 / 12 - 200,
    ),
    HeldOut(
        (
            "label on the chocolate says 100 mg",
            "lab got 91.5. variance?",
        ),
        (91.5 - 100) / 100 * 100,
    ),
    HeldOut(
        (
            "price check: $2,600 per pound, per gram?",
            "actually he came down to 2450. per gram now?",
        ),
        2450 / POUND_G,
    ),
    HeldOut(
        (
            "decarbing 120 g of thca isolate tonight",
            "our oven runs ~88% conversion, how many grams of thc",
        ),
        120 * FACTOR * 0.88,
    ),
    HeldOut(
        (
            "2 cups coconut oil with a zip of 19%, mg per tbsp?",
            "wait no its a half zip",
        ),
        14000 * 0.19 / 32,
    ),
    HeldOut(
        (
            "want 8% terpenes in the final carts (of the total)",
            "batch is 600 g of distillate, how much terp",
        ),
        600 * 8 / 92,
    ),
    HeldOut(
        (
            "daily limit here is 28.5 g of flower",
            "he's already got two eighths and a quarter in the bag, how many more grams",
        ),
        28.5 - (2 * 3.5 + 7),
    ),
)

MISSING = (
    # An input missing: the answer is a question.
    one("how many mg per gummy if i put the whole syringe of distillate in", None),
    one("making cannabutter with 1 cup butter and 7 grams, how strong is each tbsp", None),
    one("dilute my tincture down to 5 mg/ml, how much mct do i add", None),
    one("how much more can this customer buy? they already got 10.5 g of flower", None),
    one("whats the drying loss, we hung 88 lb wet", None),
    one("blend to 20% - how much of the 26% lot do i need", None),
    one("variance on our gummy? lab said 9.1mg", None),
    one("paid 300 for the bag, price per gram?", None),
    HeldOut(("doing a tincture, 30 ml bottle", "how many mg per dropper?"), None),
    # An impossible input: the answer explains, and gives no number.
    one("blend 15% and 18% flower to hit 25%, how much of the 18 do i need for 10 lb of 15", None),
    one("dried 50 lb wet down to 60 lb dry, drying loss?", None),
    one("dilute 10 mg/ml to 40 mg/ml by adding mct, how much mct for 100 ml", None),
)
