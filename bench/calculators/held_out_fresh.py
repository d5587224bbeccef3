"""A fresh held-out set, written without sight of the calculators, their tests or the other sets.

Questions as operators, budtenders, extraction techs, formulators, growers and home cooks
write them: typos, slang, glued units, decimal commas, pasted COA rows, stories and chains.
Every expected value is worked out beside its case from issue 20's conventions: total =
neutral + 0.877 x acid; the trade ounce is 28 g and an eighth 3.5 g; US kitchen measures
(1 cup = 16 tbsp = 48 tsp = 236.59 mL); a dropper holds 1 mL unless the question says
otherwise; a process loss of L% means what goes in is divided by (1 - L). Where a question
could be read two ways it names the reading (which pound, % of what, which bound).
"""

from __future__ import annotations

from bench.calculators.held_out import CUP_ML, FACTOR, POUND_G, HeldOut, one

TBSP_ML = CUP_ML / 16
OUNCE_G = 28.349523125  # avoirdupois, only where a question asks for it


ANSWERABLE: list[HeldOut] = [
    # total THC / CBD from % or mg/g, and hemp verdicts (expected: the total, in %)
    one(
        "coa just came in for the blue dream, thca 24.5% and d9 .6%, whats total thc",
        0.6 + 24.5 * FACTOR,
    ),  # 22.0865
    one(
        "Δ9-THC 1.12 % | THCa 19.8 % -- what's the total THC on this one?", 1.12 + 19.8 * FACTOR
    ),  # 18.4846
    one(
        "Analyte  LOD(%)  LOQ(%)  Result(%)  Result(mg/g)\nTHCa  0.02  0.06  26.44  264.4\n"
        "Δ9-THC  0.02  0.06  0.71  7.1\nCBDa  0.02  0.06  ND  ND\nCBG  0.02  0.06  0.88  8.8\n"
        "lab left the Total THC row blank, can you work it out",
        0.71 + 26.44 * FACTOR,
    ),  # 23.898
    one(
        "label says THCA 212 mg/g and delta9 8.5 mg/g. what's that as a total THC percent?",
        (8.5 + 212 * FACTOR) / 10,
    ),  # 19.442 %
    one(
        "lab in amsterdam sent results: THCA 18,4% and d9-THC 0,9%. total thc?", 0.9 + 18.4 * FACTOR
    ),  # 17.037
    one(
        "hemp flower tested CBDa 14.2%, CBD 0.6%. what's the total CBD %", 0.6 + 14.2 * FACTOR
    ),  # 13.053
    one(
        "CBD-A 98 mg/g plus CBD 4 mg/g on the cert. total cbd in mg/g?", 4 + 98 * FACTOR
    ),  # 89.946 mg/g
    one(
        "pre-harvest test on our hemp: delta-9 0.08%, THCA 0.27%. do we pass the 0.3% total "
        "thc limit?",
        0.08 + 0.27 * FACTOR,
    ),  # 0.3168 %, over the limit
    one(
        "farm bill question - d9 THC 0.05, THC-A 0.22 (both %). are we under 0.3 total?",
        0.05 + 0.22 * FACTOR,
    ),  # 0.2429 %, compliant
    one(
        "so we drove three hours to drop samples at the lab and of course the printer at the "
        "office jammed, but the report finally says THCa 21.7% and delta 9 at 0.45%. boss "
        "wants the total thc before the 2pm call",
        0.45 + 21.7 * FACTOR,
    ),  # 19.481
    one("thca 30.1%, d9 ND. total?", 30.1 * FACTOR),  # 26.398 (ND: not detected)
    one(
        "twenty-two percent THCA and one and a half percent delta 9, total thc?", 1.5 + 22 * FACTOR
    ),  # 20.794
    one("total cbd for CBDa 11.3% and CBD 0.41%?", 0.41 + 11.3 * FACTOR),  # 10.320
    one(
        "Sample ID 4471-B | Matrix: Flower | THCA 17.95% | Δ9-THC 0.38% | CBD 0.05% | "
        "Moisture 11.2% -- need total THC for the label",
        0.38 + 17.95 * FACTOR,
    ),  # 16.122
    # THC in a package at a potency (mg)
    one("how much thc is in a 1g cart thats 87% thc", 870.0),  # 1000 x 0.87
    one("half gram vape at 91.5% THC, how many mg in it?", 457.5),  # 500 x 0.915
    one("eighth of 26% total THC flower, how many mg of THC in the bag", 3.5 * 1000 * 0.26),  # 910
    one("2 gram jar of badder, 78,5% THC. mg of THC in the jar?", 2000 * 0.785),  # 1570
    one("a zip (28g) of 22% total thc bud, how many mg thc is that", 28000 * 0.22),  # 6160
    one("preroll is 1.2g at 31% total THC how many milligrams of thc", 1200 * 0.31),  # 372
    # decarboxylation: theoretical, at an efficiency, mass loss
    one(
        "if I decarb 2.5 g of THCA isolate how much THC do I get in theory, in mg", 2500 * FACTOR
    ),  # 2192.5 mg
    one(
        "500mg THCA crystalline, decarb runs at about 90% efficiency. how many mg thc?",
        500 * FACTOR * 0.9,
    ),  # 394.65 mg
    one(
        "how much weight do I lose decarbing 10 g of THCA diamonds? theoretical CO2 loss, in grams",
        10 * (1 - FACTOR),
    ),  # 1.23 g
    one(
        "decarbing 14g of flower that tests 24% THCA, how many mg of THC after decarb if it "
        "fully converts",
        14000 * 0.24 * FACTOR,
    ),  # 2946.72 mg
    one(
        "7 grams of 18% THCA flower, 85% decarb efficiency, mg thc after decarb?",
        7000 * 0.18 * FACTOR * 0.85,
    ),  # 939.27 mg
    one("decarbing 250 g of CBDA isolate. theoretical CBD out, in grams?", 250 * FACTOR),  # 219.25
    one(
        "mass loss from decarbing 40 grams of pure THCA, in mg please", 40000 * (1 - FACTOR)
    ),  # 4920 mg
    # dose per piece (mg)
    one("made a batch of 60 gummies with 600mg total, how much per gummy", 10.0),  # 600 / 60
    one("tray of brownies has 1200 mg THC cut into 16 squares, mg per square?", 75.0),  # 1200/16
    one("100mg chocolate bar w/ 20 pieces, whats each piece", 5.0),  # 100 / 20
    one(
        "two hundred forty milligrams spread across forty-eight mints. how much per mint?", 5.0
    ),  # 240 / 48
    one("batch has 3.2 g of THC in it and we cut 400 chews. mg per chew?", 8.0),  # 3200 / 400
    # concentrate needed for N pieces (grams unless the question asks mg)
    one(
        "need 500 gummies at 10mg, distillate is 92%, how many grams distillate",
        500 * 10 / 0.92 / 1000,
    ),  # 5.4348 g
    one(
        "1000 gummies @ 5 mg each, distillate tests 88.5%, we lose about 10% of what goes in "
        "to the process. grams of distillate to add?",
        1000 * 5 / 0.885 / 0.9 / 1000,
    ),  # 6.2775 g
    one(
        "how much rosin do i need for 24 cookies at 20mg each if my rosin is 70%? in mg",
        24 * 20 / 0.70,
    ),  # 685.71 mg
    one(
        "run of 2,500 chocolates at 2.5mg each, THC distillate at 95%, and 5% of what we add "
        "is lost to the molds. how many grams of distillate",
        2500 * 2.5 / 0.95 / 0.95 / 1000,
    ),  # 6.9252 g
    one(
        "batch of 200 gummies @ 50 mg, distillate 89%, no loss. grams needed?",
        200 * 50 / 0.89 / 1000,
    ),  # 11.236 g
    # servings per package
    one("how many 5mg servings in a 100mg package", 20.0),  # 100 / 5
    one("1000mg tincture bottle and I take 25 mg a dose, how many doses do i get", 40.0),
    one("our 50 mg gummy tin, 2.5 mg microdoses -- how many servings?", 20.0),  # 50 / 2.5
    one("package holds 350 mg CBD and a serving is 35 mg. servings per package?", 10.0),
    # infusion with kitchen measures (mg per measure)
    one("infusing 1 cup butter with 2000 mg thc, mg per tsp?", 2000 / 48),  # 41.667
    one(
        "3.5 g of 20% total THC flower into half a cup of coconut oil, how many mg per tbsp",
        3500 * 0.20 / 8,
    ),  # 87.5
    one(
        "7g of 22% THCA bud, decarbed (assume full conversion) and infused into 1 cup of "
        "butter. mg per tablespoon?",
        7000 * 0.22 * FACTOR / 16,
    ),  # 84.411
    one(
        "half oz (14 g) of flower at 18% THCA into 2 cups of oil, figure 80% overall "
        "efficiency for decarb + infusion. mg per teaspoon?",
        14000 * 0.18 * FACTOR * 0.8 / 96,
    ),  # 18.417
    one("1 gram of 90% distillate stirred into 1/4 cup of olive oil, mg per tsp", 900 / 12),  # 75
    one(
        "made cannabutter with 1000 mg THC in 250 mL of butter, mg per (US) tablespoon?",
        1000 / 250 * TBSP_ML,
    ),  # 59.147
    one("infused 2 cups of oil with 1,500mg, whats the mg per mL", 1500 / (2 * CUP_ML)),  # 3.170
    # tinctures (mg/mL, mg per dropper)
    one("30ml bottle with 1500mg cbd, mg per ml?", 50.0),  # 1500 / 30
    one("30 mL dropper bottle with 600 mg THC, how much per 1 mL dropper", 20.0),  # 600 / 30
    one(
        "tincture: 2000mg in 60ml, the dropper holds 0.5 ml. mg per dropper?", 2000 / 60 * 0.5
    ),  # 16.667
    one(
        "fifteen hundred milligrams in a 1 fl oz (29.57 mL) bottle, how many mg per 1 mL dropper?",
        1500 / 29.57,
    ),  # 50.727
    one("mg/ml of a 1000 mg CBD 15ml tincture?", 1000 / 15),  # 66.667
    one(
        "my tincture is 300mg in 30mL, the dropper is 1mL and i take 1.5 droppers. how many "
        "mg is that",
        300 / 30 * 1.5,
    ),  # 15
    # dilution C1V1 = C2V2 (volume of stock unless asked otherwise)
    one("have 100 mg/ml stock and want 60 ml at 25mg/ml, how many ml of stock", 25 * 60 / 100),
    one(
        "diluting: C1 = 40 mg/mL, target 5 mg/mL, final volume 250 mL. volume of C1?", 5 * 250 / 40
    ),  # 31.25 mL
    one(
        "I've got a 1000mg/30ml tincture and want to cut it to 10 mg/ml, 100ml total. how "
        "many ml of the strong one",
        10 * 100 / (1000 / 30),
    ),  # 30 mL
    one(
        "dilute 85% distillate with MCT to end up with 200 g at 20%. grams of distillate?",
        200 * 20 / 85,
    ),  # 47.059 g
    one(
        "stock is 20 mg/mL and I need 500 mL at 2 mg/mL. how much carrier oil do I add?",
        500 - 2 * 500 / 20,
    ),  # 450 mL
    # blending two potencies (%, or grams of one part to reach a target)
    one(
        "mixing 300g of 82% distillate with 700g of 91%, final %?", (300 * 82 + 700 * 91) / 1000
    ),  # 88.3
    one(
        "blend 1.5 kg at 65% with 500 g at 88%, what potency do I end up with",
        (1500 * 65 + 500 * 88) / 2000,
    ),  # 70.75
    one(
        "I have 90% and 70% distillate and want 1 kg at 84%. how many g of the 90%?",
        1000 * (84 - 70) / (90 - 70),
    ),  # 700 g
    one(
        "two batches of rosin, 45 g @ 72,5% and 30 g @ 66%. combined potency?",
        (45 * 72.5 + 30 * 66) / 75,
    ),  # 69.9
    one(
        "need 500g at 80 percent from 95% and 60% stock. how many grams of the 60?",
        500 * (95 - 80) / (95 - 60),
    ),  # 214.29 g
    # terpene reintroduction (grams of terpenes)
    one(
        "adding terps to 950 g distillate so terps are 8% of the final blend, how many g of terps",
        950 * 0.08 / 0.92,
    ),  # 82.609 g
    one(
        "want terpenes at 5% of the distillate weight, I have 400g distillate. grams of terps",
        400 * 0.05,
    ),  # 20 g
    one(
        "terp reintro for carts: terps 10% w/w of the total fill, 90 g of distillate. how "
        "much terp?",
        90 * 0.10 / 0.90,
    ),  # 10 g
    one("12% terpenes by weight of the distillate, for 250g distillate", 250 * 0.12),  # 30 g
    one(
        "how much terp blend do i add to 1.2 kg of distillate to get 6% of the finished mix, "
        "in grams",
        1200 * 0.06 / 0.94,
    ),  # 76.596 g
    # batch scaling
    one(
        "recipe makes 48 gummies with 2.4 g distillate, scaling to 500 gummies, how much "
        "distillate",
        2.4 * 500 / 48,
    ),  # 25 g
    one("our 10 L batch uses 340 g sugar, scaling to 25 L, how much sugar", 340 * 25 / 10),
    one(
        "a 60 piece batch needs 1.8g of distillate; making 450 pieces, grams of distillate?",
        1.8 * 450 / 60,
    ),  # 13.5 g
    one(
        "scaling 2 tbsp of canna oil from a 12-cookie recipe up to 30 cookies, how many tbsp",
        2 * 30 / 12,
    ),  # 5 tbsp
    # unit conversions
    one("how many grams in a QP (trade ounces, 28 g)", 4 * 28.0),  # 112 g
    one("how many eighths in an ounce (28g)", 28 / 3.5),  # 8
    one("3 zips to grams, 28 g each", 3 * 28.0),  # 84 g
    one(
        "how many eighths in a half pound, counting a pound as 16 trade ounces of 28 g",
        8 * 28 / 3.5,
    ),  # 64
    one("convert 2.5 lb to grams", 2.5 * POUND_G),  # 1133.98 g
    one("how many grams is a half oz using the real 28.35 g ounce", 0.5 * OUNCE_G),  # 14.175
    one("1 kilo is how many avoirdupois ounces (28.35 g)?", 1000 / OUNCE_G),  # 35.274
    one("how many teaspoons in 3/4 cup", 0.75 * 48),  # 36
    one("250 mL of oil in US cups?", 250 / CUP_ML),  # 1.0567
    # yield per square foot and per watt
    one(
        "pulled 14 lbs dry off 600 square feet of canopy. grams per sq ft?", 14 * POUND_G / 600
    ),  # 10.584
    one("8 x 1000W DE lights, harvested 9.5 lb dry. g/W?", 9.5 * POUND_G / 8000),  # 0.5386
    one("room is 20x40 ft of canopy and we got 4,2 kg dry, g per square foot", 4200 / 800),
    one("2.1 kg off 4 x 650 W LEDs, grams per watt", 2100 / 2600),  # 0.8077
    one("got two and a half pounds under a 1200 watt setup, gpw?", 2.5 * POUND_G / 1200),
    # dry weight from wet at a moisture loss
    one("250 lb wet, expecting 75% moisture loss, dry weight?", 250 * 0.25),  # 62.5 lb
    one("hung 18 kg wet, it loses 78% of its weight drying, how many kg dry", 18 * 0.22),
    one(
        "if we lose 80 percent of the wet weight in the dry room, 1,100 g wet gives how much dry",
        1100 * 0.20,
    ),  # 220 g
    # price per gram from a pound price
    one("paying $1,800 a pound (453.6 g), price per gram?", 1800 / POUND_G),  # 3.968
    one("lbs going for 2k, whats that per gram? use 448 g (16 zips x 28)", 2000 / 448),  # 4.464
    one("wholesale is 1100 per pound, cost per gram with a 453.59 g lb", 1100 / POUND_G),
    # potency-variance window from a label claim (the bound asked for)
    one("label says 10 mg per gummy, state allows ±10%, lowest passing result?", 9.0),
    one(
        "claim is 100 mg per package, 15% variance allowed, highest it can test and pass", 115.0
    ),  # 100 x 1.15
    one("labeled 5mg, +/- 20% tolerance, what's the low end of the window", 4.0),  # 5 x 0.8
    one("cart labelled 85% THC, lab variance ±10% relative, upper limit?", 85 * 1.10),  # 93.5
    # chains of two or three steps
    one("bought 1 g of 80% distillate, making 40 gummies, mg per gummy", 800 / 40),  # 20
    one(
        "half oz of 20% THCA flower, decarb 100%, split into 28 brownies. mg per brownie?",
        14000 * 0.20 * FACTOR / 28,
    ),  # 87.7
    one("30 mL tincture made with 0.5 g of 90% distillate, mg per mL", 500 * 0.9 / 30),  # 15
    one(
        "1 cup canna oil made from 10 g of 15% total THC flower; the recipe uses 2 tbsp for "
        "24 cookies. mg per cookie?",
        10000 * 0.15 / 16 * 2 / 24,
    ),  # 7.8125
    one("how many 10mg servings from an eighth of 20% total THC flower?", 3500 * 0.20 / 10),  # 70
    one("price per eighth if a pound is $1,600, counting a 448 g pound", 1600 / 448 * 3.5),
]

FOLLOW_UPS: list[HeldOut] = [
    HeldOut(
        ("thca 25%, d9 0.5%, total thc?", "what if the THCA comes back at 28% instead"),
        0.5 + 28 * FACTOR,
    ),  # 25.056
    HeldOut(
        ("need 300 gummies at 10mg with 90% distillate, grams?", "what if it tests at 92%?"),
        300 * 10 / 0.92 / 1000,
    ),  # 3.2609 g
    HeldOut(
        ("1000mg in a 30 mL tincture, mg per ml?", "and if I make it a 60 ml bottle?"), 1000 / 60
    ),  # 16.667
    HeldOut(
        (
            "mix 200 g of 85% with 300 g of 92%, what potency?",
            "ok and if it's 400 g of the 92 instead",
        ),
        (200 * 85 + 400 * 92) / 600,
    ),  # 89.667
    HeldOut(
        ("2000 mg THC into 1 cup butter, mg per tbsp?", "what about per teaspoon"), 2000 / 48
    ),  # 41.667
    HeldOut(
        ("pulled 6 lb off 300 sq ft, g per sq ft?", "and if the canopy was really 250 sq ft"),
        6 * POUND_G / 250,
    ),  # 10.886
    HeldOut(
        ("50 mg/ml stock, need 40ml at 10 mg/ml, how much stock", "what if I need 100 mL instead"),
        10 * 100 / 50,
    ),  # 20 mL
    HeldOut(("300 lb wet at 75% moisture loss, dry weight?", "and at 80%?"), 300 * 0.20),  # 60
    HeldOut(
        (
            "hemp test: d9 0.06%, THCA 0.24%. total thc and are we compliant?",
            "retest came back THCA 0.31%, same d9",
        ),
        0.06 + 0.31 * FACTOR,
    ),  # 0.3319
    HeldOut(
        (
            "adding terps at 7% of the final blend to 500 g distillate, how much terps",
            "what if it's 7% of the distillate weight instead",
        ),
        500 * 0.07,
    ),  # 35 g
    HeldOut(
        ("decarb 5 g THCA isolate, mg THC theoretical?", "at 88% efficiency?"), 5000 * FACTOR * 0.88
    ),  # 3858.8 mg
    HeldOut(("10 mg label claim, ±10%, lowest passing?", "and the highest?"), 11.0),
    HeldOut(("100mg package, 5mg servings, how many?", "what if the serving is 2.5 mg"), 40.0),
]

MISSING: list[HeldOut] = [
    one("how much thc is in a 1g cart?", None),  # no potency
    one("need gummies at 10mg each using 90% distillate, how many grams of distillate?", None),
    one("tincture has 1000mg cbd, how many mg per dropper?", None),  # no bottle volume
    one("flower tests 22% THCA, how many mg THC after decarb?", None),  # no flower mass
    one("thca 120% and d9 1%, total?", None),  # impossible: over 100%
    one("decarbing -5 g of THCA, theoretical THC?", None),  # impossible: negative mass
    one("infused a cup of butter, mg per tbsp?", None),  # no THC amount
    one("want 500 mL at 5 mg/mL from my stock, how much stock do i use", None),  # no C1
    one("mixing 300 g of 82% distillate with some 91%, final potency?", None),  # no second mass
    one("adding terps to my distillate at 8% of the final blend, how many grams", None),
    one("scale our gummy recipe to 500 pieces, how much distillate?", None),  # no base recipe
    one("how many grams per sq ft did we get off 600 sq ft?", None),  # no yield
    one("got 9 lb off our room, grams per watt?", None),  # no wattage
    one("wet weight 250 lb, how much dry will I end up with?", None),  # no moisture loss
    one("guy wants to sell me a pound, what's that per gram?", None),  # no price
    one("what's the potency window for our gummies at ±10%?", None),  # no label claim
    one("mg per gummy? the batch has 40 gummies", None),  # no total mg
    one("how many servings in a 100mg package?", None),  # no serving size
    one("cart is 110% THC lol, mg in a 1g cart?", None),  # impossible potency
    one("blend 200 g of 85% and 300 g of 92% to hit 95%, how much of each?", None),  # unreachable
    one("moisture loss 120% on 100 lb wet, dry weight?", None),  # impossible loss
    one("how much distillate for 200 gummies at 10 mg each?", None),  # no potency
    one("infusing 7 g of flower into a cup of butter, mg per tsp?", None),  # no potency
    one("how many mg THC in 3.5g of flower", None),  # no potency
    one("dilute my 100 mg/mL stock down to 20 mg/mL, how many mL of stock?", None),  # no volume
    one("-3 g of 90% distillate for 30 gummies, mg per gummy?", None),  # negative mass
    one("tincture is 30 mL and the dropper is 1 mL, how many mg per dropper?", None),  # no mg
]
