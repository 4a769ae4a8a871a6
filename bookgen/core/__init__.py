"""Engines shared by several puzzle types: difficulty levels, options, the pen, counting search."""
