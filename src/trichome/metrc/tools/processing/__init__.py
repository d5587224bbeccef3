"""Processing-job tools: the jobs that turn packages into new products (extraction,
infusion), their types, and the writes that run them.

- `lookup`: finding a licence's jobs by name or Id and showing a job the way every tool does
- `shapes`: the shapes of the results
- `read`: the active and finished lists, one job, the job types and their categories
- `write`: starting, adjusting, packaging, finishing, reopening and archiving jobs, and
  creating and archiving job types
- `job_types`: changing a job type
"""

from trichome.metrc.tools.processing.lookup import find_job, trim_job

# Importing a module registers its tools: this order is their order in tools/list.
# isort: off
from trichome.metrc.tools.processing.read import (
    get_processing_job,
    list_active_processing_jobs,
    list_inactive_processing_jobs,
    list_processing_job_categories,
    list_processing_job_types,
)
from trichome.metrc.tools.processing.write import (
    JobPackage,
    adjust_processing_job,
    archive_processing_job,
    archive_processing_job_type,
    create_processing_job_packages,
    create_processing_job_type,
    finish_processing_job,
    start_processing_job,
    unfinish_processing_job,
)
from trichome.metrc.tools.processing.job_types import update_processing_job_type
# isort: on

__all__ = [
    "JobPackage",
    "adjust_processing_job",
    "archive_processing_job",
    "archive_processing_job_type",
    "create_processing_job_packages",
    "create_processing_job_type",
    "find_job",
    "finish_processing_job",
    "get_processing_job",
    "list_active_processing_jobs",
    "list_inactive_processing_jobs",
    "list_processing_job_categories",
    "list_processing_job_types",
    "start_processing_job",
    "trim_job",
    "unfinish_processing_job",
    "update_processing_job_type",
]
