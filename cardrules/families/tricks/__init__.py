"""The trick-taking family: lead cards, the others answer with as many, the best set takes."""
