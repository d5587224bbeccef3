"""A small forum of hand-written threads, and a knowledge base over it on the test database."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from typing import Any

import orjson
import pytest

from tests.conftest import reconfigured
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.forum.service import ForumKnowledgeBase

FORUM = "https://forum.test.example"


def thread(
    topic: int, title: str, category: str, *posts: tuple[str, str], tags: tuple[str, ...] = ()
) -> dict[str, Any]:
    """A thread in the JSONL shape; posts are (author, text), a day apart."""
    slug = "-".join("".join(c for c in word if c.isalnum()) for word in title.lower().split())
    return {
        "id": topic,
        "title": title,
        "slug": slug,
        "url": f"{FORUM}/t/{slug}/{topic}",
        "category": category,
        "tags": list(tags),
        "views": 100 + topic,
        "posts": [
            {
                "id": topic * 100 + number,
                "post_number": number,
                "author": author,
                "created_at": f"2025-0{1 + topic % 9}-{10 + number:02d}T12:00:00Z",
                "content": text,
            }
            for number, (author, text) in enumerate(posts, start=1)
        ],
    }


THREADS = [
    thread(
        1,
        "Winterization filter clogging at -40C",
        "Extraction",
        (
            "coldtrapcarl",
            "My winterization runs keep clogging the filter after a liter. "
            "I dissolve crude in ethanol at 10:1 and freeze it at -40C for 48 hours.",
        ),
        (
            "qa_mireille",
            "Your filter is blinding because the fats are too fine. Let the "
            "solution sit undisturbed so the waxes settle, then decant the top before filtering.",
        ),
        (
            "hashhound",
            "Add a layer of diatomaceous earth on the paper. The filter cake stays "
            "porous and the clogging stops.",
        ),
        tags=("winterization", "ethanol"),
    ),
    thread(
        2,
        "Dark period before harvest: worth it?",
        "Cultivation",
        (
            "growdad_mt",
            "Does 48 hours of darkness before harvest raise trichome production? "
            "I see it recommended everywhere.",
        ),
        (
            "terp_farmer_ok",
            "No controlled trial has shown higher potency from a pre-harvest "
            "dark period. It costs you two days of a room.",
        ),
        (
            "growdad_mt",
            "Ran a split room this cycle: identical potency on the COA, so I'm dropping it.",
        ),
    ),
    thread(
        3,
        "Water activity limits for cured flower",
        "Testing and Analytics",
        (
            "qa_mireille",
            "What water activity do labs accept for cured flower? Ours read 0.68 aw and failed.",
        ),
        (
            "lab_lorenzo",
            "Most programs cap water activity at 0.65 aw for flower. Cure longer "
            "in a 58 to 62 percent room and retest.",
        ),
        ("qa_mireille", "Retested at 0.61 aw after ten more days and it passed."),
    ),
    thread(
        4,
        "Rosin press plate temperature for fresh frozen hash",
        "Extraction",
        (
            "hashhound",
            "Pressing 90 micron fresh frozen hash: what plate temperature keeps "
            "the terpenes? I run 190F.",
        ),
        (
            "rosin_rachel",
            "Go cold: 160 to 170F on the plates for hash, slow pressure ramp. "
            "Yield drops a point but the terpene nose stays.",
        ),
        ("hashhound", "Cold pressed at 165F and the jar smells like the live plant. Thanks."),
    ),
    thread(
        5,
        "Metrc package adjustment reasons for drying loss",
        "Compliance",
        (
            "compliance_kay",
            "Which adjustment reason do you use in Metrc when flower loses weight while drying?",
        ),
        (
            "metrc_mo",
            "Use the drying adjustment reason with a note of the scale reading. "
            "Record it the day you weigh, not at the end of the month.",
        ),
        (
            "compliance_kay",
            "Our inspector wanted the scale's calibration log too, so keep it "
            "next to the adjustment.",
        ),
    ),
    thread(
        6,
        "Pricing wholesale flower by the pound in a falling market",
        "Business",
        (
            "bizbud",
            "Wholesale prices dropped forty percent this year. How are you pricing "
            "indoor flower by the pound?",
        ),
        (
            "dispo_dana",
            "We price by test result and bag appeal tier, with net 30 terms only "
            "for stores that paid on time.",
        ),
        ("bizbud", "Tiering by bag appeal moved our small buds at last."),
    ),
    thread(
        7,
        "Café résumé: crème brûlée terpenes in a vape cartridge",
        "Extraction",
        (
            "terp_tess",
            "Naïve question from a café owner: can crème brûlée terpenes go in a cartridge?",
        ),
        (
            "lab_lorenzo",
            "Only food-grade botanical terpenes tested for heavy metals; keep "
            "added terpenes under ten percent of the oil.",
        ),
        ("terp_tess", "Understood, we will stay under ten percent."),
    ),
]


def jsonl(threads: list[dict[str, Any]]) -> io.BytesIO:
    """Threads as a JSON Lines stream."""
    return io.BytesIO(b"".join(orjson.dumps(t) + b"\n" for t in threads))


@pytest.fixture
def kb_settings(settings: Settings) -> Settings:
    """The test's settings without the sample corpus."""
    return reconfigured(settings, kb_sample=False)


@pytest.fixture
async def forum(kb_settings: Settings) -> AsyncIterator[ForumKnowledgeBase]:
    """A knowledge base holding THREADS, indexed."""
    engine = create_engine(kb_settings)
    knowledge = ForumKnowledgeBase(kb_settings, create_sessionmaker(engine))
    try:
        report = await knowledge.import_jsonl(jsonl(THREADS))
        assert report.saved.created == len(THREADS)
        yield knowledge
    finally:
        await engine.dispose()
