"""`python -m trichome.config`: print the README's configuration table."""

from trichome.config import settings_reference

print(settings_reference())
