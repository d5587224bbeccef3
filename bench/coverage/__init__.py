"""Every jurisdiction asked about every compliance topic: answered from its own facts, or
refused with its regulator named."""
