"""The numrules version, in a module of its own so that any part of the library may read it."""

__version__ = "0.1.0"
