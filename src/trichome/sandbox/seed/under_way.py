"""What is filed or under way as the year ends, written after the year has run so that nothing
else in it moves:

- the lab attaches its certificate of analysis to each result of its last day of testing
  (LabTests UpdateLabTestDocument, one file per result, as the API's write stores it:
  `labtests.certificate`), so the tested package's licence can read it by the result's
  `LabTestResultDocumentFileId` (GetLabTestDocumentById); earlier results carry none;
- the manufacturer starts a gummy infusion on the year's last afternoon from its newest live
  resin that passed testing (ProcessingJob StartProcessingJob: the job is active, its draw
  taken out of the package), to finish after the year (none of its packs made yet).

Both pick their records by date and label, so no random draw is spent.
"""

from __future__ import annotations

from datetime import date

from trichome.sandbox import labtests, processing
from trichome.sandbox.facilities import LAB, MANUFACTURER
from trichome.sandbox.pdf import text_pdf
from trichome.sandbox.reference import PROCESSING_JOB_TYPES
from trichome.sandbox.seed.manufacturer import draw
from trichome.sandbox.seed.year import PASSED, Year
from trichome.sandbox.store import Record

INFUSED_SHARE = 0.12  # of the live resin drawn, as the year's gummy runs (manufacturer.py)


def record(year: Year) -> None:
    """The lab's certificates, then the manufacturer's running job."""
    _certificates(year)
    _infusion(year)


def _certificates(year: Year) -> None:
    results = [r for r in year.records if r.kind == "labresult" and r.license == LAB.license_number]
    if not results:
        return
    last = max(r.data["TestPerformedDate"][:10] for r in results)
    packages = {r.id: r for r in year.records if r.kind == "package"}
    for result in [r for r in results if r.data["TestPerformedDate"][:10] == last]:
        tested = date.fromisoformat(last)
        package = packages[result.data["PackageId"]]
        lines = [
            f"Certificate of analysis - {LAB.name} ({LAB.license_number})",
            f"Package {package.label}: {result.data['ProductName']}",
            f"Tested {tested.isoformat()}",
            f"{result.data['TestTypeName']}: {result.data['TestResultLevel']} "
            f"({'pass' if result.data['TestPassed'] else 'fail'})",
        ]
        name = f"COA {package.label} {tested.isoformat()}.pdf"
        stored = year.add(
            labtests.certificate(LAB, result, name, text_pdf(lines)), year.at(tested, 17)
        )
        labtests.attach(result, stored)


def _infusion(year: Year) -> None:
    resin = [
        package
        for package in year.sellable(MANUFACTURER, "Concentrate")
        if package.data["LabTestingState"] in PASSED
    ]
    if not resin:
        return
    source = resin[-1]
    grams = round(source.data["Quantity"] * INFUSED_SHARE, 1)
    day = year.last_day
    when = year.at(day, 14)
    job_type = PROCESSING_JOB_TYPES[0]
    name = f"INF-{day:%Y%m%d}"
    if any(r.kind == "processingjob" and r.name == name for r in year.records):
        name += "-2"  # a Monday's gummy run already has the day's name
    data = processing.job(
        name, job_type["Id"], job_type["Name"], day, {"Count": "Each", "Weight": "Grams"}
    )
    draw(data, source.label or "", grams, "Grams")
    job = year.add(
        Record(MANUFACTURER.license_number, "processingjob", "active", data, name=name), when
    )
    job.data["Number"] = f"PJ{job.id:06d}"
    source.data["Quantity"] = round(source.data["Quantity"] - grams, 4)
    year.touch(source, when)
