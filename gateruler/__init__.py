"""gateruler: a simulator of the Gateruler solo mode against the invader dimension rifts."""

__version__ = "0.1.0"
