from pathlib import Path

import pytest

from trichome.agents.registry import AGENTS
from trichome.knowledge.packs import PackError, coverage_table, load_pack, load_packs


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


def test_a_new_states_pack_gets_its_own_column_in_the_coverage_table(tmp_path: Path) -> None:
    _write(tmp_path, "mi", VALID.format(name="mi", fact="mi-label"))
    vermont = VALID.format(name="vt", fact="vt-label").replace('"MI"', '"VT"')
    _write(tmp_path, "vt", vermont.replace("Michigan", "Vermont"))
    header, _, *rows = coverage_table(load_packs(tmp_path)).splitlines()
    assert header == "| topic | MI | VT |"
    assert "| labelling | 1 | 1 |" in rows and "| advertising | - | - |" in rows
