"""What a tool that answers a file returns, and how a file given to a tool is checked.

A file tool (`@tool(..., attachment=True)`) returns a `ToolFile`: the file's name, media
type, size and a `metrc:` URI naming it, and its content in Base64. The MCP edge sends the
content as an embedded resource (`EmbeddedResource` holding `BlobResourceContents`: the URI,
`mimeType` and the Base64 `blob`), as the MCP specification's tools page describes, and
leaves `content_base64` null in the structured result, so the file crosses the wire once.
The tool server's `/api/chat` assistant reads only the file's description: a model cannot
read a PDF's bytes.
"""

from __future__ import annotations

import base64
import binascii
from pathlib import PurePosixPath
from typing import Annotated, Any
from urllib.parse import quote

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.files import MetrcFile
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.tools.results import shape

CONTENT = "content_base64"


@shape
class ToolFile(TypedDict):
    """A file read from Metrc."""

    license_number: str
    file_name: Annotated[str | None, Field(description="The file's name, when Metrc gives one.")]
    mime_type: Annotated[str, Field(description="The file's media type, e.g. application/pdf.")]
    size_bytes: Annotated[int, Field(ge=0, description="The file's size in bytes.")]
    uri: Annotated[
        str, Field(description="The file's URI, as the embedded resource carrying it names it.")
    ]
    content_base64: Annotated[
        str | None,
        Field(
            description="The file, Base64. Over MCP it comes as an embedded resource (the "
            "result's resource content with this URI) and this field is null."
        ),
    ]


def metrc_uri(path: str, license_number: str) -> str:
    """A `metrc:` URI for a file Metrc serves at `path` for a licence."""
    return f"metrc://{path}?licenseNumber={quote(license_number, safe='')}"


def file_result(license_number: str, file: MetrcFile, uri: str, **fields: Any) -> dict[str, Any]:
    """A `ToolFile` result (plus the tool's own fields) for a file read from Metrc."""
    return {
        "license_number": license_number,
        **fields,
        "file_name": file.file_name,
        "mime_type": file.content_type,
        "size_bytes": file.size,
        "uri": uri,
        CONTENT: base64.b64encode(file.content).decode("ascii"),
    }


def without_content(result: dict[str, Any]) -> dict[str, Any]:
    """The result with its file's content left out (what a model reads)."""
    return {**result, CONTENT: None} if result.get(CONTENT) is not None else result


def checked_upload(
    content_base64: str, file_name: str, *, kinds: frozenset[str], max_bytes: int
) -> tuple[str, str]:
    """A file given to a tool, as Metrc takes it: its name and its Base64 without blanks.

    Raises:
        ToolProblem: a name of another kind, content that is not Base64, empty or too large.
    """
    name = file_name.strip()
    if PurePosixPath(name).suffix.lower() not in kinds:
        raise ToolProblem(f"The file must be one of {', '.join(sorted(kinds))}; {name!r} is not.")
    encoded = "".join(content_base64.split())
    try:
        content = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise ToolProblem("content_base64 is not valid Base64.") from None
    if not content:
        raise ToolProblem("The file is empty.")
    if len(content) > max_bytes:
        raise ToolProblem(
            f"Metrc takes files of at most {max_bytes // (1024 * 1024)} MB; this one is "
            f"{len(content):,} bytes."
        )
    return name, encoded
