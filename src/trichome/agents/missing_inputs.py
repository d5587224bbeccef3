"""The inputs a calculation can ask for, as data: a key the caller can act on (the state's
variance rule supplies a missing "tolerance", never a missing "label_claim") and the words
the question to the user is built from.

A reader raises `ask(question, needs.LABEL_CLAIM)`; the `MissingInput` it gets carries the
key in `inputs`, and `RecognisedCalculation.missing` hands it on, so no caller has to search
the asking text for a word. Every key has its words in `WORDING`, and only keys are asked for.
"""

from __future__ import annotations

LABEL_CLAIM = "label_claim"
TOLERANCE = "tolerance"
POTENCY = "potency"
THCA = "thca"
DELTA9 = "delta9"
THCA_MASS = "thca_mass"
ACID_MASS = "acid_mass"
BLEND_AMOUNTS = "blend_amounts"
BLEND_POTENCIES = "blend_potencies"
PIECE_COUNT = "piece_count"
PIECE_DOSE = "piece_dose"
BATCH_THC = "batch_thc"
CONCENTRATE_POTENCY = "concentrate_potency"
SCALE_TARGET = "scale_target"
RECIPE = "recipe"
SCALE_SIZE = "scale_size"
HUMIDITY = "humidity"
PPFD = "ppfd"
PHOTOPERIOD = "photoperiod"
AIR_TEMPERATURE = "air_temperature"
LIGHT_HOURS = "light_hours"
FAT_VOLUME = "fat_volume"
INFUSED_MASS = "infused_mass"
INFUSED_POTENCY = "infused_potency"
MOISTURE = "moisture"
LAB_RESULT = "lab_result"
UNCERTAINTY = "uncertainty"
PACKAGE_PIECES = "package_pieces"
PIECE_THC = "piece_thc"
TARGET_CONCENTRATION = "target_concentration"
STOCK_CONCENTRATION = "stock_concentration"
START_MASS = "start_mass"
START_OR_END_AMOUNT = "start_or_end_amount"
START_CONCENTRATION = "start_concentration"
TARGET_POTENCY = "target_potency"
ITEM_POTENCY = "item_potency"
PRICED_AMOUNT = "priced_amount"
DRY_WEIGHT = "dry_weight"
WATTAGE = "wattage"
CANOPY_AREA = "canopy_area"
DRYING_LOSS = "drying_loss"
PROCESS_LOSS = "process_loss"
PRICE = "price"
SERVING_THC = "serving_thc"
PACKAGE_CAP = "package_cap"
CONTAINER_OR_SERVING_THC = "container_or_serving_thc"
TERPENE_SHARE = "terpene_share"
DISTILLATE_START = "distillate_start"
DISTILLATE_FLAVOURED = "distillate_flavoured"
TINCTURE_STOCK = "tincture_stock"
BOTTLE_SIZE = "bottle_size"
BOTTLE_THC = "bottle_thc"
DECARB_MASS = "decarb_mass"
COA_RESULTS = "coa_results"
PACKAGE_CONTENT = "package_content"
PACKAGE_THC = "package_thc"
INFUSION_INPUTS = "infusion_inputs"
TINCTURE_INPUTS = "tincture_inputs"
TERPENE_BASE = "terpene_base"
RECIPE_NOW = "recipe_now"
SERVING_INPUTS = "serving_inputs"
CONCENTRATE_INPUTS = "concentrate_inputs"
CONCENTRATE_STOCK = "concentrate_stock"
DOSE_INPUTS = "dose_inputs"
PRICE_INPUTS = "price_inputs"
WET_WEIGHT = "wet_weight"
YIELD_PER_WATT_INPUTS = "yield_per_watt_inputs"
TOLERANCE_OR_STATE = "tolerance_or_state"
COA_RESULTS_ANY_BASIS = "coa_results_any_basis"
PIECE_MASS = "piece_mass"
PRODUCT_MASS = "product_mass"
LOT_MASS = "lot_mass"
SALE_AMOUNT = "sale_amount"
PURCHASE_LIMIT = "purchase_limit"
BASKET_AMOUNTS = "basket_amounts"

# key -> how the question to the user names it
WORDING: dict[str, str] = {
    LABEL_CLAIM: "the label claim (mg or %) the window is around",
    TOLERANCE: "the variance allowed around the label (±%)",
    POTENCY: "the product's potency (% THC)",
    THCA: "the THCA value from the COA (0 if it reports none)",
    DELTA9: "the delta-9 THC result from the COA (%; 0 if it reports none)",
    THCA_MASS: "how much THCA you start with (its mass)",
    ACID_MASS: "how much of the acid (CBDA, CBGA, CBNA) or its isolate you start with (its mass)",
    BLEND_AMOUNTS: "how much of each you mix (or the potency you are aiming for)",
    BLEND_POTENCIES: "the potency of each material you mix (%)",
    PIECE_COUNT: "how many pieces you are making",
    PIECE_DOSE: "the dose you want in each piece (mg)",
    BATCH_THC: (
        "how much THC went into the batch (mg), or the mass and potency of the flower or "
        "concentrate that went in"
    ),
    CONCENTRATE_POTENCY: "the concentrate's potency (% THC on its COA)",
    SCALE_TARGET: "how many pieces (or how big a batch) you are scaling to",
    RECIPE: "the recipe's ingredients and their amounts (g, mL, cups)",
    SCALE_SIZE: "the batch size you are scaling to (pieces, or the new batch's weight)",
    HUMIDITY: "the relative humidity (%)",
    PPFD: "the PPFD at the canopy (µmol/m²/s)",
    PHOTOPERIOD: "how many hours a day the lights are on (e.g. 12/12 or 18 hours)",
    AIR_TEMPERATURE: "the room's air temperature (°C or °F)",
    LIGHT_HOURS: "how many hours a day the lights are on",
    FAT_VOLUME: "how much butter or oil it went into (cups, tbsp, sticks or mL)",
    INFUSED_MASS: "how much flower or concentrate goes in (its mass)",
    INFUSED_POTENCY: "the potency of what goes in (% THC)",
    MOISTURE: "the sample's moisture content (%) from the lab report",
    LAB_RESULT: "the lab's THC result (% dry weight)",
    UNCERTAINTY: "the measurement of uncertainty the lab reported (±%)",
    PACKAGE_PIECES: "how many pieces the package holds",
    TARGET_CONCENTRATION: "the concentration you want to end at (mg/mL or mg/g)",
    STOCK_CONCENTRATION: "the stock's concentration (mg/mL or mg/g)",
    START_MASS: "how much you start with (g)",
    START_OR_END_AMOUNT: "how much you start with, or how much you want to end with (mL or g)",
    START_CONCENTRATION: "the concentration you start from (mg/mL or mg/g)",
    TARGET_POTENCY: "the potency you want to end at (%)",
    ITEM_POTENCY: "the potency (% or mg/g) of each item given by its weight alone",
    BASKET_AMOUNTS: (
        "each amount and its kind (grams of flower, grams of concentrate, mg of THC in infused "
        "products)"
    ),
    PRICED_AMOUNT: "how much that price buys (a pound, an ounce, grams)",
    DRY_WEIGHT: "the dry harvest weight",
    WATTAGE: "the total lighting wattage",
    CANOPY_AREA: "the canopy area (sq ft)",
    DRYING_LOSS: "how much of its weight it loses in drying (%)",
    PROCESS_LOSS: "how much is lost or left in the equipment along the way (%)",
    PRICE: "the price asked for it ($)",
    SERVING_THC: "the THC per serving (mg)",
    PACKAGE_CAP: "the package cap that applies (mg of THC per package, or your state)",
    CONTAINER_OR_SERVING_THC: "the THC in the container or in one serving (mg)",
    TERPENE_SHARE: "the terpene percentage you want (% w/w)",
    DISTILLATE_START: "how much distillate you start with (g)",
    DISTILLATE_FLAVOURED: "how much distillate you are flavouring (g)",
    TINCTURE_STOCK: "the strength of your stock (mg/mL)",
    BOTTLE_SIZE: "the bottle's size (mL)",
    BOTTLE_THC: "the THC in the bottle (mg)",
    DECARB_MASS: "how much THCA you decarboxylate (mg or g)",
    COA_RESULTS: "the THCA and delta-9 THC results from the COA (%)",
    PACKAGE_CONTENT: "the THC per piece (mg), or the package's potency and weight",
    PACKAGE_THC: "the THC in the package (mg)",
    INFUSION_INPUTS: (
        "how much flower or concentrate goes in (g), its potency (% THC) and how "
        "much butter or oil (cups, sticks or mL)"
    ),
    TINCTURE_INPUTS: "the THC in the bottle (mg) and the bottle's size (mL)",
    TERPENE_BASE: "how much distillate the terpenes go into (g)",
    RECIPE_NOW: "the recipe's ingredients and amounts, and how many pieces it makes now",
    SERVING_INPUTS: "the THC in the package (mg) and the THC per serving (mg)",
    CONCENTRATE_INPUTS: "the THC per piece (mg) and the concentrate's potency (%)",
    CONCENTRATE_STOCK: "how much concentrate you have (g) and its potency (% THC on its COA)",
    DOSE_INPUTS: (
        "the THC going into the batch (mg, or grams of concentrate and its potency) and "
        "the number of pieces"
    ),
    PRICE_INPUTS: "the price and how much it buys (a pound, an ounce, grams)",
    WET_WEIGHT: "the wet weight (and the share lost in drying)",
    YIELD_PER_WATT_INPUTS: "the harvest's dry weight and the light's wattage",
    PIECE_MASS: "how much one of them weighs (g)",
    LOT_MASS: "how much of the lot you are adding to you have (g or kg)",
    SALE_AMOUNT: "the amount of the sale before tax ($)",
    PIECE_THC: "the THC in each of them (mg)",
    PRODUCT_MASS: "how much the product weighs (g; a cart's fill, a jar's contents)",
    PURCHASE_LIMIT: "the purchase limit that applies (grams of flower, or the state you sell in)",
    COA_RESULTS_ANY_BASIS: "the THCA and delta-9 THC results from the COA (% or mg/g)",
    TOLERANCE_OR_STATE: (
        "the variance allowed around the label (±%), or the state whose rule sets it"
    ),
}
# What a state's sourced rule can give when the user does not (the variance around a label)
FROM_STATE_RULE = frozenset({TOLERANCE, TOLERANCE_OR_STATE})

# key -> how a bare number given in reply to the question is written, "{}" the number: asked
# for the price, "240" is $240; asked for the concentrate's potency, "85" is 85%.
REPLY_UNITS: dict[str, str] = {
    PRICE: "${}",
    SALE_AMOUNT: "${}",
    LOT_MASS: "{} g",
    POTENCY: "{}%",
    CONCENTRATE_POTENCY: "{}%",
    INFUSED_POTENCY: "{}%",
    TARGET_POTENCY: "{}%",
    ITEM_POTENCY: "{}%",
    THCA: "THCA {}%",
    DELTA9: "delta-9 THC {}%",
}


def wording(key: str) -> str:
    """How the question to the user names an input.

    Raises:
        KeyError: an input no reader may ask for (a key missing from `WORDING`).
    """
    return WORDING[key]
