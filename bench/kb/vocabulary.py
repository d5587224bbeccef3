"""The words the synthetic forum is made of: six categories' terms, shared trade terms, and
the common English that fills real posts (and makes term frequencies Zipf-like)."""

from __future__ import annotations


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# Category -> (its terms, its tags). Terms are written as posters write them.
CATEGORIES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "Extraction": (
        _words(
            "butane propane hydrocarbon bho live resin rosin press ethanol co2 supercritical "
            "subcritical winterization dewax filtration decarb distillate distillation "
            "wiped-film short-path fractions terpenes isolate crystallization diamonds sauce "
            "badder shatter budder wax crude solvent recovery purge vacuum oven fresh-frozen "
            "trim biomass yield column passive closed-loop dewaxing chromatography remediation "
            "cold-cure jar-tech microns bags bubble hash ice-water sieve grade kief sift "
            "solventless heads tails mainbody boiling-point viscosity nucleation"
        ),
        ("hydrocarbon", "rosin", "distillate", "live-resin", "ethanol", "co2", "solventless"),
    ),
    "Cultivation": (
        _words(
            "vpd humidity canopy led hps ppfd dli photoperiod flower veg clone clones mother "
            "cultivar phenotype pheno coco rockwool soil living no-till runoff ec ph "
            "irrigation dryback fertigation nutrients nitrogen calcium magnesium potassium "
            "deficiency lockout topping defoliation lollipop scrog trellis stretch harvest "
            "trichomes amber cloudy dry cure curing water-activity mold mildew botrytis "
            "thrips mites aphids gnats ipm greenhouse outdoor light-dep tissue-culture "
            "propagation rooting dome cloner hermaphrodite nanners pollen seeds germination"
        ),
        ("vpd", "irrigation", "ipm", "harvest", "propagation", "lighting", "nutrients"),
    ),
    "Testing and Analytics": (
        _words(
            "potency hplc gc-fid gc-ms lc-ms thca thc cbd cbda cbg cbn delta-8 delta-9 "
            "terpene-profile microbial yeast aspergillus salmonella e-coli pesticides "
            "residual-solvents heavy-metals lead arsenic cadmium mercury mycotoxins "
            "aflatoxin ochratoxin moisture homogeneity sampling lot coa certificate "
            "accreditation iso-17025 proficiency calibration standards method validation "
            "lod loq recovery spike matrix chromatogram retention peak inlet injector "
            "variance retest failed pass-fail reference lab-shopping"
        ),
        ("potency", "hplc", "microbial", "pesticides", "coa", "heavy-metals", "sampling"),
    ),
    "Equipment": (
        _words(
            "extractor chiller recirculating pump compressor recovery-pump rotovap "
            "rotary-evaporator condenser cold-trap dry-ice jacket spool gasket tri-clamp "
            "ptfe viton stainless valve manifold regulator gauge sensor thermocouple "
            "controller plc booth c1d1 ventilation exhaust scrubber lights ballast driver "
            "dehumidifier hvac mini-split fan blower trimmer bucker freeze-dryer "
            "vacuum-oven press-plates heat-plates rosin-bags filter-press centrifuge "
            "reactor mantle stir-bar glassware maintenance warranty lead-time vendor"
        ),
        ("closed-loop", "hvac", "freeze-dryer", "chiller", "c1d1", "maintenance", "vendors"),
    ),
    "Compliance and Regulation": (
        _words(
            "metrc track-and-trace manifest transfer package tag uid plant-tag waste "
            "destruction inventory reconciliation audit inspection regulator license "
            "licensing renewal sop sops recall labeling packaging child-resistant "
            "serving milligram edibles tincture vape cartridge hemp farm-bill "
            "interstate osha fire-marshal permit zoning setback security cameras "
            "surveillance badge visitor-log reporting deadline violation fine "
            "corrective-action variance adjustment quarantine hold destruction-log"
        ),
        ("metrc", "labeling", "audit", "licensing", "packaging", "waste", "recall"),
    ),
    "Business": (
        _words(
            "280e cogs taxes excise accounting bookkeeping cpa payroll wholesale retail "
            "dispensary pricing margin margins cash banking payment processor investors "
            "valuation acquisition merger lease rent insurance hiring turnover wages "
            "budget forecast revenue profit loss sku menu distribution distributor "
            "white-label co-packing brand branding marketing loyalty discount promotion "
            "vertical-integration toll-processing contracts net-terms collections "
            "bankruptcy receivership capex opex roi breakeven"
        ),
        ("280e", "taxes", "pricing", "wholesale", "banking", "hiring", "cogs"),
    ),
}

# Terms every category's posters use.
SHARED: tuple[str, ...] = _words(
    "cannabis flower product products batch batches lab labs state license facility "
    "room rooms strain strains quality cost costs price pounds lb grams gram percent "
    "temperature temp pressure time hours days weeks week month run runs process "
    "issue problem results numbers data setup system team operator customers market "
    "test testing equipment compliance extraction cultivation grow grower growers "
    "oil concentrate concentrates terps aroma flavor color consistency shelf-life "
    "storage smell jars packaging sop"
)

# Numbers and measurements as they appear in posts.
NUMERIC: tuple[str, ...] = _words(
    "70/30 60/40 4.5% 25c 50% 1.2 kpa 120f 190f 10 lb 20 lb 5 gallon 30 days 48 hours "
    "0.62 aw 1200 ppfd 800 ppm 3% 15% 0.3% 90 microns 2x 3x"
)

# Common English, most frequent first (what real forum posts are mostly made of).
FILLER: tuple[str, ...] = _words(
    "the to and a i of it is in that we for you on with this was but have my at "
    "be not are so if just or as do they our what from can get out one about up "
    "when there all would like been any more it's i'm much had some run then also "
    "than them too really only if no think know after before still over even "
    "because new first well way same which what's got did try tried use used "
    "using any other time make sure going need should could good better best "
    "thing things lot little around through again since into most every back "
    "pretty never always usually maybe actually seems seem found find look "
    "looking want went ended started"
)

# Question openings for titles and first posts.
OPENERS: tuple[str, ...] = (
    "how do you",
    "anyone running",
    "best way to",
    "help with",
    "question about",
    "what is the right",
    "is it worth",
    "advice on",
    "problems with",
    "experience with",
    "tips for",
    "should we switch",
)
CLOSERS: tuple[str, ...] = (
    "any advice?",
    "what am I missing?",
    "thanks in advance.",
    "has anyone seen this?",
    "curious what others do.",
    "open to ideas.",
)

USERNAME_PARTS: tuple[tuple[str, ...], tuple[str, ...]] = (
    _words(
        "terp bho rosin hash lab grow cure trim dab resin kief canopy coco soil vpd ppm "
        "extract press cold trap green leaf bud flower root dry lux"
    ),
    _words(
        "farmer wizard tech guy gal chemist boss nerd lord queen king doc kid pro "
        "runner master hound monk pilot smith hand maker queenie"
    ),
)
