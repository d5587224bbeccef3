"""The twenty-second held-out set: written by helper c22set without reading the calculators.

Written from the list of calculations in the helper's brief. Before writing, the author read
only the benchmark's `cli.py`, the `HeldOut` type, `one` and the constants in `held_out.py`,
and the docstrings and opening lines of the twentieth and twenty-first sets (for the format
and the conventions); nothing under src/, no tests, and no other set's cases. The people
typing are budtenders at the register, kitchen leads, extraction and formulation techs, hemp
farmers, cultivation managers, wholesale buyers and home cooks: lower case, typos
("distilate", "gummys", "tablspoon"), numbers in odd formats ("2k", "1.5k", "1/8th", "a zip",
"a half p", "a QP", "1,200 grams"), numbers buried in stories (lot numbers, lab fees, dates:
none of them inputs), and COAs pasted as a dotted lab sheet in mg/g with a "Total
Cannabinoids" line that is not an input, or as a one-line pipe excerpt with an ND delta-9.
Beyond the calculations of the earlier sets it asks for purchase-limit equivalencies (every
equivalence stated in the question) and taxes on a sale (the base of each tax stated in the
question). Nine conversations run over two or three turns and revise a figure an earlier turn
gave (a re-run THCA, a new piece dose, a lower pound price, a new loss, a new lot mass, a new
flower mass, inputs arriving one message at a time, a new terpene share, a new sale). Thirteen
lack an input or give an impossible one (a potency, a final volume, a lot mass, a canopy area,
a bag's count, a sale amount, a price, a moisture loss, a distillate mass, a THCA never
given; a moisture loss of 110%); for those `expected` is None: the right reply
asks or explains, and gives no number.

Conventions (issue 20's, as the twentieth and twenty-first sets state them).
- 0.877: total THC = delta-9 THC + 0.877 x THCA, dry-weight basis (7 CFR 990.1, "Total
  THC"); total CBD = CBD + 0.877 x CBDA. Hemp is at most 0.3% total THC (7 CFR 990.1,
  "Hemp"). ND is 0; mg/g / 10 = %. A hemp question expects the total THC %.
- Ounces: the trade's eighth is 3.5 g and a zip 28 g; a pound is 453.59237 g (NIST Handbook
  44, App. C), a half p half of that, a QP a quarter. A price per ounce from a pound price is
  the pound's sixteenth (the avoirdupois ounce, 28.349523125 g, as the README takes a bare
  ounce); a regulation's "1 oz" limit is the same ounce.
- Kitchen: 1 US cup = 16 tbsp = 48 tsp; a stick of butter is half a cup; a THCA % is x 0.877.
  A fluid ounce is 29.5735295625 mL.
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
- Scaling: ingredient x new / old. Drying: dry = wet x (100 - loss) / 100, in the input unit
  unless another is asked. Yield: dry g / sq ft; dry g / total watts. Price per gram: $ per lb
  / 453.59237 (a zip's price / 28).
- Variance: (measured - label) / label x 100, signed.
- Purchase limits: the equivalence the question states (flower-equivalent grams; what is left
  of a limit once part is used). Taxes: the total the customer pays, each tax on the base the
  question names; a single tax asked alone is the tax amount.
- Chains: a total from a COA is the potency of the next step. A follow-up changes only what it
  names; nothing is rounded.

First run, on 2026-11-29, before any change for this set (`python -m bench calculators --set
twentysecond --errors`, run once): 60 of 69 right (87.0%: 52/60 single questions, 8/9
follow-ups; 2 asked for an input they had, 7 wrong; 65 of 69 recognised; 5 answers named an
input they did not use); missing inputs asked or explained 11 of 13 (1 of them an impossible
input explained), 1 answered with a number, 1 not recognised. No expected value was changed.
Not right, with the case's first words:
- "here's the coa excerpt ... THCa ........ 198.3 mg/g" (dotted lab sheet in mg/g, "what %
  total thc"): 178.509 mg/g named total_cbd+total_thc, not the percent asked ((4.6 + 0.877 x
  198.3) / 10 = 17.85091%).
- "mixing 2k grams of the 88 with 1.5k grams of the 72 percent distilate": asked for the
  potencies it had read ("the 88" a bare potency; (2000 x 88 + 1500 x 72) / 3500 =
  81.142857%).
- "2.2k per lb, whats that per oz": no calculation recognised (2200 / 16 = $137.50 an ounce).
- "how many grams is a QP": 112 g, four trade ounces, not a quarter of the 453.59237 g pound
  this set states (113.3980925 g). Arguable: the trade's QP.
- "our rules count 1 g of concentrate the same as 3.5 g of flower ... 4 g of wax": no
  calculation recognised (4 x 3.5 = 14 g flower-equivalent).
- "edibles count as 100mg thc = 1 gram of flower here ... 500mg of gummies": asked for a
  potency the stated equivalence does not need (500 / 100 = 5 g).
- "limit here is 1 oz of flower or 8 g of concentrate ... already bought 4g of concentrate":
  no calculation recognised (28.349523125 x (1 - 4 / 8) = 14.174762 g).
- "whats the excise on a $45 eighth at 10%": $49.50 as a sales_tax total, not the excise
  asked (45 x 0.10 = $4.50).
- "paying 1600 a pound, whats a gram / he came down to 1.5k": no calculation recognised in
  the follow-up ("1.5k" a thousands shorthand; 1500 / 453.59237 = $3.306934 a gram).
- Missing: "how much of the 95% do I add to my 70% batch to hit 80%": answered "40 % of the
  first", the 70% lot's mass never asked. Arguable: a share of the blend needs no mass.
- Missing: "what's the excise on this sale at 15%": not recognised, the sale amount not
  asked for.

After the fixes of the same day (h20fix22: a lab sheet's dotted leaders and "what % total
thc"; lots named by a bare potency beside their amounts; a "k" price per pound asked per
ounce; "whats a gram" asked at a clause's end and a price revised in a follow-up; an
equivalence and a limit of alternatives the user states; a tax asked alone; a lot added to
without its mass, and a sale without its amount, asked for): 68 of 69 right (98.6%), 13 of
13 missing inputs asked. Not right: "how many grams is a QP" stays 112 g, the trade's four
zips as the README and the eighth, fourth, fifth, ninth, eleventh, fourteenth and fifteenth
sets take it; the answer now gives the quarter of the 453.59237 g pound (113.3981 g) beside
it. The fixes are classes, tested in new wordings
(tests/agents/test_calculation_twentysecond_classes.py); no case here was changed.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, FLOZ_ML, OUNCE_G, POUND_G, HeldOut, one

# A dotted lab sheet in mg/g with a "Total Cannabinoids" line that is not an input.
_DOTTED_COA = (
    "here's the coa excerpt, sorry for the formatting\n"
    "Cannabinoid Profile (dry wt)\n"
    "THCa ........ 198.3 mg/g\n"
    "Δ9-THC ...... 4.6 mg/g\n"
    "CBDa ........ <LOQ\n"
    "Total Cannabinoids ... 231.0 mg/g\n"
    "what % total thc goes on the label"
)

# A story with a lot number, a date and a lab fee that are not inputs.
_STORY = (
    "so we sent lot #88213 off to the lab on 10/14, cost us $120 for the full panel, and they "
    "finally emailed today lol. says thca 29.7 and delta 9 at 1.03. whats total thc on that"
)

ANSWERABLE: list[HeldOut] = [
    # Totals and hemp verdicts.
    # 0.71 + 0.877 x 26.4 = 0.71 + 23.1528 = 23.8628 %
    one(
        "COA for the zkittlez lot says THCa 26.4% / Δ9 0.71%. total thc for the label?",
        0.71 + 26.4 * FACTOR,
    ),
    # (4.6 + 0.877 x 198.3) / 10 = (4.6 + 173.9091) / 10 = 17.85091 %
    one(_DOTTED_COA, (4.6 + 198.3 * FACTOR) / 10),
    # 0.05 + 0.877 x 0.28 = 0.05 + 0.24556 = 0.29556 % (under 0.3)
    one(
        "farmer here, pre-harvest test: thca 0.28%, d9 0.05%. we good under the .3 or do we "
        "gotta burn it",
        0.05 + 0.28 * FACTOR,
    ),
    # (0.3 + 0.877 x 3.4) / 10 = (0.3 + 2.9818) / 10 = 0.32818 % (over 0.3)
    one(
        "our cbd hemp came back 3.4 mg/g THCA and 0.3 mg/g d9 — is that federally compliant?",
        (0.3 + 3.4 * FACTOR) / 10,
    ),
    # 1.2 + 0.877 x 16.9 = 1.2 + 14.8213 = 16.0213 %
    one("cbd flower coa - CBDA 16.9%, CBD 1.2%, total cbd pls", 1.2 + 16.9 * FACTOR),
    # ND is 0: 0.877 x 21.2 = 18.5924 %
    one("THCA 21.2 | D9 ND | CBG 1.0 — whats the total thc", 21.2 * FACTOR),
    # 1.03 + 0.877 x 29.7 = 1.03 + 26.0469 = 27.0769 %
    one(_STORY, 1.03 + 29.7 * FACTOR),
    # Decarboxylation.
    # 12,000 mg x 0.877 = 10,524 mg
    one(
        "got 12g of thca diamonds, how much thc if i decarb em all (in theory)",
        12000 * FACTOR,
        "thc_mg",
    ),
    # 1,500,000 mg x 0.877 x 0.95 = 1,249,725 mg
    one(
        "decarbing 1.5 kg of thca isolate, the reactor runs about 95% efficient. how much thc "
        "comes out in grams",
        1_500_000 * FACTOR * 0.95,
        "thc_mg",
    ),
    # 200 g x (1 - 0.877) = 200 x 0.123 = 24.6 g
    one("how much weight do i lose decarbing 200 g of thca", 200 * (1 - FACTOR)),
    # Dilution.
    # V1 = 5 x 2000 / 100 = 100 mL
    one(
        "have a 100mg/ml nano stock, need 2 liters at 5mg/ml for the seltzer batch. how much "
        "stock goes in",
        5 * 2000 / 100,
    ),
    # V1 = 15 x 120 / 60 = 30 mL
    one("c1v1 — stock tincture is 60 mg/mL, I want 120 mL at 15 mg/mL. volume of stock?", 30),
    # 250 x 94 / 80 - 250 = 293.75 - 250 = 43.75 g
    one(
        "cut 250g of 94% disty down to 80% for the carts, how much carrier do i add",
        250 * 94 / 80 - 250,
    ),
    # Blends.
    # (2000 x 88 + 1500 x 72) / 3500 = (176,000 + 108,000) / 3500 = 81.142857 %
    one(
        "mixing 2k grams of the 88 with 1.5k grams of the 72 percent distilate — whats the "
        "potency of the batch",
        (2000 * 88 + 1500 * 72) / 3500,
    ),
    # 600 x (85 - 76) / (92 - 85) = 600 x 9 / 7 = 771.428571 g
    one(
        "got 600g of 76% distillate, how much of our 92% lot do i need to bring it up to 85%",
        600 * (85 - 76) / (92 - 85),
    ),
    # (400 x 90.5 + 100 x 65) / 500 = (36,200 + 6,500) / 500 = 85.4 %
    one("blend 400 g @ 90.5% + 100 g @ 65% = what %", (400 * 90.5 + 100 * 65) / 500),
    # Terpenes.
    # 350 x 8 / (100 - 8) = 2800 / 92 = 30.434783 g
    one(
        "reintroducing terps at 8% of the final blend, we have 350 g of distillate. how much "
        "terp do i weigh",
        350 * 8 / 92,
    ),
    # 1200 x 5 / 100 = 60 g
    one(
        "SOP says terps at 5% of the distillate weight. 1,200 grams of distillate, grams of terps?",
        1200 * 5 / 100,
    ),
    # THC in a product; servings.
    # 1000 mg / 20 = 50 mg
    one("1000mg THC total in a 20 pack of gummies, mg per gummy?", 1000 / 20),
    # 1000 / 10 = 100 servings
    one("how many 10mg servings in a 1000 mg tincture", 1000 / 10),
    # 10 x 10 = 100 mg; 100 / 2.5 = 40 servings
    one(
        "bag of 10 gummys, 10mg ea. my customer microdoses at 2.5 mg, how many doses is the bag",
        10 * 10 / 2.5,
    ),
    # 500 mg x 91.2 / 100 = 456 mg
    one("half gram cart at 91.2% how many mg", 500 * 0.912),
    # 3500 mg x 28 / 100 = 980 mg
    one("1/8th of 28% how many milligrams thc", 3500 * 0.28),
    # a zip is 28 g: 28,000 x 22 / 100 = 6160 mg
    one("a zip of 22% flower, total thc in mg?", 28000 * 0.22),
    # 5 x 500 mg x 31 / 100 = 775 mg
    one("5 pack of .5g prerolls at 31%, total thc in the pack", 5 * 500 * 0.31),
    # 2000 mg x 65 / 100 = 1300 mg
    one("2g of 65% rosin, mg of thc?", 2000 * 0.65),
    # 1000 mg / 40 = 25 mg
    one("1,000 mg bar scored into 40 squares — mg each", 1000 / 40),
    # Kitchen.
    # stick = 8 tbsp: 3500 x 0.20 x 0.877 / 8 = 613.9 / 8 = 76.7375 mg
    one(
        "infusing 1 stick of butter with 3.5 g of 20% thca flower, mg per tablspoon?",
        3500 * 0.20 * FACTOR / 8,
    ),
    # 7000 x 0.18 / 48 = 1260 / 48 = 26.25 mg
    one("1 cup coconut oil + 7g of 18% bud, mg per teaspoon", 7000 * 0.18 / 48),
    # 2 cups = 32 tbsp: 28,000 x 0.15 / 32 = 4200 / 32 = 131.25 mg
    one("2 cups butter, a zip of 15% flower — whats each tablespoon", 28000 * 0.15 / 32),
    # half cup = 24 tsp: 5000 x 0.24 / 24 = 1200 / 24 = 50 mg
    one("half cup olive oil with 5g of 24% — mg thc per tsp", 5000 * 0.24 / 24),
    # Edible batches.
    # 1500 x 10 / 0.886 / 1000 = 15,000 / 886 = 16.930023 g
    one(
        "doing 1.5k gummies at 10mg, disty is 88.6%, how many g do i need", 1500 * 10 / 0.886 / 1000
    ),
    # 800 x 5 / 0.90 / 0.95 / 1000 = 4000 / 855 = 4.678363 g
    one(
        "800 choc squares @ 5mg each, oil is 90%, and figure we lose 5% in the tempering. grams "
        "of oil?",
        800 * 5 / 0.90 / 0.95 / 1000,
    ),
    # 3000 x 0.82 / 120 = 2460 / 120 = 20.5 mg
    one("dropped 3g of 82% into 120 gummies. dose per piece?", 3000 * 0.82 / 120),
    # 5000 x 0.75 x 0.93 / 64 = 3487.5 / 64 = 54.4921875 mg
    one(
        "5 g of 75% distillate in a 64-piece tray, about 7% stays stuck in the molds. mg per "
        "piece?",
        5000 * 0.75 * 0.93 / 64,
    ),
    # Drying and yields.
    # 60 x (100 - 75) / 100 = 15 lb
    one("hung 60 lbs wet, figure 75% moisture loss — how many lbs dry?", 60 * 25 / 100),
    # 12.4 x (100 - 78) / 100 = 2.728 kg
    one("wet weight 12.4 kg, expecting 78% loss, what'll it dry to", 12.4 * 22 / 100),
    # 4100 g x (100 - 72) / 100 = 1148 g
    one(
        "got 4.1 kg wet trim, expecting 72% moisture loss, what'll i have dry in grams",
        4100 * 28 / 100,
    ),
    # 38 x 453.59237 / 1600 = 17,236.51006 / 1600 = 10.772819 g/sq ft
    one("pulled 38 lb dry off a 1,600 sq ft canopy, grams per square foot?", 38 * POUND_G / 1600),
    # 3200 / (32 x 1000) = 0.1 g/W
    one("3.2 kg dry off 32 lights at 1000W each, g per watt", 3200 / 32000),
    # 14 x 453.59237 / (24 x 650) = 6350.29318 / 15,600 = 0.407070 g/W
    one("we ran 24 x 650W fixtures and got 14 lbs dry. g/w?", 14 * POUND_G / (24 * 650)),
    # Prices and conversions.
    # 1450 / 453.59237 = 3.196703 $/g
    one("paying $1,450 a p, what's that a gram", 1450 / POUND_G),
    # 2200 / 16 = 137.5 $/oz
    one("2.2k per lb, whats that per oz", 2200 / POUND_G * OUNCE_G),
    # half p = 226.796185 g: 800 / 226.796185 = 3.527396 $/g
    one("grabbing a half p for 800, what am i at per gram?", 800 / (POUND_G / 2)),
    # 160 / 28 = 5.714286 $/g
    one("zip for $160, whats my per gram", 160 / 28),
    # 453.59237 / 2 = 226.796185 g
    one("how many grams in a half p", POUND_G / 2),
    # 453.59237 / 4 = 113.3980925 g
    one("how many grams is a QP", POUND_G / 4),
    # 2.5 x 453.59237 = 1133.980925 g
    one("convert 2.5 lbs to grams", 2.5 * POUND_G),
    # Purchase limits.
    # 4 g x 3.5 = 14 g flower-equivalent
    one(
        "our rules count 1 g of concentrate the same as 3.5 g of flower toward the limit. guy "
        "has 4 g of wax in his cart, how much flower is that equivalent to",
        4 * 3.5,
    ),
    # 500 mg / 100 mg per g = 5 g flower-equivalent
    one(
        "edibles count as 100mg thc = 1 gram of flower here. customer is buying 500mg of "
        "gummies, whats that in flower grams",
        500 / 100,
    ),
    # 4 of 8 g used = half the limit; half of 1 oz = 28.349523125 / 2 = 14.174762 g
    one(
        "limit here is 1 oz of flower or 8 g of concentrate, they count against each other. "
        "customer already bought 4g of concentrate today, how many grams of flower can he still "
        "get",
        OUNCE_G * (1 - 4 / 8),
    ),
    # Taxes.
    # 80 x 1.15 = 92; 92 x 1.0725 = 98.67 $
    one(
        "ringing up $80 of flower, 15% excise and then 7.25% sales tax on the price with excise "
        "in it. total at the register?",
        80 * 1.15 * 1.0725,
    ),
    # 45 x 0.10 = 4.5 $
    one("whats the excise on a $45 eighth at 10%", 45 * 0.10),
    # 120 x (1 + 0.125 + 0.06) = 120 x 1.185 = 142.2 $
    one(
        "$120 pre-tax, 12.5% cannabis tax and 6% sales tax, both charged on the pre-tax price. "
        "what does the customer pay",
        120 * (1 + 0.125 + 0.06),
    ),
    # Tinctures and the rest.
    # 1200 / 30 = 40 mg/mL; half a dropper 0.5 mL = 20 mg
    one("tincture is 1200 mg in a 30 mL bottle — half a dropper is how many mg", 1200 / 30 * 0.5),
    # 2000 / 60 = 33.333333 mg/mL; a dropper 1 mL = 33.333333 mg
    one("2,000 mg tinture in a 60ml bottle, how much in a full dropper", 2000 / 60),
    # 2 fl oz = 59.147059 mL: 1000 / 59.147059 = 16.907011 mg/mL
    one("whats the mg/ml on a 2 oz dropper bottle with 1000 mg in it", 1000 / (2 * FLOZ_ML)),
    # 1.5 x 60 / 24 = 3.75 cups
    one(
        "brownie recipe for 24 uses 1.5 cups of cannabutter. doing 60 brownies, how many cups",
        1.5 * 60 / 24,
    ),
    # (8.7 - 10) / 10 x 100 = -13 %
    one(
        "label says 10mg, lab found 8.7mg per gummy, how far off in percent", (8.7 - 10) / 10 * 100
    ),
    # total 1 + 0.877 x 24 = 22.048 %; 3500 x 22.048 / 100 = 771.68 mg
    one(
        "coa on the jar strain says thca 24%, d9 1%. how many mg thc in the 3.5g jar",
        3500 * (1 + 24 * FACTOR) / 100,
    ),
]

FOLLOW_UPS: list[HeldOut] = [
    # 0.6 + 0.877 x 23.8 = 0.6 + 20.8726 = 21.4726 %
    HeldOut(
        ("coa: thca 22.1, d9 0.6, total?", "lab re-ran it, thca is actually 23.8"),
        0.6 + 23.8 * FACTOR,
    ),
    # 500 x 5 / 0.90 / 1000 = 2.777778 g
    HeldOut(
        (
            "need 500 gummies at 10 mg with 90% disty, grams?",
            "scratch that, boss wants 5mg each",
        ),
        500 * 5 / 0.90 / 1000,
    ),
    # 1500 / 453.59237 = 3.306934 $/g
    HeldOut(("paying 1600 a pound, whats a gram", "he came down to 1.5k"), 1500 / POUND_G),
    # 60 x (100 - 80) / 100 = 12 lb
    HeldOut(
        ("60 lbs wet, 75% loss, dry weight?", "actually more like 80% loss on this strain"),
        60 * 20 / 100,
    ),
    # (300 x 90 + 250 x 70) / 550 = (27,000 + 17,500) / 550 = 80.909091 %
    HeldOut(
        ("blend 300g of 90% with 200g of 70%, final %?", "make that 250 g of the 70"),
        (300 * 90 + 250 * 70) / 550,
    ),
    # 14,000 x 0.20 / 16 = 175 mg
    HeldOut(
        ("1 cup butter, 10g of 20% flower, mg per tbsp?", "what if i put 14 g in instead"),
        14000 * 0.20 / 16,
    ),
    # 2000 x 0.85 / 50 = 34 mg
    HeldOut(
        (
            "making gummies tonight, need a dose per piece",
            "got 2g of 85% distillate",
            "going into 50 gummies",
        ),
        2000 * 0.85 / 50,
    ),
    # 90 x 7 / (100 - 7) = 630 / 93 = 6.774194 g
    HeldOut(
        ("terps at 10% of the final blend for 90g of disty, how much?", "make it 7%"),
        90 * 7 / 93,
    ),
    # 75 x 1.15 x 1.08 = 86.25 x 1.08 = 93.15 $
    HeldOut(
        (
            "excise 15%, then 8% sales tax on the price incl. excise. $50 sale — total?",
            "and on a $75 sale",
        ),
        75 * 1.15 * 1.08,
    ),
]

MISSING: list[HeldOut] = [
    one("how many mg of thc in a half gram cart", None),  # no potency
    one("need 200 gummies at 10mg each, how much distillate do i weigh", None),  # no potency
    one("dilute our 40 mg/ml stock to 8 mg/ml — how much stock do i need", None),  # no volume
    one("whats the per tbsp dose if i infuse 7 g of flower into a cup of butter", None),
    one("how much of the 95% do I add to my 70% batch to hit 80%", None),  # no lot mass
    one("we pulled 140 lbs dry this run, what's that in g per sq ft", None),  # no area
    one("how many servings in the bag, each gummy is 5mg", None),  # no count or total
    one("what's the excise on this sale at 15%", None),  # no sale amount
    one("price per gram if I grab a half p?", None),  # no price
    one("what will 40 lbs wet dry down to", None),  # no moisture loss
    one("adding terps at 6% of the final blend, how much terpene", None),  # no distillate mass
    one("total thc on this one? d9 came back 0.8%", None),  # no THCA
    one("wet weight 50 lbs, 110% moisture loss, dry weight?", None),  # impossible loss
]
