"""scorekeeper: a scoring assistant for rummy games played with real cards."""

__version__ = "0.1.0"
