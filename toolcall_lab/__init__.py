"""Tool Call Lab machinery: everything the pages need, with no Streamlit import.

Sub-modules are imported lazily by their users; importing this package costs nothing.
"""
