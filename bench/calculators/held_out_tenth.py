"""The tenth held-out set: written by helper h20w10 without reading the calculators.

Written from issue 20's list of calculations only (not the calculators, their readers, the
agents, their tests, nor any other set's cases beyond the ninth set's docstring and first
cases, read for format), in the voice of extraction techs, kitchen leads, home cooks,
budtenders, hemp farmers, cultivation managers, beverage makers, buyers and QA leads: lower
case, typos, units glued to numbers, numbers in words, thousands separators, slang (zip, QP,
half-p, eighth, disty), COA tables pasted as text, stories full of numbers that are not inputs
(ticket and batch numbers, invoice amounts, dates, acreage, strain names with digits, water
activity), conversations whose needed number only arrives in a later turn, and questions with
an input missing, where the right answer is a question and no number.

Conventions (the same as the eighth and ninth sets): total THC (or CBD) = neutral + 0.877 x
acid (`FACTOR`); ND counts as 0; a total asked "as a percent" from mg/g is the mg/g total / 10,
and a hemp question expects the total THC in % (the verdict against 0.3% is in the wording; the
number is what gets compared). Decarboxylation gives acid x 0.877 (x the stated efficiency) and
loses acid x 0.123. A zip is the trade's 28 g, a quarter 7 g, a QP 112 g, an eighth 3.5 g; a
pound is `POUND_G` (a half-p half of it; a price per zip from a pound price is the pound price
/ 16); an ounce asked as a unit conversion ("oz to g") is the avoirdupois `OUNCE_G`; fluid
ounces are `FLOZ_ML`. 1 cup = 2 sticks of butter = 16 tbsp = 48 tsp; a dropper is 1 mL. A
flower's stated THC % goes into butter or oil whole unless a loss is stated. Dilution is C1V1 =
C2V2, and "how much to add" is the final amount less the stock. Terpene % is of the final blend
or of the distillate, as each question says. Blends are weight averages of potency; the amount
of a second lot to reach a target is m1 x (target - p1) / (p2 - target). A loss of L% scales by
(100 - L)%; dry weight is wet x (100 - loss)%; yield is output / input in %, drying loss is
(wet - dry) / wet in %. Variance is (measured - label) / label in %, signed; a window's `low`
detail is label x (100 - tolerance)%. Piece counts are whole pieces, rounded down; masses are
not rounded. The number expected is the one asked for, in the unit asked for.

Purchase-limit equivalents used (the jurisdiction's own text):
- Canada, Cannabis Act S.C. 2018 c. 16, Schedule 3 (equivalent amounts, read on Justice Laws,
  laws-lois.justice.gc.ca/eng/acts/C-24.5/, schedule versions 2018 and 2022): 1 g of dried
  cannabis is equivalent to 5 g fresh, 15 g of solids containing cannabis, 70 g of non-solids
  (other than beverages) and 0.25 g of concentrates; s. 8(1) sets the 30 g dried-equivalent
  public possession limit. A mixed basket is the sum of each part's dried equivalent.
- Missouri, Department of Health and Senior Services, Division of Cannabis Regulation, Patient
  & Consumer FAQs (health.mo.gov/safety/cannabis/faqs-patient.php; 19 CSR 100-1.040 and
  100-1.180), as the project's MO pack records it: 1 Missouri Marijuana Equivalency Unit (MME)
  = 3.5 g of dried flower = 1 g of concentrate = 100 mg of THC in an infused product. The
  allotment a case uses (48 MMEs) is stated by the user in the case itself.
"""

from __future__ import annotations

from bench.calculators.held_out import FACTOR, FLOZ_ML, OUNCE_G, POUND_G, HeldOut, one

_PRE_HARVEST = (
    "ok here's field 7 pre-harvest (38 acres, planted 5/2, sampled 9/19)\n"
    "cannabinoid | result | unit\n"
    "Delta-9 THC | 0.118 | %\n"
    "THCA | 0.203 | %\n"
    "CBDA | 9.84 | %\n"
    "CBD | 0.51 | %\n"
    "do we pass 0.3 total or is it hot"
)

_HEMP_FLOWER = (
    "Sample ID 25-0917-044   Matrix: hemp flower\n"
    "CBDa    14.6 %\n"
    "CBD     0.9 %\n"
    "THCa    0.41 %\n"
    "d9-THC  0.07 %\n"
    "CBGa    0.33 %\n"
    "need the total cbd for the bag label"
)

TOTALS: list[HeldOut] = [
    # 0.42 + 26.3 x 0.877 = 0.42 + 23.0651 = 23.4851 % (batch number and strain number are not
    # inputs)
    one(
        "coa for runtz 18 (batch 2211-B) — THCa 26.3 / Δ9-THC 0.42, both %. total?",
        0.42 + 26.3 * FACTOR,
    ),
    # 6.4 + 198.7 x 0.877 = 6.4 + 174.2599 = 180.6599 mg/g
    one(
        "potency in mg/g from the lab: thc-a 198.7, delta-9-thc 6.4. total thc in mg/g?",
        6.4 + 198.7 * FACTOR,
    ),
    # (4.8 + 243 x 0.877) / 10 = (4.8 + 213.111) / 10 = 21.7911 %
    one(
        "lab only gave mg/g — THCA 243, d9 4.8. whats that as total thc percent for the jar label",
        (4.8 + 243 * FACTOR) / 10,
    ),
    # 0.118 + 0.203 x 0.877 = 0.118 + 0.178031 = 0.296031 % (passes, barely; CBDA, CBD, acres
    # and dates are not inputs)
    one(_PRE_HARVEST, 0.118 + 0.203 * FACTOR),
    # (1.1 + 1.9 x 0.877) / 10 = (1.1 + 1.6663) / 10 = 0.27663 %
    one(
        "farm sample #12 came back d9 thc 1.1 mg/g and thca 1.9 mg/g. is that under .3% total thc?",
        (1.1 + 1.9 * FACTOR) / 10,
    ),
    # 4.05 + 31.2 x 0.877 = 4.05 + 27.3624 = 31.4124 %
    one("tincture oil coa says cbd-a 31.2%, cbd 4.05% — total cbd pls", 4.05 + 31.2 * FACTOR),
    # 1.3 + 19.2 x 0.877 = 1.3 + 16.8384 = 18.1384 %
    one(
        "nineteen point two percent thca and one point three percent d9, what do i call total thc",
        1.3 + 19.2 * FACTOR,
    ),
    # 0.33 + 29.05 x 0.877 = 0.33 + 25.47685 = 25.80685 % (3 lb, date, invoice, aw and strain
    # number are not inputs)
    one(
        "we sent the 3 lb bag of zkittlez x runtz #5 to the lab on 10/21 ($145 invoice, aw .55). "
        "results: THCa 29.05%, THC 0.33%. boss wants the total thc % on the label",
        0.33 + 29.05 * FACTOR,
    ),
    # 0.9 + 14.6 x 0.877 = 0.9 + 12.8042 = 13.7042 % (THCa, d9 and CBGa are not inputs)
    one(_HEMP_FLOWER, 0.9 + 14.6 * FACTOR),
    # 0.05 + 0.38 x 0.877 = 0.05 + 0.33326 = 0.38326 % (hot)
    one(
        "is our hemp compliant? delta-9 0.05% and thca 0.38% on the state test. total thc?",
        0.05 + 0.38 * FACTOR,
    ),
    # 5 x 0.7 g = 3.5 g; 3.5 g x 26% = 0.91 g = 910 mg
    one("pre-roll 5 pack, 0.7g each, flower is 26% total thc. how many mg thc in the pack", 910),
    # 0.5 g x 91.5% = 0.4575 g = 457.5 mg
    one("half gram cart filled w/ 91.5%disty, mg of thc in it?", 457.5),
]

DECARB: list[HeldOut] = [
    # 750 x 0.877 = 657.75 mg
    one("decarbing 750mg of thc-a isolate for a tincture, theoretical thc?", 750 * FACTOR),
    # 1.5 x 0.877 = 1.3155; x 0.95 = 1.249725 kg
    one(
        "1.5 kg of thca crystalline into the reactor, figure 95% efficient decarb. kg of thc out?",
        1.5 * FACTOR * 0.95,
    ),
    # 200 x 0.123 = 24.6 g
    one("how much weight does 200 g of thca lose when it decarbs (co2 off)", 200 * 0.123),
    # 3.5 g x 95% = 3.325 g; x 0.877 = 2.916025 g = 2,916.025 mg
    one("an eighth of 95% thca sand, decarbed, how many mg of thc", 3500 * 0.95 * FACTOR),
    # 10,000 mg x 68% = 6,800 mg; x 0.877 = 5,963.6; x 0.88 = 5,247.968 mg
    one(
        "10 g of rosin thats 68% thca, decarbing at 88% efficiency, mg of thc after?",
        10000 * 0.68 * FACTOR * 0.88,
    ),
]

EDIBLES: list[HeldOut] = [
    # 3,600 x 2.5 = 9,000 mg; / 0.941 = 9,564.2933 mg = 9.5642933 g
    one(
        "need 3,600 gummies @ 2.5mg, disty is 94.1%, how many grams do i weigh",
        9000 / 0.941 / 1000,
    ),
    # 800 x 10 = 8,000 mg; / 0.86 = 9,302.3256; / 0.95 = 9,791.9217 mg = 9.7919217 g
    one(
        "kitchen lead here: 800 brownies at 10mg each, our distillate is 86%, and we lose ~5% to "
        "the pans. grams of distillate?",
        8000 / 0.86 / 0.95 / 1000,
    ),
    # 6,500 mg x 88.6% = 5,759 mg; / 325 = 17.72 mg
    one("dropped 6.5g of 88.6% disty into a 325 piece gummy run. mg each?", 17.72),
    # 20 x 5 = 100 mg
    one("choc bar has 20 squares at 5mg a square, mg in the whole bar", 100),
    # 1,000 / 2.5 = 400 mints
    one("a thousand mg tin of mints, 2.5 mg per mint — how many mints in the tin", 400),
    # 18,000 mg x 89% = 16,020 mg; / 10 = 1,602 gummies
    one("we've got 18 g of 89% distillate left, how many 10 mg gummies can we get", 1602),
    # 2,300 mg x 91% = 2,093 mg; / 5 = 418.6 -> 418 pieces
    one("2.3 grams of 91% disty, 5mg pieces, how many can i pour", 418),
    # 20 x 5 = 100 mg THC (the 2 mg CBD is not THC)
    one("bag of 20 gummies, each 5mg thc + 2mg cbd. total thc in the bag?", 100),
    # 25 / 760 mg/g = 0.0328947 g = 32.8947 mg of rosin
    one(
        "live rosin tests 760 mg/g, want 25 mg thc per chocolate — how many mg of rosin per piece",
        25 / 760 * 1000,
    ),
]

INFUSION: list[HeldOut] = [
    # 21,000 mg x 19% = 3,990 mg; 1.5 cups = 24 tbsp; 3,990 / 24 = 166.25 mg/tbsp
    one("made butter w/ 21g of 19% flower in 1.5 cups, how strong is a tbsp", 166.25),
    # 7,000 mg x 23% = 1,610 mg; 3 sticks = 1.5 cups = 72 tsp; 1,610 / 72 = 22.3611 mg/tsp
    one("3 sticks of butter + a quarter of 23% — mg per tsp?", 1610 / 72),
    # 14,000 mg x 17% = 2,380 mg; x 80% = 1,904 mg; / 16 tbsp = 119 mg/tbsp
    one(
        "14 g of 17% bud steeped in 1 cup olive oil, assume we lose 20% straining, mg/tbsp",
        119,
    ),
    # 1,200 / 24 = 50 mg per cookie
    one("the infused butter is 1,200 mg total and all of it goes into 24 cookies. per cookie?", 50),
    # 10,000 mg x 15% = 1,500 mg / 16 tbsp = 93.75 mg/tbsp; x 2 = 187.5 mg; / 16 = 11.71875 mg
    one(
        "cannabutter from 10g of 15% in 1 cup. i use 2 tbsp of it in a pan of 16 brownies, "
        "mg per brownie?",
        11.71875,
    ),
    # 2,400 / 60 = 40 mg per 1 mL dropper
    one("60ml bottle with 2,400mg cbd, what's in a 1ml dropper", 40),
    # 2 fl oz = 59.147 mL; 1,000 / 59.147 = 16.9071 mg/mL
    one("tincture: 1000 mg in a 2 fl oz bottle. mg per ml?", 1000 / (2 * FLOZ_ML)),
]

DILUTION: list[HeldOut] = [
    # V1 = 2,000 x 2.5 / 100 = 50 mL
    one("seltzer batch: need 2 liters at 2.5 mg/ml and our stock is 100 mg/ml, how much stock", 50),
    # V1 = 250 x 10 / 40 = 62.5 mL; add 250 - 62.5 = 187.5 mL
    one(
        "taking a 40 mg/ml tincture down to 10 mg/ml, 250 ml finished — how much mct do i add",
        187.5,
    ),
    # m1 = 10 x 1.5 / 30 = 0.5 kg
    one("c1v1 q: emulsion is 30 mg/g, want 1.5 mg/g in a 10 kg batch. kg of emulsion?", 0.5),
    # V2 = 200 x 50 / 20 = 500 mL; add 500 - 200 = 300 mL
    one("how much water do i add to 200 ml of 50 mg/ml to bring it to 20 mg/ml", 300),
]

BLENDS: list[HeldOut] = [
    # (2,500 x 87.2 + 750 x 79) / 3,250 = (218,000 + 59,250) / 3,250 = 85.30769 %
    one(
        "mixing 2.5 kg @ 87.2% with 750 g @ 79%, whats the new potency",
        (2500 * 87.2 + 750 * 79) / 3250,
    ),
    # 400 x (85 - 95) / (68 - 85) = 400 x 10 / 17 = 235.2941 g
    one(
        "have 400g of 95% and plenty of 68%. how much of the 68 to land at 85%",
        400 * (85 - 95) / (68 - 85),
    ),
    # (1,200 x 91 + 800 x 83) / 2,000 = (109,200 + 66,400) / 2,000 = 87.8 %
    one("disty A is 1.2kg at 91, disty B 0.8kg at 83, what does the blend come out at", 87.8),
    # x of 92%: 500 x (80 - 74) / (92 - 74) = 500 x 6 / 18 = 166.667 g
    one(
        "want 500 g at 80% from a 92% lot and a 74% lot. how much of the 92%?",
        500 * (80 - 74) / (92 - 74),
    ),
]

TERPENES: list[HeldOut] = [
    # 350 x 8 / 92 = 30.4348 g (8% of the final blend)
    one("terps at 8% of the finished blend, 350 g of disty, how much terp", 350 * 8 / 92),
    # 1,200 x 5% = 60 g (5% of the distillate's weight)
    one("sop says terps are 5% by weight of the distillate. we have 1.2 kg distillate", 60),
    # 9 / (9 + 141) = 9 / 150 = 6 %
    one("added 9 g terps to 141 g distillate — what % terps is the blend", 6),
    # 120 x 93 / 88 - 120 = 126.8182 - 120 = 6.8182 g
    one(
        "93% disty, 120g, want it at 88% for carts with terps only. grams of terps",
        120 * 93 / 88 - 120,
    ),
]

YIELDS: list[HeldOut] = [
    # 1,850 x 20% = 370 lb (4 acres is not an input)
    one("1,850 lbs wet off the 4 acre field, expect 80% loss drying. dry lbs?", 370),
    # (340 - 74.8) / 340 = 265.2 / 340 = 78 %
    one("we hung 340 kg wet and got 74.8 kg dry — what % did we lose", 78),
    # 45 lb = 20,411.65665 g; 2,950 / 20,411.65665 = 14.45253 %
    one(
        "ran 45 lbs of trim through the loop and pulled 2,950 g of crude. return %?",
        2950 / (45 * POUND_G) * 100,
    ),
    # 22 x 40 = 880 sq ft; 58 lb = 26,308.35746 g; / 880 = 29.89586 g/sq ft
    one(
        "flower room 1 is 22 x 40 ft, we took down 58 lb dry. grams per square foot?",
        58 * POUND_G / 880,
    ),
    # 16 x 650 = 10,400 W; 31 lb = 14,061.36347 g; / 10,400 = 1.352054 g/W
    one("16 lights at 650W, harvest was 31 lb dry. gpw?", 31 * POUND_G / 10400),
]

VARIANCE: list[HeldOut] = [
    # (11.3 - 10) / 10 = +13 %
    one("label says 10mg per gummy, lab says 11.3 mg. variance %?", 13),
    # (87.5 - 100) / 100 = -12.5 %
    one("100 mg package claim but the coa has 87.5 mg in it, how far off are we in percent", -12.5),
    # 2.5 x (100 - 20)% = 2.0 mg
    one("label claim 2.5mg per mint, ±20% allowed — lowest result that still passes?", 2.0, "low"),
]

LIMITS: list[HeldOut] = [
    # Canada Schedule 3: 15 g of solids = 1 g dried; 450 / 15 = 30 g
    one(
        "ontario customer has 450 g of edibles (solids) in the basket, how much dried cannabis is "
        "that equivalent to under the federal schedule",
        30,
    ),
    # 5 g dried + 2 g concentrate / 0.25 = 8 g + 75 g gummies / 15 = 5 g -> 18 g dried-equivalent
    one(
        "canada: 5 g dried, 2 g of vapes (concentrate) and 75 g of gummies. how many grams dried "
        "equivalent is that toward the 30 g public limit",
        18,
    ),
    # Canada: 0.25 g concentrate = 1 g dried; 30 x 0.25 = 7.5 g of concentrate
    one(
        "how many grams of concentrate can an adult carry in public in canada (30g dried equiv)",
        7.5,
    ),
    # Missouri: 7 g / 3.5 = 2 MME + 2 x 1 g carts = 2 MME + 400 mg / 100 = 4 MME -> 8 MMEs
    one(
        "missouri adult-use sale: 7 g flower, two 1g carts and 400mg of gummies. how many MMEs "
        "is that",
        8,
    ),
]

MONEY_AND_UNITS: list[HeldOut] = [
    # 453.59237 / 2 = 226.796185 g
    one("half-p in grams?", POUND_G / 2),
    # 750 / 29.5735295625 = 25.36052 fl oz
    one("convert 750 mL to fl oz", 750 / FLOZ_ML),
    # 112 / 3.5 = 32 eighths
    one("a QP is how many eighths", 32),
    # 2,650 / 453.59237 = 5.842255 $/g
    one("smalls are going for $2,650 a pound, whats that per gram", 2650 / POUND_G),
    # 0.5 g x 90% = 450 mg; 35 / 450 = 0.077778 $/mg
    one("cart is 0.5g at 90% thc for $35, price per mg of thc?", 35 / 450),
    # 912 mg/g / 10 = 91.2 %
    one("diamond coa reads 912 mg/g thca, what's that in percent", 91.2),
    # 1,920 / 16 = 120 $ per zip
    one("if the pound is $1,920 what should a zip run", 120),
    # 2.5 x 28.349523125 = 70.87381 g
    one("how many grams is 2.5 oz (real ounces)", 2.5 * OUNCE_G),
]

SCALING: list[HeldOut] = [
    # 1 cup x 150 / 60 = 2.5 cups
    one(
        "grandma's cookie recipe makes 60: 2 cups flour, 1 cup cannabutter, 3 eggs. scaling to 150 "
        "cookies, how many cups of cannabutter",
        2.5,
    ),
    # 94 g x 40 / 5 = 752 g
    one(
        "our 5 gal beverage batch takes 94 g of emulsion. going up to 40 gal, how much emulsion",
        752,
    ),
    # 11.2 g x 275 / 1,000 = 3.08 g
    one(
        "1,000-piece gummy batch uses 11.2 g disty; sample run is 275 pieces. how much disty", 3.08
    ),
]

ANSWERABLE: list[HeldOut] = [
    *TOTALS,
    *DECARB,
    *EDIBLES,
    *INFUSION,
    *DILUTION,
    *BLENDS,
    *TERPENES,
    *YIELDS,
    *VARIANCE,
    *LIMITS,
    *MONEY_AND_UNITS,
    *SCALING,
]

FOLLOW_UPS: list[HeldOut] = [
    # the potency arrives second: 900 x 10 = 9,000 mg; / 0.884 = 10,180.995 mg = 10.180995 g
    HeldOut(
        ("need to make 900 gummies at 10 mg, how much disty", "coa says 88.4%"),
        9000 / 0.884 / 1000,
    ),
    # 0.08 + 0.21 x 0.877 = 0.08 + 0.18417 = 0.26417 %
    HeldOut(
        (
            "hemp coa d9 0.08% thca 0.27% — total?",
            "lab rechecked it, thca is 0.21 now, delta 9 didn't move",
        ),
        0.08 + 0.21 * FACTOR,
    ),
    # 14,000 x 22% = 3,080 mg; 2 cups = 32 tbsp; 3,080 / 32 = 96.25 mg/tbsp
    HeldOut(
        ("butter: 14 g of 22% in 1 cup, mg per tbsp?", "doubling the butter to 2 cups, same weed"),
        96.25,
    ),
    # (300 x 90 + 500 x 70) / 800 = (27,000 + 35,000) / 800 = 77.5 %
    HeldOut(("blend 300g of 90% with 300g of 70%?", "make the 70% lot 500g"), 77.5),
    # 3,000 x 5 / 50 = 300 mL
    HeldOut(("how much 50 mg/ml stock for 1 L at 5 mg/ml", "ok now 3 liters"), 300),
    # 250 x 10 / 90 = 27.7778 g
    HeldOut(("terps for 250 g disty at 7% of the total blend", "and at 10%?"), 250 * 10 / 90),
    # 230 x 24% = 55.2 lb
    HeldOut(("wet weight 210 lb, 76% loss, dry?", "sorry it was 230 lb wet"), 55.2),
    # 1,250 / 453.59237 = 2.755777 $/g
    HeldOut(("price per gram at $1,600/lb", "vendor came down to $1,250"), 1250 / POUND_G),
    # 40 x 0.877 x 0.9 = 31.572 g
    HeldOut(
        ("decarb 40 g thca isolate, how much thc", "at 90% efficiency though"),
        40 * FACTOR * 0.9,
    ),
    # 250 x 5 = 1,250 mg; / 0.815 = 1,533.742; / 0.93 = 1,649.185 mg = 1.649185 g
    HeldOut(
        (
            "250 chocolates at 5 mg each, how much of our distillate",
            "it's 81.5%",
            "and we lose about 7% on the melter",
        ),
        1250 / 0.815 / 0.93 / 1000,
    ),
    # 3,000 x 86% = 2,580 mg; / 120 = 21.5 mg
    HeldOut(("i put 3 g of disty in 120 gummies, dose?", "disty is 86%"), 21.5),
    # (10.8 - 10) / 10 = +8 %
    HeldOut(
        ("label says 10mg per cookie, lab says 9.1 — variance?", "next batch came back 10.8"), 8
    ),
]

MISSING: list[HeldOut] = [
    # no price
    one("whats a gram cost us if we buy by the pound", None),
    # the dose and count arrive but never the potency
    HeldOut(
        ("doing a gummy run this week", "2,000 pieces at 10mg, how much disty do i need"), None
    ),
    # no THCA for a hemp total
    one("hemp: our delta 9 came back 0.12%, are we under the 0.3 total?", None),
    # no flower mass
    one("made cannabutter with 2 cups butter and 20% flower, mg per tbsp?", None),
    # no mass of diamonds
    one("decarbing some thca diamonds at 92%, how many grams of thc", None),
    # no stock concentration
    one("need to cut our stock down to 5 mg/ml for 2 L, how much stock", None),
    # no mass of the 72% lot
    one("blending 600 g of 88% distillate with some 72% — final potency?", None),
    # no distillate mass
    one("how many grams terps to take our disty from 92% down to 85%", None),
    # no canopy area
    one("got 45 lbs dry off the room, how many grams per square foot", None),
    # no label claim
    one("what's the variance if the lab came back at 9.2 mg", None),
    # no total mg in the bottle
    one("tincture bottle is 1 fl oz, what's per dropper", None),
    # no dose per piece
    one("how many pieces can i pour out of 3 g of 90% disty", None),
]
