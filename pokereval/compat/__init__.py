"""Drop-in faces of other poker libraries over pokereval: change one import, keep the program.

``pokereval.compat.treys``, ``.deuces``, ``.eval7``, ``.phevaluator`` and ``.pokerkit``
each give the names of the library they are called after, with that library's numbers,
strings and behaviour (docs/migrating.md lists the few deliberate differences), and
evaluate through pokereval's public API.  Import the one you need; none is imported with
``pokereval``, and only ``pokerkit`` needs its peer installed:

>>> from pokereval.compat import treys
>>> treys.Evaluator().evaluate([treys.Card.new("Ah"), treys.Card.new("Kh")],
...                            [treys.Card.new(c) for c in ("Qh", "Jh", "Th")])
1
"""
