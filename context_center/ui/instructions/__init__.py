"""The Instructions tab: the resolved chain of standing instructions, and what each agent receives."""
