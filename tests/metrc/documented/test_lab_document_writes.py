"""Attaching a certificate of analysis on Metrc's documented request body (the fixture server
refuses any other body, writes.py): UpdateLabTestDocument takes `[{LabTestResultId,
DocumentFileName, DocumentFileBase64}]` and answers no body (bruno LabTests/
UpdateLabTestDocument)."""

from __future__ import annotations

import base64

import pytest

from tests.metrc.documented.conftest import Run, fixture
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools import lab_results
from trichome.metrc.tools.registry import ToolProblem

pytestmark = pytest.mark.anyio
LAB = "405R-00401"
(DOCUMENT,) = fixture("tool_writes/lab_tests/labtests_document_update")["requests"][0]["body"]


async def test_a_pdf_is_attached_to_the_result_by_its_id(run: Run, documented: FakeMetrc) -> None:
    encoded = DOCUMENT["DocumentFileBase64"]
    result = await run(
        lab_results.attach_lab_test_document, license_number=LAB, lab_test_result_id=6101,
        file_name=" COA 2026-06-14.pdf", content_base64=f"{encoded[:12]}\n{encoded[12:]}",
    )  # fmt: skip

    assert sent(documented) == [("PUT", "/labtests/v2/labtestdocument", [DOCUMENT])]
    assert result["message"] == "Attached 'COA 2026-06-14.pdf' to lab test result 6101."


async def test_a_file_that_is_not_a_pdf_is_refused_before_sending(
    run: Run, documented: FakeMetrc
) -> None:
    with pytest.raises(ToolProblem, match="is not a PDF"):
        await run(
            lab_results.attach_lab_test_document, license_number=LAB, lab_test_result_id=6101,
            file_name="COA.pdf", content_base64=base64.b64encode(b"PK\x03\x04 a zip").decode(),
        )  # fmt: skip
    assert sent(documented) == []
