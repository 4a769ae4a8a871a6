"""The optional extras (preview, studio, cluster): how a refusal says to add one."""

from __future__ import annotations

from bookgen import DISTRIBUTION
from bookgen.i18n import N_, refusal


def install_hint(extra: str) -> str:
    """How to add an optional extra, named by this project's distribution: `bookgen[...]` on the
    package index is another project, which `pip install -U` would fetch. Said in the user's
    language: it is only ever part of a refusal."""
    return refusal(N_("pip install '{distribution}[{extra}]' (in a checkout: pip install -e "
                      "'.[{extra}]')"), distribution=DISTRIBUTION, extra=extra)
