"""The judge: an OpenAI-compatible chat endpoint the user may configure (``mcp judge set``). The
agents' search asks it which memories help with a request; the review asks it to confirm a pair it
is about to propose. Without one, everything is answered locally."""
