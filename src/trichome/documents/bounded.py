"""Extraction under a time and a memory bound. A hostile file (a PDF whose pages take
minutes, a spreadsheet declaring a billion empty cells, an archive that inflates to
gigabytes) must not stall a worker: each file's text is read in a child process forked from
a forkserver that has the parsers loaded, with its address space capped (`RLIMIT_AS`) and
killed when its time is up. Either bound refuses the file with a 400
`extraction_limit_exceeded`; nothing of it is stored."""

from __future__ import annotations

import multiprocessing
import resource
from dataclasses import dataclass
from multiprocessing.connection import Connection

from trichome.documents.errors import FileRejected
from trichome.documents.extract import extract_text
from trichome.documents.types import KINDS, FileKind

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(["trichome.documents.extract"])
_KIND_NAMED = {kind.name: kind for kind in KINDS}

Outcome = tuple[str, str] | tuple[str, int, str, str] | tuple[str]


@dataclass(frozen=True, slots=True)
class ExtractionLimits:
    """How long reading one file's text may take and how much memory its process may map."""

    seconds: float
    memory_bytes: int


def _extract_in_child(sender: Connection, content: bytes, kind_name: str, memory: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    outcome: Outcome
    try:
        outcome = ("text", extract_text(content, _KIND_NAMED[kind_name]))
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
        args=(sender, content, kind.name, limits.memory_bytes),
        daemon=True,
    )
    process.start()
    sender.close()
    try:
        if not receiver.poll(limits.seconds):
            raise _over(kind, f"took longer than {limits.seconds:g} s")
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
    raise _over(kind, f"needed more than {limits.memory_bytes // (1024 * 1024)} MB of memory")
