"""The context-eng tool contract's definitions, data and rules only: its tools' schemas, its
categories and their normalisation, its refusal codes. The agents' room serves the contract over
MCP; ``memory cost`` counts its listing; the importers read context-eng's own stores by it."""
