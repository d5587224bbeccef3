"""Extraction under a time and a memory bound. A hostile file (a PDF whose pages take
minutes, a spreadsheet declaring a billion empty cells, an archive that inflates to
gigabytes, a scan whose OCR would take an hour) must not stall a worker: each file's text
is read in a child process forked from a forkserver that has the parsers loaded, with its
address space capped (`RLIMIT_AS`) and killed when its time is up. A PDF or an image may
need OCR, so it gets OCR's time and memory on top of the parsing ones (ONNX Runtime maps
about 1.6 GB for a page); OCR itself stops at its budget (`trichome.documents.ocr`). Any
bound refuses the file with a 400 `extraction_limit_exceeded`; nothing of it is stored."""

from __future__ import annotations

import multiprocessing
import resource
from dataclasses import dataclass
from multiprocessing.connection import Connection

from trichome.documents.errors import FileRejected
from trichome.documents.extract import extract_text
from trichome.documents.types import IMAGE_KINDS, KINDS, PDF, FileKind

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(["trichome.documents.extract"])
_KIND_NAMED = {kind.name: kind for kind in KINDS}

Outcome = tuple[str, str] | tuple[str, int, str, str] | tuple[str]


@dataclass(frozen=True, slots=True)
class ExtractionLimits:
    """How long reading one file's text may take and how much memory its process may map,
    and what OCR may add to each for a file that may need it."""

    seconds: float
    memory_bytes: int
    ocr_seconds: float = 120.0
    ocr_memory_bytes: int = 1536 * 1024 * 1024

    def seconds_for(self, kind: FileKind) -> float:
        """The time a file of this kind gets: parsing, and OCR when it may need it."""
        return self.seconds + (self.ocr_seconds if _may_need_ocr(kind) else 0)

    def memory_for(self, kind: FileKind) -> int:
        """The address space a file of this kind gets: parsing, and OCR when it may need it."""
        return self.memory_bytes + (self.ocr_memory_bytes if _may_need_ocr(kind) else 0)


def _may_need_ocr(kind: FileKind) -> bool:
    return kind is PDF or kind in IMAGE_KINDS


def _extract_in_child(
    sender: Connection, content: bytes, kind_name: str, memory: int, ocr_seconds: float
) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    outcome: Outcome
    try:
        outcome = ("text", extract_text(content, _KIND_NAMED[kind_name], ocr_seconds))
    except FileRejected as error:
        outcome = ("rejected", error.status, error.code, error.message)
    except MemoryError:
        outcome = ("memory",)
    try:
        sender.send(outcome)
    except MemoryError:
        sender.send(("memory",))
    sender.close()


def _over(kind: FileKind, what: str) -> FileRejected:
    return FileRejected(
        400,
        "extraction_limit_exceeded",
        f"Reading the text of this {kind.name.upper()} file {what}; it is refused. "
        "Split it into smaller files or save it in a simpler form.",
    )


def extract_bounded(content: bytes, kind: FileKind, limits: ExtractionLimits) -> str:
    """The text of a file, read in a child process within the limits (blocking: call it in
    a worker thread).

    Raises:
        FileRejected: 400 `extraction_limit_exceeded` past either limit, or the rejection
            extraction itself gives (a damaged or encrypted file).
    """
    receiver, sender = _CONTEXT.Pipe(duplex=False)
    process = _CONTEXT.Process(
        target=_extract_in_child,
        args=(sender, content, kind.name, limits.memory_for(kind), limits.ocr_seconds),
        daemon=True,
    )
    process.start()
    sender.close()
    seconds = limits.seconds_for(kind)
    try:
        if not receiver.poll(seconds):
            raise _over(kind, f"took longer than {seconds:g} s")
        outcome: Outcome = receiver.recv()
    except EOFError:
        # The child died without answering: the kernel ended it for its memory.
        outcome = ("memory",)
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()
    if outcome[0] == "text" and len(outcome) == 2:
        return outcome[1]
    if outcome[0] == "rejected" and len(outcome) == 4:
        raise FileRejected(outcome[1], outcome[2], outcome[3])
    megabytes = limits.memory_for(kind) // (1024 * 1024)
    raise _over(kind, f"needed more than {megabytes} MB of memory")
