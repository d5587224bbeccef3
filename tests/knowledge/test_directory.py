import re
from pathlib import Path

import pytest

from trichome.knowledge.directory import (
    DIRECTORY_DIR,
    KNOWN_CODES,
    Directory,
    DirectoryError,
    load_directory,
    load_directory_from,
    load_jurisdiction,
)
from trichome.knowledge.jurisdictions import (
    CANADA,
    FEDERAL,
    PROVINCE_NAMES,
    STATE_NAMES,
    TERRITORY_NAMES,
)

README = DIRECTORY_DIR.parent / "README.md"

# The codes one research pass covered; the completeness check over every code is below.
US_FEDERAL_AND_AL_TO_MT = (
    "US", "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN",
    "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT",
)  # fmt: skip


def test_every_shipped_file_loads_with_a_primary_source_and_https_addresses() -> None:
    directory = load_directory()
    entries = directory.all()
    assert len(entries) == len(list(DIRECTORY_DIR.glob("*.toml")))
    for entry in entries:
        assert entry.code in KNOWN_CODES
        assert any(source.kind == "primary" for source in entry.sources), entry.code
        urls = [r.url for r in entry.regulators if r.url] + [s.url for s in entry.sources]
        assert all(url.startswith("https://") for url in urls), entry.code


def test_federal_and_the_states_alabama_to_montana_are_all_present() -> None:
    directory = load_directory()
    missing = [code for code in US_FEDERAL_AND_AL_TO_MT if directory.get(code) is None]
    assert missing == []
    assert set(US_FEDERAL_AND_AL_TO_MT) - {"US"} <= set(STATE_NAMES)


def _known_gaps() -> set[str]:
    """Codes the README admits are missing (territories and provinces only may be)."""
    line = next(
        line
        for line in README.read_text(encoding="utf-8").splitlines()
        if line.startswith("Missing directory entries")
    )
    listed = line.split(":", 1)[1]
    return set(re.findall(r"`((?:CA-)?[A-Z]{2})`", listed))


def test_every_jurisdiction_is_present_except_the_readmes_known_gaps() -> None:
    """All 50 states and DC, US federal and Canada always; territories and provinces unless the
    README lists them as missing (and then they must really be missing)."""
    directory = load_directory()
    gaps = _known_gaps()
    assert gaps <= set(TERRITORY_NAMES) | set(PROVINCE_NAMES), (
        "only territories/provinces may be gaps"
    )
    required = {*STATE_NAMES, FEDERAL, CANADA, *TERRITORY_NAMES, *PROVINCE_NAMES} - gaps
    assert len(STATE_NAMES) == 51
    missing = sorted(code for code in required if directory.get(code) is None)
    assert missing == []
    listed_anyway = sorted(code for code in gaps if directory.get(code) is not None)
    assert listed_anyway == [], "remove these from the README's known gaps"


def test_where_to_ask_names_a_regulator_without_a_confirmed_address_alone() -> None:
    directory = load_directory()
    guam = directory.get("GU")
    assert guam is not None and guam.regulators[0].url is None
    assert (
        directory.where_to_ask("GU", "adult-use") == "For Guam, ask: Guam Cannabis Control Board."
    )


def test_statuses_a_caller_relies_on() -> None:
    directory = load_directory()

    def status(code: str) -> tuple[str, str]:
        entry = directory.get(code)
        assert entry is not None
        return entry.adult_use, entry.medical

    assert status("DE") == ("sales", "program")
    assert status("MN") == ("sales", "program")
    assert status("KY") == ("none", "program")
    assert status("FL") == ("none", "program")
    assert status("GA") == ("none", "low-thc")
    assert status("ID") == ("none", "none")


def test_lookup_ignores_case_and_spacing_and_returns_none_for_absent_codes() -> None:
    directory = load_directory()
    florida = directory.get(" fl ")
    assert florida is not None and florida.name == "Florida"
    assert directory.get("ZZ") is None


def test_where_to_ask_names_the_regulator_and_its_address() -> None:
    directory = load_directory()
    sentence = directory.where_to_ask("MI")
    assert sentence == (
        "For Michigan, ask: Michigan Cannabis Regulatory Agency (https://www.michigan.gov/cra)."
    )


def test_where_to_ask_narrows_to_the_regulators_of_a_topic_and_falls_back_to_all() -> None:
    directory = load_directory()
    hemp = directory.where_to_ask("US", covers="hemp")
    assert "https://www.ams.usda.gov/rules-regulations/hemp" in hemp
    assert "dea.gov" not in hemp
    tax_in_florida = directory.where_to_ask("FL", covers="tax")
    assert tax_in_florida.startswith("For Florida, my directory names no tax regulator; ")
    assert "Office of Medical Marijuana Use" in tax_in_florida
    with pytest.raises(KeyError, match="ZZ"):
        directory.where_to_ask("ZZ")


VALID = """
[jurisdiction]
code = "{code}"
name = "Testland"
country = "US"
reviewed = "2026-11-26"
adult_use = "sales"
medical = "program"
summary = "A programme described in our words."
tracking = "Metrc"

[[regulators]]
name = "Testland Cannabis Board"
url = "https://cannabis.test.gov/"
covers = ["adult-use", "medical"]

[[sources]]
title = "Test Code § 1"
url = "https://law.test.gov/1"
section = "§ 1"
kind = "primary"
"""


def _write(folder: Path, code: str, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{code.lower()}.toml"
    path.write_text(body, encoding="utf-8")
    return path


def _load_bad(tmp_path: Path, body: str, code: str = "VT") -> None:
    load_directory_from(_write(tmp_path, code, body).parent)


def test_a_valid_file_loads(tmp_path: Path) -> None:
    entry = load_jurisdiction(_write(tmp_path, "VT", VALID.format(code="VT")))
    assert entry.code == "VT"
    assert entry.regulators[0].covers == ("adult-use", "medical")
    assert entry.regulators[0].url == "https://cannabis.test.gov/"
    assert entry.reviewed.isoformat() == "2026-11-26"


def test_a_regulator_may_omit_its_address(tmp_path: Path) -> None:
    body = VALID.format(code="VT").replace('url = "https://cannabis.test.gov/"\n', "", 1)
    entry = load_jurisdiction(_write(tmp_path, "VT", body))
    assert entry.regulators[0].url is None
    assert Directory([entry]).where_to_ask("VT") == "For Testland, ask: Testland Cannabis Board."


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ('tracking = "Metrc"', 'tracking = "Metrc"\nwebsite = "x"'),
            r"vt\.toml \[jurisdiction\]: unknown key\(s\) 'website'",
        ),
        (('summary = "A programme described in our words."\n', ""), r"vt\.toml: missing 'summary'"),
        (
            ('adult_use = "sales"', 'adult_use = "yes"'),
            r"vt\.toml: 'adult_use' is 'yes'; expected one of sales, legal, none",
        ),
        (('medical = "program"', 'medical = "cbd"'), r"vt\.toml: 'medical' is 'cbd'"),
        (
            ('covers = ["adult-use", "medical"]', 'covers = ["banking"]'),
            r"vt\.toml regulator 1: covers 'banking'",
        ),
        (('kind = "primary"', 'kind = "blog"'), r"vt\.toml source 1: 'kind' is 'blog'"),
        (
            ('kind = "primary"', 'kind = "secondary"'),
            r"vt\.toml: needs at least one source of kind 'primary'",
        ),
        (
            ('url = "https://cannabis.test.gov/"', 'url = "http://cannabis.test.gov/"'),
            r"vt\.toml regulator 1: url 'http://cannabis.test.gov/' must be an https:// address",
        ),
        (
            ('url = "https://law.test.gov/1"', 'url = "law.test.gov/1"'),
            r"vt\.toml source 1: url .* must be an https:// address",
        ),
        (
            ('reviewed = "2026-11-26"', 'reviewed = "last week"'),
            r"vt\.toml: 'reviewed' must be an ISO date",
        ),
        (('country = "US"', 'country = "CA"'), r"vt\.toml: VT belongs to country 'US'"),
        (('code = "VT"', 'code = "XX"'), r"vt\.toml: unknown jurisdiction code 'XX'"),
        (
            ('kind = "primary"', 'kind = "primary"\n\n[extra]\nx = 1'),
            r"vt\.toml: unknown key\(s\) 'extra'",
        ),
    ],
)
def test_a_broken_file_is_refused_with_its_name_and_the_field(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    old, new = change
    body = VALID.format(code="VT")
    assert old in body
    with pytest.raises(DirectoryError, match=message):
        _load_bad(tmp_path, body.replace(old, new, 1))


def test_a_code_that_does_not_match_the_file_name_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DirectoryError, match=r"vt\.toml: code 'NH' needs the file name nh\.toml"):
        _load_bad(tmp_path, VALID.format(code="NH"), code="VT")


def test_a_file_without_regulators_or_sources_is_refused(tmp_path: Path) -> None:
    body = VALID.format(code="VT")
    without_sources = body.split("[[sources]]")[0]
    with pytest.raises(DirectoryError, match=r"vt\.toml: needs at least one \[\[sources\]\] entry"):
        _load_bad(tmp_path, without_sources)
    without_regulators = (
        body.split("[[regulators]]")[0] + "[[sources]]" + body.split("[[sources]]")[1]
    )
    with pytest.raises(DirectoryError, match=r"needs at least one \[\[regulators\]\] entry"):
        _load_bad(tmp_path, without_regulators)


def test_a_file_that_is_not_toml_is_refused_with_its_name(tmp_path: Path) -> None:
    with pytest.raises(DirectoryError, match=r"^vt\.toml: "):
        _load_bad(tmp_path, "[jurisdiction\ncode = ")


def test_the_same_code_in_two_folders_is_refused(tmp_path: Path) -> None:
    first = _write(tmp_path / "h3", "VT", VALID.format(code="VT")).parent
    second = _write(tmp_path / "h4", "VT", VALID.format(code="VT")).parent
    with pytest.raises(DirectoryError, match="'VT' is listed twice"):
        load_directory_from(first, second)


def test_a_directory_built_from_entries_lists_them_sorted(tmp_path: Path) -> None:
    vermont = load_jurisdiction(_write(tmp_path, "VT", VALID.format(code="VT")))
    hampshire = load_jurisdiction(_write(tmp_path, "NH", VALID.format(code="NH")))
    directory = Directory([vermont, hampshire])
    assert [entry.code for entry in directory.all()] == ["NH", "VT"]
