"""Drop-in shims for code written against other evaluators.

Each module translates names and card encodings and calls the public pokereval API; none
holds evaluation logic of its own.  Import the one you need:

>>> from pokereval.compat import treys
>>> treys.Evaluator().evaluate([treys.Card.new("Ah"), treys.Card.new("Kh")],
...                            [treys.Card.new(c) for c in ("Qh", "Jh", "Th")])
1
"""
