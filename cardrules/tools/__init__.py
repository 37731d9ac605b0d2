"""What is built on the engine: the command line, the terminal table, bots and search,
simulation, studies, the conformance suite and the English rules."""
