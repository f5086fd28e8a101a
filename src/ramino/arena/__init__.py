"""The arena: bots against bots on duplicate deals, with honest statistics (issue 4)."""
