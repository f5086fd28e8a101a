"""The arena: bots against bots on duplicate deals, with honest statistics."""
