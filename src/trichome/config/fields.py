"""Every setting's name, type, default and meaning: the table the README's is generated from.

The fields are declared by group (`service_fields`, `account_fields`, `answer_fields`,
`drive_fields`) and put together here in the table's order. The checks across settings and
the addresses derived from them are on `Settings` (`trichome.config`), which adds them to
these fields.
"""

from __future__ import annotations

from trichome.config.account_fields import AccountFields, MailFields
from trichome.config.answer_fields import UpstreamFields, WebFields
from trichome.config.drive_fields import DriveFields
from trichome.config.service_fields import RequestFields, ServiceFields


# Pydantic lists inherited fields from the last base to the first (reversed MRO), so the
# groups are named here in the reverse of the README table's order: services first, mail
# and Google Drive last. tests/test_docs.py fails if the generated table changes.
class SettingFields(
    DriveFields,
    MailFields,
    WebFields,
    RequestFields,
    UpstreamFields,
    AccountFields,
    ServiceFields,
):
    """The fields of `Settings`, in the README table's order; not read from the environment
    on their own (the prefix and the rest of the configuration are `Settings`')."""
