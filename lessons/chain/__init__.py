"""The chain's taught material: the examples the eight stage pages offer and their exercises.

The stage functions themselves (and the weather specimen they run on) are machinery of the ground
floor, :mod:`toolcall_lab.stages`; what is taught about them, and checked, lives here, like the
tutor's (:mod:`lessons.tutor`) and the search assistant's (:mod:`lessons.search_assistant`).
"""
