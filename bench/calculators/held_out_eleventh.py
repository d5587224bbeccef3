"""The eleventh held-out set: written by helper h20w11 without reading the calculators.

Written from issue 20's list of calculations alone. The writer did not read the calculators,
their readers, the agents, their tests, or any other set's cases; only the tenth set's
docstring and opening lines, for the format. The voices are extraction techs, kitchen leads,
home cooks, budtenders, hemp farmers, cultivation managers, beverage makers, buyers, QA leads
and patients. The text is lower case and full of typos, with units glued to numbers, numbers
in words and thousands separators. There is slang (zip, QP, elbow, eighth, disty, cart, tinc)
and COA tables pasted as text in four layouts: pipes, aligned columns with LOD/LOQ, key:value
lines and CSV. Stories carry numbers that are not inputs: licence and METRC-style tags, batch
and room numbers, dates, invoice totals, acreage, strain names with digits. Some
conversations give the needed number (or change one) only in a later turn. Some questions
lack an input or give an impossible one; the right answer to those is a question or an
explanation, and no number.

Conventions (those of the tenth set):
- Totals. Total THC (or CBD) = neutral + 0.877 x acid (`FACTOR`), and ND counts as 0. A total
  asked "as a percent" from mg/g is the mg/g total / 10. A hemp question expects the total THC
  in %; the 0.3% verdict is in the wording, and the number is what gets compared.
- Decarboxylation. The THC is acid x 0.877, times the stated efficiency.
- Amounts and prices. A zip is the trade's 28 g, a QP 112 g and an eighth 3.5 g. A pound is
  `POUND_G`, and a price per zip from a pound price is the pound price / 16. An ounce asked as
  a unit conversion ("oz to grams") is the avoirdupois `OUNCE_G`. Fluid ounces are `FLOZ_ML`.
- Kitchen measures. 1 cup = 2 sticks of butter = 16 tbsp = 48 tsp, and a dropper is 1 mL. A
  flower's stated THC % goes into butter or oil whole unless a loss is stated.
- Dilution. C1V1 = C2V2, and "how much to add" is the final amount less the stock.
- Terpenes. Terpene % is of the final blend or of the distillate, as each question says: of
  the blend, terps = d x t / (100 - t); of the distillate, terps = d x t / 100.
- Blends. A blend's potency is the weight average. The amount of a second lot needed to reach
  a target is m1 x (target - p1) / (p2 - target).
- Losses and yields. A loss of L% scales by (100 - L)%, and concentrate needed with a process
  loss is the need / (100 - L)%. Dry weight is wet x (100 - loss)%. Yield is output / input
  in %, and drying loss is (wet - dry) / wet in %.
- Variance. Variance is (measured - label) / label in %, signed. A window's `low` detail is
  label x (100 - tolerance)%.
- Rounding. Piece counts are whole pieces, rounded down; masses are not rounded. The number
  expected is the one asked for, in the unit asked for.

Purchase-limit equivalents used (the jurisdiction's own text), read on Justice Laws
(laws-lois.justice.gc.ca/eng/acts/C-24.5/section-sched78532-20221202.html, the version of
2022-12-02). It is Canada's Cannabis Act, S.C. 2018 c. 16, Schedule 3, "Equivalent Amounts".
Each of these counts as 1 g of dried cannabis: 5 g of fresh cannabis, 15 g of solids
containing cannabis, or 0.25 g of cannabis concentrates (the 2018 text gave the same figures
for solids and concentrates). A mixed basket is the sum of each part's dried equivalent. The
cases use only these classes, not the non-solid or beverage rows, which amendments changed.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, FLOZ_ML, OUNCE_G, POUND_G, HeldOut, one

# Layout 1: aligned columns with LOD/LOQ, a lab header full of numbers that are not inputs.
_COA_COLUMNS = (
    "pasting the coa from the lab, sample 26-1104-0311, lic# CL-000472, received 11/04/2026\n"
    "Analyte        LOD     LOQ     Result (mg/g)   Result (%)\n"
    "THCa           0.02    0.05    247.3           24.73\n"
    "D9-THC         0.02    0.05    9.6             0.96\n"
    "CBDa           0.02    0.05    ND              ND\n"
    "CBG            0.02    0.05    1.4             0.14\n"
    "whats the total thc in percent"
)

# Layout 2: key: value lines, a hemp field sample.
_HEMP_KEYVALUE = (
    "field 3 (41 acres, planted may 9), pre harvest sample #HT-5521 taken 9/30\n"
    "Total Yeast & Mold: <100 cfu/g\n"
    "Delta 9 THC: 0.061 %\n"
    "THC-A: 0.262 %\n"
    "CBD-A: 8.71 %\n"
    "CBD: 0.33 %\n"
    "moisture: 11.2 %\n"
    "is this under the .3 federal total thc or do i need to remediate"
)

# Layout 3: CSV straight out of the lims export, in mg/g.
_COA_CSV = (
    "export from lims, batch 0092-B, 2026-10-21\n"
    "analyte,lod_mg_g,result_mg_g\n"
    "THCA,0.1,3.1\n"
    "Delta9-THC,0.1,0.4\n"
    "CBDA,0.1,121.7\n"
    "CBD,0.1,5.2\n"
    "hemp smokable lot, do we pass the 0.3% total thc line? give me total thc %"
)

# Layout 4: pipes, a CBD tincture input.
_COA_PIPES_CBD = (
    "| compound | % w/w | mg/g |\n"
    "| CBDA | 13.9 | 139 |\n"
    "| CBD | 1.2 | 12 |\n"
    "| THCA | 0.21 | 2.1 |\n"
    "| d9 | ND | ND |\n"
    "total cbd %? (room 6 harvest, 2,300 plants, $14,500 invoice don't ask)"
)

ANSWERABLE: tuple[HeldOut, ...] = (
    # --- total THC / CBD ---
    one("coa says thca 23.1% d9 0.72% whats my total", 0.72 + FACTOR * 23.1),  # 20.9787
    one("THCa 241.6 mg/g and Δ9-THC 8.3 mg/g, total thc in mg/g?", 8.3 + FACTOR * 241.6),
    one(
        "thca 198mg/g d9thc 6.1mg/g , whats that as a percent total thc",
        (6.1 + FACTOR * 198) / 10,  # 179.746 mg/g -> 17.9746 %
    ),
    one(_COA_COLUMNS, 0.96 + FACTOR * 24.73),  # 0.96 + 21.68821 = 22.64821
    one("cbd-a 11.2% cbd 0.45%... total cbd pls", 0.45 + FACTOR * 11.2),  # 10.2724
    one("CBDa 87.5 mg/g, CBD 3.9 mg/g. total cbd (mg/g)", 3.9 + FACTOR * 87.5),  # 80.6375
    one("THCA 19.44 %, Δ9-THC ND. total thc?", FACTOR * 19.44),  # 17.04888
    one(
        "budtender q: jar says twenty two point five percent thca and point eight percent "
        "delta nine, customer wants to know total thc",
        0.8 + FACTOR * 22.5,  # 20.5325
    ),
    one(
        "lot 2291 out of flower room 4, harvested 10/14, we paid $1,150/lb. coa has THCa 26.3% "
        "and d9 1.1%. what's total thc on it",
        1.1 + FACTOR * 26.3,  # 24.1651
    ),
    one(_COA_PIPES_CBD, 1.2 + FACTOR * 13.9),  # 13.3903
    one("d-9 thc 0.5, thc-a 31.2 (both %), total potency for the label?", 0.5 + FACTOR * 31.2),
    # --- hemp verdicts (total THC %, compared) ---
    one(_HEMP_KEYVALUE, 0.061 + FACTOR * 0.262),  # 0.290774 -> under 0.3
    one(
        "hemp sample d9 0.05% thca 0.36% — is it hot?",
        0.05 + FACTOR * 0.36,  # 0.36572 -> over 0.3
    ),
    one(
        "farmer here, d9 THC 0.9 mg/g and THCa 2.6 mg/g on my hemp, are we under .3%?",
        (0.9 + FACTOR * 2.6) / 10,  # 3.1802 mg/g -> 0.31802 %
    ),
    one(_COA_CSV, (0.4 + FACTOR * 3.1) / 10),  # 3.1187 mg/g -> 0.31187 %
    one(
        "usda sampling next week. our in-house read: thca .28 percent, delta 9 .03 percent. "
        "total thc and does it pass 0.3",
        0.03 + FACTOR * 0.28,  # 0.27556
    ),
    # --- decarboxylation ---
    one("decarbing 2,500 mg thca isolate, how much thc in theory", 2500 * FACTOR),  # 2192.5
    one(
        "14g of thca in the oven, figure 85% conversion, how many g of thc do i end up with",
        14 * FACTOR * 0.85,  # 10.4363
    ),
    one("one thousand five hundred milligrams of THCa → theoretical THC mg?", 1500 * FACTOR),
    one(
        "batch D-17: 450 g thca crystalline going into the reactor at 95% efficiency. thc "
        "out in grams?",
        450 * FACTOR * 0.95,  # 374.9175
    ),
    # --- dilution C1V1 = C2V2 ---
    one(
        "stock tinc is 60mg/ml, i need 250ml at 12mg/ml. how much stock do i pull",
        12 * 250 / 60,  # 50 mL
    ),
    one(
        "making 500 ml of 5 mg/mL from a 100mg/ml stock, how much mct do i add",
        500 - 5 * 500 / 100,  # stock 25 mL, add 475 mL
    ),
    one(
        "have 30 mL of an 80mg/mL concentrate, want it at 20mg/mL. final volume?",
        80 * 30 / 20,  # 120 mL
    ),
    one(
        "disty is 900 mg/g, need 2 kg of syrup at 45 mg/g, how many grams of disty go in",
        45 * 2000 / 900,  # 100 g
    ),
    one(
        "beverage guy: nano emulsion is 50mg/ml, i want 16 fl oz of syrup base at 5mg/ml. "
        "how many ml of emulsion",
        5 * 16 * FLOZ_ML / 50,  # 47.3176 mL
    ),
    # --- terpene reintroduction ---
    one(
        "reintroducing terps at 6% of the final blend, 500g of disty, how many g of terps",
        500 * 6 / 94,  # 31.9149 g
    ),
    one("add terps at 8% w/w of the distillate, i have 250 g disty", 250 * 8 / 100),  # 20 g
    one(
        "1 kilo of distillate and the carts should come out 4.5% terpenes of the total fill, "
        "grams of terps?",
        1000 * 4.5 / 95.5,  # 47.1204 g
    ),
    one("want terps at 10% relative to the oil weight, got 85 grams of oil", 8.5),
    # --- blending two lots ---
    one(
        "blend 300g of 88% with 200g of 72%, what's the potency",
        (300 * 88 + 200 * 72) / 500,  # 81.6 %
    ),
    one(
        "i have 1.2 kg of 91% disty and need 85%, how many grams of the 78% lot do i add",
        1200 * (85 - 91) / (78 - 85),  # 1028.571 g
    ),
    one(
        "lot A 450 g at 820 mg/g, lot B 150g at 640 mg/g, combined mg/g?",
        (450 * 820 + 150 * 640) / 600,  # 775 mg/g
    ),
    one("mixing two kilos of 65% with one kilo of 80%, final %", 70.0),  # (130+80)/3
    # --- butter / oil infusion ---
    one(
        "7g of flower at 18% thc into a cup of butter, mg per tbsp?",
        7000 * 0.18 / 16,  # 1260 mg / 16 = 78.75
    ),
    one(
        "half oz, 14g, of 22% thc into 2 sticks of butter — how much per teaspoon",
        14000 * 0.22 / 48,  # 3080 / 48 = 64.1667
    ),
    one(
        "3.5g of 20%thc into half a cup of coconut oil, mg per tbsp",
        3500 * 0.20 / 8,  # 700 / 8 = 87.5
    ),
    one(
        "10 g at 24% thc, assume we lose 30% in the infusion, into 1 cup of oil. mg per tbsp",
        10000 * 0.24 * 0.70 / 16,  # 1680 / 16 = 105
    ),
    one(
        "kitchen lead: 28g of trim at 8% thc going into four sticks of butter, per tablespoon?",
        28000 * 0.08 / 32,  # 2240 mg / 32 tbsp = 70
    ),
    # --- per piece / per package / concentrate needed ---
    one("100mg bag, 20 gummies, mg each", 5.0),
    one("each chocolate square is 2.5mg and the bar has 40 squares, total per bar?", 100.0),
    one(
        "made 60 gummies with 1.2g of distillate at 90% thc, mg per gummy",
        1200 * 0.90 / 60,  # 18
    ),
    one(
        "need 200 gummies at 10mg each, disty tests 92%, how many grams of disty",
        200 * 10 / 0.92 / 1000,  # 2.173913 g
    ),
    one(
        "500 pieces at 5mg, disty is 88%, figure 10% loss in the kettle, grams of disty?",
        500 * 5 / 0.88 / 0.90 / 1000,  # 3.156566 g
    ),
    one(
        "i've got 3.5g of 85% disty, how many 10mg gummies can i make",
        297.0,  # 3500 x 0.85 = 2975 mg / 10 = 297.5 -> 297 whole pieces
    ),
    one("1000mg tincture bottle, 25mg a serving — how many servings", 40.0),
    one("1g cart at 87.3% thc, how many mg of thc is that", 873.0),
    one("customer asks how many mg thc in an eighth of 27% flower", 3500 * 0.27),  # 945
    one(
        "seltzer base runs 0.25 mg/ml, how many mg in a 12 fl oz can",
        0.25 * 12 * FLOZ_ML,  # 88.7206 mg
    ),
    # --- tinctures ---
    one("30ml bottle with 1500mg cbd, mg per dropper (1ml)", 50.0),
    one("tinc is 1,000 mg in 30 mL, whats a half dropper", 1000 / 30 / 2),  # 16.6667
    one("600mg thc in 15ml, mg per ml?", 40.0),
    # --- yields and drying ---
    one(
        "1,240 lb wet off the field, we lose 78% drying, what's dry weight in lb",
        1240 * 0.22,  # 272.8 lb
    ),
    one(
        "hung 86.5 kg wet and it came down to 19.2 kg dry. drying loss %?",
        (86.5 - 19.2) / 86.5 * 100,  # 77.8035 %
    ),
    one("ran 18 kg biomass and got 1.35 kg crude, yield %", 7.5),
    one(
        "4,800 sq ft canopy, pulled 1,650 lb dry. grams per square foot?",
        1650 * POUND_G / 4800,  # 155.9225 g/sqft
    ),
    one(
        "sixteen 1000w lights, harvested 12.8 lb dry. g per watt",
        12.8 * POUND_G / 16000,  # 0.362874 g/W
    ),
    one(
        "40 pounds wet, 75% moisture loss, dry weight in grams?",
        40 * 0.25 * POUND_G,  # 4535.9237 g
    ),
    # --- variance vs label ---
    one("label 100mg, lab says 87.4mg, whats the variance", -12.6),
    one(
        "label claim 24.0% thc, retest came back 26.9%, % off?",
        (26.9 - 24.0) / 24.0 * 100,  # 12.0833 %
    ),
    one(
        "qa: label says 10mg per piece, state allows +/-15%, lowest acceptable mg?",
        8.5,
        "low",
    ),
    one("gummy says 5mg, tests 4.2mg, how far off in %", -16.0),
    # --- prices ---
    one("pound for $1,600, price per gram?", 1600 / POUND_G),  # 3.52740
    one("$2,200 a pound, what's that per zip", 2200 / 16),  # 137.5
    one("QP for $475, per gram?", 475 / 112),  # 4.241071
    one(
        "eighth is $35 and it's 24% thc, price per mg of thc",
        35 / (3500 * 0.24),  # 35 / 840 = 0.0416667 $/mg
    ),
    one("zip for two hundred bucks, per gram?", 200 / 28),  # 7.142857
    # --- conversions ---
    one("how many grams in 3 oz", 3 * OUNCE_G),  # 85.0486
    one("convert 2.5 lbs to grams", 2.5 * POUND_G),  # 1133.981
    one("8 fl oz to ml", 8 * FLOZ_ML),  # 236.588
    # --- Canada, Cannabis Act Schedule 3 equivalents ---
    one(
        "in canada, how much dried cannabis equivalent are three 1g vape carts (concentrate)?",
        3 / 0.25,  # 12 g dried
    ),
    one(
        "canada: 150 g of chocolate (solids containing cannabis) = how many g dried equivalent",
        150 / 15,  # 10 g
    ),
    one(
        "ontario customer bought 7g dried, 2g of shatter and 90g of edibles (solids). total "
        "dried equivalent under the cannabis act?",
        7 + 2 / 0.25 + 90 / 15,  # 7 + 8 + 6 = 21 g
    ),
    # --- scaling and chains ---
    one(
        "recipe for 48 cookies uses 2.4g distillate, scaling up to 300 cookies, how much disty",
        2.4 * 300 / 48,  # 15 g
    ),
    one(
        "2g of thca isolate decarbed (assume full conversion) into 100 gummies, mg per gummy",
        2000 * FACTOR / 100,  # 17.54
    ),
    one(
        "coa on this strain (gelato 41, tag 1A40A0300012345000001234) thca 21% d9 0.5%. how "
        "many mg thc in an eighth?",
        (0.5 + FACTOR * 21) / 100 * 3500,  # 18.917 % x 3500 mg = 662.095
    ),
)

FOLLOW_UPS: tuple[HeldOut, ...] = (
    HeldOut(
        (
            "blending 400g of 82% disty with some of the 70% lot, final %?",
            "oh sorry 600 g of the 70",
        ),
        (400 * 82 + 600 * 70) / 1000,  # 74.8
    ),
    HeldOut(
        ("coa thca 24.2 d9 0.9, total?", "what if thca retests at 26.0?"),
        0.9 + FACTOR * 26.0,  # 23.702
    ),
    HeldOut(
        ("need 200ml at 10mg/ml for the tincture run", "stock is 50mg/ml, how much stock"),
        10 * 200 / 50,  # 40 mL
    ),
    HeldOut(
        ("throwing 14g into a cup of butter, mg per tbsp?", "it's 19% thc"),
        14000 * 0.19 / 16,  # 166.25
    ),
    HeldOut(
        ("how many mg per gummy, mold makes 96", "put 1.5 g of 91% disty in"),
        1500 * 0.91 / 96,  # 14.21875
    ),
    HeldOut(
        ("2,000mg thca, theoretical thc?", "and at 80% efficiency?"),
        2000 * FACTOR * 0.80,  # 1403.2
    ),
    HeldOut(
        ("label says 10mg per piece", "lab got 11.3mg, what's the variance"),
        13.0,
    ),
    HeldOut(
        ("want terps at 7% of the final blend", "got 320 g of distillate, how much terps"),
        320 * 7 / 93,  # 24.0860 g
    ),
    HeldOut(
        ("guy is quoting me a pound of outdoor", "$1,350 shipped", "so per gram?"),
        1350 / POUND_G,  # 2.976241
    ),
    HeldOut(
        ("we hung 220 lb wet last night", "figure 76% loss", "dry weight in lb?"),
        220 * 0.24,  # 52.8
    ),
    HeldOut(
        ("hemp coa: thca 0.29%", "d9 0.04%, are we legal?"),
        0.04 + FACTOR * 0.29,  # 0.29433
    ),
    HeldOut(
        ("1,200mg cbd in a 30 ml bottle, mg per dropper", "what if we go 60ml, same 1200"),
        1200 / 60,  # 20
    ),
)

MISSING: tuple[HeldOut, ...] = (
    one("thca came back but i lost the sheet, d9 was 0.8%, total thc?", None),
    one("how many mg per tbsp if i put 7g of flower in a cup of butter", None),
    one("i need to dilute my stock down to 10 mg/ml, making 100 ml, how much stock", None),
    one("blending the 88% lot with 600g of 75%, what's the final potency", None),
    one("terps at 5% of the distillate for this batch, how many grams", None),
    one("how many 10mg gummies can i get out of my disty", None),
    one("whats the price per gram on a pound", None),
    one("lab says 9.1 mg per piece, variance vs label?", None),
    one("decarb efficiency is 90%, how much thc will i get", None),
    one("coa shows thca 112% and d9 0.4%, total thc?", None),
    one("wet weight is -40 lb with 75% loss, dry weight?", None),
    one("dry weight of 300 lb wet?", None),
    one("mg per gummy for a bag of 30 gummies", None),
)
