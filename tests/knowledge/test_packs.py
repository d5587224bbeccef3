from datetime import date
from pathlib import Path

import pytest

from trichome.agents.registry import AGENTS
from trichome.knowledge.packs import PackError, coverage_table, load_pack, load_packs
from trichome.knowledge.retrieval import KnowledgeBase


def test_every_shipped_pack_is_valid_and_every_fact_has_a_source_url() -> None:
    packs = load_packs()
    facts = [fact for pack in packs for fact in pack.facts]
    assert facts
    for fact in facts:
        assert fact.sources, fact.id
        assert all(source.url.startswith(("https://", "http://")) for source in fact.sources)
        assert all(source.section for source in fact.sources), fact.id
        if fact.value is not None:
            assert fact.unit, fact.id


def test_every_agent_has_a_pack_and_every_pack_names_real_agents() -> None:
    packs = load_packs()
    served = {agent for pack in packs for agent in pack.agents}
    assert set(AGENTS) <= served
    assert served <= set(AGENTS)


def _write(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(body, encoding="utf-8")
    return path


VALID = """
[pack]
id = "{name}"
agents = ["compliance"]
title = "Test pack"

[[facts]]
id = "{fact}"
topic = "labelling"
jurisdiction = "MI"
title = "Michigan: a rule"
text = "A rule in our words."
value = 10
unit = "mg"
[[facts.sources]]
title = "A regulation"
url = "https://example.gov/rule"
section = "R 1"
"""


def test_a_fact_without_a_source_is_refused(tmp_path: Path) -> None:
    body = VALID.format(name="p", fact="f").split("[[facts.sources]]")[0]
    with pytest.raises(PackError, match="at least one source"):
        load_pack(_write(tmp_path, "p", body))


def test_a_value_without_a_unit_is_refused(tmp_path: Path) -> None:
    body = VALID.format(name="p", fact="f").replace('unit = "mg"\n', "")
    with pytest.raises(PackError, match="needs its 'unit'"):
        load_pack(_write(tmp_path, "p", body))


def test_a_source_must_be_a_web_address(tmp_path: Path) -> None:
    body = VALID.format(name="p", fact="f").replace("https://example.gov/rule", "see the code")
    with pytest.raises(PackError, match="not an http"):
        load_pack(_write(tmp_path, "p", body))


def test_fact_ids_are_unique_across_packs(tmp_path: Path) -> None:
    _write(tmp_path, "one", VALID.format(name="one", fact="same-fact"))
    _write(tmp_path, "two", VALID.format(name="two", fact="same-fact"))
    with pytest.raises(PackError, match="same-fact"):
        load_packs(tmp_path)


def test_a_valid_pack_loads_with_its_numbers(tmp_path: Path) -> None:
    pack = load_pack(_write(tmp_path, "p", VALID.format(name="p", fact="f")))
    (fact,) = pack.facts
    assert (fact.value, fact.unit, fact.jurisdiction_name) == (10.0, "mg", "Michigan")


def test_a_new_states_pack_gets_its_own_row_in_the_coverage_table(tmp_path: Path) -> None:
    _write(tmp_path, "compliance-mi", VALID.format(name="compliance-mi", fact="mi-label"))
    vermont = VALID.format(name="compliance-vt", fact="vt-label").replace('"MI"', '"VT"')
    _write(tmp_path, "compliance-vt", vermont.replace("Michigan", "Vermont"))
    header, _, *rows = coverage_table(load_packs(tmp_path)).splitlines()
    assert header == "| jurisdiction | labelling |"
    assert rows == ["| MI | 1 |", "| VT | 1 |"]


def _pack_with(tmp_path: Path, fact_fields: str, source_fields: str = "") -> Path:
    path = tmp_path / "compliance-zz.toml"
    path.write_text(
        '[pack]\nid = "compliance-zz"\nagents = ["compliance"]\ntitle = "t"\n\n'
        '[[facts]]\nid = "zz-old"\ntopic = "possession-limits"\ntitle = "t"\ntext = "x"\n'
        f"{fact_fields}\n"
        '[[facts.sources]]\ntitle = "s"\nurl = "https://example.gov/rule"\nsection = "1"\n'
        f"{source_fields}\n",
        encoding="utf-8",
    )
    return path


def test_a_fact_carries_its_own_review_date_status_and_source_kinds(tmp_path: Path) -> None:
    pack = load_pack(
        _pack_with(tmp_path, 'reviewed = "2026-11-26"\nprogram = "adult-use"', 'kind = "primary"')
    )
    (fact,) = pack.facts
    assert (fact.reviewed, fact.status, fact.program) == (
        date(2026, 11, 26),
        "current",
        "adult-use",
    )
    assert fact.sources[0].kind == "primary"


@pytest.mark.parametrize(
    ("fact_fields", "source_fields", "message"),
    [
        ('status = "repealed"', "", "status 'repealed' is not one of"),
        ('status = "superseded"', "", "names what supersedes it"),
        ('superseded_by = "zz-new"', "", "names what supersedes it"),
        ('program = "recreational"', "", "program 'recreational' is not one of"),
        ("", 'kind = "blog"', "source kind 'blog' is not one of"),
    ],
)
def test_bad_review_metadata_is_refused_with_the_reason(
    tmp_path: Path, fact_fields: str, source_fields: str, message: str
) -> None:
    with pytest.raises(PackError, match=message):
        load_pack(_pack_with(tmp_path, fact_fields, source_fields))


def test_a_superseded_fact_is_kept_for_history_but_never_retrieved(tmp_path: Path) -> None:
    path = _pack_with(tmp_path, 'status = "superseded"\nsuperseded_by = "zz-new"')
    path.write_text(
        path.read_text(encoding="utf-8")
        + '\n[[facts]]\nid = "zz-new"\ntopic = "possession-limits"\ntitle = "t"\n'
        'text = "adults may possess two ounces"\n'
        '[[facts.sources]]\ntitle = "s"\nurl = "https://example.gov/new"\nsection = "2"\n',
        encoding="utf-8",
    )
    [pack] = load_packs(tmp_path)
    index = KnowledgeBase([pack]).index_for(frozenset({pack.id}))
    assert [p.fact.id for p in index.search("possess ounces t x", limit=5)] == ["zz-new"]


def test_no_two_live_facts_give_one_quantity_different_values() -> None:
    values: dict[tuple[str, str, str], dict[float, str]] = {}
    for pack in load_packs():
        for fact in pack.facts:
            if fact.value is None or fact.jurisdiction is None or fact.status == "superseded":
                continue
            key = (fact.jurisdiction, fact.topic, (fact.unit or "").lower())
            values.setdefault(key, {})[fact.value] = fact.id
    conflicts = {key: ids for key, ids in values.items() if len(ids) > 1}
    assert conflicts == {}


def test_every_rule_of_a_jurisdiction_stands_on_a_primary_source() -> None:
    # A compliance fact stating a jurisdiction's rule needs the statute, regulation or
    # regulator's page itself; news, law firms and vendors may stand beside it, never alone.
    unsupported = [
        fact.id
        for pack in load_packs()
        for fact in pack.facts
        if fact.jurisdiction is not None
        and "compliance" in pack.agents
        and not any(source.kind == "primary" for source in fact.sources)
    ]
    assert unsupported == []


def test_every_source_in_every_pack_says_what_kind_it_is() -> None:
    # Marketing, formulation, operations and general knowledge too: a source without a
    # kind has not been audited, so no reader can tell a regulation from a vendor's blog.
    unaudited = [
        f"{pack.id}:{fact.id}"
        for pack in load_packs()
        for fact in pack.facts
        if any(source.kind is None for source in fact.sources)
    ]
    assert unaudited == []


def test_a_fact_resting_only_on_secondary_sources_says_so_in_its_text() -> None:
    # Where no statute, regulator's page, standard or peer-reviewed paper could be found,
    # the answer quoting the fact must not pass trade know-how off as an established rule.
    unmarked = [
        fact.id
        for pack in load_packs()
        for fact in pack.facts
        if all(source.kind == "secondary" for source in fact.sources)
        and "secondary only" not in fact.text.lower()
    ]
    assert unmarked == []


def test_federal_rules_a_business_must_follow_are_read_by_compliance_and_the_main_agent() -> None:
    # Cash reporting and SAR questions reach either agent; a federal rule only one of them
    # can read leaves the other refusing a question the packs answer.
    kb = KnowledgeBase(load_packs())
    for agent in ("compliance", "main_agent"):
        index = kb.index_for(kb.pack_ids_for([agent]))
        found = index.search("cash over $10,000 reported on form 8300", jurisdictions=("US",))
        assert found and found[0].fact.id == "us-form-8300-cash-over-10000", agent
