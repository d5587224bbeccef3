"""Analysis skills as tools: inventory, transfers, a package's history, yields, sales, strains,
waste, flower vs trim and moisture loss, wholesale value per manifest.

Each module holds one skill's tool and the shape of its answer (its MCP outputSchema); the
skill itself is in `trichome.metrc.skills`.
"""

# Importing a module registers its tools: this order is their order in tools/list.
# isort: off
from trichome.metrc.tools.analysis.inventory import inventory_snapshot
from trichome.metrc.tools.analysis.transfers import transfer_summary
from trichome.metrc.tools.analysis.history import package_history
from trichome.metrc.tools.analysis.yields import yield_analysis
from trichome.metrc.tools.analysis.sales import sales_analysis
from trichome.metrc.tools.analysis.strains import strain_performance
from trichome.metrc.tools.analysis.waste import waste_report
from trichome.metrc.tools.analysis.harvest_split import flower_trim_yield
from trichome.metrc.tools.analysis.wholesale import wholesale_value
# isort: on

__all__ = [
    "flower_trim_yield",
    "inventory_snapshot",
    "package_history",
    "sales_analysis",
    "strain_performance",
    "transfer_summary",
    "waste_report",
    "wholesale_value",
    "yield_analysis",
]
