"""The Retail ID tools on Metrc's documented request bodies (the fixture server refuses any
other body, writes.py; the fixtures in fixtures/documented/extras name the bruno files of
github.com/thunkier/ThunkMetrc they follow): associations as a list of `{PackageLabel,
QrUrls}`, generation and the two label lists as one object, and a merge as one source into one
target per call, the target first."""

from __future__ import annotations

import pytest
from starlette.responses import JSONResponse, Response

from tests.metrc.documented.conftest import FIXTURES, STORE, Run, answer, fixture, load_fixtures
from tests.metrc.documented.writes import load_writes, sent
from tests.metrc.fake_metrc import Call, FakeMetrc
from trichome.metrc.errors import MetrcError
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.packages import retail_id

pytestmark = pytest.mark.anyio
JAR, TIN, BAG = "1A4060300003B01000000311", "1A4060300003B01000000312", "1A4060300003B01000000313"


async def test_qr_codes_are_associated_as_a_list_of_packages(
    run: Run, documented: FakeMetrc
) -> None:
    urls = ["https://id.example.test/7QK2M9X4PLR8A", "https://id.example.test/7QK2M9X4PLR8B"]
    done = await run(retail_id.associate_retail_ids, license_number=STORE, label=JAR, qr_urls=urls)

    assert sent(documented) == [
        ("POST", "/retailid/v2/associate", [{"PackageLabel": JAR, "QrUrls": urls}])
    ]
    assert done["ids"] == [88311]


async def test_generating_codes_sends_one_object_and_reports_the_codes(
    run: Run, documented: FakeMetrc
) -> None:
    done = await run(retail_id.generate_retail_ids, license_number=STORE, label=JAR, quantity=2)

    assert sent(documented) == [
        ("POST", "/retailid/v2/generate", {"PackageLabel": JAR, "Quantity": 2})
    ]
    issued = fixture("extras/retailid_generate")["requests"][0]["response"]
    assert issued["IssuanceId"] in done["message"]
    assert all(code in done["message"] for code in issued["Manifest"]["Qrs"])


async def test_package_details_are_asked_for_with_camel_case_labels(
    run: Run, documented: FakeMetrc
) -> None:
    found = await run(
        retail_id.get_retail_id_packages_info, license_number=STORE, labels=[JAR, BAG]
    )

    assert sent(documented) == [
        ("POST", "/retailid/v2/packages/info", {"packageLabels": [JAR, BAG]})
    ]
    jar, bag = found["items"]
    assert (jar["label"], jar["qr_count"], jar["issuances"], jar["has_qrs"]) == (JAR, 2, 1, True)
    assert (bag["label"], bag["issuance_id"], bag["issuances"], bag["has_qrs"]) == (
        BAG, None, 0, False,
    )  # fmt: skip


async def test_each_source_is_merged_into_the_target_on_its_own(
    run: Run, documented: FakeMetrc
) -> None:
    done = await run(
        retail_id.merge_retail_id_packages, license_number=STORE, target=JAR, sources=[TIN, BAG]
    )

    assert sent(documented) == [
        ("POST", "/retailid/v2/merge", {"packageLabels": [JAR, TIN]}),
        ("POST", "/retailid/v2/merge", {"packageLabels": [JAR, BAG]}),
    ]
    assert done["message"] == f"Merged 2 package(s) into {JAR}."


async def test_a_merge_refused_part_way_says_what_was_already_merged(
    run: Run, documented: FakeMetrc
) -> None:
    answers, writes = load_fixtures(), load_writes(FIXTURES)

    def refuse_the_bag(call: Call) -> Response:
        if call.body == {"packageLabels": [JAR, BAG]}:
            return JSONResponse([{"row": 0, "message": "The packages' items differ."}], 400)
        return answer(answers, call, writes)

    documented.script = refuse_the_bag
    with pytest.raises(MetrcError) as refused:
        await run(
            retail_id.merge_retail_id_packages, license_number=STORE, target=JAR,
            sources=[TIN, BAG],
        )  # fmt: skip
    assert "items differ" in str(refused.value)
    assert f"Already merged into {JAR}: {TIN}." in str(refused.value)

    documented.calls.clear()
    with pytest.raises(ToolProblem, match="into itself"):
        await run(
            retail_id.merge_retail_id_packages, license_number=STORE, target=JAR,
            sources=[TIN, JAR],
        )  # fmt: skip
    assert documented.calls == []
