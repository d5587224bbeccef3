"""The third held-out set: new voices, never used by the tests or read by the calculators' authors.

Written without reading the calculators, their tests or the other sets, from issue 20's list of
calculations. Each voice is a person (a budtender, a Michigan processing lead in Slack, a
Canadian LP QA manager, an edibles founder, a hemp farmer, a home cook, a cultivation
director, a compliance analyst, a beverage formulator, a vape-cart filler). Each expected value
is worked out by hand below, with its arithmetic in a comment. Conventions: a flower ounce or
zip is 28 g unless the question says otherwise, an eighth 3.5 g, a pound 453.59237 g unless
stated, total = neutral + 0.877 x acid, 1 cup = 16 tbsp = 48 tsp = 236.5882365 mL, a dropper
1 mL unless stated. The number a case expects is the one asked for, in the unit asked for.
"""

from __future__ import annotations

from bench.calculators.held_out import CUP_ML, FACTOR, FLOZ_ML, OUNCE_G, POUND_G, HeldOut, one

TBSP_ML = CUP_ML / 16
TRADE_OZ_G = 28.0

TOTAL_CANNABINOIDS: list[HeldOut] = [
    # budtender: 0.6 + 24.8 x 0.877
    one(
        "customer wants the 'real' THC on this jar, label says THCa 24.8% and Δ9 0.6%. "
        "what do I tell her the total is?",
        0.6 + 24.8 * FACTOR,
    ),
    # Canadian LP QA in mg/g, answer in mg/g: 5.2 + 231.4 x 0.877
    one(
        "Lot CA-4471 COA: THCA 231.4 mg/g, Δ9-THC 5.2 mg/g. Please report total THC in mg/g.",
        5.2 + 231.4 * FACTOR,
    ),
    # mg/g in, percent out: (3 + 198 x 0.877) / 10
    one(
        "THCA 198 mg/g and d9 3 mg/g on the cert, what's total THC as a percent",
        (3 + 198 * FACTOR) / 10,
    ),
    # hemp farmer, over 0.3: 0.07 + 0.29 x 0.877 = 0.32433
    one(
        "Lab report on our CBD field finally came: delta-9 THC 0.07%, THCA 0.29%. "
        "Are we under the 0.3% total THC hemp line or did we go hot?",
        0.07 + 0.29 * FACTOR,
    ),
    # hemp farmer, under 0.3: 0.05 + 0.22 x 0.877 = 0.24294
    one(
        "harvested lot H-2291 on 9/14 w/ 6 guys. d9 0.05 pct, thca 0.22 pct. "
        "compliant with the 0.3 percent total thc limit?",
        0.05 + 0.22 * FACTOR,
    ),
    # total CBD: 0.4 + 11.2 x 0.877
    one("CBDA 11.2%, CBD 0.4% - total CBD?", 0.4 + 11.2 * FACTOR),
    # total CBD in mg/g: 6 + 142 x 0.877
    one("Total CBD in mg/g for CBD-A 142 mg/g and CBD 6 mg/g?", 6 + 142 * FACTOR),
    # pasted COA table: 0.41 + 26.35 x 0.877 (CBG irrelevant)
    one(
        "pasting from the COA:\nAnalyte | Result\nTHCa | 26.35 %\nΔ9-THC | 0.41 %\n"
        "CBG | 0.90 %\nCBN | ND\nwhat's the total THC",
        0.41 + 26.35 * FACTOR,
    ),
    # decimal commas: 0.8 + 19.6 x 0.877 = 17.9892
    one("Certificate shows THCA 19,6 % and Δ9-THC 0,8 %. Total THC?", 0.8 + 19.6 * FACTOR),
    # state cap stated by the analyst: 0.5 + 33.1 x 0.877 = 29.5287 (under 30)
    one(
        "Compliance question: our state caps flower at 30% total THC. Our lot tests 33.1% THCA "
        "and 0.5% delta-9. What's the total, and does it pass?",
        0.5 + 33.1 * FACTOR,
    ),
    # vape-cart filler: 88.4 + 2.1 x 0.877
    one(
        "distillate drum COA says THC-A 2.1% and delta 9 88.4%. total thc on that?",
        88.4 + 2.1 * FACTOR,
    ),
    # numbers in words: 1 + 22 x 0.877 = 20.294
    one("twenty-two percent THCA and one percent delta nine. total THC?", 1 + 22 * FACTOR),
    # cultivation director: 0.35 + 28.9 x 0.877
    one(
        "For the Q3 KPI deck: batch 14 (harvested 8/22, 1,150 plants) averaged 28.9% THCa "
        "and 0.35% D9. Need total THC for the slide.",
        0.35 + 28.9 * FACTOR,
    ),
    # Δ9 explicitly not detected: 0 + 25.0 x 0.877
    one("THCA 25.0%, Δ9-THC ND (not detected, so zero). Total THC?", 25.0 * FACTOR),
    # typo'd: 0.9 + 21.7 x 0.877
    one("thcaa 21.7% delta9 .9% totl thc??", 0.9 + 21.7 * FACTOR),
    # Michigan cap verdict with the cap stated: 1.1 + 30.2 x 0.877 = 27.5854
    one(
        "hey @qa - MI lot 22-0918 came back THCA 30.2%, Δ9 1.1%. our label cap on this SKU "
        "is 28% total THC. what's the total, are we under?",
        1.1 + 30.2 * FACTOR,
    ),
]

PACKAGE_MG: list[HeldOut] = [
    # 10 x 5 g x 0.2% = 10 x 5000 mg x 0.002 = 100 mg
    one(
        "10 gummies per bag, each one weighs 5 g and tested at 0.2% THC. how many mg THC in "
        "the whole bag?",
        10 * 5000 * 0.002,
    ),
    # eighth: 3.5 g x 21% = 735 mg
    one(
        "How many mg of THC is in an eighth of 21% total THC flower? guy at the counter is asking",
        3.5 * 0.21 * 1000,
    ),
    # 1 g cart at 85%: 850 mg
    one("1g cart @ 85%thc, mg thc in it?", 1000 * 0.85),
    # 3.5 g at 180 mg/g = 630 mg
    one("A 3.5 g package at 180 mg/g total THC contains how many mg THC?", 3.5 * 180),
    # half ounce, 14 g stated: 14 x 0.18 x 1000 = 2520 mg
    one(
        "Half ounce (we call it 14 g) of 18% flower, mg of THC total?",
        14 * 0.18 * 1000,
    ),
    # beverage: 12 fl oz x 29.5735 mL x 0.02 mg/mL
    one(
        "Our 12 fl oz can runs 0.02 mg/mL THC. How many mg THC per can?",
        12 * FLOZ_ML * 0.02,
    ),
    # 40 g x 0.25% = 100 mg
    one("chocolate bar is 40 g at 0.25% THC w/w - mg in the bar?", 40_000 * 0.0025),
    # pre-roll 0.5 g x 27% = 135 mg
    one("half gram preroll, 27% THC. how many milligrams?", 500 * 0.27),
    # 2 trade ounces: 56 g x 19% = 10640 mg
    one(
        "2 oz jar of 19% flower, we count 28g to the ounce. total mg THC in the jar?",
        2 * TRADE_OZ_G * 0.19 * 1000,
    ),
    # 20 pieces x 12 mg = 240 mg; MI cap stated in the question
    one(
        "MI rules (10 mg per serving / 200 mg per package): our gummy bag is 20 pieces at "
        "12 mg each. what's the package total and does it clear the cap?",
        20 * 12,
    ),
]

DECARB: list[HeldOut] = [
    # 1500 x 0.877 = 1315.5 mg
    one(
        "I've got 1,500 mg of THCA isolate. Theoretical THC after decarb?",
        1500 * FACTOR,
    ),
    # 28 g x 24% x 0.877 x 85% = 5009.424 mg
    one(
        "decarbing 28 g of 24% THCa flower at 85% efficiency, how many mg of THC do I end up with",
        28_000 * 0.24 * FACTOR * 0.85,
    ),
    # CO2 lost: 2000 g x (1 - 0.877) = 246 g
    one(
        "How much mass do we lose as CO2 decarbing 2 kg of THCA crystalline? answer in grams",
        2000 * (1 - FACTOR),
    ),
    # 500 g x 0.877 = 438.5 g
    one("500 g THCA, theoretical THC in grams?", 500 * FACTOR),
    # 3.5 g x 0.877 x 90% = 2762.55 mg
    one(
        "thca 3.5 grams, decarb at 90 percent efficiency, THC in mg?",
        3500 * FACTOR * 0.9,
    ),
    # home cook: 3500 mg x 20% x 0.877 x 80% = 491.12 mg
    one(
        "doing an eighth of 20% THCA flower in my oven, assume 80% conversion. roughly how "
        "many mg THC am I getting?",
        3500 * 0.20 * FACTOR * 0.8,
    ),
    # CO2 lost in mg: 750 x 0.123 = 92.25 mg
    one("Decarbing 750 mg of THCA: how many mg go off as CO2?", 750 * (1 - FACTOR)),
]

DOSE_PER_PIECE: list[HeldOut] = [
    # 2400 / 96 = 25 mg
    one("Poured 2,400 mg into a 96-cavity mold. per-piece dose?", 2400 / 96),
    # 1.2 g = 1200 mg / 60 = 20 mg
    one("batch of 60 brownies with 1.2 g THC total, mg each?", 1200 / 60),
    # 500 / 50 = 10 mg
    one("we put 500mg THC into 50 chocolates. whats each one", 500 / 50),
    # 720 / 40 = 18 mg
    one(
        "Tray of 40 cookies, the butter I used had 720 mg THC in it. per cookie?",
        720 / 40,
    ),
    # 1 g = 1000 mg / 200 = 5 mg
    one("one gram of THC split across 200 mints = how many mg per mint", 1000 / 200),
    # chain: 2 g x 90% = 1800 mg / 40 = 45 mg
    one("2 g of 90% distillate into 40 gummies - mg per gummy?", 2000 * 0.9 / 40),
]

CONCENTRATE_NEEDED: list[HeldOut] = [
    # 200 x 10 = 2000 mg / 0.9 = 2222.2 mg = 2.2222 g
    one(
        "need 200 gummies at 10 mg each and the distillate is 90%. grams of distillate?",
        200 * 10 / 0.9 / 1000,
    ),
    # 1000 x 5 = 5000 mg / 0.875 / 0.9 = 6349.2 mg = 6.3492 g
    one(
        "Run of 1,000 pieces at 5 mg. Distillate is 87.5% THC and only 90% of what goes in the "
        "kettle ends up in product. How many grams of distillate?",
        1000 * 5 / 0.875 / 0.9 / 1000,
    ),
    # 5000 x 2.5 = 12500 mg / 0.92 = 13587 mg = 13.587 g
    one(
        "how much 92% distillate for 5,000 mints at 2.5mg? in grams",
        5000 * 2.5 / 0.92 / 1000,
    ),
    # Canadian: 2000 x 10 = 20000 mg / 650 mg/g = 30.769 g
    one(
        "Morning team. QA sign-off for Tuesday's run (work order 5512, 4 operators, line 2): "
        "batch of 2000 soft chews at 10 mg THC each. The live resin lot we're using assays "
        "650 mg/g total THC per the March COA, and Health Canada wants the master record "
        "filled in before we start. Grams of resin required?",
        2000 * 10 / 650,
    ),
    # 300 x 20 = 6000 mg / 0.78 / 0.95 = 8097 mg = 8.0972 g
    one(
        "300 pieces @ 20mg, concentrate 78 percent, 5 percent process loss (95% makes it "
        "into the product). grams of concentrate?",
        300 * 20 / 0.78 / 0.95 / 1000,
    ),
    # 24 x 1200 = 28800 mg / 0.99 = 29090.9 mg = 29.091 g
    one(
        "24 bottles at 1200 mg CBD each from 99% isolate - how many grams of isolate do I "
        "weigh out?",
        24 * 1200 / 0.99 / 1000,
    ),
]

SERVINGS: list[HeldOut] = [
    # 100 / 10 = 10
    one("100 mg bar, 10 mg per serving, how many servings", 100 / 10),
    # 200 / 5 = 40
    one("Package holds 200 mg THC and a serving is 5 mg. Servings per package?", 200 / 5),
    # mg per serving: 100 / 8 = 12.5 (over a 10 mg serving cap)
    one(
        "Colorado is 10 mg per serving, 100 mg per package. Our 100 mg bar is scored into 8 "
        "pieces - what's each serving in mg and is that legal?",
        100 / 8,
    ),
    # 1000 / 25 = 40
    one("servings in a 1000 mg tincture at 25 mg a serving?", 1000 / 25),
    # 350 / 10 = 35
    one("how many 10 mg servings fit in a 350 mg package", 350 / 10),
]

INFUSION: list[HeldOut] = [
    # 7 g x 20% = 1400 mg / 16 tbsp = 87.5 mg/tbsp
    one(
        "First time making cannabutter (r/edibles be gentle). 1 cup of butter, 7 g of flower "
        "at 20% total THC, already decarbed, assume it all goes in. mg per tbsp?",
        7000 * 0.20 / 16,
    ),
    # 14 g x 18% x 70% = 1764 mg / 96 tsp = 18.375 mg/tsp
    one(
        "Infused 2 cups of coconut oil with 14 g of 18% THC, figuring 70% extraction "
        "efficiency. How much per teaspoon?",
        14_000 * 0.18 * 0.7 / 96,
    ),
    # 3.5 g x 22% x 80% = 616 mg / 8 tbsp = 77 mg/tbsp
    one(
        "half cup butter + 3.5g flower @ 22%, 80% efficiency. mg per tablespoon?",
        3500 * 0.22 * 0.8 / 8,
    ),
    # chain: 10 g x 15% x 0.877 = 1315.5 mg / 48 tsp = 27.406 mg/tsp
    one(
        "1 cup olive oil, 10 g of 15% THCA flower that I'll decarb first (use 0.877, and "
        "assume everything extracts). mg per tsp?",
        10_000 * 0.15 * FACTOR / 48,
    ),
    # 1000 mg / 250 mL x 14.787 mL per tbsp = 59.147 mg
    one(
        "made 250 mL of infused olive oil with 1,000 mg THC total. how many mg per tablespoon?",
        1000 / 250 * TBSP_ML,
    ),
    # 1200 / 16 x 3 = 225 mg
    one(
        "Recipe calls for 3 tbsp of butter, and my cup of butter was infused with 1200mg. "
        "How much THC ends up in the recipe?",
        1200 / 16 * 3,
    ),
    # 1/4 cup = 12 tsp; 500 / 12 = 41.667 mg/tsp
    one("1/4 cup oil infused with 500 mg THC - mg per teaspoon", 500 / 12),
    # chain: 20 g x 25% x 0.877 = 4385 mg / 16 = 274.06 mg/tbsp
    one(
        "20 g of 25% THCA flower, decarbed (theoretical, 100%), all of it into 1 cup of "
        "butter. mg per tbsp?",
        20_000 * 0.25 * FACTOR / 16,
    ),
]

TINCTURE: list[HeldOut] = [
    # 1500 / 30 = 50 mg/mL
    one("30 mL bottle with 1500 mg CBD, mg per mL?", 1500 / 30),
    # 600 / 30 = 20 mg per 1 mL dropper
    one(
        "1 oz tincture bottle (30 mL) with 600 mg THC. per full dropper (1 mL)?",
        600 / 30,
    ),
    # 3000 / 60 x 0.5 = 25 mg
    one(
        "60 mL bottle, 3000mg cbd, our dropper holds 0.5 mL. mg per dropper?",
        3000 / 60 * 0.5,
    ),
    # 900 / 30 = 30 mg/mL
    one("tincture strength: 900 mg in 30ml = ? mg/mL", 900 / 30),
    # 2400 / 120 = 20 mg per dropperful
    one(
        "We dose 2,400 mg into each 120 mL bottle. What's one dropperful (1 mL)?",
        2400 / 120,
    ),
]

DILUTION: list[HeldOut] = [
    # V1 = 250 x 2 / 40 = 12.5 mL
    one(
        "stock is 40 mg/mL, I want 250 mL at 2 mg/mL. how many mL of stock?",
        250 * 2 / 40,
    ),
    # beverage: V1 = 10000 mL x 0.05 / 20 = 25 mL
    one(
        "Emulsion is 20 mg/mL. I need 10 L of beverage base at 0.05 mg/mL. mL of emulsion?",
        10_000 * 0.05 / 20,
    ),
    # mass: 700 g x 90 / 70 = 900 g of final blend
    one(
        "cutting 700 g of 90% distillate down to 70% with MCT. how many grams of final blend "
        "do I end up with?",
        700 * 90 / 70,
    ),
    # 500 x 30 / 85 = 176.47 g
    one(
        "Need 500 g of 30% oil, starting from 85% distillate. How many g of distillate?",
        500 * 30 / 85,
    ),
    # 2000 mL x 5 / 100 = 100 mL
    one("stock tincture 100 mg/ml, need 2 L at 5 mg/ml. stock volume in ml?", 2000 * 5 / 100),
    # mass: 50 x 800 / 300 = 133.33 g
    one(
        "Take 50 g of 800 mg/g oil down to 300 mg/g. Total grams after dilution?",
        50 * 800 / 300,
    ),
    # carrier to add: 100 x 60 / 25 = 240 mL final, minus 100 = 140 mL
    one(
        "I have 100 mL at 60 mg/mL and want it at 25 mg/mL. how much carrier oil do I add, mL?",
        100 * 60 / 25 - 100,
    ),
]

BLENDING: list[HeldOut] = [
    # (400 x 82 + 600 x 91) / 1000 = 87.4%
    one("blend 400 g of 82% distillate with 600 g of 91%, resulting potency?", 87.4),
    # (2 x 88 + 3 x 79) / 5 = 82.6%
    one("Two lots: 2 kg at 88% and 3 kg at 79%. Blended %?", (2 * 88 + 3 * 79) / 5),
    # target: 92x + 76(1000 - x) = 85000 -> 16x = 9000 -> 562.5 g
    one(
        "I have 92% and 76% distillate and need 1 kg at 85%. How many grams of the 92?",
        562.5,
    ),
    # target: 70x + 95(500 - x) = 80 x 500 -> 25x = 7500 -> 300 g
    one(
        "mixing 70% and 95% oil to land at 80%, 500 g batch total. grams of the 70%?",
        300.0,
    ),
    # flower: (10 x 18 + 5 x 24) / 15 = 20%
    one("10 lb of 18% shake mixed with 5 lb of 24% - blended potency?", 20.0),
    # concentrations: (1 x 10 + 3 x 2) / 4 = 4 mg/mL
    one(
        "Blending 1 L of syrup at 10 mg/mL with 3 L at 2 mg/mL, what mg/mL is the mix?",
        (1 * 10 + 3 * 2) / 4,
    ),
]

TERPENES: list[HeldOut] = [
    # of the blend: t = 0.08 x 920 / 0.92 = 80 g
    one(
        "adding terps so they're 8% of the final blend, I have 920 g distillate. grams of terps?",
        0.08 * 920 / 0.92,
    ),
    # of the distillate: 500 x 10% = 50 g
    one(
        "Terpenes at 10% by weight of the distillate (not of the blend), 500 g distillate: "
        "grams of terpene?",
        500 * 0.10,
    ),
    # of the blend: 1000 x 0.05 / 0.95 = 52.632 g
    one(
        "want 5% terps of the total blend, 1 kg distillate. how many g of terpenes",
        1000 * 0.05 / 0.95,
    ),
    # share of the blend: 30 / (570 + 30) = 5%
    one(
        "I added 30 g of terpenes to 570 g of distillate. What % of the blend is terpene?",
        30 / 600 * 100,
    ),
    # of the distillate, in kg: 2.5 x 7% = 0.175 kg
    one(
        "Terpene at 7% w/w of the distillate mass, 2.5 kg distillate. kg of terpene?",
        2.5 * 0.07,
    ),
]

SCALING: list[HeldOut] = [
    # 200 g / 50 x 1250 = 5000 g
    one(
        "recipe: 200 g sugar per 50 gummies. scaling to 1,250 gummies, grams of sugar?",
        200 / 50 * 1250,
    ),
    # 12 mL / 2 L x 45 L = 270 mL
    one(
        "Test batch used 12 mL of tincture for 2 L of syrup; scale to 45 L - mL of tincture?",
        12 / 2 * 45,
    ),
    # 9 g x 8 = 72 g
    one("scale our 4.5 kg gummy batch up 8x. it uses 9 g distillate. new g distillate?", 9 * 8),
    # 340 g x 24 / 1.5 = 5440 g
    one(
        "1.5 kg recipe calls for 340 g of gelatin mix. Production run is 24 kg. Gelatin?",
        340 * 24 / 1.5,
    ),
]

CONVERSIONS: list[HeldOut] = [
    # 453.59237 / 4 = 113.398 g
    one(
        "how many grams in a QP? use the real pound, 453.59 g",
        POUND_G / 4,
    ),
    # 28 / 3.5 = 8
    one("how many eighths in an ounce (trade 28 g)?", TRADE_OZ_G / 3.5),
    # avoirdupois: 28.349523125 g
    one("grams in one ounce, avoirdupois, not the 28 trade ounce", OUNCE_G),
    # 2.5 x 453.59237 = 1133.98 g
    one("2.5 lb to grams?", 2.5 * POUND_G),
    # zip = 28 g
    one("how many grams in a zip", TRADE_OZ_G),
    # 1000 / 28 = 35.714 trade ounces
    one("we buy by the kilo. how many trade ounces (28 g) in 1 kg?", 1000 / TRADE_OZ_G),
    # 750 / 28.35 = 26.455 oz
    one("Convert 750 grams to ounces using 28.35 g per ounce.", 750 / 28.35),
    # 7 x 28 / 3.5 = 56 eighths
    one("How many eighths can I bag out of 7 oz? (28g ounces)", 7 * TRADE_OZ_G / 3.5),
    # 3 tbsp = 3 x 14.787 = 44.36 mL
    one("how many mL is 3 tbsp", 3 * TBSP_ML),
]

YIELD: list[HeldOut] = [
    # 46 lb x 453.59237 / 2000 = 10.433 g/sq ft
    one(
        "Pulled 46 lb dry off a 2,000 sq ft canopy. Grams per square foot?",
        46 * POUND_G / 2000,
    ),
    # 1800 / (16 x 630) = 0.17857 g/W
    one("yield per watt: 1.8 kg dried, 16 lights at 630 W each", 1800 / (16 * 630)),
    # 62500 / 1200 = 52.083 g/sq ft
    one(
        "Room 3 flipped Aug 4, crew of 8, harvested 62.5 kg dry on 1,200 sq ft. g/sq ft "
        "for the report?",
        62_500 / 1200,
    ),
    # 30 lb x 453.59237 / 24000 = 0.567 g/W
    one(
        "we ran 24,000 W of LED and got 30 lbs. grams per watt?",
        30 * POUND_G / 24_000,
    ),
    # 1200 / 100 = 12 g/sq ft
    one("1.2 kg over 100 ft² - g per sqft", 1200 / 100),
]

DRYING: list[HeldOut] = [
    # 220 x (1 - 0.75) = 55 lb
    one("Hung 220 lb wet, expect 75% moisture loss. Dry weight in lb?", 220 * 0.25),
    # 18 x 0.22 = 3.96 kg
    one("wet weight 18 kg, loses 78 pct to drying, dry kg?", 18 * 0.22),
    # 3400 x 0.2 = 680 lb
    one(
        "3,400 lbs of wet hemp biomass off the 40 acre field, we lose 80% water. dry lbs?",
        3400 * 0.20,
    ),
    # 42 x 0.28 = 11.76 g
    one("42 g wet bud, 72% weight loss on drying. grams dry?", 42 * 0.28),
]

PRICE: list[HeldOut] = [
    # 1800 / 453.59237 = 3.9683 $/g
    one("paying $1,800 a pound, what's that per gram", 1800 / POUND_G),
    # 950 / 453.59237 = 2.0944 $/g
    one("Wholesale quote is $950/lb. Price per gram?", 950 / POUND_G),
    # user's pound of 16 trade ounces = 448 g: 2400 / 448 = 5.357 $/g
    one(
        "pound for 2400 bucks. per gram, counting a pound as 448 g (16 x 28)?",
        2400 / 448,
    ),
]

VARIANCE: list[HeldOut] = [
    # 10 x 0.85 = 8.5 mg
    one(
        "label claim 10 mg per gummy, ±15% tolerance. lowest acceptable test result?",
        10 * 0.85,
    ),
    # 100 x 1.1 = 110 mg
    one("100 mg package, ±10% variance allowed. highest it can test?", 100 * 1.1),
    # relative: 25 x 0.8 = 20%
    one(
        "Label says 25% THC, allowed variance ±20% relative (of the label value). What's the "
        "low end?",
        25 * 0.8,
    ),
    # 5 x 1.1 = 5.5 mg
    one("5 mg per piece claim, our state allows 10% either way. top end?", 5 * 1.1),
]

ANSWERABLE: list[HeldOut] = [
    *TOTAL_CANNABINOIDS,
    *PACKAGE_MG,
    *DECARB,
    *DOSE_PER_PIECE,
    *CONCENTRATE_NEEDED,
    *SERVINGS,
    *INFUSION,
    *TINCTURE,
    *DILUTION,
    *BLENDING,
    *TERPENES,
    *SCALING,
    *CONVERSIONS,
    *YIELD,
    *DRYING,
    *PRICE,
    *VARIANCE,
]

FOLLOW_UPS: list[HeldOut] = [
    # retest: 0.5 + 26.3 x 0.877
    HeldOut(
        ("THCA 24.1%, d9 0.5%. total THC?", "retest came back 26.3% THCA, same d9. now?"),
        0.5 + 26.3 * FACTOR,
    ),
    # 400 x 10 = 4000 mg / 0.92 = 4.3478 g
    HeldOut(
        (
            "need 400 gummies at 10 mg from 90% distillate, grams?",
            "what if it tests at 92%?",
        ),
        400 * 10 / 0.92 / 1000,
    ),
    # other unit: 1400 mg / 48 tsp = 29.167 mg/tsp
    HeldOut(
        (
            "1 cup butter, 7 g of 20% total THC flower, all of it extracted. mg per tbsp?",
            "and per teaspoon?",
        ),
        7000 * 0.20 / 48,
    ),
    # 50 mg/mL x 0.75 mL = 37.5 mg
    HeldOut(
        ("30 mL bottle, 1500 mg CBD. mg per mL?", "dropper is 0.75 mL actually. per dropper?"),
        1500 / 30 * 0.75,
    ),
    # next step: 250 - 12.5 = 237.5 mL diluent
    HeldOut(
        (
            "stock 40 mg/mL, making 250 mL at 2 mg/mL. mL of stock?",
            "and how much diluent do I add to that?",
        ),
        250 - 250 * 2 / 40,
    ),
    # (800 x 82 + 600 x 91) / 1400 = 85.857%
    HeldOut(
        (
            "blend 400 g of 82% with 600 g of 91%, potency?",
            "make that 800 g of the 82 instead",
        ),
        (800 * 82 + 600 * 91) / 1400,
    ),
    # 1500 x 0.877 x 0.88 = 1157.64 mg
    HeldOut(
        ("1,500 mg THCA - theoretical THC?", "ok and at 88% efficiency?"),
        1500 * FACTOR * 0.88,
    ),
    # next step: 2000 g x 0.123 = 246 g CO2
    HeldOut(
        (
            "decarbing 2 kg THCA, theoretical THC in grams?",
            "and how many grams leave as CO2?",
        ),
        2000 * (1 - FACTOR),
    ),
    # other unit: 55 lb x 0.45359237 = 24.948 kg
    HeldOut(
        ("220 lb wet, 75% moisture loss, dry lb?", "what's that in kilos?"),
        55 * POUND_G / 1000,
    ),
    # 1450 / 453.59237 = 3.1967 $/g
    HeldOut(
        ("$1,800 a pound, per gram?", "what about at $1,450 a pound?"),
        1450 / POUND_G,
    ),
    # next step: 46 lb x 453.59237 / (40 x 1000 W) = 0.52163 g/W
    HeldOut(
        (
            "46 lb dry on 2000 sq ft, g per sqft?",
            "that room runs 40 lights at 1000 W. per watt?",
        ),
        46 * POUND_G / 40_000,
    ),
    # other end: 10 x 1.15 = 11.5 mg
    HeldOut(
        ("10 mg label, ±15% tolerance. lowest passing result?", "and the highest?"),
        10 * 1.15,
    ),
    # 100 / 5 = 20
    HeldOut(
        ("100 mg bar, 10 mg servings, how many?", "if the serving is cut to 5 mg?"),
        100 / 5,
    ),
    # of the distillate instead of the blend: 920 x 8% = 73.6 g
    HeldOut(
        (
            "terps at 8% of the final blend, 920 g distillate. grams of terps?",
            "sorry, I meant 8% of the distillate weight, not of the blend",
        ),
        920 * 0.08,
    ),
    # 200 / 50 x 3000 = 12000 g
    HeldOut(
        ("recipe is 200 g sugar per 50 gummies, scale to 1250?", "now do 3,000 gummies"),
        200 / 50 * 3000,
    ),
    # 28 g x 21% = 5880 mg
    HeldOut(
        ("eighth of 21% flower, mg THC?", "what about a full ounce (28 g)?"),
        28 * 0.21 * 1000,
    ),
    # 20 x 8 = 160 mg
    HeldOut(
        ("20 pieces at 12 mg each, total mg in the pack?", "and with 8 mg pieces?"),
        20 * 8,
    ),
    # hemp retest: 0.04 + 0.29 x 0.877 = 0.29433%
    HeldOut(
        (
            "hemp sample: THCA 0.29%, d9 0.07%. under 0.3% total?",
            "lab reran it, d9 is 0.04 now",
        ),
        0.04 + 0.29 * FACTOR,
    ),
    # 2000 x 30 / 85 = 705.88 g
    HeldOut(
        (
            "500 g of 30% oil from 85% distillate, grams of distillate?",
            "make it 2 kg of the 30% oil",
        ),
        2000 * 30 / 85,
    ),
    # 2400 / 120 = 20 mg
    HeldOut(
        ("2,400 mg into a 96-cavity mold, per piece?", "switching to 120-cavity molds"),
        2400 / 120,
    ),
    # stated convention wins: 4 x 28.35 = 113.4 g
    HeldOut(
        ("how many grams in 4 ounces of flower?", "use 28.35 g ounces, not 28"),
        4 * 28.35,
    ),
    # 1800 / (16 x 720) = 0.15625 g/W
    HeldOut(
        (
            "1.8 kg from 16 lights at 630 W, g per watt?",
            "lights are actually 720 W each",
        ),
        1800 / (16 * 720),
    ),
    # 14 g x 18% x 70% = 1764 mg / 96 tsp (2 cups) = 18.375 mg/tsp
    HeldOut(
        (
            "1 cup coconut oil, 14 g of 18% THC flower, 70% efficiency, mg per tsp?",
            "what if I use 2 cups of oil instead?",
        ),
        14_000 * 0.18 * 0.7 / 96,
    ),
    # without the loss: 5000 / 0.875 = 5714.3 mg = 5.7143 g
    HeldOut(
        (
            "1000 pieces at 5mg, distillate 87.5%, 90% makes it into product. grams?",
            "and without any loss?",
        ),
        1000 * 5 / 0.875 / 1000,
    ),
    # 88x + 79(1000 - x) = 85000 -> 9x = 6000 -> 666.67 g
    HeldOut(
        (
            "2 kg at 88% and 3 kg at 79%, blended potency?",
            "ok, I need 1 kg at exactly 85% from those two. grams of the 88?",
        ),
        6000 / 9,
    ),
]

MISSING: list[HeldOut] = [
    # no numbers at all
    one(
        "customer asks whats the total THC on this jar, the THCA came back high - what do I say?",
        None,
    ),
    # Δ9 not given: must not default to 0
    one("THCa 22% on the COA, what's total THC?", None),
    one("hemp field tested last week, is it under 0.3?", None),
    one(
        "Edibles founder here, launching 3/1. How many mg in the package? gummies come 10 to a bag",
        None,
    ),
    one("decarb yield at 85% efficiency?", None),
    one("made 60 brownies for my sister's thing saturday, what's the dose per piece?", None),
    one("need 500 gummies at 10 mg, how much distillate?", None),
    one("servings per package with a 10 mg serving?", None),
    one("infused a cup of butter with an eighth. mg per tbsp?", None),
    one("Our tincture SKU T-118 ($39.99) has 1000 mg in it. mg per dropper?", None),
    one("Beverage base: dilute the 40 mg/mL stock to 5 mg/mL. how much stock do I pull?", None),
    one("blend 82% and 91% distillate, what's the result?", None),
    one("terps at 8%, how many grams?", None),
    one("scale the recipe to 3000 gummies, how much sugar?", None),
    one("KPI ask from ownership: yield per sq ft. we harvested 40 lb from flower room 2", None),
    one("grams per watt off room 4? it gave 12 kg", None),
    one("300 lb wet on the racks as of monday, what will it dry down to?", None),
    one("supplier texted me a pound price, whats that per gram", None),
    one("label is 10 mg, what's the low end of the window?", None),
    one("how many milligrams of THC in an eighth", None),
    one("CO2 mass lost decarbing my isolate?", None),
    one("20 mg pieces, 90% distillate, 10% loss - grams of distillate?", None),
    # impossible inputs: explained, no number
    one("THCA 112%, d9 1%. total?", None),
    one("decarb -20 g of THCA, theoretical THC?", None),
    one("distillate at 140% potency, 200 gummies at 10 mg. grams?", None),
    one("dry weight from 100 lb wet at 120% moisture loss?", None),
    one("blend 85% and 90% distillate to hit 95%, 1 kg - grams of each?", None),
    one("tincture: 600 mg in a 0 mL bottle, mg per mL?", None),
    one("dilute 10 mg/mL stock to make 100 mL at 20 mg/mL, how much stock?", None),
    one("100 mg package at 0 mg per serving, how many servings?", None),
]
