"""The lab's shared UI code, one module per concept; only pages and ``app.py`` import it (it imports Streamlit).

* :mod:`.session` — the router guard, the language (``T``; ``Text`` for a page's constants), settings, the chat model;
* :mod:`.widgets` — explained errors, inert text, tables, the lesson columns, real source;
* :mod:`.frame` — the stylesheet, presenter mode, steps kept in the link, previous / next;
* :mod:`.course` and :mod:`.exercise` — the learner, progress, and the one exercise renderer;
* :mod:`.classroom` — the class box, the teacher's position, the student's banner;
* :mod:`.model_box` — the sidebar's model box (the endpoint rule's choices);
* :mod:`.live_run`, :mod:`.timeline`, :mod:`.decision` — the live run, a run's timeline, "why this tool";
* ``chain_*``, ``tutor_lesson``, ``graph_*`` — what one course's pages share;
* ``exercises_*`` — the exercises' widgets and wording, by what they exercise.

The names most pages need come from here directly (``from pages._ui import T, lang, show_error``).
"""

from pages._ui.session import (
    ROUTER_MARK,
    T,
    chat_model,
    english,
    ensure_router,
    lang,
    model_label,
    note_drawn_language,
    page_fragment,
    resend_choice,
    settings,
)
from pages._ui.widgets import inert, inert_code, lesson_columns, loading, rows_table, show_error, source, text_table, tr
from toolcall_lab.i18n import Text, counted

__all__ = [
    "ROUTER_MARK",
    "T",
    "Text",
    "chat_model",
    "counted",
    "english",
    "ensure_router",
    "inert",
    "inert_code",
    "lang",
    "lesson_columns",
    "loading",
    "model_label",
    "note_drawn_language",
    "page_fragment",
    "resend_choice",
    "rows_table",
    "settings",
    "show_error",
    "source",
    "text_table",
    "tr",
]
