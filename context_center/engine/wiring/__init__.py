"""How agents are wired to the store: their files, what they register of ours, doctor and connect."""
