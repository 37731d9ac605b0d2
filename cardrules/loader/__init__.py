"""Reading rule files: safe YAML, ``extends:`` and options, JSON Schema validation, and
the records a loaded variant is made of."""
