"""The Overview tab: the store and its wiring at a glance, each part a link to the tab that acts on it."""
