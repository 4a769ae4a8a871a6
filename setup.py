"""The wheel's one build step beyond pyproject.toml: each catalog (locale/LANG.po) is compiled to
LANG.mo beside it in the build, so an installed bookgen reads compiled catalogs; a checkout reads
the .po files (bookgen.i18n.catalogs)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        source = Path(__file__).parent / "bookgen"
        for po in sorted(source.rglob("locale/*.po")):
            target = Path(self.build_lib) / "bookgen" / po.relative_to(source).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=po.stem)
            with target.open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithCatalogs})
