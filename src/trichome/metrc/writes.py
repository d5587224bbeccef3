"""Write bodies split into Metrc's chunks of at most 10 objects, and their answers merged."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NotRequired, TypedDict

MAX_OBJECTS_PER_WRITE = 10  # Metrc answers 413 above this


class WriteResult(TypedDict):
    """The merged answer of a write: Ids in the order of the objects sent, and any warnings."""

    Ids: list[Any]
    Warnings: list[Any] | None
    # Answers of chunks that were neither empty nor {"Ids", "Warnings"}, kept as they came.
    Responses: NotRequired[list[Any]]


def chunks(objects: Sequence[Any], size: int = MAX_OBJECTS_PER_WRITE) -> list[Sequence[Any]]:
    """The objects in consecutive chunks of at most `size` (one empty chunk for no objects)."""
    if size < 1:
        raise ValueError("The chunk size must be at least 1.")
    if not objects:
        return [objects]
    return [objects[i : i + size] for i in range(0, len(objects), size)]


def merge_write_results(answers: Iterable[Any]) -> WriteResult:
    """One result from the chunks' answers: Ids concatenated in order, warnings gathered."""
    ids: list[Any] = []
    warnings: list[Any] = []
    others: list[Any] = []
    for answer in answers:
        if answer is None:
            continue
        if isinstance(answer, Mapping) and ("Ids" in answer or "Warnings" in answer):
            ids.extend(answer.get("Ids") or [])
            found = answer.get("Warnings")
            if isinstance(found, list):
                warnings.extend(found)
            elif found not in (None, "", {}):
                warnings.append(found)
        else:
            others.append(answer)
    result = WriteResult(Ids=ids, Warnings=warnings or None)
    if others:
        result["Responses"] = others
    return result


def chunk_note(index: int, count: int, size: int, total: int) -> str:
    """Tells which part of a chunked write failed and what was already saved."""
    first, last = index * size + 1, min((index + 1) * size, total)
    saved = (
        f"objects 1-{first - 1} were already saved by earlier parts" if index else "none was saved"
    )
    unsent = count - index - 1
    rest = f"; the {unsent} later part(s) were not sent" if unsent else ""
    return (
        f"The {total} objects were sent in {count} parts of at most {size}; part {index + 1} "
        f"(objects {first}-{last}) failed, {saved}{rest}. Row numbers count from the start "
        "of the whole list."
    )
