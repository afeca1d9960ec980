"""What drives Streamlit from outside a page: the launcher's steps, its warm-up, the load client's
protocol classes, and AppTest sessions through the real router (for tests and benchmarks).

Only ``scripts/serve.py``, ``benchmarks/`` and ``tests/`` import this package; no page does.
"""
