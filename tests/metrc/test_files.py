"""Reading files Metrc answers: which media types are files, the names Content-Disposition
gives, and Metrc's JSON envelope of a file (GetManifestPdf's documented form)."""

from __future__ import annotations

import base64

import pytest

from trichome.metrc import MetrcError, MetrcFile
from trichome.metrc.files import MAX_FILE_BYTES, as_file, file_name_of, is_file_type

PDF = b"%PDF-1.4\n%%EOF\n"


@pytest.mark.parametrize(
    ("header", "is_file"),
    [
        ("application/json; charset=utf-8", False),
        ("application/problem+json", False),
        ("application/vnd.api+json", False),
        ("text/html; charset=utf-8", False),
        ("text/plain", False),
        (None, False),  # no type: read as JSON, as before files were known
        ("application/pdf", True),
        ("Application/PDF", True),
        ("application/octet-stream", True),
        ("image/png", True),
    ],
)
def test_which_answers_are_files(header: str | None, is_file: bool) -> None:
    assert is_file_type(header) is is_file


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ('attachment; filename="COA 2026-11-21.pdf"', "COA 2026-11-21.pdf"),
        ("attachment; filename=manifest.pdf", "manifest.pdf"),
        ("attachment; filename=\"x.pdf\"; filename*=UTF-8''Caf%C3%A9%20COA.pdf", "Café COA.pdf"),
        ("inline", None),
        (None, None),
    ],
)
def test_the_name_a_disposition_gives(header: str | None, name: str | None) -> None:
    assert file_name_of(header) == name


def test_the_documented_envelope_is_read_as_the_file() -> None:
    envelope = {
        "FileContents": base64.b64encode(PDF).decode(),
        "ContentType": "application/octet-stream",
        "FileDownloadName": "TransferManifestReport-1.pdf",
        "HttpStatusCode": "OK",
    }
    image = {**envelope, "FileContents": base64.b64encode(b"\x89PNG").decode()}
    raw = MetrcFile(PDF, "application/pdf", None)

    assert as_file(envelope, "GET x") == MetrcFile(
        PDF, "application/pdf", "TransferManifestReport-1.pdf"
    )
    assert as_file(image, "GET x").content_type == "application/octet-stream"  # not sniffed
    assert as_file(raw, "GET x") is raw
    assert raw.size == len(PDF)


@pytest.mark.parametrize(
    ("found", "problem"),
    [
        (None, "with no file"),
        ([{"Id": 1}], "list data, not a file"),
        ({"FileContents": "not base64!"}, "not Base64"),
        (
            {"FileContents": base64.b64encode(b"0" * (MAX_FILE_BYTES + 1)).decode()},
            "over the 20 MB",
        ),
    ],
)
def test_answers_without_a_readable_file_are_errors(found: object, problem: str) -> None:
    with pytest.raises(MetrcError, match=problem):
        as_file(found, "GET /transfers/v2/manifest/1/pdf")
