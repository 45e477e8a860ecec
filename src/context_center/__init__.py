"""Context Center: see and steer what coding agents are told and what they remember."""

__version__ = "0.1.0"
