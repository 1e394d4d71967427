"""gettext keeps each language's answers on its translation object (avalon_site.
translations, installed at start by games.apps; issue 14): the kept answer is the one
Django's own lookup gives, in every language, and a language's answers never cross to
another's."""

from __future__ import annotations

import gettext as gettext_module

from django.utils import translation
from django.utils.translation import trans_real

# Messages of the templates and presenters, one that no catalog holds, one with a context.
MESSAGES = ["Leader:", "Vote history", "Clock", "not a message of this site 7f3c", "online"]


def test_the_kept_answer_is_djangos_own_in_every_language() -> None:
    assert getattr(trans_real.DjangoTranslation.gettext, "kept", False)
    for _ in range(2):  # asked, then kept
        for language in ("en", "fr"):
            with translation.override(language):
                own = trans_real.translation(language)
                for message in MESSAGES:
                    lookup = gettext_module.GNUTranslations.gettext(own, message)
                    assert translation.gettext(message) == lookup
    with translation.override("fr"):
        assert translation.gettext("Vote history") != "Vote history"  # the catalog is read
        french = translation.gettext("Leader:")
        assert translation.pgettext("log badge", "bot") != "log badge\x04bot"
    with translation.override("en"):
        assert translation.gettext("Leader:") == "Leader:" != french


def test_a_new_translation_object_keeps_nothing_of_the_last() -> None:
    """Django makes a language's object again when its settings or files change: its
    answers are looked up afresh."""
    made = trans_real.DjangoTranslation("fr")
    assert "_kept_gettext" not in vars(made)
    assert made.gettext("Vote history") == translation.trans_real.translation("fr").gettext(
        "Vote history"
    )
    assert vars(made)["_kept_gettext"] == {"Vote history": made.gettext("Vote history")}
