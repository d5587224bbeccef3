"""Compliance skills as tools: what needs attention, audit readiness, FIFO, checks, expiry,
purchase limits, FEFO, sales reported late, credential expiry, count reconciliation.

Each module holds one skill's tool and the shape of its answer (its MCP outputSchema);
`common` holds the limits and shapes several share. The skills themselves are in
`trichome.metrc.skills`.
"""

# Importing a module registers its tools: this order is their order in tools/list.
# isort: off
from trichome.metrc.tools.compliance.attention import needs_attention
from trichome.metrc.tools.compliance.audit import audit_ready
from trichome.metrc.tools.compliance.first_in_first_out import fifo
from trichome.metrc.tools.compliance.checks import compliance_check
from trichome.metrc.tools.compliance.expiry import expiration_tracker
from trichome.metrc.tools.compliance.purchases import purchase_limit_check
from trichome.metrc.tools.compliance.expiry_first import fefo
from trichome.metrc.tools.compliance.late_sales import late_sales
from trichome.metrc.tools.compliance.credentials import credential_expiry
from trichome.metrc.tools.compliance.reconciliation import count_reconciliation
# isort: on

__all__ = [
    "audit_ready",
    "compliance_check",
    "count_reconciliation",
    "credential_expiry",
    "expiration_tracker",
    "fefo",
    "fifo",
    "late_sales",
    "needs_attention",
    "purchase_limit_check",
]
