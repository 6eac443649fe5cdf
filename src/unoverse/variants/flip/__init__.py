"""UNO Flip (RULES.md §8): 112 double-sided cards and a table that turns over."""
